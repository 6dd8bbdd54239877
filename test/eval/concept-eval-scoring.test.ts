// The PubTator reader and the NER / normalisation scorers used by eval/concepts-eval.ts, on a tiny
// hand-written corpus whose expected figures were worked out by hand (see the comments).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parsePubTator, splitIds } from '../../eval/lib/pubtator.js';
import { scoreDocumentIds, scoreMentions, prf, type ScoredSpan } from '../../eval/lib/scoring.js';
import { parseCsv } from '../../eval/lib/csv.js';

const fixture = readFileSync(new URL('../fixtures/eval/tiny.pubtator.txt', import.meta.url), 'utf8');

describe('parsePubTator', () => {
  const { documents, issues } = parsePubTator(fixture);

  test('reads documents, mentions, composite ids and relations', () => {
    assert.deepEqual(issues, []);
    assert.equal(documents.length, 2);
    const [d1, d2] = documents;
    assert.equal(d1?.pmid, '1001');
    assert.equal(d1?.text, 'Duchenne muscular dystrophy in boys. Patients with Duchenne muscular dystrophy (DMD) develop cardiomyopathy. DMD is X-linked.');
    assert.equal(d1?.mentions.length, 5);
    assert.deepEqual(d1?.mentions[2], { begin: 80, end: 83, text: 'DMD', type: 'SpecificDisease', ids: ['D020388'] });
    assert.deepEqual(d2?.mentions[3]?.ids, ['D051437', 'D017093']);
    assert.deepEqual(d2?.mentions[1]?.ids, ['OMIM:226980']);
    assert.deepEqual(d2?.relations, [{ type: 'CID', ids: ['D000001', 'D003920'] }]);
    for (const d of documents) for (const m of d.mentions) assert.equal(d.text.slice(m.begin, m.end), m.text);
  });

  test('reports mentions whose offsets do not match the text, and stray lines', () => {
    const broken = '7|t|Acute pain.\n7|a|None.\n7\t0\t4\tAcute\tDisease\tD1\n8\t0\t1\tx\tDisease\tD2\n';
    const result = parsePubTator(broken);
    assert.equal(result.documents.length, 1);
    assert.deepEqual(result.issues.map((i) => i.line), [4, 3]);
  });

  test('splitIds trims, splits composites and drops -1', () => {
    assert.deepEqual(splitIds(' D008661'), ['D008661']);
    assert.deepEqual(splitIds('D020279+D035583'), ['D020279', 'D035583']);
    assert.deepEqual(splitIds('-1'), []);
    assert.deepEqual(splitIds('MESH:D001|D001'), ['D001']);
  });
});

describe('scorers', () => {
  const { documents } = parsePubTator(fixture);
  const gold: ScoredSpan[] = documents.flatMap((d) => d.mentions.map((m) => ({ docId: d.pmid, begin: m.begin, end: m.end })));
  // 7 distinct predictions: 4 exact, 2 overlapping a gold mention without matching it, 1 spurious (+1 duplicate).
  const predicted: ScoredSpan[] = [
    { docId: '1001', begin: 0, end: 27 },
    { docId: '1001', begin: 60, end: 78 },
    { docId: '1001', begin: 80, end: 83 },
    { docId: '1001', begin: 109, end: 112 },
    { docId: '1001', begin: 116, end: 124 },
    { docId: '1002', begin: 0, end: 15 },
    { docId: '1002', begin: 0, end: 15 },
    { docId: '1002', begin: 47, end: 82 },
  ];

  test('exact spans: P 4/7, R 4/9, F1 0.5', () => {
    const s = scoreMentions(gold, predicted, 'exact');
    assert.deepEqual([s.gold, s.predicted, s.matchedGold, s.matchedPredicted], [9, 7, 4, 4]);
    assert.equal(s.precision, 4 / 7);
    assert.equal(s.recall, 4 / 9);
    assert.ok(Math.abs(s.f1 - 0.5) < 1e-12);
  });

  test('overlapping spans: P 6/7, R 6/9, F1 0.75', () => {
    const s = scoreMentions(gold, predicted, 'overlap');
    assert.deepEqual([s.matchedGold, s.matchedPredicted], [6, 6]);
    assert.equal(s.precision, 6 / 7);
    assert.equal(s.recall, 6 / 9);
    assert.ok(Math.abs(s.f1 - 0.75) < 1e-12);
  });

  test('document-level id sets: P 3/4, R 3/7, F1 6/11', () => {
    const goldIds = new Map(documents.map((d) => [d.pmid, new Set(d.mentions.flatMap((m) => m.ids))]));
    const predIds = new Map([
      ['1001', new Set(['D020388'])],
      ['1002', new Set(['D003920', 'D003922', 'D000001'])],
      ['9999', new Set(['D000002'])], // not a gold document: ignored
    ]);
    const s = scoreDocumentIds(goldIds, predIds);
    assert.deepEqual([s.gold, s.predicted, s.matchedGold], [7, 4, 3]);
    assert.equal(s.precision, 3 / 4);
    assert.equal(s.recall, 3 / 7);
    assert.ok(Math.abs(s.f1 - 6 / 11) < 1e-12);
  });

  test('empty sides give zeros, not NaN', () => {
    assert.deepEqual(prf(0, 0, 0, 0), { gold: 0, predicted: 0, matchedGold: 0, matchedPredicted: 0, precision: 0, recall: 0, f1: 0 });
  });
});

test('parseCsv handles quotes, doubled quotes and newlines inside fields', () => {
  const rows = parseCsv('id,note\r\n1,"line one\nline ""two"", end"\n2,plain\n');
  assert.deepEqual(rows, [{ id: '1', note: 'line one\nline "two", end' }, { id: '2', note: 'plain' }]);
});

test('normalisation ids: MeSH from codes and xrefs; OMIM only as the training lexicon attests it', async () => {
  const { compileKnowledge } = await import('../../src/knowledge/compile.js');
  const { normalisationIds } = await import('../../eval/concepts-eval.js');
  const kb = compileKnowledge([
    { source: 'DOID', ids: ['DOID:11723', 'UMLS:C0013264', 'MESH:D020388', 'OMIM:310200'], preferredName: 'Duchenne muscular dystrophy', names: [{ text: 'DMD', kind: 'abbreviation' }] },
    { source: 'MONDO', ids: ['MONDO:0009176', 'OMIM:226980'], preferredName: 'Wolcott-Rallison syndrome', names: [] },
    { source: 'SYMP', ids: ['SYMP:0000099'], preferredName: 'pain', names: [] },
    { source: 'MONDO', ids: ['MONDO:0008564', 'OMIM:160900'], preferredName: 'myotonic dystrophy type 1', names: [] },
    { source: 'NCBI_DISEASE_TRAIN', ids: ['OMIM:160900', 'LEXICON:OMIM:160900'], names: [{ text: 'Steinert disease', kind: 'attested' }], semanticTypes: ['dsyn'] },
  ], { name: 't', version: '1', sourceVersion: '1' });
  assert.deepEqual(normalisationIds(kb, 'C0013264'), ['D020388']);
  // An OMIM cross-reference of an open source alone is not used; an OMIM id the training lexicon attests is.
  assert.deepEqual(normalisationIds(kb, 'MONDO:0009176'), []);
  assert.deepEqual(normalisationIds(kb, 'MONDO:0008564'), ['OMIM:160900']);
  assert.deepEqual(normalisationIds(kb, 'SYMP:0000099'), []);
  // A corpus annotated with MeSH only (BC5CDR): OMIM ids are never predicted.
  assert.deepEqual(normalisationIds(kb, 'MONDO:0008564', false), []);
  assert.deepEqual(normalisationIds(kb, 'C0013264', false), ['D020388']);
});

test('normalised concepts: the longest match carrying an id; attested training-lexicon names win at one span', async () => {
  const { compileKnowledge } = await import('../../src/knowledge/compile.js');
  const { normalisedConcepts } = await import('../../eval/concepts-eval.js');
  const kb = compileKnowledge([
    { source: 'DOID', ids: ['DOID:1612', 'MESH:D001943'], preferredName: 'breast cancer', names: [] },
    { source: 'DOID', ids: ['DOID:162', 'MESH:D009369'], preferredName: 'cancer', names: [] },
    { source: 'SYMP', ids: ['SYMP:0000130'], preferredName: 'severe headache', names: [] },
    { source: 'HPO', ids: ['HP:0002315'], preferredName: 'Headache', names: [] },
    { source: 'BC5CDR_TRAIN', ids: ['MESH:D006261'], names: [{ text: 'headache', kind: 'attested' }], semanticTypes: ['dsyn'] },
  ], { name: 't', version: '1', sourceVersion: '1' });
  const cuiOf = (id: string): string => kb.concept(kb.conceptsById(id)[0]!).cui;
  const m = (id: string, begin: number, end: number): { cui: string; begin: number; end: number } => ({ cui: cuiOf(id), begin, end });
  // "breast cancer" [0,13) holds "cancer" [7,13): the nested match gives way to the longer one with an id.
  assert.deepEqual(normalisedConcepts(kb, [m('DOID:1612', 0, 13), m('DOID:162', 7, 13)]), [m('DOID:1612', 0, 13)]);
  // "severe headache" [0,15) has no id: the nested "headache" [7,15) still normalises; of its two concepts,
  // the one whose name the training lexicon attests wins.
  assert.deepEqual(normalisedConcepts(kb, [m('SYMP:0000130', 0, 15), m('HP:0002315', 7, 15), m('MESH:D006261', 7, 15)]), [m('SYMP:0000130', 0, 15), m('MESH:D006261', 7, 15)]);
});

describe('abbreviations defined in the text (Schwartz & Hearst)', () => {
  test('finds "long form (SF)" definitions with exact offsets', async () => {
    const { abbreviationDefinitions, bestLongFormStart } = await import('../../eval/lib/abbreviations.js');
    const text = 'Patients with Duchenne muscular dystrophy (DMD) were given retinyl acetate (RA) and 5-fluorouracil (5-FU; daily). Not an abbreviation (see below).';
    const defs = abbreviationDefinitions(text).map((d) => [d.shortForm, text.slice(d.lfBegin, d.lfEnd), text.slice(d.sfBegin, d.sfEnd)]);
    assert.deepEqual(defs, [['DMD', 'Duchenne muscular dystrophy', 'DMD'], ['RA', 'retinyl acetate', 'RA'], ['5-FU', '5-fluorouracil', '5-FU']]);
    assert.equal(bestLongFormStart('XYZ', 'no such letters here'), -1);
  });

  test('short-form spans take the ids of their long form; none when the long form names nothing of the task', async () => {
    const { applyAbbreviations } = await import('../../eval/lib/abbreviations.js');
    const text = 'retinyl acetate (RA) in mice with rheumatoid arthritis (RhA). RA and RhA again.';
    const at = (s: string, from = 0): { begin: number; end: number } => ({ begin: text.indexOf(s, from), end: text.indexOf(s, from) + s.length });
    const spans = [
      { ...at('rheumatoid arthritis'), ids: ['D001172'] },
      { ...at('RA', 30), ids: ['D001172'] }, // "RA" matched as rheumatoid arthritis
      { ...at('RhA', 60), ids: ['D999999'] },
    ];
    assert.deepEqual(applyAbbreviations(spans, text).map((s) => [text.slice(s.begin, s.end), s.ids]), [['rheumatoid arthritis', ['D001172']], ['RhA', ['D001172']]]);
    // keepUndefinedLongForm: a short form whose long form holds no span keeps its own ids.
    assert.equal(applyAbbreviations(spans, text, undefined, true).length, 3);
  });
});

describe('training-lexicon normalisation', () => {
  test('FormLexicon: the corpus own forms first, then the other corpora; NOT_A_MENTION gives no ids', async () => {
    const { FormLexicon } = await import('../../eval/lib/form-lexicon.js');
    const key = (t: string): string => t.toLowerCase().replace(/s$/, '');
    const lexicon = new FormLexicon([
      { source: 'A_TRAIN', cls: 'disease', id: 'MESH:D020521', form: 'stroke' },
      { source: 'B_TRAIN', cls: 'disease', id: 'MESH:D002544', form: 'stroke' },
      { source: 'B_TRAIN', cls: 'disease', id: 'MESH:D003643', form: 'death' },
      { source: 'A_TRAIN', cls: 'disease', id: '-', form: 'death' },
      { source: 'A_TRAIN', cls: 'disease', id: 'OMIM:160900', form: 'Steinert disease' },
    ], key);
    assert.deepEqual(lexicon.ids('disease', 'Strokes', 'A_TRAIN'), ['D020521']);
    assert.deepEqual(lexicon.ids('disease', 'stroke', 'B_TRAIN'), ['D002544']);
    assert.deepEqual(lexicon.ids('disease', 'stroke', 'C_TRAIN')?.sort(), ['D002544', 'D020521']);
    assert.deepEqual(lexicon.ids('disease', 'death', 'A_TRAIN'), []);
    assert.deepEqual(lexicon.ids('disease', 'death', 'B_TRAIN'), ['D003643']);
    assert.deepEqual(lexicon.ids('disease', 'steinert disease'), ['OMIM:160900']);
    assert.equal(lexicon.ids('chemical', 'stroke', 'A_TRAIN'), undefined);
    assert.equal(lexicon.ids('disease', 'fever', 'A_TRAIN'), undefined);
  });

  test('normalisedSpans: a span whose form the lexicon knows takes its ids; a form the corpus never annotates is dropped', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { normalisedSpans } = await import('../../eval/concepts-eval.js');
    const { FormLexicon } = await import('../../eval/lib/form-lexicon.js');
    const kb = compileKnowledge([
      { source: 'DOID', ids: ['DOID:6713', 'MESH:D002561'], preferredName: 'cerebrovascular disease', names: [{ text: 'stroke', kind: 'exact' }] },
      { source: 'DOID', ids: ['DOID:3', 'MESH:D003643'], preferredName: 'death', names: [] },
      { source: 'DOID', ids: ['DOID:1612', 'MESH:D001943'], preferredName: 'breast cancer', names: [] },
      { source: 'DOID', ids: ['DOID:162', 'MESH:D009369'], preferredName: 'cancer', names: [] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const lexicon = new FormLexicon([
      { source: 'A_TRAIN', cls: 'disease', id: 'MESH:D020521', form: 'stroke' },
      { source: 'A_TRAIN', cls: 'disease', id: '-', form: 'death' },
    ], (t) => kb.normalizer.termKey(t));
    const text = 'stroke, death, breast cancer';
    const cui = (id: string): string => kb.concept(kb.conceptsById(id)[0]!).cui;
    const matches = [
      { cui: cui('DOID:6713'), begin: 0, end: 6 },
      { cui: cui('DOID:3'), begin: 8, end: 13 },
      { cui: cui('DOID:1612'), begin: 15, end: 28 },
      { cui: cui('DOID:162'), begin: 22, end: 28 },
    ];
    const spans = normalisedSpans(kb, matches, text, { cls: 'disease', lexicon, source: 'A_TRAIN', omimIds: false });
    assert.deepEqual(spans.map((s) => [text.slice(s.begin, s.end), s.ids]), [['stroke', ['D020521']], ['breast cancer', ['D001943']]]);
    // Without a lexicon: the concepts' own ids.
    assert.deepEqual(normalisedSpans(kb, matches, text, { cls: 'disease' }).map((s) => s.ids), [['D002561'], ['D003643'], ['D001943']]);
  });

  test('learnSpanCorrections: training spans seldom gold are not mentions; mostly wrong ids take the gold id', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { createEvaluator, learnSpanCorrections, documentSpans, TASK_TYPES } = await import('../../eval/concepts-eval.js');
    const { detectConcepts } = await import('../../src/engine/annotators/concept-detection/concept-detection.js');
    const { createDocument } = await import('../../src/engine/create-document.js');
    const { NO_ARTIFACTS } = await import('../../src/engine/resources.js');
    const kb = compileKnowledge([
      { source: 'DOID', ids: ['DOID:1', 'MESH:D006261'], preferredName: 'headache', names: [], semanticTypes: ['sosy'] },
      { source: 'DOID', ids: ['DOID:2', 'MESH:D003643'], preferredName: 'death', names: [], semanticTypes: ['dsyn'] },
      { source: 'DOID', ids: ['DOID:3', 'MESH:D005335'], preferredName: 'fever', names: [], semanticTypes: ['sosy'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const evaluator = createEvaluator(kb);
    const training = parsePubTator([
      '1|t|Headache and fever.', '1|a|No death.', '1\t0\t8\tHeadache\tDisease\tD006261', '1\t13\t18\tfever\tDisease\tD005334', '',
      '2|t|Death after fever.', '2|a|Fever again.', '2\t12\t17\tfever\tDisease\tD005334', '2\t19\t24\tFever\tDisease\tD005334', '',
    ].join('\n')).documents;
    const corpus = { name: 'toy train', file: 'x', task: 'disease' as const, goldType: 'Disease' };
    const corrections = learnSpanCorrections(evaluator, corpus, training);
    assert.deepEqual([...corrections.notMentions], ['death']);
    assert.deepEqual([...corrections.relabel], [['fever', 'D005334']]);
    const text = 'Fever, headache and death.';
    const types = new Set(TASK_TYPES.disease);
    const nested = detectConcepts(createDocument(text), evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    const spans = documentSpans(evaluator, corpus, text, nested, types, corrections);
    assert.deepEqual(spans.map((s) => [text.slice(s.begin, s.end), s.ids]), [['Fever', ['D005334']], ['headache', ['D006261']]]);
  });
});
