// The compiled knowledge base held in memory: a trie over piece-key ids in flat Int32Arrays (CSR layout:
// node n's edges are edgeToken/edgeChild[edgeStart[n] .. edgeStart[n+1]), sorted by token id), concept
// lists per node, the piece keys in a token table (token-table.ts), and concept records as tab-separated
// UTF-8 lines decoded on demand. Everything but the decoded-concept cache is flat arrays (KbTables), which
// the loader puts in SharedArrayBuffers: every analysis worker of a process builds its CompiledKb over the
// same memory. The same object comes out of compileKnowledge (in memory) and loadKnowledgeBase (from disk).
import { readSync } from 'node:fs';
import { CODE_FIELDS, type CodeField, type CompiledKnowledgeBase, type Concept, type KbInfo } from './kb.js';
import { ACRONYM_MARK, createNormalizer, type Normalizer } from './normalize.js';
import { buildTokenTable, tokenCount, tokenIdIn, tokenKey, type TokenTable } from './token-table.js';

export const KB_FORMAT = 'clinical-annotator-kb';
/** 2: the piece keys as a token table (token-table.ts) and the root's children, instead of tokens.txt. */
export const KB_FORMAT_VERSION = 2;

export interface BuildStats {
  readonly concepts: number;
  /** Names indexed (after stop-list and length filters), counted per concept. */
  readonly names: number;
  /** Distinct keys in the term index. */
  readonly terms: number;
  /** Concept–code pairs per code field. */
  readonly codes: Readonly<Partial<Record<CodeField, number>>>;
  readonly dropped: Readonly<Record<string, number>>;
  readonly merge: Readonly<Record<string, number>>;
  readonly buildMs: number;
}

export interface KbHeader {
  readonly format: typeof KB_FORMAT;
  readonly formatVersion: number;
  readonly info: KbInfo;
  readonly stoplistVersion: string;
  readonly stats: BuildStats;
  readonly counts: { readonly nodes: number; readonly edges: number; readonly conceptRefs: number; readonly tokens: number };
}

export interface KbData {
  readonly header: KbHeader;
  readonly tokens: readonly string[];
  readonly edgeStart: Int32Array;
  readonly edgeToken: Int32Array;
  readonly edgeChild: Int32Array;
  readonly conceptStart: Int32Array;
  readonly conceptIds: Int32Array;
  /** UTF-8 concept lines (see encodeConceptLine) and their start offsets (conceptCount + 1 entries). */
  readonly conceptText: Buffer;
  readonly conceptOffsets: Uint32Array;
  readonly spelling: ReadonlyMap<string, string>;
}

/** What a CompiledKb is made of: flat arrays only (shareable between threads), plus the header and spelling table. */
export interface KbTables {
  readonly header: KbHeader;
  readonly tokens: TokenTable;
  /** Child of the root per token id (-1: none): the root has an edge for most tokens. */
  readonly rootChildren: Int32Array;
  readonly edgeStart: Int32Array;
  readonly edgeToken: Int32Array;
  readonly edgeChild: Int32Array;
  readonly conceptStart: Int32Array;
  readonly conceptIds: Int32Array;
  /**
   * The concept lines: in memory (a fresh compile), or a descriptor of the compiled concepts.txt, open for the
   * life of the process, that every thread reads a line at a time from (positional reads: the page cache is
   * the only copy, and starting a service reads none of it).
   */
  readonly conceptText: Uint8Array | { readonly fd: number };
  readonly conceptOffsets: Uint32Array;
  readonly spelling: readonly (readonly [string, string])[];
  /** Side tables read beside the compiled files (side-tables.ts), by file name. */
  readonly sideTables?: ReadonlyMap<string, string>;
}

/** The tables of freshly compiled data (the token table and the root's children built here). */
export function tablesOf(data: KbData): KbTables {
  const tokens = buildTokenTable(data.tokens);
  const rootChildren = new Int32Array(data.tokens.length).fill(-1);
  for (let e = data.edgeStart[0]!; e < data.edgeStart[1]!; e++) rootChildren[data.edgeToken[e]!] = data.edgeChild[e]!;
  return {
    header: data.header, tokens, rootChildren,
    edgeStart: data.edgeStart, edgeToken: data.edgeToken, edgeChild: data.edgeChild,
    conceptStart: data.conceptStart, conceptIds: data.conceptIds,
    conceptText: new Uint8Array(data.conceptText.buffer, data.conceptText.byteOffset, data.conceptText.byteLength),
    conceptOffsets: data.conceptOffsets,
    spelling: [...data.spelling],
  };
}

/** `a` in shared memory: itself when it already is, else a copy in a SharedArrayBuffer of its size. */
function shared<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T, make: (buffer: SharedArrayBuffer) => T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const copy = make(new SharedArrayBuffer(a.byteLength));
  copy.set(a);
  return copy;
}

/**
 * The tables with every array in shared memory (copied where they are not), so that worker threads can be
 * handed them without a copy each (a freshly compiled cartridge dictionary: compileKnowledge's arrays are ordinary).
 */
export function shareTables(t: KbTables): KbTables {
  const i32 = (a: Int32Array): Int32Array => shared(a, (b) => new Int32Array(b));
  return {
    ...t,
    tokens: { chars: shared(t.tokens.chars, (b) => new Uint16Array(b)), starts: i32(t.tokens.starts), slots: i32(t.tokens.slots) },
    rootChildren: i32(t.rootChildren),
    edgeStart: i32(t.edgeStart), edgeToken: i32(t.edgeToken), edgeChild: i32(t.edgeChild),
    conceptStart: i32(t.conceptStart), conceptIds: i32(t.conceptIds),
    conceptText: t.conceptText instanceof Uint8Array ? shared(t.conceptText, (b) => new Uint8Array(b)) : t.conceptText,
    conceptOffsets: shared(t.conceptOffsets, (b) => new Uint32Array(b)),
  };
}

const FIELD_SEP = '\t';

/** cui, preferredName, types, source, sourceVersion, vocabs, codes (field=a,b;field=c), xrefs. */
export function encodeConceptLine(c: Concept): string {
  const clean = (s: string): string => s.replace(/[\t\r\n]+/g, ' ');
  const codes = CODE_FIELDS.filter((f) => (c.codes[f]?.length ?? 0) > 0).map((f) => `${f}=${c.codes[f]!.map(clean).join(',')}`).join(';');
  return [c.cui, c.preferredName, c.semanticTypes.join(','), c.source, c.sourceVersion, c.vocabs.join(','), codes, c.xrefs.join(',')].map(clean).join(FIELD_SEP);
}

function splitList(s: string | undefined): string[] {
  return s === undefined || s === '' ? [] : s.split(',');
}

export function decodeConceptLine(line: string): Concept {
  const f = line.split(FIELD_SEP);
  const codes: Partial<Record<CodeField, string[]>> = {};
  for (const part of splitList(f[6]).length === 0 ? [] : f[6]!.split(';')) {
    const eq = part.indexOf('=');
    codes[part.slice(0, eq) as CodeField] = part.slice(eq + 1).split(',');
  }
  return {
    cui: f[0] ?? '',
    preferredName: f[1] ?? '',
    semanticTypes: splitList(f[2]),
    source: f[3] ?? '',
    sourceVersion: f[4] ?? '',
    vocabs: splitList(f[5]),
    codes,
    xrefs: splitList(f[7]),
  };
}

export class CompiledKb implements CompiledKnowledgeBase {
  readonly info: KbInfo;
  readonly conceptCount: number;
  readonly normalizer: Normalizer;
  readonly rootNode = 0;
  readonly header: KbHeader;
  readonly tables: KbTables;
  private readonly tokenTable: TokenTable;
  private readonly rootChildren: Int32Array;
  /** The concept lines when in memory; else conceptFd is read. */
  private readonly conceptBytes: Buffer | undefined;
  private readonly conceptFd: number;
  /** A decoded line's bytes when read from the file (grown on demand). */
  private lineBuffer = Buffer.allocUnsafe(1024);
  /** Decoded concepts, at most CONCEPT_CACHE_LIMIT (a worker never holds a decoded copy of a UMLS-size base). */
  private readonly cache = new Map<number, Concept>();
  private codeIndex: Map<string, number[]> | undefined;
  private idIndex: Map<string, number[]> | undefined;

  /** Builds nothing of size: the tables (shared or not) are used as they are. */
  constructor(tables: KbTables) {
    this.tables = tables;
    this.header = tables.header;
    this.info = tables.header.info;
    this.conceptCount = tables.conceptOffsets.length - 1;
    this.normalizer = createNormalizer(new Map(tables.spelling));
    this.tokenTable = tables.tokens;
    this.rootChildren = tables.rootChildren;
    const text = tables.conceptText;
    this.conceptBytes = text instanceof Uint8Array ? Buffer.from(text.buffer, text.byteOffset, text.byteLength) : undefined;
    this.conceptFd = text instanceof Uint8Array ? -1 : text.fd;
  }

  /** Number of piece keys in the term index (token ids are 0 .. tokenCount - 1). */
  get tokenCount(): number {
    return tokenCount(this.tokenTable);
  }

  /** The piece key of a token id. */
  tokenKey(id: number): string {
    return tokenKey(this.tokenTable, id);
  }

  /** Edges of the trie per token id (how many names continue with that key): a token's frequency. */
  tokenEdgeCounts(): Uint32Array {
    const counts = new Uint32Array(this.tokenCount);
    for (const t of this.tables.edgeToken) counts[t]! += 1;
    return counts;
  }

  sideTable(name: string): string | undefined {
    return this.tables.sideTables?.get(name);
  }

  concept(index: number): Concept {
    if (!(index >= 0 && index < this.conceptCount)) throw new RangeError(`concept index ${index} out of range 0..${this.conceptCount - 1}`);
    let c = this.cache.get(index);
    if (c === undefined) {
      c = this.decode(index);
      // Cleared when full: the concepts of the notes in hand come back at once, and the cache stays bounded.
      if (this.cache.size >= CONCEPT_CACHE_LIMIT) this.cache.clear();
      this.cache.set(index, c);
    }
    return c;
  }

  /** Decodes a concept line without caching it (index building walks every concept once). */
  private decode(index: number): Concept {
    const start = this.tables.conceptOffsets[index]!;
    const end = this.tables.conceptOffsets[index + 1]!;
    if (this.conceptBytes !== undefined) return decodeConceptLine(this.conceptBytes.toString('utf8', start, end));
    const length = end - start;
    if (this.lineBuffer.length < length) this.lineBuffer = Buffer.allocUnsafe(2 * length);
    readFully(this.conceptFd, this.lineBuffer, length, start);
    return decodeConceptLine(this.lineBuffer.toString('utf8', 0, length));
  }

  /** Every concept in order, decoded without caching; from the file, in large sequential reads. */
  private forEachConcept(visit: (concept: Concept, index: number) => void): void {
    const offsets = this.tables.conceptOffsets;
    if (this.conceptBytes !== undefined) {
      for (let i = 0; i < this.conceptCount; i++) visit(this.cache.get(i) ?? this.decode(i), i);
      return;
    }
    let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let chunkStart = 0;
    let chunkEnd = 0;
    for (let i = 0; i < this.conceptCount; i++) {
      const start = offsets[i]!;
      const end = offsets[i + 1]!;
      if (end > chunkEnd) {
        const want = Math.max(CHUNK_BYTES, end - start);
        if (chunk.length < want) chunk = Buffer.allocUnsafe(want);
        const size = Math.min(want, offsets[this.conceptCount]! - start);
        readFully(this.conceptFd, chunk, size, start);
        chunkStart = start;
        chunkEnd = start + size;
      }
      visit(this.cache.get(i) ?? decodeConceptLine(chunk.toString('utf8', start - chunkStart, end - chunkStart)), i);
    }
  }

  tokenId(key: string): number {
    return tokenIdIn(this.tokenTable, key);
  }

  childNode(node: number, tokenId: number): number {
    if (node === 0) return tokenId >= 0 && tokenId < this.rootChildren.length ? this.rootChildren[tokenId]! : -1;
    const { edgeStart, edgeToken, edgeChild } = this.tables;
    let lo = edgeStart[node]!;
    let hi = edgeStart[node + 1]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const t = edgeToken[mid]!;
      if (t === tokenId) return edgeChild[mid]!;
      if (t < tokenId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  nodeConcepts(node: number): readonly number[] {
    const { conceptStart, conceptIds } = this.tables;
    const s = conceptStart[node]!;
    const e = conceptStart[node + 1]!;
    if (s === e) return EMPTY;
    const out = new Array<number>(e - s);
    for (let i = s; i < e; i++) out[i - s] = conceptIds[i]!;
    return out;
  }

  /** Number of concepts at a node without allocating. */
  nodeConceptCount(node: number): number {
    return this.tables.conceptStart[node + 1]! - this.tables.conceptStart[node]!;
  }

  lookup(text: string): readonly number[] {
    const pieces = this.normalizer.scan(text);
    if (pieces.length === 0) return EMPTY;
    const found = new Set<number>();
    if (pieces.length === 1 && pieces[0]!.acronymKey !== undefined) {
      const t = this.tokenId(pieces[0]!.acronymKey);
      if (t >= 0) {
        const n = this.childNode(this.rootNode, t);
        if (n >= 0) for (const c of this.nodeConcepts(n)) found.add(c);
      }
    }
    let node = this.rootNode;
    for (const p of pieces) {
      const t = this.tokenId(p.key);
      node = t < 0 ? -1 : this.childNode(node, t);
      if (node < 0) break;
    }
    if (node >= 0) for (const c of this.nodeConcepts(node)) found.add(c);
    return [...found].sort((a, b) => a - b);
  }

  conceptsByCode(field: CodeField, code: string): readonly number[] {
    if (this.codeIndex === undefined) {
      const index = new Map<string, number[]>();
      this.forEachConcept(({ codes }, i) => {
        for (const f of CODE_FIELDS) for (const v of codes[f] ?? []) push(index, `${f}\u0000${v}`, i);
      });
      this.codeIndex = index;
    }
    return this.codeIndex.get(`${field}\u0000${code}`) ?? EMPTY;
  }

  conceptsById(id: string): readonly number[] {
    if (this.idIndex === undefined) {
      const index = new Map<string, number[]>();
      this.forEachConcept((c, i) => {
        push(index, c.cui, i);
        for (const x of c.xrefs) {
          push(index, x, i);
          if (x.startsWith('UMLS:')) push(index, x.slice(5), i);
        }
      });
      this.idIndex = index;
    }
    return this.idIndex.get(id) ?? EMPTY;
  }
}

const EMPTY: readonly number[] = Object.freeze([]);

/** Sequential reads of concepts.txt when every concept is visited. */
const CHUNK_BYTES = 1 << 20;

/** `length` bytes of file `fd` from `position` into the start of `into`. */
function readFully(fd: number, into: Buffer, length: number, position: number): void {
  for (let at = 0; at < length;) {
    const n = readSync(fd, into, at, length - at, position + at);
    if (n === 0) throw new Error(`concepts.txt ended at byte ${position + at}, expected ${position + length}`);
    at += n;
  }
}

/** Decoded concepts a CompiledKb keeps (~25 MB): far more than a batch of notes names. */
const CONCEPT_CACHE_LIMIT = 50_000;

function push(index: Map<string, number[]>, key: string, value: number): void {
  const list = index.get(key);
  if (list === undefined) index.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

export function isAcronymKey(key: string): boolean {
  return key.startsWith(ACRONYM_MARK);
}
