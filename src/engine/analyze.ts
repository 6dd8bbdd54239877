// The full analysis operation (POST /v1/analyze, /v1/analyze/{flow_id}, the `analyze` CLI command):
// validates the container group and the limits, compiles each annotator flow once (its profile
// merged), runs it over one Document per container and serialises the response (reference §2.3, §4).
//
// - Several annotator flows run one after the other over the same Documents; their outputs merge.
// - A container may carry `data` (annotations from an earlier analysis): those layers are loaded
//   first, their `{uid}` references (`concept`, `conceptValue`, `derivedFrom[]`, `nodes[].entity`) are
//   linked to the annotations they name, and they count as produced for `requires` checks.
// - Text is never altered: CRLF, emoji and CJK keep exact UTF-16 offsets.
// - Text is never altered: spell_checker's applied corrections are `ReplaceTextChange` annotations that
//   later annotators match on. They are dropped from the response unless `debugTextRestore`, which keeps
//   them and adds the modified text to the container metadata (`modifiedText`).
import { DomainError } from '../errors.js';
import { dropNullFields } from './null-fields.js';
import { applyReplacements, MODIFIED_TEXT_METADATA_KEY, REPLACE_TEXT_LAYER, textReplacements } from './annotators/spell-checker/replacements.js';
import { createDocument } from './create-document.js';
import type { Annotation, Document } from './document.js';
import type { AcdAnnotatorFlow, AcdProfile } from './flow-types.js';
import { ANNOTATORS } from './registry.js';
import { compilePipeline, type Pipeline, type PipelineOptions, type StepTimer } from './pipeline.js';
import type { EngineResources } from './resources.js';
import { createUidCounter, serializeDocument, type JsonObject, type JsonValue } from './serialize.js';

export interface AnalyzeContainerInput {
  readonly text: string;
  readonly id?: string;
  readonly type?: string;
  readonly metadata?: unknown;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface AnalyzeLimits {
  /** UTF-16 code units of `text` per container. */
  readonly maxCharsPerContainer: number;
  /** UTF-16 code units of `text` summed over the request's containers. */
  readonly maxCharsPerRequest: number;
  readonly maxContainers: number;
}

/** ACD documents 50K characters of text per request and recommends at most 40 containers (reference §1.5). */
export const DEFAULT_ANALYZE_LIMITS: AnalyzeLimits = { maxCharsPerContainer: 50_000, maxCharsPerRequest: 200_000, maxContainers: 100 };

export interface AnalyzeOptions {
  /** `return_analyzed_text`: echo `text`, no HTML encoding. */
  readonly returnAnalyzedText: boolean;
  /** `debug_text_restore` (accepted; no annotator rewrites the text yet). */
  readonly debugTextRestore?: boolean;
  /** Echo `annotatorFlows` before `unstructured` (default true: POST /v1/analyze; false for /analyze/{flow_id}). */
  readonly echoAnnotatorFlows?: boolean;
}

export interface AnalyzeInput {
  /** The request's `unstructured` containers (AnalyzeContainerInput[]); validated here (400 / 413). */
  readonly containers: unknown;
  readonly annotatorFlows: readonly AcdAnnotatorFlow[];
  /** Resolves `annotatorFlows[].profile` ids (synchronously; the caller loads them first). */
  readonly profileResolver: (id: string) => AcdProfile | undefined;
  /** Used for flows that name no profile. */
  readonly defaultProfile?: AcdProfile;
  readonly options: AnalyzeOptions;
  readonly resources: EngineResources;
  readonly limits?: AnalyzeLimits;
  /** Passed to compilePipeline (annotator list, unimplemented policy, debug notes). */
  readonly pipeline?: Pick<PipelineOptions, 'annotators' | 'unimplemented' | 'debug'>;
  /** Receives each annotator's time per container (metrics). */
  readonly stepTimer?: StepTimer;
}

/** A response whose containers are analysed one by one as they are read (analyzeRequestStream). */
export interface AnalyzeResponseStream {
  readonly annotatorFlows?: JsonValue;
  /** Each container's serialised result, in order; analysed when read. */
  readonly unstructured: Iterable<JsonObject>;
}

export interface AnalyzeResponse {
  annotatorFlows?: JsonValue;
  unstructured: JsonObject[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidRequest(description: string): DomainError {
  return new DomainError('INVALID_REQUEST', description);
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Checks the `unstructured` containers: shape first (400 naming the field), then limits (413). */
export function validateContainers(containers: unknown, limits: AnalyzeLimits = DEFAULT_ANALYZE_LIMITS): AnalyzeContainerInput[] {
  if (!Array.isArray(containers)) throw invalidRequest('unstructured must be an array of containers, each with a "text" string');
  if (containers.length === 0) throw invalidRequest('unstructured must contain at least one container');
  if (containers.length > limits.maxContainers) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `The request has ${formatCount(containers.length)} containers; at most ${formatCount(limits.maxContainers)} are allowed per request.`);
  }
  let total = 0;
  const out: AnalyzeContainerInput[] = [];
  containers.forEach((c: unknown, i) => {
    const path = `unstructured[${i}]`;
    if (!isRecord(c)) throw invalidRequest(`${path} must be an object with a "text" string`);
    if (typeof c.text !== 'string') throw invalidRequest(`${path}.text must be a string`);
    // Null means absent (null-fields.ts): the Python SDK sends `"id": null` for a container without one.
    if (c.id != null && typeof c.id !== 'string') throw invalidRequest(`${path}.id must be a string`);
    if (c.type != null && typeof c.type !== 'string') throw invalidRequest(`${path}.type must be a string`);
    if (c.metadata !== undefined && c.metadata !== null && !isRecord(c.metadata)) throw invalidRequest(`${path}.metadata must be an object`);
    if (c.data !== undefined && c.data !== null) {
      if (!isRecord(c.data)) throw invalidRequest(`${path}.data must be an object of annotation arrays`);
      for (const [key, list] of Object.entries(c.data)) {
        if (!Array.isArray(list) || !list.every(isRecord)) throw invalidRequest(`${path}.data.${key} must be an array of annotation objects`);
      }
    }
    if (c.text.length > limits.maxCharsPerContainer) {
      throw new DomainError('PAYLOAD_TOO_LARGE', `${path}.text has ${formatCount(c.text.length)} characters; the limit is ${formatCount(limits.maxCharsPerContainer)} characters per container.`);
    }
    total += c.text.length;
    out.push({
      text: c.text,
      ...(c.id == null ? {} : { id: c.id }),
      ...(c.type == null ? {} : { type: c.type }),
      ...(c.metadata === undefined || c.metadata === null ? {} : { metadata: c.metadata }),
      ...(c.data === undefined || c.data === null ? {} : { data: c.data }),
    });
  });
  if (total > limits.maxCharsPerRequest) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `The request has ${formatCount(total)} characters of text; the limit is ${formatCount(limits.maxCharsPerRequest)} characters per request.`);
  }
  return out;
}

/** Checks the request's annotator flows; returns them with their null fields dropped (null means absent). */
export function validateAnnotatorFlows(given: unknown): AcdAnnotatorFlow[] {
  const flows = dropNullFields(given);
  if (!Array.isArray(flows) || flows.length === 0) {
    throw new DomainError('INVALID_ANNOTATOR_FLOW', 'annotatorFlows must be a non-empty array of {"flow": {"elements": [...]}} objects');
  }
  flows.forEach((f: unknown, i) => {
    const path = `annotatorFlows[${i}]`;
    if (!isRecord(f)) throw new DomainError('INVALID_ANNOTATOR_FLOW', `${path} must be an object with a "flow"`);
    if (f.flow === undefined) throw new DomainError('INVALID_ANNOTATOR_FLOW', `${path}.flow is missing`);
    if (f.profile !== undefined && typeof f.profile !== 'string') throw new DomainError('INVALID_ANNOTATOR_FLOW', `${path}.profile must be a string`);
    if (f.globalConfigurations !== undefined && !Array.isArray(f.globalConfigurations)) {
      throw new DomainError('INVALID_ANNOTATOR_FLOW', `${path}.globalConfigurations must be an array`);
    }
  });
  return flows as AcdAnnotatorFlow[];
}

/** Copies the container's annotations into layers and links their `{uid}` references to the objects. */
function loadContainerData(doc: Document, data: Readonly<Record<string, unknown>> | undefined): void {
  if (data === undefined) return;
  const byUid = new Map<number, Annotation>();
  for (const [key, list] of Object.entries(data)) {
    const copies = (list as Record<string, unknown>[]).map((a) => ({ ...a }) as Annotation);
    for (const a of copies) if (typeof a.uid === 'number') byUid.set(a.uid, a);
    doc.layers.set(key, copies);
  }
  // A `{uid}` naming no annotation of the container is dropped: its number would clash with new uids.
  const link = (ref: unknown): unknown => (isRecord(ref) && typeof ref.uid === 'number' ? byUid.get(ref.uid) : ref);
  for (const list of doc.layers.values()) {
    for (const a of list) {
      for (const field of ['concept', 'conceptValue'] as const) {
        if (a[field] === undefined) continue;
        const target = link(a[field]);
        if (target === undefined) delete a[field];
        else a[field] = target;
      }
      if (Array.isArray(a.derivedFrom)) a.derivedFrom = a.derivedFrom.map(link).filter((r) => r !== undefined);
      if (Array.isArray(a.nodes)) {
        a.nodes = a.nodes.map((n: unknown) => (isRecord(n) && n.entity !== undefined ? { ...n, entity: link(n.entity) } : n))
          .filter((n: unknown) => !isRecord(n) || n.entity !== undefined || !('entity' in n));
      }
      delete a.uid;
    }
  }
}

/** debug_text_restore (reference §2.3): keep the ReplaceTextChange layer and echo the modified text in metadata; otherwise drop the layer. */
function restoreText(doc: Document, container: AnalyzeContainerInput, debugTextRestore: boolean): AnalyzeContainerInput {
  if (!doc.layers.has(REPLACE_TEXT_LAYER)) return container;
  if (!debugTextRestore) {
    doc.layers.delete(REPLACE_TEXT_LAYER);
    return container;
  }
  const metadata = isRecord(container.metadata) ? container.metadata : {};
  return { ...container, metadata: { ...metadata, [MODIFIED_TEXT_METADATA_KEY]: applyReplacements(doc.text, textReplacements(doc)) } };
}

/** Compiled pipelines kept per annotator list; emptied when full. */
const PIPELINE_CACHE_LIMIT = 256;
const compiledPipelines = new WeakMap<object, Map<string, Pipeline>>();

/**
 * compilePipeline for one flow of a request, remembered by the flow's and profile's JSON text (requests
 * repeat the same few flows; a Pipeline is immutable). Debug notes of a remembered pipeline are replayed.
 */
function cachedPipeline(
  f: AcdAnnotatorFlow,
  profile: AcdProfile | undefined,
  index: number,
  initialLayers: readonly string[],
  options: AnalyzeInput['pipeline'],
): Pipeline {
  const compile = (): Pipeline => compilePipeline(f.flow, profile, {
    ...options,
    path: `annotatorFlows[${index}].flow`,
    initialLayers,
    ...(f.globalConfigurations === undefined ? {} : { globalConfigurations: f.globalConfigurations }),
  });
  let key: string;
  try {
    key = JSON.stringify([f.flow, f.globalConfigurations ?? null, profile ?? null, index, initialLayers, options?.unimplemented ?? null]);
  } catch {
    return compile(); // not plain JSON (a cycle): not remembered
  }
  const scope = options?.annotators ?? ANNOTATORS;
  let cache = compiledPipelines.get(scope);
  if (cache === undefined) {
    cache = new Map();
    compiledPipelines.set(scope, cache);
  }
  let pipeline = cache.get(key);
  if (pipeline === undefined) {
    pipeline = compile();
    if (cache.size >= PIPELINE_CACHE_LIMIT) cache.clear();
    cache.set(key, pipeline);
  } else if (options?.debug !== undefined) {
    for (const note of pipeline.notes) options.debug(note);
  }
  return pipeline;
}

/** What the serialiser needs to know of the flows: the layer keys they produce and the annotators that ran. */
interface FlowOutputs {
  readonly producedKeys: readonly string[];
  readonly ran: ReadonlySet<string>;
}

function outputsOf(pipelines: readonly Pipeline[]): FlowOutputs {
  return {
    producedKeys: [...new Set(pipelines.flatMap((p) => p.produces))],
    ran: new Set(pipelines.flatMap((p) => p.steps.map((s) => s.annotator.id))),
  };
}

/** outputsOf one pipeline, remembered per (cached, long-lived) pipeline: most requests run one flow. */
const pipelineOutputs = new WeakMap<Pipeline, FlowOutputs>();

function outputsOfOne(pipeline: Pipeline): FlowOutputs {
  let outputs = pipelineOutputs.get(pipeline);
  if (outputs === undefined) {
    outputs = outputsOf([pipeline]);
    pipelineOutputs.set(pipeline, outputs);
  }
  return outputs;
}

/** Runs the annotator flows over every container and builds the ACD response. */
export function analyzeRequest(input: AnalyzeInput): AnalyzeResponse {
  const stream = analyzeRequestStream(input);
  const unstructured = [...stream.unstructured];
  return stream.annotatorFlows === undefined ? { unstructured } : { annotatorFlows: stream.annotatorFlows, unstructured };
}

/**
 * As analyzeRequest, with the containers analysed as the caller reads them: the caller can serialise each
 * and stop (a response over its size limit) before the whole response exists. Bad input throws here,
 * before any container is analysed.
 */
export function analyzeRequestStream(input: AnalyzeInput): AnalyzeResponseStream {
  const limits = input.limits ?? DEFAULT_ANALYZE_LIMITS;
  const flows = validateAnnotatorFlows(input.annotatorFlows);
  const containers = validateContainers(input.containers, limits);
  const initialLayers = [...new Set(containers.flatMap((c) => Object.keys(c.data ?? {})))];

  const pipelines: Pipeline[] = flows.map((f, i) => {
    let profile = input.defaultProfile;
    if (f.profile !== undefined && f.profile !== '') {
      profile = input.profileResolver(f.profile);
      if (profile === undefined) throw new DomainError('INVALID_ANNOTATOR_FLOW', `annotatorFlows[${i}].profile: profile "${f.profile}" not found`);
    }
    return cachedPipeline(f, profile, i, initialLayers, input.pipeline);
  });
  const { producedKeys, ran } = pipelines.length === 1 ? outputsOfOne(pipelines[0]!) : outputsOf(pipelines);

  const uids = createUidCounter();
  const stepTimer = input.stepTimer;
  function* unstructured(): Generator<JsonObject> {
    for (const container of containers) {
      const doc = createDocument(container.text);
      loadContainerData(doc, container.data);
      for (const pipeline of pipelines) pipeline.run(doc, input.resources, stepTimer);
      const echo = restoreText(doc, container, input.options.debugTextRestore === true);
      yield serializeDocument(doc, { returnAnalyzedText: input.options.returnAnalyzedText, producedKeys, ran, uids }, echo);
    }
  }

  if (input.options.echoAnnotatorFlows === false) return { unstructured: unstructured() };
  return { annotatorFlows: flows as unknown as JsonValue, unstructured: unstructured() };
}

// ---- /v1/analyze/{flow_id} bodies ----

export interface ParsedAnalyzeBody {
  /** Containers to validate with validateContainers (raw text becomes one container). */
  readonly containers: unknown;
  /** A profile id given at the top level of a JSON body (applies to flows naming none). */
  readonly profile?: string;
}

function mediaType(contentType: string | undefined): { type: string; charset: string | undefined } {
  if (contentType === undefined || contentType.trim() === '') return { type: '', charset: undefined };
  const [type = '', ...params] = contentType.split(';');
  let charset: string | undefined;
  for (const p of params) {
    const [k, v] = p.split('=');
    if (k?.trim().toLowerCase() === 'charset' && v !== undefined) charset = v.trim().replace(/^"|"$/g, '').toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

function decode(body: unknown, charset: string | undefined): string {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) {
    try {
      return new TextDecoder(charset ?? 'utf-8', { fatal: false }).decode(body);
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `Unsupported charset "${charset ?? ''}"; send UTF-8.`);
    }
  }
  if (body === undefined || body === null) return '';
  throw invalidRequest('The request body must be text or a JSON object with "unstructured"');
}

function jsonBody(value: Record<string, unknown>): ParsedAnalyzeBody {
  const profile = value.profile;
  if (profile === undefined || profile === null) return { containers: value.unstructured };
  if (typeof profile !== 'string' || profile === '') throw invalidRequest('"profile" must be a non-empty profile id string');
  return { containers: value.unstructured, profile };
}

function parseJsonBody(raw: unknown): ParsedAnalyzeBody {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new DomainError('INVALID_JSON', `The request body is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isRecord(value) || value.unstructured === undefined) {
    throw invalidRequest('A JSON body must be an object with an "unstructured" array of containers');
  }
  return jsonBody(value);
}

/**
 * The body of POST /v1/analyze/{flow_id}: `text/plain` (any charset TextDecoder knows) is one container;
 * `application/json` (or `+json`) is `{"unstructured": [...], "profile"?: "<id>"}`; without a Content-Type the body is
 * sniffed: an object with `unstructured` is JSON, anything else is text. `body` may be a string, bytes,
 * or an already-parsed JSON value.
 */
export function parseAnalyzeBody(body: unknown, contentType: string | undefined): ParsedAnalyzeBody {
  const { type, charset } = mediaType(contentType);
  if (type === 'application/json' || type.endsWith('+json')) {
    return parseJsonBody(body instanceof Uint8Array ? decode(body, charset) : body);
  }
  if (type === 'text/plain') return { containers: [{ text: decode(body, charset) }] };
  if (type !== '' && type !== 'application/octet-stream') {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type} is not supported here; send text/plain or application/json.`);
  }
  if (isRecord(body) && !(body instanceof Uint8Array)) return parseJsonBody(body);
  const text = decode(body, charset);
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text);
      if (isRecord(value) && Array.isArray(value.unstructured)) return jsonBody(value);
    } catch {
      // Not JSON: plain text that starts with a brace.
    }
  }
  return { containers: [{ text }] };
}
