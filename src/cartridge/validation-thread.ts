// Runs the CPU-heavy part of a cartridge submission or deployment (unzip, parse, validate, compile
// dictionaries) on a worker thread, so the event loop keeps answering requests (health checks,
// writes) and renewing the job's lease meanwhile. Measured with a 100,000-term dictionary: the
// validation blocked the event loop for ~0.7 s per deployment (1.4 s with 200,000 terms).
//
// One thread per task, ended when the task is: deployments are rare, so the thread's start (~50 ms
// compiled, ~200 ms under tsx) matters less than what a long-lived thread would cost: the heap a large
// validation leaves behind (hundreds of MiB) would stay until its next task, and a stuck or crashed
// thread would have to be replaced. A thread that crashes (an uncaught error, the heap limit) or
// outlives timeoutMs (it is terminated) rejects the task with ValidationThreadError; callers treat that
// as an internal error (the job fails with 500; a request answers 500 with the service error body).
import { Worker } from 'node:worker_threads';
import type { ArchiveLimits } from './archive-reader.js';
import type { ArchiveInspection } from './archive-inspection.js';
import type { DeploymentPlan } from './deployment-plan.js';

export interface ValidationThreadOptions {
  /** Budget of one task, thread start included; past it the thread is terminated. Default DEFAULT_VALIDATION_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** Heap limit of the thread (V8 old generation, MiB); past it the thread ends. Default: Node's. */
  readonly maxHeapMb?: number;
}

/** Five minutes: a 200,000-term dictionary validates in ~1.5 s; the largest archive the limits admit in well under a minute. */
export const DEFAULT_VALIDATION_TIMEOUT_MS = 300_000;

/** What the thread receives (workerData). */
export type ValidationTask =
  | { readonly op: 'inspect'; readonly archive: Uint8Array; readonly limits: Partial<ArchiveLimits> }
  | { readonly op: 'plan'; readonly archive: Uint8Array; readonly limits: Partial<ArchiveLimits> };

/** The thread failed: it crashed, hit its heap limit, or ran out of time. Internal: never the client's fault. */
export class ValidationThreadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ValidationThreadError';
  }
}

/** inspectArchive (archive-inspection.ts) on a thread; the caller keeps its archive (a copy is sent). */
export function inspectArchiveOffThread(archive: Uint8Array, limits: Partial<ArchiveLimits>, options: ValidationThreadOptions = {}): Promise<ArchiveInspection> {
  return runTask({ op: 'inspect', archive: copyOf(archive), limits }, options) as Promise<ArchiveInspection>;
}

/**
 * planCartridgeDeployment (deployment-plan.ts) on a thread. With `detach`, the archive's memory is
 * moved to the thread rather than copied (the caller's view is then empty): for callers that own the
 * bytes and are done with them, such as the job runner with the archive it claimed.
 */
export function planDeploymentOffThread(archive: Uint8Array, limits: Partial<ArchiveLimits>, options: ValidationThreadOptions & { readonly detach?: boolean } = {}): Promise<DeploymentPlan> {
  const bytes = options.detach === true && ownsItsMemory(archive) ? archive : copyOf(archive);
  return runTask({ op: 'plan', archive: bytes, limits }, options) as Promise<DeploymentPlan>;
}

function runTask(task: ValidationTask, options: ValidationThreadOptions): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_VALIDATION_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const worker = startWorker(task, options.maxHeapMb);
    let settled = false;
    const settle = (error: Error | undefined, value?: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error === undefined) resolve(value);
      else reject(error);
    };
    // Unref'd: the running thread keeps the process alive; a pending budget alone does not.
    const timer = setTimeout(() => settle(new ValidationThreadError(`cartridge validation did not finish within ${timeoutMs} ms; its thread was terminated`)), timeoutMs).unref();
    worker.once('message', (value: unknown) => settle(undefined, value));
    worker.once('error', (error) => settle(new ValidationThreadError(`cartridge validation thread failed: ${error.message}`, { cause: error })));
    worker.once('exit', (code) => settle(new ValidationThreadError(`cartridge validation thread exited (code ${code}) without a result`)));
  });
}

function startWorker(task: ValidationTask, maxHeapMb: number | undefined): Worker {
  // Under tsx (tests, dev) this module is TypeScript and so is the worker: its thread registers tsx
  // before importing it (as WorkerPool does for the analysis workers).
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const filename = new URL(`./validation-worker${ext}`, import.meta.url);
  const options = {
    workerData: task,
    transferList: [task.archive.buffer as ArrayBuffer],
    ...(maxHeapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } }),
  };
  return ext === '.ts'
    ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(filename.href)}); })`, { eval: true, ...options })
    : new Worker(filename, options);
}

/** A copy in memory of its own, which can be moved to the thread. */
function copyOf(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/** True when the view spans its whole ArrayBuffer (not a slice of Node's shared pool or of a larger buffer). */
function ownsItsMemory(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
}
