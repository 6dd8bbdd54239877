// Measurements that no lexicon names: a short noun phrase written right before a comparator and a number is a
// measurement (`sIDBP >= 90 mmHg`, `egg collection yield = 3`, `Oswestry score of at least 40`). Read back from the
// comparator (over `of`, `is`, `:` connectors) across at most four words, stopping at punctuation, numbers and the
// boundary words of resources/lab-value/measured-phrases.json; a phrase whose last word is not measured (`age > 18`,
// `up to 2 doses`) is none. The main loop of detect-lab-values.ts then reads the value after it like any name's.
import phrasesFile from '../../../../resources/lab-value/measured-phrases.json' with { type: 'json' };
import type { Document } from '../../document.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import type { PhraseTrie } from '../symptom-disease/phrase-trie.js';
import { scanMeasuredValue, type UnitTrie } from './measurement.js';
import { resultAt, type ResultLexicon } from './worded-results.js';

export const MEASURED_PHRASES_FILE = 'resources/lab-value/measured-phrases.json';

const SCHEMA: LexiconSchema = {
  kind: 'measured-phrase-words',
  required: { forms: 'strings', role: 'string' },
  enums: { role: ['boundary', 'not-measured', 'measured-head'] },
};

const MAX_WORDS = 4;

export interface MeasuredPhraseWords {
  readonly boundary: ReadonlySet<string>;
  readonly notMeasured: ReadonlySet<string>;
  /** Head nouns of a measurement named by what it measures (`carnitine levels`, `factor IX activity`). */
  readonly heads: ReadonlySet<string>;
}

export function compileMeasuredPhraseWords(body: unknown = phrasesFile, file = MEASURED_PHRASES_FILE): MeasuredPhraseWords {
  const lexicon = parseLexiconFile(body, file, SCHEMA);
  const by: Record<string, Set<string>> = { boundary: new Set(), 'not-measured': new Set(), 'measured-head': new Set() };
  for (const e of lexicon.entries) for (const f of listField(e, 'forms')) by[stringField(e, 'role')!]!.add(f.toLowerCase());
  return { boundary: by.boundary!, notMeasured: by['not-measured']!, heads: by['measured-head']! };
}

/** A phrase found before a comparator: token range and character span. */
export interface MeasuredPhrase {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly tokenEnd: number;
}

type Connectors = PhraseTrie<{ role: string; normalized: string }>;

/** Whether a comparator (`>=`, `at least`, `=`) starting at token `j` ends right before the number at `k`. */
function comparatorBefore(doc: Document, connectors: Connectors, j: number, k: number): boolean {
  const m = connectors.matchAt(doc.tokens, j, k);
  if (m === undefined || m.tokenEnd !== k) return false;
  const v = m.values[0]!;
  return v.role === 'comparator' || (v.normalized === 'punctuation' && doc.tokens[j]!.lower === '=');
}

/**
 * The start of a connector of one to three tokens ending right at token `end` (`of`, `increased to`), or -1; an
 * opening bracket is no connector here.
 */
function connectorEndingAt(connectors: Connectors, tokens: Document['tokens'], from: number, end: number): number {
  if (end <= from || tokens[end - 1]!.lower === '(') return -1;
  for (let j = Math.max(from, end - 3); j < end; j++) {
    const c = connectors.matchAt(tokens, j, end);
    if (c !== undefined && c.tokenEnd === end && c.values[0]!.role === 'connector' && tokens[j]!.lower !== '(') return j;
  }
  return -1;
}

/**
 * Unit dimensions of lab and physiological results: a number with such a unit is a measured result without a
 * comparator (`sphincter pressure of 50 mmHg`, `IGF-1 was 504 ng/ml`, `sweat chloride 115 mmol/l`); lengths, masses,
 * volumes and times are sizes, doses and durations as often.
 */
export const RESULT_UNIT_DIMENSIONS: ReadonlySet<string> = new Set(['concentration', 'pressure', 'flow rate', 'osmolality', 'frequency', 'percentage']);

/** Whether the number at token `k` carries a unit of a result dimension (RESULT_UNIT_DIMENSIONS). */
export function hasResultUnit(doc: Document, units: UnitTrie, k: number, to: number): boolean {
  const dimension = scanMeasuredValue(doc.tokens, k, to, doc.text, units)?.unit?.unit.dimension;
  return dimension !== undefined && RESULT_UNIT_DIMENSIONS.has(dimension);
}

/**
 * Phrases before a comparator and a number, or before a number with a result unit (`units` given; over connectors
 * only), in sentence token range [from, to), except those ending where a named test already ends (`namedEnds`:
 * token ends of the lexicon and knowledge-base names).
 */
export function findMeasuredPhrases(doc: Document, connectors: Connectors, words: MeasuredPhraseWords, from: number, to: number, namedEnds: ReadonlySet<number>, units?: UnitTrie, results?: ResultLexicon): MeasuredPhrase[] {
  const tokens = doc.tokens;
  const out: MeasuredPhrase[] = [];
  for (let k = from + 1; k < to; k++) {
    if (tokens[k]!.kind !== 'number') continue;
    // The comparator: one to four tokens ending right before the number.
    let start = -1;
    for (let j = k - 1; j >= from && j >= k - 4; j--) {
      if (comparatorBefore(doc, connectors, j, k)) start = j;
    }
    let byUnit = false;
    if (start < 0 && units !== undefined && hasResultUnit(doc, units, k, to)) {
      start = k;
      byUnit = true;
      // `growth hormone (GH), 0.50 ng/ml`: a comma, and the name's short form in brackets, before the value.
      if (start - 1 > from && tokens[start - 1]!.lower === ',') start--;
    }
    if (start < 0) continue;
    // Over connectors (`score of at least`, `level: >`, `levels had increased to`), at most two; before a value
    // with a result unit, over a result word and `from` too (`PPG was decreased from 19 mmHg`).
    let end = start;
    for (let n = 0; n < (byUnit ? 4 : 2) && end > from; n++) {
      let at = connectorEndingAt(connectors, tokens, from, end);
      if (at < 0 && byUnit && results !== undefined) {
        if (tokens[end - 1]!.lower === 'from') at = end - 1;
        else {
          for (let j = Math.max(from, end - 3); j < end && at < 0; j++) if (resultAt(results, doc.text, tokens, j, end)?.tokenEnd === end) at = j;
        }
      }
      if (at < 0) break;
      end = at;
    }
    if (byUnit && end > from + 1 && tokens[end - 1]!.lower === ')') {
      let open = end - 2;
      while (open > from && open >= end - 5 && tokens[open]!.lower !== '(' && tokens[open]!.kind !== 'number') open--;
      if (tokens[open]!.lower === '(' && open > from && tokens[open - 1]!.kind === 'word') end = open;
    }
    if (namedEnds.has(end)) continue;
    let begin = end;
    let count = 0;
    while (begin > from && count < MAX_WORDS) {
      const t = tokens[begin - 1]!;
      if (t.newlineBefore && begin < end) break;
      if (t.kind === 'word') {
        if (words.boundary.has(t.lower)) break;
        count++;
      } else if (t.kind === 'number' && begin - 3 >= from && tokens[begin - 2]!.lower === '-' && tokens[begin - 2]!.end === t.begin && tokens[begin - 3]!.kind === 'word' && tokens[begin - 3]!.end === tokens[begin - 2]!.begin) {
        // `IGF-1`, `IL-6`: a number joined by a hyphen to the word before it is part of the name.
      } else if (!((t.lower === '-' || t.lower === '/') && begin < end && t.end === tokens[begin]!.begin && begin - 2 >= from && tokens[begin - 2]!.end === t.begin)) break;
      begin--;
    }
    // A word right after a number is its unit or what it counts (`19 mmHg to 8 mmHg`, `3 cycles of`).
    if (begin === end || tokens[begin]!.kind !== 'word' || (begin > from && tokens[begin - 1]!.kind === 'number')) continue;
    const last = tokens[end - 1]!;
    const gluedNumber = last.kind === 'number' && end - begin >= 3 && tokens[end - 2]!.lower === '-';
    if (!gluedNumber && (last.kind !== 'word' || words.notMeasured.has(last.lower) || last.lower.length < 2)) continue;
    out.push({ begin: tokens[begin]!.begin, end: last.end, tokenStart: begin, tokenEnd: end });
  }
  return out;
}

/**
 * Names of markers followed by a bracketed sign (`CD31 (+)`, `HER-2 (+)`, `VEGF (-)`): the word right before `(+)`
 * or `(-)` (with the pieces glued to it by hyphens), in sentence token range [from, to), unless a named test
 * already ends there.
 */
export function findSignedMarkerNames(doc: Document, results: ResultLexicon, from: number, to: number, namedEnds: ReadonlySet<number>): MeasuredPhrase[] {
  const tokens = doc.tokens;
  const out: MeasuredPhrase[] = [];
  for (let k = from + 1; k + 2 < to; k++) {
    if (tokens[k]!.lower !== '(' || tokens[k + 2]!.lower !== ')') continue;
    const sign = tokens[k + 1]!.lower;
    if (sign !== '+' && sign !== '-' && sign !== '−') continue;
    const name = tokens[k - 1]!;
    if (name.kind !== 'word' && name.kind !== 'number') continue;
    if (namedEnds.has(k) || (name.lower === ')' )) continue;
    let start = k - 1;
    while (start - 2 >= from && tokens[start - 1]!.lower === '-' && tokens[start - 1]!.begin === tokens[start - 2]!.end && tokens[start - 1]!.end === tokens[start]!.begin) start -= 2;
    if (tokens[start]!.kind !== 'word' || resultAt(results, doc.text, tokens, start, k) !== undefined) continue;
    out.push({ begin: tokens[start]!.begin, end: name.end, tokenStart: start, tokenEnd: k });
  }
  return out;
}

/** Result ids a test name carries joined by a hyphen (`catalase-negative`, `HER2-positive`). */
const HYPHENATED_RESULTS: ReadonlySet<string> = new Set(['positive', 'negative']);

/**
 * Names of tests written with their result joined by a hyphen (`catalase-negative`, `HER2-positive`, `estrogen
 * receptor-positive`): the word (with the word before it when also joined by a hyphen) right before `-positive` or
 * `-negative`, in sentence token range [from, to), unless a named test already ends there.
 */
export function findHyphenatedResultNames(doc: Document, results: ResultLexicon, from: number, to: number, namedEnds: ReadonlySet<number>): MeasuredPhrase[] {
  const tokens = doc.tokens;
  const out: MeasuredPhrase[] = [];
  for (let k = from + 2; k < to; k++) {
    const hyphen = tokens[k - 1]!;
    if (hyphen.lower !== '-' || hyphen.end !== tokens[k]!.begin) continue;
    const name = tokens[k - 2]!;
    if (name.end !== hyphen.begin || (name.kind !== 'word' && name.kind !== 'number')) continue;
    const r = resultAt(results, doc.text, tokens, k, to);
    if (r === undefined || !HYPHENATED_RESULTS.has(r.id) || namedEnds.has(k - 1)) continue;
    let start = k - 2;
    // `PD-L1-positive`, `ER-alpha-negative`: pieces joined without spaces belong to the name.
    while (start - 2 >= from && tokens[start - 1]!.lower === '-' && tokens[start - 1]!.begin === tokens[start - 2]!.end && tokens[start - 1]!.end === tokens[start]!.begin) start -= 2;
    // `C-reactive protein`: a single letter before the hyphen makes one word with the result, no test and result.
    if (tokens[start]!.kind !== 'word' || (start === k - 2 && name.end - name.begin === 1)) continue;
    out.push({ begin: tokens[start]!.begin, end: name.end, tokenStart: start, tokenEnd: k - 1 });
  }
  return out;
}

/**
 * Measurements named by what they measure and a head noun (`total carnitine levels`, `renin activity`, `plasma IGF-1
 * levels`, `mitotic count`): the head with one to three words before it, read back to a boundary word, punctuation or
 * a worded result (`high levels`), in sentence token range [from, to), unless a named test already ends there or right
 * before the head (`potassium level`: the lab's name is `potassium`). The
 * main loop binds them to a value or a worded result like any name.
 */
export function findMeasuredHeadPhrases(doc: Document, words: MeasuredPhraseWords, results: ResultLexicon, from: number, to: number, namedEnds: ReadonlySet<number>): MeasuredPhrase[] {
  const tokens = doc.tokens;
  const out: MeasuredPhrase[] = [];
  for (let k = from + 1; k < to; k++) {
    // A named test right before the head is the name (`potassium level`).
    if (!words.heads.has(tokens[k]!.lower) || namedEnds.has(k + 1) || namedEnds.has(k)) continue;
    let begin = k;
    let count = 0;
    while (begin > from && count < MAX_WORDS - 1) {
      const t = tokens[begin - 1]!;
      if (tokens[begin]!.newlineBefore) break;
      if (t.kind === 'word') {
        if (words.boundary.has(t.lower) || words.notMeasured.has(t.lower) || words.heads.has(t.lower) || resultAt(results, doc.text, tokens, begin - 1, k) !== undefined) break;
        count++;
      } else if (!((t.lower === '-' || t.lower === '/') && t.end === tokens[begin]!.begin && begin - 2 >= from && tokens[begin - 2]!.end === t.begin) && !(t.kind === 'number' && begin - 2 >= from && tokens[begin - 2]!.lower === '-' && tokens[begin - 2]!.end === t.begin)) break;
      begin--;
    }
    if (begin === k || tokens[begin]!.kind !== 'word') continue;
    out.push({ begin: tokens[begin]!.begin, end: tokens[k]!.end, tokenStart: begin, tokenEnd: k + 1 });
  }
  return out;
}

/** Verbs that state a result of their subject (`the postoperative course was uneventful`). */
const COPULAS: ReadonlySet<string> = new Set(['was', 'were', 'is', 'are', 'remained', 'remains', 'became', 'becomes', 'appeared', 'appears', 'seemed', 'been']);
/** Words that may stand between the verb and the result (`were all negative`, `was still elevated`). */
const BETWEEN: ReadonlySet<string> = new Set(['also', 'all', 'both', 'still', 'again', 'consistently', 'entirely', 'otherwise', 'completely']);
/** What may follow a result that is its subject's: the end of the clause. */
const AFTER_RESULT: ReadonlySet<string> = new Set([',', '.', ';', ':', ')', 'and', 'but', 'except', 'with', 'without', 'in', 'on', 'at', 'by', 'after', 'during', 'throughout', 'until', 'since', 'as', 'when', 'while', 'despite', 'although', 'whereas']);

/**
 * Subjects of a worded result that no lexicon names (`the postoperative course was uneventful`, `surgical margins
 * were negative`, `speech was normal`): the phrase of at most four words before a copula followed by a result, in
 * sentence token range [from, to); read back like a measured phrase (boundary words, persons and numbers end it),
 * except where a named test already ends (`namedEnds`) or where `excluded` says the phrase's last token is part of
 * something else (a disorder: `disease was stable` is no measurement).
 */
export function findResultSubjects(doc: Document, results: ResultLexicon, words: MeasuredPhraseWords, from: number, to: number, namedEnds: ReadonlySet<number>, excluded: (token: number) => boolean): MeasuredPhrase[] {
  const tokens = doc.tokens;
  const out: MeasuredPhrase[] = [];
  for (let k = from + 1; k < to; k++) {
    if (!COPULAS.has(tokens[k]!.lower)) continue;
    let r = k + 1;
    while (r < to && BETWEEN.has(tokens[r]!.lower)) r++;
    const result = resultAt(results, doc.text, tokens, r, to);
    if (result === undefined || result.id === 'steady') continue;
    const next = tokens[result.tokenEnd];
    // `cells were positive for CD10`: what follows `for` is the test (changeObjects), not the subject.
    if (next !== undefined && result.tokenEnd < to && !next.newlineBefore && !AFTER_RESULT.has(next.lower)) continue;
    const end = k;
    if (namedEnds.has(end)) continue;
    let begin = end;
    let count = 0;
    while (begin > from && count < MAX_WORDS) {
      const t = tokens[begin - 1]!;
      if (t.newlineBefore && begin < end) break;
      if (t.kind !== 'word' || words.boundary.has(t.lower)) {
        if (!((t.lower === '-' || t.lower === "'") && begin < end && t.end === tokens[begin]!.begin && begin - 2 >= from && tokens[begin - 2]!.end === t.begin)) break;
      } else count++;
      begin--;
    }
    if (begin === end || tokens[begin]!.kind !== 'word' || (begin > from && tokens[begin - 1]!.kind === 'number')) continue;
    const last = tokens[end - 1]!;
    // A head noun alone names nothing (`Levels were normal`: levels of what).
    if (last.kind !== 'word' || words.notMeasured.has(last.lower) || last.lower.length < 2 || excluded(end - 1) || (end - begin === 1 && words.heads.has(last.lower))) continue;
    out.push({ begin: tokens[begin]!.begin, end: last.end, tokenStart: begin, tokenEnd: end });
  }
  return out;
}
