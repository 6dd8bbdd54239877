// Curated term lexicons (procedures, lab tests, EF terms, smoking terms, ...): each entry's `forms` become
// phrases of one PhraseTrie. Acronym forms (1–5 characters, all capitals, e.g. `PT`, `CT`, `TTE`) match only
// when written exactly so, since their lower-case spellings are ordinary words (`pt` = patient).
import type { Token } from '../../document.js';
import { compilePhraseTrie, type PhraseMatch, type PhraseTrie } from './phrase-trie.js';
import { tokenKeyIds } from '../../text/token-keys.js';

interface Keyed<T> {
  readonly value: T;
  /** The exact surface an acronym form requires. */
  readonly exact?: string;
}

export interface TermLexicon<T> {
  readonly trie: PhraseTrie<Keyed<T>>;
}

export interface TermMatch<T> {
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly begin: number;
  readonly end: number;
  readonly values: readonly T[];
}

/**
 * Forms matched only as written: `PT`, `CT`, `TTE`, `LVEF`, `K` (upper-case letters, digits allowed after the
 * first, 1–5 characters) and short forms with a capital (`Mg`, `Na`, `Hb`: element symbols and the like,
 * whose lower-case spellings are units or words).
 */
export function isAcronymForm(form: string): boolean {
  if (form.length <= 3 && form.length > 1) {
    for (let i = 0; i < form.length; i++) {
      const c = form.charCodeAt(i);
      if (c >= 65 && c <= 90) return true;
    }
  }
  if (form.length < 1 || form.length > 5) return false;
  let letters = 0;
  for (let i = 0; i < form.length; i++) {
    const c = form.charCodeAt(i);
    if (c >= 65 && c <= 90) letters++;
    else if (!(c >= 48 && c <= 57 && i > 0)) return false;
  }
  return letters >= 1;
}

export function compileTermLexicon<T>(entries: Iterable<readonly [forms: readonly string[], value: T]>): TermLexicon<T> {
  const phrases: [string, Keyed<T>][] = [];
  for (const [forms, value] of entries) {
    for (const form of forms) phrases.push([form, isAcronymForm(form) ? { value, exact: form } : { value }]);
  }
  return { trie: compilePhraseTrie(phrases) };
}

function accept<T>(text: string, m: PhraseMatch<Keyed<T>>): T[] {
  // The surface is cut only when an acronym form asks for it.
  let surface: string | undefined;
  const out: T[] = [];
  for (const k of m.values) {
    if (k.exact !== undefined && k.exact !== (surface ??= text.slice(m.begin, m.end))) continue;
    if (!out.includes(k.value)) out.push(k.value);
  }
  return out;
}

/** The longest accepted match at token `from` (a shorter one when the longest is an acronym written otherwise). */
export function matchTermAt<T>(lexicon: TermLexicon<T>, text: string, tokens: readonly Token[], from: number, to: number): TermMatch<T> | undefined {
  let limit = to;
  while (limit > from) {
    const m = lexicon.trie.matchAt(tokens, from, limit);
    if (m === undefined) return undefined;
    const values = accept(text, m);
    if (values.length > 0) return { tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, begin: m.begin, end: m.end, values };
    limit = m.tokenEnd - 1;
  }
  return undefined;
}

/** Longest, non-overlapping accepted matches in tokens[from, to). */
export function scanTerms<T>(lexicon: TermLexicon<T>, text: string, tokens: readonly Token[], from: number, to: number): TermMatch<T>[] {
  const out: TermMatch<T>[] = [];
  const ids = tokenKeyIds(tokens);
  const starts = lexicon.trie.starts;
  let i = from;
  while (i < to) {
    // Most tokens start no phrase: one read of the trie's start table settles them.
    const id = ids[i];
    if (id === undefined || id < 0 || id >= starts.length || starts[id] === 0) {
      i++;
      continue;
    }
    const m = matchTermAt(lexicon, text, tokens, i, to);
    if (m === undefined) i++;
    else {
      out.push(m);
      i = m.tokenEnd;
    }
  }
  return out;
}
