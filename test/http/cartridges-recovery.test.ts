// Crash recovery on a real child process: `clinical-annotator serve` on a SQLite DATA_DIR is killed
// with SIGKILL while it is processing a large deployment. The store then holds either none or all
// of the cartridge's artifacts (one transaction), never a part; a restarted process claims the job
// once its lease expired and completes it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SQLITE_FILE_NAME } from '../../src/store/open-store.js';
import { createSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { ARTIFACT_KINDS, type Store } from '../../src/store/store.js';
import { VERSION } from './harness.js';
import { artifactIdsOf, makeCartridge } from './cartridges-fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TENANT = 'recovery-tenant';
const ID = 'test.recovery_v1.0';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function startServe(dataDir: string, port: number): ChildProcess {
  // The knowledge base is shared with the bench cache (built on first use; serve needs one to start).
  const kbDir = process.env.TEST_KB_DIR ?? join(ROOT, '.cache', 'kb');
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_MODE: 'none',
    KB_DIR: kbDir, ANALYSIS_WORKERS: '1', CARTRIDGE_LEASE_MS: '1500', CARTRIDGE_POLL_INTERVAL_MS: '100',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.resume();
  return child;
}

async function call(port: number, method: string, path: string, body?: Buffer): Promise<{ status: number; body: any }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}${path.includes('?') ? '&' : '?'}version=${VERSION}`, {
    method,
    headers: { accept: 'application/json', 'x-ibm-client-id': TENANT, ...(body === undefined ? {} : { 'content-type': 'application/octet-stream' }) },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function cartridgeArtifacts(store: Store): Promise<string[]> {
  const lists = await Promise.all(ARTIFACT_KINDS.map((kind) => store.listArtifacts(TENANT, kind)));
  return lists.flat().filter((a) => a.cartridgeId === ID).map((a) => a.id).sort();
}

test('SIGKILL during a deployment leaves no partial artifacts; the restarted process resumes and completes the job', { timeout: 400_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ca-recovery-'));
  const archive = await makeCartridge({ id: ID, terms: 100_000 });
  const expected = Object.values(artifactIdsOf(ID)).sort();
  let child: ChildProcess | undefined;
  try {
    const port = await freePort();
    child = startServe(dataDir, port);
    await until('the service to listen', 120_000, async () => ((await call(port, 'GET', '/v1/cartridges')).status === 200 ? true : undefined));
    const submitted = await call(port, 'POST', '/v1/cartridges', archive);
    assert.equal(submitted.status, 202, JSON.stringify(submitted.body));
    await until('the job to be processing', 30_000, async () => ((await call(port, 'GET', `/v1/cartridges/${ID}`)).body?.status === 'processing' ? true : undefined));
    child.kill('SIGKILL');
    await exited(child);
    assert.equal(child.signalCode, 'SIGKILL');

    const afterKill = createSqliteStore({ file: join(dataDir, SQLITE_FILE_NAME) });
    try {
      const found = await cartridgeArtifacts(afterKill);
      assert.ok(found.length === 0 || found.join() === expected.join(), `partial artifacts after the kill: ${found.join(', ')}`);
      const job = await afterKill.getDeployment(TENANT, ID);
      assert.deepEqual([job?.state, job?.attempts, job?.hasArchive], ['processing', 1, true], 'the job is left processing, with its archive');
    } finally {
      await afterKill.close();
    }

    const port2 = await freePort();
    child = startServe(dataDir, port2);
    const done = await until('the resumed job to finish', 180_000, async () => {
      const res = await call(port2, 'GET', `/v1/cartridges/${ID}`);
      return res.body?.status === 'completed' || res.body?.status === 'failed' ? res.body : undefined;
    });
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.artifactResponseCode, 200);
    const profile = await call(port2, 'GET', `/v1/profiles/${artifactIdsOf(ID).profile}`);
    assert.equal(profile.status, 200);
    child.kill('SIGTERM');
    await exited(child);
    child = undefined;

    const final = createSqliteStore({ file: join(dataDir, SQLITE_FILE_NAME) });
    try {
      assert.deepEqual(await cartridgeArtifacts(final), expected);
      const job = await final.getDeployment(TENANT, ID);
      assert.deepEqual([job?.state, job?.attempts, job?.hasArchive, job?.lockedBy], ['completed', 2, false, null]);
    } finally {
      await final.close();
    }
  } finally {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
