// A deployed ACD dictionary (stored DictionaryBody) compiled into its own small knowledge base and matchers
// (compileKnowledge + createMatcher, the same code as the built-in knowledge base). Compiled once per stored
// body object: the cache is keyed by the body's identity, so it is never stale and frees itself with the body.
import type { DictionaryBody } from '../../../cartridge/cartridge-model.js';
import { parseAcdDictionary, type AcdDictionaryRecord } from '../../../knowledge/builders/acd-dictionary.js';
import { compileKnowledge } from '../../../knowledge/compile.js';
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

export interface CompiledDictionary {
  readonly id: string;
  readonly kb: CompiledKnowledgeBase;
  readonly longest: ConceptMatcher;
  readonly all: ConceptMatcher;
  /** Concept index → the dictionary's own cui and type. */
  readonly info: ReadonlyMap<number, DictionaryConceptInfo>;
  readonly patterns: readonly ConceptPattern[];
  /** Regexes the linear-time engine cannot run (lookahead inside the pattern, backreferences): skipped. */
  readonly unusablePatterns: readonly string[];
}

const cache = new WeakMap<DictionaryBody, CompiledDictionary>();

export function compileDictionary(body: DictionaryBody): CompiledDictionary {
  let compiled = cache.get(body);
  if (compiled === undefined) {
    compiled = build(body);
    cache.set(body, compiled);
  }
  return compiled;
}

function build(body: DictionaryBody): CompiledDictionary {
  const { records } = parseAcdDictionary(body, { dictionaryId: body.id, file: body.id });
  const withNames = records.map((r) => withPreferredName(r, body.defaultTransforms.detectPreferredName === true));
  const kb = compileKnowledge(withNames, { name: body.name, version: '1', sourceVersion: '' });
  const info = new Map<number, DictionaryConceptInfo>();
  const patterns: ConceptPattern[] = [];
  const unusablePatterns: string[] = [];
  for (const r of records) {
    const indexes = kb.conceptsById(`LOCAL:${r.dictionaryId}:${r.localId}`);
    for (const index of indexes) {
      if (info.has(index)) continue;
      info.set(index, { cui: r.cui ?? r.localId, ...(r.type === undefined ? {} : { type: r.type }) });
    }
    const concept = indexes[0];
    if (concept === undefined) continue;
    for (const source of r.regexes) {
      const regex = compileJavaRegex(source);
      if (regex === undefined) unusablePatterns.push(source);
      else patterns.push({ regex, concept });
    }
  }
  return { id: body.id, kb, longest: createMatcher(kb, { longestSpan: true }), all: createMatcher(kb, { longestSpan: false }), info, patterns, unusablePatterns };
}

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
