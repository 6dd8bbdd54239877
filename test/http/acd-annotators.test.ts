// The 25 ACD annotators over real HTTP (issue 20): GET /v1/annotators lists every ACD annotator id; a flow
// naming all of them in ACD's documented order analyses the README example note; and each annotator added for
// the issue (cancer, relation, named_entities, the six *_assistance) finds its kind on a note written for it.
// Real worker pool, real compiled knowledge base on disk (the small test KB with the two side tables the cancer
// and relation annotators read), real SQLite store, real socket.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { ACD_ANNOTATORS } from '../../src/engine/acd-catalogue.js';
import { sortByRunStep } from '../../src/engine/default-flow.js';
import { formatPharmActions } from '../../src/knowledge/builders/mesh-pharm-action.js';
import { formatNeoplasmSites } from '../../src/knowledge/builders/neoplasm-table.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { SIDE_TABLES } from '../../src/knowledge/side-tables.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { startServer, v, type TestServer } from './harness.js';

const README_NOTE = 'Patient is a 62-year-old man with hypertension and type 2 diabetes mellitus who reports chest pain on exertion. He '
  + 'denies shortness of breath. He takes metformin 500 mg by mouth twice daily and lisinopril 10 mg daily. He is allergic '
  + 'to penicillin. He smokes one pack of cigarettes per day. Hemoglobin 12.2 g/dL, potassium 3.1 mmol/L. An '
  + 'echocardiogram showed an ejection fraction of 35%. Rule out coronary artery disease; will consider a stress test.';

const NEW_NOTE = 'Seen by Dr. Ana Ruiz at Lakeside General Hospital in Dayton, OH. Call (555) 201-3344 or write to ana.ruiz@example.org. '
  + 'Insurance: Medicaid. Biopsy showed adenocarcinoma of the lung, stage IIIA; no evidence of metastasis. '
  + 'He takes metformin for type 2 diabetes mellitus. Edema of the left arm. '
  + 'She needs help with bathing and dressing, is unable to feed herself, wears glasses for reading, '
  + 'uses a bedside commode and walks with a walker.';

const ALL_IDS = sortByRunStep(ACD_ANNOTATORS.map((a) => a.id));

function flowOf(names: readonly string[]): unknown[] {
  return [{ flow: { elements: names.map((name) => ({ annotator: { name } })), async: false } }];
}

type Data = Record<string, Record<string, any>[]>;

describe('the 25 ACD annotators over HTTP', () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-acd-annotators-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    // side tables as the knowledge-base build writes them (rows of the ICD-10-CM neoplasm table and MeSH 2024)
    writeFileSync(join(kbDir, SIDE_TABLES.neoplasmSites), formatNeoplasmSites([{ site: 'lung', codes: ['C34.9', 'C78.0', 'D02.2', 'D14.3', 'D38.1', 'D49.1'] }]));
    writeFileSync(join(kbDir, SIDE_TABLES.pharmActions), formatPharmActions([{ name: 'metformin', meshId: 'D008687', actions: ['Hypoglycemic Agents'] }]));
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 1, timeoutMs: 60_000, maxQueue: 10,
      limits: { maxCharsPerContainer: 20_000, maxCharsPerRequest: 30_000, maxContainers: 5 },
      loadKb: () => loadKnowledgeBase(kbDir),
    });
    await analysis.warmUp();
    server = await startServer({ store, analysis });
  });

  after(async () => {
    await server.close();
    await analysis.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('GET /v1/annotators lists all 25 ACD annotator ids, and each resolves', async () => {
    const res = await server.call('GET', v('/v1/annotators'));
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ACD_ANNOTATORS.map((a) => a.id).sort());
    assert.equal(ALL_IDS.length, 25);
    for (const id of ['cancer', 'relation', 'named_entities', 'bathing_assistance', 'walking_assistance']) {
      const one = await server.call('GET', v(`/v1/annotators/${id}`));
      assert.equal(one.status, 200, id);
      assert.equal(typeof one.body.description, 'string');
    }
  });

  async function analyse(text: string, ids: readonly string[]): Promise<Data> {
    const res = await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text }], annotatorFlows: flowOf(ids) } });
    assert.equal(res.status, 200, res.text);
    return res.body.unstructured[0].data as Data;
  }

  test('a flow with all 25 annotators in the documented order analyses the README example note', async () => {
    const data = await analyse(README_NOTE, ALL_IDS);
    for (const key of ['concepts', 'relations', 'IcaCancerDiagnosisInd', 'PersonInd', 'US_PhoneNumberInd', 'BathingAssistanceInd', 'WalkingAssistanceInd', 'SmokingInd', 'MedicationInd']) {
      assert.ok(Array.isArray(data[key]), `${key} is listed`);
    }
    assert.ok(data.concepts!.length > 0);
    assert.deepEqual(data.IcaCancerDiagnosisInd, [], 'no cancer in the note');
    const uids = new Set(Object.values(data).flat().map((a) => a.uid).filter((u) => u !== undefined));
    for (const r of data.relations!) for (const n of r.nodes) assert.ok(uids.has(n.entity.uid), 'relation nodes reference annotations of the response');
  });

  test('each new annotator finds its kind on a note written for it', async () => {
    const data = await analyse(NEW_NOTE, ALL_IDS);
    const texts = (key: string): string[] => (data[key] ?? []).map((a) => {
      assert.equal(NEW_NOTE.slice(a.begin, a.end), a.coveredText, `${key} offsets`);
      assert.equal(a.type, `aci.${key}`);
      return a.coveredText as string;
    });
    assert.deepEqual(texts('PersonInd'), ['Dr. Ana Ruiz']);
    assert.deepEqual(texts('MedicalInstitutionInd'), ['Lakeside General Hospital']);
    assert.deepEqual(texts('LocationInd'), ['Dayton, OH']);
    assert.deepEqual(texts('US_PhoneNumberInd'), ['(555) 201-3344']);
    assert.deepEqual(texts('EmailAddressInd'), ['ana.ruiz@example.org']);
    assert.deepEqual(texts('OrganizationInd'), ['Medicaid']);
    const cancer = data.IcaCancerDiagnosisInd!;
    assert.deepEqual(cancer.map((c) => [c.coveredText, c.modality, c.cancer[0].behavior, c.cancer[0].icd10Code]), [
      ['adenocarcinoma of the lung', 'positive', '3', 'C34.9'],
      ['metastasis', 'negative', '6', undefined],
    ]);
    assert.deepEqual(cancer[0]!.CancerStage.map((s: any) => s.stageValue), ['IIIA']);
    const modality = (key: string): unknown[] => (data[key] ?? []).map((a) => a.modality);
    assert.deepEqual(modality('BathingAssistanceInd'), ['semi dependent']);
    assert.deepEqual(modality('DressingAssistanceInd'), ['semi dependent']);
    assert.deepEqual(modality('EatingAssistanceInd'), ['fully dependent']);
    assert.deepEqual(modality('SeeingAssistanceInd'), ['semi dependent']);
    assert.deepEqual(modality('ToiletingAssistanceInd'), ['semi dependent']);
    assert.deepEqual(modality('WalkingAssistanceInd'), ['semi dependent']);
    // relations: ACD's shape, nodes written as the uids of the concepts
    const byUid = new Map(data.concepts!.map((c) => [c.uid, c.coveredText]));
    const rels = data.relations!.map((r) => {
      assert.ok(r.score > 0);
      assert.equal(r.begin, undefined);
      return `${r.type}(${r.nodes.map((n: any) => byUid.get(n.entity.uid)).join(',')})`;
    });
    assert.ok(rels.includes('may_treat(metformin,type 2 diabetes mellitus)'), rels.join(' '));
    assert.ok(rels.some((r) => r.startsWith('has_finding_site(Edema,')), rels.join(' '));
  });
});
