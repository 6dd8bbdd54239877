// One analysis request as it travels to a worker thread: plain data only (structured-clone safe).
// Flows and profiles are resolved by the main thread (store reads are async); the worker runs the
// pipeline and returns the response already serialised to JSON, so the event loop never stringifies
// a large response. For HTTP the worker also encodes it to UTF-8 bytes, which travel back by transfer
// (no copy), so the event loop neither copies nor encodes the response: it only writes it.
import { isAscii, transcode } from 'node:buffer';
import { analyzeRequest, type AnalyzeLimits } from '../engine/analyze.js';
import type { AcdAnnotatorFlow, AcdProfile } from '../engine/flow-types.js';
import { fhirResponseOf } from '../fhir/fhir-bundle.js';
import type { FhirOptions } from '../fhir/fhir-options.js';
import type { ResourceProvider } from './resource-provider.js';

export interface AnalysisTask {
  readonly tenant: string;
  readonly knowledgeVersion: string;
  /** The request's `unstructured` containers, validated by the engine. */
  readonly containers: unknown;
  /**
   * The JSON text of the request body (as the HTTP layer received and parsed it), whose `unstructured`
   * are then the containers (`containers` is unused), and with `flows` its `annotatorFlows` too (then
   * `annotatorFlows` is unused). A string crosses to the worker as one copy, and parsing it there costs
   * less than the main thread's structured clone of the parsed values plus their rebuilding.
   */
  readonly body?: { readonly json: string; readonly flows: boolean };
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
  /** Answer with FHIR R4 (a Bundle per container, src/fhir/) instead of the ACD container group. */
  readonly fhir?: FhirOptions;
}

export type ResponseFormat = 'text' | 'utf8';

/** Runs a task and returns the response body as JSON text. Throws DomainError for bad requests. */
export async function runAnalysisTask(task: AnalysisTask, provider: ResourceProvider): Promise<string> {
  const resources = await provider.resourcesFor(task.tenant, task.knowledgeVersion);
  const body = task.body === undefined ? undefined : parseBody(task.body.json);
  const containers = body === undefined ? task.containers : body['unstructured'];
  const response = analyzeRequest({
    containers,
    annotatorFlows: body !== undefined && task.body?.flows === true ? body['annotatorFlows'] as AcdAnnotatorFlow[] : task.annotatorFlows,
    profileResolver: (id) => task.profiles[id],
    options: { returnAnalyzedText: task.returnAnalyzedText, debugTextRestore: task.debugTextRestore, echoAnnotatorFlows: task.echoAnnotatorFlows },
    resources,
    limits: task.limits,
  });
  if (task.fhir === undefined) return JSON.stringify(response);
  // analyzeRequest validated the containers: each has its text, in the order of the response's.
  return JSON.stringify(fhirResponseOf(containers as readonly { text: string; id?: string }[], response.unstructured, task.fhir));
}

/** A request body's JSON text, parsed as the HTTP layer parsed it (a leading byte-order mark is skipped). */
function parseBody(json: string): Record<string, unknown> {
  return JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json) as Record<string, unknown>;
}

/**
 * The response JSON as UTF-8 in an ArrayBuffer of its own (never Buffer's shared pool), so it can be transferred.
 * Most responses are ASCII, which is its own UTF-8: those are copied byte for byte (Latin-1) and checked,
 * ~60% of TextEncoder's cost (15 KB: 14.5 µs instead of 24). Other text goes through utf8Of.
 */
export function encodeResponse(json: string): Uint8Array {
  const bytes = Buffer.allocUnsafeSlow(json.length);
  bytes.write(json, 0, 'latin1');
  // ASCII bytes, and no character beyond Latin-1 that the copy cut to one byte: the text was ASCII.
  if (isAscii(bytes) && bytes.toString('latin1') === json) return ownBytes(bytes);
  return utf8Of(json);
}

/**
 * UTF-8 of any text. The native UTF-16 → UTF-8 transcoder is several times faster than TextEncoder on
 * long text (57 KB with a `•`: 40 µs instead of 165); it refuses unpaired surrogates, which JSON.stringify
 * never leaves (it escapes them) and TextEncoder writes as U+FFFD.
 */
function utf8Of(text: string): Uint8Array {
  try {
    return ownBytes(transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8'));
  } catch {
    return ENCODER.encode(text);
  }
}

/** A Buffer as a plain Uint8Array over the same bytes (what the main thread receives either way). */
function ownBytes(bytes: Buffer): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const ENCODER = new TextEncoder();
