// The viewer's pure parts (web/src): span → segment cutting, lanes for stacked underlines, and the
// response → annotation list with its details.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { annotationsOf, detailsOf } from '../../web/src/annotations.js';
import { assignLanes, toSegments, type SpanLike } from '../../web/src/segments.js';

interface Span extends SpanLike { readonly name: string }
const span = (name: string, begin: number, end: number): Span => ({ name, begin, end });

function cut(text: string, spans: readonly Span[]): string[] {
  const lanes = assignLanes(spans);
  const laneOf = (s: Span): number => lanes[spans.indexOf(s)] ?? 0;
  return toSegments(text.length, spans, laneOf).map((s) => `${text.slice(s.begin, s.end)}|${s.spans.map((x) => x.name).join('+')}`);
}

describe('span → segments', () => {
  const text = 'type 2 diabetes mellitus on metformin daily';
  const spans = [span('outer', 0, 24), span('inner', 7, 15), span('overlap', 16, 30), span('med', 28, 37)];

  test('nested and overlapping spans cut the text at every boundary, outermost lane first', () => {
    assert.deepEqual(cut(text, spans), [
      'type 2 |outer', 'diabetes|outer+inner', ' |outer', 'mellitus|outer+overlap', ' on |overlap', 'me|overlap+med', 'tformin|med', ' daily|',
    ]);
  });

  test('lanes: overlapping spans never share one; shorter spans sit closer to the text', () => {
    const lanes = assignLanes(spans);
    assert.deepEqual(lanes, [2, 0, 1, 0]);
    spans.forEach((a, i) => spans.forEach((b, j) => {
      if (i !== j && a.begin < b.end && b.begin < a.end) assert.notEqual(lanes[i], lanes[j], `${a.name} / ${b.name}`);
    }));
  });

  test('segments tile the text; empty, reversed and out-of-range spans are clamped or dropped', () => {
    const odd = [span('empty', 3, 3), span('reversed', 9, 4), span('past', 40, 99), span('all', -5, 99)];
    const lanes = assignLanes(odd);
    const segments = toSegments(text.length, odd, (s) => lanes[odd.indexOf(s)] ?? 0);
    assert.equal(segments.map((s) => text.slice(s.begin, s.end)).join(''), text);
    assert.deepEqual(segments.map((s) => [s.begin, s.end, s.spans.map((x) => x.name)]), [[0, 40, ['all']], [40, 43, ['all', 'past']]]);
    assert.deepEqual(toSegments(0, odd, () => 0), []);
  });
});

describe('response → annotations', () => {
  const note = 'He denies headache. If edema develops, consider it.';
  const data = {
    concepts: [
      { type: 'umls.SignOrSymptom', begin: 10, end: 18, coveredText: 'headache', cui: 'C0018681', icd10Code: 'R51.9', semanticType: 'sosy', negated: true, hypothetical: false, sectionNormalizedName: 'hpi' },
      { type: 'umls.Finding', begin: 23, end: 28, coveredText: 'edema', cui: 'C0013604', negated: false, hypothetical: true, hypotheticalType: 'HypotheticalSpan' },
    ],
    negatedSpans: [{ type: 'NegatedSpan', begin: 10, end: 18, coveredText: 'headache', trigger: { begin: 3, end: 9, coveredText: 'denies' } }],
    hypotheticalSpans: [{ type: 'HypotheticalSpan', begin: 20, end: 50, coveredText: note.slice(20, 50) }],
    spellCorrectedText: [{ correctedText: note }],
    LabValueInd: [{ type: 'aci.LabValueInd', begin: 0, end: 2, labValue: '8.2' }],
    novelKey: [{ type: 'x', begin: 0, end: 2 }],
  };

  test('every element with offsets becomes an annotation with its category; others are left out', () => {
    const list = annotationsOf(data, note);
    assert.deepEqual(list.map((a) => `${a.key}:${a.category}`), [
      'LabValueInd#0:lab', 'novelKey#0:other', 'concepts#0:concept', 'negatedSpans#0:negated', 'hypotheticalSpans#0:hypothetical', 'concepts#1:concept',
    ]);
    const lab = list[0]!;
    assert.equal(lab.coveredText, 'He', 'coveredText falls back to the text at the offsets');
    assert.equal(list.find((a) => a.key === 'negatedSpans#0')?.negated, true);
    assert.equal(list.find((a) => a.key === 'concepts#1')?.hypothetical, true);
    assert.deepEqual(annotationsOf(undefined, note), []);
  });

  test('details: codes with their systems, semantic type, section, flags, values', () => {
    const list = annotationsOf(data, note);
    const headache = detailsOf(list.find((a) => a.key === 'concepts#0')!);
    assert.deepEqual(headache.codes, [{ system: 'UMLS CUI', field: 'cui', value: 'C0018681' }, { system: 'ICD-10', field: 'icd10Code', value: 'R51.9' }]);
    assert.deepEqual(headache.semantic, [['semanticType', 'sosy']]);
    assert.deepEqual(headache.section, [['sectionNormalizedName', 'hpi']]);
    assert.deepEqual(headache.flags, [['negated', 'true'], ['hypothetical', 'false']]);
    const negated = detailsOf(list.find((a) => a.key === 'negatedSpans#0')!);
    assert.deepEqual(negated.values, [['trigger', 'denies']]);
    assert.deepEqual(detailsOf(list[0]!).values, [['labValue', '8.2']]);
  });
});
