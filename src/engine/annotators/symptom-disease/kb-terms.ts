// Knowledge-base mentions of the concepts whose semantic types a clinical annotator wants (symptom_disease:
// disorders; procedure: procedures; lab_value: lab tests), found with the shared term matcher
// (src/knowledge/matcher.ts, longest span), one concept chosen per span. The match itself is made once per
// Document and shared by these annotators (src/engine/document-matches.ts).
import { CODE_FIELDS, type CodeField, type CompiledKnowledgeBase, type Concept } from '../../../knowledge/kb.js';
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

function codeCount(c: Concept): number {
  let n = 0;
  for (const f of CODE_FIELDS) n += c.codes[f as CodeField]?.length ?? 0;
  return n;
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
 * Mentions naming at least one concept with a wanted semantic type; among those, a mention nested in a
 * longer one is dropped (longest span over the wanted concepts only, so a longer match of another kind
 * never hides a disorder).
 */
export function findKbMentions(terms: KbTerms, matches: readonly TermMatch[], types: ReadonlySet<string>): KbMention[] {
  const out: KbMention[] = [];
  let maxEnd = -1;
  for (const m of matches) {
    const wanted: Concept[] = [];
    for (const index of m.concepts) {
      const c = terms.kb.concept(index);
      if (c.semanticTypes.some((t) => types.has(t))) wanted.push(c);
    }
    const concept = chooseConcept(wanted);
    if (concept === undefined) continue;
    if (m.end <= maxEnd) continue;
    maxEnd = m.end;
    out.push({ begin: m.begin, end: m.end, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, concept, concepts: wanted });
  }
  return out;
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
