// Analysis as the HTTP layer and the CLI see it: resolves persisted flows and profiles (the tenant's
// own, then the system tenant's; remembered until the store announces a change: definition-cache.ts),
// then runs the pipeline on a pool of worker threads sized to the cores (worker-pool.ts), so the event
// loop stays free for health checks and artifact writes. A task over its time budget is aborted: the pool
// terminates that worker thread and starts a fresh one (recycling).
import { availableParallelism } from 'node:os';
import { readWithAlias } from '../artifacts/aliases.js';
import { SYSTEM_TENANT } from '../artifacts/reserved.js';
import { DomainError } from '../errors.js';
import { dropNullFields } from '../engine/null-fields.js';
import type { AnalyzeLimits } from '../engine/analyze.js';
import type { AcdAnnotatorFlow, AcdFlow, AcdProfile } from '../engine/flow-types.js';
import type { FhirOptions } from '../fhir/fhir-options.js';
import type { KnowledgeBase } from '../knowledge/kb.js';
import { loadKnowledgeTablesSync } from '../knowledge/loader.js';
import { readSpellTables } from '../engine/annotators/spell-checker/spell-tables.js';
import type { Store } from '../store/store.js';
import type { AnalysisOutcome, AnalysisStats, AnalysisWorkerData } from './analysis-worker.js';
import { encodeResponse, prepareTenant as prepareTenantOn, runAnalysisTask, type AnalysisTask, type PrepareTask, type ResponseFormat } from './analysis-task.js';
import { DefinitionCache, type DefinitionKind } from './definition-cache.js';
import { KnowledgeVersions } from './knowledge-versions.js';
import { ResourceProvider } from './resource-provider.js';
import { isDictionaryRequest, SharedDictionaries } from './shared-dictionaries.js';
import { PoolQueueFullError, PoolTimeoutError, WorkerPool, type TaskPlacement } from './worker-pool.js';

export interface AnalysisServiceOptions {
  readonly store: Store;
  /** Where workers open their own store connection (same settings as the service's). */
  readonly storeConfig: { readonly databaseUrl?: string; readonly dataDir: string };
  readonly kbDir: string;
  /** Worker threads; 0 runs analysis on the calling thread (no time budget enforcement). */
  readonly workers: number;
  readonly timeoutMs: number;
  /** Tasks waiting for a worker beyond this are refused with 503. */
  readonly maxQueue: number;
  /** Nice increment of the worker threads (Linux), so the event loop is scheduled first; default 0 (unchanged). */
  readonly workerNice?: number;
  readonly limits: AnalyzeLimits;
  /** Needed only when workers is 0. */
  readonly loadKb?: () => Promise<KnowledgeBase>;
  /** Share of the workers one tenant may hold at once, in percent (default 100: no limit); see WorkerPool maxThreadsPerKey. */
  readonly tenantSharePercent?: number;
  /** Tasks up to this many characters may borrow a worker beyond the tenant's share (default SMALL_TASK_CHARS). */
  readonly smallTaskChars?: number;
  /** Largest response in UTF-8 bytes; larger answers 413 (RESPONSE_TOO_LARGE) before it is built whole. */
  readonly maxResponseBytes?: number;
  /** Told about every analysis that ran on the pool (metrics). */
  readonly onAnalysis?: (event: AnalysisEvent) => void;
}

/** One finished analysis, for the metrics: its flow (`inline` for POST /v1/analyze) and where its time went. */
export interface AnalysisEvent {
  readonly flow: string;
  readonly stats: AnalysisStats;
}

/** A task of at most this many characters finishes within milliseconds: it may borrow a worker beyond its tenant's share. */
export const SMALL_TASK_CHARS = 20_000;

/** The flow label of analyses whose flows come in the request body. */
export const INLINE_FLOW = 'inline';

export interface AnalyzeOptions {
  readonly returnAnalyzedText: boolean;
  readonly debugTextRestore: boolean;
  /** Answer with FHIR R4 Bundles (src/fhir/) instead of the ACD container group. */
  readonly fhir?: FhirOptions;
}

export interface AnalysisService {
  /** POST /v1/analyze: body carries `unstructured` and `annotatorFlows`. Resolves to the response JSON text. */
  analyzeWithFlows(tenant: string, body: unknown, options: AnalyzeOptions): Promise<string>;
  /** POST /v1/analyze/{flow_id}: containers already parsed from text or JSON; optional profile id from the body. */
  analyzeWithFlowId(tenant: string, flowId: string, containers: unknown, profileId: string | undefined, options: AnalyzeOptions): Promise<string>;
  /**
   * As analyzeWithFlows, the response as UTF-8 JSON bytes, encoded by the worker (what HTTP sends as-is).
   * `bodyText`, when given, is the JSON text `body` was parsed from: the worker takes the containers from it.
   */
  analyzeWithFlowsUtf8(tenant: string, body: unknown, options: AnalyzeOptions, bodyText?: string): Promise<Uint8Array>;
  /** As analyzeWithFlowId, the response as UTF-8 JSON bytes, encoded by the worker. */
  analyzeWithFlowIdUtf8(tenant: string, flowId: string, containers: unknown, profileId: string | undefined, options: AnalyzeOptions): Promise<Uint8Array>;
  /**
   * Loads a tenant's current knowledge in every worker and compiles its dictionaries (after a deployment:
   * src/cartridge/deployment-runner.ts), so its next analysis does not pay for it. Resolves when done.
   */
  prepareTenant(tenant: string): Promise<void>;
  /** Loads the knowledge base in every worker so the first requests do not pay for it. */
  warmUp(): Promise<void>;
  /**
   * Resolves once analyses can run: one worker has loaded (the pool sends tasks only to loaded workers, so
   * the service can serve while the others load; warmUp() waits for all).
   */
  ready(): Promise<void>;
  readonly running: () => number;
  readonly queued: () => number;
  /** Worker threads, how many hold a task, and how many have loaded and take tasks (0, 0, 0 without a pool). */
  readonly workers: () => { readonly size: number; readonly busy: number; readonly ready: number };
  close(): Promise<void>;
}

export const DEFAULT_WORKERS = Math.max(1, availableParallelism());

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function readArtifact(store: Store, tenant: string, kind: DefinitionKind, id: string): Promise<unknown> {
  const found = await readWithAlias(kind, id, async (i) => (await store.getArtifact(tenant, kind, i)) ?? (await store.getArtifact(SYSTEM_TENANT, kind, i)));
  return found?.value.body;
}

async function resolveProfiles(definitions: DefinitionCache, tenant: string, flows: readonly AcdAnnotatorFlow[]): Promise<Record<string, AcdProfile>> {
  const ids = [...new Set(flows.map((f) => f.profile).filter((p): p is string => typeof p === 'string' && p !== ''))];
  const profiles: [string, AcdProfile][] = [];
  for (const id of ids) {
    const body = await definitions.read(tenant, 'profile', id);
    if (body === undefined) throw new DomainError('PROFILE_NOT_FOUND', `Profile "${id}" named by the annotator flow was not found.`);
    profiles.push([id, body as AcdProfile]);
  }
  // Own properties (Object.fromEntries), so that an id such as `__proto__` survives the copy to the worker.
  return Object.fromEntries(profiles);
}

/**
 * A profile the body names must exist even when every flow names its own (and so none uses it): a typo in
 * it is answered with 404, not ignored.
 */
async function requireBodyProfile(definitions: DefinitionCache, tenant: string, profileId: string | undefined, resolved: Record<string, AcdProfile>): Promise<void> {
  if (profileId === undefined || Object.hasOwn(resolved, profileId)) return;
  if ((await definitions.read(tenant, 'profile', profileId)) === undefined) {
    throw new DomainError('PROFILE_NOT_FOUND', `Profile "${profileId}" named by the request body was not found.`);
  }
}

/** A profile id given in the body applies to every annotator flow that names none. */
function withProfile(flows: readonly AcdAnnotatorFlow[], profileId: string | undefined): AcdAnnotatorFlow[] {
  return flows.map((f) => (profileId !== undefined && (f.profile === undefined || f.profile === '') ? { ...f, profile: profileId } : f));
}

function annotatorFlowsOf(body: Record<string, unknown>): AcdAnnotatorFlow[] {
  const flows = body['annotatorFlows'];
  if (!Array.isArray(flows) || flows.length === 0 || !flows.every((f) => isObject(f) && isObject(f['flow']))) {
    throw new DomainError('INVALID_ANNOTATOR_FLOW', 'The body needs "annotatorFlows": a non-empty array of objects, each with a "flow" object.');
  }
  // Null means absent (null-fields.ts); flows without nulls come back as the same objects (the worker then
  // reads them from the body's text).
  return dropNullFields(flows) as AcdAnnotatorFlow[];
}

function optionalProfileId(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const p = body['profile'];
  if (p === undefined || p === null) return undefined;
  if (typeof p !== 'string' || p === '') throw new DomainError('INVALID_REQUEST', '"profile" must be a non-empty profile id string.');
  return p;
}

export function createAnalysisService(options: AnalysisServiceOptions): AnalysisService {
  const versions = new KnowledgeVersions();
  const unfollow = versions.follow(options.store);
  const definitions = new DefinitionCache((tenant, kind, id) => readArtifact(options.store, tenant, kind, id));
  const unfollowDefinitions = definitions.follow(options.store);
  const pool = options.workers > 0 ? createPool(options) : undefined;
  let inline: Promise<ResourceProvider> | undefined;
  let running = 0;

  function inlineProvider(): Promise<ResourceProvider> {
    if (options.loadKb === undefined) throw new Error('analysis with 0 workers needs loadKb');
    inline ??= options.loadKb().then((kb) => new ResourceProvider(kb, options.store));
    return inline;
  }

  const smallTaskChars = options.smallTaskChars ?? SMALL_TASK_CHARS;

  async function run(task: AnalysisTask, flow: string, chars: number): Promise<string | Uint8Array> {
    running += 1;
    try {
      if (pool === undefined) {
        const json = await runAnalysisTask(task, await inlineProvider());
        return task.format === 'utf8' ? encodeResponse(json) : json;
      }
      const outcome = await runOnPool(pool, task, { key: task.tenant, small: chars <= smallTaskChars }, options.timeoutMs);
      if (!outcome.ok) throw new DomainError(outcome.kind, outcome.description);
      options.onAnalysis?.({ flow, stats: outcome.stats });
      return 'bytes' in outcome ? outcome.bytes : outcome.json;
    } finally {
      running -= 1;
    }
  }

  function task(tenant: string, containers: unknown, flows: readonly AcdAnnotatorFlow[], profiles: Record<string, AcdProfile>, o: AnalyzeOptions, echo: boolean, format: ResponseFormat, body?: AnalysisTask['body']): AnalysisTask {
    return {
      tenant, knowledgeVersion: versions.version(tenant), containers, ...(body === undefined ? {} : { body }), annotatorFlows: flows, profiles,
      returnAnalyzedText: o.returnAnalyzedText, debugTextRestore: o.debugTextRestore, echoAnnotatorFlows: echo, limits: options.limits, format,
      ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
      submittedAtMs: performance.timeOrigin + performance.now(),
      ...(o.fhir === undefined ? {} : { fhir: o.fhir }),
    };
  }

  async function withFlows(tenant: string, body: unknown, o: AnalyzeOptions, format: ResponseFormat, bodyText?: string): Promise<string | Uint8Array> {
    if (!isObject(body)) throw new DomainError('INVALID_REQUEST', 'The analysis body must be a JSON object with "unstructured" and "annotatorFlows".');
    const profileId = optionalProfileId(body);
    const flows = withProfile(annotatorFlowsOf(body), profileId);
    const profiles = await resolveProfiles(definitions, tenant, flows);
    await requireBodyProfile(definitions, tenant, profileId, profiles);
    // With the body's text at hand (and workers), the worker reads the containers from it, and the flows
    // too when they are the body's own (no profile id from the body added to them).
    if (bodyText !== undefined && pool !== undefined) {
      const own = flows.every((f, i) => f === (body['annotatorFlows'] as unknown[])[i]);
      return run(task(tenant, undefined, own ? [] : flows, profiles, o, true, format, { json: bodyText, flows: own }), INLINE_FLOW, bodyText.length);
    }
    return run(task(tenant, body['unstructured'], flows, profiles, o, true, format), INLINE_FLOW, textLength(body['unstructured']));
  }

  async function withFlowId(tenant: string, flowId: string, containers: unknown, profileId: string | undefined, o: AnalyzeOptions, format: ResponseFormat): Promise<string | Uint8Array> {
    const flow = (await definitions.read(tenant, 'flow', flowId)) as AcdFlow | undefined;
    if (flow === undefined) throw new DomainError('FLOW_NOT_FOUND', `Flow "${flowId}" was not found.`);
    const flows = withProfile(annotatorFlowsOf(flow as Record<string, unknown>), profileId);
    const profiles = await resolveProfiles(definitions, tenant, flows);
    await requireBodyProfile(definitions, tenant, profileId, profiles);
    return run(task(tenant, containers, flows, profiles, o, false, format), flowId, textLength(containers));
  }

  return {
    analyzeWithFlows: async (tenant, body, o) => asText(await withFlows(tenant, body, o, 'text')),
    analyzeWithFlowId: async (tenant, flowId, containers, profileId, o) => asText(await withFlowId(tenant, flowId, containers, profileId, o, 'text')),
    analyzeWithFlowsUtf8: async (tenant, body, o, bodyText) => asBytes(await withFlows(tenant, body, o, 'utf8', bodyText)),
    analyzeWithFlowIdUtf8: async (tenant, flowId, containers, profileId, o) => asBytes(await withFlowId(tenant, flowId, containers, profileId, o, 'utf8')),
    async prepareTenant(tenant) {
      const task: PrepareTask = { prepare: true, tenant, knowledgeVersion: versions.version(tenant) };
      if (pool === undefined) await prepareTenantOn(task, await inlineProvider());
      else await pool.broadcast(task);
    },
    async warmUp() {
      if (pool === undefined) {
        await inlineProvider();
        return;
      }
      await pool.ready();
    },
    async ready() {
      if (pool === undefined) {
        await inlineProvider();
        return;
      }
      await pool.firstReady();
    },
    running: () => running,
    queued: () => pool?.queueSize ?? 0,
    workers: () => ({ size: pool?.size ?? 0, busy: pool?.busyThreads ?? 0, ready: pool?.readyThreads ?? 0 }),
    async close() {
      await (await unfollow)();
      await (await unfollowDefinitions)();
      await pool?.close();
    },
  };
}

/** Characters of text in `containers` (an array of `{ text }`), as a measure of a task's cost. */
function textLength(containers: unknown): number {
  if (typeof containers === 'string') return containers.length;
  if (!Array.isArray(containers)) return 0;
  let chars = 0;
  for (const c of containers) if (isObject(c) && typeof c['text'] === 'string') chars += c['text'].length;
  return chars;
}

function asText(response: string | Uint8Array): string {
  return typeof response === 'string' ? response : Buffer.from(response.buffer, response.byteOffset, response.byteLength).toString('utf8');
}

function asBytes(response: string | Uint8Array): Uint8Array {
  return typeof response === 'string' ? encodeResponse(response) : response;
}

function createPool(options: AnalysisServiceOptions): WorkerPool {
  // Under tsx the sources are .ts; the built service runs the compiled .js beside this file.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  // The knowledge base is read once, into shared memory that every worker thread (and any it restarts) uses.
  // So are the spell checker's tables when the knowledge base's directory has them (spell-tables-prepare.ts).
  const kb = loadKnowledgeTablesSync(options.kbDir);
  const spell = readSpellTables(options.kbDir, kb.header.info.buildId);
  const workerData: AnalysisWorkerData = { kb, ...(spell === undefined ? {} : { spell }), store: options.storeConfig, niceIncrement: options.workerNice ?? 0 };
  // Deployed dictionaries: compiled by the first worker that needs one, shared with the others.
  const dictionaries = new SharedDictionaries();
  return new WorkerPool({
    onRequest: (request, threadId) => {
      if (!isDictionaryRequest(request)) throw new Error('unknown request from an analysis worker');
      return dictionaries.answer(request, threadId);
    },
    onThreadExit: (threadId) => dictionaries.threadExited(threadId),
    // The first worker loads alone, so the service serves sooner (cold start); the others follow it.
    staggerStart: true,
    filename: new URL(`./analysis-worker${ext}`, import.meta.url),
    workerData,
    threads: options.workers,
    maxQueue: options.maxQueue,
    // A second task waits in each busy thread's port: the thread starts it as soon as it posts an answer,
    // without blocking and being woken again (measured on 2 cores at 64 clients: CPU per request of the
    // workers −17% and of the event loop −30%, against one task per thread).
    tasksPerThread: 2,
    // The pool keeps the time budgets (a deadline per task, one timer). They were a cancellation signal per
    // task (an abort emitter from a deadline list with one timer), for which the pool made a listener per
    // task, a fresh closure stored on its job; with it, whole requests (body text, parsed body, log lines,
    // promises) lived through two young-generation collections into the old generation of the event loop's
    // heap, whose mark-compacts (10-30 ms pauses) then ran every ~1,000 requests. Measured with
    // --trace-gc-nvp on the built service, context flow, runs alternated with the previous build on a
    // loaded host: 64 clients, 8,000 requests: 0.85-3.3 KB per request promoted and 6-7 mark-compacts,
    // against 0.10 KB and none (13 runs of 5,000-8,000 requests: one had mark-compacts); 4 clients:
    // 1.4-2.0 MB survived each scavenge, against 92-111 KB. The signal itself, the listener's registration
    // and the deadlines' Set were each ruled out; any fresh function stored on the job had the effect (a
    // 40-line model of the pool shows it too, and not with one shared function stored instead).
    taskTimeoutMs: options.timeoutMs,
    ...maxThreadsPerTenant(options),
  });
}

/** ANALYSIS_TENANT_SHARE_PERCENT as threads (at least one); no limit when the share is every thread. */
function maxThreadsPerTenant(options: AnalysisServiceOptions): { maxThreadsPerKey?: number } {
  const share = options.tenantSharePercent ?? 100;
  const threads = Math.max(1, Math.floor((options.workers * share) / 100));
  return threads >= options.workers ? {} : { maxThreadsPerKey: threads };
}

async function runOnPool(pool: WorkerPool, task: AnalysisTask, placement: TaskPlacement, timeoutMs: number): Promise<AnalysisOutcome> {
  try {
    return (await pool.run(task, placement)) as AnalysisOutcome;
  } catch (error) {
    // A budget that ran out while the task ran terminated its thread; the pool started a fresh one.
    if (error instanceof PoolTimeoutError) {
      throw new DomainError('ANALYSIS_TIMEOUT', `Analysis exceeded its time budget of ${timeoutMs} ms and was cancelled; the worker was recycled.`);
    }
    if (error instanceof PoolQueueFullError) {
      throw new DomainError('ANALYSIS_UNAVAILABLE', 'Too many analyses are waiting; retry shortly.');
    }
    throw error;
  }
}
