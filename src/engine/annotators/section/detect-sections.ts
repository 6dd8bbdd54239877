// Section header detection (formatting rules + title lexicon): a header is a known title that starts a line
// and is followed by a colon, or stands alone on its line in capitals or title case. With
// `canStartAnywhere`, a title followed by a colon also counts mid-line when it is in capitals or title
// case. A section runs from its header to the next header (or the end of the text).
import type { Document, Token } from '../../document.js';
import { matchTitle, type SectionTitleTarget, type SectionTitleTrie } from './section-titles.js';

export interface DetectSectionsOptions {
  readonly canStartAnywhere: boolean;
}

export interface DetectedSection {
  /** Section span: header start to the next header (trailing white space trimmed). */
  readonly begin: number;
  readonly end: number;
  /** The header (title without its colon). */
  readonly triggerBegin: number;
  readonly triggerEnd: number;
  readonly target: SectionTitleTarget;
}

const MINOR_WORDS = new Set(['of', 'and', 'or', 'the', 'for', 'to', 'in', 'on', 'with', 'at', 'by', 'a', 'an']);

function isUpper(c: string): boolean {
  if (c.length === 1) {
    const code = c.charCodeAt(0);
    if (code < 0x80) return code >= 0x41 && code <= 0x5a; // ASCII: no case conversion needed
  }
  return c !== c.toLowerCase() && c === c.toUpperCase();
}

function isLower(c: string): boolean {
  if (c.length === 1) {
    const code = c.charCodeAt(0);
    if (code < 0x80) return code >= 0x61 && code <= 0x7a;
  }
  return c !== c.toUpperCase() && c === c.toLowerCase();
}

function headerCase(text: string, tokens: readonly Token[], from: number, to: number): { allCaps: boolean; titleCase: boolean; capitalised: boolean } {
  let allCaps = true;
  let titleCase = true;
  let letters = 0;
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    const surface = text.slice(t.begin, t.end);
    for (const ch of surface) {
      if (isLower(ch)) allCaps = false;
      if (isUpper(ch) || isLower(ch)) letters += 1;
    }
    const first = surface[0] ?? '';
    if (t.kind === 'word' && isLower(first) && !MINOR_WORDS.has(t.lower)) titleCase = false;
  }
  const firstToken = tokens[from] as Token;
  const capitalised = isUpper(text[firstToken.begin] ?? '');
  return { allCaps: allCaps && letters > 0, titleCase: titleCase && capitalised, capitalised };
}

const SENTENCE_END = new Set(['.', ';', '!', '?', ')', ']']);

export function detectSections(doc: Document, trie: SectionTitleTrie, options: DetectSectionsOptions): DetectedSection[] {
  const { tokens, text } = doc;
  const headers: Array<{ begin: number; end: number; target: SectionTitleTarget }> = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    const lineStart = i === 0 || token.newlineBefore;
    if (!lineStart && !options.canStartAnywhere) {
      i += 1;
      continue;
    }
    const match = matchTitle(tokens, i, trie);
    if (match === undefined) {
      i += 1;
      continue;
    }
    const next = tokens[match.end];
    const colonAfter = next !== undefined && !next.newlineBefore && (next.lower === ':' || next.lower === '\uff1a');
    const aloneOnLine = next === undefined || next.newlineBefore;
    const { allCaps, titleCase } = headerCase(text, tokens, i, match.end);
    let accepted: boolean;
    if (lineStart) {
      accepted = colonAfter || (aloneOnLine && (allCaps || titleCase));
    } else {
      const prev = tokens[i - 1];
      accepted = colonAfter && (allCaps || (titleCase && prev !== undefined && SENTENCE_END.has(prev.lower)));
    }
    if (accepted) {
      const last = tokens[match.end - 1] as Token;
      headers.push({ begin: token.begin, end: last.end, target: match.target });
      i = match.end;
    } else {
      i += 1;
    }
  }
  return headers.map((h, k) => {
    let end = k + 1 < headers.length ? (headers[k + 1] as { begin: number }).begin : text.length;
    while (end > h.end && isSpace(text.charCodeAt(end - 1))) end -= 1;
    return { begin: h.begin, end, triggerBegin: h.begin, triggerEnd: h.end, target: h.target };
  });
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c || c === 0x0b || c === 0xa0;
}

/** The section (of a `sections` layer, sorted by begin) that contains `offset`, by binary search. */
export function sectionAt<S extends { readonly begin: number; readonly end: number }>(sections: readonly S[], offset: number): S | undefined {
  let lo = 0;
  let hi = sections.length - 1;
  let found: S | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sections[mid] as S;
    if (s.begin <= offset) {
      found = s;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found !== undefined && offset < found.end ? found : undefined;
}
