// `modality` of the clinical annotations (reference §4.4: positive / negative / potential) from context:
// the negation and hypothetical flags an earlier annotator set on a concept at the same span, otherwise the
// annotator's own check with the ConText engine and the built-in rules (resources/context/en.json):
// NEGATED_EXISTENCE → negative, POSSIBLE_EXISTENCE or HYPOTHETICAL → potential.
// A scope never leaves its sentence, so scopes are built only in the sentences a target overlaps. The
// trigger matches are the Document's shared ones (findTriggers: every sentence, once per Document and
// rule set), which the negation annotator later in the flow reads too instead of matching again.
import type { Annotation, Document } from '../../document.js';
import { findContextScopes, findTriggers, matchTargets, type CompiledContext } from '../../context/context-engine.js';
import type { ContextCategory } from '../../context/context-rule.js';
import type { TriggerMatch } from '../../context/trigger-trie.js';

export type Modality = 'positive' | 'negative' | 'potential';

const CATEGORIES: ReadonlySet<ContextCategory> = new Set<ContextCategory>(['NEGATED_EXISTENCE', 'POSSIBLE_EXISTENCE', 'HYPOTHETICAL']);
const NO_TRIGGERS: TriggerMatch[] = [];

/** The trigger matches of the sentences that overlap a target; none for the other sentences. */
function triggersNearTargets(doc: Document, compiled: CompiledContext, targets: readonly Annotation[]): TriggerMatch[][] {
  // target begins in ascending order, and the widest end among the targets up to each position
  const n = targets.length;
  const begins = new Float64Array(n);
  const reach = new Float64Array(n);
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (targets[i]!.begin < targets[i - 1]!.begin) sorted = false;
  const order = sorted ? targets : [...targets].sort((a, b) => a.begin - b.begin);
  let widest = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = order[i]!;
    begins[i] = t.begin;
    widest = Math.max(widest, t.end);
    reach[i] = widest;
  }
  const { tokens, sentences } = doc;
  const all = findTriggers(doc, compiled);
  const out: TriggerMatch[][] = [];
  for (let si = 0; si < sentences.length; si++) {
    const s = sentences[si]!;
    if (s.tokenEnd <= s.tokenStart) {
      out.push(NO_TRIGGERS);
      continue;
    }
    const begin = tokens[s.tokenStart]!.begin;
    const end = tokens[s.tokenEnd - 1]!.end;
    // the targets beginning before the sentence's end: does one of them end after its begin?
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (begins[mid]! < end) lo = mid + 1;
      else hi = mid;
    }
    out.push(lo > 0 && reach[lo - 1]! > begin ? all[si]! : NO_TRIGGERS);
  }
  return out;
}

/**
 * Negated / hypothetical flags of the earlier concepts at exactly each target's span (bit 1: a concept there
 * is negated, bit 2: one is hypothetical), by target index.
 */
function earlierFlags(doc: Document, targets: readonly Annotation[]): Uint8Array {
  const flags = new Uint8Array(targets.length);
  const concepts = doc.layers.get('concepts');
  if (concepts === undefined || concepts.length === 0) return flags;
  // Spans as numbers: begin * (text length + 1) + end (exact for any text shorter than 2^26 characters).
  const stride = doc.text.length + 1;
  const bySpan = new Map<number, number[]>();
  for (let i = 0; i < targets.length; i++) {
    const key = targets[i]!.begin * stride + targets[i]!.end;
    const list = bySpan.get(key);
    if (list === undefined) bySpan.set(key, [i]);
    else list.push(i);
  }
  for (const c of concepts) {
    const at = bySpan.get(c.begin * stride + c.end);
    if (at === undefined) continue;
    const bits = (c.negated === true ? 1 : 0) | (c.hypothetical === true ? 2 : 0);
    if (bits !== 0) for (const i of at) flags[i]! |= bits;
  }
  return flags;
}

/** Modality of each target, in target order. */
export function contextModalities(doc: Document, compiled: CompiledContext, targets: readonly Annotation[]): Modality[] {
  if (targets.length === 0) return [];
  const flags = earlierFlags(doc, targets);
  const scopes = findContextScopes(doc, compiled, CATEGORIES, triggersNearTargets(doc, compiled, targets));
  const negated = new Set<Annotation>();
  const potential = new Set<Annotation>();
  for (const hit of matchTargets(scopes, targets, { fullyCovered: true })) {
    if (hit.scope.category === 'NEGATED_EXISTENCE') negated.add(hit.target);
    else potential.add(hit.target);
  }
  const out: Modality[] = [];
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i]!;
    const f = flags[i]!;
    out.push(negated.has(t) || (f & 1) !== 0 ? 'negative' : potential.has(t) || (f & 2) !== 0 ? 'potential' : 'positive');
  }
  return out;
}
