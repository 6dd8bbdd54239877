// POST /v1/analyze and /v1/analyze/{flow_id} over real HTTP, with the real analysis service: a worker
// thread pool loading a real compiled knowledge base (the small test KB written to disk), a real SQLite
// store shared with the workers, persisted flows and profiles, limits, time budget and recycling.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { assertServiceError, startServer, uniqueTenant, v, type TestServer } from './harness.js';

const LIMITS = { maxCharsPerContainer: 20_000, maxCharsPerRequest: 30_000, maxContainers: 5 };

function flowOf(...names: string[]): unknown[] {
  return [{ flow: { elements: names.map((name) => ({ annotator: { name } })), async: false } }];
}

interface Concept { cui: string; begin: number; end: number; coveredText: string; negated?: boolean; icd10Code?: string; meshId?: string }

describe('analysis over HTTP with a worker pool', () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-analyze-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 2, timeoutMs: 30_000, maxQueue: 100, limits: LIMITS,
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

  test('POST /v1/analyze returns concepts with exact offsets and echoes annotatorFlows', async () => {
    const text = 'Patient denies headache. Type 2 diabetes mellitus on metformin.';
    const annotatorFlows = flowOf('concept_detection', 'negation');
    const res = await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text }], annotatorFlows } });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.annotatorFlows, annotatorFlows);
    assert.equal(res.body.unstructured.length, 1);
    assert.equal(res.body.unstructured[0].text, undefined, 'text only with return_analyzed_text=true');
    const concepts = res.body.unstructured[0].data.concepts as Concept[];
    for (const c of concepts) assert.equal(text.slice(c.begin, c.end), c.coveredText);
    const headache = concepts.find((c) => c.coveredText === 'headache');
    assert.ok(headache, JSON.stringify(concepts));
    assert.equal(headache.negated, true);
    const metformin = concepts.find((c) => c.coveredText === 'metformin');
    assert.equal(metformin?.cui, 'C0025598');
    assert.equal(metformin?.negated, false);
    assert.ok(Array.isArray(res.body.unstructured[0].data.negatedSpans));
  });

  test('return_analyzed_text echoes the text; several containers keep their order; Unicode offsets stay exact', async () => {
    const texts = ['Ödem? No: 😀 diabetes here.\r\nAlso 糖尿病 and metformin.', '', 'headache'];
    const res = await server.call('POST', v('/v1/analyze?return_analyzed_text=true'), {
      json: { unstructured: texts.map((text) => ({ text })), annotatorFlows: flowOf('concept_detection') },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.unstructured.map((c: { text: string }) => c.text), texts);
    texts.forEach((text, i) => {
      for (const c of (res.body.unstructured[i].data?.concepts ?? []) as Concept[]) assert.equal(text.slice(c.begin, c.end), c.coveredText);
    });
    assert.deepEqual(res.body.unstructured[1].data?.concepts ?? [], [], 'empty text gives an empty result, not an error');
  });

  test('persisted flow with its profile: text/plain, JSON and a body without content type', async () => {
    const tenant = uniqueTenant();
    const headers = { 'x-ibm-client-id': tenant };
    const profile = { id: 'codes-profile', name: 'codes', annotators: [{ name: 'concept_detection', parameters: { include_optional_fields: ['medical_codes'] } }] };
    const flow = { id: 'codes-flow', name: 'codes flow', annotatorFlows: [{ profile: 'codes-profile', flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] };
    assert.equal((await server.call('POST', v('/v1/profiles'), { json: profile, headers })).status, 201);
    assert.equal((await server.call('POST', v('/v1/flows'), { json: flow, headers })).status, 201);

    const text = 'History of type 2 diabetes mellitus.';
    const plain = await server.call('POST', v('/v1/analyze/codes-flow'), { raw: text, headers: { ...headers, 'content-type': 'text/plain' } });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.annotatorFlows, undefined);
    const dm = (plain.body.unstructured[0].data.concepts as Concept[]).find((c) => c.cui === 'C0011860');
    assert.equal(dm?.icd10Code, 'E11', 'the profile parameter include_optional_fields=medical_codes is merged in');

    const json = await server.call('POST', v('/v1/analyze/codes-flow'), { json: { unstructured: [{ text }] }, headers });
    assert.deepEqual(json.body.unstructured, plain.body.unstructured);
    const sniffed = await server.call('POST', v('/v1/analyze/codes-flow'), { raw: new TextEncoder().encode(JSON.stringify({ unstructured: [{ text }] })), headers });
    assert.equal(sniffed.status, 200, sniffed.text);
    assert.deepEqual(sniffed.body.unstructured, plain.body.unstructured);

    // Another tenant does not see this flow.
    assertServiceError(await server.call('POST', v('/v1/analyze/codes-flow'), { raw: text, headers: { 'x-ibm-client-id': uniqueTenant(), 'content-type': 'text/plain' } }), 404);
  });

  test('a persisted flow or profile changed, deleted or created is what the very next analysis uses', async () => {
    const tenant = uniqueTenant();
    const headers = { 'x-ibm-client-id': tenant };
    const text = 'Patient denies headache. History of type 2 diabetes mellitus.';
    const analyse = () => server.call('POST', v('/v1/analyze/edited-flow'), { raw: text, headers: { ...headers, 'content-type': 'text/plain' } });
    const keys = (res: { body: { unstructured: { data: Record<string, unknown> }[] } }): string[] => Object.keys(res.body.unstructured[0]!.data).sort();
    assertServiceError(await analyse(), 404); // remembered as absent...
    const flow = (names: string[], profile?: string) => ({ id: 'edited-flow', name: 'edited', annotatorFlows: [{ ...(profile === undefined ? {} : { profile }), flow: { elements: names.map((name) => ({ annotator: { name } })), async: false } }] });
    assert.equal((await server.call('POST', v('/v1/flows'), { json: flow(['concept_detection']), headers })).status, 201);
    let res = await analyse(); // ...until it is created
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(keys(res), ['concepts']);
    assert.equal((await server.call('PUT', v('/v1/flows/edited-flow'), { json: flow(['concept_detection', 'negation']), headers })).status, 200);
    res = await analyse();
    assert.deepEqual(keys(res), ['concepts', 'negatedSpans']);

    // A profile the flow names: its parameters change with it.
    const profile = (fields: string[]) => ({ id: 'edited-profile', name: 'p', annotators: [{ name: 'concept_detection', parameters: { include_optional_fields: fields } }] });
    assert.equal((await server.call('POST', v('/v1/profiles'), { json: profile(['medical_codes']), headers })).status, 201);
    assert.equal((await server.call('PUT', v('/v1/flows/edited-flow'), { json: flow(['concept_detection'], 'edited-profile'), headers })).status, 200);
    const code = async (): Promise<string | undefined> => ((await analyse()).body.unstructured[0].data.concepts as Concept[]).find((c) => c.cui === 'C0011860')?.icd10Code;
    assert.equal(await code(), 'E11', 'medical codes with the profile');
    assert.equal((await server.call('PUT', v('/v1/profiles/edited-profile'), { json: profile([]), headers })).status, 200);
    assert.equal(await code(), undefined, 'no medical codes once the profile drops them');

    assert.equal((await server.call('DELETE', v('/v1/flows/edited-flow'), { headers })).status, 200);
    assertServiceError(await analyse(), 404);
  });

  test('profiles and flows whose ids name Object.prototype properties (__proto__, constructor) are listed and applied', async () => {
    const headers = { 'x-ibm-client-id': uniqueTenant() };
    for (const id of ['__proto__', 'constructor']) {
      const profile = { id, name: id, annotators: [{ name: 'concept_detection', parameters: { include_optional_fields: ['medical_codes'] } }] };
      assert.equal((await server.call('POST', v('/v1/profiles'), { json: profile, headers })).status, 201);
      const flow = { id, name: id, annotatorFlows: [{ profile: id, flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] };
      assert.equal((await server.call('POST', v('/v1/flows'), { json: flow, headers })).status, 201);
    }
    for (const path of ['/v1/profiles', '/v1/flows']) {
      const listed = await server.call('GET', v(path), { headers });
      assert.ok(listed.text.includes('"__proto__":{') && listed.text.includes('"constructor":{'), `${path}: ${listed.text}`);
    }
    for (const id of ['__proto__', 'constructor']) {
      const byFlow = await server.call('POST', v(`/v1/analyze/${id}`), { raw: 'diabetes', headers: { ...headers, 'content-type': 'text/plain' } });
      assert.equal((byFlow.body.unstructured[0].data.concepts as Concept[])[0]?.meshId, 'D003920', `flow ${id} with its profile: ${byFlow.text}`);
      const byProfile = await server.call('POST', v('/v1/analyze'), { json: { profile: id, unstructured: [{ text: 'diabetes' }], annotatorFlows: flowOf('concept_detection') }, headers });
      assert.equal((byProfile.body.unstructured[0].data.concepts as Concept[])[0]?.meshId, 'D003920', `profile ${id}: ${byProfile.text}`);
    }
  });

  test('a profile id in the body applies to flows that name none; unknown profile and flow are 404', async () => {
    const tenant = uniqueTenant();
    const headers = { 'x-ibm-client-id': tenant };
    const profile = { id: 'p-mesh', name: 'mesh', annotators: [{ name: 'concept_detection', parameters: { include_optional_fields: ['medical_codes'] } }] };
    assert.equal((await server.call('POST', v('/v1/profiles'), { json: profile, headers })).status, 201);
    const res = await server.call('POST', v('/v1/analyze'), { json: { profile: 'p-mesh', unstructured: [{ text: 'diabetes' }], annotatorFlows: flowOf('concept_detection') }, headers });
    assert.equal(res.status, 200, res.text);
    assert.equal((res.body.unstructured[0].data.concepts as Concept[])[0]?.meshId, 'D003920');
    assertServiceError(await server.call('POST', v('/v1/analyze'), { json: { profile: 'nope', unstructured: [{ text: 'x' }], annotatorFlows: flowOf('concept_detection') }, headers }), 404);
    assertServiceError(await server.call('POST', v('/v1/analyze/no-such-flow'), { raw: 'x', headers: { ...headers, 'content-type': 'text/plain' } }), 404);
  });

  test('invalid flows and bodies are 400 with the error body; limits are 413', async () => {
    assertServiceError(await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: 'x' }] } }), 400, /annotatorFlows/);
    assertServiceError(await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: 'x' }], annotatorFlows: flowOf('concept_discovery') } }), 400, /concept_discovery/);
    assertServiceError(await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: 42 }], annotatorFlows: flowOf('concept_detection') } }), 400);
    assertServiceError(await server.call('POST', v('/v1/analyze'), { raw: '{"unstructured": [', headers: { 'content-type': 'application/json' } }), 400);
    assertServiceError(await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: 'a'.repeat(LIMITS.maxCharsPerContainer + 1) }], annotatorFlows: flowOf('concept_detection') } }), 413, /20,000/);
    const many = Array.from({ length: LIMITS.maxContainers + 1 }, () => ({ text: 'x' }));
    assertServiceError(await server.call('POST', v('/v1/analyze'), { json: { unstructured: many, annotatorFlows: flowOf('concept_detection') } }), 413);
    assertServiceError(await server.call('POST', v('/v1/analyze'), { raw: 'text', headers: { 'content-type': 'text/plain' } }), 415);
  });

  test('health checks and artifact writes answer while the workers are saturated', async () => {
    const note = 'Type 2 diabetes mellitus and headache, no oedema. '.repeat(350);
    const body = { unstructured: [{ text: note }], annotatorFlows: flowOf('concept_detection', 'negation') };
    let analysesDone = 0;
    const load = Array.from({ length: 24 }, () => server.call('POST', v('/v1/analyze'), { json: body }).then((r) => {
      assert.equal(r.status, 200, r.text);
      analysesDone += 1;
    }));
    const health = await server.call('GET', '/v1/status/health_check');
    const write = await server.call('POST', v('/v1/profiles'), { json: { id: '', name: 'During Load', annotators: [] }, headers: { 'x-ibm-client-id': uniqueTenant() } });
    const doneWhenAnswered = analysesDone;
    await Promise.all(load);
    assert.equal(health.status, 200);
    assert.equal(write.status, 201, write.text);
    assert.ok(doneWhenAnswered < 24, 'the health check and the write were answered before the queued analyses finished');
  });
});

describe('analysis time budget', () => {
  test('a request over its budget is cancelled with 504 and the worker is recycled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ca-analyze-timeout-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    const store = await openStore({ dataDir: dir });
    // A budget far below what a large request needs, but enough for a tiny one once the worker is warm.
    const analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 1, timeoutMs: 1_000, maxQueue: 10,
      limits: { maxCharsPerContainer: 5_000_000, maxCharsPerRequest: 10_000_000, maxContainers: 5 },
    });
    await analysis.warmUp();
    const server = await startServer({ store, analysis, env: { ANALYSIS_BODY_LIMIT_BYTES: String(64 * 1024 * 1024) } });
    try {
      const huge = 'Type 2 diabetes mellitus with headache and oedema, denies cold. '.repeat(60_000);
      const slow = await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: huge }, { text: huge }], annotatorFlows: flowOf('concept_detection', 'negation') } });
      assertServiceError(slow, 504, /time budget/);
      // The recycled worker loads the knowledge base again and serves the next request.
      await analysis.warmUp();
      const ok = await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: 'diabetes' }], annotatorFlows: flowOf('concept_detection') } });
      assert.equal(ok.status, 200, ok.text);
    } finally {
      await server.close();
      await analysis.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
