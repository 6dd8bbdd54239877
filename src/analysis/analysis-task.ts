// One analysis request as it travels to a worker thread: plain data only (structured-clone safe).
// Flows and profiles are resolved by the main thread (store reads are async); the worker runs the
// pipeline and returns the response already serialised to JSON, so the event loop never stringifies
// a large response. For HTTP the worker also encodes it to UTF-8 bytes, which travel back by transfer
// (no copy), so the event loop neither copies nor encodes the response: it only writes it.
import { isAscii, transcode } from 'node:buffer';
import { DomainError } from '../errors.js';
import { analyzeRequestStream, type AnalyzeLimits } from '../engine/analyze.js';
import type { AcdAnnotatorFlow, AcdProfile } from '../engine/flow-types.js';
import { containerBundleOf, fhirResponseText } from '../fhir/fhir-bundle.js';
import type { FhirOptions } from '../fhir/fhir-options.js';
import type { ResourceProvider } from './resource-provider.js';
import type { DictionaryBody } from '../cartridge/cartridge-model.js';
import { conceptDetection } from '../engine/annotators/concept-detection/concept-detection.js';
import { compileDictionary } from '../engine/annotators/concept-detection/dictionary-matcher.js';
import { findDictionary } from '../engine/annotators/concept-detection/libraries.js';
import type { EngineResources } from '../engine/resources.js';
import { compiledState } from '../engine/pipeline.js';
import { ArtifactSnapshot } from './tenant-artifacts.js';

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
  /** Largest response, in UTF-8 bytes: past it the analysis stops with RESPONSE_TOO_LARGE (413). */
  readonly maxResponseBytes?: number;
  /** When the task was submitted, as performance.timeOrigin + performance.now() (comparable across threads): queue time. */
  readonly submittedAtMs?: number;
  /** Answer with FHIR R4 (a Bundle per container, src/fhir/) instead of the ACD container group. */
  readonly fhir?: FhirOptions;
}

export type ResponseFormat = 'text' | 'utf8';

/** Loads a tenant's knowledge at a version and compiles its dictionaries, ahead of its analyses (after a deployment). */
export interface PrepareTask {
  readonly prepare: true;
  readonly tenant: string;
  readonly knowledgeVersion: string;
}

export function isPrepareTask(task: unknown): task is PrepareTask {
  return typeof task === 'object' && task !== null && (task as { prepare?: unknown }).prepare === true;
}

/**
 * What the first analysis after a deployment would otherwise pay: the tenant's artifact snapshot, concept
 * detection's state for it and every deployed dictionary compiled into matchers (seconds for 100,000+ terms);
 * then one short analysis per deployed library (sample text of its own terms; see warmUpLibrary), so the
 * lazily built parts and the code paths of matching those dictionaries are ready too. Measured with a
 * 200,000-term cartridge: with the compile alone, the first analysis still took 14x a warm one.
 */
export async function prepareTenant(task: PrepareTask, provider: ResourceProvider): Promise<void> {
  const resources = await provider.resourcesFor(task.tenant, task.knowledgeVersion);
  compiledState(conceptDetection, resources);
  if (!(resources.artifacts instanceof ArtifactSnapshot)) return;
  for (const body of resources.artifacts.bodies('dictionary')) compileDictionary(body as DictionaryBody);
  for (const library of resources.artifacts.bodies('library')) warmUpLibrary(library, resources);
}

/** Terms of each dictionary a warm-up text takes (a few matches are enough to run every matching path). */
const WARM_UP_TERMS_PER_DICTIONARY = 3;
/** A warm-up text is a note's usual length, analysed a few times: one short pass left the next analysis at 20x a warm one. */
const WARM_UP_CHARS = 2_000;
const WARM_UP_RUNS = 3;

/**
 * Analyses a note-sized text made of a library's first terms with concept_detection over that library. Its
 * answers are dropped; a library the engine refuses (disabled, dangling) is skipped: its analyses will say why.
 */
function warmUpLibrary(library: unknown, resources: EngineResources): void {
  const id = (library as { id?: unknown } | null)?.id;
  const dictionaries = (library as { dictionaries?: unknown } | null)?.dictionaries;
  if (typeof id !== 'string' || !Array.isArray(dictionaries)) return;
  const terms: string[] = [];
  for (const dictionaryId of dictionaries) {
    const body = typeof dictionaryId === 'string' ? findDictionary(dictionaryId, resources.artifacts) : undefined;
    for (const concept of body?.concepts.slice(0, WARM_UP_TERMS_PER_DICTIONARY) ?? []) terms.push(concept.surfaceForms[0] ?? concept.preferredName);
  }
  const sentence = `Patient seen today. ${terms.join('. ')}. No other findings. `;
  const text = sentence.repeat(Math.max(1, Math.ceil(WARM_UP_CHARS / sentence.length))).slice(0, Math.max(WARM_UP_CHARS, sentence.length));
  try {
    for (let run = 0; run < WARM_UP_RUNS; run++) warmUpRun(id, text, resources);
  } catch {
    // Not this warm-up's concern: the tenant's analyses report what is wrong with the library.
  }
}

/** One analysis of `text` with concept_detection over library `id`, serialised as a response would be. */
function warmUpRun(id: string, text: string, resources: EngineResources): void {
  const response = analyzeRequestStream({
    containers: [{ text }],
    annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection', parameters: { libraries: [id] } } }], async: false } }],
    profileResolver: () => undefined,
    options: { returnAnalyzedText: false, debugTextRestore: false, echoAnnotatorFlows: false },
    resources,
  });
  for (const container of response.unstructured) JSON.stringify(container);
}

/**
 * Runs a task and returns the response body as JSON text. Throws DomainError for bad requests, and
 * RESPONSE_TOO_LARGE as soon as the containers serialised so far pass task.maxResponseBytes: the response is
 * written container by container, so an oversized one is never built whole. `timer` receives annotator times.
 */
export async function runAnalysisTask(task: AnalysisTask, provider: ResourceProvider, timer?: (annotatorId: string, ms: number) => void): Promise<string> {
  const resources = await provider.resourcesFor(task.tenant, task.knowledgeVersion);
  const body = task.body === undefined ? undefined : parseBody(task.body.json);
  const containers = body === undefined ? task.containers : body['unstructured'];
  const response = analyzeRequestStream({
    containers,
    annotatorFlows: body !== undefined && task.body?.flows === true ? body['annotatorFlows'] as AcdAnnotatorFlow[] : task.annotatorFlows,
    profileResolver: (id) => task.profiles[id],
    options: { returnAnalyzedText: task.returnAnalyzedText, debugTextRestore: task.debugTextRestore, echoAnnotatorFlows: task.echoAnnotatorFlows },
    resources,
    limits: task.limits,
    ...(timer === undefined ? {} : { stepTimer: timer }),
  });
  const limit = task.maxResponseBytes ?? Infinity;
  if (task.fhir !== undefined) {
    // A Bundle per container (the engine validated the containers: each has its text, in response order).
    const inputs = containers as readonly { readonly text: string; readonly id?: string }[];
    const bundles: string[] = [];
    let size = 0;
    for (const container of response.unstructured) {
      const index = bundles.length;
      const json = JSON.stringify(containerBundleOf(inputs[index]!, container, task.fhir));
      size += json.length + 1;
      if (size > limit) throw responseTooLarge(limit, index, size);
      bundles.push(json);
    }
    return fhirResponseText(bundles);
  }
  // The same text as JSON.stringify({ annotatorFlows, unstructured }), one container at a time.
  const head = response.annotatorFlows === undefined ? '{"unstructured":[' : `{"annotatorFlows":${JSON.stringify(response.annotatorFlows)},"unstructured":[`;
  const parts: string[] = [head];
  // UTF-16 code units: never more than the UTF-8 bytes, so passing the limit here means passing it in bytes.
  let length = head.length + 2;
  let index = 0;
  for (const container of response.unstructured) {
    const json = JSON.stringify(container);
    length += json.length + (index > 0 ? 1 : 0);
    if (length > limit) throw responseTooLarge(limit, index, length);
    parts.push(index > 0 ? `,${json}` : json);
    index += 1;
  }
  parts.push(']}');
  return parts.join('');
}

/** The 413 of an analysis whose response would pass `limit` bytes at container `index` (0-based). */
export function responseTooLarge(limit: number, index: number, atLeast: number): DomainError {
  const fitted = index < 0 ? 'send fewer containers or shorter texts per request'
    : index === 0 ? 'even the first container alone does not fit: send shorter texts' : `containers 1-${index} fit: send at most ${index} container(s) per request, or shorter texts`;
  const where = index < 0 ? '' : ` by container ${index + 1}`;
  return new DomainError('RESPONSE_TOO_LARGE', `The analysis response would exceed the limit of ${limit.toLocaleString('en-US')} bytes (at least ${atLeast.toLocaleString('en-US')} bytes${where}). Split the request: ${fitted}; or ask for fewer annotators.`);
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
