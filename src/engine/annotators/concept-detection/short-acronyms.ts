// The short-acronym policy of the built-in knowledge base: acronyms of at most three characters (DM, RB,
// AS, II, ARM) are mostly gene symbols, units, Roman numerals or words in capitals, and the open
// vocabularies list many senses for each. A built-in match on such a surface is kept only when the
// document defines it ("myotonic dystrophy (DM)") or when it is a well-known clinical abbreviation of the
// curated list resources/knowledge/short-acronyms.tsv. Tenant dictionaries are never filtered.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidationIssue } from '../../../errors.js';
import { parseVersionedTsv } from '../../../knowledge/versioned-tsv.js';

export const SHORT_ACRONYM_MAX_LENGTH = 3;
export const DEFAULT_SHORT_ACRONYMS_PATH = fileURLToPath(new URL('../../../../resources/knowledge/short-acronyms.tsv', import.meta.url));

export interface ShortAcronymList {
  readonly version: string;
  /** Acronym (as written, case-sensitive) → the expansion it vouches for. */
  readonly entries: ReadonlyMap<string, string>;
}

/** True for a surface the policy governs: 1–3 characters, capitals and digits only, at least one capital. */
export function isShortAcronym(surface: string): boolean {
  const n = surface.length;
  if (n === 0 || n > SHORT_ACRONYM_MAX_LENGTH) return false;
  let capitals = 0;
  for (let i = 0; i < n; i++) {
    const c = surface.charCodeAt(i);
    if (c >= 65 && c <= 90) capitals++;
    else if (c < 48 || c > 57) return false;
  }
  return capitals > 0;
}

export function parseShortAcronyms(text: string, file = 'short-acronyms.tsv'): { list: ShortAcronymList; issues: ValidationIssue[] } {
  const entries = new Map<string, string>();
  const { version, issues } = parseVersionedTsv(text, file, ['acronym', 'expansion'], (cols) => {
    const [acronym, expansion] = cols as [string, string];
    if (!isShortAcronym(acronym)) return `"${acronym}" is not an acronym of 1-${SHORT_ACRONYM_MAX_LENGTH} capitals and digits`;
    if (expansion.trim() === '') return 'an expansion is required';
    if (entries.has(acronym)) return `duplicate acronym "${acronym}"`;
    entries.set(acronym, expansion.trim());
    return undefined;
  });
  return { list: { version, entries }, issues };
}

/** Reads and validates the curated list; throws when the authored file has issues (a programming error). */
export function loadShortAcronyms(path = DEFAULT_SHORT_ACRONYMS_PATH): ShortAcronymList {
  const { list, issues } = parseShortAcronyms(readFileSync(path, 'utf8'), path);
  if (issues.length > 0) throw new Error(`invalid short-acronym list: ${issues.map((x) => `${x.path}: ${x.message}`).join('; ')}`);
  return list;
}

/**
 * Whether a built-in match on text[begin, end) may stand: always unless it is a short acronym; then only
 * when listed, or when `definedSpans` (`begin:end` of short forms the text defines) holds the span.
 */
export function allowsBuiltInMatch(text: string, begin: number, end: number, list: ShortAcronymList, definedSpans: ReadonlySet<string>): boolean {
  if (end - begin > SHORT_ACRONYM_MAX_LENGTH) return true;
  const surface = text.slice(begin, end);
  if (!isShortAcronym(surface)) return true;
  return list.entries.has(surface) || definedSpans.has(`${begin}:${end}`);
}

/** Per list: expansion → the knowledge base's concepts named by it (looked up once). */
const expansionConcepts = new WeakMap<ShortAcronymList, Map<string, ReadonlySet<number>>>();

/**
 * The concepts of a built-in match on a listed short acronym that the list vouches for: those the knowledge base
 * names by the acronym's expansion (`DIC`: disseminated intravascular coagulation, not dacarbazine; `SCC`: squamous
 * cell carcinoma, not a drug of that abbreviation); all of them when the expansion names none of them (an expansion
 * written as a note, `aortic stenosis (disambiguated in context)`, or a sense the knowledge base spells otherwise).
 */
export function vouchedConcepts(surface: string, concepts: readonly number[], list: ShortAcronymList, lookup: (name: string) => readonly number[]): readonly number[] {
  const expansion = list.entries.get(surface);
  if (expansion === undefined || concepts.length < 2) return concepts;
  let memo = expansionConcepts.get(list);
  if (memo === undefined) expansionConcepts.set(list, (memo = new Map()));
  let named = memo.get(expansion);
  if (named === undefined) memo.set(expansion, (named = new Set(lookup(expansion))));
  const kept = concepts.filter((c) => named.has(c));
  return kept.length === 0 ? concepts : kept;
}
