// Piscina worker: loads the knowledge base once per thread, opens its own store connection for the
// tenants' deployed artifacts, and runs analysis tasks. Domain errors travel back as values (their
// class does not survive the thread boundary).
import { workerData } from 'node:worker_threads';
import { isDomainError, type ErrorKind } from '../errors.js';
import { loadKnowledgeBase } from '../knowledge/loader.js';
import { openStore } from '../store/open-store.js';
import { runAnalysisTask, type AnalysisTask } from './analysis-task.js';
import { ResourceProvider } from './resource-provider.js';

export interface AnalysisWorkerData {
  readonly kbDir: string;
  readonly store: { readonly databaseUrl?: string; readonly dataDir: string } | null;
}

export type AnalysisOutcome =
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

export default async function analyze(task: AnalysisTask): Promise<AnalysisOutcome> {
  try {
    return { ok: true, json: await runAnalysisTask(task, await provider) };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, kind: error.kind, description: error.description };
    throw error;
  }
}

/** Resolves once this thread's knowledge base and store are ready. */
export async function warmUp(): Promise<void> {
  await provider;
}
