// The `negation` annotator (reference §5.1): flags annotations of the target layers that lie in the scope
// of a negation trigger (`negated: true`, every other target `negated: false`) and reports one
// NegatedSpan per negated span with the trigger that negated it. The algorithm is the ConText engine
// (src/engine/context/); this file only maps its hits to ACD output.
import { Type, type Static } from '@sinclair/typebox';
import { defineAnnotator, type AnnotationUpdate, type AnnotatorResult } from '../../annotator.js';
import type { Annotation, Document } from '../../document.js';
import type { CompiledContext } from '../../context/context-engine.js';
import { compileDefaultContext } from '../../context/context-lexicon.js';
import { collectTargets, DEFAULT_TARGET_LAYERS } from '../../context/context-targets.js';
import { extraAssertionFields, extraCategories, hitTargets, runContext } from '../../context/context-assertions.js';

export const NEGATION_TRIGGER_TYPE = 'NegationTrigger';

export const negationParams = Type.Object({
  fully_covered: Type.Boolean({ default: true, description: 'True: an annotation is negated only when its whole span lies in the negation scope; false: any overlap is enough.' }),
  remove_negated: Type.Boolean({ default: false, description: 'Remove negated annotations from the response.' }),
  target_layers: Type.Array(Type.String({ minLength: 1 }), { default: [...DEFAULT_TARGET_LAYERS], description: 'Extension: the annotation layers (response data keys) whose annotations are judged.' }),
  detect_family_history: Type.Boolean({ default: false, description: 'Extension: also set `familyHistory` (true when the experiencer is a family member) on the target annotations.' }),
  detect_historical: Type.Boolean({ default: false, description: 'Extension: also set `historical` (true when the mention is in the past) on the target annotations.' }),
});

export type NegationParams = Static<typeof negationParams>;

export interface NegatedSpan extends Annotation {
  type: 'NegatedSpan';
  trigger: { begin: number; end: number; coveredText: string; type: string };
}

/** The usual update fields, shared (the pipeline only reads them). */
const NEGATED: Readonly<Record<string, unknown>> = Object.freeze({ negated: true });
const NOT_NEGATED: Readonly<Record<string, unknown>> = Object.freeze({ negated: false });

/** The negation analysis of one Document, as the changes the pipeline applies. */
export function annotateNegation(doc: Document, compiled: CompiledContext, params: NegationParams): AnnotatorResult {
  const targets = collectTargets(doc, params.target_layers);
  const extras = { detectFamilyHistory: params.detect_family_history, detectHistorical: params.detect_historical };
  const run = runContext(doc, compiled, targets, ['NEGATED_EXISTENCE', ...extraCategories(extras)], params.fully_covered);
  const negatedHits = run.hits.get('NEGATED_EXISTENCE') ?? [];
  const family = hitTargets(run, 'FAMILY');
  const historical = hitTargets(run, 'HISTORICAL');

  const spans = new Map<string, NegatedSpan>();
  const negated = new Set<Annotation>();
  for (const { target, scope } of [...negatedHits].sort((a, b) => a.target.begin - b.target.begin || a.target.end - b.target.end)) {
    negated.add(target);
    const key = `${target.begin}:${target.end}`;
    if (spans.has(key)) continue;
    const t = scope.trigger;
    spans.set(key, {
      type: 'NegatedSpan',
      begin: target.begin,
      end: target.end,
      coveredText: doc.text.slice(target.begin, target.end),
      trigger: { begin: t.begin, end: t.end, coveredText: doc.text.slice(t.begin, t.end), type: NEGATION_TRIGGER_TYPE },
      annotator: 'negation',
      ruleId: scope.rule.id,
    });
  }

  const update: AnnotationUpdate[] = [];
  const withExtras = extras.detectFamilyHistory || extras.detectHistorical;
  for (const target of targets) {
    const isNegated = negated.has(target) || target.negated === true;
    const fields = withExtras ? { negated: isNegated, ...extraAssertionFields(doc, target, extras, family, historical, isNegated) } : isNegated ? NEGATED : NOT_NEGATED;
    update.push({ target, fields });
  }
  return {
    add: { negatedSpans: [...spans.values()] },
    update,
    ...(params.remove_negated ? { remove: [...negated] } : {}),
  };
}

export const negationAnnotator = defineAnnotator({
  id: 'negation',
  description: 'Finds negated spans (ConText/NegEx triggers, pseudo-triggers and terminations) and flags negated annotations.',
  requires: ['tokens', 'sentences'],
  produces: ['negatedSpans'],
  params: negationParams,
  init: (): CompiledContext => compileDefaultContext(),
  run: (doc, params, compiled) => annotateNegation(doc, compiled, params),
});
