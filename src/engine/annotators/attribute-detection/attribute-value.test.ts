import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Annotation } from '../../document.js';
import { ATTRIBUTE_CODE_FIELDS, attributeValue, type AttributeSource } from './attribute-value.js';

const FROM: AttributeSource = { setName: 'set', setVersion: 'v1.0', attributeName: 'Diagnosis', ruleId: 'set:diagnosis:pv0:f0', layer: 'concepts' };

function codesOf(a: Annotation): [string, unknown][] {
  return Object.entries(a).filter(([k]) => ATTRIBUTE_CODE_FIELDS.includes(k) || k === 'rxNormID');
}

describe('attributeValue', () => {
  test('medical codes: every non-empty code field of the source, in ATTRIBUTE_CODE_FIELDS order', () => {
    // Fields in another order than ATTRIBUTE_CODE_FIELDS, with empty and blank ones.
    const source: Annotation = { type: 't', begin: 0, end: 3, coveredText: 'flu', hccCode: '12', snomedConceptId: '6142004', icd9Code: '', icd10Code: 'J11.1', meshId: '  ', ccsCode: '123' };
    const out = attributeValue(source, FROM, [{ value: 'true' }], true);
    assert.deepEqual(codesOf(out), [['icd10Code', 'J11.1'], ['snomedConceptId', '6142004'], ['ccsCode', '123'], ['hccCode', '12']]);
    assert.deepEqual(codesOf(attributeValue(source, FROM, [{ value: 'true' }], false)), []);
  });

  test('rxNormID of aci annotations is written rxNormId, unless the source has rxNormId', () => {
    const aci: Annotation = { type: 'aci.MedicationInd', begin: 0, end: 7, coveredText: 'aspirin', rxNormID: '1191', cui: 'C0004057' };
    assert.deepEqual(codesOf(attributeValue(aci, FROM, [{ value: 'true' }], true)), [['rxNormId', '1191']]);
    const both: Annotation = { ...aci, rxNormId: '243670' };
    assert.deepEqual(codesOf(attributeValue(both, FROM, [{ value: 'true' }], true)), [['rxNormId', '243670']]);
    assert.deepEqual(codesOf(attributeValue({ ...aci, rxNormID: '' }, FROM, [{ value: 'true' }], true)), []);
  });

  test('context data is the source\'s own (read only, not copied); the source is untouched', () => {
    const insight = { diagnosis: { usage: { explicitScore: 0.9 }, evidence: [{ begin: 1, end: 2 }] } };
    const temporal = [{ begin: 5, end: 9, coveredText: '2019' }];
    const source: Annotation = { type: 't', begin: 0, end: 3, coveredText: 'flu', insightModelData: insight, disambiguationData: { validity: 'VALID' }, temporal };
    const before = structuredClone(source);
    const out = attributeValue(source, FROM, [{ value: 'true' }], false);
    assert.equal(out.insightModelData, insight);
    assert.equal(out.temporal, temporal);
    assert.deepEqual(out.disambiguationData, { validity: 'VALID' });
    assert.equal(out.concept, source);
    assert.deepEqual(source, before);
    // Not a context object: no field of the source is carried over.
    assert.equal(attributeValue({ ...source, insightModelData: [1], temporal: 'x' }, FROM, [{ value: 'true' }], false).insightModelData, undefined);
  });
});
