// smoking's algorithm (reference §4.4 Smoking; deprecated in ACD). Per sentence, over the terms of
// resources/smoking/en.json:
//   - an anchor is a smoke term (`smokes`, `smoker`, `tobacco use`), a tobacco substance (`cigarettes`), or a
//     status phrase that names smoking itself (`non-smoker`, `ex-smoker`, `quit smoking`); the tobacco anchors
//     of a sentence make one SmokingInd (smoked illicit drugs add illicitDrug fields: `smokes marijuana`);
//   - cues within six tokens of an anchor set `modality` (negative cue or the ConText negation of the anchor →
//     negative), `current` (`"false"` for negative or former cues and past tense, `"true"` for current cues and
//     present tense) and `participation` (`family` when a family member is named before the anchor,
//     `environmental` for second-hand exposure, else `patient`);
//   - `amount` (`1 ppd`, `20 pack-years`, with `rate` for per-time units) and `duration` (`for 20 years`,
//     `x 10 yrs`, `20-year`) anywhere in the sentence;
//   - with `include_substances`, alcohol and other illicit-drug mentions become SmokingInd annotations too,
//     told apart by the extension field `substanceType` (`alcohol` / `illicitDrug`; tobacco ones carry
//     `tobacco`), alcohol named by `alcoholSurfaceForm` / `alcoholNormalizedName`.
// The span runs from the first to the last element used.
import smokingFile from '../../../../resources/smoking/en.json' with { type: 'json' };
import type { CompiledContext } from '../../context/context-engine.js';
import { compileDefaultContext } from '../../context/context-lexicon.js';
import type { Annotation, Document } from '../../document.js';
import { contextModalities } from '../symptom-disease/context-modality.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { headedSentenceRanges, phraseKeys } from '../symptom-disease/phrase-trie.js';
import { compileTermLexicon, scanTerms, type TermLexicon, type TermMatch } from '../symptom-disease/term-lexicon.js';
import { isDecimal } from '../lab-value/measurement.js';

export const SMOKING_FILE = 'resources/smoking/en.json';
export const SMOKING_KEY = 'SmokingInd';
const CUE_WINDOW = 6;

const ROLES = ['smoke-term', 'substance', 'negative', 'former', 'current', 'environmental', 'family', 'amount-unit', 'duration-unit', 'number-word'] as const;
export type SmokingRole = (typeof ROLES)[number];
export type SubstanceCategory = 'tobacco' | 'illicitDrug' | 'alcohol';

const SMOKING_SCHEMA: LexiconSchema = {
  kind: 'smoking-terms',
  required: { forms: 'strings', role: 'string', normalized: 'string' },
  optional: { tense: 'string', category: 'string', rate: 'string' },
  enums: { role: ROLES, tense: ['present', 'past', 'none'], category: ['tobacco', 'illicitDrug', 'alcohol'] },
};

export interface SmokingWord {
  readonly id: string;
  readonly role: SmokingRole;
  readonly normalized: string;
  readonly tense?: 'present' | 'past' | 'none';
  readonly category?: SubstanceCategory;
  readonly rate?: string;
  /** A status phrase that names smoking itself (`non-smoker`): it anchors a mention too. */
  readonly namesSmoking: boolean;
}

export interface SmokingCompiled {
  readonly words: TermLexicon<SmokingWord>;
  readonly context: CompiledContext;
}

export function compileSmoking(body: unknown = smokingFile, file = SMOKING_FILE): SmokingCompiled {
  const lexicon = parseLexiconFile(body, file, SMOKING_SCHEMA);
  const smokeKeys = new Set<string>();
  for (const e of lexicon.entries) {
    if (stringField(e, 'role') !== 'smoke-term') continue;
    for (const f of listField(e, 'forms')) {
      const keys = phraseKeys(f);
      if (keys.length === 1) smokeKeys.add(keys[0]!);
    }
  }
  const entries: (readonly [readonly string[], SmokingWord])[] = [];
  for (const e of lexicon.entries) {
    const role = stringField(e, 'role') as SmokingRole;
    const base = {
      id: e.id,
      role,
      normalized: stringField(e, 'normalized') as string,
      ...(stringField(e, 'tense') === undefined ? {} : { tense: stringField(e, 'tense') as SmokingWord['tense'] }),
      ...(stringField(e, 'category') === undefined ? {} : { category: stringField(e, 'category') as SubstanceCategory }),
      ...(stringField(e, 'rate') === undefined ? {} : { rate: stringField(e, 'rate') as string }),
    };
    const plain: string[] = [];
    const naming: string[] = [];
    for (const f of listField(e, 'forms')) ((role === 'negative' || role === 'former') && phraseKeys(f).some((k) => smokeKeys.has(k)) ? naming : plain).push(f);
    if (plain.length > 0) entries.push([plain, { ...base, namesSmoking: false }]);
    if (naming.length > 0) entries.push([naming, { ...base, namesSmoking: true }]);
  }
  return { words: compileTermLexicon(entries), context: compileDefaultContext() };
}

interface Word {
  readonly m: TermMatch<SmokingWord>;
  readonly w: SmokingWord;
}

function distance(a: Word, b: Word): number {
  if (a.m.tokenEnd <= b.m.tokenStart) return b.m.tokenStart - a.m.tokenEnd;
  if (b.m.tokenEnd <= a.m.tokenStart) return a.m.tokenStart - b.m.tokenEnd;
  return 0;
}

function isAnchor(x: Word, category: SubstanceCategory): boolean {
  if (category === 'tobacco') return x.w.role === 'smoke-term' || x.w.namesSmoking || (x.w.role === 'substance' && x.w.category === 'tobacco');
  return x.w.role === 'substance' && x.w.category === category;
}

interface Mention {
  readonly category: SubstanceCategory;
  readonly anchors: Word[];
  readonly used: Word[];
  readonly fields: Record<string, string>;
  negativeCue: boolean;
}

/** `yrs.` is one abbreviation token; the period is not part of the duration. */
function withoutPeriod(text: string, end: number): number {
  return text.charCodeAt(end - 1) === 46 ? end - 1 : end;
}

/** A number (`1`, `1.5`, `20`) or number word (`half`, `a`) right before `w`. */
function amountBefore(doc: Document, words: readonly Word[], w: Word): { begin: number } | undefined {
  const i = w.m.tokenStart - 1;
  const t = doc.tokens[i];
  if (t === undefined) return undefined;
  if (t.kind === 'number' && (isDecimal(doc.text.slice(t.begin, t.end)) || doc.text.slice(t.begin, t.end) === '1/2')) {
    const dash = doc.tokens[i - 1];
    const low = doc.tokens[i - 2];
    if (dash !== undefined && low !== undefined && (dash.lower === '-' || dash.lower === 'to') && low.kind === 'number') return { begin: low.begin };
    return { begin: t.begin };
  }
  const nw = words.find((x) => x.w.role === 'number-word' && x.m.tokenEnd === w.m.tokenStart);
  return nw === undefined ? undefined : { begin: nw.m.begin };
}

function describeSentence(doc: Document, words: readonly Word[], category: SubstanceCategory): Mention | undefined {
  const anchors = words.filter((x) => isAnchor(x, category));
  if (anchors.length === 0) return undefined;
  const near = (x: Word): boolean => anchors.some((a) => distance(a, x) <= CUE_WINDOW);
  const used: Word[] = [...anchors];
  const fields: Record<string, string> = {};
  const first = anchors[0]!;
  let negativeCue = false;
  let former = false;
  let current = false;
  let tense: SmokingWord['tense'] | undefined;
  let participation = 'patient';
  for (const a of anchors) {
    if (a.w.role === 'smoke-term' && fields.smokeTermSurfaceForm === undefined) {
      fields.smokeTermSurfaceForm = doc.text.slice(a.m.begin, a.m.end);
      fields.smokeTermNormalizedName = a.w.normalized;
      tense = a.w.tense;
    }
    if (a.w.namesSmoking) {
      if (a.w.role === 'negative') negativeCue = true;
      else former = true;
      if (fields.smokeTermSurfaceForm === undefined) {
        fields.smokeTermSurfaceForm = doc.text.slice(a.m.begin, a.m.end);
        fields.smokeTermNormalizedName = a.w.role === 'negative' ? 'non-smoker' : 'former smoker';
      }
    }
    if (a.w.role === 'substance') {
      const surface = doc.text.slice(a.m.begin, a.m.end);
      if (category === 'tobacco' && fields.smokeSubstanceSurfaceForm === undefined) {
        fields.smokeSubstanceSurfaceForm = surface;
        fields.smokeSubstanceNormalizedName = a.w.normalized;
      } else if (category === 'illicitDrug' && fields.illicitDrugSurfaceForm === undefined) {
        fields.illicitDrugSurfaceForm = surface;
        fields.illicitDrugNormalizedName = a.w.normalized;
      } else if (category === 'alcohol' && fields.alcoholSurfaceForm === undefined) {
        fields.alcoholSurfaceForm = surface;
        fields.alcoholNormalizedName = a.w.normalized;
      }
    }
  }
  if (category === 'tobacco') {
    const smoked = words.find((x) => x.w.role === 'substance' && x.w.category === 'illicitDrug' && near(x));
    if (smoked !== undefined && fields.smokeTermSurfaceForm !== undefined) {
      fields.illicitDrugSurfaceForm = doc.text.slice(smoked.m.begin, smoked.m.end);
      fields.illicitDrugNormalizedName = smoked.w.normalized;
      used.push(smoked);
    }
  }
  // Nearest former and current cue: when both are said, the nearer one tells the status (`continues to smoke and
  // is trying to quit`: `trying to quit` is itself a current cue; `quit in 2010, smokes again now`).
  let formerAt = Infinity;
  let currentAt = Infinity;
  const nearest = (x: Word): number => Math.min(...anchors.map((a) => distance(a, x)));
  for (const x of words) {
    if (!near(x) || anchors.includes(x)) continue;
    switch (x.w.role) {
      case 'negative': negativeCue = true; used.push(x); break;
      case 'former': former = true; formerAt = Math.min(formerAt, nearest(x)); used.push(x); break;
      case 'current': current = true; currentAt = Math.min(currentAt, nearest(x)); used.push(x); break;
      case 'environmental': if (category === 'tobacco') { participation = 'environmental'; used.push(x); } break;
      case 'family': if (x.m.tokenEnd <= first.m.tokenStart && first.m.tokenStart - x.m.tokenEnd <= 2) { participation = 'family'; used.push(x); } break;
      default: break;
    }
  }
  // amount and duration anywhere in the sentence
  let amountEnd = -1;
  for (const x of words) {
    if (x.w.role === 'amount-unit' && x.w.category === category && fields.amount === undefined) {
      const start = amountBefore(doc, words, x);
      if (start === undefined) continue;
      const end = withoutPeriod(doc.text, x.m.end);
      fields.amount = doc.text.slice(start.begin, end);
      if (x.w.rate !== undefined) fields.rate = x.w.rate;
      used.push({ m: { ...x.m, begin: start.begin, end }, w: x.w });
      amountEnd = x.m.tokenEnd;
    }
  }
  for (const x of words) {
    if (x.w.role !== 'duration-unit' || fields.duration !== undefined || x.m.tokenStart === amountEnd) continue;
    const start = amountBefore(doc, words, x);
    if (start === undefined) continue;
    const next = doc.tokens[x.m.tokenEnd];
    if (next !== undefined && next.lower === 'ago') continue;
    // `20 years` right after pack-year amounts or a quit phrase's `ago` is not a duration of use
    const end = withoutPeriod(doc.text, x.m.end);
    fields.duration = doc.text.slice(start.begin, end);
    used.push({ m: { ...x.m, begin: start.begin, end }, w: x.w });
  }
  if (negativeCue) fields.current = 'false';
  else if (former && !(current && currentAt < formerAt)) fields.current = 'false';
  else if (current || tense === 'present') fields.current = 'true';
  else if (tense === 'past') fields.current = 'false';
  return { category, anchors, used, fields: { participation, ...fields }, negativeCue };
}

export interface SmokingOptions {
  readonly includeSubstances: boolean;
}

/** The SmokingInd annotations of `doc` (pure). */
export function detectSmoking(doc: Document, compiled: SmokingCompiled, options: SmokingOptions): Annotation[] {
  const mentions: Mention[] = [];
  for (const s of headedSentenceRanges(doc.tokens, doc.sentences)) {
    const words: Word[] = scanTerms(compiled.words, doc.text, doc.tokens, s.tokenStart, s.tokenEnd).map((m) => ({ m, w: m.values[0]! }));
    if (words.length === 0) continue;
    const tobacco = describeSentence(doc, words, 'tobacco');
    if (tobacco !== undefined) mentions.push(tobacco);
    if (!options.includeSubstances) continue;
    for (const category of ['illicitDrug', 'alcohol'] as const) {
      if (category === 'illicitDrug' && tobacco?.fields.illicitDrugSurfaceForm !== undefined) continue;
      const other = describeSentence(doc, words, category);
      if (other !== undefined) mentions.push(other);
    }
  }
  const anchorTargets: Annotation[] = mentions.map((m) => ({ type: 'anchor', begin: m.anchors[0]!.m.begin, end: m.anchors[0]!.m.end, coveredText: '' }));
  const modalities = contextModalities(doc, compiled.context, anchorTargets);
  return mentions.map((m, i) => {
    const begin = Math.min(...m.used.map((x) => x.m.begin));
    const end = Math.max(...m.used.map((x) => x.m.end));
    const negative = m.negativeCue || modalities[i] === 'negative';
    const fields = { ...m.fields };
    if (negative) fields.current = 'false';
    return {
      type: 'aci.SmokingInd',
      begin,
      end,
      coveredText: doc.text.slice(begin, end),
      modality: negative ? 'negative' : 'positive',
      ...fields,
      ...(options.includeSubstances ? { substanceType: m.category } : {}),
    };
  });
}
