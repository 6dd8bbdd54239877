// `modality` of the clinical annotations (reference §4.4: positive / negative / potential) from context:
// the negation and hypothetical flags an earlier annotator set on a concept at the same span, otherwise the
// annotator's own check with the ConText engine and the built-in rules (resources/context/en.json):
// NEGATED_EXISTENCE → negative, POSSIBLE_EXISTENCE or HYPOTHETICAL → potential.
// A scope never leaves its sentence, so triggers are looked for only in the sentences a target overlaps.
import type { Annotation, Document } from '../../document.js';
import { findContextScopes, matchTargets, type CompiledContext } from '../../context/context-engine.js';
import type { ContextCategory } from '../../context/context-rule.js';
import { matchTriggers, type TriggerMatch } from '../../context/trigger-trie.js';

export type Modality = 'positive' | 'negative' | 'potential';

const CATEGORIES: ReadonlySet<ContextCategory> = new Set<ContextCategory>(['NEGATED_EXISTENCE', 'POSSIBLE_EXISTENCE', 'HYPOTHETICAL']);
const NO_TRIGGERS: TriggerMatch[] = [];

/** The trigger matches of the sentences that overlap a target; none for the other sentences. */
function triggersNearTargets(doc: Document, compiled: CompiledContext, targets: readonly Annotation[]): TriggerMatch[][] {
  const spans = targets.map((t) => [t.begin, t.end] as const).sort((a, b) => a[0] - b[0]);
  // widest end among the targets that begin at or before each position of `spans`
  const reach: number[] = [];
  for (const [, end] of spans) reach.push(Math.max(end, reach.length === 0 ? end : reach[reach.length - 1]!));
  const { tokens } = doc;
  return doc.sentences.map((s) => {
    if (s.tokenEnd <= s.tokenStart) return NO_TRIGGERS;
    const begin = tokens[s.tokenStart]!.begin;
    const end = tokens[s.tokenEnd - 1]!.end;
    // the targets beginning before the sentence's end: does one of them end after its begin?
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]![0] < end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1]! > begin ? matchTriggers(tokens, s.tokenStart, s.tokenEnd, compiled.trie) : NO_TRIGGERS;
  });
}

/** Modality of each target, in target order. */
export function contextModalities(doc: Document, compiled: CompiledContext, targets: readonly Annotation[]): Modality[] {
  if (targets.length === 0) return [];
  const earlier = new Map<string, Annotation[]>();
  for (const c of doc.layers.get('concepts') ?? []) {
    const key = `${c.begin}:${c.end}`;
    const list = earlier.get(key);
    if (list === undefined) earlier.set(key, [c]);
    else list.push(c);
  }
  const scopes = findContextScopes(doc, compiled, CATEGORIES, triggersNearTargets(doc, compiled, targets));
  const negated = new Set<Annotation>();
  const potential = new Set<Annotation>();
  for (const hit of matchTargets(scopes, targets, { fullyCovered: true })) {
    if (hit.scope.category === 'NEGATED_EXISTENCE') negated.add(hit.target);
    else potential.add(hit.target);
  }
  return targets.map((t) => {
    const same = earlier.get(`${t.begin}:${t.end}`) ?? [];
    if (negated.has(t) || same.some((c) => c.negated === true)) return 'negative';
    if (potential.has(t) || same.some((c) => c.hypothetical === true)) return 'potential';
    return 'positive';
  });
}
