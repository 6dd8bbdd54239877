// FHIR R4 output over real HTTP: the standard flow (default cartridge, through the ACD alias) on the
// default knowledge base that `npm test` prepares (.cache/kb), real-looking notes, every bundle validated
// against the FHIR R4 schema and the mapping's invariants; the ACI-Bench development notes too.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseCsv } from '../../eval/lib/csv.js';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { deployDefaultCartridge } from '../../src/cartridge/default-cartridge.js';
import { createDeploymentService } from '../../src/cartridge/deployment-service.js';
import { checkKnowledgeBase, loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { REPOSITORY_ROOT } from '../../src/repository-root.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { validateFhir } from '../fhir/fhir-validator.js';
import { startServer, v, type TestServer } from './harness.js';

type Json = Record<string, any>;

const KB_DIR = join(REPOSITORY_ROOT, '.cache/kb');
const kbMissing = (await checkKnowledgeBase(KB_DIR)).state === 'ok' ? false : 'no knowledge base in .cache/kb (npm test prepares it)';
const ACI_BENCH = join(REPOSITORY_ROOT, '..', 'shared', 'eval', 'aci-bench', 'valid.csv');
const STANDARD = '/v1/analyze/wh_acd.ibm_clinical_insights_v1.0_standard_flow';

const README_NOTE = 'Patient is a 62-year-old man with hypertension and type 2 diabetes mellitus who reports chest pain on exertion. He denies shortness of breath. '
  + 'He takes metformin 500 mg by mouth twice daily and lisinopril 10 mg daily. He is allergic to penicillin. He smokes one pack of cigarettes per day. '
  + 'Hemoglobin 12.2 g/dL, potassium 3.1 mmol/L. An echocardiogram showed an ejection fraction of 35%. Rule out coronary artery disease; will consider a stress test.';

function resources(bundle: Json, type: string): Json[] {
  return (bundle.entry as Json[]).map((e) => e.resource).filter((r) => r.resourceType === type);
}

function code(concept: Json | undefined): string | undefined {
  return concept?.coding?.[0]?.code;
}

describe('FHIR output over HTTP', { skip: kbMissing }, () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-fhir-'));
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir: KB_DIR, workers: 1, timeoutMs: 60_000, maxQueue: 50,
      limits: { maxCharsPerContainer: 50_000, maxCharsPerRequest: 200_000, maxContainers: 10 },
    });
    server = await startServer({ store, analysis, env: { CARTRIDGE_POLL_INTERVAL_MS: '20' } });
    await deployDefaultCartridge(createDeploymentService({ store }), store);
    for (let i = 0; i < 400; i++) {
      const res = await server.call('GET', v('/v1/flows/wh_acd.ibm_clinical_insights_v1.0_standard_flow'));
      if (res.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  after(async () => {
    await server?.close();
    await analysis?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function fhir(text: string, query = ''): Promise<Json> {
    const res = await server.call('POST', `${v(STANDARD)}&output=fhir${query}`, { raw: text, headers: { 'content-type': 'text/plain' } });
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-type') ?? '', /^application\/fhir\+json; fhirVersion=4\.0/);
    assert.deepEqual(validateFhir(res.body), [], `invalid bundle for: ${text.slice(0, 80)}`);
    return res.body as Json;
  }

  test('the README note: conditions (confirmed, refuted, unconfirmed), medications with dosage, allergy, labs, smoking, procedures', async () => {
    const bundle = await fhir(README_NOTE, '&subject=Patient/example');
    assert.equal(bundle.type, 'collection');
    const conditions = new Map(resources(bundle, 'Condition').map((c) => [c.code.text, c]));
    assert.equal(code(conditions.get('hypertension')?.verificationStatus), 'confirmed');
    assert.ok(conditions.get('hypertension')!.code.coding.some((c: Json) => c.system === 'http://hl7.org/fhir/sid/icd-10-cm'));
    const refuted = resources(bundle, 'Condition').filter((c) => code(c.verificationStatus) === 'refuted');
    assert.ok(refuted.some((c) => /breath|dyspn/i.test(c.code.text)), JSON.stringify(refuted.map((c) => c.code.text)));
    assert.equal(code(conditions.get('coronary artery disease')?.verificationStatus), 'unconfirmed');
    const metformin = resources(bundle, 'MedicationStatement').find((m) => m.medicationCodeableConcept.text === 'metformin')!;
    assert.equal(metformin.status, 'active');
    assert.ok(metformin.medicationCodeableConcept.coding.some((c: Json) => c.system === 'http://www.nlm.nih.gov/research/umls/rxnorm' && c.code === '6809'));
    assert.deepEqual(metformin.dosage[0].doseAndRate[0].doseQuantity, { value: 500, unit: 'mg', system: 'http://unitsofmeasure.org', code: 'mg' });
    assert.equal(metformin.dosage[0].timing.repeat.frequency, 2);
    assert.deepEqual(metformin.subject, { reference: 'Patient/example' });
    const [allergy] = resources(bundle, 'AllergyIntolerance');
    assert.match(allergy!.code.text, /penicillin/);
    assert.ok(!resources(bundle, 'MedicationStatement').some((m) => /penicillin/.test(m.medicationCodeableConcept.text)), 'an allergen is not a medication taken');
    const observations = resources(bundle, 'Observation');
    const potassium = observations.find((o) => o.code.text === 'potassium')!;
    assert.deepEqual(potassium.valueQuantity, { value: 3.1, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' });
    assert.equal(code(potassium.interpretation[0]), 'A');
    assert.equal(code(observations.find((o) => code(o.code) === '72166-2')?.valueCodeableConcept), '77176002');
    const procedures = new Map(resources(bundle, 'Procedure').map((p) => [p.code.text, p.status]));
    assert.equal(procedures.get('stress test'), 'preparation');
    assert.equal(procedures.get('echocardiography'), 'completed');
  });

  test('family history, a stopped drug and a procedure not done', async () => {
    const bundle = await fhir('Her mother has type 2 diabetes and her father had a myocardial infarction. Aspirin was discontinued last month. No colonoscopy was done.');
    const histories = resources(bundle, 'FamilyMemberHistory');
    assert.deepEqual(histories.map((h) => code(h.relationship)).sort(), ['FTH', 'MTH']);
    assert.ok(!resources(bundle, 'Condition').some((c) => /diabetes|infarction/.test(c.code.text)), 'relatives\' conditions are not the patient\'s');
    assert.equal(resources(bundle, 'MedicationStatement').find((m) => /aspirin|acetylsalicylic/i.test(m.medicationCodeableConcept.text))?.status, 'stopped');
    assert.equal(resources(bundle, 'Procedure').find((p) => /colonoscopy/i.test(p.code.text))?.status, 'not-done');
  });

  test('a transaction bundle with subject and encounter, ready to post; several containers give a collection of bundles', async () => {
    const bundle = await fhir(README_NOTE, '&fhir_bundle_type=transaction&subject=Patient/p1&encounter=Encounter/e1&include_text=true');
    assert.equal(bundle.type, 'transaction');
    for (const e of bundle.entry as Json[]) assert.deepEqual(e.request, { method: 'POST', url: e.resource.resourceType });
    const [document] = resources(bundle, 'DocumentReference');
    assert.equal(Buffer.from(document!.content[0].attachment.data, 'base64').toString('utf8'), README_NOTE);

    const res = await server.call('POST', `${v('/v1/analyze')}&output=fhir`, {
      json: { annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'negation' } }], async: false } }], unstructured: [{ text: 'No fever.' }, { text: 'Asthma.' }] },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(validateFhir(res.body), []);
    assert.equal(res.body.type, 'collection');
    assert.deepEqual(res.body.entry.map((e: Json) => e.resource.resourceType), ['Bundle', 'Bundle']);
  });

  test('bad FHIR parameters answer 400 with the error body; without output the ACD JSON is unchanged', async () => {
    for (const [query, words] of [['&output=fhir&subject=Bob', 'subject must be'], ['&output=xml', 'output'], ['&output=fhir&fhir_bundle_type=batch', 'fhir_bundle_type']] as const) {
      const res = await server.call('POST', `${v(STANDARD)}${query}`, { raw: 'Asthma.', headers: { 'content-type': 'text/plain' } });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.code, 400);
      assert.match(res.body.description, new RegExp(words));
      assert.equal(typeof res.body.correlationId, 'string');
    }
    const acd = await server.call('POST', v(STANDARD), { raw: 'Asthma.', headers: { 'content-type': 'text/plain' } });
    assert.equal(acd.status, 200);
    assert.match(acd.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(Array.isArray(acd.body.unstructured));
  });

  test('the ACI-Bench development notes: every bundle valid', { skip: (() => { try { readFileSync(ACI_BENCH); return false; } catch { return 'ACI-Bench not beside the repository'; } })() }, async () => {
    const notes = parseCsv(readFileSync(ACI_BENCH, 'utf8')).map((r) => r.note ?? '').filter((n) => n.trim() !== '');
    assert.ok(notes.length >= 20);
    let resourcesSeen = 0;
    for (const note of notes) resourcesSeen += ((await fhir(note, '&subject=Patient/aci')).entry as Json[]).length;
    assert.ok(resourcesSeen > notes.length * 10, `only ${resourcesSeen} resources`);
  });
});
