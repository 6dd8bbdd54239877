// Parses the JSON source of an ACD dictionary (the `<name>.json` attachment; the compiled .dic/.pdic
// files are unreadable binaries) into the normalised concept list stored for concept_detection.

import { compileLinearRegex } from '../engine/annotators/concept-detection/linear-regex.js';
import { cartridgeIssue, type CartridgeIssue } from './cartridge-issue.js';
import type { DictionaryBody, DictionaryConcept } from './cartridge-model.js';
import { isJsonObject as isObject } from './json-value.js';

export interface DictionaryParseResult {
  readonly body?: DictionaryBody;
  readonly issues: readonly CartridgeIssue[];
}

/**
 * Normalises an ACD dictionary JSON source. Disabled concepts, and concepts nothing could ever match
 * (no surface form, no regex, and no preferred name to detect), are dropped and counted in one INFO issue.
 */
export function parseDictionarySource(source: unknown, where: { readonly artifact: string; readonly name: string; readonly path: string }): DictionaryParseResult {
  const at = { artifact: where.artifact, path: where.path };
  if (!isObject(source) || !Array.isArray(source.concepts)) {
    return { issues: [cartridgeIssue('ERROR', 'INVALID_DICTIONARY', 'dictionary source must be a JSON object with a "concepts" array', at)] };
  }
  const issues: CartridgeIssue[] = [];
  const defaultTransforms = booleanMap(source.defaultTransforms);
  const detectPreferredName = defaultTransforms.detectPreferredName === true;
  const concepts: DictionaryConcept[] = [];
  let disabled = 0;
  let unmatchable = 0;
  let malformed = 0;
  const unusablePatterns: { pattern: string; reason: string }[] = [];
  source.concepts.forEach((raw: unknown, index: number) => {
    if (!isObject(raw)) {
      malformed++;
      return;
    }
    if (raw.disabled === true) {
      disabled++;
      return;
    }
    const surfaceForms = texts(raw.surfaceForms, 'text');
    const regexes = texts(raw.regexes, 'pattern');
    for (const pattern of regexes) {
      const compiled = compileLinearRegex(pattern);
      if (!compiled.ok) unusablePatterns.push({ pattern, reason: compiled.reason });
    }
    const cui = nonEmptyString(raw.cui);
    const preferredName = nonEmptyString(raw.preferredName) ?? surfaceForms[0];
    if (preferredName === undefined) {
      malformed++;
      return;
    }
    if (surfaceForms.length === 0 && regexes.length === 0 && !detectPreferredName) {
      unmatchable++;
      return;
    }
    const id = nonEmptyString(raw.id) ?? cui ?? `${where.artifact}#${index}`;
    const concept: DictionaryConcept = {
      id,
      ...(cui === undefined ? {} : { cui }),
      preferredName,
      attributes: attributeMaps(raw.attributes),
      surfaceForms,
      regexes,
    };
    concepts.push(concept);
  });
  if (malformed > 0) {
    issues.push(cartridgeIssue('WARNING', 'INVALID_DICTIONARY', `${malformed} concept(s) are not objects or have neither preferredName nor surface forms; dropped`, at));
  }
  if (unusablePatterns.length > 0) {
    // Tenant regexes run on a linear-time engine (RE2); what it cannot run is deployed but never matched.
    const first = unusablePatterns[0]!;
    issues.push(cartridgeIssue('WARNING', 'INVALID_DICTIONARY', `${unusablePatterns.length} regex pattern(s) cannot run on the linear-time regex engine and are not matched (${first.pattern.slice(0, 80)}: ${first.reason.slice(0, 160)}${unusablePatterns.length > 1 ? '; …' : ''})`, at));
  }
  if (disabled + unmatchable > 0) {
    issues.push(cartridgeIssue('INFO', 'DICTIONARY_CONCEPTS_DROPPED', `${disabled} disabled and ${unmatchable} unmatchable concept(s) dropped; ${concepts.length} kept`, at));
  }
  const body: DictionaryBody = {
    id: where.artifact,
    name: nonEmptyString(source.name) ?? where.name,
    layout: nonEmptyString(source.layout) ?? 'umls',
    defaultTransforms,
    concepts,
  };
  return { body, issues };
}

/** `[{text:"a"}, "b"]` → `["a","b"]` (trimmed, non-empty, first occurrence kept). */
function texts(value: unknown, key: string): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of value) {
    const raw = typeof item === 'string' ? item : isObject(item) ? item[key] : undefined;
    if (typeof raw !== 'string') continue;
    const text = raw.trim();
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}

/** Attributes are a list of string maps in ACD (`[{semanticType, type, icd10Code, ...}]`); a single map is accepted. */
function attributeMaps(value: unknown): Record<string, string>[] {
  const list = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  const out: Record<string, string>[] = [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const map: Record<string, string> = {};
    for (const [k, v] of Object.entries(item)) {
      if (typeof v === 'string') map[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') map[k] = String(v);
    }
    if (Object.keys(map).length > 0) out.push(map);
  }
  return out;
}

function booleanMap(value: unknown): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  if (!isObject(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'boolean') out[k] = v;
  return out;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
