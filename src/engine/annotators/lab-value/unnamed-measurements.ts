// Measurements that no lexicon names: a short noun phrase written right before a comparator and a number is a
// measurement (`sIDBP >= 90 mmHg`, `egg collection yield = 3`, `Oswestry score of at least 40`). Read back from the
// comparator (over `of`, `is`, `:` connectors) across at most four words, stopping at punctuation, numbers and the
// boundary words of resources/lab-value/measured-phrases.json; a phrase whose last word is not measured (`age > 18`,
// `up to 2 doses`) is none. The main loop of detect-lab-values.ts then reads the value after it like any name's.
import phrasesFile from '../../../../resources/lab-value/measured-phrases.json' with { type: 'json' };
import type { Document } from '../../document.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import type { PhraseTrie } from '../symptom-disease/phrase-trie.js';
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
 * Phrases before a comparator and a number in sentence token range [from, to), except those ending where a named
 * test already ends (`namedEnds`: token ends of the lexicon and knowledge-base names).
 */
export function findMeasuredPhrases(doc: Document, connectors: Connectors, words: MeasuredPhraseWords, from: number, to: number, namedEnds: ReadonlySet<number>): MeasuredPhrase[] {
  const tokens = doc.tokens;
  const out: MeasuredPhrase[] = [];
  for (let k = from + 1; k < to; k++) {
    if (tokens[k]!.kind !== 'number') continue;
    // The comparator: one to four tokens ending right before the number.
    let start = -1;
    for (let j = k - 1; j >= from && j >= k - 4; j--) {
      if (comparatorBefore(doc, connectors, j, k)) start = j;
    }
    if (start < 0) continue;
    // Over connectors (`score of at least`, `level: >`), at most two.
    let end = start;
    for (let n = 0; n < 2 && end > from; n++) {
      const c = connectors.matchAt(tokens, end - 1, end);
      if (c === undefined || c.values[0]!.role !== 'connector' || tokens[end - 1]!.lower === '(') break;
      end--;
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
      } else if (!((t.lower === '-' || t.lower === '/') && begin < end && t.end === tokens[begin]!.begin && begin - 2 >= from && tokens[begin - 2]!.end === t.begin)) break;
      begin--;
    }
    if (begin === end || tokens[begin]!.kind !== 'word') continue;
    const last = tokens[end - 1]!;
    if (last.kind !== 'word' || words.notMeasured.has(last.lower) || last.lower.length < 2) continue;
    out.push({ begin: tokens[begin]!.begin, end: last.end, tokenStart: begin, tokenEnd: end });
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
    if (tokens[start]!.kind !== 'word') continue;
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
