// Character classes for the tokenizer (STYLE.md §5: tables built once, no regex in the scanning loop).
// The Basic Multilingual Plane is classified once into a 64 KiB table when this module loads (about
// 15 ms); astral code points (emoji, rare CJK) are classified on first sight and cached.

export const enum CharClass {
  Other = 0,
  Space = 1,
  Newline = 2,
  Letter = 3,
  Digit = 4,
  /** Combining marks, variation selectors and invisible format characters: they extend the previous token. */
  Mark = 5,
  /** Han, Hiragana, Katakana: one token per character. */
  Ideograph = 6,
  Punct = 7,
  Symbol = 8,
  /** U+200D ZERO WIDTH JOINER (joins emoji into one symbol). */
  Joiner = 9,
}

export const enum Code {
  Tab = 0x09,
  LineFeed = 0x0a,
  CarriageReturn = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Apostrophe = 0x27,
  OpenParen = 0x28,
  CloseParen = 0x29,
  Asterisk = 0x2a,
  Comma = 0x2c,
  Hyphen = 0x2d,
  Period = 0x2e,
  Slash = 0x2f,
  Digit0 = 0x30,
  Digit9 = 0x39,
  Colon = 0x3a,
  Semicolon = 0x3b,
  Question = 0x3f,
  Exclamation = 0x21,
  UpperA = 0x41,
  UpperZ = 0x5a,
  CloseBracket = 0x5d,
  LowerA = 0x61,
  LowerZ = 0x7a,
  CloseBrace = 0x7d,
  Bullet = 0x2022,
  RightSingleQuote = 0x2019,
  ModifierApostrophe = 0x02bc,
  RightDoubleQuote = 0x201d,
  ZeroWidthJoiner = 0x200d,
}

const LETTER = /\p{L}/u;
const MARK = /[\p{M}\p{Cf}]/u;
const DIGIT = /\p{N}/u;
const SPACE = /[\s\p{Zs}]/u;
const NEWLINE = /[\n\r\v\f\u0085\u2028\u2029]/u;
const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const PUNCT = /\p{P}/u;
const INVISIBLE_SPACE = /[\u200b\ufeff]/u;

function classifySlow(cp: number): CharClass {
  const s = String.fromCodePoint(cp);
  if (cp === Code.ZeroWidthJoiner) return CharClass.Joiner;
  if (NEWLINE.test(s)) return CharClass.Newline;
  if (SPACE.test(s) || INVISIBLE_SPACE.test(s)) return CharClass.Space;
  if (IDEOGRAPH.test(s) && !MARK.test(s)) return CharClass.Ideograph;
  if (LETTER.test(s)) return CharClass.Letter;
  if (DIGIT.test(s)) return CharClass.Digit;
  if (MARK.test(s)) return CharClass.Mark;
  if (PUNCT.test(s)) return CharClass.Punct;
  return CharClass.Symbol;
}

function buildBmpTable(): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let cp = 0; cp < 0x10000; cp++) {
    // Lone surrogates (text cut in the middle of a pair) classify as symbols.
    table[cp] = cp >= 0xd800 && cp <= 0xdfff ? CharClass.Symbol : classifySlow(cp);
  }
  return table;
}

const BMP: Uint8Array = buildBmpTable();
const astral = new Map<number, CharClass>();

/**
 * Class of the character at `i` of `text` (Space past the end); a surrogate pair is classified as its
 * code point, a lone surrogate as a symbol. The common case (a BMP character) is one table read.
 */
export function classAtIndex(text: string, i: number): CharClass {
  if (i >= text.length) return CharClass.Space;
  const c = text.charCodeAt(i);
  if ((c & 0xf800) !== 0xd800) return BMP[c] as CharClass;
  return classify(codePointAt(text, i));
}

/** UTF-16 width (1 or 2) of the character at `i` of `text`. */
export function widthAtIndex(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) return 1;
  const d = text.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}

export function classify(cp: number): CharClass {
  if (cp < 0x10000) return BMP[cp] as CharClass;
  let c = astral.get(cp);
  if (c === undefined) {
    c = classifySlow(cp);
    astral.set(cp, c);
  }
  return c;
}

/** Code point at `i` of `text` (a lone surrogate stays itself). */
export function codePointAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
  }
  return c;
}

export function charWidth(cp: number): number {
  return cp > 0xffff ? 2 : 1;
}

export function isAsciiDigit(c: number): boolean {
  return c >= Code.Digit0 && c <= Code.Digit9;
}

export function isUpperAscii(c: number): boolean {
  return c >= Code.UpperA && c <= Code.UpperZ;
}

/** Emoji modifiers (skin tones) attach to the emoji before them. */
export function isEmojiModifier(cp: number): boolean {
  return cp >= 0x1f3fb && cp <= 0x1f3ff;
}

export function isRegionalIndicator(cp: number): boolean {
  return cp >= 0x1f1e6 && cp <= 0x1f1ff;
}

export function isApostrophe(c: number): boolean {
  return c === Code.Apostrophe || c === Code.RightSingleQuote || c === Code.ModifierApostrophe;
}
