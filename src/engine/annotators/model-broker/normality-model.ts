// The `normality` insight model (reference §7): is a finding, test or body part described as normal or
// abnormal, is it a finding at all, and which words say so (`evidence`). Cues: `normal`, `unremarkable`,
// `within normal limits`, `elevated`, `low`, `abnormal`, ... (resources/insights/en.json), a value outside a
// reference range written after it (`potassium 6.1 (3.5-5.0)`), and, when the note says neither, a lab value
// outside its default adult reference interval (`potassium 3.1 mmol/L`; reference-intervals.ts).
import type { Document } from '../../document.js';
import type { CueHit, Evidence } from './evidence.js';
import { judgeByReferenceInterval, type ReferenceIntervals } from './reference-intervals.js';
import { HIGH, LIKELY, LEANING, MEDIUM, MINIMAL, NONE, STRONG, WEAK, LOW, score } from './scores.js';

export interface EvidenceSpan {
  begin: number;
  end: number;
  coveredText: string;
}

export interface NormalityInsight {
  usage: { normalScore: number; abnormalScore: number; unknownScore: number; nonFindingScore: number };
  directlyAffectedScore: number;
  evidence: EvidenceSpan[];
}

export const NORMALITY_SEMANTIC_TYPES: ReadonlySet<string> = new Set(['bpoc', 'blor', 'bsoj', 'bdsu', 'bdsy', 'lbtr', 'tisu', 'anst', 'phsf', 'lbpr', 'diap']);

/** Layers whose annotations are acts or things, not findings, unless a cue says otherwise. */
const NON_FINDING_LAYERS: ReadonlySet<string> = new Set(['ProcedureInd', 'MedicationInd']);

export interface RangeCheck {
  readonly outside: boolean;
  readonly span: EvidenceSpan;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
/** `6.1 (3.5-5.0)`, `6.1 [ref 3.5 - 5.0]`, `6.1, normal range 3.5 to 5.0` — the value, then a range. */
const VALUE_THEN_RANGE = new RegExp(String.raw`^[^\d;]{0,24}?(${NUMBER})[^\d;()\[\]]{0,16}?[(\[]?\s*(?:ref(?:erence)?(?: range)?|normal(?: range)?|range|nl)?[:\s]*(${NUMBER})\s*(?:-|–|to)\s*(${NUMBER})`, 'i');

/**
 * Whether a digit comes within the first 26 characters of [from, to) with no `;` before it: VALUE_THEN_RANGE
 * cannot match otherwise (its value starts after at most 24 other characters and a sign).
 */
function numberStartsNear(text: string, from: number, to: number): boolean {
  const last = Math.min(to, from + 26);
  for (let i = from; i < last; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
    if (c === 59) return false;
  }
  return false;
}

/** A value written right after the annotation and a reference range after it; undefined when there is none. */
export function checkReferenceRange(doc: Document, e: Evidence): RangeCheck | undefined {
  const sentence = doc.sentences[e.sentenceIndex];
  if (sentence === undefined) return undefined;
  const from = e.target.end;
  const to = Math.min(sentence.end, from + 80);
  if (!numberStartsNear(doc.text, from, to)) return undefined;
  const tail = doc.text.slice(from, to);
  const labValue = typeof e.target.labValue === 'string' ? Number(e.target.labValue) : undefined;
  const m = VALUE_THEN_RANGE.exec(tail);
  if (m === null) return undefined;
  const value = labValue !== undefined && Number.isFinite(labValue) ? labValue : Number(m[1]);
  const lo = Number(m[2]);
  const hi = Number(m[3]);
  if (!Number.isFinite(value) || !(lo < hi)) return undefined;
  const begin = from + (m.index ?? 0) + m[0].indexOf(m[1] as string);
  let end = from + (m.index ?? 0) + m[0].length;
  const next = doc.text[end];
  if (next === ')' || next === ']') end++;
  return { outside: value < lo || value > hi, span: { begin, end, coveredText: doc.text.slice(begin, end) } };
}

function spanOf(hit: CueHit): EvidenceSpan {
  return { begin: hit.begin, end: hit.end, coveredText: hit.coveredText };
}

/**
 * `medication`: the annotation is a drug; only a lab-measurement cue (`digoxin level elevated`) makes the
 * normality cues and ranges about it (`warfarin was reduced` is a dose change, not a finding).
 * `intervals`: default reference intervals for LabValueInd values the note neither ranges nor qualifies.
 */
export function normalityInsight(doc: Document, e: Evidence, medication = false, intervals?: ReferenceIntervals): NormalityInsight {
  const measured = !medication || e.cues.has('labMeasurement');
  const normal = measured ? e.cues.get('normal') : undefined;
  const abnormal = measured ? e.cues.get('abnormal') : undefined;
  const range = measured ? checkReferenceRange(doc, e) : undefined;
  let verdict: 'normal' | 'abnormal' | undefined;
  let cue: CueHit | undefined;
  let byInterval = false;
  if (range !== undefined) verdict = range.outside ? 'abnormal' : 'normal';
  else if (normal !== undefined && (abnormal === undefined || normal.distance < abnormal.distance)) {
    verdict = 'normal';
    cue = normal;
  } else if (abnormal !== undefined) {
    verdict = 'abnormal';
    cue = abnormal;
  } else if (intervals !== undefined && e.layer === 'LabValueInd') {
    const judged = judgeByReferenceInterval(e.target, intervals);
    if (judged !== undefined) {
      verdict = judged.outside ? 'abnormal' : 'normal';
      byInterval = true;
    }
  }
  // A default interval's evidence is the value itself: nothing else in the text says so.
  const { begin, end, coveredText } = e.target;
  const evidence: EvidenceSpan[] = range !== undefined ? [range.span] : cue !== undefined ? [spanOf(cue)] : byInterval ? [{ begin, end, coveredText }] : [];
  if (e.negated) {
    return { usage: { normalScore: score(MINIMAL), abnormalScore: score(NONE), unknownScore: score(LEANING), nonFindingScore: score(MINIMAL) }, directlyAffectedScore: score(NONE), evidence };
  }
  if (verdict === undefined) {
    const nonFinding = medication || NON_FINDING_LAYERS.has(e.layer);
    return {
      usage: { normalScore: score(MINIMAL), abnormalScore: score(MINIMAL), unknownScore: score(nonFinding ? WEAK : LIKELY), nonFindingScore: score(nonFinding ? LEANING : LOW) },
      directlyAffectedScore: score(NONE),
      evidence,
    };
  }
  const direct = range !== undefined || byInterval || (cue !== undefined && (cue.inside || cue.distance <= 2));
  // A default interval is the service's judgement, not the note's: one level below a cue.
  const decided = byInterval ? LIKELY : STRONG;
  return {
    usage: {
      normalScore: score(verdict === 'normal' ? decided : MINIMAL),
      abnormalScore: score(verdict === 'abnormal' ? (range !== undefined ? HIGH : decided) : MINIMAL),
      unknownScore: score(MINIMAL),
      nonFindingScore: score(MINIMAL),
    },
    directlyAffectedScore: score(direct ? LIKELY : MEDIUM),
    evidence,
  };
}
