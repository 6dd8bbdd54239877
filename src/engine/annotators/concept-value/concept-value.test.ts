import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { conceptDetection } from '../concept-detection/concept-detection.js';
import { runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import { compilePipeline } from '../../pipeline.js';
import { conceptValueAnnotator } from './index.js';
import { compileConceptValue, detectConceptValues } from './detect-concept-values.js';
import { createDocument } from '../../create-document.js';

function values(text: string) {
  return (runClinicalFlow(text, [conceptDetection, conceptValueAnnotator]).get('conceptValues') ?? []).map((v) => {
    const { _concept: concept, ...wire } = v;
    assert.equal(typeof concept, 'object');
    return wire;
  });
}

describe('concept_value', () => {
  test('reference example: "Platelet count at least 100000/μl."', () => {
    assert.deepEqual(values('Platelet count at least 100000/μl.'), [{
      type: 'ConceptValue',
      begin: 0,
      end: 34,
      coveredText: 'Platelet count at least 100000/μl.',
      cui: 'C1287267',
      preferredName: 'Finding of platelet count',
      trigger: 'greater than or equal to',
      value: '100000',
      unit: '/μl.',
      dimension: 'concentration',
    }]);
  });

  test('relations, ranges, plain values and units', () => {
    const brief = (text: string): string[] => values(text).map((v) => [v.coveredText, v.trigger ?? '-', v.value ?? `${String(v.rangeBegin)}..${String(v.rangeEnd)}`, v.unit ?? '-'].join(' | '));
    assert.deepEqual(brief('Blood glucose less than 140 mg/dL before meals.'), ['Blood glucose less than 140 mg/dL | less than | 140 | mg/dL']);
    assert.deepEqual(brief('Blood glucose between 80 and 120 mg/dL'), ['Blood glucose between 80 and 120 mg/dL | within | 80..120 | mg/dL']);
    assert.deepEqual(brief('Platelet count 150-400 x10^9/L'), ['Platelet count 150-400 x10^9/L | within | 150..400 | x10^9/L']);
    assert.deepEqual(brief('Blood glucose: 98'), ['Blood glucose: 98 | - | 98 | -']);
  });

  test('no value after the concept, a duration, or a value in the next sentence: nothing', () => {
    assert.deepEqual(values('Pneumonia 2 weeks ago.'), []);
    assert.deepEqual(values('Metformin was stopped. 500 patients.'), []);
    assert.deepEqual(values('Fever and chills, 3 episodes.'), []);
  });

  test('concepts carried in the request without usable offsets are skipped', () => {
    const doc = createDocument('Glucose 98 mg/dL.');
    doc.layers.set('concepts', [
      { type: 'umls.Test', begin: Number.NaN, end: 7, coveredText: 'Glucose' },
      { type: 'umls.Test', begin: 0, end: 7, coveredText: 'Glucose', cui: 'C1' },
    ]);
    const found = detectConceptValues(doc, compileConceptValue());
    assert.deepEqual(found.map((v) => [v.cui, v.value, v.unit]), [['C1', '98', 'mg/dL.']]);
  });

  test('requires concepts: a flow without concept_detection before it is rejected', () => {
    assert.throws(() => compilePipeline({ elements: [{ annotator: { name: 'concept_value' } }], async: false }, undefined, { annotators: [conceptValueAnnotator] }), (e: unknown) => (e as { description?: string }).description?.includes('requires concepts') === true);
  });
});
