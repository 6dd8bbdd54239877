// The model_broker lexicon (resources/insights/en.json): cue phrases by cue kind, section classes, substance
// terms and procedure keywords. A closed key set with stable cue ids, validated at load (issues name the
// file and the cue), compiled once into phrase matchers.
import { DomainError, type ValidationIssue } from '../../../errors.js';
import lexiconBody from '../../../../resources/insights/en.json' with { type: 'json' };
import { compilePhrases, type PhraseMatcher } from './phrase-matcher.js';

export const INSIGHT_LEXICON_FILE = 'resources/insights/en.json';
export const INSIGHT_LEXICON_KIND = 'insight-cues';

export const CUE_KINDS = [
  'patientReported', 'suspected', 'discussed', 'considering', 'pending', 'started', 'stopped', 'doseIncreased',
  'doseDecreased', 'doseChanged', 'taken', 'allergy', 'adverseEvent', 'labMeasurement', 'normal', 'abnormal', 'trauma',
  'nonPatient', 'notTaken', 'exposure', 'treatment', 'compliance', 'useNone', 'tobaccoNone', 'alcoholNone', 'useNever', 'useCurrent', 'useStopped', 'use',
  'useLight', 'useModerate', 'useHeavy', 'useAbuse', 'medicalUse', 'indication',
] as const;
export type CueKind = (typeof CUE_KINDS)[number];

export const CUE_DIRECTIONS = ['before', 'after', 'either'] as const;
export type CueDirection = (typeof CUE_DIRECTIONS)[number];

export const SECTION_CLASSES = ['family', 'plan', 'allergy', 'history', 'subjective', 'complaint', 'medications', 'results', 'social'] as const;
export type SectionClass = (typeof SECTION_CLASSES)[number];

export const SUBSTANCE_KINDS = ['tobacco', 'alcohol', 'illicitDrug', 'substanceTreatment'] as const;
export type SubstanceKind = (typeof SUBSTANCE_KINDS)[number];

export const PROCEDURE_KEYWORD_KINDS = ['surgical', 'diagnostic', 'labTest', 'therapeutic', 'assessment', 'conditionManagement'] as const;
export type ProcedureKeywordKind = (typeof PROCEDURE_KEYWORD_KINDS)[number];

export interface CueRule {
  readonly id: string;
  readonly cue: CueKind;
  readonly direction: CueDirection;
  /** Largest distance in tokens between the annotation and the cue. */
  readonly window: number;
  /**
   * Cue kinds that void this cue when one of them lies between it and the annotation (`seasonal allergies and
   * uses fluticasone`: `uses`; `Claritin for allergic rhinitis`: `for`). Absent: never voided.
   */
  readonly blockedBy?: readonly CueKind[];
  /**
   * Cue kinds whose phrases inside a match of this rule do not count (`denies interest in cessation` hides its
   * `denies`). Absent: hides nothing.
   */
  readonly hides?: readonly CueKind[];
}

export interface InsightLexicon {
  readonly file: string;
  readonly version: string;
  readonly cues: PhraseMatcher<CueRule>;
  readonly cueRules: readonly CueRule[];
  /** Section class by normalised (lower-case) section name. */
  readonly sections: ReadonlyMap<string, SectionClass>;
  /** Substance kind by normalised term (whole term, lower case). */
  readonly substanceTerms: ReadonlyMap<string, SubstanceKind>;
  /** Keywords by procedure kind (lower case; matched as word parts, e.g. the suffix `ectomy`). */
  readonly procedureKeywords: ReadonlyMap<ProcedureKeywordKind, readonly string[]>;
  /** substanceTerms indexed for lookup by word (compiled from it; see substance-model.ts). */
  readonly substanceLookup: SubstanceLookup;
  /** procedureKeywords indexed for lookup by word (compiled from it; see procedure-model.ts). */
  readonly keywordLookup: KeywordLookup;
}

/** Terms are numbered in substanceTerms' order; a whole-word term is found by word, a phrase (space or hyphen) by text. */
export interface SubstanceLookup {
  readonly kinds: readonly SubstanceKind[];
  readonly words: ReadonlyMap<string, number>;
  readonly phrases: readonly { readonly term: string; readonly order: number }[];
  /** Matches a text that contains some phrase (a test that rules out most texts in one pass). */
  readonly anyPhrase: RegExp;
}

/** Keywords of whole words (`biopsy`), word suffixes of 4+ letters (`ectomy`) and phrases (space or hyphen). */
export interface KeywordLookup {
  readonly words: ReadonlyMap<string, readonly ProcedureKeywordKind[]>;
  readonly suffixes: ReadonlyMap<string, readonly ProcedureKeywordKind[]>;
  readonly phrases: readonly { readonly keyword: string; readonly kind: ProcedureKeywordKind }[];
  /** Matches a text that contains some phrase (a test that rules out most texts in one pass). */
  readonly anyPhrase: RegExp;
  /** Longest suffix keyword. */
  readonly maxSuffix: number;
}

function isPhrase(term: string): boolean {
  return term.includes(' ') || term.includes('-');
}

/** A pattern matching a text that contains one of `literals` (never matches when there are none). */
export function containsAnyPattern(literals: readonly string[]): RegExp {
  if (literals.length === 0) return /(?!)/;
  return new RegExp(literals.map((l) => l.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|'));
}

function compileSubstanceLookup(terms: ReadonlyMap<string, SubstanceKind>): SubstanceLookup {
  const kinds: SubstanceKind[] = [];
  const words = new Map<string, number>();
  const phrases: { term: string; order: number }[] = [];
  for (const [term, kind] of terms) {
    const order = kinds.length;
    kinds.push(kind);
    if (isPhrase(term)) phrases.push({ term, order });
    else words.set(term, order);
  }
  return { kinds, words, phrases, anyPhrase: containsAnyPattern(phrases.map((p) => p.term)) };
}

function compileKeywordLookup(keywords: ReadonlyMap<ProcedureKeywordKind, readonly string[]>): KeywordLookup {
  const words = new Map<string, ProcedureKeywordKind[]>();
  const suffixes = new Map<string, ProcedureKeywordKind[]>();
  const phrases: { keyword: string; kind: ProcedureKeywordKind }[] = [];
  const add = (map: Map<string, ProcedureKeywordKind[]>, k: string, kind: ProcedureKeywordKind): void => {
    const list = map.get(k);
    if (list === undefined) map.set(k, [kind]);
    else if (!list.includes(kind)) list.push(kind);
  };
  let maxSuffix = 0;
  for (const [kind, list] of keywords) {
    for (const k of list) {
      if (isPhrase(k)) {
        phrases.push({ keyword: k, kind });
        continue;
      }
      add(words, k, kind);
      if (k.length >= 4) {
        add(suffixes, k, kind);
        maxSuffix = Math.max(maxSuffix, k.length);
      }
    }
  }
  return { words, suffixes, phrases, anyPhrase: containsAnyPattern(phrases.map((p) => p.keyword)), maxSuffix };
}

const TOP_KEYS = new Set(['kind', 'version', 'language', 'description', 'cues', 'sections', 'substanceTerms', 'procedureKeywords']);
const CUE_KEYS = new Set(['id', 'cue', 'direction', 'window', 'phrases', 'blockedBy', 'hides', 'comment']);
const ID_SHAPE = /^[a-z0-9][a-z0-9.-]*$/;
const MAX_WINDOW = 30;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s.trim() !== '');
}

function checkGroups(body: Record<string, unknown>, key: string, allowed: readonly string[], file: string, issues: ValidationIssue[]): void {
  const groups = body[key];
  if (!isRecord(groups)) {
    issues.push({ path: `${file}: ${key}`, message: `${key} must be an object` });
    return;
  }
  for (const [name, list] of Object.entries(groups)) {
    if (!allowed.includes(name)) issues.push({ path: `${file}: ${key}.${name}`, message: `unknown ${key} class (allowed: ${allowed.join(', ')})` });
    if (!stringList(list)) issues.push({ path: `${file}: ${key}.${name}`, message: 'must be a non-empty array of strings' });
  }
}

/** Issues of a parsed lexicon body (empty when valid); every issue names the file and the cue. */
export function validateInsightLexicon(body: unknown, file: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!isRecord(body)) return [{ path: file, message: 'the lexicon must be a JSON object' }];
  for (const key of Object.keys(body)) if (!TOP_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: `unknown key "${key}"` });
  if (body.kind !== INSIGHT_LEXICON_KIND) issues.push({ path: `${file}: kind`, message: `kind must be "${INSIGHT_LEXICON_KIND}"` });
  if (typeof body.version !== 'string' || body.version === '') issues.push({ path: `${file}: version`, message: 'version must be a non-empty string' });
  if (!Array.isArray(body.cues)) issues.push({ path: `${file}: cues`, message: 'cues must be an array' });
  const ids = new Set<string>();
  (Array.isArray(body.cues) ? body.cues : []).forEach((c: unknown, i: number) => {
    const where = `${file}: cues[${i}]${isRecord(c) && typeof c.id === 'string' ? ` (${c.id})` : ''}`;
    if (!isRecord(c)) {
      issues.push({ path: where, message: 'a cue must be an object' });
      return;
    }
    for (const key of Object.keys(c)) if (!CUE_KEYS.has(key)) issues.push({ path: `${where}.${key}`, message: `unknown key "${key}"` });
    if (typeof c.id !== 'string' || !ID_SHAPE.test(c.id)) issues.push({ path: `${where}.id`, message: 'id must match [a-z0-9][a-z0-9.-]*' });
    else if (ids.has(c.id)) issues.push({ path: `${where}.id`, message: `duplicate id "${c.id}"` });
    else ids.add(c.id);
    if (!(CUE_KINDS as readonly unknown[]).includes(c.cue)) issues.push({ path: `${where}.cue`, message: `cue must be one of ${CUE_KINDS.join(', ')}` });
    if (!(CUE_DIRECTIONS as readonly unknown[]).includes(c.direction)) issues.push({ path: `${where}.direction`, message: `direction must be one of ${CUE_DIRECTIONS.join(', ')}` });
    if (typeof c.window !== 'number' || !Number.isInteger(c.window) || c.window < 0 || c.window > MAX_WINDOW) {
      issues.push({ path: `${where}.window`, message: `window must be an integer in [0, ${MAX_WINDOW}]` });
    }
    if (!stringList(c.phrases)) issues.push({ path: `${where}.phrases`, message: 'phrases must be a non-empty array of strings' });
    if (c.blockedBy !== undefined && !(stringList(c.blockedBy) && c.blockedBy.every((k) => (CUE_KINDS as readonly string[]).includes(k)))) {
      issues.push({ path: `${where}.blockedBy`, message: `blockedBy must be a non-empty array of cue kinds (${CUE_KINDS.join(', ')})` });
    }
    if (c.hides !== undefined && !(stringList(c.hides) && c.hides.every((k) => (CUE_KINDS as readonly string[]).includes(k)))) {
      issues.push({ path: `${where}.hides`, message: `hides must be a non-empty array of cue kinds (${CUE_KINDS.join(', ')})` });
    }
  });
  checkGroups(body, 'sections', SECTION_CLASSES, file, issues);
  checkGroups(body, 'substanceTerms', SUBSTANCE_KINDS, file, issues);
  checkGroups(body, 'procedureKeywords', PROCEDURE_KEYWORD_KINDS, file, issues);
  return issues;
}

/** Validates and compiles a lexicon body; throws INVALID_RESOURCE_FILE listing every issue. */
export function compileInsightLexicon(body: unknown, file: string): InsightLexicon {
  const issues = validateInsightLexicon(body, file);
  if (issues.length > 0) throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const b = body as {
    version: string;
    cues: { id: string; cue: CueKind; direction: CueDirection; window: number; phrases: string[]; blockedBy?: CueKind[]; hides?: CueKind[] }[];
    sections: Record<string, string[]>;
    substanceTerms: Record<string, string[]>;
    procedureKeywords: Record<string, string[]>;
  };
  const cueRules: CueRule[] = b.cues.map((c) => ({ id: c.id, cue: c.cue, direction: c.direction, window: c.window, ...(c.blockedBy === undefined ? {} : { blockedBy: c.blockedBy }), ...(c.hides === undefined ? {} : { hides: c.hides }) }));
  const entries: [string, CueRule][] = [];
  b.cues.forEach((c, i) => {
    for (const p of c.phrases) entries.push([p, cueRules[i] as CueRule]);
  });
  const sections = new Map<string, SectionClass>();
  for (const [cls, names] of Object.entries(b.sections)) for (const n of names) if (!sections.has(n.toLowerCase())) sections.set(n.toLowerCase(), cls as SectionClass);
  const substanceTerms = new Map<string, SubstanceKind>();
  for (const [kind, terms] of Object.entries(b.substanceTerms)) for (const t of terms) substanceTerms.set(t.toLowerCase(), kind as SubstanceKind);
  const procedureKeywords = new Map<ProcedureKeywordKind, string[]>();
  for (const [kind, words] of Object.entries(b.procedureKeywords)) procedureKeywords.set(kind as ProcedureKeywordKind, words.map((w) => w.toLowerCase()));
  return {
    file, version: b.version, cues: compilePhrases(entries), cueRules, sections, substanceTerms, procedureKeywords,
    substanceLookup: compileSubstanceLookup(substanceTerms), keywordLookup: compileKeywordLookup(procedureKeywords),
  };
}

/** The built-in lexicon, compiled (annotator init calls this once per resources snapshot). */
export function compileDefaultInsightLexicon(): InsightLexicon {
  return compileInsightLexicon(lexiconBody, INSIGHT_LEXICON_FILE);
}
