// Markers of stains and antibody tests as lab test names (resources/lab-value/stain-markers.json): in a sentence
// about immunostaining or markers (a cue word in it or in the sentence before), a marker is written by its shape,
// not listed: a short name with digits (`CD56`, `CK7`, `p63`, `S100`), joined by a hyphen to a number or a short piece
// (`TTF-1`, `HMB-45`, `Ki-67`, `c-Kit`), an acronym (`SMA`, `EMA`), a one-word protein name (`vimentin`, `desmin`,
// `chromogranin A`, `cytokeratin 7`), or words before a head noun (`androgen receptor`, `smooth muscle actin`).
// Antibodies (`anti-Ro`, `anticardiolipin antibodies`) are tests of their own, cue or not. The main loop of
// detect-lab-values.ts then binds a marker to a worded result before or after it (`positive for CK7 and TTF-1`,
// `CD34 and desmin were negative`), so a marker without a result gives nothing.
import markersFile from '../../../../resources/lab-value/stain-markers.json' with { type: 'json' };
import type { Document, Token } from '../../document.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import type { MeasuredPhrase } from './unnamed-measurements.js';

export const STAIN_MARKERS_FILE = 'resources/lab-value/stain-markers.json';

const ROLES = ['cue', 'cue-prefix', 'head', 'protein-ending', 'not-marker', 'stop'] as const;
type Role = (typeof ROLES)[number];

const SCHEMA: LexiconSchema = { kind: 'stain-markers', required: { forms: 'strings', role: 'string' }, enums: { role: ROLES } };

/** Words a marker of several words takes before its head (`vascular endothelial growth factor`). */
const MAX_HEAD_WORDS = 4;
/** Shortest one-word protein name by its ending (`desmin`). */
const MIN_PROTEIN_LENGTH = 6;

export interface StainMarkerWords {
  readonly cues: ReadonlySet<string>;
  readonly cuePrefixes: readonly string[];
  readonly heads: ReadonlySet<string>;
  readonly proteinEndings: readonly string[];
  readonly notMarkers: ReadonlySet<string>;
  readonly stops: ReadonlySet<string>;
}

export function compileStainMarkerWords(body: unknown = markersFile, file = STAIN_MARKERS_FILE): StainMarkerWords {
  const lexicon = parseLexiconFile(body, file, SCHEMA);
  const by: Record<Role, Set<string>> = { cue: new Set(), 'cue-prefix': new Set(), head: new Set(), 'protein-ending': new Set(), 'not-marker': new Set(), stop: new Set() };
  for (const e of lexicon.entries) for (const f of listField(e, 'forms')) by[stringField(e, 'role') as Role].add(f.toLowerCase());
  return { cues: by.cue, cuePrefixes: [...by['cue-prefix']], heads: by.head, proteinEndings: [...by['protein-ending']], notMarkers: by['not-marker'], stops: by.stop };
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const adjacent = (a: Token, b: Token): boolean => a.end === b.begin;

/**
 * `CD56`, `CK7`, `p63`, `S100`, `CD1a`: one to five letters then one to three digits (and maybe one letter); a name
 * in lower case only with one or two letters (`p53`, not `day3`).
 */
function isCodedName(text: string, t: Token): boolean {
  if (t.kind !== 'word') return false;
  let i = t.begin;
  let capitals = 0;
  while (i < t.end && (isUpper(text.charCodeAt(i)) || isLower(text.charCodeAt(i)))) {
    if (isUpper(text.charCodeAt(i))) capitals++;
    i++;
  }
  const letters = i - t.begin;
  if (letters < 1 || letters > 5 || (capitals === 0 && letters > 2)) return false;
  const digitsFrom = i;
  while (i < t.end && isDigit(text.charCodeAt(i))) i++;
  const digits = i - digitsFrom;
  if (digits < 1 || digits > 3) return false;
  if (i < t.end && (isUpper(text.charCodeAt(i)) || isLower(text.charCodeAt(i)))) i++;
  return i === t.end;
}

/** `SMA`, `EMA`, `GFAP`: two to six capitals. */
function isAcronym(text: string, t: Token): boolean {
  const n = t.end - t.begin;
  if (t.kind !== 'word' || n < 2 || n > 6) return false;
  for (let i = t.begin; i < t.end; i++) if (!isUpper(text.charCodeAt(i))) return false;
  return true;
}

/** A short piece of a hyphenated marker: a word of at most five letters with a capital or of one or two letters, or a number of at most three digits. */
function isShortPiece(text: string, t: Token): boolean {
  const n = t.end - t.begin;
  if (t.kind === 'number') return n <= 3;
  if (t.kind !== 'word' || n > 5) return false;
  if (n <= 2) return true;
  for (let i = t.begin; i < t.end; i++) if (isUpper(text.charCodeAt(i))) return true;
  return false;
}

function hasProteinEnding(word: string, w: StainMarkerWords): boolean {
  if (word.length < MIN_PROTEIN_LENGTH || w.notMarkers.has(word)) return false;
  for (let i = 0; i < word.length; i++) if (!isLower(word.charCodeAt(i))) return false;
  return w.proteinEndings.some((e) => word.endsWith(e));
}

/** Whether the sentence tokens [from, to) hold a cue word. */
function hasCue(tokens: readonly Token[], w: StainMarkerWords, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'word') continue;
    if (w.cues.has(t.lower)) return true;
    for (const p of w.cuePrefixes) if (t.lower.length > p.length + 3 && t.lower.startsWith(p)) return true;
  }
  return false;
}

/**
 * The end of a one-letter or number token written right after, or joined by a hyphen (`chromogranin A`,
 * `cytokeratin 7`, `receptor 2`, `chromogranin-A`, `cytokeratin-7`); `k` when there is none.
 */
function suffixEnd(text: string, tokens: readonly Token[], k: number, to: number): number {
  const dash = tokens[k];
  if (dash !== undefined && dash.lower === '-' && k + 1 < to && adjacent(tokens[k - 1]!, dash) && adjacent(dash, tokens[k + 1]!)) {
    const after = suffixEnd(text, tokens, k + 1, to);
    return after > k + 1 ? after : k;
  }
  const t = tokens[k];
  if (t === undefined || k >= to || t.newlineBefore) return k;
  const n = t.end - t.begin;
  if (t.kind === 'number' && n <= 2 && text.charCodeAt(t.begin) !== 48) return k + 1;
  if (t.kind === 'word' && n === 1 && isUpper(text.charCodeAt(t.begin))) return k + 1;
  return k;
}

/** `anti-Ro`, `anti-dsDNA antibody`, `anticardiolipin antibodies`: token range of an antibody at `k`, or undefined. */
function antibodyAt(doc: Document, w: StainMarkerWords, k: number, to: number): [number, number] | undefined {
  const tokens = doc.tokens;
  const t = tokens[k]!;
  let end = -1;
  if (t.lower === 'anti' && k + 2 < to && tokens[k + 1]!.lower === '-' && adjacent(t, tokens[k + 1]!) && adjacent(tokens[k + 1]!, tokens[k + 2]!) && tokens[k + 2]!.kind === 'word') end = k + 3;
  else if (t.lower.length > 6 && t.lower.startsWith('anti') && t.kind === 'word' && (tokens[k + 1]?.lower === 'antibody' || tokens[k + 1]?.lower === 'antibodies')) end = k + 1;
  if (end < 0) return undefined;
  const next = tokens[end];
  if (next !== undefined && end < to && (next.lower === 'antibody' || next.lower === 'antibodies')) end++;
  return [k, end];
}

/**
 * The markers of sentence tokens [from, to) (`cueFrom`: where to start looking for a cue, the sentence before's
 * start), except those overlapping a name already found (`taken`: token indexes of names).
 */
export function findStainMarkers(doc: Document, w: StainMarkerWords, from: number, to: number, cueFrom: number, taken: ReadonlySet<number>): MeasuredPhrase[] {
  const tokens = doc.tokens;
  const text = doc.text;
  const out: MeasuredPhrase[] = [];
  const cue = hasCue(tokens, w, cueFrom, to);
  const free = (a: number, b: number): boolean => {
    for (let k = a; k < b; k++) if (taken.has(k)) return false;
    return true;
  };
  const push = (a: number, b: number): void => {
    if (b > a && free(a, b)) out.push({ begin: tokens[a]!.begin, end: tokens[b - 1]!.end, tokenStart: a, tokenEnd: b });
  };
  let k = from;
  while (k < to) {
    const t = tokens[k]!;
    const antibody = antibodyAt(doc, w, k, to);
    if (antibody !== undefined) {
      push(antibody[0], antibody[1]);
      k = antibody[1];
      continue;
    }
    if (!cue || t.kind !== 'word' || w.notMarkers.has(t.lower)) {
      k++;
      continue;
    }
    // Words before a head noun (`smooth muscle actin`, `androgen receptor`), found from the head.
    const headAt = headAfter(tokens, w, k, to);
    if (headAt >= 0) {
      const end = suffixEnd(text, tokens, headAt + 1, to);
      push(k, end);
      k = end;
      continue;
    }
    // `TTF-1`, `HMB-45`, `Ki-67`, `c-Kit`, `mclean-A`
    const dash = tokens[k + 1];
    const second = tokens[k + 2];
    if (dash !== undefined && second !== undefined && k + 2 < to && dash.lower === '-' && adjacent(t, dash) && adjacent(dash, second) && isShortPiece(text, second) && (isShortPiece(text, t) || t.end - t.begin <= 6)) {
      push(k, k + 3);
      k += 3;
      continue;
    }
    if (isCodedName(text, t) || isAcronym(text, t)) {
      push(k, k + 1);
      k++;
      continue;
    }
    if (hasProteinEnding(t.lower, w)) {
      const end = suffixEnd(text, tokens, k + 1, to);
      push(k, end);
      k = end;
      continue;
    }
    k++;
  }
  return out;
}

/**
 * The head noun ending a marker of several words that starts at `k` (`epithelial membrane antigen`): a head within
 * MAX_HEAD_WORDS words, none of them a stop word, punctuation or a line break; -1 when there is none.
 */
function headAfter(tokens: readonly Token[], w: StainMarkerWords, k: number, to: number): number {
  if (w.stops.has(tokens[k]!.lower) || w.heads.has(tokens[k]!.lower)) return -1;
  for (let j = k + 1; j < to && j <= k + MAX_HEAD_WORDS; j++) {
    const t = tokens[j]!;
    if (t.newlineBefore) return -1;
    if (t.kind === 'word' && w.heads.has(t.lower)) return j;
    const hyphen = t.lower === '-' && adjacent(tokens[j - 1]!, t) && tokens[j + 1] !== undefined && adjacent(t, tokens[j + 1]!);
    if (!hyphen && (t.kind !== 'word' && t.kind !== 'number')) return -1;
    if (t.kind === 'word' && w.stops.has(t.lower)) return -1;
  }
  return -1;
}
