// One meaning per span (issue 18): the open sources are not all linked, so one span of the built-in knowledge
// base often names several concepts of one semantic group: "stroke" is stroke and (by a synonym)
// cerebrovascular disease, "dizziness" the Symptom Ontology's dizziness and MeSH's Dizziness, "CAD" coronary
// artery disease, congenital alveolar dysplasia and cold agglutinin disease. A user wants the one the words
// mean; `all_candidates=true` keeps every reading. Per span and semantic group (a drug and its lab test at one
// span both stay), the concept kept is, in order:
//  1. one whose preferred name is the span's text (it is labelled by it; the others merely list it as a synonym);
//  2. one whose name the supervised training lexicon attests (annotators of the biomedical corpora gave the
//     surface form that concept: src/knowledge/builders/corpus-lexicon.ts);
//  3. one with a UMLS CUI, then one with a MeSH id, then the one with most codes;
//  4. the first in knowledge-base order.
// Before all of these, at an ambiguous short form of the disambiguation sense inventory (MS, PE, CA, EF...), the
// concept whose sense the context supports (disambiguation's judgeConcept, senseRanks in concept-detection.ts).
import type { Concept, KnowledgeBase } from '../../../knowledge/kb.js';
import type { SemanticTypeTable } from '../../../knowledge/semantic-types.js';
import { isUmlsCui } from '../symptom-disease/kb-terms.js';

/** Record sources of the training lexicon (corpus-lexicon.ts CORPUS_LEXICON_FILES). */
const TRAINING_LEXICON_VOCABS: ReadonlySet<string> = new Set(['NCBI_DISEASE_TRAIN', 'BC5CDR_TRAIN']);

export interface MeaningCandidate {
  readonly begin: number;
  readonly end: number;
  readonly kb: KnowledgeBase;
  readonly concept: number;
}

export interface MeaningChoiceContext {
  readonly kb: KnowledgeBase;
  readonly types: SemanticTypeTable;
  /** Normalised term key of a text. */
  termKey(text: string): string;
  /** Normalised preferred name of a built-in concept (memoised by the caller). */
  preferredKey(concept: number): string;
  /** Rank of a built-in concept apart from the span (memoised here, per concept index). */
  readonly ranks: Map<number, number>;
}

/** A concept with a UMLS CUI outranks one labelled by the span without one ("rash": Exanthema C0015230, not SYMP's rash). */
const CUI_FIRST = 20_000;

/** Rank of a concept apart from the span's text: attested, UMLS CUI, MeSH id, number of codes. */
function conceptRank(c: Concept): number {
  let codes = 0;
  for (const list of Object.values(c.codes)) codes += list?.length ?? 0;
  const attested = c.vocabs.some((v) => TRAINING_LEXICON_VOCABS.has(v));
  return (attested ? 4000 : 0) + (isUmlsCui(c.cui) ? 2000 : 0) + ((c.codes.meshId?.length ?? 0) > 0 ? 1000 : 0) + Math.min(codes, 999);
}

function rankOf(ctx: MeaningChoiceContext, concept: number): number {
  let rank = ctx.ranks.get(concept);
  if (rank === undefined) ctx.ranks.set(concept, (rank = conceptRank(ctx.kb.concept(concept))));
  return rank;
}

/** The end (exclusive) of the run of candidates that share candidates[i]'s span (a span's candidates are adjacent). */
export function spanRunEnd(candidates: readonly { readonly begin: number; readonly end: number }[], i: number): number {
  const { begin, end } = candidates[i]!;
  let j = i + 1;
  while (j < candidates.length && candidates[j]!.begin === begin && candidates[j]!.end === end) j++;
  return j;
}

/**
 * The candidates with one built-in concept per (span, semantic group) (see the file comment); candidates of
 * deployed dictionaries are never touched. Candidates of one span must be adjacent.
 */
export function chooseMeanings<C extends MeaningCandidate>(text: string, candidates: C[], ctx: MeaningChoiceContext, senseRank?: (candidate: C) => number): C[] {
  let dropped: Set<C> | undefined;
  for (let i = 0; i < candidates.length;) {
    const first = candidates[i]!;
    const j = spanRunEnd(candidates, i);
    const from = i;
    i = j;
    let builtIn = 0;
    for (let k = from; k < j; k++) if (candidates[k]!.kb === ctx.kb) builtIn++;
    if (builtIn < 2) continue;
    const key = ctx.termKey(text.slice(first.begin, first.end));
    const best = new Map<string, { candidate: C; score: number }>();
    for (let k = from; k < j; k++) {
      const c = candidates[k]!;
      if (c.kb !== ctx.kb) continue;
      const group = ctx.types.byAbbreviation(ctx.kb.concept(c.concept).semanticTypes[0] ?? '')?.group ?? '';
      // The context's judgement of an ambiguous short form (senseRank: 2 its sense fits, 1 undecided, 0 another sense fits) comes first.
      const score = (senseRank === undefined ? 0 : senseRank(c) * 100_000) + (ctx.preferredKey(c.concept) === key ? 10_000 : 0) + rankOf(ctx, c.concept) + (isUmlsCui(ctx.kb.concept(c.concept).cui) ? CUI_FIRST : 0);
      const seen = best.get(group);
      if (seen === undefined) best.set(group, { candidate: c, score });
      else if (score > seen.score) {
        (dropped ??= new Set()).add(seen.candidate);
        best.set(group, { candidate: c, score });
      } else (dropped ??= new Set()).add(c);
    }
  }
  return dropped === undefined ? candidates : candidates.filter((c) => !dropped!.has(c));
}
