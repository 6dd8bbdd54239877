// Numeric values after a term, scanned over engine tokens (no regex): a number (`12.2`, `100,000`, `.5`), a
// ratio (`120/80`), or a range (`35-40`, `35 to 40`, `35%-40%`, `between 5 and 10` is the caller's
// business), each optionally followed by a unit from resources/lab-value/units.json. Used by lab_value,
// concept_value and ejection_fraction.
import unitsFile from '../../../../resources/lab-value/units.json' with { type: 'json' };
import type { Token } from '../../document.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compilePhraseTrie, type PhraseTrie } from '../symptom-disease/phrase-trie.js';

export const UNITS_FILE = 'resources/lab-value/units.json';

export const UNIT_SCHEMA: LexiconSchema = {
  kind: 'measurement-units',
  required: { forms: 'strings', normalized: 'string' },
  optional: { dimension: 'string', numerator: 'string', denominator: 'string' },
};

export interface UnitDefinition {
  readonly id: string;
  readonly normalized: string;
  readonly dimension?: string;
  readonly numerator?: string;
  readonly denominator?: string;
}

export type UnitTrie = PhraseTrie<UnitDefinition>;

export function compileUnits(body: unknown = unitsFile, file = UNITS_FILE): UnitTrie {
  const lexicon = parseLexiconFile(body, file, UNIT_SCHEMA);
  const phrases: [string, UnitDefinition][] = [];
  for (const e of lexicon.entries) {
    const dimension = stringField(e, 'dimension');
    const numerator = stringField(e, 'numerator');
    const denominator = stringField(e, 'denominator');
    const unit: UnitDefinition = {
      id: e.id,
      normalized: stringField(e, 'normalized') as string,
      ...(dimension === undefined ? {} : { dimension }),
      ...(numerator === undefined ? {} : { numerator }),
      ...(denominator === undefined ? {} : { denominator }),
    };
    for (const form of listField(e, 'forms')) phrases.push([form, unit]);
  }
  return compilePhraseTrie(phrases);
}

export interface NumberToken {
  readonly text: string;
  readonly begin: number;
  readonly end: number;
  readonly token: number;
}

export interface UnitMatch {
  readonly begin: number;
  readonly end: number;
  readonly tokenEnd: number;
  readonly unit: UnitDefinition;
}

export interface MeasuredValue {
  readonly kind: 'single' | 'range' | 'ratio';
  readonly first: NumberToken;
  /** Upper end of a range, or the second part of a ratio. */
  readonly second?: NumberToken;
  /** Offsets of the numbers (first begin .. last number end, units inside a range included). */
  readonly begin: number;
  readonly end: number;
  readonly unit?: UnitMatch;
  /** Token index after the value and its unit. */
  readonly tokenEnd: number;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A plain decimal number token: digits with optional thousands commas and one decimal point. */
export function isDecimal(text: string): boolean {
  let digits = 0;
  let points = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (c === 46) points++;
    else if (c !== 44) return false;
  }
  return digits > 0 && points <= 1 && text.charCodeAt(text.length - 1) !== 44;
}

/** `120/80`: two decimals joined by one slash. */
function isRatio(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash <= 0 || slash !== text.lastIndexOf('/')) return false;
  return isDecimal(text.slice(0, slash)) && isDecimal(text.slice(slash + 1));
}

export function numberAt(tokens: readonly Token[], i: number, text: string): NumberToken | undefined {
  const t = tokens[i];
  if (t === undefined || t.kind !== 'number') return undefined;
  const s = text.slice(t.begin, t.end);
  return isDecimal(s) ? { text: s, begin: t.begin, end: t.end, token: i } : undefined;
}

/** Whitespace-only gap of at most `max` characters between two offsets. */
export function smallGap(text: string, from: number, to: number, max = 2): boolean {
  if (to - from > max) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

export function unitAt(tokens: readonly Token[], i: number, to: number, text: string, units: UnitTrie, after: number): UnitMatch | undefined {
  const t = tokens[i];
  if (t === undefined || i >= to || !smallGap(text, after, t.begin)) return undefined;
  const m = units.matchAt(tokens, i, to);
  if (m === undefined) return undefined;
  // A unit must not run into a following word: `5 m` is metres, `5 mg` is not `m` + `g`.
  const next = tokens[m.tokenEnd];
  const last = tokens[m.tokenEnd - 1]!;
  if (next !== undefined && next.begin === last.end && next.kind === 'word' && last.kind === 'word') return undefined;
  // `504 ng/ml.`: the tokenizer keeps the full stop on `ml.` (an abbreviation); the unit ends before it.
  const end = text.charCodeAt(m.end - 1) === 46 && m.end - 1 > m.begin ? m.end - 1 : m.end;
  return { begin: m.begin, end, tokenEnd: m.tokenEnd, unit: m.values[0]! };
}

const RANGE_WORDS: ReadonlySet<string> = new Set(['-', '–', '—', 'to']);

/** A measured value starting at token `i` (a number or ratio token), or undefined. */
export function scanMeasuredValue(tokens: readonly Token[], i: number, to: number, text: string, units: UnitTrie): MeasuredValue | undefined {
  if (i >= to) return undefined;
  const t = tokens[i];
  if (t === undefined || t.kind !== 'number') return undefined;
  const raw = text.slice(t.begin, t.end);
  if (isRatio(raw)) {
    const slash = raw.indexOf('/');
    const first: NumberToken = { text: raw.slice(0, slash), begin: t.begin, end: t.begin + slash, token: i };
    const second: NumberToken = { text: raw.slice(slash + 1), begin: t.begin + slash + 1, end: t.end, token: i };
    const unit = unitAt(tokens, i + 1, to, text, units, t.end);
    return { kind: 'ratio', first, second, begin: t.begin, end: t.end, ...(unit === undefined ? {} : { unit }), tokenEnd: unit?.tokenEnd ?? i + 1 };
  }
  const first = numberAt(tokens, i, text);
  if (first === undefined) return undefined;
  let j = i + 1;
  const firstUnit = unitAt(tokens, j, to, text, units, first.end);
  const afterFirst = firstUnit?.tokenEnd ?? j;
  const sep = tokens[afterFirst];
  if (sep !== undefined && afterFirst < to && RANGE_WORDS.has(sep.lower) && smallGap(text, firstUnit?.end ?? first.end, sep.begin)) {
    const second = numberAt(tokens, afterFirst + 1, text);
    if (second !== undefined && afterFirst + 1 < to && smallGap(text, sep.end, second.begin)) {
      const unit = unitAt(tokens, second.token + 1, to, text, units, second.end) ?? firstUnit;
      const tokenEnd = unit !== undefined && unit !== firstUnit ? unit.tokenEnd : second.token + 1;
      return { kind: 'range', first, second, begin: first.begin, end: second.end, ...(unit === undefined ? {} : { unit }), tokenEnd };
    }
  }
  j = afterFirst;
  return { kind: 'single', first, begin: first.begin, end: first.end, ...(firstUnit === undefined ? {} : { unit: firstUnit }), tokenEnd: j };
}

/** The wire `aci.MeasurementUnit` of a unit match (reference §4.4 LabValue; `denomenator` is ACD's spelling). */
export function measurementUnitAnnotation(text: string, unit: UnitMatch): Record<string, unknown> {
  const u = unit.unit;
  const compound = u.numerator !== undefined || u.denominator !== undefined;
  return {
    type: 'aci.MeasurementUnit',
    begin: unit.begin,
    end: unit.end,
    coveredText: text.slice(unit.begin, unit.end),
    ...(u.dimension === undefined ? {} : { dimension: u.dimension }),
    compound: compound ? 'true' : 'false',
    ...(u.numerator === undefined ? {} : { numerator: u.numerator }),
    ...(u.denominator === undefined ? {} : { denomenator: u.denominator }),
  };
}
