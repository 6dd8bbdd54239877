// The built-in ConText rule sets (resources/context/*.json), validated when compiled. `default` is the
// general clinical lexicon; `radiology` adds BioScope-style hedges (disjunctions, `consistent with`).
// Other rule sets (a test's, a tenant's) go through the same `parseContextLexicon`.
import { DomainError } from '../../errors.js';
import { tokenize } from '../text/tokenize.js';
import defaultRules from '../../../resources/context/en.json' with { type: 'json' };
import radiologyRules from '../../../resources/context/en-radiology.json' with { type: 'json' };
import { validateContextLexicon, type ContextLexicon } from './context-rule.js';
import { compileContext, type CompiledContext } from './context-engine.js';

export const CONTEXT_RULE_SET_NAMES = ['default', 'radiology'] as const;
export type ContextRuleSetName = (typeof CONTEXT_RULE_SET_NAMES)[number];

const RULE_SET_FILES: Record<ContextRuleSetName, { file: string; body: unknown }> = {
  default: { file: 'resources/context/en.json', body: defaultRules },
  radiology: { file: 'resources/context/en-radiology.json', body: radiologyRules },
};

export const CONTEXT_LEXICON_FILE = RULE_SET_FILES.default.file;

/** Validates a parsed rules file; throws INVALID_RESOURCE_FILE listing every issue (file and rule named). */
export function parseContextLexicon(value: unknown, file: string): ContextLexicon {
  const { lexicon, issues } = validateContextLexicon(value, file);
  if (lexicon === undefined) {
    throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }
  return lexicon;
}

/**
 * The built-in rule sets compiled once per process, keyed by `ruleSetKey` (they are immutable resources).
 * Every annotator that asks for the same rule sets gets the same CompiledContext, so the trigger matches
 * of a Document are found once and shared (findTriggers in context-engine.ts).
 */
const compiledBuiltIns = new Map<string, CompiledContext>();

function compileBuiltIn(names: readonly ContextRuleSetName[]): CompiledContext {
  const unique = CONTEXT_RULE_SET_NAMES.filter((n) => names.includes(n));
  const key = ruleSetKey(unique);
  let compiled = compiledBuiltIns.get(key);
  if (compiled === undefined) {
    compiled = compileContext(unique.map((n) => parseContextLexicon(RULE_SET_FILES[n].body, RULE_SET_FILES[n].file)), tokenize);
    compiledBuiltIns.set(key, compiled);
  }
  return compiled;
}

/** Parses and compiles built-in rule sets (default: the general English lexicon) with the engine tokenizer. */
export function compileDefaultContext(names: readonly ContextRuleSetName[] = ['default']): CompiledContext {
  return compileBuiltIn(names);
}

/** Every combination of built-in rule sets, compiled once (annotator init), keyed by `ruleSetKey`. */
export function compileContextRuleSets(): ReadonlyMap<string, CompiledContext> {
  const out = new Map<string, CompiledContext>();
  const count = CONTEXT_RULE_SET_NAMES.length;
  for (let mask = 1; mask < 1 << count; mask++) {
    const names = CONTEXT_RULE_SET_NAMES.filter((_, i) => (mask & (1 << i)) !== 0);
    out.set(ruleSetKey(names), compileBuiltIn(names));
  }
  return out;
}

export function ruleSetKey(names: readonly string[]): string {
  return CONTEXT_RULE_SET_NAMES.filter((n) => names.includes(n)).join('+');
}
