// Analysis worker thread (src/analysis/worker-pool.ts starts it): loads the knowledge base once per thread,
// opens its own store connection for the tenants' deployed artifacts, and runs analysis tasks. Domain
// errors travel back as values (their class does not survive the thread boundary). A `utf8` response
// travels back as bytes whose buffer is moved to the main thread, not copied.
import { workerData } from 'node:worker_threads';
import { isDomainError, type ErrorKind } from '../errors.js';
import { loadKnowledgeBase } from '../knowledge/loader.js';
import { openStore } from '../store/open-store.js';
import { encodeResponse, runAnalysisTask, type AnalysisTask } from './analysis-task.js';
import { ResourceProvider } from './resource-provider.js';
import { lowerThreadPriority } from './thread-priority.js';
import { serveTasks, type TaskResult } from './worker-runtime.js';

export interface AnalysisWorkerData {
  readonly kbDir: string;
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

// One provider per thread, loaded as the thread starts (the pool's ready() waits for it).
const provider: Promise<ResourceProvider> = (async () => {
  const [kb, store] = await Promise.all([
    loadKnowledgeBase(data.kbDir),
    data.store === null ? Promise.resolve(undefined) : openStore(data.store),
  ]);
  return new ResourceProvider(kb, store);
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
