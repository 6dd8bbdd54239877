// A small recogniser of explicit dates over engine tokens (no regex), for the `date`, `dateSource` and
// `dateInMilliseconds` fields of procedure, symptom_disease and lab_value (reference §4.4, §5.3):
//   month-name day [,] [year]   `April 8th`, `Apr 8, 2022`      day [of] month-name [year]   `8 April 2022`
//   month-name year             `April 2019`                    numeric                      `04/08/2022`, `4/8/22`, `2022-04-08`, `04/2019`
//   preposition year            `in 2019`, `since 2015` (1900–2099)
// Numeric dates are read month first (US). A date without a year gets the year of `referenceDate` when one
// is given; otherwise its `dateInMilliseconds` is ACD's one-space placeholder. Milliseconds are UTC midnight.
import dateWordsFile from '../../../../resources/procedure/date-words.json' with { type: 'json' };
import { derived, type Document, type Token } from '../../document.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compilePhraseTrie, type PhraseTrie } from '../symptom-disease/phrase-trie.js';

export const DATE_WORDS_FILE = 'resources/procedure/date-words.json';

const DATE_WORD_SCHEMA: LexiconSchema = {
  kind: 'date-words',
  required: { forms: 'strings', role: 'string', value: 'string' },
  enums: { role: ['month', 'year-preposition'] },
};

/** ACD's `dateInMilliseconds` when no date was found (reference §4.3). */
export const NO_DATE_MS = ' ';

interface DateWord {
  readonly role: 'month' | 'year-preposition';
  readonly value: number;
}

export interface DateRecognizer {
  readonly words: PhraseTrie<DateWord>;
}

export interface DateMention {
  readonly begin: number;
  readonly end: number;
  readonly text: string;
  readonly year?: number;
  readonly month?: number;
  readonly day?: number;
}

let defaultRecognizer: DateRecognizer | undefined;

export function compileDateRecognizer(body: unknown = dateWordsFile, file = DATE_WORDS_FILE): DateRecognizer {
  if (body === dateWordsFile && file === DATE_WORDS_FILE) return (defaultRecognizer ??= buildDateRecognizer(body, file));
  return buildDateRecognizer(body, file);
}

function buildDateRecognizer(body: unknown, file: string): DateRecognizer {
  const lexicon = parseLexiconFile(body, file, DATE_WORD_SCHEMA);
  const phrases: [string, DateWord][] = [];
  for (const e of lexicon.entries) {
    const word: DateWord = { role: stringField(e, 'role') as DateWord['role'], value: Number(stringField(e, 'value')) };
    for (const form of listField(e, 'forms')) phrases.push([form, word]);
  }
  return { words: compilePhraseTrie(phrases) };
}

function digitsOnly(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const DAY_SUFFIXES: readonly string[] = ['st', 'nd', 'rd', 'th'];

/** `8`, `8th`, `1st`, `22nd`, `3rd` → 8, 1, 22, 3 (1–31), else undefined. */
function dayOf(lower: string): number | undefined {
  let s = lower;
  for (const suffix of DAY_SUFFIXES) if (s.endsWith(suffix)) s = s.slice(0, -suffix.length);
  if (!digitsOnly(s) || s.length > 2) return undefined;
  const d = Number(s);
  return d >= 1 && d <= 31 ? d : undefined;
}

function yearOf(lower: string): number | undefined {
  if (!digitsOnly(lower)) return undefined;
  if (lower.length === 4) {
    const y = Number(lower);
    return y >= 1900 && y <= 2099 ? y : undefined;
  }
  return undefined;
}

function shortYear(s: string): number | undefined {
  if (!digitsOnly(s)) return undefined;
  if (s.length === 4) return yearOf(s);
  if (s.length === 2) {
    const y = Number(s);
    return y <= 49 ? 2000 + y : 1900 + y;
  }
  return undefined;
}

function validDay(year: number | undefined, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
  return day <= days;
}

/** `04/08/2022`, `4/8/22`, `04/2019` in one number token. */
function numericDate(s: string): Omit<DateMention, 'begin' | 'end' | 'text'> | undefined {
  const parts = s.split('/');
  if (parts.length === 3) {
    const [m, d, y] = parts as [string, string, string];
    if (!digitsOnly(m) || !digitsOnly(d) || m.length > 2 || d.length > 2) return undefined;
    const year = shortYear(y);
    const month = Number(m);
    const day = Number(d);
    if (year === undefined || !validDay(year, month, day)) return undefined;
    return { year, month, day };
  }
  if (parts.length === 2) {
    const [m, y] = parts as [string, string];
    if (!digitsOnly(m) || m.length > 2 || y.length !== 4) return undefined;
    const year = yearOf(y);
    const month = Number(m);
    if (year === undefined || month < 1 || month > 12) return undefined;
    return { year, month };
  }
  return undefined;
}

function adjacent(a: Token, b: Token | undefined): boolean {
  return b !== undefined && b.begin === a.end;
}

/** Explicit dates in tokens[from, to), left to right, not overlapping. */
/** The date mention over tokens[b, e). */
function dateMention(text: string, tokens: readonly Token[], b: number, e: number, fields: Omit<DateMention, 'begin' | 'end' | 'text'>): DateMention {
  const begin = tokens[b]!.begin;
  const end = tokens[e - 1]!.end;
  return { begin, end, text: text.slice(begin, end), ...fields };
}

/** The date word (month name, year preposition) that token `i` is, when i < to. */
function dateWord(recognizer: DateRecognizer, tokens: readonly Token[], i: number, to: number): DateWord | undefined {
  return i < to ? recognizer.words.matchAt(tokens, i, Math.min(to, i + 1))?.values[0] : undefined;
}

export function findDates(text: string, tokens: readonly Token[], from: number, to: number, recognizer: DateRecognizer): DateMention[] {
  const out: DateMention[] = [];
  let i = from;
  while (i < to) {
    const t = tokens[i]!;
    const w = dateWord(recognizer, tokens, i, to);
    let found: { m: DateMention; next: number } | undefined;
    // `may` is a month only when written `May`
    if (w?.role === 'month' && (t.lower !== 'may' || text.charCodeAt(t.begin) === 77)) {
      // month-name [day] [,] [year]
      const month = w.value;
      const dayToken = i + 1 < to ? tokens[i + 1] : undefined;
      const day = dayToken === undefined ? undefined : dayOf(dayToken.lower);
      if (day !== undefined && validDay(undefined, month, day)) {
        let end = i + 2;
        let year: number | undefined;
        const comma = end < to && tokens[end]!.lower === ',' ? end + 1 : end;
        const y = comma < to ? yearOf(tokens[comma]!.lower) : undefined;
        if (y !== undefined) {
          year = y;
          end = comma + 1;
        }
        found = { m: dateMention(text, tokens, i, end, { ...(year === undefined ? {} : { year }), month, day }), next: end };
      } else {
        const ofSkip = i + 1 < to && tokens[i + 1]!.lower === 'of' ? i + 2 : i + 1;
        const y = ofSkip < to ? yearOf(tokens[ofSkip]!.lower) : undefined;
        if (y !== undefined) found = { m: dateMention(text, tokens, i, ofSkip + 1, { year: y, month }), next: ofSkip + 1 };
      }
    } else if (t.kind === 'number') {
      const day = dayOf(t.lower);
      const ofSkip = i + 1 < to && tokens[i + 1]!.lower === 'of' ? i + 2 : i + 1;
      const mw = day !== undefined && ofSkip < to ? dateWord(recognizer, tokens, ofSkip, to) : undefined;
      if (day !== undefined && mw?.role === 'month' && validDay(undefined, mw.value, day)) {
        // day [of] month-name [year]
        let end = ofSkip + 1;
        const y = end < to ? yearOf(tokens[end]!.lower) : undefined;
        if (y !== undefined) end += 1;
        found = { m: dateMention(text, tokens, i, end, { ...(y === undefined ? {} : { year: y }), month: mw.value, day }), next: end };
      } else if (t.lower.includes('/')) {
        const fields = numericDate(t.lower);
        if (fields !== undefined) found = { m: dateMention(text, tokens, i, i + 1, fields), next: i + 1 };
      } else if (yearOf(t.lower) !== undefined && adjacent(t, tokens[i + 1]) && tokens[i + 1]!.lower === '-' && i + 4 < to + 1) {
        // 2022-04-08
        const m = tokens[i + 2];
        const dash = tokens[i + 3];
        const d = tokens[i + 4];
        if (m !== undefined && dash !== undefined && d !== undefined && i + 4 < to && adjacent(tokens[i + 1]!, m) && adjacent(m, dash) && dash.lower === '-' && adjacent(dash, d)
          && digitsOnly(m.lower) && digitsOnly(d.lower) && m.lower.length <= 2 && d.lower.length <= 2) {
          const year = yearOf(t.lower)!;
          const month = Number(m.lower);
          const dd = Number(d.lower);
          if (validDay(year, month, dd)) found = { m: dateMention(text, tokens, i, i + 5, { year, month, day: dd }), next: i + 5 };
        }
      } else if (yearOf(t.lower) !== undefined && i > from && dateWord(recognizer, tokens, i - 1, to)?.role === 'year-preposition') {
        found = { m: dateMention(text, tokens, i, i + 1, { year: yearOf(t.lower)! }), next: i + 1 };
      }
    }
    if (found === undefined) i++;
    else {
      out.push(found.m);
      i = found.next;
    }
  }
  return out;
}

/** `dateInMilliseconds` of a mention (UTC midnight of its first day), or the placeholder when it has no year. */
export function dateMilliseconds(date: DateMention, referenceYear?: number): string {
  const year = date.year ?? referenceYear;
  if (year === undefined) return NO_DATE_MS;
  return String(Date.UTC(year, (date.month ?? 1) - 1, date.day ?? 1));
}

/** The year of an ISO `YYYY-MM-DD` reference date parameter (undefined when empty or malformed). */
export function referenceYearOf(referenceDate: string): number | undefined {
  const y = referenceDate.slice(0, 4);
  return yearOf(y);
}

export interface DateFields {
  date?: string;
  dateSource?: string;
  dateInMilliseconds: string;
}

/**
 * The date fields of an annotation in sentence `sentenceIndex`: the first explicit date of the sentence
 * (`dateSource: "sentence"`), or just the placeholder. The sentence's dates are found once per Document and
 * recognizer (procedure, symptom_disease and lab_value share the default recognizer, so a sentence is read
 * once whichever of them asks first); `cache`, when given, is consulted and filled too.
 */
export function sentenceDateFields(doc: Document, sentenceIndex: number, recognizer: DateRecognizer, referenceYear: number | undefined, cache?: Map<number, DateMention[]>): DateFields {
  const s = doc.sentences[sentenceIndex];
  if (s === undefined) return { dateInMilliseconds: NO_DATE_MS };
  let dates = cache?.get(sentenceIndex);
  if (dates === undefined) {
    const perDocument = derived(doc, recognizer, () => new Map<number, DateMention[]>());
    dates = perDocument.get(sentenceIndex);
    if (dates === undefined) {
      dates = findDates(doc.text, doc.tokens, s.tokenStart, s.tokenEnd, recognizer);
      perDocument.set(sentenceIndex, dates);
    }
    cache?.set(sentenceIndex, dates);
  }
  const first = dates[0];
  if (first === undefined) return { dateInMilliseconds: NO_DATE_MS };
  return { date: first.text, dateSource: 'sentence', dateInMilliseconds: dateMilliseconds(first, referenceYear) };
}
