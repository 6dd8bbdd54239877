// One knowledge-base match per Document: the memo hands the same list to every caller, and the
// longest-span list derived from it equals the matcher's own longest-span output.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileKnowledge } from '../knowledge/compile.js';
import { createMatcher } from '../knowledge/matcher.js';
import { loadDefaultStopList } from '../knowledge/stoplist.js';
import { CLINICAL_TEST_RECORDS } from './annotators/spell-checker/clinical-test-kb.js';
import { createDocument } from './create-document.js';
import { documentMatches } from './document-matches.js';

// The fixture records plus two names nested in longer ones (`breath` in `shortness of breath`, `sclerosis`).
const kb = compileKnowledge([
  ...CLINICAL_TEST_RECORDS,
  { source: 'TEST', ids: ['TEST:1'], preferredName: 'breath', names: [], semanticTypes: ['bdsu'] },
  { source: 'TEST', ids: ['TEST:2'], preferredName: 'sclerosis', names: [], semanticTypes: ['patf'] },
], { name: 'document-matches-test', version: '1', sourceVersion: 'fixture-1', stopList: loadDefaultStopList(), builtAt: '2026-01-01T00:00:00.000Z' });
const TEXT = 'Shortness of breath and a cold. MS flare; multiple sclerosis since 2010, RA too.\nCommon cold resolved.';

describe('documentMatches', () => {
  test('full and longest-span matches equal the matcher with the same option', () => {
    const doc = createDocument(TEXT);
    const all = documentMatches(doc, kb, { longestSpan: false });
    const longest = documentMatches(doc, kb, { longestSpan: true });
    assert.deepEqual(all, createMatcher(kb, { longestSpan: false }).match(doc.text, doc.tokens));
    assert.deepEqual(longest, createMatcher(kb, { longestSpan: true }).match(doc.text, doc.tokens));
    assert.ok(longest.length > 0 && longest.length < all.length, 'the text has nested matches (`breath` inside `shortness of breath`)');
  });

  test('longest-span asked first (built from the walk) equals the matcher too, and the full list after it', () => {
    const doc = createDocument(TEXT);
    const longest = documentMatches(doc, kb, { longestSpan: true });
    assert.deepEqual(longest, createMatcher(kb, { longestSpan: true }).match(doc.text, doc.tokens));
    assert.deepEqual(documentMatches(doc, kb, { longestSpan: false }), createMatcher(kb, { longestSpan: false }).match(doc.text, doc.tokens));
    assert.equal(documentMatches(doc, kb, { longestSpan: true }), longest);
  });

  test('memoised per Document: the same list for the same Document, a new one for another Document', () => {
    const doc = createDocument(TEXT);
    const first = documentMatches(doc, kb, { longestSpan: false });
    assert.equal(documentMatches(doc, kb, { longestSpan: false }), first);
    assert.equal(documentMatches(doc, kb, { longestSpan: true }), documentMatches(doc, kb, { longestSpan: true }));
    const other = createDocument(TEXT);
    assert.notEqual(documentMatches(other, kb, { longestSpan: false }), first);
    assert.deepEqual(documentMatches(other, kb, { longestSpan: false }), first);
  });
});
