// One analysis request as it travels to a worker thread: plain data only (structured-clone safe).
// Flows and profiles are resolved by the main thread (store reads are async); the worker runs the
// pipeline and returns the response already serialised to JSON, so the event loop never stringifies
// a large response.
import { analyzeRequest, type AnalyzeLimits } from '../engine/analyze.js';
import type { AcdAnnotatorFlow, AcdProfile } from '../engine/flow-types.js';
import type { ResourceProvider } from './resource-provider.js';

export interface AnalysisTask {
  readonly tenant: string;
  readonly knowledgeVersion: string;
  /** The request's `unstructured` containers, validated by the engine. */
  readonly containers: unknown;
  readonly annotatorFlows: readonly AcdAnnotatorFlow[];
  /** Profiles the flows name, resolved ahead (id → definition). */
  readonly profiles: Readonly<Record<string, AcdProfile>>;
  readonly returnAnalyzedText: boolean;
  readonly debugTextRestore: boolean;
  /** `/v1/analyze` echoes annotatorFlows; `/v1/analyze/{flow_id}` does not. */
  readonly echoAnnotatorFlows: boolean;
  readonly limits: AnalyzeLimits;
}

/** Runs a task and returns the response body as JSON text. Throws DomainError for bad requests. */
export async function runAnalysisTask(task: AnalysisTask, provider: ResourceProvider): Promise<string> {
  const resources = await provider.resourcesFor(task.tenant, task.knowledgeVersion);
  const response = analyzeRequest({
    containers: task.containers,
    annotatorFlows: task.annotatorFlows,
    profileResolver: (id) => task.profiles[id],
    options: { returnAnalyzedText: task.returnAnalyzedText, debugTextRestore: task.debugTextRestore, echoAnnotatorFlows: task.echoAnnotatorFlows },
    resources,
    limits: task.limits,
  });
  return JSON.stringify(response);
}
