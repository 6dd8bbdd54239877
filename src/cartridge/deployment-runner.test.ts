// The job runner and the deployment service on a real SQLite store with real archives: start/kick/
// stop, lease renewal during a slow job, internal failures (the store, the validation thread), and giving
// up on jobs that keep dying.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createSqliteStore } from '../store/sqlite/sqlite-store.js';
import type { Store } from '../store/store.js';
import { buildCartridgeFromSources } from './build-cartridge.js';
import { createDeploymentRunner, type JobFinishedEvent } from './deployment-runner.js';
import { createDeploymentService } from './deployment-service.js';

async function withSqlite(work: (store: Store) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ca-runner-'));
  const store = createSqliteStore({ file: join(dir, 'runner.sqlite') });
  await store.migrate();
  try {
    await work(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A cartridge with a profile and, when `terms` > 0, a dictionary of that many terms. */
async function cartridge(id: string, terms = 0): Promise<Buffer> {
  const rows = ['cui,preferredName,surfaceForms'];
  for (let i = 0; i < terms; i++) rows.push(`C${i},Concept ${i},term ${i}|t${i}`);
  const built = await buildCartridgeFromSources([
    { path: 'cartridge.json', text: JSON.stringify({ id, name: id, namespace: id.slice(0, id.indexOf('.')), version: 'v1.0', description: '' }) },
    { path: 'profiles/p.json', text: JSON.stringify({ id: `${id}_profile`, name: 'P', description: 'd', annotators: [{ name: 'negation' }] }) },
    ...(terms > 0 ? [{ path: 'dictionaries/terms.csv', text: rows.join('\n') }] : []),
  ]);
  assert.ok(built.archive);
  return built.archive;
}

// A guard against hanging, not a timing assertion: on a loaded machine a job's validation thread alone may take seconds to start.
const waitUntil = async (check: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

const settings = { pollIntervalMs: 60_000, leaseMs: 10_000, maxAttempts: 3 };

describe('deployment runner', () => {
  test('a started runner is kicked by a submit (no poll wait), publishes the change, and stops cleanly', () =>
    withSqlite(async (store) => {
      const events: JobFinishedEvent[] = [];
      const runner = createDeploymentRunner({ store, ...settings, onJobFinished: (e) => events.push(e) });
      const heard: string[] = [];
      const off = await store.onKnowledgeChange((t) => heard.push(t));
      const service = createDeploymentService({ store, onSubmitted: () => runner.kick() });
      runner.start();
      runner.start();
      await service.submit({ tenant: 't1', archive: await cartridge('x.one_v1.0'), mode: 'create', correlationId: 'c1', isOperator: false });
      await waitUntil(() => events.length === 1, 'the job to finish (the poll interval is a minute: only the kick can start it)');
      assert.deepEqual([events[0]?.id, events[0]?.state, events[0]?.applied, events[0]?.replicaId], ['x.one_v1.0', 'completed', true, runner.replicaId]);
      await waitUntil(() => heard.includes('t1'), 'the knowledge change');
      assert.equal((await store.getArtifact('t1', 'profile', 'x.one_v1.0_profile'))?.cartridgeId, 'x.one_v1.0');
      await runner.stop();
      await service.submit({ tenant: 't1', archive: await cartridge('x.two_v1.0'), mode: 'create', correlationId: 'c2', isOperator: false });
      runner.kick();
      await new Promise((r) => setTimeout(r, 50));
      assert.equal((await store.getDeployment('t1', 'x.two_v1.0'))?.state, 'submitted', 'a stopped runner takes no job');
      await off();
    }));

  test('the lease is renewed while a slow job runs, so no other replica can claim it', () =>
    withSqlite(async (store) => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => { release = resolve; });
      const slowStore: Store = { ...store, applyCartridge: async (...args) => { await gate; return store.applyCartridge(...args); } };
      const runner = createDeploymentRunner({ store: slowStore, ...settings, leaseMs: 150 });
      await createDeploymentService({ store }).submit({ tenant: 't', archive: await cartridge('x.slow_v1.0'), mode: 'create', correlationId: 'c', isOperator: false });
      const running = runner.runOnce();
      await new Promise((r) => setTimeout(r, 600)); // four lease lengths
      assert.equal(await store.claimDeployment('thief', 150), undefined, 'the renewed lease keeps the job');
      release();
      assert.equal(await running, true);
      assert.equal((await store.getDeployment('t', 'x.slow_v1.0'))?.state, 'completed');
    }));

  test('the tenant\'s data deleted while its job runs (DELETE /v1/user_data): the job writes nothing afterwards', () =>
    withSqlite(async (store) => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => { release = resolve; });
      const slowStore: Store = { ...store, applyCartridge: async (...args) => { await gate; return store.applyCartridge(...args); } };
      const events: JobFinishedEvent[] = [];
      const runner = createDeploymentRunner({ store: slowStore, ...settings, onJobFinished: (e) => events.push(e) });
      await createDeploymentService({ store }).submit({ tenant: 't', archive: await cartridge('x.gone_v1.0'), mode: 'create', correlationId: 'c', isOperator: false });
      const running = runner.runOnce();
      await new Promise((r) => setTimeout(r, 50));
      assert.equal((await store.getDeployment('t', 'x.gone_v1.0'))?.state, 'processing');
      assert.ok((await store.deleteTenant('t')) > 0);
      release();
      assert.equal(await running, true);
      assert.deepEqual([events[0]?.applied, events[0]?.recorded], [false, false]);
      assert.equal(await store.getArtifact('t', 'profile', 'x.gone_v1.0_profile'), undefined);
      assert.equal(await store.getDeployment('t', 'x.gone_v1.0'), undefined);
    }));

  test('an internal failure fails the job with 500 and writes nothing', () =>
    withSqlite(async (store) => {
      const brokenStore: Store = { ...store, applyCartridge: async () => { throw new Error('disk on fire'); } };
      const events: JobFinishedEvent[] = [];
      const runner = createDeploymentRunner({ store: brokenStore, ...settings, onJobFinished: (e) => events.push(e) });
      await createDeploymentService({ store }).submit({ tenant: 't', archive: await cartridge('x.broken_v1.0'), mode: 'create', correlationId: 'corr-9', isOperator: false });
      assert.equal(await runner.runOnce(), true);
      const job = await store.getDeployment('t', 'x.broken_v1.0');
      assert.deepEqual([job?.state, job?.artifactResponseCode, job?.artifactResponse[0]?.code], ['failed', 500, 500]);
      assert.match(job?.artifactResponse[0]?.description ?? '', /corr-9/);
      assert.doesNotMatch(job?.artifactResponse[0]?.description ?? '', /disk on fire/, 'internal details stay in the log');
      assert.equal(events[0]?.applied, false);
      assert.equal(await store.getArtifact('t', 'profile', 'x.broken_v1.0_profile'), undefined);
    }));

  for (const [how, validation, terms] of [
    ['runs out of time (it is terminated)', { timeoutMs: 1 }, 0],
    ['reaches its heap limit (it crashes)', { maxHeapMb: 16 }, 50_000],
  ] as const) {
    test(`a validation thread that ${how} fails the job with 500, writes nothing, and the job is not retried`, () =>
      withSqlite(async (store) => {
        const id = 'x.thread_v1.0';
        await createDeploymentService({ store }).submit({ tenant: 't', archive: await cartridge(id, terms), mode: 'create', correlationId: 'corr-7', isOperator: false });
        const errors: string[] = [];
        const logger = { info: () => {}, warn: () => {}, error: (obj: object) => errors.push(String((obj as { err?: unknown }).err)) };
        const events: JobFinishedEvent[] = [];
        const runner = createDeploymentRunner({ store, ...settings, validation, logger, onJobFinished: (e) => events.push(e) });
        assert.equal(await runner.runOnce(), true);
        const job = await store.getDeployment('t', id);
        assert.deepEqual([job?.state, job?.artifactResponseCode, job?.artifactResponse.length, job?.artifactResponse[0]?.code, job?.hasArchive], ['failed', 500, 1, 500, false]);
        assert.match(job?.artifactResponse[0]?.description ?? '', /internal error; nothing was changed.*corr-7/);
        assert.deepEqual([events[0]?.state, events[0]?.recorded, events[0]?.applied], ['failed', true, false]);
        assert.match(errors[0] ?? '', /ValidationThreadError/, 'the cause is logged');
        assert.equal(await store.getArtifact('t', 'profile', `${id}_profile`), undefined);
        assert.equal(await runner.runOnce(), false, 'a failed job is finished, not retried');
      }));
  }

  test('a job whose runners keep dying is failed after maxAttempts instead of retried forever', () =>
    withSqlite(async (store) => {
      await createDeploymentService({ store }).submit({ tenant: 't', archive: await cartridge('x.poison_v1.0'), mode: 'create', correlationId: 'c', isOperator: false });
      for (let i = 0; i < 2; i++) {
        assert.ok(await store.claimDeployment(`dead-${i}`, 1), 'a replica claims the job and dies');
        await new Promise((r) => setTimeout(r, 10));
      }
      const runner = createDeploymentRunner({ store, ...settings, maxAttempts: 2 });
      assert.equal(await runner.runOnce(), true);
      const job = await store.getDeployment('t', 'x.poison_v1.0');
      assert.deepEqual([job?.state, job?.attempts, job?.artifactResponseCode], ['failed', 3, 500]);
      assert.match(job?.artifactResponse[0]?.description ?? '', /abandoned after 2 attempts/);
      assert.equal(await store.getArtifact('t', 'profile', 'x.poison_v1.0_profile'), undefined);
    }));
});
