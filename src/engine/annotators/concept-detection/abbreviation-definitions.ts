// Abbreviations defined in the document itself: "Duchenne muscular dystrophy (DMD)" — Schwartz & Hearst,
// "A simple algorithm for identifying abbreviation definitions in biomedical text" (PSB 2003).
// A short form in parentheses is paired with the closest preceding words whose letters it spells,
// right to left, its first character starting a word of the long form. Pure scanning, no KB.

export interface AbbreviationDefinition {
  /** The short form as written, e.g. `DMD`. */
  readonly shortForm: string;
  readonly shortBegin: number;
  readonly shortEnd: number;
  /** The long form span, e.g. `Duchenne muscular dystrophy`. */
  readonly longBegin: number;
  readonly longEnd: number;
}

/** Where the short form occurs as a whole word (case-sensitive), the definition's own occurrence included. */
export interface AbbreviationOccurrence {
  readonly definition: AbbreviationDefinition;
  readonly begin: number;
  readonly end: number;
}

const MAX_SHORT_LENGTH = 10;

/** Finds `long form (SF)` definitions, in text order (a short form may be defined more than once). */
export function findAbbreviationDefinitions(text: string): AbbreviationDefinition[] {
  const out: AbbreviationDefinition[] = [];
  let open = text.indexOf('(');
  while (open !== -1) {
    const close = text.indexOf(')', open + 1);
    if (close === -1) break;
    const def = definitionAt(text, open, close);
    if (def !== undefined) out.push(def);
    open = text.indexOf('(', open + 1);
  }
  return out;
}

/**
 * Every whole-word occurrence of each defined short form, bound to the latest definition at or before it
 * (occurrences before the first definition take the first one).
 */
export function findAbbreviationOccurrences(text: string, definitions: readonly AbbreviationDefinition[]): AbbreviationOccurrence[] {
  const byShortForm = new Map<string, AbbreviationDefinition[]>();
  for (const d of definitions) {
    const list = byShortForm.get(d.shortForm);
    if (list === undefined) byShortForm.set(d.shortForm, [d]);
    else list.push(d);
  }
  const out: AbbreviationOccurrence[] = [];
  for (const [sf, defs] of byShortForm) {
    let at = text.indexOf(sf);
    while (at !== -1) {
      const end = at + sf.length;
      if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(end))) {
        let definition = defs[0]!;
        for (const d of defs) if (d.shortBegin <= at) definition = d;
        out.push({ definition, begin: at, end });
      }
      at = text.indexOf(sf, at + 1);
    }
  }
  return out.sort((a, b) => a.begin - b.begin);
}

function definitionAt(text: string, open: number, close: number): AbbreviationDefinition | undefined {
  let sBegin = open + 1;
  let sEnd = close;
  while (sBegin < sEnd && text.charCodeAt(sBegin) === 32) sBegin++;
  while (sEnd > sBegin && text.charCodeAt(sEnd - 1) === 32) sEnd--;
  // "(SF, other words)" or "(SF; ...)": keep the part before the first separator.
  const sep = firstIndexOf(text, sBegin, sEnd, [44, 59]);
  if (sep !== -1) {
    sEnd = sep;
    while (sEnd > sBegin && text.charCodeAt(sEnd - 1) === 32) sEnd--;
  }
  const shortForm = text.slice(sBegin, sEnd);
  if (!isShortFormCandidate(shortForm)) return undefined;

  // The long form lies before the parenthesis, in the same sentence, at most min(|SF| + 5, 2|SF|) words.
  let lEnd = open;
  while (lEnd > 0 && text.charCodeAt(lEnd - 1) === 32) lEnd--;
  if (lEnd === 0) return undefined;
  const maxWords = Math.min(shortForm.length + 5, shortForm.length * 2);
  let lBegin = lEnd;
  let words = 0;
  let i = lEnd;
  while (i > 0 && words < maxWords) {
    const c = text.charCodeAt(i - 1);
    if (c === 46 || c === 59 || c === 58 || c === 40 || c === 41 || c === 10 || c === 44) break; // . ; : ( ) \n ,
    if (c === 32) {
      i--;
      continue;
    }
    while (i > 0 && !isSpaceOrStop(text.charCodeAt(i - 1))) i--;
    words++;
    lBegin = i;
  }
  if (lBegin >= lEnd) return undefined;
  const longBegin = bestLongFormStart(text, lBegin, lEnd, shortForm) ?? permutedInitialsStart(text, lBegin, lEnd, shortForm);
  if (longBegin === undefined) return undefined;
  const longForm = text.slice(longBegin, lEnd);
  if (longForm.length <= shortForm.length || longForm.includes(shortForm)) return undefined;
  return { shortForm, shortBegin: sBegin, shortEnd: sEnd, longBegin, longEnd: lEnd };
}

/** Schwartz–Hearst right-to-left character matching; returns where the long form starts. */
function bestLongFormStart(text: string, begin: number, end: number, shortForm: string): number | undefined {
  const sf = shortForm.toLowerCase();
  let s = sf.length - 1;
  let l = end - 1;
  while (s >= 0) {
    const c = sf.charCodeAt(s);
    if (!isAlnum(c)) {
      s--;
      continue;
    }
    while (l >= begin && (text[l]!.toLowerCase().charCodeAt(0) !== c || (s === 0 && l > begin && isAlnum(text.charCodeAt(l - 1))))) l--;
    if (l < begin) return undefined;
    l--;
    s--;
  }
  // l + 1 is where the first short-form character matched: extend to the start of that word.
  let start = l + 1;
  while (start > begin && !isSpaceOrStop(text.charCodeAt(start - 1))) start--;
  return start;
}

/** Short forms this long (letters only) may spell their long form's initials in another order. */
const MAX_PERMUTED_LETTERS = 4;

/**
 * Fallback for acronyms of a reordered or foreign-language name ("myotonic dystrophy (DM)", from dystrophia
 * myotonica; "congenital adrenal hypoplasia (AHC)"): the last n words before the parenthesis, n the number of
 * letters of an all-capitals short form of 2–4 letters, whose initials are exactly the short form's letters.
 */
function permutedInitialsStart(text: string, begin: number, end: number, shortForm: string): number | undefined {
  const n = shortForm.length;
  if (n > MAX_PERMUTED_LETTERS) return undefined;
  for (let i = 0; i < n; i++) {
    const c = shortForm.charCodeAt(i);
    if (c < 65 || c > 90) return undefined;
  }
  const initials: string[] = [];
  let i = end;
  let start = end;
  while (initials.length < n) {
    while (i > begin && text.charCodeAt(i - 1) === 32) i--;
    if (i <= begin) return undefined;
    let w = i;
    while (w > begin && !isSpaceOrStop(text.charCodeAt(w - 1))) w--;
    if (w === i) return undefined;
    initials.push(text[w]!.toLowerCase());
    start = w;
    i = w;
  }
  const letters = shortForm.toLowerCase().split('').sort().join('');
  return initials.sort().join('') === letters ? start : undefined;
}

function isShortFormCandidate(sf: string): boolean {
  if (sf.length < 2 || sf.length > MAX_SHORT_LENGTH) return false;
  if (!isAlnum(sf.charCodeAt(0))) return false;
  let letters = 0;
  let upper = 0;
  let spaces = 0;
  for (let i = 0; i < sf.length; i++) {
    const c = sf.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
    if (c >= 65 && c <= 90) upper++;
    if (c === 32) spaces++;
  }
  // At least one letter, at most two words, and acronym-like (an upper-case letter): "(ALL)", "(G6PD)", "(HbA1c)".
  return letters > 0 && spaces <= 1 && upper > 0;
}

function firstIndexOf(text: string, from: number, to: number, codes: readonly number[]): number {
  for (let i = from; i < to; i++) if (codes.includes(text.charCodeAt(i))) return i;
  return -1;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isWordChar(c: number): boolean {
  return isAlnum(c) || c === 45 /* - */ || (c > 127 && !Number.isNaN(c));
}

function isSpaceOrStop(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 40 || c === 41 || c === 46 || c === 44 || c === 59 || c === 58;
}
