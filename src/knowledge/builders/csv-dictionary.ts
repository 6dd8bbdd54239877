// User dictionaries in CSV (RFC 4180): a header row, then one concept per row.
//   cui, preferredName, surfaceForms (`|`-separated), semanticType (`|`-separated abbreviations, TUIs, names or
//   `umls.*` types), optional type (ACD annotation type, e.g. a custom `MyCustomType`), optional code columns
//   icd10Code, icd9Code, snomedConceptId, meshId, nciCode, rxNormId, loincId, cptCode (comma-separated lists).
// Every record gets `LOCAL:<dictionaryId>:<cui or row-N>`, plus `UMLS:<cui>` when the cui looks like a CUI and one
// CURIE per code (ICD10CM:, ICD9CM:, SNOMEDCT:, MESH:, NCIT:, RXNORM:, LOINC:). Problems come back as line-numbered
// ValidationIssues; bad rows are skipped, good rows still load.

import { basename } from 'node:path';
import type { ValidationIssue } from '../../errors.js';
import { CODE_FIELDS, type CodeField } from '../kb.js';
import { semanticTypes } from '../semantic-types.js';
import { readText } from './read-lines.js';
import type { SourceName, SourceRecord } from './source-record.js';

/** A concept from a user dictionary (CSV or ACD JSON), with the ACD fields the matcher output needs. */
export interface DictionaryRecord extends SourceRecord {
  readonly dictionaryId: string;
  /** The concept's id inside the dictionary (its cui, ACD `id`, or `row-N`). */
  readonly localId: string;
  /** The cui exactly as the dictionary gives it (may be a custom id like `TEC-00019`). */
  readonly cui?: string;
  /** ACD annotation `type`: `umls.DiseaseOrSyndrome`, or a custom type such as `ICNormality`. */
  readonly type?: string;
  /** Codes as ACD spells the fields; each value is one code (comma lists are split). */
  readonly codes: Readonly<Partial<Record<CodeField, readonly string[]>>>;
}

/** Code field → CURIE prefix used in `ids`; cptCode has no prefix and lives only in `codes`. */
export const CODE_ID_PREFIX: Readonly<Partial<Record<CodeField, string>>> = {
  icd10Code: 'ICD10CM',
  icd9Code: 'ICD9CM',
  snomedConceptId: 'SNOMEDCT',
  meshId: 'MESH',
  nciCode: 'NCIT',
  rxNormId: 'RXNORM',
  loincId: 'LOINC',
};

const CUI_PATTERN = /^C\d{7}$/;

export function looksLikeCui(value: string): boolean {
  return CUI_PATTERN.test(value);
}

/** Short all-capital forms (`PT`, `HTN`, `CHEM-7`) are abbreviations, matched case-sensitively; the rest are exact. */
export function surfaceFormKind(text: string): 'abbreviation' | 'exact' {
  return /^[A-Z][A-Z0-9/&.-]{0,5}$/.test(text) && /[A-Z].*[A-Z]|^[A-Z]$/.test(text) ? 'abbreviation' : 'exact';
}

/** Builds the ids of a dictionary concept: own LOCAL id, UMLS id when the cui is a CUI, then code CURIEs. */
export function dictionaryIds(dictionaryId: string, localId: string, cui: string | undefined, codes: Partial<Record<CodeField, readonly string[]>>): string[] {
  const ids = [`LOCAL:${dictionaryId}:${localId}`];
  if (cui !== undefined && looksLikeCui(cui)) ids.push(`UMLS:${cui}`);
  for (const field of CODE_FIELDS) {
    const prefix = CODE_ID_PREFIX[field];
    if (prefix === undefined) continue;
    for (const code of codes[field] ?? []) ids.push(`${prefix}:${code}`);
  }
  return [...new Set(ids)];
}

/** Splits an ACD-style comma-joined code list (`"372567009,109081006"`). */
export function splitCodes(value: string): string[] {
  return value.split(',').map((c) => c.trim()).filter((c) => c.length > 0);
}

export interface ResolvedSemanticTypes {
  /** Abbreviations of the tokens that name a UMLS semantic type. */
  readonly abbreviations: string[];
  /** ACD type of the first token: `umls.*` for UMLS types, the token itself for custom types. */
  readonly type: string | undefined;
}

/** Resolves semantic-type tokens given as abbreviation, TUI, name or `umls.*` type. */
export function resolveSemanticTypes(tokens: readonly string[]): ResolvedSemanticTypes {
  const table = semanticTypes();
  const abbreviations: string[] = [];
  let type: string | undefined;
  for (const raw of tokens) {
    const token = raw.trim();
    if (token === '') continue;
    const st = table.byAbbreviation(token) ?? (/^T\d{3}$/i.test(token) ? table.byTui(token) : undefined) ?? table.byName(token) ?? table.byType(token);
    if (st !== undefined && !abbreviations.includes(st.abbreviation)) abbreviations.push(st.abbreviation);
    type ??= st?.type ?? token;
  }
  return { abbreviations, type };
}

// ---------------------------------------------------------------------------------------------------------------
// RFC 4180 parsing

export interface CsvRow {
  /** 1-based line number where the record starts. */
  readonly line: number;
  readonly cells: readonly string[];
}

/**
 * Parses RFC 4180 CSV: `,` separators, `"` quoting with `""` escapes, CRLF or LF, line breaks inside quoted fields.
 * A leading BOM is ignored. Problems (unterminated quote, text after a closing quote) are pushed to `issues`.
 */
export function* parseCsv(text: string, issues: ValidationIssue[], file = 'csv'): Generator<CsvRow> {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const cells: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      let cell = '';
      if (text.charCodeAt(i) === 34 /* " */) {
        i++;
        let closed = false;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === 34) {
            if (text.charCodeAt(i + 1) === 34) {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === 10) line++;
          cell += text[i];
          i++;
        }
        if (!closed) {
          issues.push({ path: `${file}:${startLine}`, message: 'unterminated quoted field' });
          return;
        }
        // After a closing quote only a separator or a line end may follow.
        const stray = i;
        while (i < n && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
        if (i > stray) issues.push({ path: `${file}:${line}`, message: `unexpected text after closing quote: ${JSON.stringify(text.slice(stray, i))}` });
      } else {
        const start = i;
        while (i < n && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
        cell = text.slice(start, i);
      }
      cells.push(cell);
      if (i >= n) {
        endOfRecord = true;
      } else if (text.charCodeAt(i) === 44) {
        i++;
        if (i >= n) {
          cells.push('');
          endOfRecord = true;
        }
      } else {
        if (text.charCodeAt(i) === 13) i++;
        if (text.charCodeAt(i) === 10) i++;
        line++;
        endOfRecord = true;
      }
    }
    // Skip blank lines (a single empty cell).
    if (cells.length === 1 && cells[0] === '') continue;
    yield { line: startLine, cells };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Dictionary

export interface CsvDictionaryOptions {
  /** Defaults to the file name without extension. */
  readonly dictionaryId?: string;
}

export interface DictionaryReadResult<R extends SourceRecord = DictionaryRecord> {
  readonly records: R[];
  readonly issues: ValidationIssue[];
}

const REQUIRED_COLUMNS = ['preferredName', 'surfaceForms'] as const;
const KNOWN_COLUMNS = new Set<string>(['cui', 'preferredName', 'surfaceForms', 'semanticType', 'type', ...CODE_FIELDS]);

/** Reads a CSV dictionary file. */
export function readCsvDictionary(path: string, options: CsvDictionaryOptions = {}): DictionaryReadResult {
  const dictionaryId = options.dictionaryId ?? basename(path).replace(/\.csv$/i, '');
  return parseCsvDictionary(readText(path), { dictionaryId, file: basename(path) });
}

/** Parses CSV dictionary text; `file` names the source in issue paths. */
export function parseCsvDictionary(text: string, options: { dictionaryId: string; file?: string }): DictionaryReadResult {
  const { dictionaryId } = options;
  const file = options.file ?? `${dictionaryId}.csv`;
  const issues: ValidationIssue[] = [];
  const records: DictionaryRecord[] = [];
  let columns: string[] | undefined;
  const localIds = new Set<string>();
  for (const row of parseCsv(text, issues, file)) {
    const where = `${file}:${row.line}`;
    if (columns === undefined) {
      columns = row.cells.map((c) => c.trim());
      const missing = REQUIRED_COLUMNS.filter((c) => !columns!.includes(c));
      if (missing.length > 0) {
        issues.push({ path: where, message: `missing required column(s): ${missing.join(', ')}` });
        return { records, issues };
      }
      for (const c of columns) if (!KNOWN_COLUMNS.has(c)) issues.push({ path: where, message: `unknown column ignored: ${JSON.stringify(c)}` });
      continue;
    }
    if (row.cells.length !== columns.length) {
      issues.push({ path: where, message: `expected ${columns.length} fields, found ${row.cells.length}` });
      continue;
    }
    const cell = (name: string): string => {
      const k = columns!.indexOf(name);
      return k === -1 ? '' : row.cells[k]!.trim();
    };
    const preferredName = cell('preferredName');
    if (preferredName === '') {
      issues.push({ path: where, message: 'preferredName is empty' });
      continue;
    }
    const cui = cell('cui') || undefined;
    const localId = cui ?? `row-${row.line}`;
    if (localIds.has(localId)) {
      issues.push({ path: where, message: `duplicate cui ${JSON.stringify(localId)}` });
      continue;
    }
    localIds.add(localId);
    const forms = [...new Set(cell('surfaceForms').split('|').map((s) => s.trim()).filter((s) => s !== ''))];
    const names: SourceName[] = forms.length > 0 ? forms.map((text) => ({ text, kind: surfaceFormKind(text) })) : [{ text: preferredName, kind: 'preferred' }];
    const resolved = resolveSemanticTypes(cell('semanticType').split('|'));
    const codes: Partial<Record<CodeField, string[]>> = {};
    for (const field of CODE_FIELDS) {
      const list = splitCodes(cell(field));
      if (list.length > 0) codes[field] = list;
    }
    const type = cell('type') || resolved.type;
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
    });
  }
  if (columns === undefined) issues.push({ path: `${file}:1`, message: 'empty file: a header row is required' });
  return { records, issues };
}
