// The medication lexicons (resources/medication/en.json, resources/medication/drug-aliases.json,
// resources/medication/drug-classes.json): their closed shape, validation that names the file and entry of every
// problem, and parsing into typed values.
import { DomainError, type ValidationIssue } from '../../../errors.js';
import lexiconBody from '../../../../resources/medication/en.json' with { type: 'json' };
import aliasesBody from '../../../../resources/medication/drug-aliases.json' with { type: 'json' };
import drugClassesBody from '../../../../resources/medication/drug-classes.json' with { type: 'json' };
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';

export const MEDICATION_LEXICON_FILE = 'resources/medication/en.json';
export const DRUG_ALIASES_FILE = 'resources/medication/drug-aliases.json';
export const DRUG_CLASSES_FILE = 'resources/medication/drug-classes.json';

export interface TermEntry {
  readonly id: string;
  readonly normalized: string;
  readonly terms: readonly string[];
}

export interface DoseUnitEntry extends TermEntry {
  /** The dose form a count unit implies (`2 tabs` → form-tablet). */
  readonly form?: string;
  /** A strength only when a dose form follows (`1% cream`; `50% of patients` is not a dose). */
  readonly requiresForm?: boolean;
}

export interface DoseChangeEntry {
  readonly id: string;
  readonly direction: 'increase' | 'decrease' | 'change';
  readonly terms: readonly string[];
}

export interface TermList {
  readonly id: string;
  readonly description?: string;
  readonly terms: readonly string[];
}

/** Doses described in words (`high doses`, `a low or moderate dosage`); every list holds single tokens. */
export interface DosePhraseWords {
  readonly id: string;
  readonly description?: string;
  readonly determiners: readonly string[];
  readonly intensifiers: readonly string[];
  readonly qualifiers: readonly string[];
  readonly modifiers: readonly string[];
  readonly nouns: readonly string[];
  readonly linkers: readonly string[];
}

export const DOSE_PHRASE_LISTS = ['determiners', 'intensifiers', 'qualifiers', 'modifiers', 'nouns', 'linkers'] as const;

export interface MedicationLexicon {
  readonly version: string;
  readonly drugSemanticTypes: { readonly strong: readonly string[]; readonly weak: readonly string[] };
  readonly attributeOnlyDrugs: TermList;
  readonly notDrugs: TermList;
  /** Words that, right after a drug name, make it a lab test or measurement (`glucose monitoring`, `lithium level`). */
  readonly notDrugBefore: TermList;
  /** Last words that make a knowledge-base name food or drink, not a medication (`orange juice`, `cow's milk`). */
  readonly notDrugHeads: TermList;
  /** Doses without a number (`high-dose`, `loading dose`). */
  readonly doseQualifiers: TermList;
  readonly dosePhrases: DosePhraseWords;
  /** Overdoses: doses that do not by themselves make a name a medication. */
  readonly overdoses: TermList;
  /** Durations without a number (`long-term`, `chronically`). */
  readonly durationQualifiers: TermList;
  /** Durations without a number that only qualify a drug written after them (`prolonged methotrexate`). */
  readonly durationQualifiersBefore: TermList;
  readonly routes: readonly TermEntry[];
  readonly forms: readonly TermEntry[];
  readonly doseUnits: readonly DoseUnitEntry[];
  readonly perUnits: readonly TermEntry[];
  readonly frequencies: readonly TermEntry[];
  readonly intervalUnits: readonly TermEntry[];
  readonly periodWords: readonly TermEntry[];
  readonly timesWords: readonly string[];
  /** Words between a count and the dose of each (`2 x 500 mg`). */
  readonly multiplierWords: readonly string[];
  readonly everyWords: readonly string[];
  readonly rangeWords: readonly string[];
  /** Words that give a dose its role in a dose change: `from 10 mg`, `to 20 mg`, `by 5 mg`. */
  readonly doseRoleWords: { readonly from: readonly string[]; readonly to: readonly string[]; readonly by: readonly string[] };
  readonly durationUnits: readonly TermEntry[];
  readonly durationLeads: readonly string[];
  readonly durationQuantifiers: readonly string[];
  readonly durationTrail: readonly string[];
  readonly doseChanges: readonly DoseChangeEntry[];
  readonly numberWords: Readonly<Record<string, number>>;
  /** `once`, `twice`, `thrice`: counts before a period word (`twice/day`). */
  readonly countAdverbs: Readonly<Record<string, number>>;
  readonly windowStops: readonly string[];
  /** Words right before `N units of` that make it a time offset, not a duration (`within 3 days of starting`). */
  readonly notDurationAfter: readonly string[];
  /** Single words that do not count as gap tokens between an element and the drug after it (`administration`, `of`). */
  readonly backwardBridges: readonly string[];
  readonly window: { readonly maxForwardGapTokens: number; readonly maxBackwardTokens: number; readonly maxBackwardGapTokens: number };
}

export interface DrugAlias {
  readonly id: string;
  readonly terms: readonly string[];
  readonly generic: string;
  readonly caseSensitive: boolean;
  /** Codes to report when the knowledge-base lookup of the generic name would pick another concept (`insulin`). */
  readonly cui?: string;
  readonly rxNormId?: string;
}

const LEXICON_KEYS = new Set([
  'kind', 'version', 'language', 'description', 'drugSemanticTypes', 'attributeOnlyDrugs', 'notDrugs', 'notDrugBefore', 'notDrugHeads', 'doseQualifiers', 'dosePhrases', 'overdoses', 'durationQualifiers', 'durationQualifiersBefore', 'routes', 'forms', 'doseUnits',
  'perUnits', 'frequencies', 'intervalUnits', 'periodWords', 'timesWords', 'multiplierWords', 'everyWords', 'rangeWords', 'doseRoleWords', 'durationUnits', 'durationLeads',
  'durationQuantifiers', 'durationTrail', 'doseChanges', 'numberWords', 'countAdverbs', 'windowStops', 'notDurationAfter', 'backwardBridges', 'window',
]);
const ENTRY_LISTS = ['routes', 'forms', 'doseUnits', 'perUnits', 'frequencies', 'intervalUnits', 'periodWords', 'durationUnits'] as const;
const STRING_LISTS = ['timesWords', 'multiplierWords', 'everyWords', 'rangeWords', 'durationLeads', 'durationQuantifiers', 'durationTrail', 'windowStops', 'notDurationAfter', 'backwardBridges'] as const;
const DIRECTIONS = new Set(['increase', 'decrease', 'change']);
const WINDOW_KEYS = ['maxForwardGapTokens', 'maxBackwardTokens', 'maxBackwardGapTokens'] as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s.trim() !== '');
}

function checkKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>, path: string, issues: ValidationIssue[]): void {
  for (const key of Object.keys(value)) if (!allowed.has(key)) issues.push({ path: `${path}.${key}`, message: 'unknown key' });
}

function checkHeader(value: Record<string, unknown>, kind: string, file: string, issues: ValidationIssue[]): void {
  if (value.kind !== kind) issues.push({ path: `${file}: kind`, message: `must be "${kind}"` });
  if (typeof value.version !== 'string' || value.version === '') issues.push({ path: `${file}: version`, message: 'must be a non-empty string' });
}

/** Validates the medication lexicon; returns every issue (path names the file, the list and the entry id). */
export function validateMedicationLexicon(value: unknown, file = MEDICATION_LEXICON_FILE): { lexicon?: MedicationLexicon; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: 'must be a JSON object' }] };
  checkHeader(value, 'medication-lexicon', file, issues);
  checkKeys(value, LEXICON_KEYS, file, issues);
  const ids = new Set<string>();
  const checkId = (id: unknown, path: string): void => {
    if (typeof id !== 'string' || id === '') issues.push({ path: `${path}.id`, message: 'must be a non-empty string' });
    else if (ids.has(id)) issues.push({ path: `${path}.id`, message: `duplicate rule id "${id}"` });
    else ids.add(id);
  };
  const types = value.drugSemanticTypes;
  if (!isRecord(types) || !isStringList(types.strong) || !Array.isArray(types.weak)) {
    issues.push({ path: `${file}: drugSemanticTypes`, message: 'needs `strong` (non-empty) and `weak` lists of semantic type abbreviations' });
  }
  for (const key of ['attributeOnlyDrugs', 'notDrugs', 'notDrugBefore', 'notDrugHeads', 'doseQualifiers', 'overdoses', 'durationQualifiers', 'durationQualifiersBefore'] as const) {
    const list = value[key];
    const path = `${file}: ${key}`;
    if (!isRecord(list) || !isStringList(list.terms)) issues.push({ path, message: 'needs an id and a non-empty `terms` list' });
    else {
      checkId(list.id, path);
      checkKeys(list, new Set(['id', 'description', 'terms']), path, issues);
    }
  }
  const phrases = value.dosePhrases;
  const phrasePath = `${file}: dosePhrases`;
  if (!isRecord(phrases)) issues.push({ path: phrasePath, message: `needs an id and the word lists ${DOSE_PHRASE_LISTS.join(', ')}` });
  else {
    checkId(phrases.id, phrasePath);
    checkKeys(phrases, new Set(['id', 'description', ...DOSE_PHRASE_LISTS]), phrasePath, issues);
    for (const list of DOSE_PHRASE_LISTS) {
      const words = phrases[list];
      if (!isStringList(words)) issues.push({ path: `${phrasePath}.${list}`, message: 'must be a non-empty list of non-empty strings' });
      else for (const w of words) if (w.length > 1 && /[\s\-–]/.test(w)) issues.push({ path: `${phrasePath}.${list}`, message: `"${w}" is not a single token (no spaces or hyphens)` });
    }
  }
  for (const key of ENTRY_LISTS) {
    const list = value[key];
    if (!Array.isArray(list) || list.length === 0) {
      issues.push({ path: `${file}: ${key}`, message: 'must be a non-empty list' });
      continue;
    }
    list.forEach((entry: unknown, i) => {
      const path = `${file}: ${key}[${i}]`;
      if (!isRecord(entry)) return void issues.push({ path, message: 'must be an object' });
      const label = typeof entry.id === 'string' ? `${file}: ${key} "${entry.id}"` : path;
      checkId(entry.id, label);
      checkKeys(entry, new Set(key === 'doseUnits' ? ['id', 'normalized', 'terms', 'form', 'requiresForm'] : ['id', 'normalized', 'terms']), label, issues);
      if (typeof entry.normalized !== 'string' || entry.normalized === '') issues.push({ path: `${label}.normalized`, message: 'must be a non-empty string' });
      if (!isStringList(entry.terms)) issues.push({ path: `${label}.terms`, message: 'must be a non-empty list of non-empty strings' });
      if (entry.form !== undefined && typeof entry.form !== 'string') issues.push({ path: `${label}.form`, message: 'must be a form id' });
      if (entry.requiresForm !== undefined && typeof entry.requiresForm !== 'boolean') issues.push({ path: `${label}.requiresForm`, message: 'must be a boolean' });
    });
  }
  if (Array.isArray(value.doseUnits) && Array.isArray(value.forms)) {
    const formIds = new Set((value.forms as unknown[]).map((f) => (isRecord(f) ? f.id : undefined)));
    for (const unit of value.doseUnits as unknown[]) {
      if (isRecord(unit) && typeof unit.form === 'string' && !formIds.has(unit.form)) {
        issues.push({ path: `${file}: doseUnits "${String(unit.id)}".form`, message: `unknown form id "${unit.form}"` });
      }
    }
  }
  for (const key of STRING_LISTS) if (!isStringList(value[key])) issues.push({ path: `${file}: ${key}`, message: 'must be a non-empty list of non-empty strings' });
  if (!Array.isArray(value.doseChanges) || value.doseChanges.length === 0) issues.push({ path: `${file}: doseChanges`, message: 'must be a non-empty list' });
  else {
    value.doseChanges.forEach((entry: unknown, i) => {
      const path = `${file}: doseChanges[${i}]`;
      if (!isRecord(entry)) return void issues.push({ path, message: 'must be an object' });
      checkId(entry.id, path);
      checkKeys(entry, new Set(['id', 'direction', 'terms']), path, issues);
      if (typeof entry.direction !== 'string' || !DIRECTIONS.has(entry.direction)) issues.push({ path: `${path}.direction`, message: 'must be increase, decrease or change' });
      if (!isStringList(entry.terms)) issues.push({ path: `${path}.terms`, message: 'must be a non-empty list of non-empty strings' });
    });
  }
  const roles = value.doseRoleWords;
  if (!isRecord(roles) || !isStringList(roles.from) || !isStringList(roles.to) || !isStringList(roles.by)) {
    issues.push({ path: `${file}: doseRoleWords`, message: 'needs non-empty `from`, `to` and `by` word lists' });
  } else checkKeys(roles, new Set(['from', 'to', 'by']), `${file}: doseRoleWords`, issues);
  for (const key of ['numberWords', 'countAdverbs'] as const) {
    const numbers = value[key];
    if (!isRecord(numbers) || Object.values(numbers).some((n) => typeof n !== 'number' || !Number.isFinite(n))) {
      issues.push({ path: `${file}: ${key}`, message: 'must map words to numbers' });
    }
  }
  const win = value.window;
  if (!isRecord(win) || WINDOW_KEYS.some((k) => typeof win[k] !== 'number' || !Number.isInteger(win[k]) || (win[k] as number) < 0)) {
    issues.push({ path: `${file}: window`, message: `needs non-negative integers ${WINDOW_KEYS.join(', ')}` });
  } else checkKeys(win, new Set(WINDOW_KEYS), `${file}: window`, issues);
  if (issues.length > 0) return { issues };
  return { lexicon: value as unknown as MedicationLexicon, issues };
}

/** Validates the drug alias file; returns every issue. */
export function validateDrugAliases(value: unknown, file = DRUG_ALIASES_FILE): { aliases?: DrugAlias[]; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: 'must be a JSON object' }] };
  checkHeader(value, 'medication-drug-aliases', file, issues);
  checkKeys(value, new Set(['kind', 'version', 'language', 'description', 'aliases']), file, issues);
  if (!Array.isArray(value.aliases)) return { issues: [...issues, { path: `${file}: aliases`, message: 'must be a list' }] };
  const ids = new Set<string>();
  const aliases: DrugAlias[] = [];
  value.aliases.forEach((entry: unknown, i) => {
    const path = `${file}: aliases[${i}]`;
    if (!isRecord(entry)) return void issues.push({ path, message: 'must be an object' });
    checkKeys(entry, new Set(['id', 'terms', 'generic', 'caseSensitive', 'cui', 'rxNormId']), path, issues);
    if (typeof entry.id !== 'string' || entry.id === '') issues.push({ path: `${path}.id`, message: 'must be a non-empty string' });
    else if (ids.has(entry.id)) issues.push({ path: `${path}.id`, message: `duplicate rule id "${entry.id}"` });
    else ids.add(entry.id);
    if (!isStringList(entry.terms)) issues.push({ path: `${path}.terms`, message: 'must be a non-empty list of non-empty strings' });
    if (typeof entry.generic !== 'string' || entry.generic.trim() === '') issues.push({ path: `${path}.generic`, message: 'must be a non-empty string' });
    if (entry.caseSensitive !== undefined && typeof entry.caseSensitive !== 'boolean') issues.push({ path: `${path}.caseSensitive`, message: 'must be a boolean' });
    for (const key of ['cui', 'rxNormId'] as const) {
      if (entry[key] !== undefined && (typeof entry[key] !== 'string' || entry[key] === '')) issues.push({ path: `${path}.${key}`, message: 'must be a non-empty string' });
    }
    aliases.push({
      id: String(entry.id), terms: entry.terms as string[], generic: String(entry.generic), caseSensitive: entry.caseSensitive === true,
      ...(typeof entry.cui === 'string' ? { cui: entry.cui } : {}),
      ...(typeof entry.rxNormId === 'string' ? { rxNormId: entry.rxNormId } : {}),
    });
  });
  return issues.length > 0 ? { issues } : { aliases, issues };
}

function fail(issues: readonly ValidationIssue[]): never {
  throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
}

/** Parses a medication lexicon body; throws INVALID_RESOURCE_FILE naming every problem. */
export function parseMedicationLexicon(value: unknown, file = MEDICATION_LEXICON_FILE): MedicationLexicon {
  const { lexicon, issues } = validateMedicationLexicon(value, file);
  return lexicon ?? fail(issues);
}

export function parseDrugAliases(value: unknown, file = DRUG_ALIASES_FILE): DrugAlias[] {
  const { aliases, issues } = validateDrugAliases(value, file);
  return aliases ?? fail(issues);
}

/** The built-in lexicons, parsed (validated) on each call; annotators call this once in init. */
export const DRUG_CLASS_SCHEMA: LexiconSchema = {
  kind: 'drug-classes',
  required: { forms: 'strings', normalized: 'string' },
  optional: { meshId: 'string' },
};

/** All capitals, digits and signs, with or without a plural `s` (`PPI`, `PPIs`, `GLP-1 RA`; not `SGLT2i`): matched case-sensitively. */
function isAcronymForm(form: string): boolean {
  const stem = form.endsWith('s') ? form.slice(0, -1) : form;
  return /[A-Z]/.test(stem) && stem === stem.toUpperCase();
}

/**
 * The drug-class lexicon (words that name drugs in general and drug classes by the nouns clinicians write) as drug
 * aliases of the drug finder: each entry's forms name its normalized class (looked up in the knowledge base for
 * codes like any alias); forms in capitals (`PPI`, `DOACs`) match case-sensitively, as a second alias
 * `<id>-abbreviation`. They are drug mentions (MedicationInd), not knowledge-base concepts: a biomedical abstract's
 * `drugs` or `beta-blockers` is no chemical mention of concept_detection.
 */
export function drugClassAliases(body: unknown = drugClassesBody, file = DRUG_CLASSES_FILE): DrugAlias[] {
  const lexicon = parseLexiconFile(body, file, DRUG_CLASS_SCHEMA);
  const out: DrugAlias[] = [];
  for (const e of lexicon.entries) {
    const generic = stringField(e, 'normalized')!;
    const forms = listField(e, 'forms');
    const plain = forms.filter((f) => !isAcronymForm(f));
    const capitals = forms.filter((f) => isAcronymForm(f));
    if (plain.length > 0) out.push({ id: `drug-class-${e.id}`, terms: plain, generic, caseSensitive: false });
    if (capitals.length > 0) out.push({ id: `drug-class-${e.id}-abbreviation`, terms: capitals, generic, caseSensitive: true });
  }
  return out;
}

export function loadDefaultMedicationLexicons(): { lexicon: MedicationLexicon; aliases: DrugAlias[] } {
  return { lexicon: parseMedicationLexicon(lexiconBody), aliases: [...parseDrugAliases(aliasesBody), ...drugClassAliases()] };
}
