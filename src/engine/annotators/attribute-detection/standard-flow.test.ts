// The clinical insights profile of the real cartridge driving a real pipeline: concept_detection (with the
// profile's concept inference rules, libraries and filters) over a small knowledge base, negation,
// hypothetical, model_broker and attribute_detection (with the profile's two attribute sets), serialised
// as the service answers. Checks the fields real clients read (reference §9).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileKnowledge } from '../../../knowledge/compile.js';
import { loadDefaultStopList } from '../../../knowledge/stoplist.js';
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import { createDocument } from '../../create-document.js';
import type { AcdProfile, Flow } from '../../flow-types.js';
import { compilePipeline } from '../../pipeline.js';
import type { EngineResources } from '../../resources.js';
import { serializeDocument, type JsonObject } from '../../serialize.js';
import { loadClinicalInsights } from './insight-fixture.js';

const RECORDS: readonly SourceRecord[] = [
  { source: 'TEST', ids: ['TEST:1', 'UMLS:C0011849'], preferredName: 'diabetes mellitus', names: [{ text: 'diabetes', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'TEST', ids: ['TEST:2', 'UMLS:C0032285'], preferredName: 'pneumonia', names: [], semanticTypes: ['dsyn'] },
  { source: 'TEST', ids: ['TEST:3', 'UMLS:C0025598'], preferredName: 'metformin', names: [], semanticTypes: ['phsu'] },
  { source: 'TEST', ids: ['TEST:4', 'UMLS:C0037369'], preferredName: 'Smoking', names: [{ text: 'smokes', kind: 'exact' }], semanticTypes: ['inbe'] },
  { source: 'TEST', ids: ['TEST:5', 'UMLS:C0030842'], preferredName: 'penicillin', names: [], semanticTypes: ['antb'] },
];

const FLOW: Flow = {
  async: false,
  elements: ['section', 'concept_detection', 'negation', 'hypothetical', 'model_broker', 'attribute_detection'].map((name) => ({ annotator: { name } })),
};

let resources: EngineResources;
let profile: AcdProfile;

before(async () => {
  const artifacts = await loadClinicalInsights();
  profile = artifacts.get('profile', 'acd.acd_clinical_insights_v1.0_profile') as AcdProfile;
  const kb = compileKnowledge(RECORDS, { name: 'insights-test', version: '1', sourceVersion: 'fixture', spelling: new Map(), stopList: loadDefaultStopList(), builtAt: '2026-01-01T00:00:00.000Z' });
  resources = { kb, artifacts };
});

function analyse(text: string): JsonObject {
  const pipeline = compilePipeline(FLOW, profile);
  const doc = pipeline.run(createDocument(text), resources);
  const ran = new Set(pipeline.steps.map((s) => s.annotator.id));
  return serializeDocument(doc, { returnAnalyzedText: false, producedKeys: pipeline.produces, ran }).data as JsonObject;
}

describe('attribute_detection with the clinical insights profile', () => {
  test('the profile parameters compile: both attribute sets, all six models', () => {
    const pipeline = compilePipeline(FLOW, profile);
    const ad = pipeline.steps.find((s) => s.annotator.id === 'attribute_detection');
    assert.deepEqual((ad?.params as { attribute_set: string[] }).attribute_set.length, 2);
    const mb = pipeline.steps.find((s) => s.annotator.id === 'model_broker');
    assert.equal((mb?.params as { models: string[] }).models.length, 6);
  });

  test('a visit note: attributes with values, concept uids, explicit negated flags', () => {
    const data = analyse('Patient has diabetes and takes metformin. No pneumonia. She smokes 1 ppd. Allergic to penicillin.');
    const concepts = data.concepts as JsonObject[];
    const attributes = data.attributeValues as JsonObject[];
    assert.ok(Array.isArray(attributes));
    const byText = (t: string): string[] => attributes.filter((a) => a.coveredText === t).map((a) => `${String(a.name)}=${(a.values as JsonObject[]).map((v) => v.value).join('|')}`).sort();
    assert.deepEqual(byText('diabetes'), ['Diagnosis=true']);
    assert.deepEqual(byText('metformin'), ['PrescribedMedication=true']);
    assert.deepEqual(byText('pneumonia'), []);
    assert.deepEqual(byText('smokes'), ['TobaccoUse=current']);
    assert.deepEqual(byText('penicillin'), ['MedicationAllergy=true']);
    const uids = new Map(concepts.map((c) => [c.uid, c]));
    for (const a of attributes) {
      assert.equal(typeof a.negated, 'boolean');
      assert.ok(typeof a.preferredName === 'string' && a.preferredName !== '');
      const target = uids.get((a.concept as JsonObject).uid);
      assert.ok(target !== undefined, 'concept.uid names a concept of the response');
      assert.deepEqual([target.begin, target.end], [a.begin, a.end]);
    }
    const smoking = concepts.find((c) => c.coveredText === 'smokes') as JsonObject;
    assert.ok((smoking.insightModelCandidates as string[]).includes('ICTobacco'));
    const tobacco = (smoking.insightModelData as JsonObject).tobacco as JsonObject;
    for (const k of ['exposureScore', 'usage', 'useStatus', 'nonPatientScore', 'treatmentScore']) assert.ok(tobacco[k] !== undefined, k);
  });
});
