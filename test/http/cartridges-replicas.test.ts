// Two replicas of the service (two apps, two stores, two job runners) on ONE PostgreSQL schema:
// a deployment submitted on replica A is applied by exactly one runner, and replica B hears the
// knowledge change through LISTEN/NOTIFY. Skipped when TEST_DATABASE_URL is unset.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createDeploymentRunner, type DeploymentRunner, type JobFinishedEvent } from '../../src/cartridge/deployment-runner.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/server/app.js';
import type { AppInstance } from '../../src/server/deps.js';
import { createPostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Store } from '../../src/store/store.js';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { DEFAULT_ANALYZE_LIMITS } from '../../src/engine/analyze.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { v } from './harness.js';
import { artifactIdsOf, makeCartridge } from './cartridges-fixtures.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const skip = pgUrl === undefined || pgUrl === '' ? 'TEST_DATABASE_URL is not set' : false;

interface Replica {
  readonly name: string;
  readonly store: Store;
  readonly runner: DeploymentRunner;
  readonly app: AppInstance;
  readonly baseUrl: string;
  readonly heard: string[];
  readonly unsubscribe: () => Promise<void>;
  readonly analysis: AnalysisService;
}

async function startReplica(name: string, schema: string, finished: JobFinishedEvent[]): Promise<Replica> {
  const store = createPostgresStore({ connectionString: pgUrl!, schema, poolSize: 4 });
  await store.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', CARTRIDGE_POLL_INTERVAL_MS: '50' });
  const runner = createDeploymentRunner({ store, pollIntervalMs: 50, leaseMs: 10_000, maxAttempts: 3, replicaId: `replica-${name}`, onJobFinished: (e) => finished.push(e) });
  // Analysis on the replica's own store (inline: the workers' separate connections would not see the test schema).
  const analysis = createAnalysisService({
    store, storeConfig: { dataDir: '.' }, kbDir: '', workers: 0, timeoutMs: 30_000, maxQueue: 10,
    limits: DEFAULT_ANALYZE_LIMITS, loadKb: async () => compileTestKb(),
  });
  const app = await buildApp({ config, store, deploymentRunner: runner, analysis });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  const heard: string[] = [];
  const unsubscribe = await store.onKnowledgeChange((tenant) => heard.push(tenant));
  runner.start();
  return { name, store, runner, app, baseUrl: `http://127.0.0.1:${address.port}`, heard, unsubscribe, analysis };
}

async function stopReplica(r: Replica): Promise<void> {
  await r.runner.stop();
  await r.unsubscribe();
  await r.app.close();
  await r.analysis.close();
  await r.store.close();
}

async function post(r: Replica, tenant: string, archive: Buffer): Promise<{ status: number; body: any }> {
  const res = await fetch(`${r.baseUrl}${v('/v1/cartridges')}`, { method: 'POST', body: archive, headers: { 'content-type': 'application/octet-stream', accept: 'application/json', 'x-ibm-client-id': tenant } });
  return { status: res.status, body: await res.json() };
}

async function statusOn(r: Replica, tenant: string, id: string): Promise<any> {
  const res = await fetch(`${r.baseUrl}${v(`/v1/cartridges/${id}`)}`, { headers: { accept: 'application/json', 'x-ibm-client-id': tenant } });
  return res.json();
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('two replicas on one PostgreSQL schema', { skip }, () => {
  const schema = `ca_cart_${randomBytes(6).toString('hex')}`;
  const finished: JobFinishedEvent[] = [];
  let a: Replica;
  let b: Replica;
  before(async () => {
    a = await startReplica('a', schema, finished);
    b = await startReplica('b', schema, finished);
  });
  after(async () => {
    await Promise.all([a, b].filter((r) => r !== undefined).map(stopReplica));
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await admin.end();
    }
  });

  test('a deployment submitted on A is applied by exactly one runner; B hears the knowledge change and serves the artifacts', async () => {
    const tenant = `tenant-${randomBytes(4).toString('hex')}`;
    const id = 'test.replicated_v1.0';
    const res = await post(a, tenant, await makeCartridge({ id }));
    assert.equal(res.status, 202, JSON.stringify(res.body));
    await waitFor('B to hear the knowledge change', () => b.heard.includes(tenant));
    await waitFor('A to hear it too', () => a.heard.includes(tenant));
    // The knowledge change is announced before the job is recorded finished (the runner first has every worker
    // prepare the tenant's new knowledge), so the status may still read `processing` for a moment.
    await waitFor('the deployment to complete', async () => (await statusOn(b, tenant, id)).status !== 'processing');
    const done = await statusOn(b, tenant, id);
    assert.equal(done.status, 'completed');
    await new Promise((r) => setTimeout(r, 200)); // both runners keep polling: give a double run the chance to show
    const runs = finished.filter((e) => e.tenant === tenant);
    assert.equal(runs.length, 1, JSON.stringify(runs));
    assert.deepEqual([runs[0]?.state, runs[0]?.recorded, runs[0]?.applied], ['completed', true, true]);
    assert.equal((await b.store.getDeployment(tenant, id))?.attempts, 1);
    const profile = await fetch(`${b.baseUrl}${v(`/v1/profiles/${artifactIdsOf(id).profile}`)}`, { headers: { 'x-ibm-client-id': tenant } });
    assert.equal(profile.status, 200);
  });

  test('a dictionary deployed through A is used by analysis on B without a restart', async () => {
    const tenant = `tenant-${randomBytes(4).toString('hex')}`;
    const id = 'test.analysed_v1.0';
    const analyzeOnB = (path: string, text: string): Promise<Response> => fetch(`${b.baseUrl}${v(path)}`, {
      method: 'POST', body: text, headers: { 'content-type': 'text/plain', accept: 'application/json', 'x-ibm-client-id': tenant },
    });
    // B analyses for this tenant first, so it holds the tenant's (empty) knowledge snapshot.
    const before = await fetch(`${b.baseUrl}${v('/v1/analyze')}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-ibm-client-id': tenant },
      body: JSON.stringify({ unstructured: [{ text: 'test term 1' }], annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] }),
    });
    assert.equal(before.status, 200);
    assert.deepEqual(((await before.json()) as any).unstructured[0].data.concepts, []);

    assert.equal((await post(a, tenant, await makeCartridge({ id }))).status, 202);
    await waitFor('B to hear the knowledge change', () => b.heard.includes(tenant));
    const res = await analyzeOnB(`/v1/analyze/${artifactIdsOf(id).flow}`, 'Patient reports test term 1 and no tt2.');
    const body = (await res.json()) as any;
    assert.equal(res.status, 200, JSON.stringify(body));
    const concepts = body.unstructured[0].data.concepts as { cui: string; coveredText: string; negated: boolean }[];
    assert.deepEqual(concepts.map((c) => [c.cui, c.coveredText, c.negated]), [['C9000001', 'test term 1', false], ['C9000002', 'tt2', true]]);
  });

  test('many deployments submitted on both replicas: each is applied exactly once', async () => {
    const tenant = `tenant-${randomBytes(4).toString('hex')}`;
    const ids = Array.from({ length: 6 }, (_, i) => `test.many${i}_v1.0`);
    const archives = await Promise.all(ids.map((id) => makeCartridge({ id })));
    const results = await Promise.all(ids.map((_, i) => post(i % 2 === 0 ? a : b, tenant, archives[i]!)));
    assert.ok(results.every((r) => r.status === 202));
    await waitFor('every deployment to finish', async () => (await Promise.all(ids.map((id) => statusOn(a, tenant, id)))).every((s) => s.status === 'completed'), 20_000);
    await new Promise((r) => setTimeout(r, 200));
    const runs = finished.filter((e) => e.tenant === tenant).map((e) => e.id).sort();
    assert.deepEqual(runs, [...ids].sort());
  });
});
