import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { lowerThreadPriority } from './thread-priority.js';
import { WorkerPool } from './worker-pool.js';
import type { ThreadPriorityProbe } from './thread-priority.probe.js';

const linux = process.platform === 'linux';

/** Runs lowerThreadPriority(increment) on a fresh worker thread (never on the test's own thread: it cannot be undone). */
async function lowerInWorker(increment: number): Promise<ThreadPriorityProbe> {
  const pool = new WorkerPool({ filename: new URL('./thread-priority.probe.ts', import.meta.url), workerData: null, threads: 1, maxQueue: 1 });
  try {
    return (await pool.run(increment)) as ThreadPriorityProbe;
  } finally {
    await pool.close();
  }
}

test('lowers the calling thread only: the kernel holds the new nice value, the process keeps its own', { skip: !linux && 'Linux only' }, async () => {
  const base = getPriority(process.pid);
  const seen = await lowerInWorker(3);
  const expected = Math.min(19, base + 3);
  assert.equal(seen.returned, expected);
  assert.equal(seen.kernelNice, expected);
  assert.equal(seen.processNice, base, 'the main thread keeps its priority');
  assert.equal(getPriority(process.pid), base);
});

test('an increment of 0 (the default) changes nothing', { skip: !linux && 'Linux only' }, async () => {
  const base = getPriority(process.pid);
  const seen = await lowerInWorker(0);
  assert.equal(seen.returned, undefined);
  assert.equal(seen.kernelNice, base);
  assert.equal(lowerThreadPriority(0), undefined);
});
