// The mention rules (resources/disambiguation/mention-rules.json): word lists that say when a knowledge-base
// match is not the concept it names — a figure reference, an analyte measured, a score, a food. Closed key set,
// validated at load (issues name the file and key), compiled once into sets and phrase tries.
import { DomainError, type ValidationIssue } from '../../errors.js';
import rulesBody from '../../../resources/disambiguation/mention-rules.json' with { type: 'json' };
import { createPhraseTrie, type PhraseTrie } from '../annotators/medication/phrase-trie.js';
import { loadDefaultMedicationLexicons } from '../annotators/medication/lexicon.js';

export const MENTION_RULES_FILE = 'resources/disambiguation/mention-rules.json';

const LIST_KEYS = [
  'figureWords', 'bridgeWords', 'doseUnits', 'perDoseUnits', 'resultWords', 'limitWords', 'comparatorWords', 'specimenWords', 'testHeads', 'scoreWords', 'modifierHeads', 'drugClassHeads',
  'foodSubstances', 'otherSubstances', 'extractWords', 'commonWordDrugs', 'drugContextWords', 'effectHeads', 'susceptibilityWords', 'hyphenQualifiers',
] as const;
type ListKey = (typeof LIST_KEYS)[number];

export type MentionRulesFile = { readonly kind: 'mention_rules'; readonly version: string; readonly description: string } & { readonly [K in ListKey]: readonly string[] };

const TOP_KEYS = new Set<string>(['kind', 'version', 'description', ...LIST_KEYS]);

export function validateMentionRules(value: unknown, file = MENTION_RULES_FILE): { rules?: MentionRulesFile; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { issues: [{ path: file, message: 'must be a JSON object' }] };
  const body = value as Record<string, unknown>;
  if (body.kind !== 'mention_rules') issues.push({ path: `${file}: kind`, message: 'must be "mention_rules"' });
  for (const key of ['version', 'description']) if (typeof body[key] !== 'string' || body[key] === '') issues.push({ path: `${file}: ${key}`, message: 'must be a non-empty string' });
  for (const key of Object.keys(body)) if (!TOP_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: 'unknown key' });
  for (const key of LIST_KEYS) {
    const list = body[key];
    if (!Array.isArray(list) || list.length === 0) {
      issues.push({ path: `${file}: ${key}`, message: 'must be a non-empty list of strings' });
      continue;
    }
    const seen = new Set<string>();
    list.forEach((term: unknown, i) => {
      if (typeof term !== 'string' || term.trim() === '' || term !== term.toLowerCase()) issues.push({ path: `${file}: ${key}[${i}]`, message: 'must be a non-empty lower-case string' });
      else if (seen.has(term)) issues.push({ path: `${file}: ${key}[${i}]`, message: `duplicate term "${term}"` });
      else seen.add(term);
    });
  }
  return issues.length > 0 ? { issues } : { rules: body as unknown as MentionRulesFile, issues };
}

export interface CompiledMentionRules {
  readonly version: string;
  readonly figureWords: ReadonlySet<string>;
  readonly bridgeWords: ReadonlySet<string>;
  readonly doseUnits: ReadonlySet<string>;
  /** Units after `mg /` that keep a dose a dose (`mg/kg`, `mg/m2`, `mg/day`); any other (`mg/dL`) makes a concentration. */
  readonly perDoseUnits: ReadonlySet<string>;
  readonly resultWords: ReadonlySet<string>;
  /** After a number they make it a measured value (`1.5 x ULN`, `2 times the upper limit of normal`). */
  readonly limitWords: ReadonlySet<string>;
  /** Before a number they make it a measured value unless a dose unit follows (`less than 30 micromoles per liter`). */
  readonly comparatorWords: ReadonlySet<string>;
  readonly specimenWords: ReadonlySet<string>;
  /** After a disorder or agent name they make it the name of a test (`HIV test`, `hepatitis B serology`). */
  readonly testHeads: PhraseTrie<true>;
  readonly scoreWords: PhraseTrie<true>;
  readonly modifierHeads: ReadonlySet<string>;
  /** After a modifier head they make a drug class again (`receptor antagonists`). */
  readonly drugClassHeads: ReadonlySet<string>;
  /** Lower-cased surface → the semantic type it is reported with (`food`, `sbst`). */
  readonly substances: ReadonlyMap<string, string>;
  readonly extractWords: ReadonlySet<string>;
  readonly commonWordDrugs: ReadonlySet<string>;
  readonly drugContextWords: ReadonlySet<string>;
  /** After a drug name they make it qualify an effect, a property or a resistance (`anticoagulant effect`, `antibiotic susceptibility`). */
  readonly effectHeads: ReadonlySet<string>;
  /** Before `to` (`resistant to`, `susceptible to`): a drug tested against a microbe, not given. */
  readonly susceptibilityWords: ReadonlySet<string>;
  /** After a drug and a hyphen (`methicillin-resistant`, `insulin-dependent`): the compound qualifies something else. */
  readonly hyphenQualifiers: ReadonlySet<string>;
  /** One-word routes of administration (the medication lexicon's: `oral`, `intravenous`): beside a drug they name the route, not a body part. */
  readonly routeWords: ReadonlySet<string>;
}

export function compileMentionRules(rules: MentionRulesFile, routeWords: readonly string[] = []): CompiledMentionRules {
  const substances = new Map<string, string>();
  for (const t of rules.otherSubstances) substances.set(t, 'sbst');
  for (const t of rules.foodSubstances) substances.set(t, 'food');
  return {
    version: rules.version,
    figureWords: new Set(rules.figureWords),
    bridgeWords: new Set(rules.bridgeWords),
    doseUnits: new Set(rules.doseUnits),
    perDoseUnits: new Set(rules.perDoseUnits),
    resultWords: new Set(rules.resultWords),
    limitWords: new Set(rules.limitWords),
    comparatorWords: new Set(rules.comparatorWords),
    specimenWords: new Set(rules.specimenWords),
    testHeads: createPhraseTrie(rules.testHeads.map((term) => ({ term, value: true as const }))),
    scoreWords: createPhraseTrie(rules.scoreWords.map((term) => ({ term, value: true as const }))),
    modifierHeads: new Set(rules.modifierHeads),
    drugClassHeads: new Set(rules.drugClassHeads),
    substances,
    extractWords: new Set(rules.extractWords),
    commonWordDrugs: new Set(rules.commonWordDrugs),
    drugContextWords: new Set(rules.drugContextWords),
    effectHeads: new Set(rules.effectHeads),
    susceptibilityWords: new Set(rules.susceptibilityWords),
    hyphenQualifiers: new Set(rules.hyphenQualifiers),
    routeWords: new Set(routeWords),
  };
}

let defaultRules: CompiledMentionRules | undefined;

/**
 * The built-in rules, validated and compiled once; an invalid file is a coded INVALID_RESOURCE_FILE error. The
 * medication lexicon's dose units (one-word terms: `microg`, `tabs`, `puffs`) count as dose units too.
 */
export function defaultMentionRules(): CompiledMentionRules {
  if (defaultRules !== undefined) return defaultRules;
  const { rules, issues } = validateMentionRules(rulesBody);
  if (rules === undefined) throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const { lexicon } = loadDefaultMedicationLexicons();
  const medicationUnits = lexicon.doseUnits.flatMap((u) => u.terms).map((t) => t.toLowerCase()).filter((t) => !t.includes(' ') && t !== '%');
  const routeWords = lexicon.routes.flatMap((r) => r.terms).map((t) => t.toLowerCase()).filter((t) => !t.includes(' ') && !t.includes('.') && t.length > 3);
  return (defaultRules = compileMentionRules({ ...rules, doseUnits: [...new Set([...rules.doseUnits, ...medicationUnits])] }, routeWords));
}
