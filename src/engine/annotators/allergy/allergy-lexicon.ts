// The allergy lexicon (resources/allergy/en.json): closed shape, validation naming the file and entry of
// every problem, and compilation into phrase tries.
import { DomainError, type ValidationIssue } from '../../../errors.js';
import lexiconBody from '../../../../resources/allergy/en.json' with { type: 'json' };
import { createPhraseTrie, type PhraseTrie } from '../medication/phrase-trie.js';

export const ALLERGY_LEXICON_FILE = 'resources/allergy/en.json';

export interface AllergyRule {
  readonly id: string;
  readonly normalized?: string;
  readonly caseSensitive?: boolean;
  readonly terms: readonly string[];
}

/** Kinds of non-drug allergen (`allergens` entries of the lexicon). */
export const ALLERGEN_CATEGORIES = ['food', 'latex', 'contrast', 'material', 'animal', 'environmental', 'insect'] as const;
export type AllergenCategory = (typeof ALLERGEN_CATEGORIES)[number];

/** A non-drug allergen: its terms, the name it is reported by and its kind. */
export interface AllergenEntry {
  readonly id: string;
  readonly category: AllergenCategory;
  readonly normalized: string;
  readonly terms: readonly string[];
}

export interface AllergyLexicon {
  readonly version: string;
  readonly triggers: readonly AllergyRule[];
  readonly headers: readonly AllergyRule[];
  readonly noKnown: readonly AllergyRule[];
  readonly noneAfterHeader: AllergyRule;
  readonly listStops: readonly string[];
  readonly maxListTokens: number;
  /** Words that make a statement of the allergen before them (`latex allergy`). */
  readonly postfixTriggers: readonly string[];
  readonly allergens: readonly AllergenEntry[];
}

const TOP_KEYS = new Set(['kind', 'version', 'language', 'description', 'triggers', 'headers', 'noKnown', 'noneAfterHeader', 'listStops', 'maxListTokens', 'postfixTriggers', 'allergens']);
const ALLERGEN_KEYS = new Set(['id', 'category', 'normalized', 'terms']);
const RULE_KEYS = new Set(['id', 'normalized', 'caseSensitive', 'terms']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s.trim() !== '');
}

function checkRule(entry: unknown, path: string, ids: Set<string>, needsNormalized: boolean, issues: ValidationIssue[]): void {
  if (!isRecord(entry)) return void issues.push({ path, message: 'must be an object' });
  const label = typeof entry.id === 'string' ? `${path} "${entry.id}"` : path;
  for (const key of Object.keys(entry)) if (!RULE_KEYS.has(key)) issues.push({ path: `${label}.${key}`, message: 'unknown key' });
  if (typeof entry.id !== 'string' || entry.id === '') issues.push({ path: `${label}.id`, message: 'must be a non-empty string' });
  else if (ids.has(entry.id)) issues.push({ path: `${label}.id`, message: `duplicate rule id "${entry.id}"` });
  else ids.add(entry.id);
  if (!isStringList(entry.terms)) issues.push({ path: `${label}.terms`, message: 'must be a non-empty list of non-empty strings' });
  if (needsNormalized && (typeof entry.normalized !== 'string' || entry.normalized === '')) issues.push({ path: `${label}.normalized`, message: 'must be a non-empty string' });
  if (entry.caseSensitive !== undefined && typeof entry.caseSensitive !== 'boolean') issues.push({ path: `${label}.caseSensitive`, message: 'must be a boolean' });
}

function checkAllergen(entry: unknown, path: string, ids: Set<string>, issues: ValidationIssue[]): void {
  if (!isRecord(entry)) return void issues.push({ path, message: 'must be an object' });
  const label = typeof entry.id === 'string' ? `${path} "${entry.id}"` : path;
  for (const key of Object.keys(entry)) if (!ALLERGEN_KEYS.has(key)) issues.push({ path: `${label}.${key}`, message: 'unknown key' });
  if (typeof entry.id !== 'string' || entry.id === '') issues.push({ path: `${label}.id`, message: 'must be a non-empty string' });
  else if (ids.has(entry.id)) issues.push({ path: `${label}.id`, message: `duplicate rule id "${entry.id}"` });
  else ids.add(entry.id);
  if (!(ALLERGEN_CATEGORIES as readonly unknown[]).includes(entry.category)) issues.push({ path: `${label}.category`, message: `must be one of ${ALLERGEN_CATEGORIES.join(', ')}` });
  if (typeof entry.normalized !== 'string' || entry.normalized === '') issues.push({ path: `${label}.normalized`, message: 'must be a non-empty string' });
  if (!isStringList(entry.terms)) issues.push({ path: `${label}.terms`, message: 'must be a non-empty list of non-empty strings' });
}

export function validateAllergyLexicon(value: unknown, file = ALLERGY_LEXICON_FILE): { lexicon?: AllergyLexicon; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: 'must be a JSON object' }] };
  if (value.kind !== 'allergy-lexicon') issues.push({ path: `${file}: kind`, message: 'must be "allergy-lexicon"' });
  if (typeof value.version !== 'string' || value.version === '') issues.push({ path: `${file}: version`, message: 'must be a non-empty string' });
  for (const key of Object.keys(value)) if (!TOP_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: 'unknown key' });
  const ids = new Set<string>();
  for (const key of ['triggers', 'headers', 'noKnown'] as const) {
    const list = value[key];
    if (!Array.isArray(list) || list.length === 0) issues.push({ path: `${file}: ${key}`, message: 'must be a non-empty list' });
    else list.forEach((entry: unknown, i) => checkRule(entry, `${file}: ${key}[${i}]`, ids, key === 'noKnown', issues));
  }
  checkRule(value.noneAfterHeader, `${file}: noneAfterHeader`, ids, true, issues);
  if (!isStringList(value.listStops)) issues.push({ path: `${file}: listStops`, message: 'must be a non-empty list of non-empty strings' });
  if (!isStringList(value.postfixTriggers)) issues.push({ path: `${file}: postfixTriggers`, message: 'must be a non-empty list of non-empty strings' });
  if (!Array.isArray(value.allergens) || value.allergens.length === 0) issues.push({ path: `${file}: allergens`, message: 'must be a non-empty list' });
  else value.allergens.forEach((entry: unknown, i) => checkAllergen(entry, `${file}: allergens[${i}]`, ids, issues));
  if (typeof value.maxListTokens !== 'number' || !Number.isInteger(value.maxListTokens) || value.maxListTokens < 1) {
    issues.push({ path: `${file}: maxListTokens`, message: 'must be a positive integer' });
  }
  return issues.length > 0 ? { issues } : { lexicon: value as unknown as AllergyLexicon, issues };
}

export function parseAllergyLexicon(value: unknown, file = ALLERGY_LEXICON_FILE): AllergyLexicon {
  const { lexicon, issues } = validateAllergyLexicon(value, file);
  if (lexicon === undefined) throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  return lexicon;
}

export interface CompiledAllergyLexicon {
  readonly lexicon: AllergyLexicon;
  readonly triggers: PhraseTrie<AllergyRule>;
  readonly headers: PhraseTrie<AllergyRule>;
  readonly noKnown: PhraseTrie<AllergyRule>;
  readonly noKnownCaseSensitive: PhraseTrie<AllergyRule>;
  readonly noneAfterHeader: PhraseTrie<AllergyRule>;
  readonly stops: PhraseTrie<true>;
  readonly postfixTriggers: PhraseTrie<true>;
  readonly allergens: PhraseTrie<AllergenEntry>;
}

function ruleTrie(rules: readonly AllergyRule[], caseSensitive = false): PhraseTrie<AllergyRule> {
  return createPhraseTrie(rules.flatMap((r) => r.terms.map((term) => ({ term, value: r }))), caseSensitive);
}

export function compileAllergyLexicon(lexicon: AllergyLexicon = parseAllergyLexicon(lexiconBody)): CompiledAllergyLexicon {
  return {
    lexicon,
    triggers: ruleTrie(lexicon.triggers),
    headers: ruleTrie(lexicon.headers),
    noKnown: ruleTrie(lexicon.noKnown.filter((r) => r.caseSensitive !== true)),
    noKnownCaseSensitive: ruleTrie(lexicon.noKnown.filter((r) => r.caseSensitive === true), true),
    noneAfterHeader: ruleTrie([lexicon.noneAfterHeader]),
    stops: createPhraseTrie(lexicon.listStops.map((term) => ({ term, value: true as const }))),
    postfixTriggers: createPhraseTrie(lexicon.postfixTriggers.map((term) => ({ term, value: true as const }))),
    allergens: createPhraseTrie(lexicon.allergens.flatMap((a) => a.terms.map((term) => ({ term, value: a })))),
  };
}
