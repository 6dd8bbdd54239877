// Applies the mention rules (src/engine/mention-rules/) to concept_detection's candidates: nothing inside a
// figure or table reference is a concept; a drug reading that the context contradicts gives way — a score or
// class (`ASA physical status`), an enzyme name's first word (`alanine aminotransferase`) or a common word
// without drug context (`fig`) loses its drug types (the candidate goes when it has no other type); an analyte
// measured (`serum creatinine`, `hemoglobin 9.1 g/dL`) keeps its substance types only (bacs when it has none); a food or
// other substance (`water`, `tobacco`, `peanuts`) as food or substance (food, sbst). A procedure followed by a
// place word (`intensive care unit`) loses its procedure types (mention-rules/procedure-place.ts). Concept ids stay.
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import type { Document } from '../../document.js';
import type { CompiledMentionRules } from '../../mention-rules/mention-rules.js';
import { isWeakDrugConcept } from '../medication/drug-finder.js';
import { drugMentionVerdict, figureReferenceSpans, inFigureReference, tokenSpan, type MentionVerdict } from '../../mention-rules/mention-verdict.js';
import { followedByPlaceWord, PLACE_SENSITIVE_TYPES } from '../../mention-rules/procedure-place.js';

export interface SenseCandidate {
  readonly begin: number;
  readonly end: number;
  readonly kb: KnowledgeBase;
  readonly concept: number;
  /** Semantic types reported instead of the concept's own. */
  readonly semanticTypes?: readonly string[];
}

/**
 * Semantic type an analyte measured keeps when it has no other than drug types: Biologically Active Substance
 * (UMLS types creatinine, hemoglobin, lactate so). Not lbpr: the measurement itself is the lab_value annotator's
 * LabValueInd, and the insight models would read an lbpr concept as a diagnostic procedure.
 */
const ANALYTE_TYPE = 'bacs';

export function applyMentionRules<C extends SenseCandidate>(doc: Document, candidates: C[], rules: CompiledMentionRules, drugTypes: ReadonlySet<string>): C[] {
  const figures = figureReferenceSpans(doc, rules).length > 0;
  let changed = false;
  const verdicts = new Map<string, MentionVerdict | null>();
  // Spans where something other than a drug-group catalogue entry (`Central Nervous System`, `Various`) was found.
  let named: Set<string> | undefined;
  const out: C[] = [];
  for (let c of candidates) {
    if (figures && inFigureReference(doc, rules, c.begin, c.end)) {
      changed = true;
      continue;
    }
    const concept = c.kb.concept(c.concept);
    let types = c.semanticTypes ?? concept.semanticTypes;
    // `intensive care unit`, `general surgery department`: a place or team, not a procedure.
    if (types.some((t) => PLACE_SENSITIVE_TYPES.has(t)) && followedByPlaceWord(doc, c.end)) {
      changed = true;
      types = types.filter((t) => !PLACE_SENSITIVE_TYPES.has(t));
      if (types.length === 0) continue;
      c = { ...c, semanticTypes: types };
    }
    if (!types.some((t) => drugTypes.has(t))) {
      out.push(c);
      continue;
    }
    const key = `${c.begin}:${c.end}`;
    if (isWeakDrugConcept(concept)) {
      named ??= namedSpans(candidates, drugTypes);
      if (named.has(key)) {
        changed = true;
        continue;
      }
    }
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      const [start, end] = tokenSpan(doc, c.begin, c.end);
      verdict = drugMentionVerdict(doc, rules, start, end, concept.preferredName) ?? null;
      verdicts.set(key, verdict);
    }
    if (verdict === null) {
      out.push(c);
      continue;
    }
    changed = true;
    if (verdict.kind === 'substance') {
      out.push({ ...c, semanticTypes: [verdict.semanticType] });
      continue;
    }
    const others = types.filter((t) => !drugTypes.has(t) || (verdict.kind === 'lab' && t === ANALYTE_TYPE));
    if (others.length > 0) out.push({ ...c, semanticTypes: others });
    else if (verdict.kind === 'lab') out.push({ ...c, semanticTypes: [ANALYTE_TYPE] });
  }
  return changed ? out : candidates;
}

function namedSpans(candidates: readonly SenseCandidate[], drugTypes: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const c of candidates) {
    const concept = c.kb.concept(c.concept);
    if (!(c.semanticTypes ?? concept.semanticTypes).some((t) => drugTypes.has(t)) || !isWeakDrugConcept(concept)) out.add(`${c.begin}:${c.end}`);
  }
  return out;
}
