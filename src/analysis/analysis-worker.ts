// Analysis worker thread (src/analysis/worker-pool.ts starts it): builds its knowledge base over the tables
// the service read once into shared memory (no copy per thread), opens its own store connection for the tenants' deployed artifacts, and runs analysis tasks. Domain
// errors travel back as values (their class does not survive the thread boundary). A `utf8` response
// travels back as bytes whose buffer is moved to the main thread, not copied.
import { workerData } from 'node:worker_threads';
import { isDomainError, type ErrorKind } from '../errors.js';
import { attachSpellTables, type SpellTables } from '../engine/annotators/spell-checker/spell-tables.js';
import { CompiledKb, type KbTables } from '../knowledge/compiled-kb.js';
import { openStore } from '../store/open-store.js';
import { encodeResponse, isPrepareTask, prepareTenant, responseTooLarge, runAnalysisTask, type AnalysisTask } from './analysis-task.js';
import { collectGarbageFully } from './full-collection.js';
import { ResourceProvider } from './resource-provider.js';
import { lowerThreadPriority } from './thread-priority.js';
import { DictionarySharer } from './shared-dictionaries.js';
import { requestFromPool, serveTasks, type TaskResult } from './worker-runtime.js';

export interface AnalysisWorkerData {
  /** The compiled knowledge base's arrays, in SharedArrayBuffers (knowledge/loader.ts loadKnowledgeTablesSync). */
  readonly kb: KbTables;
  /** The spell checker's tables of that knowledge base, in SharedArrayBuffers, when its directory has them. */
  readonly spell?: SpellTables;
  readonly store: { readonly databaseUrl?: string; readonly dataDir: string } | null;
  /** Nice increment of this thread (src/analysis/thread-priority.ts); 0 or absent keeps the inherited priority. */
  readonly niceIncrement?: number;
}

/** Where a task's time went, for the metrics (GET /metrics). */
export interface AnalysisStats {
  /** From submission to the start of the task on this thread. */
  readonly queueMs: number;
  /** From the start of the task to its answer. */
  readonly runMs: number;
  /** Annotator id, then its time over every container (ms), for each annotator that ran. */
  readonly steps: readonly (string | number)[];
}

/** What a task resolves to on the main thread: the response (bytes for `utf8` tasks, JSON text for `text`) or a domain error. */
export type AnalysisOutcome =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly stats: AnalysisStats }
  | { readonly ok: true; readonly json: string; readonly stats: AnalysisStats }
  | { readonly ok: false; readonly kind: ErrorKind; readonly description: string };

const data = workerData as AnalysisWorkerData;

lowerThreadPriority(data.niceIncrement ?? 0);

// One provider per thread, ready as the thread starts (the pool's ready() waits for it).
const provider: Promise<ResourceProvider> = (async () => {
  const store = data.store === null ? undefined : await openStore(data.store);
  const kb = new CompiledKb(data.kb);
  if (data.spell !== undefined) attachSpellTables(kb, data.spell);
  // Deployed dictionaries are compiled once in the process and shared (shared-dictionaries.ts).
  const dictionaries = new DictionarySharer(requestFromPool);
  return new ResourceProvider(kb, store, { prepareSnapshot: (snapshot) => dictionaries.share(snapshot) });
})();

/** Now, comparable with AnalysisTask.submittedAtMs taken on the main thread. */
const clockMs = (): number => performance.timeOrigin + performance.now();

async function analyze(task: AnalysisTask): Promise<TaskResult> {
  const startedMs = clockMs();
  const steps = new Map<string, number>();
  try {
    const json = await runAnalysisTask(task, await provider, (id, ms) => steps.set(id, (steps.get(id) ?? 0) + ms));
    const bytes = task.format === 'utf8' ? encodeResponse(json) : undefined;
    if (bytes !== undefined && task.maxResponseBytes !== undefined && bytes.byteLength > task.maxResponseBytes) {
      throw responseTooLarge(task.maxResponseBytes, -1, bytes.byteLength);
    }
    const stats: AnalysisStats = { queueMs: task.submittedAtMs === undefined ? 0 : Math.max(0, startedMs - task.submittedAtMs), runMs: clockMs() - startedMs, steps: [...steps].flat() };
    if (bytes === undefined) return { value: { ok: true, json, stats } satisfies AnalysisOutcome };
    return { value: { ok: true, bytes, stats } satisfies AnalysisOutcome, transfer: [bytes.buffer as ArrayBuffer] };
  } catch (error) {
    if (isDomainError(error)) return { value: { ok: false, kind: error.kind, description: error.description } satisfies AnalysisOutcome };
    throw error;
  }
}

serveTasks(async (task) => {
  if (!isPrepareTask(task)) return analyze(task as AnalysisTask);
  await prepareTenant(task, await provider);
  // The compile's garbage is collected now, in the deployment job, not during the tenant's next analysis.
  collectGarbageFully();
  return { value: null };
}, provider);
