// ACD dictionary JSON sources (reference §6.1), as found in exported cartridges:
//   { id, name, layout (umls | drug_whitelist | procedure_whitelist | symptom_disease_whitelist | lab_type_whitelist |
//     section_whitelist), defaultTransforms, extends?, readonly?, enableLinkedConcepts?,
//     concepts: [{ id, cui?, preferredName, attributes: [{ semanticType, type, icd10Code, snomedConceptId, rxNormID,
//       ... }], surfaceForms: [{ text, attributes?: { linkedFrom, gen, tty, vocab } }], removeSurfaceForms?: [{ text }],
//       regexes?: [{ pattern }], normalizeCase?, linkedConcept?, disabled? }] }
// Field spellings vary in real exports (`snomedConceptid`, `rxNormID`, a stray `ssemanticType`): code keys are
// matched case-insensitively. Disabled concepts are skipped unless asked for. Regex patterns are kept verbatim (they
// are Java regexes with inline flags such as `\b(?i)`; compiling them is the matcher's business).

import { basename } from 'node:path';
import type { ValidationIssue } from '../../errors.js';
import { CODE_FIELDS, type CodeField } from '../kb.js';
import { dictionaryIds, looksLikeCui, resolveSemanticTypes, splitCodes, surfaceFormKind, type DictionaryReadResult, type DictionaryRecord } from './csv-dictionary.js';
import { readText } from './read-lines.js';
import type { SourceName } from './source-record.js';

export interface AcdDictionaryInfo {
  readonly id: string;
  readonly name?: string;
  readonly layout?: string;
  /** Base dictionary this one extends, e.g. `umls.latest`, `umls.2022aa`. */
  readonly extends?: string;
}

export interface AcdDictionaryRecord extends DictionaryRecord {
  readonly layout?: string;
  readonly disabled: boolean;
  /** Surface forms to remove from the linked base concept. */
  readonly removeSurfaceForms: readonly string[];
  /** Regex patterns (Java syntax, verbatim). */
  readonly regexes: readonly string[];
  /** `false` when the dictionary asks for case-sensitive matching. */
  readonly normalizeCase?: boolean;
  /** The concept extends the base (UMLS) concept with the same cui. */
  readonly linkedConcept: boolean;
  /** Every attribute as given (strings), for fields this reader does not model. */
  readonly attributes: readonly Readonly<Record<string, string>>[];
}

export interface AcdDictionaryReadResult extends DictionaryReadResult<AcdDictionaryRecord> {
  readonly dictionary?: AcdDictionaryInfo;
}

export interface AcdDictionaryOptions {
  /** Defaults to the dictionary's own `id`. */
  readonly dictionaryId?: string;
  /** Keep concepts marked `disabled: true` (flagged). Default false. */
  readonly includeDisabled?: boolean;
  /** Names the source in issue paths. */
  readonly file?: string;
}

const CODE_KEYS = new Map<string, CodeField>(CODE_FIELDS.map((f) => [f.toLowerCase(), f]));

export function readAcdDictionary(path: string, options: AcdDictionaryOptions = {}): AcdDictionaryReadResult {
  return parseAcdDictionary(readText(path), { file: basename(path), ...options });
}

/** Parses dictionary JSON (text or an already parsed value). */
export function parseAcdDictionary(input: string | unknown, options: AcdDictionaryOptions = {}): AcdDictionaryReadResult {
  const file = options.file ?? 'dictionary.json';
  const issues: ValidationIssue[] = [];
  const records: AcdDictionaryRecord[] = [];
  let json: unknown = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    } catch (e) {
      issues.push({ path: `${file}:${jsonErrorLine(input, e)}`, message: `invalid JSON: ${(e as Error).message}` });
      return { records, issues };
    }
  }
  if (!isObject(json)) {
    issues.push({ path: `${file}#`, message: 'expected a JSON object' });
    return { records, issues };
  }
  const id = text(json['id']);
  const dictionaryId = options.dictionaryId ?? id ?? basename(file).replace(/\.json$/i, '');
  const layout = text(json['layout']);
  const dictionary: AcdDictionaryInfo = {
    id: id ?? dictionaryId,
    ...(text(json['name']) !== undefined ? { name: text(json['name'])! } : {}),
    ...(layout !== undefined ? { layout } : {}),
    ...(text(json['extends']) !== undefined ? { extends: text(json['extends'])! } : {}),
  };
  const concepts = json['concepts'];
  if (!Array.isArray(concepts)) {
    issues.push({ path: `${file}#/concepts`, message: 'missing "concepts" array' });
    return { dictionary, records, issues };
  }
  const localIds = new Set<string>();
  concepts.forEach((concept: unknown, index) => {
    const where = `${file}#/concepts/${index}`;
    if (!isObject(concept)) {
      issues.push({ path: where, message: 'concept is not an object' });
      return;
    }
    const disabled = concept['disabled'] === true || concept['disabled'] === 'true';
    if (disabled && options.includeDisabled !== true) return;
    const cui = text(concept['cui']);
    const localId = text(concept['id']) ?? cui;
    if (localId === undefined) {
      issues.push({ path: where, message: 'concept has neither "id" nor "cui"' });
      return;
    }
    if (localIds.has(localId)) {
      issues.push({ path: `${where}/id`, message: `duplicate concept id ${JSON.stringify(localId)}` });
      return;
    }
    localIds.add(localId);
    const preferredName = text(concept['preferredName']);
    if (preferredName === undefined) {
      issues.push({ path: `${where}/preferredName`, message: 'missing preferredName' });
      return;
    }

    const attributes = readAttributes(concept['attributes'], `${where}/attributes`, issues);
    const codes: Partial<Record<CodeField, string[]>> = {};
    const semanticTokens: string[] = [];
    let type: string | undefined;
    for (const attribute of attributes) {
      for (const [key, value] of Object.entries(attribute)) {
        const field = CODE_KEYS.get(key.toLowerCase());
        if (field !== undefined) {
          const list = (codes[field] ??= []);
          for (const code of splitCodes(value)) if (!list.includes(code)) list.push(code);
        }
      }
      const st = attribute['semanticType'] ?? attribute['ssemanticType'];
      if (st !== undefined) semanticTokens.push(...st.split(','));
      type ??= attribute['type'];
    }
    const resolved = resolveSemanticTypes(semanticTokens);
    type ??= resolved.type;

    const names: SourceName[] = [];
    const seen = new Set<string>();
    readTextList(concept['surfaceForms'], `${where}/surfaceForms`, issues).forEach((form) => {
      if (seen.has(form)) return;
      seen.add(form);
      names.push({ text: form, kind: surfaceFormKind(form) });
    });
    const removeSurfaceForms = readTextList(concept['removeSurfaceForms'], `${where}/removeSurfaceForms`, issues);
    const regexes = readPatterns(concept['regexes'], `${where}/regexes`, issues);
    const normalizeCase = typeof concept['normalizeCase'] === 'boolean' ? concept['normalizeCase'] : undefined;
    if (names.length === 0 && regexes.length === 0) {
      issues.push({ path: where, message: 'concept has no surface forms and no regexes: it can never match' });
    }
    records.push({
      source: dictionaryId,
      ids: dictionaryIds(dictionaryId, localId, cui, codes),
      preferredName,
      names,
      semanticTypes: resolved.abbreviations,
      dictionaryId,
      localId,
      ...(cui !== undefined ? { cui } : {}),
      ...(type !== undefined ? { type } : {}),
      codes,
      ...(layout !== undefined ? { layout } : {}),
      disabled,
      removeSurfaceForms,
      regexes,
      ...(normalizeCase !== undefined ? { normalizeCase } : {}),
      linkedConcept: concept['linkedConcept'] === true && cui !== undefined && looksLikeCui(cui),
      attributes,
    });
  });
  return { dictionary, records, issues };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

function readAttributes(value: unknown, where: string, issues: ValidationIssue[]): Record<string, string>[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    issues.push({ path: where, message: '"attributes" is not an array' });
    return [];
  }
  const out: Record<string, string>[] = [];
  value.forEach((item: unknown, i) => {
    if (!isObject(item)) {
      issues.push({ path: `${where}/${i}`, message: 'attribute entry is not an object' });
      return;
    }
    const attribute: Record<string, string> = {};
    for (const [k, v] of Object.entries(item)) {
      if (typeof v === 'string') attribute[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') attribute[k] = String(v);
      else issues.push({ path: `${where}/${i}/${k}`, message: 'attribute value is not a string' });
    }
    out.push(attribute);
  });
  return out;
}

/** `[{text}]` (or plain strings) → texts. */
function readTextList(value: unknown, where: string, issues: ValidationIssue[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    issues.push({ path: where, message: 'expected an array' });
    return [];
  }
  const out: string[] = [];
  value.forEach((item: unknown, i) => {
    const t = typeof item === 'string' ? text(item) : isObject(item) ? text(item['text']) : undefined;
    if (t === undefined) issues.push({ path: `${where}/${i}`, message: 'entry has no "text"' });
    else out.push(t);
  });
  return out;
}

function readPatterns(value: unknown, where: string, issues: ValidationIssue[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    issues.push({ path: where, message: 'expected an array' });
    return [];
  }
  const out: string[] = [];
  value.forEach((item: unknown, i) => {
    const p = typeof item === 'string' ? item : isObject(item) && typeof item['pattern'] === 'string' ? item['pattern'] : undefined;
    if (p === undefined || p === '') issues.push({ path: `${where}/${i}`, message: 'entry has no "pattern"' });
    else out.push(p);
  });
  return out;
}

/** 1-based line of a JSON.parse error, from the `position N` in its message (1 when unknown). */
function jsonErrorLine(source: string, error: unknown): number {
  const m = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  if (m === null) return 1;
  const pos = Number(m[1]);
  let line = 1;
  for (let i = 0; i < pos && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}
