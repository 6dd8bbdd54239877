// The corrector's vocabulary as flat arrays (vocabulary.ts searches them): its words (the common English list
// merged with the knowledge base's most used term keys) with their weights, their delete index
// (delete-index.ts) and the set of known words (word-set.ts). At UMLS size they are ~100 MB, which every
// analysis worker used to build for itself (seconds of CPU and its own copy each); instead they are built
// once per knowledge base, written beside its compiled files (spell-*.bin, spell-tables.json), read by the
// service into SharedArrayBuffers with the knowledge base and handed to every worker (attachSpellTables).
// A worker without them (no files, or files built from another word list or knowledge base) builds its own.
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import { readSharedFile } from '../../../knowledge/kb-files.js';
import { allocateShared, buildTokenTable, type TokenTable } from '../../../knowledge/token-table.js';
import { buildDeleteIndexArrays, type DeleteIndexArrays } from './delete-index.js';
import { defaultEnglishWords, englishWordsFingerprint, type EnglishWords } from './spelling-rules.js';
import { buildWordSetArrays, type WordSetArrays } from './word-set.js';

export const SPELL_TABLES_FORMAT = 'clinical-annotator-spell-tables';
/** Bump when what buildSpellTables makes changes (with the vocabulary's caps below). */
export const SPELL_TABLES_VERSION = 1;

/**
 * At most this many of the knowledge base's keys join the suggestion vocabulary, the most used first: the
 * open build has ~93,000; a UMLS-size one a million, whose delete index would cost gigabytes (rarer keys
 * are still known words, through the term index).
 */
export const MAX_KB_SUGGESTION_KEYS = 200_000;
/** Deletions filed per word in the delete index: searches up to this bound use it (the rules' usual maximum). */
export const INDEXED_DELETES = 2;

export interface SpellTablesHeader {
  readonly format: typeof SPELL_TABLES_FORMAT;
  readonly version: number;
  /** englishWordsFingerprint() of the word list the tables were built from. */
  readonly english: string;
  /** The knowledge base's buildId. */
  readonly kbBuildId: string;
  /** Whether the knowledge base had term keys (a compiled one does). */
  readonly kbTerms: boolean;
  readonly words: number;
  readonly knownSize: number;
  readonly knownLong: readonly string[];
  readonly deletes: { readonly maxDeletes: number; readonly maxWordLength: number; readonly bucketMask: number; readonly fingerprintBits: number; readonly idShift: number };
}

export interface SpellTables {
  readonly header: SpellTablesHeader;
  /** The vocabulary's words in its order (English first, then knowledge-base keys), with an exact-lookup hash. */
  readonly words: TokenTable;
  readonly weights: Float64Array;
  /** 1 when the word is a knowledge-base key. */
  readonly fromKb: Uint8Array;
  readonly deletes: DeleteIndexArrays;
  /** Known lower-case words: the English list and the knowledge base's keys (capped as above). */
  readonly known: WordSetArrays;
}

/** The piece keys of a compiled knowledge base's term index and how many names continue with each. */
export interface TermData {
  readonly tokens: readonly string[];
  readonly counts: Uint32Array;
}

/** The term-index API of a compiled knowledge base (CompiledKb), when the KB has one. */
interface TokenSource {
  readonly tokenCount: number;
  tokenKey(id: number): string;
  tokenEdgeCounts(): Uint32Array;
  readonly info?: { readonly buildId?: string };
}

export function termData(kb: KnowledgeBase): TermData | undefined {
  const source = kb as Partial<TokenSource>;
  if (typeof source.tokenCount !== 'number' || typeof source.tokenKey !== 'function' || typeof source.tokenEdgeCounts !== 'function') return undefined;
  const all = source.tokenEdgeCounts();
  let ids = Array.from({ length: source.tokenCount }, (_, i) => i);
  if (ids.length > MAX_KB_SUGGESTION_KEYS) ids = ids.sort((a, b) => all[b]! - all[a]! || a - b).slice(0, MAX_KB_SUGGESTION_KEYS).sort((a, b) => a - b);
  const tokens = ids.map((i) => source.tokenKey!(i));
  const counts = Uint32Array.from(ids, (i) => all[i]!);
  return { tokens, counts };
}

const ALPHA = /^[a-z]+$/;

/** The tables of `kb` and the English list (allocate: where the arrays live; shared memory by default). */
export function buildSpellTables(kb: KnowledgeBase, english: EnglishWords, options: { readonly englishFingerprint?: string; readonly allocate?: (bytes: number) => ArrayBufferLike } = {}): SpellTables {
  const allocate = options.allocate ?? allocateShared;
  const texts: string[] = [];
  const weights: number[] = [];
  const fromKb: number[] = [];
  const position = new Map<string, number>();
  for (const [word, weight] of english) {
    if (weight <= 0) continue;
    position.set(word, texts.length);
    texts.push(word);
    weights.push(weight);
    fromKb.push(0);
  }
  const data = termData(kb);
  if (data !== undefined) {
    const counts = data.counts;
    data.tokens.forEach((key, i) => {
      if (key.length < 3 || !ALPHA.test(key)) return;
      const at = position.get(key);
      if (at === undefined) {
        position.set(key, texts.length);
        texts.push(key);
        weights.push(counts[i]!);
        fromKb.push(1);
      } else {
        weights[at]! += counts[i]!;
        fromKb[at] = 1;
      }
    });
  }
  const deletes = buildDeleteIndexArrays(texts, INDEXED_DELETES, allocate);
  const known = buildWordSetArrays([...english.keys(), ...(data?.tokens ?? [])], allocate);
  const weightArray = new Float64Array(allocate(texts.length * 8));
  weightArray.set(weights);
  const fromKbArray = new Uint8Array(allocate(texts.length));
  fromKbArray.set(fromKb);
  const { maxDeletes, maxWordLength, bucketMask, fingerprintBits, idShift } = deletes;
  const header: SpellTablesHeader = {
    format: SPELL_TABLES_FORMAT, version: SPELL_TABLES_VERSION, english: options.englishFingerprint ?? '', kbBuildId: (kb as Partial<TokenSource>).info?.buildId ?? '',
    kbTerms: data !== undefined, words: texts.length, knownSize: known.size, knownLong: known.long,
    deletes: { maxDeletes, maxWordLength, bucketMask, fingerprintBits, idShift },
  };
  return { header, words: buildTokenTable(texts, allocate), weights: weightArray, fromKb: fromKbArray, deletes, known };
}

const FILES = {
  header: 'spell-tables.json',
  wordChars: 'spell-word-chars.bin',
  wordStarts: 'spell-word-starts.bin',
  wordSlots: 'spell-word-slots.bin',
  weights: 'spell-weights.bin',
  fromKb: 'spell-from-kb.bin',
  bucketStart: 'spell-bucket-start.bin',
  filing: 'spell-filing.bin',
  lengths: 'spell-lengths.bin',
  knownSlots: 'spell-known-slots.bin',
  knownChars: 'spell-known-chars.bin',
} as const;

function arraysOf(t: SpellTables): [string, ArrayBufferView][] {
  return [
    [FILES.wordChars, t.words.chars], [FILES.wordStarts, t.words.starts], [FILES.wordSlots, t.words.slots], [FILES.weights, t.weights], [FILES.fromKb, t.fromKb],
    [FILES.bucketStart, t.deletes.bucketStart], [FILES.filing, t.deletes.filing], [FILES.lengths, t.deletes.lengths], [FILES.knownSlots, t.known.slots], [FILES.knownChars, t.known.chars],
  ];
}

/** Writes the tables into a knowledge base directory (little-endian arrays; the header last, so a half-written set is never read). */
export function writeSpellTables(tables: SpellTables, dir: string): void {
  rmSync(join(dir, FILES.header), { force: true });
  for (const [name, array] of arraysOf(tables)) {
    const fd = openSync(join(dir, name), 'w');
    try {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    } finally {
      closeSync(fd);
    }
  }
  writeFileSync(join(dir, FILES.header), `${JSON.stringify(tables.header)}\n`);
}

/** Builds the tables of `kb` (just built or loaded from `dir`) with the default English list and writes them into `dir`. */
export function writeSpellTablesOf(kb: KnowledgeBase, dir: string): SpellTablesHeader {
  const tables = buildSpellTables(kb, defaultEnglishWords(), { englishFingerprint: englishWordsFingerprint(), allocate: (n) => new ArrayBuffer(n) });
  writeSpellTables(tables, dir);
  return tables.header;
}

/** Why the tables in `dir` do not fit the knowledge base `kbBuildId` and this code, or undefined when they do. */
export function spellTablesStaleReason(dir: string, kbBuildId: string): string | undefined {
  const path = join(dir, FILES.header);
  if (!existsSync(path)) return `no ${FILES.header}`;
  let header: SpellTablesHeader;
  try {
    header = JSON.parse(readFileSync(path, 'utf8')) as SpellTablesHeader;
  } catch (error) {
    return `unreadable ${FILES.header}: ${String(error)}`;
  }
  if (header.format !== SPELL_TABLES_FORMAT || header.version !== SPELL_TABLES_VERSION) return `format ${header.format}/${header.version}, expected ${SPELL_TABLES_FORMAT}/${SPELL_TABLES_VERSION}`;
  if (header.kbBuildId !== kbBuildId) return `built for knowledge base ${header.kbBuildId}, not ${kbBuildId}`;
  const english = englishWordsFingerprint();
  if (header.english !== english) return `built from English word list ${header.english}, not ${english}`;
  return undefined;
}

/** The tables in `dir`, in shared memory, when they fit the knowledge base `kbBuildId` and this code; else undefined. */
export function readSpellTables(dir: string, kbBuildId: string): SpellTables | undefined {
  if (spellTablesStaleReason(dir, kbBuildId) !== undefined) return undefined;
  const header = JSON.parse(readFileSync(join(dir, FILES.header), 'utf8')) as SpellTablesHeader;
  const u32 = (name: string): Uint32Array => new Uint32Array(readSharedFile(join(dir, name)));
  const i32 = (name: string): Int32Array => new Int32Array(readSharedFile(join(dir, name)));
  return {
    header,
    words: { chars: new Uint16Array(readSharedFile(join(dir, FILES.wordChars))), starts: i32(FILES.wordStarts), slots: i32(FILES.wordSlots) },
    weights: new Float64Array(readSharedFile(join(dir, FILES.weights))),
    fromKb: new Uint8Array(readSharedFile(join(dir, FILES.fromKb))),
    deletes: { ...header.deletes, bucketStart: u32(FILES.bucketStart), filing: u32(FILES.filing), lengths: new Uint8Array(readSharedFile(join(dir, FILES.lengths))) },
    known: { size: header.knownSize, slots: i32(FILES.knownSlots), chars: new Uint16Array(readSharedFile(join(dir, FILES.knownChars))), long: header.knownLong },
  };
}

/** Tables handed to this thread for a knowledge base (the analysis worker attaches those the service read). */
const attached = new WeakMap<KnowledgeBase, SpellTables>();

export function attachSpellTables(kb: KnowledgeBase, tables: SpellTables): void {
  attached.set(kb, tables);
}

export function attachedSpellTables(kb: KnowledgeBase): SpellTables | undefined {
  return attached.get(kb);
}
