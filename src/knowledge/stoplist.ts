// The curated stop-list (resources/knowledge/stoplist.tsv): common English words that are also synonyms
// or acronyms of concepts. Parsed into a validated table; issues name the file line instead of throwing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidationIssue } from '../errors.js';
import { parseVersionedTsv } from './versioned-tsv.js';

/**
 * lower: the case-insensitive name only; acronym: the all-caps acronym only; any: both; acronym-unless-lab: the
 * all-caps acronym of every concept but lab tests (lbpr: AST, ALT are aspartate and alanine aminotransferase).
 */
export type StopScope = 'lower' | 'acronym' | 'any' | 'acronym-unless-lab';

export interface StopList {
  readonly version: string;
  /** Surface term (as written in the file) → scope. */
  readonly entries: ReadonlyMap<string, StopScope>;
}

export const DEFAULT_STOPLIST_PATH = fileURLToPath(new URL('../../resources/knowledge/stoplist.tsv', import.meta.url));

export function parseStopList(text: string, file = 'stoplist.tsv'): { stopList: StopList; issues: ValidationIssue[] } {
  const entries = new Map<string, StopScope>();
  const { version, issues } = parseVersionedTsv(text, file, ['term', 'scope', 'reason'], (cols) => {
    const [term, scope, reason] = cols as [string, string, string];
    if (term.trim() === '') return 'empty term';
    if (scope !== 'lower' && scope !== 'acronym' && scope !== 'any' && scope !== 'acronym-unless-lab') return `scope must be "lower", "acronym", "any" or "acronym-unless-lab", not "${scope}"`;
    if (reason.trim() === '') return 'a reason is required';
    if (entries.has(term)) return `duplicate term "${term}"`;
    entries.set(term, scope);
    return undefined;
  });
  return { stopList: { version, entries }, issues };
}

/** Reads and validates the default stop-list; throws when the authored file has issues (a programming error). */
export function loadDefaultStopList(path = DEFAULT_STOPLIST_PATH): StopList {
  const { stopList, issues } = parseStopList(readFileSync(path, 'utf8'), path);
  if (issues.length > 0) throw new Error(`invalid stop-list: ${issues.map((x) => `${x.path}: ${x.message}`).join('; ')}`);
  return stopList;
}
