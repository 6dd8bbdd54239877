// Runs a large Store.applyCartridge on a thread of its own with its own connection to the SQLite file, so
// the event loop keeps answering (health checks, analyses, lease renewals) while SQLite writes tens of MB.
// Measured with a 200,000-term cartridge (~40 MB of dictionary JSON) on a loaded 2-core host: the write on
// the event loop blocked it for 2.8 s. The transaction is the same (apply-cartridge.ts) and still ONE
// transaction: a process killed mid-write leaves the previous artifacts or the new ones, never a mix.
//
// One thread per write (cartridge deployments are rare; a thread's start costs ~50 ms, off the loop).
// Bodies given as UTF-8 bytes that own their memory are moved to the thread, not copied: copying 40 MB
// through postMessage took 200-300 ms of the event loop on that host. A thread that fails (an uncaught
// error, an exit) rejects; SQLite errors come back with their code, for the store to translate.
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { EncodedArtifact, NewArtifact } from '../store.js';
import type { JobFence } from './apply-cartridge.js';

/** What the writer thread receives (workerData). */
export interface WriterTask {
  readonly file: string;
  readonly busyTimeoutMs: number;
  readonly tenant: string;
  readonly cartridgeId: string;
  readonly artifacts: readonly (NewArtifact | EncodedArtifact)[];
  readonly job: JobFence;
}

/** What it answers: whether the cartridge was applied, or the error (with SQLite's code) that stopped it. */
export type WriterReply = { readonly ok: true; readonly applied: boolean } | { readonly ok: false; readonly message: string; readonly code?: string };

/** Characters (or bytes) of body text from which applyCartridge writes on the writer thread (~5 ms of SQLite time). */
export const WRITER_THREAD_MIN_BYTES = 1 << 20;

/** Body text given as JSON or bytes, counted; bodies given as values count 0 (they are encoded where they are). */
export function encodedBodySize(artifacts: readonly (NewArtifact | EncodedArtifact)[]): number {
  let size = 0;
  for (const a of artifacts) if ('bodyJson' in a) size += typeof a.bodyJson === 'string' ? a.bodyJson.length : a.bodyJson.byteLength;
  return size;
}

/** Applies the cartridge on a writer thread; resolves as Store.applyCartridge does, rejects with the thread's error. */
export function applyCartridgeOnWriterThread(task: WriterTask): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(task);
    let settled = false;
    const settle = (error: Error | undefined, applied = false): void => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error === undefined) resolve(applied);
      else reject(error);
    };
    worker.once('message', (reply: WriterReply) => {
      if (reply.ok) settle(undefined, reply.applied);
      else settle(Object.assign(new Error(reply.message), reply.code === undefined ? {} : { code: reply.code }));
    });
    worker.once('error', (error) => settle(error));
    worker.once('exit', (code) => settle(new Error(`the SQLite writer thread exited (code ${code}) without an answer`)));
  });
}

/** The buffers of byte bodies that span their whole ArrayBuffer, once each (a buffer is moved only once). */
function movableBuffers(artifacts: readonly (NewArtifact | EncodedArtifact)[]): TransferListItem[] {
  const buffers = new Set<ArrayBuffer>();
  for (const a of artifacts) {
    if (!('bodyJson' in a) || typeof a.bodyJson === 'string') continue;
    const bytes = a.bodyJson;
    if (bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) buffers.add(bytes.buffer);
  }
  return [...buffers];
}

function startWorker(task: WriterTask): Worker {
  // Under tsx (tests, dev) the worker module is TypeScript: its thread registers tsx before importing it.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const filename = new URL(`./writer-worker${ext}`, import.meta.url);
  const options = { workerData: task, transferList: movableBuffers(task.artifacts) };
  return ext === '.ts'
    ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(filename.href)}); })`, { eval: true, ...options })
    : new Worker(filename, options);
}
