// The brat reader (eval/lib/brat.ts), the gold and response mappings (eval/lib/entity-categories.ts) and the
// category scoring (eval/lib/entity-scoring.ts) of the entity evaluation, on a tiny Chia-style fixture (CRLF text,
// a discontinuous span, an exclusion label) and an inline MACCROBAT-style document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { parseBrat, readBratDocument } from '../../eval/lib/brat.js';
import { CHIA_SEMANTIC_TYPE_CATEGORIES, chiaGold, labNameSpan, maccrobatGold, mergeMentions, predictedMentions, type Mention } from '../../eval/lib/entity-categories.js';
import { emptyTallies, flagScores, scoreDocument, spanScores } from '../../eval/lib/entity-scoring.js';

const dir = fileURLToPath(new URL('../fixtures/eval/brat', import.meta.url));

test('the brat reader keeps CRLF offsets, discontinuous fragments and relations', () => {
  const doc = readBratDocument(dir, 'tiny');
  assert.ok(doc.text.includes('\r\n'));
  const creatinine = doc.entities.get('T4')!;
  assert.equal(doc.text.slice(creatinine.begin, creatinine.end), 'Serum creatinine');
  const hf = doc.entities.get('T3')!;
  assert.deepEqual(hf.fragments, [{ begin: 27, end: 32 }, { begin: 33, end: 40 }]);
  assert.deepEqual([hf.begin, hf.end], [27, 40]);
  assert.equal(doc.relations.length, 3);
  assert.deepEqual(doc.relations[0], { id: 'R1', type: 'Has_negation', arg1: 'T2', arg2: 'T1' });
});

test('brat code-point offsets become UTF-16 indices; events carry POLARITY to their trigger', () => {
  const text = '\u{1F600} no fever, possible rash';
  const ann = 'T1\tSign_symptom 5 10\tfever\nE1\tSign_symptom:T1 \nA1\tPOLARITY E1 NEG\nT2\tSign_symptom 21 25\trash\nE2\tSign_symptom:T2 \nA2\tPOLARITY E2 UNCERTAIN\nT3\tDate 0 1\tx\n';
  const doc = parseBrat('m', text, ann);
  const fever = doc.entities.get('T1')!;
  assert.equal(text.slice(fever.begin, fever.end), 'fever');
  const gold = maccrobatGold(doc);
  assert.deepEqual(gold.mentions.map((m) => [m.category, m.text, m.negated, m.uncertain]), [['problem', 'fever', true, false], ['problem', 'rash', false, true]]);
  assert.deepEqual(gold.ignored, []);
  // An anaphor labelled Coreference is a mention without a category: predictions there are not counted.
  const coref = maccrobatGold(parseBrat('c', 'the operation', 'T1\tCoreference 4 13\toperation\n'));
  assert.deepEqual([coref.mentions, coref.ignored], [[], [{ begin: 4, end: 13 }]]);
  assert.throws(() => parseBrat('bad', 'short', 'T1\tSign_symptom 0 99\tx\n'), /past the text/);
});

test('Chia gold: categories, Has_value lab values, Has_negation, exclusion spans', () => {
  const gold = chiaGold(readBratDocument(dir, 'tiny'));
  assert.deepEqual(gold.mentions.map((m) => [m.category, m.text, m.negated]), [
    ['device', 'pacemaker', true], ['problem', 'heart failure', true], ['lab test', 'Serum creatinine', false], ['lab value', '> 2 mg/dL', false],
  ]);
  assert.deepEqual(gold.ignored, [{ begin: 72, end: 110 }]);
});

test('response mapping and category scoring: overlap, exact, ignored spans, negation', () => {
  const doc = readBratDocument(dir, 'tiny');
  const data = {
    concepts: [
      { uid: 1, begin: 14, end: 23, semanticType: 'medd', negated: true },
      { uid: 2, begin: 27, end: 40, semanticType: 'dsyn', negated: false },
      { uid: 3, begin: 33, end: 40, semanticType: 'sosy', negated: false }, // inside uid 2: merged away
      { uid: 4, begin: 102, end: 109, semanticType: 'phsu', negated: false }, // in the excluded span
      { uid: 5, begin: 0, end: 2, semanticType: 'fndg', negated: false }, // a false positive
      { uid: 6, begin: 49, end: 59, semanticType: 'orch', negated: false }, // not a scored type
    ],
    LabValueInd: [{ uid: 7, begin: 62, end: 63, labTypeSurfaceForm: 'creatinine', negated: false }],
    attributeValues: [{ uid: 8, begin: 27, end: 40, name: 'Diagnosis', concept: { uid: 2 } }],
  };
  const predicted = mergeMentions(predictedMentions(data, doc.text));
  assert.deepEqual(predicted.map((m: Mention) => `${m.category}: ${m.text}`).sort(), [
    'device: pacemaker', 'lab test: creatinine', 'lab value: 2', 'medication: aspirin', 'problem: No', 'problem: heart failure',
  ]);
  const tallies = emptyTallies(['problem', 'lab test', 'lab value', 'medication', 'device']);
  scoreDocument(chiaGold(doc), predicted, tallies);
  const problem = tallies.get('problem')!;
  assert.deepEqual(problem.overlap, { gold: 1, predicted: 2, matchedGold: 1, matchedPredicted: 1 });
  assert.deepEqual(problem.exact, { gold: 1, predicted: 2, matchedGold: 1, matchedPredicted: 1 });
  assert.deepEqual(problem.negated, { tp: 0, fp: 0, fn: 1 });
  assert.deepEqual([...problem.falsePositives], [['no', 1]]);
  const lab = tallies.get('lab test')!;
  assert.deepEqual(lab.overlap, { gold: 1, predicted: 1, matchedGold: 1, matchedPredicted: 1 });
  assert.equal(lab.exact.matchedGold, 0);
  assert.deepEqual(tallies.get('medication')!.overlap, { gold: 0, predicted: 0, matchedGold: 0, matchedPredicted: 0 });
  assert.deepEqual(tallies.get('device')!.negated, { tp: 1, fp: 0, fn: 0 });
  assert.deepEqual(spanScores(problem.overlap), { precision: 0.5, recall: 1, f1: 2 / 3 });
  assert.deepEqual(flagScores(tallies.get('device')!.negated), { precision: 1, recall: 1, f1: 1 });
});

test('a lab name is found before its value, or after it when written second', () => {
  const text = 'Troponin was 0.5; result negative for troponin.';
  assert.deepEqual(labNameSpan(text, { begin: 13, end: 16, labTypeSurfaceForm: 'Troponin' }), { begin: 0, end: 8 });
  assert.deepEqual(labNameSpan(text, { begin: 25, end: 33, labTypeSurfaceForm: 'troponin' }), { begin: 0, end: 8 });
  assert.deepEqual(labNameSpan('Negative troponin.', { begin: 0, end: 8, labTypeSurfaceForm: 'troponin' }), { begin: 9, end: 17 });
  assert.equal(labNameSpan(text, { begin: 13, end: 16, labTypeSurfaceForm: 'sodium' }), undefined);
});

test('worded results from NormalFinding / AbnormalFinding evidence and concept values count as lab values; doses and durations do not', () => {
  const text = 'Chest X-ray was unremarkable. Fever of 38.9 C. Aspirin 81 mg for 6 months.';
  const data = {
    concepts: [{ uid: 1, begin: 47, end: 54, semanticType: 'phsu', negated: false }],
    attributeValues: [{ uid: 2, begin: 0, end: 11, name: 'NormalFinding', concept: { uid: 9 }, insightModelData: { normality: { evidence: [{ begin: 16, end: 28 }] } } }],
    conceptValues: [
      { uid: 3, begin: 30, end: 46, coveredText: 'Fever of 38.9 C.', value: '38.9', dimension: 'temperature' },
      { uid: 4, begin: 47, end: 57, coveredText: 'Aspirin 81', value: '81', dimension: 'mass' },
      { uid: 5, begin: 58, end: 74, coveredText: 'for 6 months', value: '6', dimension: 'time' },
    ],
  };
  const values = predictedMentions(data, text).filter((m) => m.category === 'lab value').map((m) => m.text);
  assert.deepEqual(values, ['38.9 C.', 'unremarkable']);
});

test('MACCROBAT Coreference spans are untyped: ignored, not gold; Chia scores orgf as a problem, MACCROBAT not', () => {
  const text = 'A mass was seen. The mass grew.';
  const doc = parseBrat('c', text, 'T1\tSign_symptom 2 6\tmass\nT2\tCoreference 17 25\tThe mass\n');
  const gold = maccrobatGold(doc);
  assert.deepEqual(gold.mentions.map((m) => m.text), ['mass']);
  assert.deepEqual(gold.ignored, [{ begin: 17, end: 25 }]);
  const data = { concepts: [{ uid: 1, begin: 0, end: 8, semanticType: 'orgf' }] };
  assert.deepEqual(predictedMentions(data, 'pregnant').map((m) => m.category), []);
  assert.deepEqual(predictedMentions(data, 'pregnant', CHIA_SEMANTIC_TYPE_CATEGORIES).map((m) => m.category), ['problem']);
});
