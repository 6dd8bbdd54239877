// The service's default cartridge over real HTTP: built from resources/cartridges by the project's own
// builder, deployed into the system tenant as a normal asynchronous deployment (run by the app's job
// runner), idempotent on restart; the ACD compatibility aliases (wh_acd./acd. clinical insights flow,
// profile and cartridge ids) resolve read-only to it unless a tenant has its own artifact of that id;
// and the standard flow runs end to end through the alias.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { DEFAULT_CARTRIDGE_ID, DEFAULT_FLOW_ID, DEFAULT_PROFILE_ID } from '../../src/artifacts/aliases.js';
import { SYSTEM_TENANT } from '../../src/artifacts/reserved.js';
import { deployDefaultCartridge } from '../../src/cartridge/default-cartridge.js';
import { createDeploymentService } from '../../src/cartridge/deployment-service.js';
import { compileClinicalTestKb } from '../../src/engine/annotators/spell-checker/clinical-test-kb.js';
import { findAnnotator } from '../../src/engine/registry.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { startServer, uniqueTenant, v, type TestServer } from './harness.js';

const OPERATOR = { authorization: 'Bearer oper-key-0001' };
const USER = { authorization: 'Bearer user-key-0002' };
// ACD's standard flow plus `allergy` (step 2): its AllergyInd allergens make the Allergy attribute (docs/insights.md).
const STANDARD_ANNOTATORS = ['spell_checker', 'section', 'lab_value', 'medication', 'allergy', 'procedure', 'symptom_disease', 'smoking', 'concept_detection',
  'disambiguation', 'concept_value', 'negation', 'model_broker', 'attribute_detection'];

const SAMPLE_NOTE = `HISTORY OF PRESENT ILLNESS: The pateint is a 63 year old woman with a history of hypertension and type 2 diabetes mellitus.
She presents with shortness of breath and chest pain for three days. No evidence of pneumonia on chest x-ray.
MEDICATIONS: Metformin 500 mg by mouth twice daily. Lisinopril 10 mg daily.
ALLERGIES: She is allergic to penicillin.
LABS: Hemoglobin A1c 7.2%. Creatinine 1.1 mg/dL. Oxygen saturation 97% on RA.
SOCIAL HISTORY: She smokes one pack of cigarettes per day and drinks alcohol occasionally.
PLAN: Echocardiogram and follow-up in two weeks.`;

async function waitForCompletion(server: TestServer, id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const res = await server.call('GET', v(`/v1/cartridges/${id}`), { headers: USER });
    if (res.status === 200 && (res.body.status === 'completed' || res.body.status === 'failed')) return res.body as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`deployment of ${id} did not finish`);
}

describe('default cartridge and ACD compatibility aliases over HTTP', () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-default-cartridge-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileClinicalTestKb(), kbDir);
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 0, timeoutMs: 30_000, maxQueue: 10,
      limits: { maxCharsPerContainer: 50_000, maxCharsPerRequest: 50_000, maxContainers: 5 }, loadKb: () => loadKnowledgeBase(kbDir),
    });
    server = await startServer({
      store, analysis,
      env: { AUTH_MODE: 'apikey', API_KEYS: 'oper-key-0001=:operator, user-key-0002', CARTRIDGE_POLL_INTERVAL_MS: '20' },
    });
  });

  after(async () => {
    await server.close();
    await analysis.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('deployed at start into the system tenant as a normal deployment; unchanged sources submit nothing', async () => {
    const deployments = createDeploymentService({ store });
    const first = await deployDefaultCartridge(deployments, store);
    assert.equal(first.id, DEFAULT_CARTRIDGE_ID);
    assert.equal(first.action, 'submitted');
    const status = await waitForCompletion(server, DEFAULT_CARTRIDGE_ID);
    assert.equal(status.status, 'completed', JSON.stringify(status));
    assert.equal(status.artifactResponseCode, 200);
    assert.ok((await store.getArtifact(SYSTEM_TENANT, 'flow', DEFAULT_FLOW_ID)) !== undefined);
    assert.ok((await store.getArtifact(SYSTEM_TENANT, 'attribute_set', `${DEFAULT_CARTRIDGE_ID}_clinical_insights_attributes_attribute_set`)) !== undefined);
    const again = await deployDefaultCartridge(deployments, store);
    assert.deepEqual(again, { ...first, action: 'unchanged' });
    const list = await server.call('GET', v('/v1/cartridges'), { headers: USER });
    assert.ok((list.body.cartridges as { id: string }[]).some((c) => c.id === DEFAULT_CARTRIDGE_ID));
  });

  test('wh_acd./acd. flow and profile ids resolve read-only to the default cartridge, under the requested id', async () => {
    for (const ns of ['wh_acd.ibm', 'acd.acd']) {
      const flowId = `${ns}_clinical_insights_v1.0_standard_flow`;
      const flow = await server.call('GET', v(`/v1/flows/${flowId}`), { headers: USER });
      assert.equal(flow.status, 200, flow.text);
      assert.equal(flow.body.id, flowId);
      assert.equal(flow.body.name, 'Standard (v1.0)');
      assert.equal(typeof flow.body.publishedDate, 'string');
      assert.ok(Array.isArray(flow.body.annotatorFlows));
      const [entry] = flow.body.annotatorFlows as { profile: string; flow: { elements: { annotator: { name: string } }[] } }[];
      assert.equal(entry!.profile, DEFAULT_PROFILE_ID);
      assert.deepEqual(entry!.flow.elements.map((e) => e.annotator.name), STANDARD_ANNOTATORS);

      const profileId = `${ns}_clinical_insights_v1.0_profile`;
      const profile = await server.call('GET', v(`/v1/profiles/${profileId}`), { headers: USER });
      assert.equal(profile.status, 200, profile.text);
      assert.equal(profile.body.id, profileId);
      assert.ok(typeof profile.body.name === 'string' && typeof profile.body.description === 'string' && Array.isArray(profile.body.annotators));
    }
    const cartridge = await server.call('GET', v('/v1/cartridges/wh_acd.ibm_clinical_insights_v1.0'), { headers: USER });
    assert.equal(cartridge.status, 200, cartridge.text);
    assert.equal(cartridge.body.id, 'wh_acd.ibm_clinical_insights_v1.0');
    assert.equal(cartridge.body.status, 'completed');
    assert.ok(Array.isArray(cartridge.body.artifactResponse) && cartridge.body.artifactResponse.length > 0);
    assert.equal((await server.call('GET', v('/v1/cartridges/acd.acd_clinical_insights_v1.0'), { headers: USER })).body.status, 'completed');
    // Not aliases: other ids under the same prefixes, and writes.
    assert.equal((await server.call('GET', v('/v1/flows/wh_acd.ibm_covid-19_research_v1.0_covid-19_flow_flow'), { headers: USER })).status, 404);
    assert.equal((await server.call('GET', v('/v1/cartridges/wh_acd.ibm_covid-19_research_v1.0'), { headers: USER })).status, 404);
    assert.equal((await server.call('DELETE', v('/v1/flows/wh_acd.ibm_clinical_insights_v1.0_standard_flow'), { headers: USER })).status, 403);
    assert.equal((await server.call('DELETE', v('/v1/flows/wh_acd.ibm_clinical_insights_v1.0_standard_flow'), { headers: OPERATOR })).status, 404);
  });

  test("a tenant's own artifact of an alias id wins over the alias, for that tenant only", async () => {
    const tenant = uniqueTenant('own');
    const own = {
      id: 'wh_acd.ibm_clinical_insights_v1.0_standard_flow', name: 'Tenant standard flow', description: 'the tenant deployed its own',
      annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }],
    };
    const created = await server.call('POST', v('/v1/flows'), { json: own, headers: { ...OPERATOR, 'x-ibm-client-id': tenant } });
    assert.equal(created.status, 201, created.text);
    const mine = await server.call('GET', v(`/v1/flows/${own.id}`), { headers: { ...OPERATOR, 'x-ibm-client-id': tenant } });
    assert.equal(mine.body.name, 'Tenant standard flow');
    const analyzed = await server.call('POST', v(`/v1/analyze/${own.id}`), { raw: 'No evidence of pneumonia.', headers: { ...OPERATOR, 'x-ibm-client-id': tenant, 'content-type': 'text/plain' } });
    assert.equal(analyzed.status, 200, analyzed.text);
    assert.deepEqual(Object.keys(analyzed.body.unstructured[0].data), ['concepts'], 'the tenant flow ran, not the standard flow');
    const others = await server.call('GET', v(`/v1/flows/${own.id}`), { headers: USER });
    assert.equal(others.body.name, 'Standard (v1.0)');
  });

  test('the standard flow runs end to end through the alias on a sample note', async () => {
    assert.deepEqual(STANDARD_ANNOTATORS.filter((id) => findAnnotator(id) === undefined), [], 'every annotator of the standard flow is implemented');
    const res = await server.call('POST', v('/v1/analyze/wh_acd.ibm_clinical_insights_v1.0_standard_flow'), { raw: SAMPLE_NOTE, headers: { ...USER, 'content-type': 'text/plain' } });
    assert.equal(res.status, 200, res.text);
    const data = res.body.unstructured[0].data as Record<string, unknown>;
    for (const key of ['concepts', 'SymptomDiseaseInd', 'MedicationInd', 'LabValueInd', 'negatedSpans', 'attributeValues', 'spellingCorrections']) {
      assert.ok(Array.isArray(data[key]), `${key} is an array`);
    }
    const concepts = data.concepts as { begin: number; end: number; coveredText: string; cui: string }[];
    assert.ok(concepts.length > 0);
    for (const c of concepts) assert.equal(SAMPLE_NOTE.slice(c.begin, c.end), c.coveredText.replace(/&amp;/g, '&'));
    assert.ok(concepts.some((c) => c.coveredText === 'pneumonia'));
    const [corrected] = data.spellCorrectedText as { correctedText: string }[];
    assert.ok(corrected!.correctedText.includes('The patient is a 63 year old'));
    assert.ok((data.negatedSpans as unknown[]).length > 0);
  });
});
