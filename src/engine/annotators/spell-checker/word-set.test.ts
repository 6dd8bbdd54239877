// The flat word set (word-set.ts) answers exactly as a JS Set of the same words: members, near misses
// (one character changed, added or dropped), other lengths, non-ASCII text and the empty string.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildWordSet } from './word-set.js';

/** Deterministic pseudo-random words over a small alphabet (many shared prefixes and equal lengths). */
function words(count: number, seed: number): string[] {
  let x = seed;
  const next = (): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + (next() % 12);
    let w = '';
    for (let k = 0; k < length; k++) w += 'aeinorst'[next() % 8];
    out.push(w);
  }
  return out;
}

describe('word set', () => {
  test('members and near misses as a JS Set says', () => {
    const list = [...words(20_000, 7), 'pneumonia', 'café', 'naïve', 'hyperlipidemia', 'x'];
    const reference = new Set(list);
    const set = buildWordSet(list);
    assert.equal(set.size, reference.size);
    const queries = new Set<string>();
    for (const w of list.slice(0, 3000)) {
      queries.add(w);
      queries.add(`${w}s`);
      queries.add(w.slice(1));
      queries.add(`${w.slice(0, -1)}z`);
      queries.add(w.toUpperCase());
    }
    for (const q of [...queries, ...words(5000, 99), '', 'cafe', 'café', 'naive', 'pneumoniae']) {
      assert.equal(set.has(q), reference.has(q), JSON.stringify(q));
    }
  });

  test('hasEach answers as has, word by word, for a batch larger than its scratch', () => {
    const list = words(5000, 3);
    const set = buildWordSet(list);
    const queries = [...list.slice(0, 400), ...words(400, 11), '', 'café', ...list.slice(0, 400).map((w) => `${w}z`)];
    const out = new Uint8Array(queries.length).fill(7);
    set.hasEach(queries, out);
    assert.deepEqual([...out], queries.map((q) => (set.has(q) ? 1 : 0)));
    assert.ok(out.includes(1) && out.includes(0));
    const none = new Uint8Array(0);
    set.hasEach([], none);
    assert.equal(none.length, 0);
  });

  test('an empty list knows no word; the empty string is a word when listed', () => {
    assert.equal(buildWordSet([]).has(''), false);
    assert.equal(buildWordSet([]).has('a'), false);
    const withEmpty = buildWordSet(['', 'a']);
    assert.equal(withEmpty.has(''), true);
    assert.equal(withEmpty.has('a'), true);
    assert.equal(withEmpty.has('b'), false);
  });
});
