// The vocabulary trie search against the plain bounded distance (edit-distance.ts): same words, same
// distances, constraints respected.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { boundedDistance } from './edit-distance.js';
import { buildWordTrie, searchWordTrie, type TrieSearch } from './word-trie.js';

const WORDS = ['patient', 'patients', 'potent', 'pattern', 'ovariectomy', 'ovariectomies', 'martha', 'marsha', 'smartha', 'matha', 'mart', 'arthur', 'amoxicillin', 'hypertension', 'a', 'at', 'tap', 'apt'];
const trie = buildWordTrie(WORDS);

function search(s: TrieSearch): [string, number][] {
  const out: [string, number][] = [];
  searchWordTrie(trie, s, (index, distance, length) => {
    assert.equal(WORDS[index]!.length, length);
    out.push([WORDS[index]!, distance]);
  });
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

function brute(query: string, bound: number, accept: (w: string) => boolean = () => true): [string, number][] {
  return WORDS.filter(accept).map((w) => [w, boundedDistance(query, w, bound)] as [string, number]).filter(([, d]) => d <= bound).sort((a, b) => a[0].localeCompare(b[0]));
}

describe('word trie', () => {
  test('finds exactly the words within the bound, with their distances (transpositions count one)', () => {
    for (const query of ['pateint', 'martha', 'ovariactomy', 'amoxicilin', 'hypertenion', 'tpa', 'xyz', 'patient']) {
      for (const bound of [0, 1, 2]) {
        assert.deepEqual(search({ query, bound, required: [-1, -1, -1], minLength: 0, maxLength: 99 }), brute(query, bound), `${query} within ${bound}`);
      }
    }
    assert.deepEqual(search({ query: 'pateint', bound: 1, required: [-1, -1, -1], minLength: 0, maxLength: 99 }), [['patient', 1]]);
  });

  test('required leading characters and the length range narrow the words', () => {
    const query = 'martha';
    const got = search({ query, bound: 2, required: [-1, 0x61, 0x72], minLength: 6, maxLength: 6 });
    assert.deepEqual(got, brute(query, 2, (w) => w.length === 6 && w[1] === 'a' && w[2] === 'r'));
    assert.deepEqual(got.map(([w]) => w), ['marsha', 'martha']);
    assert.deepEqual(search({ query, bound: 2, required: [0x73, -1, -1], minLength: 0, maxLength: 99 }), [['smartha', 1]]);
    assert.deepEqual(search({ query, bound: 2, required: [-1, -1, -1], minLength: 7, maxLength: 7 }), [['smartha', 1]]);
  });
});
