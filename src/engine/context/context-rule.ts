// ConText rules as data (medspaCy ConTextRule, STYLE.md §3): a closed key set, stable ids, a category
// (what the trigger asserts), a direction (where its scope lies) and an optional scope limit in tokens.
// `validateContextLexicon` checks a parsed JSON value and returns issues that name the file and the rule;
// it never throws.
import type { ValidationIssue } from '../../errors.js';

export const CONTEXT_CATEGORIES = [
  'NEGATED_EXISTENCE',
  'POSSIBLE_EXISTENCE',
  'HYPOTHETICAL',
  'HISTORICAL',
  'FAMILY',
  'PSEUDO',
  'TERMINATE',
] as const;
export type ContextCategory = (typeof CONTEXT_CATEGORIES)[number];

// SUBORDINATE (category TERMINATE): a subordinator that opens a sentence (`Because`, `Although`, `As`) makes its
// clause end at the first comma followed by one of the rule's `stop_at` words, which open the main clause
// (`Because she declined surgery, she will ...`); forward scopes of triggers in that clause end there.
export const CONTEXT_DIRECTIONS = ['FORWARD', 'BACKWARD', 'BIDIRECTIONAL', 'TERMINATE', 'PSEUDO', 'SUBORDINATE'] as const;
export type ContextDirection = (typeof CONTEXT_DIRECTIONS)[number];

/** Kinds of target a rule can be limited to (medspaCy's allowed_types / excluded_types; context/target-kind.ts). */
export const TARGET_KINDS = ['medication', 'procedure', 'other'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** One position of a token pattern: a word or phrase, or a set of alternatives; optionally skippable. */
export interface PatternElement {
  /** Alternatives; each may be several words (tokenized like the text). */
  readonly in: readonly string[];
  readonly optional: boolean;
}

export interface ContextRule {
  readonly id: string;
  /** The canonical surface form; matched as is when there is no pattern. */
  readonly literal: string;
  readonly pattern?: readonly PatternElement[];
  readonly category: ContextCategory;
  readonly direction: ContextDirection;
  /** Scope limit in tokens, counted from the trigger (each side for BIDIRECTIONAL). */
  readonly maxScope?: number;
  /** Tokens (lower case) at which this rule's scope stops, besides termination terms (`stop_at`). */
  readonly stopAt?: ReadonlySet<string>;
  /** Target kinds the rule modifies (`allowed_types`); absent: every kind. */
  readonly allowedTypes?: ReadonlySet<TargetKind>;
  /** Target kinds the rule never modifies (`excluded_types`). */
  readonly excludedTypes?: ReadonlySet<TargetKind>;
}

export interface ContextLexicon {
  readonly file: string;
  readonly version: string;
  readonly language: string;
  readonly rules: readonly ContextRule[];
}

export const CONTEXT_LEXICON_KIND = 'context-rules';
const LEXICON_KEYS = new Set(['kind', 'version', 'language', 'description', 'rules']);
const RULE_KEYS = new Set(['id', 'literal', 'pattern', 'category', 'direction', 'max_scope', 'stop_at', 'allowed_types', 'excluded_types', 'comment']);
const ELEMENT_KEYS = new Set(['in', 'text', 'optional']);
const ID_SHAPE = /^[a-z0-9][a-z0-9._-]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function checkElement(raw: unknown, path: string, issues: ValidationIssue[]): PatternElement | undefined {
  if (nonEmptyString(raw)) return { in: [raw], optional: false };
  if (!isRecord(raw)) {
    issues.push({ path, message: 'a pattern element is a string or an object {in | text, optional?}' });
    return undefined;
  }
  for (const key of Object.keys(raw)) {
    if (!ELEMENT_KEYS.has(key)) issues.push({ path: `${path}.${key}`, message: `unknown key "${key}" (allowed: in, text, optional)` });
  }
  const hasIn = raw.in !== undefined;
  const hasText = raw.text !== undefined;
  if (hasIn === hasText) {
    issues.push({ path, message: 'a pattern element needs exactly one of "in" and "text"' });
    return undefined;
  }
  if (raw.optional !== undefined && typeof raw.optional !== 'boolean') {
    issues.push({ path: `${path}.optional`, message: 'optional must be a boolean' });
  }
  const alternatives = hasIn ? raw.in : [raw.text];
  if (!Array.isArray(alternatives) || alternatives.length === 0 || !alternatives.every(nonEmptyString)) {
    issues.push({ path: hasIn ? `${path}.in` : `${path}.text`, message: 'must be a non-empty string or a non-empty array of non-empty strings' });
    return undefined;
  }
  return { in: alternatives, optional: raw.optional === true };
}

function checkRule(raw: unknown, path: string, issues: ValidationIssue[]): ContextRule | undefined {
  if (!isRecord(raw)) {
    issues.push({ path, message: 'a rule must be an object' });
    return undefined;
  }
  const id = nonEmptyString(raw.id) ? raw.id : undefined;
  const at = id === undefined ? path : `${path} (rule "${id}")`;
  const before = issues.length;
  for (const key of Object.keys(raw)) {
    if (!RULE_KEYS.has(key)) issues.push({ path: `${at}.${key}`, message: `unknown key "${key}" (allowed: ${[...RULE_KEYS].join(', ')})` });
  }
  if (id === undefined || !ID_SHAPE.test(id)) {
    issues.push({ path: `${at}.id`, message: 'id must be lower-case letters, digits, ".", "_" or "-"' });
  }
  if (!nonEmptyString(raw.literal)) issues.push({ path: `${at}.literal`, message: 'literal must be a non-empty string' });
  const category = CONTEXT_CATEGORIES.find((c) => c === raw.category);
  if (category === undefined) issues.push({ path: `${at}.category`, message: `category must be one of ${CONTEXT_CATEGORIES.join(', ')}` });
  const direction = CONTEXT_DIRECTIONS.find((d) => d === raw.direction);
  if (direction === undefined) issues.push({ path: `${at}.direction`, message: `direction must be one of ${CONTEXT_DIRECTIONS.join(', ')}` });
  if (category === 'PSEUDO' && direction !== undefined && direction !== 'PSEUDO') {
    issues.push({ path: `${at}.direction`, message: 'a PSEUDO category rule must have direction PSEUDO' });
  }
  if (category === 'TERMINATE' && direction !== undefined && direction !== 'TERMINATE' && direction !== 'SUBORDINATE') {
    issues.push({ path: `${at}.direction`, message: 'a TERMINATE category rule must have direction TERMINATE or SUBORDINATE' });
  }
  if (direction === 'SUBORDINATE' && category !== undefined && category !== 'TERMINATE') {
    issues.push({ path: `${at}.category`, message: 'a SUBORDINATE rule must have category TERMINATE' });
  }
  if (direction === 'SUBORDINATE' && (raw.stop_at === undefined || raw.stop_at === null)) {
    issues.push({ path: `${at}.stop_at`, message: 'a SUBORDINATE rule needs stop_at: the words that open the main clause after a comma' });
  }
  let maxScope: number | undefined;
  if (raw.max_scope !== undefined && raw.max_scope !== null) {
    if (typeof raw.max_scope !== 'number' || !Number.isInteger(raw.max_scope) || raw.max_scope < 1) {
      issues.push({ path: `${at}.max_scope`, message: 'max_scope must be a positive integer (tokens)' });
    } else if (direction === 'TERMINATE' || direction === 'PSEUDO' || direction === 'SUBORDINATE') {
      issues.push({ path: `${at}.max_scope`, message: `max_scope makes no sense for a ${direction} rule` });
    } else {
      maxScope = raw.max_scope;
    }
  }
  let stopAt: Set<string> | undefined;
  if (raw.stop_at !== undefined && raw.stop_at !== null) {
    if (!Array.isArray(raw.stop_at) || raw.stop_at.length === 0 || !raw.stop_at.every((w) => nonEmptyString(w) && !/\s/.test(w) && w === w.toLowerCase())) {
      issues.push({ path: `${at}.stop_at`, message: 'stop_at must be a non-empty array of lower-case single tokens' });
    } else if (direction === 'TERMINATE' || direction === 'PSEUDO') {
      issues.push({ path: `${at}.stop_at`, message: `stop_at makes no sense for a ${direction} rule` });
    } else {
      stopAt = new Set(raw.stop_at as string[]);
    }
  }
  const kinds = (key: 'allowed_types' | 'excluded_types'): Set<TargetKind> | undefined => {
    const v = raw[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || v.length === 0 || !v.every((k) => (TARGET_KINDS as readonly unknown[]).includes(k))) {
      issues.push({ path: `${at}.${key}`, message: `${key} must be a non-empty array of ${TARGET_KINDS.join(', ')}` });
      return undefined;
    }
    if (direction === 'TERMINATE' || direction === 'PSEUDO' || direction === 'SUBORDINATE') issues.push({ path: `${at}.${key}`, message: `${key} makes no sense for a ${direction} rule` });
    return new Set(v as TargetKind[]);
  };
  const allowedTypes = kinds('allowed_types');
  const excludedTypes = kinds('excluded_types');
  let pattern: PatternElement[] | undefined;
  if (raw.pattern !== undefined && raw.pattern !== null) {
    if (!Array.isArray(raw.pattern) || raw.pattern.length === 0) {
      issues.push({ path: `${at}.pattern`, message: 'pattern must be a non-empty array of elements' });
    } else {
      pattern = [];
      raw.pattern.forEach((el, i) => {
        const element = checkElement(el, `${at}.pattern[${i}]`, issues);
        if (element !== undefined) pattern?.push(element);
      });
      if (pattern.length > 0 && pattern.every((el) => el.optional)) {
        issues.push({ path: `${at}.pattern`, message: 'at least one pattern element must be required' });
      }
    }
  }
  if (issues.length > before || id === undefined || category === undefined || direction === undefined) return undefined;
  return {
    id,
    literal: raw.literal as string,
    ...(pattern === undefined ? {} : { pattern }),
    category,
    direction,
    ...(maxScope === undefined ? {} : { maxScope }),
    ...(stopAt === undefined ? {} : { stopAt }),
    ...(allowedTypes === undefined ? {} : { allowedTypes }),
    ...(excludedTypes === undefined ? {} : { excludedTypes }),
  };
}

/**
 * Checks a parsed context-rules file. Every issue path starts with the file name, and rule issues name
 * the rule id (`resources/context/en.json: rules[3] (rule "neg.no").direction`).
 */
export function validateContextLexicon(value: unknown, file: string): { lexicon?: ContextLexicon; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: 'a context-rules file must be a JSON object' }] };
  for (const key of Object.keys(value)) {
    if (!LEXICON_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: `unknown key "${key}" (allowed: ${[...LEXICON_KEYS].join(', ')})` });
  }
  if (value.kind !== CONTEXT_LEXICON_KIND) issues.push({ path: `${file}: kind`, message: `kind must be "${CONTEXT_LEXICON_KIND}"` });
  if (!nonEmptyString(value.version)) issues.push({ path: `${file}: version`, message: 'version must be a non-empty string' });
  if (!nonEmptyString(value.language)) issues.push({ path: `${file}: language`, message: 'language must be a non-empty string' });
  if (!Array.isArray(value.rules)) {
    issues.push({ path: `${file}: rules`, message: 'rules must be an array' });
    return { issues };
  }
  const rules: ContextRule[] = [];
  const seen = new Set<string>();
  value.rules.forEach((raw: unknown, i) => {
    const rule = checkRule(raw, `${file}: rules[${i}]`, issues);
    if (rule === undefined) return;
    if (seen.has(rule.id)) {
      issues.push({ path: `${file}: rules[${i}] (rule "${rule.id}").id`, message: `duplicate rule id "${rule.id}"` });
      return;
    }
    seen.add(rule.id);
    rules.push(rule);
  });
  if (issues.length > 0) return { issues };
  return { lexicon: { file, version: value.version as string, language: value.language as string, rules }, issues };
}
