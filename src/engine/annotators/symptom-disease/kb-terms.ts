// Knowledge-base mentions of the concepts whose semantic types a clinical annotator wants (symptom_disease:
// disorders; procedure: procedures; lab_value: lab tests), found with the shared term matcher
// (src/knowledge/matcher.ts, longest span), one concept chosen per span. The match itself is made once per
// Document and shared by these annotators (src/engine/document-matches.ts).
import type { CodeField, CompiledKnowledgeBase, Concept } from '../../../knowledge/kb.js';
import type { TermMatch } from '../../../knowledge/matcher.js';
import type { Document } from '../../document.js';
import { documentMatches } from '../../document-matches.js';
import { asCompiledKnowledgeBase } from '../concept-detection/concept-detection.js';
import type { KnowledgeBase } from '../../../knowledge/kb.js';

export interface KbTerms {
  readonly kb: CompiledKnowledgeBase;
}

export interface KbMention {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly concept: Concept;
  /** Every concept named by the span (the wanted ones), for callers that look at more than the chosen one. */
  readonly concepts: readonly Concept[];
}

export function compileKbTerms(kb: KnowledgeBase): KbTerms {
  const compiled = asCompiledKnowledgeBase(kb);
  return { kb: compiled };
}

/** Number of codes of a concept over CODE_FIELDS (named reads: the hot path of chooseConcept). */
function codeCount(c: Concept): number {
  const k = c.codes;
  return (k.icd10Code?.length ?? 0) + (k.icd9Code?.length ?? 0) + (k.snomedConceptId?.length ?? 0) + (k.meshId?.length ?? 0)
    + (k.nciCode?.length ?? 0) + (k.rxNormId?.length ?? 0) + (k.loincId?.length ?? 0) + (k.cptCode?.length ?? 0);
}

/** A UMLS CUI (`C0011849`) rather than a source id. */
export function isUmlsCui(cui: string): boolean {
  if (cui.length !== 8 || cui.charCodeAt(0) !== 67) return false;
  for (let i = 1; i < 8; i++) {
    const c = cui.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The concept to report for a span: a UMLS CUI first, then the one with most codes, then the first. */
export function chooseConcept(concepts: readonly Concept[]): Concept | undefined {
  if (concepts.length <= 1) return concepts[0];
  let best: Concept | undefined;
  let bestScore = -1;
  for (const c of concepts) {
    const score = (isUmlsCui(c.cui) ? 1000 : 0) + Math.min(codeCount(c), 999);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** Every match of the term index, nested ones included (sorted by begin, longer first). */
export function matchKb(doc: Document, terms: KbTerms): readonly TermMatch[] {
  return documentMatches(doc, terms.kb, { longestSpan: false });
}

/**
 * Per knowledge base and list of semantic types: per concept index, 0 = not looked at yet, 1 = none of the
 * types, 2 = one of them. A concept's types never change, so the answer is kept: a later document reads one
 * byte instead of the concept record, its type list and a set lookup per type.
 */
const typeFlagMemo = new WeakMap<KnowledgeBase, Map<string, Uint8Array>>();

function typeFlags(kb: KnowledgeBase, types: ReadonlySet<string>): Uint8Array {
  let perKb = typeFlagMemo.get(kb);
  if (perKb === undefined) {
    perKb = new Map();
    typeFlagMemo.set(kb, perKb);
  }
  const key = [...types].join('\n');
  let flags = perKb.get(key);
  if (flags === undefined) {
    flags = new Uint8Array(kb.conceptCount);
    perKb.set(key, flags);
  }
  return flags;
}

/** True when concept `index` has one of `types` (memoised in `flags`, see typeFlags). */
function wantedConcept(kb: KnowledgeBase, flags: Uint8Array, index: number, types: ReadonlySet<string>): boolean {
  let f = flags[index];
  if (f === undefined) return hasTypeIn(kb.concept(index), types);
  if (f === 0) {
    f = hasTypeIn(kb.concept(index), types) ? 2 : 1;
    flags[index] = f;
  }
  return f === 2;
}

/**
 * Mentions naming at least one concept with a wanted semantic type; among those, a mention nested in a
 * longer one is dropped (longest span over the wanted concepts only, so a longer match of another kind
 * never hides a disorder).
 */
export function findKbMentions(terms: KbTerms, matches: readonly TermMatch[], types: ReadonlySet<string>): KbMention[] {
  const out: KbMention[] = [];
  const flags = typeFlags(terms.kb, types);
  let maxEnd = -1;
  for (const m of matches) {
    // A match inside the last kept mention is dropped whatever it names.
    if (m.end <= maxEnd) continue;
    let wanted: Concept[] | undefined;
    for (const index of m.concepts) {
      if (wantedConcept(terms.kb, flags, index, types)) (wanted ??= []).push(terms.kb.concept(index));
    }
    if (wanted === undefined) continue;
    const concept = chooseConcept(wanted)!;
    maxEnd = m.end;
    out.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, concept, concepts: wanted });
  }
  return out;
}

/** Concepts of `indexes` with one of `types`, in order (memoised like findKbMentions); undefined when none. */
export function conceptsWithType(kb: KnowledgeBase, indexes: readonly number[], types: ReadonlySet<string>): Concept[] | undefined {
  const flags = typeFlags(kb, types);
  let out: Concept[] | undefined;
  for (const index of indexes) if (wantedConcept(kb, flags, index, types)) (out ??= []).push(kb.concept(index));
  return out;
}

/** True when one of the concept's semantic types is in `types`. */
export function hasTypeIn(concept: Concept, types: ReadonlySet<string>): boolean {
  for (const t of concept.semanticTypes) if (types.has(t)) return true;
  return false;
}

/** ACD code fields of a concept, comma-joined (reference §4.3), for the given fields. */
export function codeFields(concept: Concept, fields: readonly CodeField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const codes = concept.codes[f];
    if (codes !== undefined && codes.length > 0) out[f] = codes.join(',');
  }
  return out;
}

/** Writes the code fields of `concept` (as codeFields) onto `target`, in `fields` order. */
export function addCodeFields(target: Record<string, unknown>, concept: Concept, fields: readonly CodeField[]): void {
  const flat = codeFieldPairs(concept, fields);
  for (let i = 0; i < flat.length; i += 2) target[flat[i] as string] = flat[i + 1];
}

/**
 * Per list of fields, per concept: its code fields as [field, value, field, value, ...] (concepts never
 * change, so the joins are made once per concept, not per mention).
 */
const codeFieldMemo = new WeakMap<readonly CodeField[], WeakMap<Concept, readonly string[]>>();

function codeFieldPairs(concept: Concept, fields: readonly CodeField[]): readonly string[] {
  let perConcept = codeFieldMemo.get(fields);
  if (perConcept === undefined) codeFieldMemo.set(fields, (perConcept = new WeakMap()));
  let flat = perConcept.get(concept);
  if (flat === undefined) {
    const out: string[] = [];
    for (const f of fields) {
      const codes = concept.codes[f];
      if (codes !== undefined && codes.length > 0) out.push(f, codes.length === 1 ? (codes[0] as string) : codes.join(','));
    }
    perConcept.set(concept, (flat = out));
  }
  return flat;
}
