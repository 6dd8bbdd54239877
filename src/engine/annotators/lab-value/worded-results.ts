// Worded results of lab tests (resources/lab-value/results.json): `normal`, `negative`, `elevated`, `within
// normal limits`, with an optional degree word before them (`markedly elevated`), and the class values of graded
// scales (`NYHA class III`, `Child-Pugh B`, `ASA II-III`). Used by detect-lab-values.ts.
import resultsFile from '../../../../resources/lab-value/results.json' with { type: 'json' };
import type { Token } from '../../document.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compileTermLexicon, matchTermAt, type TermLexicon } from '../symptom-disease/term-lexicon.js';

export const RESULTS_FILE = 'resources/lab-value/results.json';

const RESULT_SCHEMA: LexiconSchema = {
  kind: 'lab-results',
  required: { forms: 'strings', role: 'string' },
  enums: { role: ['result', 'degree'] },
};

export interface ResultWord { readonly id: string; readonly role: 'result' | 'degree' }
export type ResultLexicon = TermLexicon<ResultWord>;

export function compileResults(body: unknown = resultsFile, file = RESULTS_FILE): ResultLexicon {
  const lexicon = parseLexiconFile(body, file, RESULT_SCHEMA);
  return compileTermLexicon(lexicon.entries.map((e) => [listField(e, 'forms'), { id: e.id, role: stringField(e, 'role') as ResultWord['role'] }] as const));
}

/** A worded result: its span (degree word included) and the token after it. */
export interface WordedResult {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  /** The result's id in results.json (`normal`, `high`, ...); `class` for a scale's class. */
  readonly id: string;
}

/** A result phrase at token `i` (a degree word may come first); undefined when there is none. */
export function resultAt(results: ResultLexicon, text: string, tokens: readonly Token[], i: number, to: number): WordedResult | undefined {
  const first = matchTermAt(results, text, tokens, i, to);
  if (first === undefined) return undefined;
  const word = first.values[0]!;
  if (word.role === 'result') return { begin: first.begin, end: first.end, tokenStart: i, tokenEnd: first.tokenEnd, id: word.id };
  const next = matchTermAt(results, text, tokens, first.tokenEnd, to);
  const result = next?.values.find((v) => v.role === 'result');
  if (next === undefined || result === undefined) return undefined;
  return { begin: first.begin, end: next.end, tokenStart: i, tokenEnd: next.tokenEnd, id: result.id };
}

/**
 * A result phrase ending right at token `end`, or before a `for` or `to` there: `elevated troponin`, `markedly elevated
 * LFTs`, `negative for HIV`, `positive to p16`. Searched from token `from` on.
 */
export function resultBefore(results: ResultLexicon, text: string, tokens: readonly Token[], from: number, end: number): WordedResult | undefined {
  const det = end - 1 >= from && OBJECT_DETERMINERS.has(tokens[end - 1]!.lower) ? end - 1 : end;
  const before = det - 1 >= from ? tokens[det - 1]?.lower : undefined;
  const of = before === 'in' || before === 'of';
  if (det < end && !of) return undefined;
  const last = of ? det - 1 : before === 'for' || before === 'to' ? end - 1 : end;
  for (let start = last - 1; start >= from && start >= last - 6; start--) {
    const r = resultAt(results, text, tokens, start, last);
    // `improvement in renal function`: only a noun of change takes its measurement after `in` or `of`.
    if (r !== undefined && r.tokenEnd === last && (of ? r.id === 'change' : r.id !== 'change')) return r;
  }
  return undefined;
}

/** Determiners between a noun of change and its measurement (`normalization of the blood counts`). */
const OBJECT_DETERMINERS: ReadonlySet<string> = new Set(['the', 'his', 'her', 'their', 'its']);

/**
 * Measurements after a noun of change (`improvement in systolic function`, `normalization of the blood cell
 * counts`) or after `positive for` / `negative for` (`positive for CD10 and CD20`): the phrase of at most four words
 * after `in`, `of` or `for` (each of a list after `for`), ending before punctuation or a boundary word (`boundary`),
 * in token range [from, to).
 */
export function changeObjects(results: ResultLexicon, text: string, tokens: readonly Token[], boundary: ReadonlySet<string>, from: number, to: number): { begin: number; end: number; tokenStart: number; tokenEnd: number }[] {
  const out: { begin: number; end: number; tokenStart: number; tokenEnd: number }[] = [];
  for (let k = from; k + 2 < to; k++) {
    const w = tokens[k + 1]!.lower;
    if (w !== 'in' && w !== 'of' && w !== 'for') continue;
    const r = resultAt(results, text, tokens, k, k + 1);
    if (r === undefined || (w === 'for' ? r.id !== 'positive' && r.id !== 'negative' : r.id !== 'change')) continue;
    let start = k + 2;
    if (start < to && OBJECT_DETERMINERS.has(tokens[start]!.lower)) start++;
    // `positive for CD10 and CD20`, `negative for c-Kit, CD31, SMA`: each of a list of markers.
    for (let n = 0; n < (w === 'for' ? 6 : 1) && start < to; n++) {
      let end = start;
      while (end < to && end - start < 4 && !tokens[end]!.newlineBefore && (tokens[end]!.kind === 'word' ? !boundary.has(tokens[end]!.lower) : isGluedPiece(tokens, end))) end++;
      if (end === start || tokens[end - 1]!.kind === 'punct') break;
      out.push({ begin: tokens[start]!.begin, end: tokens[end - 1]!.end, tokenStart: start, tokenEnd: end });
      const joiner = tokens[end]?.lower;
      if (joiner !== ',' && joiner !== 'and' && joiner !== 'or') break;
      start = end + 1;
      if (joiner === ',' && (tokens[start]?.lower === 'and' || tokens[start]?.lower === 'or')) start++;
    }
  }
  return out;
}

/** A hyphen, slash or number glued to the tokens around it inside a name (`c-Kit`, `CK 5/6`, `Ki-67`). */
function isGluedPiece(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  const prev = tokens[i - 1];
  if (t.kind === 'number') return prev !== undefined && (prev.end === t.begin || prev.kind === 'word');
  return (t.lower === '-' || t.lower === '/') && prev !== undefined && prev.end === t.begin && tokens[i + 1] !== undefined && tokens[i + 1]!.begin === t.end;
}

const ROMAN_CLASSES: ReadonlySet<string> = new Set(['I', 'II', 'III', 'IV', 'V', 'VI', 'A', 'B', 'C', 'D', 'E']);
const ROMAN_NUMERALS: ReadonlySet<string> = new Set(['I', 'II', 'III', 'IV', 'V', 'VI']);
const SUB_STAGES: ReadonlySet<string> = new Set(['A', 'B', 'C', 'a', 'b', 'c']);
const CLASS_JOINERS: ReadonlySet<string> = new Set(['-', '–', 'or', 'to', '/', 'and']);

/** A class written as a Roman numeral or capital letter (`III`, `B`), or a range of two (`II-III`, `I or II`). */
export function classAt(text: string, tokens: readonly Token[], i: number, to: number): WordedResult | undefined {
  const isClass = (k: number): boolean => {
    const t = tokens[k];
    if (t === undefined || k >= to || t.kind !== 'word') return false;
    const w = text.slice(t.begin, t.end);
    // `IIIB`, `IVa`: a Roman numeral with a sub-stage letter.
    return ROMAN_CLASSES.has(w) || (w.length >= 2 && ROMAN_NUMERALS.has(w.slice(0, -1)) && SUB_STAGES.has(w.slice(-1)));
  };
  if (!isClass(i)) return undefined;
  const first = tokens[i]!;
  const joiner = tokens[i + 1];
  if (joiner !== undefined && CLASS_JOINERS.has(joiner.lower) && isClass(i + 2)) {
    return { begin: first.begin, end: tokens[i + 2]!.end, tokenStart: i, tokenEnd: i + 3, id: 'class' };
  }
  return { begin: first.begin, end: first.end, tokenStart: i, tokenEnd: i + 1, id: 'class' };
}
