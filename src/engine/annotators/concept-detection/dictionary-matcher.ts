// A deployed ACD dictionary (stored DictionaryBody) compiled into its own small knowledge base and matchers
// (compileKnowledge + createMatcher, the same code as the built-in knowledge base). Compiled once per stored
// body object: the cache is keyed by the body's identity, so it is never stale and frees itself with the body.
// The compiled form is flat tables (DictionaryTables) in shared memory, from which each thread builds its
// CompiledDictionary without a copy: an analysis service compiles a deployed dictionary on one worker and
// hands the tables to the others (src/analysis/shared-dictionaries.ts), which attach them to their own body.
import type { DictionaryBody } from '../../../cartridge/cartridge-model.js';
import { parseAcdDictionary, type AcdDictionaryRecord } from '../../../knowledge/builders/acd-dictionary.js';
import { compileKnowledge } from '../../../knowledge/compile.js';
import { CompiledKb, shareTables, type KbTables } from '../../../knowledge/compiled-kb.js';
import type { CompiledKnowledgeBase } from '../../../knowledge/kb.js';
import { createMatcher, type ConceptMatcher } from '../../../knowledge/matcher.js';
import { compileLinearRegex, type LinearRegex } from './linear-regex.js';

/** What a dictionary concept says about itself beyond the compiled Concept. */
export interface DictionaryConceptInfo {
  /** The cui (or id) exactly as the dictionary gives it. */
  readonly cui: string;
  /** ACD annotation type from the dictionary's attributes (`umls.Finding`, or a custom type). */
  readonly type?: string;
}

/** A dictionary regex compiled for the linear-time engine (linear-regex.ts), with the concept it names. */
export interface ConceptPattern {
  readonly regex: LinearRegex;
  readonly concept: number;
}

export interface PatternMatch {
  readonly begin: number;
  readonly end: number;
  readonly concept: number;
}

/** Concept index → what the dictionary says about it (DictionaryConceptInfo), decoded on demand. */
export interface DictionaryInfo {
  get(index: number): DictionaryConceptInfo | undefined;
}

export interface CompiledDictionary {
  readonly id: string;
  readonly kb: CompiledKnowledgeBase;
  readonly longest: ConceptMatcher;
  readonly all: ConceptMatcher;
  /** Concept index → the dictionary's own cui and type. */
  readonly info: DictionaryInfo;
  readonly patterns: readonly ConceptPattern[];
  /** Regexes the linear-time engine cannot run (lookahead inside the pattern, backreferences): skipped. */
  readonly unusablePatterns: readonly string[];
}

/** A compiled dictionary as plain data over shared memory (structured-clone safe, shared between threads). */
export interface DictionaryTables {
  readonly id: string;
  readonly kb: KbTables;
  /** Per concept index, `cui` or `cui<TAB>type` in UTF-8 (an empty line: none), at infoOffsets[i] .. infoOffsets[i + 1]. */
  readonly infoText: Uint8Array;
  readonly infoOffsets: Uint32Array;
  /** The dictionary's regexes the linear-time engine runs (each thread compiles them), with the concept each names. */
  readonly patterns: readonly { readonly source: string; readonly concept: number }[];
  readonly unusablePatterns: readonly string[];
}

const cache = new WeakMap<DictionaryBody, CompiledDictionary>();

export function compileDictionary(body: DictionaryBody): CompiledDictionary {
  let compiled = cache.get(body);
  if (compiled === undefined) {
    compiled = dictionaryFromTables(compileDictionaryTables(body));
    cache.set(body, compiled);
  }
  return compiled;
}

/** Makes compileDictionary(body) answer `compiled` (compiled elsewhere from an equal body). */
export function attachCompiledDictionary(body: DictionaryBody, compiled: CompiledDictionary): void {
  cache.set(body, compiled);
}

/** The body compiled into tables, every array in shared memory. */
export function compileDictionaryTables(body: DictionaryBody): DictionaryTables {
  const { records } = parseAcdDictionary(body, { dictionaryId: body.id, file: body.id });
  const withNames = records.map((r) => withPreferredName(r, body.defaultTransforms.detectPreferredName === true));
  const kb = compileKnowledge(withNames, { name: body.name, version: '1', sourceVersion: '' });
  const info: (string | undefined)[] = new Array<string | undefined>(kb.conceptCount).fill(undefined);
  const patterns: { source: string; concept: number }[] = [];
  const unusablePatterns: string[] = [];
  for (const r of records) {
    const indexes = kb.conceptsById(`LOCAL:${r.dictionaryId}:${r.localId}`);
    for (const index of indexes) {
      if (info[index] !== undefined) continue;
      const cui = (r.cui ?? r.localId).replace(/[\t\n]/g, ' ');
      info[index] = r.type === undefined ? cui : `${cui}\t${r.type.replace(/[\t\n]/g, ' ')}`;
    }
    const concept = indexes[0];
    if (concept === undefined) continue;
    for (const source of r.regexes) {
      if (compileJavaRegex(source) === undefined) unusablePatterns.push(source);
      else patterns.push({ source, concept });
    }
  }
  const lines = info.map((line) => Buffer.from(line ?? '', 'utf8'));
  const infoOffsets = new Uint32Array(new SharedArrayBuffer(4 * (lines.length + 1)));
  let bytes = 0;
  lines.forEach((line, i) => {
    infoOffsets[i] = bytes;
    bytes += line.byteLength;
  });
  infoOffsets[lines.length] = bytes;
  const infoText = new Uint8Array(new SharedArrayBuffer(bytes));
  lines.forEach((line, i) => infoText.set(line, infoOffsets[i]!));
  return { id: body.id, kb: shareTables(kb.tables), infoText, infoOffsets, patterns, unusablePatterns };
}

/** The dictionary over its tables (nothing of size is built or copied: a thread's own matchers and regexes). */
export function dictionaryFromTables(tables: DictionaryTables): CompiledDictionary {
  const kb = new CompiledKb(tables.kb);
  const patterns: ConceptPattern[] = [];
  for (const { source, concept } of tables.patterns) {
    const regex = compileJavaRegex(source);
    if (regex !== undefined) patterns.push({ regex, concept });
  }
  return {
    id: tables.id, kb, longest: createMatcher(kb, { longestSpan: true }), all: createMatcher(kb, { longestSpan: false }),
    info: infoOf(tables), patterns, unusablePatterns: tables.unusablePatterns,
  };
}

function infoOf({ infoText, infoOffsets }: DictionaryTables): DictionaryInfo {
  const text = Buffer.from(infoText.buffer, infoText.byteOffset, infoText.byteLength);
  const decoded = new Map<number, DictionaryConceptInfo | undefined>();
  return {
    get(index) {
      if (!(index >= 0 && index < infoOffsets.length - 1)) return undefined;
      if (decoded.has(index)) return decoded.get(index);
      const line = text.toString('utf8', infoOffsets[index]!, infoOffsets[index + 1]!);
      const tab = line.indexOf('\t');
      const info = line === '' ? undefined : tab < 0 ? { cui: line } : { cui: line.slice(0, tab), type: line.slice(tab + 1) };
      // Bounded as the knowledge base's concept cache: the concepts of the notes in hand come back at once.
      if (decoded.size >= INFO_CACHE_LIMIT) decoded.clear();
      decoded.set(index, info);
      return info;
    },
  };
}

/** Decoded dictionary infos a thread keeps per dictionary. */
const INFO_CACHE_LIMIT = 10_000;

/**
 * ACD dictionary regexes are Java patterns from tenants: they run on RE2 (linear-regex.ts), whose time is
 * linear in the text for any pattern. Patterns it cannot run, and patterns matching the empty string, are
 * reported (unusablePatterns), not matched.
 */
export function compileJavaRegex(source: string): LinearRegex | undefined {
  const compiled = compileLinearRegex(source);
  return compiled.ok ? compiled.regex : undefined;
}

/** Every non-empty match of the dictionary's regexes in `text`. */
export function matchPatterns(dictionary: CompiledDictionary, text: string): PatternMatch[] {
  const out: PatternMatch[] = [];
  for (const { regex, concept } of dictionary.patterns) {
    regex.forEachMatch(text, (begin, end) => out.push({ begin, end, concept }));
  }
  return out;
}

/** ACD `defaultTransforms.detectPreferredName`: the preferred name is a surface form too. */
function withPreferredName(record: AcdDictionaryRecord, detectPreferredName: boolean): AcdDictionaryRecord {
  const preferred = record.preferredName;
  if (!detectPreferredName || preferred === undefined || record.names.some((n) => n.text === preferred)) return record;
  return { ...record, names: [{ text: preferred, kind: 'preferred' }, ...record.names] };
}
