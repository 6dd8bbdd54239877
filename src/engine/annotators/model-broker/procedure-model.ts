// The `procedure` insight model (reference §7): was the procedure done (explicit), is it pending or only
// discussed; what task it serves (therapeutic, diagnostic, lab test, surgical, clinical assessment) and
// what kind of thing it is (procedure, device, material, medication, condition management).
import type { Evidence } from './evidence.js';
import type { InsightLexicon, ProcedureKeywordKind } from './insight-lexicon.js';
import { HIGH, LEANING, LIKELY, MEDIUM, MINIMAL, NONE, STRONG, WEAK, LOW, pick, score } from './scores.js';

export interface ProcedureInsight {
  usage: { explicitScore: number; pendingScore: number; discussedScore: number };
  task: { therapeuticScore: number; diagnosticScore: number; labTestScore: number; surgicalTaskScore: number; clinicalAssessmentScore: number };
  type: { deviceScore: number; materialScore: number; medicationScore: number; procedureScore: number; conditionManagementScore: number };
}

export const PROCEDURE_SEMANTIC_TYPES: ReadonlySet<string> = new Set(['topp', 'diap', 'lbpr', 'hlca']);

function addAll(found: Set<ProcedureKeywordKind>, kinds: readonly ProcedureKeywordKind[] | undefined): void {
  if (kinds !== undefined) for (const k of kinds) found.add(k);
}

/** Keyword kinds the annotation's words carry: a word equal to a keyword, or ending with a keyword of 4+ letters (`-ectomy`). */
export function keywordKinds(e: Evidence, lexicon: InsightLexicon): Set<ProcedureKeywordKind> {
  const { words, suffixes, phrases, anyPhrase, maxSuffix } = lexicon.keywordLookup;
  const found = new Set<ProcedureKeywordKind>();
  for (const w of e.words) {
    addAll(found, words.get(w));
    // Proper suffixes of 4+ letters (the keyword is shorter than the word).
    for (let length = Math.min(maxSuffix, w.length - 1); length >= 4; length--) addAll(found, suffixes.get(w.slice(w.length - length)));
  }
  if (anyPhrase.test(e.lowerText)) for (const p of phrases) if (!found.has(p.kind) && e.lowerText.includes(p.keyword)) found.add(p.kind);
  // In the lexicon's kind order, as listed.
  const out = new Set<ProcedureKeywordKind>();
  if (found.size === 0) return out;
  for (const kind of lexicon.procedureKeywords.keys()) if (found.has(kind)) out.add(kind);
  return out;
}

export function procedureInsight(e: Evidence, lexicon: InsightLexicon): ProcedureInsight {
  const neg = e.negated;
  const pending = !neg && (e.cues.has('pending') || e.conditional || (e.hypothetical && !e.possible) || (e.sectionClass === 'plan' && !e.historical && !e.cues.has('started')));
  const discussed = !neg && !pending && (e.cues.has('discussed') || e.cues.has('considering'));
  const t = e.semanticTypes;
  const k = keywordKinds(e, lexicon);
  let therapeutic = t.has('topp') ? STRONG : k.has('therapeutic') || k.has('surgical') ? LIKELY : MINIMAL;
  // A lab test (lbpr: "potassium 3.1", "Hgb 12.2") is reported as a lab value, not as a diagnostic procedure done.
  let diagnostic = t.has('diap') ? STRONG : k.has('diagnostic') ? LIKELY : t.has('lbpr') ? MEDIUM : k.has('labTest') ? 0.65 : MINIMAL;
  if (therapeutic === MINIMAL && diagnostic === MINIMAL && !t.has('hlca') && !k.has('assessment')) {
    // Nothing tells the task: lean therapeutic (docs/insights.md).
    therapeutic = MEDIUM;
    diagnostic = WEAK;
  }
  return {
    usage: {
      explicitScore: score(neg ? NONE : pending ? LOW : discussed ? 0.15 : e.possible ? WEAK : HIGH),
      pendingScore: pick(pending, STRONG, neg ? NONE : MINIMAL),
      discussedScore: pick(discussed, LIKELY, neg ? NONE : MINIMAL),
    },
    task: {
      therapeuticScore: score(therapeutic),
      diagnosticScore: score(diagnostic),
      labTestScore: t.has('lbpr') ? HIGH : pick(k.has('labTest'), LIKELY, MINIMAL),
      surgicalTaskScore: pick(k.has('surgical'), STRONG, MINIMAL),
      clinicalAssessmentScore: t.has('hlca') ? LEANING : pick(k.has('assessment'), 0.75, MINIMAL),
    },
    type: {
      deviceScore: pick(t.has('medd') || e.words.includes('device'), STRONG, MINIMAL),
      materialScore: pick(t.has('mnob') || t.has('bodm'), LIKELY, MINIMAL),
      medicationScore: pick(t.has('phsu') || t.has('antb') || e.words.includes('chemotherapy'), STRONG, MINIMAL),
      procedureScore: HIGH,
      conditionManagementScore: pick(k.has('conditionManagement'), 0.75, MINIMAL),
    },
  };
}
