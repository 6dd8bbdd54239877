// `modality` of the clinical annotations (reference §4.4: positive / negative / potential) from context:
// the negation and hypothetical flags an earlier annotator set on a concept at the same span, otherwise the
// annotator's own check with the ConText engine and the built-in rules (resources/context/en.json):
// NEGATED_EXISTENCE → negative, POSSIBLE_EXISTENCE or HYPOTHETICAL → potential.
import type { Annotation, Document } from '../../document.js';
import type { CompiledContext } from '../../context/context-engine.js';
import { hitTargets, runContext } from '../../context/context-assertions.js';

export type Modality = 'positive' | 'negative' | 'potential';

/** Modality of each target, in target order. `spanOf` gives the span judged (e.g. the trigger term). */
export function contextModalities(doc: Document, compiled: CompiledContext, targets: readonly Annotation[]): Modality[] {
  if (targets.length === 0) return [];
  const earlier = new Map<string, Annotation[]>();
  for (const c of doc.layers.get('concepts') ?? []) {
    const key = `${c.begin}:${c.end}`;
    const list = earlier.get(key);
    if (list === undefined) earlier.set(key, [c]);
    else list.push(c);
  }
  const run = runContext(doc, compiled, targets, ['NEGATED_EXISTENCE', 'POSSIBLE_EXISTENCE', 'HYPOTHETICAL'], true);
  const negated = hitTargets(run, 'NEGATED_EXISTENCE');
  const potential = hitTargets(run, 'POSSIBLE_EXISTENCE', 'HYPOTHETICAL');
  return targets.map((t) => {
    const same = earlier.get(`${t.begin}:${t.end}`) ?? [];
    if (negated.has(t) || same.some((c) => c.negated === true)) return 'negative';
    if (potential.has(t) || same.some((c) => c.hypothetical === true)) return 'potential';
    return 'positive';
  });
}
