// One analysis request as it travels to a worker thread: plain data only (structured-clone safe).
// Flows and profiles are resolved by the main thread (store reads are async); the worker runs the
// pipeline and returns the response already serialised to JSON, so the event loop never stringifies
// a large response. For HTTP the worker also encodes it to UTF-8 bytes, which travel back by transfer
// (no copy), so the event loop neither copies nor encodes the response: it only writes it.
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
  /** `text`: the response as a JSON string; `utf8`: as UTF-8 bytes of that JSON (what HTTP sends). */
  readonly format: ResponseFormat;
}

export type ResponseFormat = 'text' | 'utf8';

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

/** The response JSON as UTF-8 in an ArrayBuffer of its own (never Buffer's shared pool), so it can be transferred. */
export function encodeResponse(json: string): Uint8Array {
  return ENCODER.encode(json);
}

const ENCODER = new TextEncoder();
