// The delete index against the plain bounded distance (edit-distance.ts) and the trie search
// (word-trie.ts): same words, same distances, for real vocabulary words and random misspellings.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildDeleteIndex, searchDeleteIndex } from './delete-index.js';
import { boundedDistance } from './edit-distance.js';
import { defaultEnglishWords } from './spelling-rules.js';
import { buildWordTrie, searchWordTrie } from './word-trie.js';

const SMALL = ['patient', 'patients', 'potent', 'pattern', 'ovariectomy', 'ovariectomies', 'martha', 'marsha', 'smartha', 'matha', 'mart', 'arthur', 'amoxicillin', 'hypertension', 'a', 'at', 'tap', 'apt', 'committee', 'abab', 'baba'];

function viaIndex(index: ReturnType<typeof buildDeleteIndex>, query: string, bound: number, admit?: (w: number) => boolean): [string, number][] {
  const out: [string, number][] = [];
  searchDeleteIndex(index, { query, bound, ...(admit === undefined ? {} : { admit }) }, (w, d) => out.push([index.wordAt(w), d]));
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

function brute(words: readonly string[], query: string, bound: number): [string, number][] {
  return words.map((w) => [w, boundedDistance(query, w, bound)] as [string, number]).filter(([, d]) => d <= bound).sort((a, b) => a[0].localeCompare(b[0]));
}

/** Deterministic pseudo-random edits (substitution, insertion, deletion, transposition). */
function misspell(word: string, edits: number, next: () => number): string {
  let w = word;
  for (let e = 0; e < edits; e++) {
    const i = next() % (w.length + 1);
    const c = String.fromCharCode(97 + (next() % 26));
    const kind = next() % 4;
    if (kind === 0) w = w.slice(0, i) + c + w.slice(i + 1);
    else if (kind === 1) w = w.slice(0, i) + c + w.slice(i);
    else if (kind === 2 && w.length > 1) w = w.slice(0, i) + w.slice(i + 1);
    else if (i + 1 < w.length) w = w.slice(0, i) + w[i + 1]! + w[i]! + w.slice(i + 2);
  }
  return w;
}

describe('delete index', () => {
  test('finds exactly the words within the bound, with their distances, each once (transpositions and repeated letters included)', () => {
    const index = buildDeleteIndex(SMALL, 2);
    for (const query of ['pateint', 'martha', 'ovariactomy', 'amoxicilin', 'hypertenion', 'tpa', 'xyz', 'patient', 'comittee', 'bab', 'a', '']) {
      for (const bound of [0, 1, 2]) assert.deepEqual(viaIndex(index, query, bound), brute(SMALL, query, bound), `${query} within ${bound}`);
    }
    assert.deepEqual(viaIndex(index, 'pateint', 1), [['patient', 1]]);
  });

  test('admit restricts the words before their distance is computed; a bound beyond the indexed deletions is refused', () => {
    const index = buildDeleteIndex(SMALL, 1);
    assert.deepEqual(viaIndex(index, 'martha', 1, (w) => SMALL[w]!.startsWith('s')), [['smartha', 1]]);
    assert.throws(() => viaIndex(index, 'martha', 2), RangeError);
    assert.throws(() => buildDeleteIndex(SMALL, 3), RangeError);
  });

  test('over the English word list, agrees with the trie search on misspelled words', () => {
    const words = [...defaultEnglishWords().keys()];
    const index = buildDeleteIndex(words, 2);
    const trie = buildWordTrie(words);
    let seed = 7;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
    for (let k = 0; k < 300; k++) {
      const query = misspell(words[next() % words.length]!, 1 + (k % 2), next);
      for (const bound of [1, 2]) {
        const fromTrie: [string, number][] = [];
        searchWordTrie(trie, { query, bound, required: [-1, -1, -1], minLength: 0, maxLength: 999 }, (w, d) => fromTrie.push([words[w]!, d]));
        fromTrie.sort((a, b) => a[0].localeCompare(b[0]));
        assert.deepEqual(viaIndex(index, query, bound), fromTrie, `${query} within ${bound}`);
      }
    }
  });
});
