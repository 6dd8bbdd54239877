// The `serve` command as a real process: starts on the configured port with a SQLite store in
// DATA_DIR, answers HTTP, and exits 0 after SIGTERM. Also `--help` and a bad configuration.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const cli = ['--import', 'tsx', join(root, 'src/cli/main.ts')];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address !== null && typeof address === 'object');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

test('--help lists the commands; an unknown command exits 2', () => {
  const help = spawnSync(process.execPath, [...cli, '--help'], { cwd: root, encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /serve\s+Start the HTTP service/);
  const unknown = spawnSync(process.execPath, [...cli, 'no-such-command'], { cwd: root, encoding: 'utf8' });
  assert.equal(unknown.status, 2);
});

test('serve with a bad configuration exits 2 naming the variable', () => {
  const res = spawnSync(process.execPath, [...cli, 'serve'], { cwd: root, encoding: 'utf8', env: { ...process.env, PORT: 'eighty', DATABASE_URL: '' } });
  assert.equal(res.status, 2);
  assert.match(res.stderr, /PORT/);
});

test('serve listens, answers, and shuts down cleanly on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ca-serve-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...cli, 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', AUTH_MODE: 'none',
      // The knowledge base `npm test` prepares once (pretest), instead of a build per data directory.
      KB_DIR: process.env.TEST_KB_DIR ?? join(root, '.cache', 'kb'), ANALYSIS_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Wait for the ready line (guard against hanging, not a timing assertion: a loaded machine may take a minute under tsx).
    for (const deadline = Date.now() + 120_000; Date.now() < deadline && !output.includes('clinical-annotator ready') && child.exitCode === null;) await new Promise((r) => setTimeout(r, 100));
    assert.match(output, /clinical-annotator ready/);
    const res = await fetch(`http://127.0.0.1:${port}/v1/status/health_check`);
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { serviceState: string }).serviceState, 'OK');
    assert.ok(existsSync(join(dataDir, 'clinical-annotator.sqlite')));
    // The access line reaches this process through a pipe, possibly after the response did.
    const accessLine = (): string | undefined => output.split('\n').find((l) => l.includes('/v1/status/health_check') && l.includes('request completed'));
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && accessLine() === undefined;) await new Promise((r) => setTimeout(r, 100));
    const line = accessLine();
    assert.ok(line !== undefined, 'an access-log line for the health check');
    assert.match(JSON.parse(line).correlationId, /^[0-9a-f-]{36}$/);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('serve on a port already in use exits 1 naming the error (the runner and workers do not keep it alive)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ca-serve-'));
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  assert.ok(address !== null && typeof address === 'object');
  const child = spawn(process.execPath, [...cli, 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(address.port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', AUTH_MODE: 'none',
      KB_DIR: process.env.TEST_KB_DIR ?? join(root, '.cache', 'kb'), ANALYSIS_WORKERS: '1', CARTRIDGE_POLL_INTERVAL_MS: '50' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    // Guard against hanging (the process used to stay up forever), not a timing assertion.
    const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 60_000))]);
    assert.equal(code, 1, stderr);
    assert.match(stderr, /EADDRINUSE/);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
