import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TaskAbort, TaskDeadlines } from './task-deadlines.js';

describe('TaskAbort', () => {
  test('calls its listener once on abort, not after off(), and keeps the reason', () => {
    const signal = new TaskAbort();
    let calls = 0;
    signal.once('abort', () => calls++);
    signal.abort('late');
    signal.abort('again');
    assert.equal(calls, 1);
    assert.equal(signal.aborted, true);
    assert.equal(signal.reason, 'late');

    const other = new TaskAbort();
    const listener = (): void => void calls++;
    other.once('abort', listener);
    other.removeListener('abort', listener);
    other.abort('x');
    assert.equal(calls, 1, 'a removed listener is not called');
    assert.equal(other.aborted, true);
  });
});

describe('TaskDeadlines', () => {
  test('aborts a task past its budget, never one that settled in time, and re-arms for later tasks', async () => {
    const deadlines = new TaskDeadlines(50);
    // The budget timer is unref'd (it never keeps a process alive); this keeps the test's loop running.
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      const settled = deadlines.start();
      const late = deadlines.start();
      let lateAborts = 0;
      const lateAborted = new Promise<void>((resolve) => late.signal.once('abort', () => {
        lateAborts++;
        resolve();
      }));
      settled.settle();
      assert.equal(deadlines.size, 1);
      await lateAborted;
      assert.equal(lateAborts, 1);
      assert.equal(settled.signal.aborted, false, 'settled before its deadline: never aborted');
      // A task started after the timer fired gets its own full budget, and the timer is armed again for it.
      const startedMs = performance.now();
      const later = deadlines.start();
      assert.equal(later.signal.aborted, false);
      await new Promise<void>((resolve) => later.signal.once('abort', resolve));
      assert.ok(performance.now() - startedMs >= 49, 'not aborted before its budget ran out');
      assert.equal(deadlines.size, 0);
    } finally {
      clearInterval(keepAlive);
      deadlines.close();
    }
  });
});
