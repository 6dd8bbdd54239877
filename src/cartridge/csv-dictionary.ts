// CSV dictionary sources for build-cartridge: one concept per row, turned into the ACD dictionary
// JSON layout. Columns (header row required, names case-insensitive for the known ones):
//   cui, preferredName (required), surfaceForms ("|"-separated), semanticType, type,
//   and any other column (icd10Code, icd9Code, snomedConceptId, rxNormId, loincId, ...) as an attribute.

import type { ValidationIssue } from '../errors.js';

export interface CsvParseResult {
  readonly rows: string[][];
  /** 1-based line number where each row starts. */
  readonly lines: number[];
  readonly error?: string;
}

/** RFC 4180 CSV: comma-separated, `"` quoting with `""` escapes, LF or CRLF line ends. Never throws. */
export function parseCsv(text: string): CsvParseResult {
  const rows: string[][] = [];
  const lines: number[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let fieldStarted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRow = (): void => {
    row.push(field);
    if (!(row.length === 1 && row[0] === '' && !fieldStarted)) {
      rows.push(row);
      lines.push(rowLine);
    }
    row = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field !== '') return { rows, lines, error: `line ${line}: quote inside an unquoted field` };
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
      fieldStarted = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) return { rows, lines, error: `line ${rowLine}: unterminated quoted field` };
  if (field !== '' || row.length > 0 || fieldStarted) endRow();
  return { rows, lines };
}

const KNOWN_COLUMNS: Readonly<Record<string, string>> = {
  cui: 'cui',
  preferredname: 'preferredName',
  surfaceforms: 'surfaceForms',
  semantictype: 'semanticType',
  type: 'type',
};

/** Builds the ACD dictionary JSON source from CSV text. Issues name `file:line`. */
export function csvToDictionarySource(text: string, where: { readonly file: string; readonly id: string; readonly name: string }): { source?: Record<string, unknown>; issues: ValidationIssue[] } {
  const parsed = parseCsv(text);
  if (parsed.error !== undefined) return { issues: [{ path: where.file, message: parsed.error }] };
  const [header, ...body] = parsed.rows;
  if (header === undefined) return { issues: [{ path: where.file, message: 'empty CSV: a header row is required' }] };
  const columns = header.map((h) => KNOWN_COLUMNS[h.trim().toLowerCase()] ?? h.trim());
  if (!columns.includes('preferredName')) return { issues: [{ path: `${where.file}:1`, message: 'the header needs a preferredName column' }] };
  const issues: ValidationIssue[] = [];
  const concepts: Record<string, unknown>[] = [];
  body.forEach((cells, i) => {
    const lineNo = parsed.lines[i + 1] ?? 0;
    const at = `${where.file}:${lineNo}`;
    if (cells.length !== columns.length) {
      issues.push({ path: at, message: `row has ${cells.length} fields; the header has ${columns.length}` });
      return;
    }
    const attributes: Record<string, string> = {};
    let cui = '';
    let preferredName = '';
    let surfaceForms: string[] = [];
    columns.forEach((col, j) => {
      const value = (cells[j] ?? '').trim();
      if (value === '' || col === '') return;
      if (col === 'cui') cui = value;
      else if (col === 'preferredName') preferredName = value;
      else if (col === 'surfaceForms') surfaceForms = value.split('|').map((s) => s.trim()).filter((s) => s !== '');
      else attributes[col] = value;
    });
    if (preferredName === '') {
      issues.push({ path: at, message: 'preferredName is empty' });
      return;
    }
    concepts.push({
      id: cui !== '' ? cui : `${where.id}-${lineNo}`,
      ...(cui === '' ? {} : { cui }),
      preferredName,
      attributes: Object.keys(attributes).length === 0 ? [] : [attributes],
      surfaceForms: surfaceForms.map((t) => ({ text: t })),
    });
  });
  if (issues.length > 0) return { issues };
  return {
    source: { id: where.id, name: where.name, layout: 'umls', defaultTransforms: { detectPreferredName: true, normalizeCase: true }, concepts },
    issues,
  };
}
