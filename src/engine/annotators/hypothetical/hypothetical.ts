// The `hypothetical` annotator (reference §5.1): flags annotations of the target layers that lie in the
// scope of a hypothetical or speculative trigger (`if`, `rule out`, `may`, `likely`, `cannot be excluded`,
// `discussed`, ...) with `hypothetical: true` and `hypotheticalType: "HypotheticalSpan"`, and reports the
// clause around each such trigger as a HypotheticalSpan whose `trigger` array lists the triggers. With
// `include_family_history`, family-history contexts produce FamilyHistorySpan the same way.
import { Type, type Static } from '@sinclair/typebox';
import { defineAnnotator, type AnnotationUpdate, type AnnotatorResult } from '../../annotator.js';
import type { Annotation, Document } from '../../document.js';
import type { CompiledContext, ContextHit } from '../../context/context-engine.js';
import type { ContextCategory } from '../../context/context-rule.js';
import { CONTEXT_RULE_SET_NAMES, compileContextRuleSets, ruleSetKey } from '../../context/context-lexicon.js';
import { collectTargets, DEFAULT_TARGET_LAYERS } from '../../context/context-targets.js';
import { extraAssertionFields, extraCategories, hitTargets, runContext } from '../../context/context-assertions.js';

export const hypotheticalParams = Type.Object({
  remove_hypothetical: Type.Boolean({ default: false, description: 'Remove hypothetical annotations from the response.' }),
  include_family_history: Type.Boolean({ default: false, description: 'Also treat family-history contexts as hypothetical (FamilyHistorySpan, hypotheticalType "FamilyHistorySpan").' }),
  include_speculation: Type.Boolean({ default: true, description: 'Extension: also treat speculation (`possible`, `likely`, `rule out`, `cannot be excluded`, ...) as hypothetical, as ACD does; false keeps ConText\'s narrower HYPOTHETICAL (conditional, future) only.' }),
  turn_off_internal_triggers: Type.Boolean({ default: false, description: 'Do not use the built-in trigger lexicon (nothing is found until custom triggers exist).' }),
  context_rule_sets: Type.Array(Type.Union(CONTEXT_RULE_SET_NAMES.map((n) => Type.Literal(n))), { default: ['default'], description: 'Extension: built-in trigger rule sets: `default` (general clinical), `radiology` (BioScope-style hedges: disjunctions, `consistent with`).' }),
  fully_covered: Type.Boolean({ default: true, description: 'Extension: true when an annotation must lie wholly in the scope to be hypothetical.' }),
  target_layers: Type.Array(Type.String({ minLength: 1 }), { default: [...DEFAULT_TARGET_LAYERS], description: 'Extension: the annotation layers (response data keys) whose annotations are judged.' }),
  detect_family_history: Type.Boolean({ default: false, description: 'Extension: also set `familyHistory` (true when the experiencer is a family member) on the target annotations.' }),
  detect_historical: Type.Boolean({ default: false, description: 'Extension: also set `historical` (true when the mention is in the past) on the target annotations.' }),
});

export type HypotheticalParams = Static<typeof hypotheticalParams>;

export type HypotheticalSpanType = 'HypotheticalSpan' | 'FamilyHistorySpan';

export interface HypotheticalTrigger {
  begin: number;
  end: number;
  coveredText: string;
  source: string;
}

export interface HypotheticalSpan extends Annotation {
  type: HypotheticalSpanType;
  trigger: HypotheticalTrigger[];
}

const HYPOTHETICAL_CATEGORIES: readonly ContextCategory[] = ['HYPOTHETICAL', 'POSSIBLE_EXISTENCE'];

function hypotheticalCategories(params: HypotheticalParams): readonly ContextCategory[] {
  if (params.turn_off_internal_triggers) return [];
  return params.include_speculation ? HYPOTHETICAL_CATEGORIES : ['HYPOTHETICAL'];
}

function addSpans(doc: Document, hits: readonly ContextHit[], type: HypotheticalSpanType, spans: Map<string, HypotheticalSpan>): void {
  for (const { scope } of hits) {
    const key = `${type}:${scope.clauseBegin}:${scope.clauseEnd}`;
    let span = spans.get(key);
    if (span === undefined) {
      span = {
        type,
        begin: scope.clauseBegin,
        end: scope.clauseEnd,
        coveredText: doc.text.slice(scope.clauseBegin, scope.clauseEnd),
        trigger: [],
        annotator: 'hypothetical',
        ruleId: scope.rule.id,
      };
      spans.set(key, span);
    }
    const t = scope.trigger;
    if (!span.trigger.some((x) => x.begin === t.begin && x.end === t.end)) {
      span.trigger.push({ begin: t.begin, end: t.end, coveredText: doc.text.slice(t.begin, t.end), source: 'internal' });
    }
  }
}

/** The usual update fields, shared (the pipeline only reads them). */
const HYPOTHETICAL_SPAN: Readonly<Record<string, unknown>> = Object.freeze({ hypothetical: true, hypotheticalType: 'HypotheticalSpan' });
const FAMILY_HISTORY_SPAN: Readonly<Record<string, unknown>> = Object.freeze({ hypothetical: true, hypotheticalType: 'FamilyHistorySpan' });
const NOT_HYPOTHETICAL: Readonly<Record<string, unknown>> = Object.freeze({ hypothetical: false });

/** The hypothetical analysis of one Document, as the changes the pipeline applies. */
export function annotateHypothetical(doc: Document, compiled: CompiledContext, params: HypotheticalParams): AnnotatorResult {
  const targets = collectTargets(doc, params.target_layers);
  const extras = { detectFamilyHistory: params.detect_family_history, detectHistorical: params.detect_historical };
  const own = hypotheticalCategories(params);
  const categories = new Set<ContextCategory>(own);
  if (params.include_family_history) categories.add('FAMILY');
  for (const c of extraCategories(extras)) categories.add(c);
  const run = runContext(doc, compiled, targets, [...categories], params.fully_covered, true);

  const hypotheticalHits = own.flatMap((c) => run.hits.get(c) ?? []);
  const familyHits = params.include_family_history ? run.hits.get('FAMILY') ?? [] : [];
  const spans = new Map<string, HypotheticalSpan>();
  addSpans(doc, hypotheticalHits, 'HypotheticalSpan', spans);
  addSpans(doc, familyHits, 'FamilyHistorySpan', spans);

  const hypothetical = new Set(hypotheticalHits.map((h) => h.target));
  const familyHypothetical = new Set(familyHits.map((h) => h.target));
  const family = hitTargets(run, 'FAMILY');
  const historical = hitTargets(run, 'HISTORICAL');
  const update: AnnotationUpdate[] = [];
  const removed: Annotation[] = [];
  const withExtras = extras.detectFamilyHistory || extras.detectHistorical;
  for (const target of targets) {
    const type: HypotheticalSpanType | undefined = hypothetical.has(target)
      ? 'HypotheticalSpan'
      : familyHypothetical.has(target) ? 'FamilyHistorySpan' : undefined;
    if (!withExtras) {
      // Without the extension fields (the usual case): the same updates, no per-target field objects to merge.
      if (type !== undefined) {
        update.push({ target, fields: type === 'HypotheticalSpan' ? HYPOTHETICAL_SPAN : FAMILY_HISTORY_SPAN });
        removed.push(target);
      } else if (target.hypothetical !== true) {
        update.push({ target, fields: NOT_HYPOTHETICAL });
      }
      continue;
    }
    const extra = extraAssertionFields(doc, target, extras, family, historical);
    if (type !== undefined) {
      update.push({ target, fields: { hypothetical: true, hypotheticalType: type, ...extra } });
      removed.push(target);
    } else if (target.hypothetical !== true) {
      update.push({ target, fields: { hypothetical: false, ...extra } });
    } else if (Object.keys(extra).length > 0) {
      update.push({ target, fields: extra });
    }
  }
  const ordered = [...spans.values()].sort((a, b) => a.begin - b.begin || a.end - b.end || a.type.localeCompare(b.type));
  return {
    add: { hypotheticalSpans: ordered },
    update,
    ...(params.remove_hypothetical ? { remove: removed } : {}),
  };
}

export const hypotheticalAnnotator = defineAnnotator({
  id: 'hypothetical',
  description: 'Finds hypothetical, conditional and speculative spans (and, on request, family-history spans) and flags the annotations in them.',
  requires: ['tokens', 'sentences'],
  produces: ['hypotheticalSpans'],
  params: hypotheticalParams,
  init: (): ReadonlyMap<string, CompiledContext> => compileContextRuleSets(),
  run: (doc, params, compiled) => {
    const context = compiled.get(ruleSetKey(params.context_rule_sets));
    return context === undefined
      ? annotateHypothetical(doc, compiled.get('default') as CompiledContext, { ...params, turn_off_internal_triggers: true })
      : annotateHypothetical(doc, context, params);
  },
});
