// Quantities inside medication signatures: numbers and number words, ranges (`1-2`, `1 to 2`), hyphens joining
// a number to its unit (`20-mg`), prefixed numbers written as one token (`q6h`, `x10`), and the spans they cut.
import type { Token } from '../../document.js';

/** The vocabulary quantities need (CompiledSig provides it). */
export interface QuantityVocabulary {
  readonly numberWords: ReadonlyMap<string, number>;
  readonly range: ReadonlySet<string>;
}

export interface Quantity {
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly begin: number;
  readonly end: number;
}

export interface Cursor {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly limit: number;
}

const ARTICLES = new Set(['a', 'an']);

/** A number token or a number word; `articles` admits `a` / `an` (`for a week`). */
export function isNumberAt(sig: QuantityVocabulary, c: Cursor, i: number, articles: boolean): boolean {
  if (i >= c.limit) return false;
  const t = c.tokens[i]!;
  if (t.kind === 'number') return true;
  if (t.kind !== 'word' || !sig.numberWords.has(t.lower)) return false;
  return articles || !ARTICLES.has(t.lower);
}

/** True when the token is a whole number written in digits (`4`, not `4.5`, `1/2` or `1,200`). */
function isWholeNumber(t: Token): boolean {
  if (t.kind !== 'number') return false;
  for (let k = 0; k < t.lower.length; k++) {
    const ch = t.lower.charCodeAt(k);
    if (ch < 0x30 || ch > 0x39) return false;
  }
  return true;
}

/** `4 1/2`: a whole number followed by a fraction, one quantity. */
function mixedNumberEnd(c: Cursor, i: number): number {
  const next = c.tokens[i + 1];
  if (i + 1 >= c.limit || next === undefined || !isWholeNumber(c.tokens[i]!) || next.kind !== 'number' || !next.lower.includes('/')) return i + 1;
  return i + 2;
}

/** `400`, `1-2`, `1 to 2`, `0.5`, `1/2`, `4 1/2`, `one`, `two or three`; `range` false stops at the first number. */
export function readQuantity(sig: QuantityVocabulary, c: Cursor, i: number, options: { articles?: boolean; range?: boolean } = {}): Quantity | undefined {
  if (!isNumberAt(sig, c, i, options.articles === true)) return undefined;
  let end = mixedNumberEnd(c, i);
  if (options.range !== false && end + 1 < c.limit && sig.range.has(c.tokens[end]!.lower) && isNumberAt(sig, c, end + 1, false)
    && (c.tokens[i]!.kind === 'number') === (c.tokens[end + 1]!.kind === 'number')) {
    end += 2;
  }
  return { tokenStart: i, tokenEnd: end, begin: c.tokens[i]!.begin, end: c.tokens[end - 1]!.end };
}

export function slice(c: Cursor, begin: number, end: number): string {
  return c.text.slice(begin, end);
}

/**
 * End of a unit token without the period the tokenizer keeps on abbreviations (`mg.`, `tabs.`, `wks.`): a dose
 * or duration never ends with one, a sentence does.
 */
export function withoutFinalPeriod(c: Cursor, begin: number, end: number): number {
  return end - begin > 1 && c.text.charCodeAt(end - 1) === 0x2e ? end - 1 : end;
}

/** True when the token at i is an ASCII hyphen or en dash joining two words (`20-mg`, `7-day`). */
export function isHyphen(c: Cursor, i: number): boolean {
  if (i >= c.limit) return false;
  const t = c.tokens[i]!;
  return t.lower === '-' || t.lower === '–';
}


/** `q6h`, `q4`, `q12hr`, `x2`, `x5d`: a letter prefix, digits, optional unit letters (one token). */
export function splitPrefixedNumber(lower: string, prefix: string): { digits: string; unit: string } | undefined {
  if (!lower.startsWith(prefix) || lower.length <= prefix.length) return undefined;
  let k = prefix.length;
  if (lower.charCodeAt(k) === 0x2e) k++; // q.6h
  const digitsStart = k;
  while (k < lower.length && lower.charCodeAt(k) >= 0x30 && lower.charCodeAt(k) <= 0x39) k++;
  if (k === digitsStart) return undefined;
  const unitEnd = lower.charCodeAt(lower.length - 1) === 0x2e ? lower.length - 1 : lower.length;
  return { digits: lower.slice(digitsStart, k), unit: lower.slice(k, Math.max(k, unitEnd)) };
}

