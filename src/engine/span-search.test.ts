import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from './create-document.js';
import { firstEndingAfter, sentenceOfToken } from './span-search.js';

test('firstEndingAfter: the token holding an offset, the next one in a gap, length past the end', () => {
  const doc = createDocument('No fever.  Mild cough.');
  const words = doc.tokens.map((t) => doc.text.slice(t.begin, t.end));
  assert.equal(words[firstEndingAfter(doc.tokens, doc.text.indexOf('ever'))], 'fever');
  assert.equal(words[firstEndingAfter(doc.tokens, doc.text.indexOf('  ') + 1)], 'Mild');
  assert.equal(firstEndingAfter(doc.tokens, doc.text.length), doc.tokens.length);
  assert.equal(firstEndingAfter([], 3), 0);
});

test('sentenceOfToken: the sentence holding each token, -1 outside every sentence', () => {
  const doc = createDocument('No fever. Mild cough today.');
  const cough = doc.tokens.findIndex((t) => doc.text.slice(t.begin, t.end) === 'cough');
  const fever = doc.tokens.findIndex((t) => doc.text.slice(t.begin, t.end) === 'fever');
  assert.equal(sentenceOfToken(doc.sentences, fever), 0);
  assert.equal(sentenceOfToken(doc.sentences, cough), 1);
  assert.equal(sentenceOfToken(doc.sentences, doc.tokens.length), -1);
  assert.equal(sentenceOfToken([{ tokenStart: 2, tokenEnd: 4 }], 1), -1);
});
