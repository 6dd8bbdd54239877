// Applies the mention rules (src/engine/mention-rules/) to concept_detection's candidates: nothing inside a
// figure or table reference is a concept; a drug reading that the context contradicts gives way — a score or
// class (`ASA physical status`), an enzyme name's first word (`alanine aminotransferase`) or a common word
// without drug context (`fig`) loses its drug types (the candidate goes when it has no other type); an analyte
// measured (`serum creatinine`, `hemoglobin 9.1 g/dL`) keeps its substance types only (bacs when it has none); a food or
// other substance (`water`, `tobacco`, `peanuts`) as food or substance (food, sbst). A name that also names a lab
// test at the same span (`bilirubin`, `creatinine`: LOINC's analytes) is a drug only with a dose, a route or
// `therapy` near it; a concept that is a procedure besides a drug (`radiation therapy`) is the procedure. A procedure
// followed by a place word (`intensive care unit`) loses its procedure types (mention-rules/procedure-place.ts).
// Concept ids stay.
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import type { Document } from '../../document.js';
import type { CompiledMentionRules } from '../../mention-rules/mention-rules.js';
import { isWeakDrugConcept } from '../medication/drug-finder.js';
import { drugContextAround, drugMentionVerdict, figureReferenceSpans, inFigureReference, namesTest, tokenSpan, type MentionVerdict } from '../../mention-rules/mention-verdict.js';
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

/** Lab tests and measurements: a drug name at the same span is the analyte unless drug context says otherwise. */
const LAB_TEST_TYPES: ReadonlySet<string> = new Set(['lbpr', 'clna']);

/** Disorder types (the DISO group's problem types): before a test head (`HIV test`) the name is the test's. */
const PROBLEM_TYPES: ReadonlySet<string> = new Set(['dsyn', 'sosy', 'fndg', 'patf', 'neop', 'mobd', 'inpo', 'acab', 'anab', 'cgab', 'comd', 'emod']);

/** Procedure types: a concept typed as a procedure and a drug (`radiation therapy`) is the procedure. */
export const PROCEDURE_TYPES: ReadonlySet<string> = new Set(['topp', 'diap', 'lbpr', 'hlca']);

/** A lab test's own type: its bare-name reading gives way where the drug reading of the span stands. */
const LAB_TEST_TYPE = 'lbpr';

export function applyMentionRules<C extends SenseCandidate>(doc: Document, candidates: C[], rules: CompiledMentionRules, drugTypes: ReadonlySet<string>): C[] {
  const figures = figureReferenceSpans(doc, rules).length > 0;
  let changed = false;
  const verdicts = new Map<string, MentionVerdict | null>();
  // Spans where something other than a drug-group catalogue entry (`Central Nervous System`, `Various`) was found.
  let named: Set<string> | undefined;
  let labSpans: Set<string> | undefined;
  const tests = new Map<string, boolean>();
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
    const key = `${c.begin}:${c.end}`;
    if (types.some((t) => PROBLEM_TYPES.has(t))) {
      let test = tests.get(key);
      if (test === undefined) {
        const [start, end] = tokenSpan(doc, c.begin, c.end);
        // A concept that reaches over the disorder into the test (`lung cancer screening`: cancer screening) names the
        // test itself; both stay, as overlapping matches do.
        tests.set(key, (test = namesTest(doc, rules, start, end) && !candidates.some((o) => o.begin > c.begin && o.begin < c.end && o.end > c.end)));
      }
      if (test) {
        changed = true;
        // The concept keeps its other types (an agent's own, a test's); a disorder only goes.
        const others = types.filter((t) => !PROBLEM_TYPES.has(t));
        if (others.length > 0) out.push({ ...c, semanticTypes: others });
        continue;
      }
    }
    if (!types.some((t) => drugTypes.has(t))) {
      if (rules.routeWords.size > 0 && types.some((t) => ANATOMY_TYPES.has(t)) && isRouteOfDrug(doc, rules, c, candidates, drugTypes)) {
        changed = true;
        continue;
      }
      out.push(c);
      continue;
    }
    if (isWeakDrugConcept(concept)) {
      named ??= namedSpans(candidates, drugTypes);
      if (named.has(key)) {
        changed = true;
        continue;
      }
    }
    if (types.some((t) => PROCEDURE_TYPES.has(t))) {
      changed = true;
      out.push({ ...c, semanticTypes: types.filter((t) => !drugTypes.has(t)) });
      continue;
    }
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      const [start, end] = tokenSpan(doc, c.begin, c.end);
      verdict = drugMentionVerdict(doc, rules, start, end, concept.preferredName) ?? null;
      if (verdict === null) {
        labSpans ??= spansOfTypes(candidates, LAB_TEST_TYPES);
        if (labSpans.has(key) && !drugContextAround(doc, rules, start, end)) verdict = { kind: 'lab' };
      }
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

/** Anatomy types a route word (`oral`, `rectal`) may carry in the knowledge base (Oral Cavity). */
const ANATOMY_TYPES: ReadonlySet<string> = new Set(['bpoc', 'blor', 'bsoj', 'tisu']);

/** How far after a route word a drug name may start (`oral prednisone`, `intravenous high-dose methylprednisolone`). */
const ROUTE_REACH_CHARS = 24;

/**
 * A one-word route (`oral`, `intravenous`) beside a drug, a dose or a word of giving (`oral prednisone`, `given
 * orally`, `oral intake`) names how a drug is taken, not a body part: the medication annotator reports it as the route.
 */
function isRouteOfDrug(doc: Document, rules: CompiledMentionRules, c: SenseCandidate, candidates: readonly SenseCandidate[], drugTypes: ReadonlySet<string>): boolean {
  if (!rules.routeWords.has(doc.text.slice(c.begin, c.end).toLowerCase())) return false;
  for (const o of candidates) {
    if (o.begin >= c.end && o.begin - c.end <= ROUTE_REACH_CHARS && (o.semanticTypes ?? o.kb.concept(o.concept).semanticTypes).some((t) => drugTypes.has(t))) return true;
  }
  const [start, end] = tokenSpan(doc, c.begin, c.end);
  return drugContextAround(doc, rules, start, end);
}

/** `begin:end` of the candidates with one of `types`. */
function spansOfTypes(candidates: readonly SenseCandidate[], types: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const c of candidates) if ((c.semanticTypes ?? c.kb.concept(c.concept).semanticTypes).some((t) => types.has(t))) out.add(`${c.begin}:${c.end}`);
  return out;
}
