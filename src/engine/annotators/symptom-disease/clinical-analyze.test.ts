// The clinical annotators through the analysis entry point the HTTP route calls (analyzeRequest): every
// registered annotator in one flow over a clinical note, serialised as ACD does (uids, negated flags,
// internal fields dropped, every produced key present).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeRequest } from '../../analyze.js';
import { clinicalTestResources } from './clinical-test-kb.js';

const NOTE = [
  'HPI: 58 yo woman with severe cramping in her left leg. Denies fever. Rule out pneumonia.',
  'She started chemotherapy April 8th. S/p laparoscopic cholecystectomy in 2015.',
  'Vitals: pulse: 84, BP 120/80. Labs: potassium 3.2 mmol/L, A1c of 7.5%. Platelet count at least 100000/μl.',
  'Echo: LVEF 35-40%. Former smoker, quit smoking 10 years ago.',
].join('\n');

function run(elements: readonly string[]) {
  return analyzeRequest({
    containers: [{ text: NOTE }],
    annotatorFlows: [{ flow: { elements: elements.map((name) => ({ annotator: { name } })), async: false } }],
    profileResolver: () => undefined,
    options: { returnAnalyzedText: false },
    resources: clinicalTestResources(),
  });
}

describe('clinical annotators through analyzeRequest', () => {
  test('one flow with every clinical annotator: keys, uids, offsets, negation flags, no internal fields', () => {
    const ids = ['concept_detection', 'symptom_disease', 'procedure', 'lab_value', 'ejection_fraction', 'smoking', 'concept_value', 'negation'];
    const data = run(ids).unstructured[0]!.data as Record<string, Record<string, unknown>[]>;
    for (const key of ['SymptomDiseaseInd', 'ProcedureInd', 'LabValueInd', 'EjectionFractionInd', 'SmokingInd', 'conceptValues']) {
      assert.ok(Array.isArray(data[key]) && data[key]!.length > 0, `${key} present and not empty`);
      for (const a of data[key]!) {
        assert.equal(NOTE.slice(a.begin as number, a.end as number), a.coveredText, `${key} offsets`);
        assert.ok((a.uid as number) > 0);
        assert.equal(typeof a.negated, 'boolean');
        assert.ok(!Object.keys(a).some((k) => k.startsWith('_')), `${key} has no internal fields`);
      }
    }
    const fever = data.SymptomDiseaseInd!.find((s) => s.coveredText === 'fever');
    assert.equal(fever?.modality, 'negative');
    assert.equal(fever?.negated, true);
    assert.equal(data.SymptomDiseaseInd!.find((s) => s.coveredText === 'pneumonia')?.modality, 'potential');
    assert.deepEqual(data.LabValueInd!.map((l) => `${String(l.labTypeSurfaceForm)}=${String(l.labValue)}`), ['pulse=84', 'BP=120/80', 'potassium=3.2', 'A1c=7.5', 'Platelet count=100000', 'LVEF=40']); // LVEF 35-40%: its upper end; 'at least' is a comparator
    assert.equal(data.EjectionFractionInd![0]!.isRange, 'true');
    assert.equal(data.SmokingInd![0]!.current, 'false');
    assert.equal(data.conceptValues![0]!.trigger, 'greater than or equal to');
  });

  test('an annotator that finds nothing still returns its key as an empty array', () => {
    const data = run(['ejection_fraction', 'smoking']).unstructured[0]!.data as Record<string, unknown[]>;
    assert.equal(data.EjectionFractionInd!.length, 1);
    const none = analyzeRequest({
      containers: [{ text: 'Nothing clinical here.' }],
      annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'smoking' } }, { annotator: { name: 'lab_value' } }], async: false } }],
      profileResolver: () => undefined,
      options: { returnAnalyzedText: false },
      resources: clinicalTestResources(),
    }).unstructured[0]!.data as Record<string, unknown[]>;
    assert.deepEqual(none.SmokingInd, []);
    assert.deepEqual(none.LabValueInd, []);
  });
});
