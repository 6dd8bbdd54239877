// Token key ids (token-keys.ts) and the phrase tries that step by them: a token list's ids name the keys of
// its texts; a trie compiled after the ids were taken still matches (the ids are taken again).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createDocument } from '../../create-document.js';
import { createPhraseTrie } from '../medication/phrase-trie.js';
import { compilePhraseTrie } from './phrase-trie.js';
import { lexiconKeyCount, lexiconKeyId, tokenKeyIds } from '../../text/token-keys.js';

describe('token key ids', () => {
  test('a token gets the id of its lower-case text, or -1 when no trie has that key', () => {
    const before = lexiconKeyCount();
    const id = lexiconKeyId('zzkeyalpha');
    assert.equal(lexiconKeyId('zzkeyalpha'), id, 'one id per key');
    assert.equal(lexiconKeyCount(), before + 1);
    const doc = createDocument('ZZKeyAlpha then zzkeyomega.');
    const ids = tokenKeyIds(doc.tokens);
    assert.equal(ids.length, doc.tokens.length);
    assert.equal(ids[0], id);
    assert.equal(ids[2], -1);
    assert.equal(tokenKeyIds(doc.tokens), ids, 'computed once per token list');
  });

  test('ids stay the same as the table grows; unknown texts of equal length and hash bucket find nothing', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `zzgrow${i.toString(36)}`);
    const ids = words.map((w) => lexiconKeyId(w));
    assert.equal(new Set(ids).size, words.length);
    assert.deepEqual(words.map((w) => lexiconKeyId(w)), ids);
    const doc = createDocument(`${words[0]} ${words[4999]} zzgrowzzz ${words[2500]!.toUpperCase()}`);
    assert.deepEqual([...tokenKeyIds(doc.tokens)], [ids[0], ids[4999], -1, ids[2500]]);
  });

  test('a trie compiled after a document was read still matches it', () => {
    const doc = createDocument('Started zzqwerty uiop yesterday.');
    const first = compilePhraseTrie([['started', 'start']]);
    assert.deepEqual(first.matchAt(doc.tokens, 0, doc.tokens.length)?.values, ['start']);
    const late = compilePhraseTrie([['zzqwerty uiop', 'late']]);
    const m = late.matchAt(doc.tokens, 1, doc.tokens.length);
    assert.deepEqual([m?.tokenStart, m?.tokenEnd, m?.values], [1, 3, ['late']]);
    assert.equal(late.matchAt(doc.tokens, 1, 2), undefined, 'never past `to`');
    assert.equal(late.canStart(tokenKeyIds(doc.tokens)[1]), true);
    assert.equal(late.canStart(tokenKeyIds(doc.tokens)[0]), false);
    const lateAlias = createPhraseTrie([{ term: 'zzqwerty uiop yesterday', value: 1 }]);
    assert.equal(lateAlias.startsAt(doc.tokens, 1), true);
    assert.equal(lateAlias.startsWithKey(tokenKeyIds(doc.tokens)[2]), false);
    assert.deepEqual(lateAlias.longest(doc.text, doc.tokens, 1, doc.tokens.length), { tokenEnd: 4, value: 1 });
  });

  test('phrases never continue across a line break', () => {
    const trie = compilePhraseTrie([['zzchest pain', 'cp'], ['zzchest', 'chest']]);
    const doc = createDocument('zzchest\npain');
    assert.deepEqual(trie.matchAt(doc.tokens, 0, doc.tokens.length)?.values, ['chest']);
  });
});
