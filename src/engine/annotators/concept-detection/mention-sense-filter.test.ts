// concept_detection with the mention rules (mention-sense-filter.ts) on a small compiled knowledge base: figure
// references give no concept, analytes measured and foods lose their drug types, drug-group catalogue entries give
// way to another concept at their span, and drugs given stay drugs.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { compileKnowledge } from '../../../knowledge/compile.js';
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import { createDocument } from '../../create-document.js';
import { parseAnnotatorParams } from '../../params.js';
import { NO_ARTIFACTS, type EngineResources } from '../../resources.js';
import { conceptDetection } from './concept-detection.js';

const RECORDS: SourceRecord[] = [
  { source: 'DRUGBANK', ids: ['DRUGBANK:DB10633'], preferredName: 'Fig', names: [{ text: 'fig', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'DRUGBANK', ids: ['DRUGBANK:DB11846'], preferredName: 'Creatinine', names: [{ text: 'creatinine', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:11295'], preferredName: 'water', names: [{ text: 'water', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:891658'], preferredName: 'peanut allergenic extract', names: [{ text: 'peanuts', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:6809', 'UMLS:C0025598'], preferredName: 'Metformin', names: [{ text: 'metformin', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'DRUGBANK', ids: ['DRUGBANK:DB00001'], preferredName: 'Bilirubin', names: [{ text: 'bilirubin', kind: 'exact' }], semanticTypes: ['phsu', 'orch'] },
  { source: 'LNC', ids: ['LNC:1975-2'], preferredName: 'Bilirubin.total', names: [{ text: 'bilirubin', kind: 'exact' }], semanticTypes: ['lbpr'] },
  { source: 'DRUGBANK', ids: ['DRUGBANK:DB00002'], preferredName: 'Insulin', names: [{ text: 'insulin', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'LNC', ids: ['LNC:20448-7'], preferredName: 'Insulin [Units/volume]', names: [{ text: 'insulin', kind: 'exact' }], semanticTypes: ['lbpr'] },
  { source: 'NCI', ids: ['NCIT:C15313'], preferredName: 'Radiation Therapy', names: [{ text: 'radiation therapy', kind: 'exact' }], semanticTypes: ['phsu', 'topp'] },
  { source: 'DOID', ids: ['DOID:2043'], preferredName: 'hepatitis B', names: [{ text: 'hepatitis B', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'NCIT', ids: ['NCIT:C12421'], preferredName: 'Oral Cavity', names: [{ text: 'oral', kind: 'exact' }], semanticTypes: ['bpoc'] },
  { source: 'NCIT', ids: ['NCIT:C12438'], preferredName: 'Central Nervous System', names: [{ text: 'central nervous system', kind: 'exact' }], semanticTypes: ['bpoc'] },
  { source: 'PHARMGKB', ids: ['PHARMGKB:PA164712603', 'ATC:V09A'], preferredName: 'Central Nervous System', names: [{ text: 'central nervous system', kind: 'exact' }], semanticTypes: ['phsu'] },
];

const kb = compileKnowledge(RECORDS, { name: 'test-kb', version: '1', sourceVersion: 't1' });

function detect(text: string): string[] {
  const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
  const compiled = conceptDetection.init(resources);
  const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, {});
  const result = conceptDetection.run(createDocument(text), params, compiled, { resources, configurations: [] });
  return (result.add?.concepts ?? []).map((c) => `${String(c.coveredText)}:${String(c.semanticType)}:${String(c.type)}`);
}

describe('concept_detection: mention rules', () => {
  test('nothing inside a figure reference is a concept', () => {
    assert.deepEqual(detect('The lesion enhanced (Fig. 2) after metformin.'), ['metformin:phsu:umls.PharmacologicSubstance']);
  });
  test('an analyte measured keeps a substance type, not a drug type; a drug with a dose stays a drug', () => {
    assert.deepEqual(detect('Creatinine 1.2 mg/dL; metformin 500 mg twice daily.'), [
      'Creatinine:bacs:umls.BiologicallyActiveSubstance',
      'metformin:phsu:umls.PharmacologicSubstance',
    ]);
  });
  test('foods and water are reported as food and substance; an allergenic extract is read as its source', () => {
    assert.deepEqual(detect('He drinks water. Allergic to peanuts.'), ['water:sbst:umls.Substance', 'peanuts:food:umls.Food']);
  });
  test('a drug-group catalogue entry gives way to another concept at its span', () => {
    assert.deepEqual(detect('No central nervous system involvement.'), ['central nervous system:bpoc:umls.BodyPartOrganOrOrganComponent']);
  });
  test('a name that also names a lab test is the analyte without drug context, a drug with it', () => {
    assert.deepEqual(detect('Adequate liver function with bilirubin within limits.').sort(), ['bilirubin:bacs:umls.BiologicallyActiveSubstance', 'bilirubin:lbpr:umls.LaboratoryProcedure'].sort());
    assert.ok(detect('insulin therapy was started').includes('insulin:phsu:umls.PharmacologicSubstance'));
    assert.ok(!detect('insulin-dependent for years').some((c) => c.includes('phsu')));
  });
  test('a concept that is a procedure and a drug is the procedure', () => {
    assert.deepEqual(detect('No prior radiation therapy.'), ['radiation therapy:topp:umls.TherapeuticOrPreventiveProcedure']);
  });
  test('a disorder name before a test head names the test: no problem reported', () => {
    assert.deepEqual(detect('Hepatitis B serology reviewed.'), []);
    assert.deepEqual(detect('Hepatitis B - 1 viral load below 50 copies.'), []);
    assert.deepEqual(detect('History of hepatitis B since 2001.'), ['hepatitis B:dsyn:umls.DiseaseOrSyndrome']);
  });
  test('a route word beside a drug or a dose names the route, not the body part', () => {
    assert.deepEqual(detect('Started oral metformin.'), ['metformin:phsu:umls.PharmacologicSubstance']);
    assert.deepEqual(detect('Given 5 mg oral daily.'), []);
    assert.deepEqual(detect('Ulcers in the oral mucosa were seen.'), ['oral:bpoc:umls.BodyPartOrganOrOrganComponent']);
  });
  test('a common-word drug name without drug context is no drug', () => {
    assert.deepEqual(detect('She ate a fig yesterday.'), ['fig:food:umls.Food']);
  });
});
