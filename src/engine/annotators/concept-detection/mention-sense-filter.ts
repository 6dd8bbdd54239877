// Applies the mention rules (src/engine/mention-rules/) to concept_detection's candidates: nothing inside a
// figure or table reference is a concept; a drug reading that the context contradicts gives way — a score or
// class (`ASA physical status`), an enzyme name's first word (`alanine aminotransferase`) or a common word
// without drug context (`fig`) loses its drug types (the candidate goes when it has no other type); an analyte
// measured (`serum creatinine`, `hemoglobin 9.1 g/dL`) keeps its substance types only (bacs when it has none); a food or
// other substance (`water`, `tobacco`, `peanuts`) as food or substance (food, sbst). Concept ids stay.
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import type { Document } from '../../document.js';
import type { CompiledMentionRules } from '../../mention-rules/mention-rules.js';
import { isWeakDrugConcept } from '../medication/drug-finder.js';
import { drugMentionVerdict, figureReferenceSpans, inFigureReference, tokenSpan, type MentionVerdict } from '../../mention-rules/mention-verdict.js';

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

const LAB_TEST_TYPE = 'lbpr';

export function applyMentionRules<C extends SenseCandidate>(doc: Document, candidates: C[], rules: CompiledMentionRules, drugTypes: ReadonlySet<string>): C[] {
  const figures = figureReferenceSpans(doc, rules).length > 0;
  let changed = false;
  const verdicts = new Map<string, MentionVerdict | null>();
  // Spans where something other than a drug-group catalogue entry (`Central Nervous System`, `Various`) was found.
  let named: Set<string> | undefined;
  const out: C[] = [];
  for (const c of candidates) {
    if (figures && inFigureReference(doc, rules, c.begin, c.end)) {
      changed = true;
      continue;
    }
    const concept = c.kb.concept(c.concept);
    const types = c.semanticTypes ?? concept.semanticTypes;
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
  return dropUnmeasuredAnalytes(changed ? out : candidates, verdicts, drugTypes);
}

/**
 * A lab test read on the bare name of its analyte (`insulin`, `glucose`, `oxygen`: LOINC names a test by its
 * analyte) stands only where the words measure it: when a drug reading of the same span stood (no lab context:
 * `insulin therapy`, `supplemental oxygen`), the span names the substance given, not a test.
 */
function dropUnmeasuredAnalytes<C extends SenseCandidate>(candidates: C[], verdicts: ReadonlyMap<string, MentionVerdict | null>, drugTypes: ReadonlySet<string>): C[] {
  let drugSpans: Set<string> | undefined;
  for (const [key, verdict] of verdicts) if (verdict === null) (drugSpans ??= new Set()).add(key);
  if (drugSpans === undefined) return candidates;
  const kept = candidates.filter((c) => {
    if (!drugSpans!.has(`${c.begin}:${c.end}`)) return true;
    const types = c.semanticTypes ?? c.kb.concept(c.concept).semanticTypes;
    return !(types.includes(LAB_TEST_TYPE) && !types.some((t) => drugTypes.has(t)));
  });
  return kept.length === candidates.length ? candidates : kept;
}

function namedSpans(candidates: readonly SenseCandidate[], drugTypes: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const c of candidates) {
    const concept = c.kb.concept(c.concept);
    if (!(c.semanticTypes ?? concept.semanticTypes).some((t) => drugTypes.has(t)) || !isWeakDrugConcept(concept)) out.add(`${c.begin}:${c.end}`);
  }
  return out;
}
