// The curated stop-list (resources/knowledge/stoplist.tsv): common English words that are also synonyms
// or acronyms of concepts. Parsed into a validated table; issues name the file line instead of throwing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidationIssue } from '../errors.js';

export type StopScope = 'lower' | 'acronym' | 'any';

export interface StopList {
  readonly version: string;
  /** Surface term (as written in the file) → scope. */
  readonly entries: ReadonlyMap<string, StopScope>;
}

export const DEFAULT_STOPLIST_PATH = fileURLToPath(new URL('../../resources/knowledge/stoplist.tsv', import.meta.url));

export function parseStopList(text: string, file = 'stoplist.tsv'): { stopList: StopList; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const entries = new Map<string, StopScope>();
  let version = '';
  let sawHeader = false;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
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
      if (cols[0] === 'term' && cols[1] === 'scope' && cols[2] === 'reason') return;
      issues.push({ path: where, message: 'expected the header line "term<TAB>scope<TAB>reason"' });
      return;
    }
    if (cols.length !== 3) return void issues.push({ path: where, message: `expected 3 tab-separated columns, found ${cols.length}` });
    const [term, scope, reason] = cols as [string, string, string];
    if (term.trim() === '') return void issues.push({ path: where, message: 'empty term' });
    if (scope !== 'lower' && scope !== 'acronym' && scope !== 'any') return void issues.push({ path: where, message: `scope must be "lower", "acronym" or "any", not "${scope}"` });
    if (reason.trim() === '') return void issues.push({ path: where, message: 'a reason is required' });
    if (entries.has(term)) return void issues.push({ path: where, message: `duplicate term "${term}"` });
    entries.set(term, scope);
  });
  if (version === '') issues.push({ path: `${file}:1`, message: 'missing "# version: ..." line' });
  return { stopList: { version, entries }, issues };
}

/** Reads and validates the default stop-list; throws when the authored file has issues (a programming error). */
export function loadDefaultStopList(path = DEFAULT_STOPLIST_PATH): StopList {
  const { stopList, issues } = parseStopList(readFileSync(path, 'utf8'), path);
  if (issues.length > 0) throw new Error(`invalid stop-list: ${issues.map((x) => `${x.path}: ${x.message}`).join('; ')}`);
  return stopList;
}
