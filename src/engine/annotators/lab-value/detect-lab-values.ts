// lab_value's algorithm (reference §4.4 LabValue, §5.3): a lab or vital-sign name (resources/lab-value/
// labs.json, or a knowledge-base concept of a lab type) followed, within its sentence, by at most four
// connector words (resources/lab-value/patterns.json; a parenthesised short form counts as one: `hemoglobin (Hgb)`)
// and a value: a number, a ratio (`BP 120/80`) or a range (`12-15`: lowValue 12, labValue 15), with an optional
// unit (aci.MeasurementUnit); a worded result (resources/lab-value/results.json: `troponin negative`, `LFTs were
// within normal limits`), or the class of a graded scale (`NYHA class III`). A worded result may also come right
// before the name (`elevated troponin`), and it is shared by names joined by `and`, `or`, `,` or `/` (`CBC and BMP
// were normal`, `elevated AST and ALT`). The annotation spans the value, as in ACD's sample (`pulse: 84` → `84`).
import labsFile from '../../../../resources/lab-value/labs.json' with { type: 'json' };
import patternsFile from '../../../../resources/lab-value/patterns.json' with { type: 'json' };
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import type { Annotation, Document } from '../../document.js';
import { compileDateRecognizer, referenceYearOf, sentenceDateFields, type DateMention, type DateRecognizer } from '../procedure/date-recognizer.js';
import { codeFields, compileKbTerms, findKbMentions, matchKb, type KbTerms } from '../symptom-disease/kb-terms.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compilePhraseTrie, headedSentenceRanges, type PhraseTrie } from '../symptom-disease/phrase-trie.js';
import { sentenceOfToken } from '../../span-search.js';
import { compileTermLexicon, scanTerms, type TermLexicon } from '../symptom-disease/term-lexicon.js';
import { LAB_LEXICON_SCHEMA as LAB_SCHEMA } from '../../../knowledge/builders/authored-lexicons.js';
import { compileUnits, measurementUnitAnnotation, scanMeasuredValue, type MeasuredValue, type UnitTrie } from './measurement.js';
import { compileMeasuredPhraseWords, findHyphenatedResultNames, findMeasuredHeadPhrases, findMeasuredPhrases, findResultSubjects, findSignedMarkerNames, hasResultUnit, type MeasuredPhraseWords } from './unnamed-measurements.js';
import { compileStainMarkerWords, findStainMarkers, type StainMarkerWords } from './stain-markers.js';
import { changeObjects, classAt, compileResults, resultAt, resultBefore, type ResultLexicon, type WordedResult } from './worded-results.js';

export const LABS_FILE = 'resources/lab-value/labs.json';
export const LAB_PATTERNS_FILE = 'resources/lab-value/patterns.json';
export const LAB_VALUE_KEY = 'LabValueInd';
export const DEFAULT_LAB_TYPES: readonly string[] = ['lbpr', 'lbtr'];
/**
 * Semantic types of tests and exams that take a worded result but no number (`chest X-ray was normal`, `negative
 * imaging`, `adequate performance status`): a number after an imaging study or a scale's name is a date, a count
 * or a dose more often than its value, so only the curated names and the lab types bind numbers.
 */
export const WORDED_RESULT_TYPES: readonly string[] = ['diap', 'clna'];
const MAX_CONNECTORS = 4;
/**
 * Disorders, substances, organisms and body parts: a result said of them (`disease was stable`, `positive for E.
 * coli`, `the abdomen was normal`) is no lab value of theirs (an exam finding of a body part is the normality
 * insight's).
 */
const SUBJECT_EXCLUDED_TYPES: ReadonlySet<string> = new Set(['dsyn', 'neop', 'patf', 'mobd', 'inpo', 'cgab', 'acab', 'anab', 'comd', 'emod', 'sosy', 'phsu', 'antb', 'orgm', 'bact', 'virs', 'fngs', 'podg', 'humn', 'bpoc', 'blor', 'bsoj', 'tisu', 'bdsy', 'anst', 'emst', 'ffas']);

const PATTERN_SCHEMA: LexiconSchema = {
  kind: 'lab-value-patterns',
  required: { forms: 'strings', role: 'string' },
  enums: { role: ['connector', 'comparator', 'blocker', 'limit'] },
};

export interface LabDefinition {
  readonly id: string;
  readonly normalized: string;
  readonly loincId?: string;
  readonly ratio: boolean;
  /** Values are classes (`NYHA class III`), numbers too. */
  readonly graded: boolean;
}

export interface LabValueCompiled {
  readonly labs: TermLexicon<LabDefinition>;
  readonly results: ResultLexicon;
  readonly connectors: PhraseTrie<{ role: string; normalized: string }>;
  readonly units: UnitTrie;
  readonly terms: KbTerms;
  readonly dates: DateRecognizer;
  readonly phrases: MeasuredPhraseWords;
  readonly markers: StainMarkerWords;
}

export interface LabValueOptions {
  readonly semanticTypes: ReadonlySet<string>;
  /** Types of tests and exams whose names take worded results only (WORDED_RESULT_TYPES); none when absent. */
  readonly wordedResultTypes?: ReadonlySet<string>;
  readonly referenceDate: string;
}

export function compileLabLexicon(body: unknown = labsFile, file = LABS_FILE): TermLexicon<LabDefinition> {
  const lexicon = parseLexiconFile(body, file, LAB_SCHEMA);
  return compileTermLexicon(lexicon.entries.map((e) => {
    const loincId = stringField(e, 'loincId');
    const kind = stringField(e, 'valueKind');
    const def: LabDefinition = { id: e.id, normalized: stringField(e, 'normalized') as string, ...(loincId === undefined ? {} : { loincId }), ratio: kind === 'ratio', graded: kind === 'class' };
    return [listField(e, 'forms'), def] as const;
  }));
}

/** Connector and comparator words (shared with concept_value and ejection_fraction). */
export function compileConnectors(body: unknown = patternsFile, file = LAB_PATTERNS_FILE): PhraseTrie<{ role: string; normalized: string }> {
  const lexicon = parseLexiconFile(body, file, PATTERN_SCHEMA);
  return compilePhraseTrie(lexicon.entries.flatMap((e) => listField(e, 'forms').map((f) => [f, { role: stringField(e, 'role') as string, normalized: e.id }] as const)));
}

export function compileLabValue(kb: KnowledgeBase): LabValueCompiled {
  return { labs: compileLabLexicon(), results: compileResults(), connectors: compileConnectors(), units: compileUnits(), terms: compileKbTerms(kb), dates: compileDateRecognizer(), phrases: compileMeasuredPhraseWords(), markers: compileStainMarkerWords() };
}

interface LabName {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly normalized: string;
  readonly loincId?: string;
  readonly ratio: boolean;
  readonly graded: boolean;
  /** A test or exam (WORDED_RESULT_TYPES) that takes a worded result only. */
  readonly wordedOnly: boolean;
}

/** The token after a bracketed group of at most three tokens without a number starting at `i` (`(Hgb)`, `[ANC]`), or -1. */
function afterBracketedName(doc: Document, i: number, to: number): number {
  const open = doc.tokens[i]!;
  const close = open.lower === '(' ? ')' : open.lower === '[' ? ']' : '';
  if (close === '') return -1;
  // `(+)`, `(-)`: a sign in brackets is a result, not a short form.
  const inner = doc.tokens[i + 1]?.lower;
  if ((inner === '+' || inner === '-' || inner === '−') && doc.tokens[i + 2]?.lower === close) return -1;
  for (let k = i + 1; k < to && k <= i + 4; k++) {
    const t = doc.tokens[k]!;
    if (t.lower === close) return k > i + 1 ? k + 1 : -1;
    if (t.kind === 'number') return -1;
  }
  return -1;
}

/** What follows a lab name: a measured value, or a worded result or class. */
export type FoundValue = { value: MeasuredValue; comparator?: string; word?: undefined } | { word: WordedResult; value?: undefined };

/**
 * The value after a name: connectors skipped (comparator remembered), then a measured value, a worded result or,
 * for a graded scale, a class. `compiled.results` absent: numbers only (concept_value's use).
 */
export function valueAfter(doc: Document, compiled: Pick<LabValueCompiled, 'connectors' | 'units'> & Partial<Pick<LabValueCompiled, 'results'>>, from: number, to: number, graded = false): FoundValue | undefined {
  let i = from;
  let comparator: string | undefined;
  let comparatorAt = -1;
  for (let n = 0; n <= MAX_CONNECTORS && i < to; n++) {
    const t = doc.tokens[i]!;
    if (t.kind === 'number') {
      const value = scanMeasuredValue(doc.tokens, i, to, doc.text, compiled.units);
      return value === undefined ? undefined : { value, ...(comparator === undefined ? {} : { comparator }) };
    }
    const bracketed = afterBracketedName(doc, i, to);
    if (bracketed > 0) {
      // `growth hormone (GH), 0.50 ng/ml`: a comma after the short form.
      i = bracketed < to && doc.tokens[bracketed]!.lower === ',' ? bracketed + 1 : bracketed;
      continue;
    }
    // `(-)`, `(+)`: a bracketed sign is a result, though `(` and `-` are connectors.
    if (t.lower === '(' && compiled.results !== undefined && comparator === undefined) {
      const sign = resultAt(compiled.results, doc.text, doc.tokens, i, to);
      if (sign !== undefined && sign.tokenEnd === i + 3) return { word: sign };
    }
    const c = compiled.connectors.matchAt(doc.tokens, i, to);
    if (c !== undefined && comparator !== undefined && c.values[0]!.role === 'limit') {
      // `above ULN`, `< the upper limit of normal`: a worded value from the comparator on.
      return { word: { begin: doc.tokens[comparatorAt]!.begin, end: c.end, tokenStart: comparatorAt, tokenEnd: c.tokenEnd, id: 'limit' } };
    }
    if (c === undefined || c.values[0]!.role === 'limit') {
      if (graded) {
        const cls = classAt(doc.text, doc.tokens, i, to);
        if (cls !== undefined) return { word: cls };
      }
      const word = compiled.results === undefined || comparator !== undefined ? undefined : resultAt(compiled.results, doc.text, doc.tokens, i, to);
      return word === undefined ? undefined : { word };
    }
    const v = c.values[0]!;
    if (v.role === 'blocker') return undefined;
    if (v.role === 'comparator') {
      comparator = v.normalized;
      comparatorAt = i;
    }
    i = c.tokenEnd;
  }
  return undefined;
}

/**
 * Whether the value is followed by a blocker (`2 to 3 times per day`) that is not a multiple of a reference limit
 * (`1.5 x ULN`) or of a power of ten (`100 x 10^9/L`).
 */
function blockedAfter(doc: Document, compiled: Pick<LabValueCompiled, 'connectors'>, tokenEnd: number): boolean {
  if (tokenEnd >= doc.tokens.length) return false;
  const after = compiled.connectors.matchAt(doc.tokens, tokenEnd, Math.min(doc.tokens.length, tokenEnd + 3));
  if (after === undefined || !after.values.some((v) => v.role === 'blocker')) return false;
  // `100 x 10^9/L`: a multiplier of a power of ten, not a count.
  if (doc.tokens[after.tokenEnd]?.kind === 'number') return false;
  const limit = compiled.connectors.matchAt(doc.tokens, after.tokenEnd, Math.min(doc.tokens.length, after.tokenEnd + 8));
  return limit === undefined || !limit.values.some((v) => v.role === 'limit');
}

/**
 * Whether a worded result after a name is that name's result: `significant for` (notable for) and `remarkable for`
 * introduce what follows; after an exam, a result word with a word right after it qualifies that word (`EKG showed
 * normal sinus rhythm`), not the exam.
 */
function standsAlone(doc: Document, word: WordedResult, exam: boolean): boolean {
  const next = doc.tokens[word.tokenEnd];
  if (next === undefined || next.newlineBefore) return true;
  if (next.lower === 'for' && word.id !== 'positive' && word.id !== 'negative') return false;
  return !exam || next.kind !== 'word' || next.lower === 'and' || next.lower === 'or' || next.lower === 'but' || next.lower === 'in' || next.lower === 'on' || next.lower === 'at' || next.lower === 'with' || next.lower === 'except';
}
/** Longest bracketed group skipped between two joined names (`cytokeratin-7 (CK7) (Figure 1F), CK19`). */
const MAX_JOINED_BRACKET = 6;

/**
 * Only `and`, `or`, `,`, `/`, `&` between two names (`CBC and BMP`, `AST/ALT`, `AST, ALT`), besides bracketed groups
 * of a few tokens (a short form or a figure reference: `CK7 (Figure 1F), CK19`), and the bracket of a name written in
 * one (`cytokeratin-7 (CK7)`).
 */
function joined(doc: Document, from: number, to: number): boolean {
  let words = 0;
  // `cytokeratin-7 (CK7), CK19`: the bracket a name is written in closes after it, or opens before it.
  while (from < to && (doc.tokens[from]!.lower === ')' || doc.tokens[from]!.lower === ']')) from++;
  if (from < to && (doc.tokens[to - 1]!.lower === '(' || doc.tokens[to - 1]!.lower === '[')) to--;
  for (let k = from; k < to; k++) {
    const w = doc.tokens[k]!.lower;
    if (w === '(' || w === '[') {
      const close = w === '(' ? ')' : ']';
      let j = k + 1;
      while (j < to && j <= k + MAX_JOINED_BRACKET && doc.tokens[j]!.lower !== close) j++;
      if (j >= to || doc.tokens[j]!.lower !== close) return false;
      k = j;
      continue;
    }
    if (w !== 'and' && w !== 'or' && w !== ',' && w !== '/' && w !== '&') return false;
    if (++words > 3) return false;
  }
  return true;
}

/** Dimensions of a share or count written right before a name (`75% neutrophils`). */
const VALUE_BEFORE_DIMENSIONS: ReadonlySet<string> = new Set(['percentage', 'concentration']);

/** A single value with a percentage or count unit ending right before token `end`, searched from `from` on. */
function valueBefore(doc: Document, units: UnitTrie, from: number, end: number): MeasuredValue | undefined {
  for (let k = end - 1; k >= from && k >= end - 4; k--) {
    if (doc.tokens[k]!.kind !== 'number') continue;
    if (k > from && doc.tokens[k - 1]!.kind === 'number') return undefined;
    const v = scanMeasuredValue(doc.tokens, k, end, doc.text, units);
    const dimension = v?.unit?.unit.dimension;
    return v !== undefined && v.kind === 'single' && v.tokenEnd === end && dimension !== undefined && VALUE_BEFORE_DIMENSIONS.has(dimension) ? v : undefined;
  }
  return undefined;
}

/** Words between a worded result and the value it goes with (`elevated up to 2726 U/l`, `decreased from 19 mmHg`). */
const WORD_VALUE_LINKS: ReadonlySet<string> = new Set(['to', 'up', 'at', 'from', 'of', '(']);

/** A value with a result unit (RESULT_UNIT_DIMENSIONS) after a worded result, over at most two link words. */
function valueAfterWord(doc: Document, compiled: Pick<LabValueCompiled, 'units'>, from: number, to: number): MeasuredValue | undefined {
  let i = from;
  while (i < to && i < from + 2 && WORD_VALUE_LINKS.has(doc.tokens[i]!.lower)) i++;
  if (i === from || i >= to || doc.tokens[i]!.kind !== 'number' || !hasResultUnit(doc, compiled.units, i, to)) return undefined;
  return scanMeasuredValue(doc.tokens, i, to, doc.text, compiled.units);
}

/** Words that join a further value of the same measurement: `to` (a change), `and`, `,` and `then` (a series). */
const FOLLOWING_JOINERS: ReadonlySet<string> = new Set(['to', 'and', ',', 'then']);

/**
 * Values after `value` that continue it: a joiner and a number with a unit of the same dimension (`from 19 mmHg to
 * 8 mmHg`, `86 μmol/L and 48 μmol/L`), or a bare number after a bare number (`14.5 to 8.3`, `Apgar scores 2, 6 and
 * 7`) — not a range (that is one value) nor a count (`2 to 3 times`).
 */
function followingValues(doc: Document, compiled: Pick<LabValueCompiled, 'connectors' | 'units'>, value: MeasuredValue, to: number): MeasuredValue[] {
  const out: MeasuredValue[] = [];
  const dimension = value.unit?.unit.dimension;
  if (dimension === 'time' || value.kind === 'ratio') return out;
  let last = value;
  for (let n = 0; n < 4; n++) {
    let i = last.tokenEnd;
    const first = doc.tokens[i];
    if (first === undefined || i >= to || !FOLLOWING_JOINERS.has(first.lower)) break;
    i++;
    if (first.lower === ',' && doc.tokens[i]?.lower === 'and') i++;
    if (i >= to || doc.tokens[i]!.kind !== 'number') break;
    const next = scanMeasuredValue(doc.tokens, i, to, doc.text, compiled.units);
    if (next === undefined || next.kind === 'ratio') break;
    const nextDimension = next.unit?.unit.dimension;
    if (dimension === undefined ? nextDimension !== undefined : nextDimension !== dimension) break;
    if (blockedAfter(doc, compiled, next.tokenEnd)) break;
    out.push(next);
    last = next;
  }
  return out;
}

export function detectLabValues(doc: Document, compiled: LabValueCompiled, options: LabValueOptions): Annotation[] {
  const names: LabName[] = [];
  for (const s of doc.sentences) {
    for (const m of scanTerms(compiled.labs, doc.text, doc.tokens, s.tokenStart, s.tokenEnd)) {
      const def = m.values[0]!;
      names.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: def.normalized, ...(def.loincId === undefined ? {} : { loincId: def.loincId }), ratio: def.ratio, graded: def.graded, wordedOnly: false });
    }
  }
  const curatedStarts = new Set(names.map((n) => n.tokenStart));
  const types = options.wordedResultTypes === undefined ? options.semanticTypes : new Set([...options.semanticTypes, ...options.wordedResultTypes]);
  for (const m of findKbMentions(compiled.terms, matchKb(doc, compiled.terms), types)) {
    if (curatedStarts.has(m.tokenStart)) continue;
    const lab = m.concepts.find((c) => c.semanticTypes.some((t) => options.semanticTypes.has(t)));
    const concept = lab ?? m.concept;
    const loinc = codeFields(concept, ['loincId']).loincId;
    names.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, normalized: concept.preferredName.toLowerCase(), ...(loinc === undefined ? {} : { loincId: loinc }), ratio: false, graded: false, wordedOnly: lab === undefined });
  }
  // Phrases no lexicon names, written before a comparator and a number, or joined to `-positive`/`-negative`, or
  // the subject of a worded result (unnamed-measurements.ts); the last word of a disorder's name is no subject.
  const namedEnds = new Set(names.map((n) => n.tokenEnd));
  const namedStarts = new Set(names.map((n) => n.tokenStart));
  let disorderTokens: Set<number> | undefined;
  const inDisorder = (token: number): boolean => {
    if (disorderTokens === undefined) {
      disorderTokens = new Set();
      for (const m of findKbMentions(compiled.terms, matchKb(doc, compiled.terms), SUBJECT_EXCLUDED_TYPES)) for (let t = m.tokenStart; t < m.tokenEnd; t++) disorderTokens.add(t);
    }
    return disorderTokens.has(token);
  };
  const unnamedSeen = new Set<string>();
  for (const s of doc.sentences) {
    for (const p of [...findMeasuredPhrases(doc, compiled.connectors, compiled.phrases, s.tokenStart, s.tokenEnd, namedEnds, compiled.units, compiled.results), ...findHyphenatedResultNames(doc, compiled.results, s.tokenStart, s.tokenEnd, namedEnds), ...findMeasuredHeadPhrases(doc, compiled.phrases, compiled.results, s.tokenStart, s.tokenEnd, namedEnds), ...findSignedMarkerNames(doc, compiled.results, s.tokenStart, s.tokenEnd, namedEnds), ...findResultSubjects(doc, compiled.results, compiled.phrases, s.tokenStart, s.tokenEnd, namedEnds, inDisorder), ...changeObjects(compiled.results, doc.text, doc.tokens, compiled.phrases.boundary, s.tokenStart, s.tokenEnd).filter((p) => !namedStarts.has(p.tokenStart) && !inDisorder(p.tokenEnd - 1))]) {
      // Two readings may find one phrase (`normalization of the blood cell counts`: a noun of change, a head noun).
      const key = `${p.tokenStart}:${p.tokenEnd}`;
      if (unnamedSeen.has(key)) continue;
      unnamedSeen.add(key);
      names.push({ ...p, normalized: doc.text.slice(p.begin, p.end).toLowerCase(), ratio: false, graded: false, wordedOnly: false });
    }
  }
  // Markers of stains and antibody tests (stain-markers.ts): names that bind a worded result only.
  const taken = new Set<number>();
  for (const n of names) for (let k = n.tokenStart; k < n.tokenEnd; k++) taken.add(k);
  doc.sentences.forEach((s, i) => {
    const cueFrom = i > 0 ? doc.sentences[i - 1]!.tokenStart : s.tokenStart;
    for (const p of findStainMarkers(doc, compiled.markers, s.tokenStart, s.tokenEnd, cueFrom, taken)) {
      names.push({ ...p, normalized: doc.text.slice(p.begin, p.end).toLowerCase(), ratio: false, graded: false, wordedOnly: true });
    }
  });
  names.sort((a, b) => a.begin - b.begin || b.end - a.end);
  const referenceYear = referenceYearOf(options.referenceDate);
  const dateCache = new Map<number, DateMention[]>();
  const out: Annotation[] = [];
  let usedUpTo = -1;
  const units = headedSentenceRanges(doc.tokens, doc.sentences);
  /** Names passed over without a value since the last value, joined to each other: `CBC and` in `CBC and BMP were normal`. */
  let waiting: LabName[] = [];
  /** The last worded result written before a name, with that name: shared by the names joined after it (`elevated AST and ALT`). */
  let before: { word: WordedResult; name: LabName } | undefined;
  const common = (name: LabName): Record<string, unknown> => ({
    labTypeSurfaceForm: doc.text.slice(name.begin, name.end),
    labTypeNormalizedName: name.normalized,
  });
  const pushWord = (name: LabName, word: WordedResult, sentence: number): void => {
    const text = doc.text.slice(word.begin, word.end);
    out.push({
      type: 'aci.LabValueInd', begin: word.begin, end: word.end, coveredText: text, ...common(name), labValue: text,
      ...(name.loincId === undefined ? {} : { loincId: name.loincId }),
      ...sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache),
    });
  };
  const pushValue = (holder: LabName, value: MeasuredValue, comparator: string | undefined, sentence: number): void => {
    const labValue = value.kind === 'ratio' ? doc.text.slice(value.begin, value.end) : value.kind === 'range' ? value.second!.text : value.first.text;
    out.push({
      type: 'aci.LabValueInd',
      begin: value.begin,
      end: value.end,
      coveredText: doc.text.slice(value.begin, value.end),
      ...common(holder),
      labValue,
      ...(value.kind === 'range' ? { lowValue: value.first.text } : {}),
      ...(comparator === undefined ? {} : { comparator }),
      ...(holder.loincId === undefined ? {} : { loincId: holder.loincId }),
      ...(value.unit === undefined ? {} : { measurementUnit: [measurementUnitAnnotation(doc.text, value.unit)] }),
      ...sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache),
    });
  };
  for (const name of names) {
    if (name.tokenStart < usedUpTo) continue;
    const sentence = sentenceOfToken(doc.sentences, name.tokenStart);
    if (sentence < 0) continue;
    const unit = units[sentenceOfToken(units, name.tokenStart)];
    if (unit === undefined) continue;
    const previous = waiting[waiting.length - 1];
    if (previous !== undefined && !(previous.tokenEnd <= name.tokenStart && joined(doc, previous.tokenEnd, name.tokenStart))) waiting = [];
    let found = valueAfter(doc, compiled, name.tokenEnd, unit.tokenEnd, name.graded);
    if (found?.word !== undefined && !standsAlone(doc, found.word, name.wordedOnly)) found = undefined;
    if (found?.word !== undefined) {
      // A worded result: this name's, and that of the names joined before it.
      for (const w of [...waiting, name]) pushWord(w, found.word, sentence);
      waiting = [];
      before = undefined;
      usedUpTo = found.word.tokenEnd;
      // The value the word goes with: `elevated to 15 ng/mL/h`, `decreased from 19 mmHg to 8 mmHg`.
      const value = name.wordedOnly ? undefined : valueAfterWord(doc, compiled, found.word.tokenEnd, unit.tokenEnd);
      if (value !== undefined) {
        pushValue(name, value, undefined, sentence);
        usedUpTo = value.tokenEnd;
        for (const next of followingValues(doc, compiled, value, unit.tokenEnd)) {
          pushValue(name, next, undefined, sentence);
          usedUpTo = next.tokenEnd;
        }
      }
      continue;
    }
    if (found === undefined && !name.wordedOnly) {
      // A share or count written before the name: `75% neutrophils`, `16,400/mm3 neutrophils`.
      const before = valueBefore(doc, compiled.units, Math.max(unit.tokenStart, usedUpTo), name.tokenStart);
      if (before !== undefined) {
        pushValue(name, before, undefined, sentence);
        waiting = [];
        continue;
      }
    }
    if (found === undefined) {
      const word = resultBefore(compiled.results, doc.text, doc.tokens, Math.max(unit.tokenStart, usedUpTo), name.tokenStart);
      const shared = word === undefined && before !== undefined && before.name.tokenEnd <= name.tokenStart && joined(doc, before.name.tokenEnd, name.tokenStart) ? before.word : undefined;
      if (word !== undefined || shared !== undefined) {
        pushWord(name, (word ?? shared)!, sentence);
        before = { word: (word ?? shared)!, name };
        waiting = [];
      } else {
        before = undefined;
        waiting.push(name);
      }
      continue;
    }
    const { value, comparator } = found;
    if (name.wordedOnly) continue;
    if (value.kind === 'ratio' && !name.ratio) continue;
    // A graded scale's value has no unit: `ASA 81 mg` is aspirin.
    if (name.graded && value.unit !== undefined) continue;
    if (value.unit?.unit.dimension === 'time') continue;
    if (blockedAfter(doc, compiled, value.tokenEnd)) continue;
    usedUpTo = value.tokenEnd;
    // A threshold (`AST or ALT > 3 x ULN`, `AST, ALT < 2.5 x ULN`) holds for the names joined before it too.
    const holders = comparator === undefined ? [name] : [...waiting, name];
    waiting = [];
    before = undefined;
    for (const holder of holders) pushValue(holder, value, comparator, sentence);
    // Later values of the same measurement (`from 19 mmHg to 8 mmHg`, `86 μmol/L and 48 μmol/L, respectively`).
    for (const next of followingValues(doc, compiled, value, unit.tokenEnd)) {
      pushValue(name, next, undefined, sentence);
      usedUpTo = next.tokenEnd;
    }
  }
  return out;
}
