// Flows built from annotator ids (the CLI's `--annotators`, and the flow used when none is given):
// ACD's documented run order (reference §5.2, DOC `usage/analyze_text.md`), spell_checker first.
import type { AnnotatorDefinition } from './annotator.js';
import type { Flow } from './flow-types.js';

/** Step of each ACD annotator id in the documented order; lower steps run first. */
export const ACD_RUN_STEP: Readonly<Record<string, number>> = {
  spell_checker: 0,
  section: 1,
  concept_detection: 2, allergy: 2, bathing_assistance: 2, cancer: 2, dressing_assistance: 2, eating_assistance: 2,
  ejection_fraction: 2, lab_value: 2, medication: 2, named_entities: 2, procedure: 2, seeing_assistance: 2, smoking: 2,
  symptom_disease: 2, toileting_assistance: 2, walking_assistance: 2,
  disambiguation: 3,
  concept_value: 4,
  hypothetical: 5, negation: 5,
  relation: 6,
  model_broker: 7,
  attribute_detection: 8,
};

/** A flow running `ids` in the given order, each with no parameters. */
export function flowOfIds(ids: readonly string[]): Flow {
  return { elements: ids.map((name) => ({ annotator: { name } })), async: false };
}

/** Ids sorted by ACD run step (unknown ids keep their place after the known steps; the sort is stable). */
export function sortByRunStep(ids: readonly string[]): string[] {
  const step = (id: string): number => ACD_RUN_STEP[id] ?? 9;
  return [...ids].sort((a, b) => step(a) - step(b));
}

/** Every given annotator, in ACD run order. */
export function defaultFlow(annotators: readonly AnnotatorDefinition[]): Flow {
  return flowOfIds(sortByRunStep(annotators.map((a) => a.id)));
}
