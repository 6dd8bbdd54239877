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

/** Parses and compiles built-in rule sets (default: the general English lexicon) with the engine tokenizer. */
export function compileDefaultContext(names: readonly ContextRuleSetName[] = ['default']): CompiledContext {
  const unique = CONTEXT_RULE_SET_NAMES.filter((n) => names.includes(n));
  return compileContext(unique.map((n) => parseContextLexicon(RULE_SET_FILES[n].body, RULE_SET_FILES[n].file)), tokenize);
}

/** Every combination of built-in rule sets, compiled once (annotator init), keyed by `ruleSetKey`. */
export function compileContextRuleSets(): ReadonlyMap<string, CompiledContext> {
  const lexicons = new Map(CONTEXT_RULE_SET_NAMES.map((n) => [n, parseContextLexicon(RULE_SET_FILES[n].body, RULE_SET_FILES[n].file)]));
  const out = new Map<string, CompiledContext>();
  const count = CONTEXT_RULE_SET_NAMES.length;
  for (let mask = 1; mask < 1 << count; mask++) {
    const names = CONTEXT_RULE_SET_NAMES.filter((_, i) => (mask & (1 << i)) !== 0);
    out.set(ruleSetKey(names), compileContext(names.map((n) => lexicons.get(n) as ContextLexicon), tokenize));
  }
  return out;
}

export function ruleSetKey(names: readonly string[]): string {
  return CONTEXT_RULE_SET_NAMES.filter((n) => names.includes(n)).join('+');
}
