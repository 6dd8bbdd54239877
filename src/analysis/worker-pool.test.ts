import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PoolQueueFullError, PoolTimeoutError, WorkerPool, type WorkerPoolOptions } from './worker-pool.js';
import type { ProbeTask } from './worker-pool.probe.js';

/** Lets the threads of a gated probe pool (workerData `{ gate }`) other than the first finish loading. */
const openGate = (gate: SharedArrayBuffer): void => void Atomics.store(new Int32Array(gate), 1, 1);

function pool(options: Partial<WorkerPoolOptions> = {}): WorkerPool {
  return new WorkerPool({ filename: new URL('./worker-pool.probe.ts', import.meta.url), workerData: null, threads: 2, maxQueue: 100, ...options });
}

const run = (p: WorkerPool, task: ProbeTask) => p.run(task);

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

  test('tasks posted behind a late task on its thread run again on the replacement', async () => {
    const p = pool({ threads: 1, tasksPerThread: 2, taskTimeoutMs: 8_000 });
    try {
      await p.ready();
      const stuck = run(p, { op: 'spin', ms: 60_000, value: 'never' });
      // Submitted late in the stuck task's budget: their own budgets outlast it by 6 s, time for the
      // replacement thread to start on a loaded machine (under tsx it compiles its modules first).
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const behind = run(p, { op: 'echo', value: 'behind' }); // posted to the same thread, not yet started
      const waiting = run(p, { op: 'echo', value: 'waiting' });
      assert.equal(p.queueSize, 1);
      await assert.rejects(stuck, PoolTimeoutError);
      assert.equal(await behind, 'behind');
      assert.equal(await waiting, 'waiting');
    } finally {
      await p.close();
    }
  });

  test('a task over taskTimeoutMs is cancelled: running, its thread is replaced; waiting past it, it is dropped', async () => {
    const p = pool({ threads: 1, taskTimeoutMs: 3_000 });
    try {
      await p.ready();
      const before = await run(p, { op: 'thread' });
      const stuck = run(p, { op: 'spin', ms: 60_000, value: 'never' });
      const late = run(p, { op: 'echo', value: 'late' }); // waits behind the stuck task beyond its own budget
      const started = Date.now();
      await assert.rejects(stuck, PoolTimeoutError);
      await assert.rejects(late, PoolTimeoutError);
      assert.ok(Date.now() - started < 30_000, 'cancelled at the budget, not when the 60 s spin ends');
      assert.equal(p.queueSize, 0);
      await p.ready();
      // Tasks within their budget are answered, by a fresh thread; the budget restarts with each task
      // (together the two spins outlast one budget; each leaves 1.4 s of it for a loaded machine).
      assert.equal(await run(p, { op: 'spin', ms: 1_600, value: 'in time' }), 'in time');
      assert.equal(await run(p, { op: 'spin', ms: 1_600, value: 'again' }), 'again');
      assert.notEqual(await run(p, { op: 'thread' }), before, 'a fresh thread');
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

  test('maxThreadsPerKey: a key flooding long tasks holds at most its threads; another key runs at once; small tasks borrow free threads', async () => {
    const p = pool({ threads: 2, tasksPerThread: 2, maxThreadsPerKey: 1 });
    try {
      await p.ready();
      const heavy = { key: 'tenant-a', small: false };
      const flood = Array.from({ length: 6 }, () => p.run({ op: 'spin', ms: 400 } satisfies ProbeTask, heavy));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(p.busyThreads, 1, 'the flooding key holds one thread of two');
      let floodDone = 0;
      for (const task of flood) void task.then(() => floodDone++);
      assert.equal(await p.run({ op: 'echo', value: 'b' } satisfies ProbeTask, { key: 'tenant-b', small: false }), 'b');
      assert.ok(floodDone <= 1, `the other key waited behind ${floodDone} of the flood's tasks`);
      // With no other key waiting, a small task of the flooding key borrows the free thread.
      assert.equal(await p.run({ op: 'echo', value: 'small' } satisfies ProbeTask, { key: 'tenant-a', small: true }), 'small');
      const threads = new Set(await Promise.all(flood));
      assert.equal(threads.size, 1, 'every long task of the key ran on one thread');
    } finally {
      await p.close();
    }
  });

  test('serves once one thread has loaded: tasks go only to loaded threads, and to every thread once all have', async () => {
    const gate = new SharedArrayBuffer(8);
    const p = pool({ threads: 2, workerData: { gate } });
    try {
      await p.firstReady();
      assert.equal(p.readyThreads, 1);
      let allReady = false;
      void p.ready().then(() => (allReady = true));
      // Two tasks at once: both run, one after the other, on the one loaded thread.
      const threads = new Set(await Promise.all([run(p, { op: 'spin', ms: 50 }), run(p, { op: 'spin', ms: 50 })]));
      assert.equal(threads.size, 1);
      assert.equal(allReady, false);
      assert.equal(p.readyThreads, 1);
      openGate(gate);
      await p.ready();
      assert.equal(p.readyThreads, 2);
      const both = new Set(await Promise.all([run(p, { op: 'spin', ms: 100 }), run(p, { op: 'spin', ms: 100 })]));
      assert.equal(both.size, 2, 'the second thread takes tasks once loaded');
    } finally {
      await p.close();
    }
  });

  test('a task submitted before any thread loaded waits, and runs once one has', async () => {
    const p = pool({ threads: 1 });
    try {
      assert.equal(p.readyThreads, 0);
      assert.equal(await run(p, { op: 'echo', value: 'early' }), 'early');
      assert.equal(p.readyThreads, 1);
    } finally {
      await p.close();
    }
  });

  test('onRequest answers a thread (shared memory is shared, not copied); its errors reject the request; onThreadExit follows each thread', async () => {
    const shared = new SharedArrayBuffer(4);
    const asked: number[] = [];
    const exited: number[] = [];
    const p = pool({
      threads: 1,
      onRequest: (body, threadId) => {
        asked.push(threadId);
        if (body === 'fail') throw new Error('no such table');
        return { body, shared };
      },
      onThreadExit: (threadId) => exited.push(threadId),
    });
    let thread = -1;
    try {
      thread = (await run(p, { op: 'thread' })) as number;
      const answer = (await run(p, { op: 'ask', body: 'tables' })) as { body: string; shared: SharedArrayBuffer };
      assert.equal(answer.body, 'tables');
      assert.ok(answer.shared instanceof SharedArrayBuffer);
      await assert.rejects(run(p, { op: 'ask', body: 'fail' }), /no such table/);
      assert.deepEqual(asked, [thread, thread]);
    } finally {
      await p.close();
    }
    assert.deepEqual(exited, [thread]);
  });

  test('staggerStart: one thread starts, the others once it has loaded; size and ready() count them all', async () => {
    const p = pool({ threads: 3, staggerStart: true });
    try {
      assert.equal(p.size, 3);
      await p.firstReady();
      await p.ready();
      assert.equal(p.readyThreads, 3);
      const threads = new Set(await Promise.all([1, 2, 3].map(() => run(p, { op: 'spin', ms: 150 }))));
      assert.equal(threads.size, 3);
    } finally {
      await p.close();
    }
  });
});
