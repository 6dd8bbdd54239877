// Piscina worker: loads the knowledge base once per thread, opens its own store connection for the
// tenants' deployed artifacts, and runs analysis tasks. Domain errors travel back as values (their
// class does not survive the thread boundary). A `utf8` response travels back as transferred bytes.
import { workerData } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { isDomainError, type ErrorKind } from '../errors.js';
import { loadKnowledgeBase } from '../knowledge/loader.js';
import { openStore } from '../store/open-store.js';
import { encodeResponse, runAnalysisTask, type AnalysisTask } from './analysis-task.js';
import { ResourceProvider } from './resource-provider.js';

export interface AnalysisWorkerData {
  readonly kbDir: string;
  readonly store: { readonly databaseUrl?: string; readonly dataDir: string } | null;
}

/** What a task resolves to on the main thread: the response (bytes for `utf8` tasks, JSON text for `text`) or a domain error. */
export type AnalysisOutcome =
  | Uint8Array
  | { readonly ok: true; readonly json: string }
  | { readonly ok: false; readonly kind: ErrorKind; readonly description: string };

const data = workerData as AnalysisWorkerData;

// One provider per thread, created on the first task.
const provider: Promise<ResourceProvider> = (async () => {
  const [kb, store] = await Promise.all([
    loadKnowledgeBase(data.kbDir),
    data.store === null ? Promise.resolve(undefined) : openStore(data.store),
  ]);
  return new ResourceProvider(kb, store);
})();

export default async function analyze(task: AnalysisTask): Promise<AnalysisOutcome | ReturnType<typeof Piscina.move>> {
  try {
    const json = await runAnalysisTask(task, await provider);
    return task.format === 'utf8' ? Piscina.move(encodeResponse(json)) : { ok: true, json };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, kind: error.kind, description: error.description };
    throw error;
  }
}

/** Resolves once this thread's knowledge base and store are ready. */
export async function warmUp(): Promise<void> {
  await provider;
}
