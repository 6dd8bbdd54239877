// The sentence splitter: decides, for each token, whether a new sentence starts there. Rules, in order:
// 1. a blank line always ends a sentence;
// 2. a list item at the start of a line (`-`, `*`, `•`, `1.`, `2)`, `a.`) starts a sentence;
// 3. `.`, `!`, `?`, `。` (and runs such as `...`, `?!`) end a sentence, with any closing quote or bracket
//    right after them; not an ellipsis followed by a lower-case word, not the period of an initial
//    (`John F. Kennedy`, but `Hepatitis B. The ...` ends), not the period of a list number;
// 4. an abbreviation token (`Dr.`, `b.i.d.`) ends a sentence only when it is `terminal` in
//    resources/text/abbreviations.json and the next word starts with a capital letter;
// 5. a heading ending with a colon (`HISTORY OF PRESENT ILLNESS:`, `PLAN:`, `Past Medical History:` at
//    a line start; one word only in capitals) ends a sentence, unless a number follows (`BP: 120/80`,
//    `TEMP: 98.6` and `Allergies: none` stay whole);
// 6. a line break ends a sentence when the line before looks complete (ends with `:` or `;`, is a heading
//    in capitals, or is short) or the next line starts a heading; otherwise the line is taken as wrapped.
import type { Sentence, Token } from '../document.js';
import { ABBREVIATIONS, type AbbreviationTable } from './abbreviations.js';
import { CharClass, classify, codePointAt, isAsciiDigit } from './char-class.js';

/** A line shorter than this (UTF-16 units) followed by a capitalised word or a number is not a wrapped line. */
export const SHORT_LINE_CHARS = 40;
/** Longest heading (in words) recognised before a colon. */
export const HEADING_MAX_WORDS = 8;
const HEADING_CONNECTORS = new Set(['of', 'and', 'or', 'the', 'for', 'to', 'in', 'on', 'with', '&', '/', '-', ',', '(', ')']);
/** Single characters: flags per UTF-16 code unit, so a token's text is tested with one table read (no hashing). */
const BULLET = 1;
const CLOSER = 2;
const CHAR_FLAGS = charFlags([
  [BULLET, ['-', '*', '•', '·', '‣', '◦', '–', '—', '+', '>']],
  [CLOSER, [')', ']', '}', '"', "'", '”', '’', '»']],
]);

function charFlags(groups: readonly (readonly [number, readonly string[]])[]): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (const [flag, chars] of groups) for (const c of chars) table[c.charCodeAt(0)]! |= flag;
  return table;
}

/** `lower` is one character marked with `flag`. */
function isOneOf(flag: number, lower: string): boolean {
  return lower.length === 1 && (CHAR_FLAGS[lower.charCodeAt(0)]! & flag) !== 0;
}
/** Words that start sentences rather than follow an initial: `Hepatitis B. The ...` ends a sentence, `John F. Kennedy` does not. */
const SENTENCE_STARTERS = new Set([
  'the', 'a', 'an', 'he', 'she', 'it', 'they', 'we', 'i', 'his', 'her', 'their', 'this', 'that', 'these', 'those', 'there',
  'patient', 'pt', 'no', 'not', 'denies', 'will', 'was', 'is', 'are', 'has', 'had', 'have', 'in', 'on', 'at', 'for', 'if',
  'please', 'follow', 'continue', 'start', 'plan', 'also', 'however', 'otherwise', 'then',
]);

function isAsciiInteger(lower: string): boolean {
  for (let i = 0; i < lower.length; i++) if (!isAsciiDigit(lower.charCodeAt(i))) return false;
  return lower.length > 0;
}

/** `.` `!` `?` `…` and the full-width / ideographic forms `。` `！` `？` `．`. */
function isEndChar(c: number): boolean {
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026 || c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0xff0e;
}

function isEndPunct(lower: string): boolean {
  for (let i = 0; i < lower.length; i++) if (!isEndChar(lower.charCodeAt(i))) return false;
  return lower.length > 0;
}

/** An ellipsis (`...`, `…`), after which a lower-case word continues the sentence. */
function isEllipsis(lower: string): boolean {
  return lower.startsWith('..') || lower === '…';
}

export function splitSentences(text: string, tokens: readonly Token[], abbreviations: AbbreviationTable = ABBREVIATIONS): Sentence[] {
  if (tokens.length === 0) return [];
  return new Splitter(text, tokens, abbreviations).run();
}

/**
 * Per token, 1 when a sentence starts there: one array reused by every pass (a pass is synchronous; a
 * typed array per pass would get an off-heap buffer of its own, costly to allocate and to free).
 */
let startFlags = new Uint8Array(4096);

/** One splitter pass over the tokens of a text (methods instead of per-call closures). */
class Splitter {
  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly abbreviations: AbbreviationTable,
  ) {}

  private tok(i: number): Token {
    return this.tokens[i] as Token;
  }

  private surface(i: number): string {
    const t = this.tok(i);
    return this.text.slice(t.begin, t.end);
  }

  private lineStart(i: number): boolean {
    return i === 0 || this.tok(i).newlineBefore;
  }

  private startsUpper(i: number): boolean {
    if (i >= this.tokens.length || this.tok(i).kind !== 'word') return false;
    const c = this.text.charCodeAt(this.tok(i).begin);
    if (c < 0x80) return c >= 0x41 && c <= 0x5a;
    const first = String.fromCodePoint(codePointAt(this.surface(i), 0));
    return first !== first.toLowerCase();
  }

  private startsLower(i: number): boolean {
    if (i >= this.tokens.length || this.tok(i).kind !== 'word') return false;
    const begin = this.tok(i).begin;
    const c = this.text.charCodeAt(begin);
    if (c < 0x80) return c >= 0x61 && c <= 0x7a;
    if (classify(codePointAt(this.text, begin)) !== CharClass.Letter) return false;
    const first = String.fromCodePoint(codePointAt(this.surface(i), 0));
    return first !== first.toUpperCase();
  }

  private allUpper(i: number): boolean {
    const t = this.tok(i);
    let upper = false;
    for (let k = t.begin; k < t.end; k++) {
      const c = this.text.charCodeAt(k);
      if (c >= 0x80) {
        const s = this.surface(i);
        return s === s.toUpperCase() && s !== s.toLowerCase();
      }
      if (c >= 0x61 && c <= 0x7a) return false;
      if (c >= 0x41 && c <= 0x5a) upper = true;
    }
    return upper;
  }

  private contiguous(i: number): boolean {
    return i > 0 && this.tok(i - 1).end === this.tok(i).begin;
  }

  private blankLineBefore(i: number): boolean {
    const text = this.text;
    let lines = 0;
    for (let k = this.tok(i - 1).end; k < this.tok(i).begin; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x0a || c === 0x2028 || c === 0x2029 || (c === 0x0d && text.charCodeAt(k + 1) !== 0x0a)) lines++;
    }
    return lines >= 2;
  }

  /** Token i is a number/letter list marker: `1.`, `12)`, `a.` at a line start, followed by more text on the line. */
  private isNumberMarker(i: number): boolean {
    if (!this.lineStart(i)) return false;
    const t = this.tok(i);
    const isMarkerWord = (t.kind === 'number' && t.end - t.begin <= 3 && isAsciiInteger(t.lower)) || (t.kind === 'word' && t.end - t.begin === 1);
    if (!isMarkerWord || i + 1 >= this.tokens.length) return false;
    const p = this.tok(i + 1).lower;
    return (p === '.' || p === ')') && this.contiguous(i + 1) && i + 2 < this.tokens.length && !this.tok(i + 2).newlineBefore;
  }

  /** `2. Mild ...` in running text: a small number, a period or parenthesis, a capitalised word. */
  private isInlineListNumber(i: number): boolean {
    const t = this.tok(i);
    return t.kind === 'number' && t.end - t.begin <= 2 && isAsciiInteger(t.lower) && i + 2 < this.tokens.length
      && (this.tok(i + 1).lower === '.' || this.tok(i + 1).lower === ')') && this.contiguous(i + 1) && this.startsUpper(i + 2);
  }

  private isListItem(i: number): boolean {
    if (!this.lineStart(i)) return false;
    if (isOneOf(BULLET, this.tok(i).lower)) return i + 1 < this.tokens.length && !this.tok(i + 1).newlineBefore;
    return this.isNumberMarker(i);
  }

  /** Tokens [from, to) read as a heading: capitalised words (or all capitals) and connectors. */
  private isHeading(from: number, to: number, requireCapitals: boolean): boolean {
    let words = 0;
    let letters = 0;
    for (let k = from; k < to; k++) {
      const t = this.tok(k);
      if (k > from && t.newlineBefore) return false;
      if (t.kind === 'word') {
        const upper = this.allUpper(k);
        if (!upper && !(this.startsUpper(k) && !requireCapitals) && !(k > from && HEADING_CONNECTORS.has(t.lower))) return false;
        if (!HEADING_CONNECTORS.has(t.lower)) {
          words++;
          letters += t.end - t.begin;
        }
      } else if (!HEADING_CONNECTORS.has(t.lower)) {
        return false;
      }
    }
    if (words === 0 || words > HEADING_MAX_WORDS) return false;
    // One word is a heading only in capitals and 4+ letters (`PLAN:`), not `Allergies: none` or `BP:`.
    return words >= 2 || (letters >= 4 && this.allUpper(from));
  }

  /** A single line break before token i ends the sentence (rule 6). */
  private lineBreakEnds(i: number, previousLineFirst: number): boolean {
    const last = this.tok(i - 1);
    if (last.lower === ':' || last.lower === ';') return true;
    if (this.isHeading(previousLineFirst, i, true)) return true;
    const lineLength = last.end - this.tok(previousLineFirst).begin;
    if (lineLength < SHORT_LINE_CHARS && (this.startsUpper(i) || this.tok(i).kind === 'number')) return true;
    // The next line is a heading ending with a colon.
    const tokens = this.tokens;
    let k = i;
    while (k < tokens.length && k - i <= HEADING_MAX_WORDS * 2 && (k === i || !this.tok(k).newlineBefore)) {
      if (this.tok(k).lower === ':') return k > i && this.isHeading(i, k, false) && this.startsUpper(i);
      k++;
    }
    return false;
  }

  run(): Sentence[] {
    const { tokens, abbreviations } = this;
    if (startFlags.length < tokens.length) startFlags = new Uint8Array(Math.max(tokens.length, 2 * startFlags.length));
    const starts = startFlags;
    starts.fill(0, 0, tokens.length);
    starts[0] = 1;
    let lineFirst = 0;
    let sentenceFirst = 0;
    for (let i = 1; i < tokens.length; i++) {
      const t = this.tok(i);
      let start = false;
      if (t.newlineBefore && this.blankLineBefore(i)) start = true;
      else if (this.isListItem(i)) start = true;
      else if (isOneOf(CLOSER, t.lower) && this.contiguous(i) && !t.newlineBefore) start = false;
      else {
        // The token that may end the sentence: skip closing quotes / brackets glued to it.
        let j = i - 1;
        while (j > sentenceFirst && isOneOf(CLOSER, this.tok(j).lower) && this.contiguous(j)) j--;
        const end = this.tok(j);
        if (end.kind === 'punct' && isEndPunct(end.lower)) {
          const isListPeriod = end.lower === '.' && j >= 1 && (this.isNumberMarker(j - 1) || (j - 1 === sentenceFirst && this.isInlineListNumber(j - 1)));
          const ellipsisContinues = isEllipsis(end.lower) && this.startsLower(i) && !t.newlineBefore;
          const initial = end.lower === '.' && j >= 2 && this.tok(j - 1).kind === 'word' && this.tok(j - 1).end - this.tok(j - 1).begin === 1
            && this.contiguous(j) && this.startsUpper(j - 1) && !t.newlineBefore && this.startsUpper(i) && !SENTENCE_STARTERS.has(t.lower)
            && (this.startsUpper(j - 2) || this.tok(j - 2).lower === '.' || abbreviations.nonTerminal.has(this.tok(j - 2).lower));
          start = !isListPeriod && !ellipsisContinues && !initial;
        } else if (end.kind === 'word' && end.lower.length > 1 && end.lower.charCodeAt(end.lower.length - 1) === 0x2e) {
          // Listed terminal abbreviations and unlisted initials runs (`U.S.`) may end a sentence.
          start = !abbreviations.nonTerminal.has(end.lower) && (this.startsUpper(i) || t.newlineBefore || this.isInlineListNumber(i));
        } else if (end.lower === ':' && j === i - 1 && t.kind !== 'number') {
          // The heading runs from the line start, or from the sentence start when a sentence ended
          // earlier on the line; there it must be in capitals (`... stable. PLAN: ...`).
          const from = Math.max(sentenceFirst, lineFirst);
          start = j > from && this.isHeading(from, j, from !== lineFirst);
        }
        if (!start && t.newlineBefore) start = this.lineBreakEnds(i, lineFirst);
      }
      if (start) {
        starts[i] = 1;
        sentenceFirst = i;
      }
      if (t.newlineBefore) lineFirst = i;
    }

    const sentences: Sentence[] = [];
    let first = 0;
    for (let i = 1; i <= tokens.length; i++) {
      if (i === tokens.length || starts[i] === 1) {
        sentences.push({ begin: this.tok(first).begin, end: this.tok(i - 1).end, tokenStart: first, tokenEnd: i });
        first = i;
      }
    }
    return sentences;
  }
}
