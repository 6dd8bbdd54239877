// Test helper for worker-pool.test.ts: a worker module served by serveTasks. A task says what to do:
// answer with its own value, with the thread's id, with bytes (transferred), after spinning for a while
// (a task that cannot be interrupted; without a value it answers the thread's id), by throwing, or with what
// the main thread answers to a request (requestFromPool). With workerData `{ gate: SharedArrayBuffer }` the
// first thread to start is ready at once and every other one only once the test opens the gate (sets its
// second Int32 to 1).
import { threadId, workerData } from 'node:worker_threads';
import { requestFromPool, serveTasks } from './worker-runtime.js';

/** Ready at once for the first thread; for the others, once the gate is open (polled: this thread's event loop stays free). */
function loading(): Promise<void> {
  const gate = (workerData as { gate?: SharedArrayBuffer } | null)?.gate;
  if (gate === undefined) return Promise.resolve();
  const cells = new Int32Array(gate);
  if (Atomics.add(cells, 0, 1) === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const poll = (): void => void (Atomics.load(cells, 1) === 1 ? resolve() : setTimeout(poll, 5));
    poll();
  });
}

export type ProbeTask =
  | { readonly op: 'echo'; readonly value: unknown }
  | { readonly op: 'thread' }
  | { readonly op: 'bytes'; readonly length: number }
  | { readonly op: 'spin'; readonly ms: number; readonly value?: unknown }
  | { readonly op: 'throw'; readonly message: string }
  | { readonly op: 'ask'; readonly body: unknown };

serveTasks(async (raw) => {
  const task = raw as ProbeTask;
  switch (task.op) {
    case 'echo':
      return { value: task.value };
    case 'thread':
      return { value: threadId };
    case 'bytes': {
      const bytes = new Uint8Array(task.length).fill(7);
      return { value: bytes, transfer: [bytes.buffer] };
    }
    case 'spin': {
      const end = Date.now() + task.ms;
      while (Date.now() < end) { /* busy: only terminating the thread stops it */ }
      return { value: 'value' in task ? task.value : threadId };
    }
    case 'throw':
      throw new Error(task.message);
    case 'ask':
      return { value: await requestFromPool(task.body) };
  }
}, loading());
