// The format of the authored tab-separated lists (stop-list, short acronyms): `# version: X` in a comment,
// `#` comments, blank lines, one header line naming the columns, then rows of exactly that many columns.
// Structural problems come back as issues naming file and line; each list checks its own row contents.
import type { ValidationIssue } from '../errors.js';

/** Checks one data row (exactly `header.length` columns); returns a problem to report at its line, or nothing. */
export type RowCheck = (cols: readonly string[]) => string | undefined;

/** Reads the file, calling `row` for each data row in order; returns the version and every issue in line order. */
export function parseVersionedTsv(text: string, file: string, header: readonly string[], row: RowCheck): { version: string; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  let version = '';
  let sawHeader = false;
  text.split(/\r?\n/).forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const m = /^#\s*version:\s*(\S+)/.exec(line);
      if (m !== null) version = m[1]!;
      return;
    }
    const cols = line.split('\t');
    if (!sawHeader) {
      sawHeader = true;
      if (cols.length !== header.length || header.some((h, k) => cols[k] !== h)) {
        issues.push({ path: where, message: `expected the header line "${header.join('<TAB>')}"` });
      }
      return;
    }
    if (cols.length !== header.length) return void issues.push({ path: where, message: `expected ${header.length} tab-separated columns, found ${cols.length}` });
    const problem = row(cols);
    if (problem !== undefined) issues.push({ path: where, message: problem });
  });
  if (version === '') issues.push({ path: `${file}:1`, message: 'missing "# version: ..." line' });
  return { version, issues };
}
