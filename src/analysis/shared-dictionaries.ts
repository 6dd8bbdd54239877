// Deployed cartridge dictionaries compiled once per process, not once per analysis worker (issue 23): a
// worker loading a tenant's knowledge asks the main thread (WorkerPool onRequest) for each dictionary by a
// digest of its body. The first to ask compiles it (dictionary-matcher.ts compileDictionaryTables: every
// array in shared memory) and hands the tables to the main thread; the others wait for them and build their
// CompiledDictionary over the same memory. Each worker then keeps, in place of the stored body and its
// hundreds of thousands of concept objects, a light body (its fields, a few concepts) that the compiled
// dictionary is attached to: analyses find and match it as before.
//   main thread: SharedDictionaries (answer, threadExited)
//   worker:      DictionarySharer.share(snapshot) (a ResourceProvider's prepareSnapshot)
import { createHash } from 'node:crypto';
import type { DictionaryBody } from '../cartridge/cartridge-model.js';
import {
  attachCompiledDictionary, compileDictionaryTables, dictionaryFromTables, type CompiledDictionary, type DictionaryTables,
} from '../engine/annotators/concept-detection/dictionary-matcher.js';
import type { ArtifactSnapshot } from './tenant-artifacts.js';

/** worker → main (WorkerPool onRequest). */
export type DictionaryRequest =
  | { readonly op: 'dictionary'; readonly key: string }
  | { readonly op: 'dictionary-compiled'; readonly key: string; readonly tables: DictionaryTables }
  | { readonly op: 'dictionary-failed'; readonly key: string };

/** main → worker: the shared tables, or "compile it yourself" (and, for the first asker, hand them over). */
export type DictionaryAnswer = { readonly tables: DictionaryTables } | { readonly compile: true };

export function isDictionaryRequest(request: unknown): request is DictionaryRequest {
  const op = (request as { op?: unknown } | null)?.op;
  return op === 'dictionary' || op === 'dictionary-compiled' || op === 'dictionary-failed';
}

/** Shared tables the main thread keeps for later askers, in bytes (least recently asked dropped first; workers keep theirs). */
export const SHARED_DICTIONARY_BYTES = 1 << 30;

/** The main thread's side: compiled tables by digest, and which thread compiles what. */
export class SharedDictionaries {
  readonly #maxBytes: number;
  /** In order of last use (a Map keeps insertion order: a used entry is moved to the end). */
  readonly #tables = new Map<string, DictionaryTables>();
  #bytes = 0;
  readonly #claims = new Map<string, { readonly threadId: number; readonly waiters: ((answer: DictionaryAnswer) => void)[] }>();

  constructor(maxBytes = SHARED_DICTIONARY_BYTES) {
    this.#maxBytes = maxBytes;
  }

  /** Dictionaries whose tables are kept. */
  get size(): number {
    return this.#tables.size;
  }

  answer(request: DictionaryRequest, threadId: number): DictionaryAnswer | Promise<DictionaryAnswer> | null {
    switch (request.op) {
      case 'dictionary': {
        const tables = this.#tables.get(request.key);
        if (tables !== undefined) {
          this.#tables.delete(request.key);
          this.#tables.set(request.key, tables);
          return { tables };
        }
        const claim = this.#claims.get(request.key);
        if (claim === undefined || claim.threadId === threadId) {
          this.#claims.set(request.key, { threadId, waiters: claim?.waiters ?? [] });
          return { compile: true };
        }
        return new Promise((resolve) => claim.waiters.push(resolve));
      }
      case 'dictionary-compiled':
        this.#keep(request.key, request.tables);
        this.#release(request.key, { tables: request.tables });
        return null;
      case 'dictionary-failed':
        this.#release(request.key, { compile: true });
        return null;
    }
  }

  /** A thread that exited compiles nothing more: whoever waited for it compiles for itself. */
  threadExited(threadId: number): void {
    for (const [key, claim] of this.#claims) if (claim.threadId === threadId) this.#release(key, { compile: true });
  }

  #release(key: string, answer: DictionaryAnswer): void {
    const claim = this.#claims.get(key);
    this.#claims.delete(key);
    for (const waiter of claim?.waiters ?? []) waiter(answer);
  }

  #keep(key: string, tables: DictionaryTables): void {
    if (this.#tables.has(key)) return;
    this.#tables.set(key, tables);
    this.#bytes += bytesOf(tables);
    for (const [oldest, old] of this.#tables) {
      if (this.#bytes <= this.#maxBytes || oldest === key) break;
      this.#tables.delete(oldest);
      this.#bytes -= bytesOf(old);
    }
  }
}

function bytesOf(t: DictionaryTables): number {
  const kb = t.kb;
  const text = kb.conceptText instanceof Uint8Array ? kb.conceptText.byteLength : 0;
  return t.infoText.byteLength + t.infoOffsets.byteLength + kb.tokens.chars.byteLength + kb.tokens.starts.byteLength + kb.tokens.slots.byteLength
    + kb.rootChildren.byteLength + kb.edgeStart.byteLength + kb.edgeToken.byteLength + kb.edgeChild.byteLength
    + kb.conceptStart.byteLength + kb.conceptIds.byteLength + text + kb.conceptOffsets.byteLength;
}

/** The digest a dictionary body is shared by: equal bodies (the same deployment read by every worker) share it. */
export function dictionaryKey(body: DictionaryBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

/** Concepts a light body keeps: prepareTenant's warm-up text is made of a dictionary's first terms (analysis-task.ts). */
const KEPT_CONCEPTS = 3;

function isDictionaryBody(body: unknown): body is DictionaryBody {
  return typeof body === 'object' && body !== null && Array.isArray((body as { concepts?: unknown }).concepts);
}

/** A worker's side: its snapshots' dictionaries, compiled once in the process (one per thread). */
export class DictionarySharer {
  readonly #ask: (request: DictionaryRequest) => Promise<unknown>;
  /** This thread's compiled dictionaries by digest (weakly: a dictionary no snapshot uses any more is freed). */
  readonly #compiled = new Map<string, WeakRef<CompiledDictionary>>();

  /** `ask` reaches the main thread's SharedDictionaries (requestFromPool in a worker). */
  constructor(ask: (request: DictionaryRequest) => Promise<unknown>) {
    this.#ask = ask;
  }

  /**
   * The snapshot with each dictionary body replaced by a light one carrying its shared compiled dictionary.
   * A body that does not compile stays as it is: the analyses that use it compile it and report the error.
   */
  async share(snapshot: ArtifactSnapshot): Promise<ArtifactSnapshot> {
    const light = new Map<unknown, DictionaryBody>();
    for (const body of snapshot.bodies('dictionary')) {
      if (!isDictionaryBody(body) || light.has(body)) continue;
      let compiled: CompiledDictionary;
      try {
        compiled = await this.#dictionary(body);
      } catch {
        continue;
      }
      const stub: DictionaryBody = { ...body, concepts: body.concepts.slice(0, KEPT_CONCEPTS) };
      attachCompiledDictionary(stub, compiled);
      light.set(body, stub);
    }
    return light.size === 0 ? snapshot : snapshot.replacing('dictionary', (body) => light.get(body) ?? body);
  }

  /** The dictionary compiled once in the process: by this thread when it is the first to ask, else over the first one's tables. */
  async #dictionary(body: DictionaryBody): Promise<CompiledDictionary> {
    const key = dictionaryKey(body);
    const held = this.#compiled.get(key)?.deref();
    if (held !== undefined) return held;
    const answer = (await this.#ask({ op: 'dictionary', key })) as DictionaryAnswer;
    let tables: DictionaryTables;
    if ('tables' in answer) tables = answer.tables;
    else {
      try {
        tables = compileDictionaryTables(body);
      } catch (error) {
        await this.#ask({ op: 'dictionary-failed', key });
        throw error;
      }
      await this.#ask({ op: 'dictionary-compiled', key, tables });
    }
    const compiled = dictionaryFromTables(tables);
    this.#compiled.set(key, new WeakRef(compiled));
    return compiled;
  }
}
