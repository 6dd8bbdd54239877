// Reading staged source files: gzip by extension, lines, TSV rows and RFC 4180 CSV rows.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The file as UTF-8 text, gunzipped when the name ends in `.gz`. */
export function readSourceText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** Non-empty lines without `#` comment lines; CR before LF removed. */
export function dataLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith('#')) continue;
    out.push(line);
  }
  return out;
}

/** Strips one pair of surrounding double quotes. */
export function unquote(field: string): string {
  return field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1) : field;
}

/** TSV rows as objects keyed by the header line (fields unquoted). */
export function tsvRows(text: string): Record<string, string>[] {
  const lines = dataLines(text);
  const header = (lines[0] ?? '').split('\t').map(unquote);
  return lines.slice(1).map((line) => {
    const cols = line.split('\t');
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = unquote(cols[i] ?? '')));
    return row;
  });
}

/** RFC 4180 CSV (quoted fields may hold commas, doubled quotes and newlines) into rows of fields. */
export function csvRecords(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** CSV rows as objects keyed by the header row. */
export function csvRows(text: string): Record<string, string>[] {
  const records = csvRecords(text);
  const header = records[0] ?? [];
  return records.slice(1).map((cols) => {
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = cols[i] ?? ''));
    return row;
  });
}
