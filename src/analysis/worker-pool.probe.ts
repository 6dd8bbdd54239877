// Test helper for worker-pool.test.ts: a worker module served by serveTasks. A task says what to do:
// answer with its own value, with the thread's id, with bytes (transferred), after spinning for a while
// (a task that cannot be interrupted; without a value it answers the thread's id), or by throwing.
import { threadId } from 'node:worker_threads';
import { serveTasks } from './worker-runtime.js';

export type ProbeTask =
  | { readonly op: 'echo'; readonly value: unknown }
  | { readonly op: 'thread' }
  | { readonly op: 'bytes'; readonly length: number }
  | { readonly op: 'spin'; readonly ms: number; readonly value?: unknown }
  | { readonly op: 'throw'; readonly message: string };

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
  }
}, Promise.resolve());
