import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TaskAbort } from './task-deadlines.js';
import { PoolAbortError, PoolQueueFullError, WorkerPool, type WorkerPoolOptions } from './worker-pool.js';
import type { ProbeTask } from './worker-pool.probe.js';

function pool(options: Partial<WorkerPoolOptions> = {}): WorkerPool {
  return new WorkerPool({ filename: new URL('./worker-pool.probe.ts', import.meta.url), workerData: null, threads: 2, maxQueue: 100, ...options });
}

const run = (p: WorkerPool, task: ProbeTask, signal?: TaskAbort) => p.run(task, signal);

describe('WorkerPool', () => {
  test('answers every task with its own result, across threads, and moves transferred bytes', async () => {
    const p = pool();
    try {
      await p.ready();
      const values = await Promise.all(Array.from({ length: 40 }, (_, i) => run(p, { op: 'echo', value: { i, text: `note ${i}` } })));
      assert.deepEqual(values, Array.from({ length: 40 }, (_, i) => ({ i, text: `note ${i}` })));
      // Two tasks at once on two idle threads: each gets a thread of its own.
      const threads = new Set(await Promise.all([run(p, { op: 'spin', ms: 50 }), run(p, { op: 'spin', ms: 50 })]));
      assert.equal(threads.size, 2);
      const bytes = (await run(p, { op: 'bytes', length: 1000 })) as Uint8Array;
      assert.equal(bytes.byteLength, 1000);
      assert.equal(bytes[999], 7);
    } finally {
      await p.close();
    }
  });

  test('waiting tasks start in submission order; past maxQueue a task is refused', async () => {
    const p = pool({ threads: 1, maxQueue: 3 });
    try {
      await p.ready();
      const order: number[] = [];
      const first = run(p, { op: 'spin', ms: 100, value: 0 }).then(() => order.push(0));
      const queued = [1, 2, 3].map((i) => run(p, { op: 'echo', value: i }).then(() => order.push(i)));
      assert.equal(p.queueSize, 3);
      await assert.rejects(run(p, { op: 'echo', value: 4 }), PoolQueueFullError);
      await Promise.all([first, ...queued]);
      assert.deepEqual(order, [0, 1, 2, 3]);
      assert.equal(p.queueSize, 0);
    } finally {
      await p.close();
    }
  });

  test('an error thrown by a task rejects that task only', async () => {
    const p = pool();
    try {
      await assert.rejects(run(p, { op: 'throw', message: 'bad note' }), /bad note/);
      assert.equal(await run(p, { op: 'echo', value: 'after' }), 'after');
    } finally {
      await p.close();
    }
  });

  test('an aborted running task terminates its thread; the replacement serves, and tasks behind it still run', async () => {
    const p = pool({ threads: 1, tasksPerThread: 2 });
    try {
      await p.ready();
      const before = await run(p, { op: 'thread' });
      const signal = new TaskAbort();
      const stuck = run(p, { op: 'spin', ms: 60_000, value: 'never' }, signal);
      const behind = run(p, { op: 'echo', value: 'behind' }); // posted to the same thread, not yet started
      const waiting = run(p, { op: 'echo', value: 'waiting' });
      setTimeout(() => signal.abort(new Error('budget')), 100);
      await assert.rejects(stuck, PoolAbortError);
      assert.equal(await behind, 'behind');
      assert.equal(await waiting, 'waiting');
      assert.notEqual(await run(p, { op: 'thread' }), before, 'a fresh thread');
      await p.ready();
    } finally {
      await p.close();
    }
  });

  test('an aborted waiting task is dropped without touching the running one', async () => {
    const p = pool({ threads: 1 });
    try {
      await p.ready();
      const thread = await run(p, { op: 'thread' });
      const running = run(p, { op: 'spin', ms: 150, value: 'done' });
      const signal = new TaskAbort();
      const dropped = run(p, { op: 'echo', value: 'dropped' }, signal);
      signal.abort(new Error('budget'));
      await assert.rejects(dropped, PoolAbortError);
      assert.equal(p.queueSize, 0);
      assert.equal(await running, 'done');
      assert.equal(await run(p, { op: 'thread' }), thread, 'the same thread');
    } finally {
      await p.close();
    }
  });

  test('close rejects what still waits or runs', async () => {
    const p = pool({ threads: 1 });
    const running = run(p, { op: 'spin', ms: 5_000, value: 0 });
    const waiting = run(p, { op: 'echo', value: 1 });
    await new Promise((r) => setTimeout(r, 50));
    const rejected = [assert.rejects(running, /closed/), assert.rejects(waiting, /closed/)];
    await p.close();
    await Promise.all(rejected);
    await assert.rejects(run(p, { op: 'echo', value: 2 }), /closed/);
  });
});
