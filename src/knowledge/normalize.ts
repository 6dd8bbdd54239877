// The ONE text normalisation shared by the knowledge-base compiler (names → keys) and the matcher
// (note text → keys), so a name and its mention in a note always meet on the same key.
// A scanner in the TypeScript-scanner style: one pass over charCodeAt, no regex per character.
//
// Text is cut into pieces (runs of letters, digits and combining marks). Each piece becomes a key:
// Unicode NFKD with diacritics removed, lower-cased, British → US spelling (optional table), and a light
// plural stem. Possessive "'s" is dropped. Hyphens, slashes, apostrophes and spaces separate pieces
// softly; sentence punctuation (. , ; : ! ? brackets) and blank lines are hard breaks a term never crosses.
// Short all-caps pieces (MS, ALL, CHF) and short mixed-case ones (aRMS, IgA) are acronym-like: single-piece acronym names are indexed under a
// case-sensitive key (ACRONYM_MARK + surface) so `ALL` matches acute lymphoblastic leukemia and `all` does not.

/** Bump when any rule below changes: compiled knowledge bases built with another version are rebuilt. */
export const NORMALIZER_VERSION = 'norm-4';

/** Prefix of case-sensitive acronym keys in the term index (never produced by ordinary text). */
export const ACRONYM_MARK = '^';

export interface Piece {
  /** UTF-16 offsets into the scanned text (end exclusive), possessive "'s" excluded. */
  readonly begin: number;
  readonly end: number;
  /** Normalised key of the piece. */
  readonly key: string;
  /** The case-sensitive acronym key (ACRONYM_MARK + surface) when the surface is a short all-caps form. */
  readonly acronymKey: string | undefined;
  /** A hard break (sentence punctuation, brackets, blank line) lies between the previous piece and this one. */
  readonly breakBefore: boolean;
}

/** UK → US spelling table, keyed by lower-case UK word. */
export type SpellingTable = ReadonlyMap<string, string>;

export interface Normalizer {
  readonly version: string;
  readonly spelling: SpellingTable;
  /** Full term → key: piece keys joined by ' ' (acronym keys are chosen by the compiler, see compile.ts nameKey). */
  termKey(text: string): string;
  scan(text: string): Piece[];
  pieceKey(surface: string): string;
}

const enum Ch {
  Tab = 9,
  LineFeed = 10,
  CarriageReturn = 13,
  Space = 32,
  Exclamation = 33,
  Quote = 34,
  Apostrophe = 39,
  OpenParen = 40,
  CloseParen = 41,
  Comma = 44,
  Period = 46,
  Digit0 = 48,
  Digit9 = 57,
  Colon = 58,
  Semicolon = 59,
  Question = 63,
  UpperA = 65,
  UpperZ = 90,
  OpenBracket = 91,
  CloseBracket = 93,
  LowerA = 97,
  LowerS = 115,
  UpperS = 83,
  LowerZ = 122,
  OpenBrace = 123,
  Bar = 124,
  CloseBrace = 125,
  RightSingleQuote = 0x2019,
  Bullet = 0x2022,
}

/** Character classes: 0 other (soft separator), 1 word character, 2 hard break. */
const WORD = 1;
const BREAK = 2;
const nonAsciiClass = new Map<number, number>();
const letterLike = /[\p{L}\p{N}\p{M}]/u;

/** classOf of the ASCII characters, read by the scanning loop without a call. */
const ASCII_CLASS: Uint8Array = Uint8Array.from({ length: 128 }, (_, code) => asciiClassOf(code));

function classOf(code: number): number {
  return code < 128 ? ASCII_CLASS[code]! : nonAsciiClassOf(code);
}

function asciiClassOf(code: number): number {
  if ((code >= Ch.LowerA && code <= Ch.LowerZ) || (code >= Ch.UpperA && code <= Ch.UpperZ) || (code >= Ch.Digit0 && code <= Ch.Digit9)) return WORD;
  switch (code) {
    case Ch.Period:
    case Ch.Comma:
    case Ch.Semicolon:
    case Ch.Colon:
    case Ch.Exclamation:
    case Ch.Question:
    case Ch.OpenParen:
    case Ch.CloseParen:
    case Ch.OpenBracket:
    case Ch.CloseBracket:
    case Ch.OpenBrace:
    case Ch.CloseBrace:
    case Ch.Bar:
    case Ch.Quote:
      return BREAK;
    default:
      return 0;
  }
}

function nonAsciiClassOf(code: number): number {
  if (code === Ch.Bullet) return BREAK;
  // Surrogate halves (emoji, rare CJK) are separators; BMP letters, digits and marks are word characters.
  if (code >= 0xd800 && code <= 0xdfff) return 0;
  let cls = nonAsciiClass.get(code);
  if (cls === undefined) {
    cls = letterLike.test(String.fromCharCode(code)) ? WORD : 0;
    nonAsciiClass.set(code, cls);
  }
  return cls;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

const combiningMarks = /\p{M}/gu;

/** NFKD, strip combining marks, lower-case; ASCII fast path. */
export function foldCase(surface: string): string {
  if (isAscii(surface)) return surface.toLowerCase();
  return surface.normalize('NFKD').replace(combiningMarks, '').toLowerCase().replace(/ß/g, 'ss');
}

/** Light plural stemmer, applied identically to names and text (so only consistency matters). */
export function stemPlural(word: string): string {
  const n = word.length;
  if (n <= 3 || word.charCodeAt(n - 1) !== Ch.LowerS) return word;
  const prev = word.charCodeAt(n - 2);
  if (prev === Ch.LowerS || prev === 117 /* u */ || prev === 105 /* i */) return word; // abscess, virus, arthritis
  if (prev === 101 /* e */) {
    if (word.endsWith('ies')) return n > 4 ? word.slice(0, -3) + 'y' : word; // allergies → allergy
    if (word.endsWith('sses') || word.endsWith('uses')) return word.slice(0, -2); // abscesses, viruses
  }
  return word.slice(0, -1);
}

/**
 * Acronym-like surfaces are matched case-sensitively: all-caps 2–5 characters starting with a letter
 * (ALL, MS, T2DM), or mixed case of 2–6 letters and digits with at least two capitals (aRMS, IgA, HbA1c).
 */
export function isAcronymSurface(surface: string): boolean {
  const n = surface.length;
  if (n < 2 || n > 6) return false;
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < n; i++) {
    const c = surface.charCodeAt(i);
    if (c >= Ch.UpperA && c <= Ch.UpperZ) upper++;
    else if (c >= Ch.LowerA && c <= Ch.LowerZ) lower++;
    else if (c < Ch.Digit0 || c > Ch.Digit9) return false;
  }
  if (lower === 0) {
    const first = surface.charCodeAt(0);
    return n <= 5 && first >= Ch.UpperA && first <= Ch.UpperZ;
  }
  return upper >= 2;
}

function keyOfSurface(surface: string, spelling: SpellingTable): string {
  let w = foldCase(surface);
  w = spelling.get(w) ?? w;
  w = stemPlural(w);
  return spelling.get(w) ?? w; // tumours → tumour → tumor
}

/**
 * Receives each piece of a scan: its UTF-16 offsets (possessive "'s" excluded), whether a hard break
 * precedes it, and the FNV-1a hash of its UTF-16 units (hashRange(text, begin, end), computed by the scan).
 */
export type PieceVisitor = (begin: number, end: number, breakBefore: boolean, hash: number) => void;

/** FNV-1a offset basis and prime (32-bit). */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * FNV-1a over every UTF-16 unit of text[begin, end), as a signed 32-bit integer (a small integer to V8:
 * passed around without being boxed). Sampling a few characters would read less, but words that differ
 * only in unsampled places would all collide.
 */
export function hashRange(text: string, begin: number, end: number): number {
  let h = FNV_OFFSET | 0;
  for (let i = begin; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * Cuts text into pieces (see the file comment for the rules) and reports each to `visit`, in text order.
 * The one scanning loop: `scan` builds Pieces from it, the matcher reads offsets without building them
 * (and finds a piece's surface in its memo by the hash the loop computes as it reads the characters).
 */
export function scanPieces(text: string, visit: PieceVisitor): void {
  const n = text.length;
  let pendingBreak = false;
  let newlines = 0;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const cls = classOf(code);
    if (cls !== WORD) {
      if (cls === BREAK) pendingBreak = true;
      else if (code === Ch.LineFeed) {
        newlines++;
        if (newlines >= 2) pendingBreak = true;
      } else if (code !== Ch.CarriageReturn && code !== Ch.Space && code !== Ch.Tab) newlines = 0;
      i++;
      continue;
    }
    const begin = i;
    let hash = Math.imul(FNV_OFFSET ^ code, FNV_PRIME);
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (classOf(c) !== WORD) break;
      hash = Math.imul(hash ^ c, FNV_PRIME);
      i++;
    }
    const end = i;
    // Possessive: 's / ’s followed by a non-word character (or the end).
    if (i + 1 < n) {
      const a = text.charCodeAt(i);
      if ((a === Ch.Apostrophe || a === Ch.RightSingleQuote)) {
        const s = text.charCodeAt(i + 1);
        if ((s === Ch.LowerS || s === Ch.UpperS) && (i + 2 >= n || classOf(text.charCodeAt(i + 2)) !== WORD)) i += 2;
      }
    }
    visit(begin, end, pendingBreak, hash);
    pendingBreak = false;
    newlines = 0;
  }
}

/** Cuts text into pieces; `keyOf` maps a piece surface to its key. */
function scanText(text: string, keyOf: (surface: string) => string): Piece[] {
  const pieces: Piece[] = [];
  scanPieces(text, (begin, end, breakBefore) => {
    const surface = text.slice(begin, end);
    pieces.push({
      begin,
      end,
      key: keyOf(surface),
      acronymKey: isAcronymSurface(surface) ? ACRONYM_MARK + surface : undefined,
      breakBefore,
    });
  });
  return pieces;
}

/** Surface → key memo size per normaliser; cleared when full (notes reuse a small vocabulary). */
const KEY_CACHE_LIMIT = 100_000;

export function createNormalizer(spelling: SpellingTable = new Map()): Normalizer {
  const cache = new Map<string, string>();
  const keyOf = (surface: string): string => {
    let key = cache.get(surface);
    if (key === undefined) {
      key = keyOfSurface(surface, spelling);
      if (cache.size >= KEY_CACHE_LIMIT) cache.clear();
      cache.set(surface, key);
    }
    return key;
  };
  return {
    version: NORMALIZER_VERSION,
    spelling,
    scan: (text) => scanText(text, keyOf),
    pieceKey: keyOf,
    termKey: (text) => termKeyOf(scanText(text, keyOf)),
  };
}

function termKeyOf(pieces: readonly Piece[]): string {
  let key = '';
  for (let i = 0; i < pieces.length; i++) key += (i === 0 ? '' : ' ') + pieces[i]!.key;
  return key;
}

const plainNormalizer = createNormalizer();

/**
 * Full term → normalised key (piece keys joined by ' '), without a spelling table. Knowledge bases carry
 * their own normaliser (kb.normalizer) with the UK→US table they were built with; use that for lookups.
 */
export function termKey(text: string): string {
  return plainNormalizer.termKey(text);
}

/** Parses a `uk,us` CSV (HPO's hpo_british_english_dictionary.csv) into a spelling table. */
export function parseSpellingTable(csv: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of csv.split(/\r?\n/)) {
    const comma = line.indexOf(',');
    if (comma <= 0) continue;
    const uk = foldCase(line.slice(0, comma).trim());
    const us = foldCase(line.slice(comma + 1).trim());
    if (uk === 'be' && us === 'ae') continue; // header
    if (uk.length === 0 || us.length === 0 || uk === us || uk.includes(' ') || us.includes(' ')) continue;
    table.set(uk, us);
  }
  return table;
}

/** Parses a `uk<TAB>us` TSV with `#` comments and an `uk us` header (resources/knowledge/spelling-supplement.tsv). */
export function parseSpellingTsv(tsv: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of tsv.split(/\r?\n/)) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [uk = '', us = ''] = line.split('\t');
    if (uk === 'uk' && us === 'us') continue;
    if (uk.trim() !== '' && us.trim() !== '') table.set(foldCase(uk.trim()), foldCase(us.trim()));
  }
  return table;
}
