// Analysis worker thread (src/analysis/worker-pool.ts starts it): builds its knowledge base over the tables
// the service read once into shared memory (no copy per thread), opens its own store connection for the tenants' deployed artifacts, and runs analysis tasks. Domain
// errors travel back as values (their class does not survive the thread boundary). A `utf8` response
// travels back as bytes whose buffer is moved to the main thread, not copied.
import { workerData } from 'node:worker_threads';
import { isDomainError, type ErrorKind } from '../errors.js';
import { CompiledKb, type KbTables } from '../knowledge/compiled-kb.js';
import { openStore } from '../store/open-store.js';
import { encodeResponse, runAnalysisTask, type AnalysisTask } from './analysis-task.js';
import { ResourceProvider } from './resource-provider.js';
import { lowerThreadPriority } from './thread-priority.js';
import { serveTasks, type TaskResult } from './worker-runtime.js';

export interface AnalysisWorkerData {
  /** The compiled knowledge base's arrays, in SharedArrayBuffers (knowledge/loader.ts loadKnowledgeTablesSync). */
  readonly kb: KbTables;
  readonly store: { readonly databaseUrl?: string; readonly dataDir: string } | null;
  /** Nice increment of this thread (src/analysis/thread-priority.ts); 0 or absent keeps the inherited priority. */
  readonly niceIncrement?: number;
}

/** What a task resolves to on the main thread: the response (bytes for `utf8` tasks, JSON text for `text`) or a domain error. */
export type AnalysisOutcome =
  | Uint8Array
  | { readonly ok: true; readonly json: string }
  | { readonly ok: false; readonly kind: ErrorKind; readonly description: string };

const data = workerData as AnalysisWorkerData;

lowerThreadPriority(data.niceIncrement ?? 0);

// One provider per thread, ready as the thread starts (the pool's ready() waits for it).
const provider: Promise<ResourceProvider> = (async () => {
  const store = data.store === null ? undefined : await openStore(data.store);
  return new ResourceProvider(new CompiledKb(data.kb), store);
})();

async function analyze(task: AnalysisTask): Promise<TaskResult> {
  try {
    const json = await runAnalysisTask(task, await provider);
    if (task.format !== 'utf8') return { value: { ok: true, json } satisfies AnalysisOutcome };
    const bytes = encodeResponse(json);
    return { value: bytes satisfies AnalysisOutcome, transfer: [bytes.buffer as ArrayBuffer] };
  } catch (error) {
    if (isDomainError(error)) return { value: { ok: false, kind: error.kind, description: error.description } satisfies AnalysisOutcome };
    throw error;
  }
}

serveTasks((task) => analyze(task as AnalysisTask), provider);
