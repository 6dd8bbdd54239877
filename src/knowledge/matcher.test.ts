import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../engine/create-document.js';
import type { SourceRecord } from './builders/source-record.js';
import { compileKnowledge } from './compile.js';
import type { CompiledKb } from './compiled-kb.js';
import { createMatcher, inHeadingLine, type TermMatch } from './matcher.js';
import { compileTestKb } from './test-kb.js';

const kb = compileTestKb();

function found(k: CompiledKb, text: string, longestSpan = true): [string, string[]][] {
  return createMatcher(k, { longestSpan }).match(text, []).map((m: TermMatch) => [text.slice(m.begin, m.end), m.concepts.map((i) => k.concept(i).cui)]);
}

describe('createMatcher', () => {
  test('longest match first; nested matches only when longestSpan is false', () => {
    const text = 'History of type 2 diabetes mellitus.';
    assert.deepEqual(found(kb, text), [['type 2 diabetes mellitus', ['C0011860']]]);
    assert.deepEqual(found(kb, text, false), [['type 2 diabetes mellitus', ['C0011860']], ['diabetes mellitus', ['C0011849']], ['diabetes', ['C0011849']]]);
  });

  test('scan + termMatches gives what match gives, for either option, from one walk', () => {
    const text = 'History of type 2 diabetes mellitus and lung cancer; non-small cell lung carcinoma.';
    const doc = createDocument(text);
    const matcher = createMatcher(kb, { longestSpan: true });
    const scan = matcher.scan(doc.text, doc.tokens);
    const all = matcher.termMatches(scan, false);
    assert.deepEqual(matcher.termMatches(scan, true), matcher.match(doc.text, doc.tokens));
    assert.deepEqual(all, createMatcher(kb, { longestSpan: false }).match(doc.text, doc.tokens));
    assert.ok(all.length > matcher.termMatches(scan, true).length, 'the text has nested matches');
  });

  test('overlapping (not nested) matches are both reported', () => {
    // "lung cancer" and "cancer of the lung" do not overlap; "non-small cell lung carcinoma" nests "lung"
    assert.deepEqual(found(kb, 'non-small cell lung carcinoma'), [['non-small cell lung carcinoma', ['C0007131']]]);
    const k = compileTestKbWith([
      { source: 'DOID', ids: ['DOID:1'], preferredName: 'heart failure', names: [] },
      { source: 'DOID', ids: ['DOID:2'], preferredName: 'failure to thrive', names: [] },
    ]);
    assert.deepEqual(found(k, 'heart failure to thrive'), [['heart failure', ['DOID:1']], ['failure to thrive', ['DOID:2']]]);
  });

  test('short all-caps acronyms match case-sensitively; the stop-list keeps the words out', () => {
    assert.deepEqual(found(kb, 'ALL relapse; all good; MS flare; ms. Smith'), [['ALL', ['C0023449']], ['MS', ['C0026769']]]);
    assert.deepEqual(found(kb, 'T2DM and t2dm'), [['T2DM', ['C0011860']]]);
    assert.deepEqual(found(kb, 'She has a cold. Common cold.'), [['Common cold', ['C0009443']]]);
  });

  test('an acronym-only match comes after the longer matches that start with it', () => {
    const k = compileTestKbWith([
      { source: 'DOID', ids: ['DOID:1'], preferredName: 'MP', names: [] },
      { source: 'DOID', ids: ['DOID:2'], preferredName: 'MP joint', names: [] },
    ]);
    assert.deepEqual(found(k, 'the MP joint hurts', false), [['MP joint', ['DOID:2']], ['MP', ['DOID:1']]]);
    assert.deepEqual(found(k, 'the MP joint hurts'), [['MP joint', ['DOID:2']]]);
  });

  test('stop-list scopes: "acronym" drops only the capitals, mixed-case acronyms stay case-sensitive', () => {
    // capitals in text still match the plain name (ARM, ARMS → the limb); the ARM acronym itself is stopped
    assert.deepEqual(found(kb, 'left arm; ARM; aRMS; ARMS; arms'), [
      ['arm', ['UBERON:0001460']], ['ARM', ['UBERON:0001460']], ['aRMS', ['C0206655', 'UBERON:0001460']], ['ARMS', ['UBERON:0001460']], ['arms', ['UBERON:0001460']],
    ]);
    assert.deepEqual(found(kb, 'obsolete pulmonary function'), []);
  });

  test('stop-list scope "acronym-unless-lab": the acronym stays a lab test\'s name only (AST, ALT)', () => {
    const k = compileKnowledge([
      { source: 'TEST', ids: ['TEST:1'], preferredName: 'aspartate aminotransferase', names: [{ text: 'AST', kind: 'abbreviation' }], semanticTypes: ['lbpr'] },
      { source: 'TEST', ids: ['TEST:2'], preferredName: 'acral spindle tumor', names: [{ text: 'AST', kind: 'abbreviation' }], semanticTypes: ['neop'] },
    ], { name: 't', version: '1', sourceVersion: '1', stopList: { version: '1', entries: new Map([['ast', 'acronym-unless-lab']]) } });
    assert.deepEqual(found(k, 'AST 45 U/L; acral spindle tumor'), [['AST', ['TEST:1']], ['acral spindle tumor', ['TEST:2']]]);
  });

  test('acronyms are not matched on all-caps heading lines', () => {
    assert.equal(inHeadingLine('ASSESSMENT AND PLAN\nMS', 16), true);
    assert.equal(inHeadingLine('ASSESSMENT AND PLAN\nMS', 20), false);
    assert.deepEqual(found(kb, 'HISTORY OF ALL\nALL in remission'), [['ALL', ['C0023449']]]);
  });

  test('case, plurals, possessives, hyphens, diacritics and British spelling match the names', () => {
    assert.deepEqual(found(kb, "CROHNS DISEASE, Crohn’s disease and crohn's disease"), [
      ['CROHNS DISEASE', ['C0010346']], ['Crohn’s disease', ['C0010346']], ["crohn's disease", ['C0010346']],
    ]);
    assert.deepEqual(found(kb, 'Oedema; sjogren cardiomyopathy; non small cell lung carcinoma'), [
      ['Oedema', ['C0013604']], ['sjogren cardiomyopathy', ['C0878544']], ['non small cell lung carcinoma', ['C0007131']],
    ]);
  });

  test('matches never cross sentence punctuation', () => {
    assert.deepEqual(found(kb, 'lung. cancer'), [['lung', ['UBERON:0002048']]]);
  });

  test('code-only concepts yield to real concepts on the same name', () => {
    assert.deepEqual(found(kb, 'headache, cephalalgia'), [['headache', ['HP:0002315']], ['cephalalgia', ['ICD10CM:R51.9']]]);
  });

  test('offsets are exact UTF-16 offsets with emoji, CJK, combining marks and CRLF', () => {
    const text = '😀😀 糖尿病 type 2\r\ndiabetes mellitus 🩺 Sjo\u0308gren cardiomyopathy\r\n';
    const matches = createMatcher(kb).match(text, []);
    assert.deepEqual(matches.map((m) => text.slice(m.begin, m.end)), ['type 2\r\ndiabetes mellitus', 'Sjo\u0308gren cardiomyopathy']);
    assert.equal(matches[0]!.begin, text.indexOf('type'));
    assert.equal(matches[1]!.end, text.indexOf('cardiomyopathy') + 'cardiomyopathy'.length);
  });

  test('token indexes refer to the engine tokens covering the match', () => {
    const text = 'Pt with non-small cell lung carcinoma today.';
    const doc = createDocument(text);
    const [m] = createMatcher(kb).match(text, doc.tokens);
    assert.ok(m !== undefined);
    const first = doc.tokens[m.tokenStart]!;
    const last = doc.tokens[m.tokenEnd - 1]!;
    assert.equal(first.begin, m.begin);
    assert.equal(last.end, m.end);
  });

  test('a matcher whose surface memo fills up in the middle of a text still finds what a fresh matcher finds', () => {
    // More distinct words than the memo keeps (it is emptied when full), with terms before and after that point.
    const words: string[] = [];
    for (let i = 0; i < 100_500; i++) words.push(`zq${i.toString(36)}`);
    const text = `type 2 diabetes mellitus and lung cancer. ${words.join(' ')} type 2 diabetes mellitus and lung cancer.`;
    const used = createMatcher(kb, { longestSpan: false });
    used.match('lung cancer and type 2 diabetes mellitus', []);
    const expected = createMatcher(kb, { longestSpan: false }).match(text, []);
    assert.deepEqual(used.match(text, []), expected);
    assert.deepEqual(used.match(text, []), expected);
    assert.equal(expected.filter((m) => text.slice(m.begin, m.end) === 'type 2 diabetes mellitus').length, 2);
  });
});

function compileTestKbWith(records: readonly SourceRecord[]): CompiledKb {
  return compileKnowledge(records, { name: 't', version: '1', sourceVersion: 't' });
}
