// The `diagnosis` insight model (reference §7): is a disease / symptom mention the patient's explicit
// condition, reported by the patient, discussed, suspected, a symptom, a trauma, or family history?
import type { Evidence } from './evidence.js';
import { HIGH, LIKELY, LOW, MEDIUM, MINIMAL, NONE, SLIGHT, STRONG, WEAK, LEANING, pick, score } from './scores.js';

export interface DiagnosisInsight {
  usage: { explicitScore: number; patientReportedScore: number; discussedScore: number };
  suspectedScore: number;
  symptomScore: number;
  traumaScore: number;
  familyHistoryScore: number;
}

export const DIAGNOSIS_SEMANTIC_TYPES: ReadonlySet<string> = new Set(['dsyn', 'sosy', 'neop', 'inpo', 'mobd', 'patf', 'acab', 'cgab', 'anab', 'comd', 'emod']);

function hasDiagnosisType(types: ReadonlySet<string>): boolean {
  for (const x of types) if (DIAGNOSIS_SEMANTIC_TYPES.has(x)) return true;
  return false;
}

export function diagnosisInsight(e: Evidence): DiagnosisInsight {
  const family = e.familyHistory || e.cues.has('nonPatient');
  const suspected = !e.negated && (e.possible || e.cues.has('suspected'));
  const discussed = !e.negated && !suspected && (e.conditional || e.hypothetical || e.cues.has('discussed') || e.cues.has('considering'));
  // A chief complaint is, by definition, what the patient reports.
  // A reported history (`reports a history of anxiety`) is a past diagnosis, not a complaint.
  const reported = !e.negated && ((e.cues.has('patientReported') && !e.historical) || e.sectionClass === 'complaint');
  // A condition written in an allergy list is the reaction to an allergen (`Penicillin (hives)`), not a diagnosis.
  // So is one written after `allergic to X` in the same statement (`allergic to codeine, which causes nausea`).
  const allergy = e.cues.get('allergy');
  const reaction = e.sectionClass === 'allergy' || (allergy !== undefined && !allergy.inside && allergy.end <= e.target.begin);
  const explicit = e.negated || family || suspected || discussed || reaction ? (e.negated ? NONE : LOW) : reported ? SLIGHT : HIGH;
  const t = e.semanticTypes;
  const symptom = t.has('sosy') ? HIGH : t.has('fndg') ? MEDIUM : hasDiagnosisType(t) ? LOW : WEAK;
  return {
    usage: {
      explicitScore: score(explicit),
      patientReportedScore: e.negated ? NONE : reported ? 0.75 : pick(e.sectionClass === 'subjective', WEAK, MINIMAL),
      discussedScore: pick(discussed, LIKELY, MINIMAL),
    },
    suspectedScore: e.negated ? NONE : pick(suspected, STRONG, MINIMAL),
    symptomScore: score(symptom),
    traumaScore: t.has('inpo') ? HIGH : pick(e.cues.has('trauma'), LEANING, MINIMAL),
    familyHistoryScore: pick(family, HIGH, NONE),
  };
}
