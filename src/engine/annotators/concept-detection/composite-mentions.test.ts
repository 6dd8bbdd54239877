import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileKnowledge } from '../../../knowledge/compile.js';
import { createMatcher } from '../../../knowledge/matcher.js';
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import { compositeAt, coordinationInside } from './composite-mentions.js';

const RECORDS: SourceRecord[] = [
  { source: 'DOID', ids: ['DOID:1612'], preferredName: 'breast cancer', names: [], semanticTypes: ['neop'] },
  { source: 'DOID', ids: ['DOID:2394'], preferredName: 'ovarian cancer', names: [], semanticTypes: ['neop'] },
  { source: 'DOID', ids: ['DOID:11723'], preferredName: 'Duchenne muscular dystrophy', names: [], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:11725'], preferredName: 'Becker muscular dystrophy', names: [], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:14250'], preferredName: 'von Hippel-Lindau disease', names: [], semanticTypes: ['neop'] },
  { source: 'DOID', ids: ['DOID:5683'], preferredName: 'hereditary breast ovarian cancer syndrome', names: [{ text: 'breast and ovarian cancer', kind: 'exact' }], semanticTypes: ['neop'] },
];
const kb = compileKnowledge(RECORDS, { name: 't', version: '1', sourceVersion: '1', builtAt: '2026-01-01T00:00:00.000Z' });
const matcher = createMatcher(kb);
const cuiOf = (concepts: readonly number[] | undefined): string[] => (concepts ?? []).map((i) => kb.concept(i).cui).sort();
const spanOf = (text: string, s: string): [number, number] => [text.indexOf(s), text.indexOf(s) + s.length];

test('compositeAt reads "A and|or|/|- B H" before a match as the concept of "A H"', () => {
  for (const text of ['risk of breast and/or ovarian cancer here', 'risk of breast/ovarian cancer', 'risk of breast-ovarian cancer', 'risk of breast or ovarian cancer']) {
    const [b, e] = spanOf(text, 'ovarian cancer');
    const c = compositeAt(text, b, e, matcher);
    assert.equal(c?.begin, text.indexOf('breast'), text);
    assert.equal(c?.end, e);
    assert.deepEqual(cuiOf(c?.concepts), ['DOID:1612']);
  }
  const text = 'Patients with Duchenne and Becker muscular dystrophy';
  const [b, e] = spanOf(text, 'Becker muscular dystrophy');
  assert.deepEqual(cuiOf(compositeAt(text, b, e, matcher)?.concepts), ['DOID:11723']);
});

test('compositeAt needs the synthesised term to be a knowledge-base name and a real conjunct', () => {
  const text = 'lung and ovarian cancer; X-ovarian cancer';
  const [b, e] = spanOf(text, 'ovarian cancer');
  assert.equal(compositeAt(text, b, e, matcher), undefined); // "lung cancer" is not in this KB
  const at = text.lastIndexOf('ovarian cancer');
  assert.equal(compositeAt(text, at, at + 'ovarian cancer'.length, matcher), undefined); // one-letter conjunct
});

test('coordinationInside gives both conjuncts of a span that is itself a coordination name', () => {
  const text = 'risk of breast and ovarian cancer';
  const [b, e] = spanOf(text, 'breast and ovarian cancer');
  assert.deepEqual(cuiOf(coordinationInside(text, b, e, matcher)), ['DOID:1612', 'DOID:2394']);
  assert.equal(coordinationInside(text, text.indexOf('ovarian'), e, matcher), undefined);
});
