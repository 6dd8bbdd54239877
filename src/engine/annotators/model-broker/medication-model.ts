// The `medication` insight model (reference §7): is the medication taken, considered, discussed or a lab
// measurement; was it started, stopped or its dose changed; did it cause an adverse event or an allergy?
import type { Evidence } from './evidence.js';
import { HIGH, LEANING, LIKELY, MINIMAL, NONE, SLIGHT, STRONG, WEAK, pick, score } from './scores.js';

export interface EventUsage {
  explicitScore: number;
  consideringScore: number;
  discussedScore: number;
}

export interface MedicationEvent {
  score: number;
  usage: EventUsage;
}

export interface MedicationInsight {
  usage: { takenScore: number; consideringScore: number; discussedScore: number; labMeasurementScore: number };
  startedEvent: MedicationEvent;
  stoppedEvent: MedicationEvent;
  doseChangedEvent: MedicationEvent;
  adverseEvent: MedicationEvent & { allergyScore: number };
}

export const MEDICATION_SEMANTIC_TYPES: ReadonlySet<string> = new Set(['phsu', 'antb', 'clnd', 'vita', 'horm', 'imft']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A `doseChange` the medication annotator attached to an administration (`increased to 20 mg`). */
function hasDoseChange(e: Evidence): boolean {
  const admin = e.target.administration;
  return Array.isArray(admin) && admin.some((a) => isRecord(a) && isRecord(a.doseChange));
}

function eventUsage(happened: boolean, considering: boolean, discussed: boolean): EventUsage {
  return {
    explicitScore: pick(happened && !considering && !discussed, STRONG, happened ? SLIGHT : NONE),
    consideringScore: pick(happened && considering, LIKELY, NONE),
    discussedScore: pick(happened && discussed, LIKELY, NONE),
  };
}

function event(cued: boolean, neg: boolean, considering: boolean, discussed: boolean): MedicationEvent {
  const happened = cued && !neg;
  return { score: pick(happened, STRONG, NONE), usage: eventUsage(happened, considering, discussed) };
}

/**
 * Whether the nearest `stopped` cue speaks of this drug: a `started` or `taken` cue nearer to it wins (`continue
 * lisinopril, stop metformin`: lisinopril is continued; `switched from metoprolol to carvedilol`: carvedilol is not
 * stopped, as `switched from` reaches only the drug right after it).
 */
function stoppedCue(e: Evidence): boolean {
  const stop = e.cues.get('stopped');
  if (stop === undefined) return false;
  const start = e.cues.get('started');
  const taken = e.cues.get('taken');
  return !((start !== undefined && start.distance < stop.distance) || (taken !== undefined && taken.distance < stop.distance));
}

export function medicationInsight(e: Evidence): MedicationInsight {
  const stopped = stoppedCue(e);
  // The drug-only ConText rules negate a drug that was stopped (`aspirin was discontinued`, as MACCROBAT marks it):
  // here that is the stoppedEvent, not a drug never given, so the usage scores stay those of a stopped drug.
  const neg = e.negated && !stopped;
  const cues = e.cues;
  const considering = !neg && (cues.has('considering') || e.conditional || (e.hypothetical && !e.possible));
  const discussed = !neg && cues.has('discussed');
  const lab = cues.has('labMeasurement');
  const allergyCue = cues.has('allergy');
  const allergySection = e.sectionClass === 'allergy';
  const adverseCue = cues.has('adverseEvent');
  const adverse = !neg && (allergyCue || adverseCue || allergySection);
  // Not taken by the patient: avoided, refused or not to be taken (`avoid ibuprofen`), or a family member's or
  // another person's drug (`her mother takes insulin`). An allergen keeps its takenScore: ACD's own cartridge asks
  // for takenScore >= 0.7 beside allergyScore >= 0.5 for MedicationAllergy (the drug was taken and reacted to); the
  // allergy shows in adverseEvent, which keeps it from PrescribedMedication.
  const notTaken = neg || cues.has('notTaken') || e.familyHistory || cues.has('nonPatient');
  return {
    usage: {
      takenScore: score(notTaken ? MINIMAL : considering || discussed ? SLIGHT : lab ? WEAK : STRONG),
      consideringScore: pick(considering, LIKELY, neg ? NONE : MINIMAL),
      discussedScore: pick(discussed, LIKELY, neg ? NONE : MINIMAL),
      labMeasurementScore: pick(lab, LIKELY, NONE),
    },
    startedEvent: event(cues.has('started') && !stopped, neg, considering, discussed),
    stoppedEvent: event(stopped, neg, considering, discussed),
    doseChangedEvent: event(cues.has('doseIncreased') || cues.has('doseDecreased') || cues.has('doseChanged') || hasDoseChange(e), neg, considering, discussed),
    adverseEvent: {
      score: score(!adverse ? NONE : allergyCue || adverseCue ? STRONG : LEANING),
      allergyScore: score(neg ? NONE : allergyCue ? HIGH : allergySection ? LIKELY : adverseCue ? 0.15 : NONE),
      usage: eventUsage(adverse, considering, discussed),
    },
  };
}
