// The substance-use insight models (reference §7): `tobacco`, `alcohol`, `illicitDrug` and `substance`
// (abuse treatment). Each reads the same evidence: is the substance used, not used or only discussed;
// current, stopped or never; how much (alcohol), medical or abuse (drugs); exposure; someone else's use.
import type { Annotation } from '../../document.js';
import type { Evidence } from './evidence.js';
import type { InsightLexicon, SubstanceKind } from './insight-lexicon.js';
import { HIGH, LEANING, LIKELY, MEDIUM, MINIMAL, NONE, STRONG, WEAK, LOW, SLIGHT, pick, score } from './scores.js';

export interface SubstanceUsage {
  useScore: number;
  noneScore: number;
  discussedScore: number;
}

export interface TobaccoInsight {
  usage: SubstanceUsage;
  useStatus: { currentScore: number; stoppedScore: number; neverScore: number };
  exposureScore: number;
  nonPatientScore: number;
  treatmentScore: number;
}

export interface AlcoholInsight {
  usage: SubstanceUsage;
  useStatus: { stoppedScore: number; neverScore: number };
  useQualifier: { lightScore: number; moderateScore: number; heavyScore: number; abuseScore: number };
  exposureScore: number;
  nonPatientScore: number;
}

export interface IllicitDrugInsight {
  usage: SubstanceUsage;
  useStatus: { stoppedScore: number; neverScore: number };
  useDimension: { medicalScore: number; abuseScore: number };
  exposureScore: number;
  nonPatientScore: number;
}

export interface SubstanceInsight {
  treatment: { discussedScore: number; complianceScore: number };
  treatmentScore: number;
  nonPatientScore: number;
}

/** Inference-rule tags (concept_inference_rules of the clinical insights cartridge) → substance kinds. */
export const SUBSTANCE_TAGS: Readonly<Record<string, SubstanceKind>> = {
  ICTobacco: 'tobacco',
  ICAlcohol: 'alcohol',
  ICIllicitDrug: 'illicitDrug',
  ICDrugCandidate: 'illicitDrug',
  ICSuspiciousDrug: 'illicitDrug',
  ICSubstanceAbuseTreatment: 'substanceTreatment',
  ICSubstanceAbuseTreatmentDrug: 'substanceTreatment',
};

/** The tag model_broker adds to a concept whose substance kind came from the lexicon (no rule tagged it). */
export const TAG_OF_KIND: Readonly<Record<SubstanceKind, string>> = {
  tobacco: 'ICTobacco',
  alcohol: 'ICAlcohol',
  illicitDrug: 'ICIllicitDrug',
  substanceTreatment: 'ICSubstanceAbuseTreatment',
};

/** True when one of the annotation's inference-rule tags names a substance kind. */
export function hasSubstanceTag(e: Evidence): boolean {
  for (const tag of e.candidates) if (SUBSTANCE_TAGS[tag] !== undefined) return true;
  return false;
}

/**
 * The substance kinds of an annotation: from its inference-rule tags when it has any substance tag,
 * otherwise from the lexicon's substance terms found in its text (so the models work without the
 * cartridge's rules); `SmokingInd` annotations are tobacco.
 */
export function substanceKinds(e: Evidence, lexicon: InsightLexicon, cache?: SubstanceTermCache): ReadonlySet<SubstanceKind> {
  let out: Set<SubstanceKind> | undefined;
  for (const tag of e.candidates) {
    const kind = SUBSTANCE_TAGS[tag];
    if (kind !== undefined) (out ??= new Set()).add(kind);
  }
  if (e.layer === 'SmokingInd') (out ??= new Set()).add('tobacco');
  if (out !== undefined) return out;
  const kinds = cachedTermKinds(e, lexicon, cache ?? termCacheOf(lexicon));
  return kinds.length === 0 ? NO_KINDS : new Set(kinds);
}

const NO_KINDS: ReadonlySet<SubstanceKind> = new Set();

/**
 * A SmokingInd whose smoked substance is an illicit drug and that names no tobacco (`smokes marijuana`): the
 * smoking words in it are not tobacco use (the drug's own concept tells the drug use).
 */
export function smokesOnlyIllicitDrug(a: Annotation): boolean {
  return typeof a.illicitDrugSurfaceForm === 'string' && a.smokeSubstanceSurfaceForm === undefined;
}
/** Distinct texts kept per lexicon before the cache starts over (it only saves time). */
const TERM_CACHE_LIMIT = 50_000;
/**
 * The substance kinds the lexicon's terms give texts (a pure function of an annotation's covered text and
 * preferred name): covered text → preferred name → kinds. Kept in model_broker's compiled state.
 */
export interface SubstanceTermCache {
  readonly lexicon: InsightLexicon;
  byText: Map<string, Map<string, readonly SubstanceKind[]>>;
  size: number;
}

export function createSubstanceTermCache(lexicon: InsightLexicon): SubstanceTermCache {
  return { lexicon, byText: new Map(), size: 0 };
}

/** Caches for callers that keep none (tests, other models). */
const termCaches = new WeakMap<InsightLexicon, SubstanceTermCache>();

function termCacheOf(lexicon: InsightLexicon): SubstanceTermCache {
  let cache = termCaches.get(lexicon);
  if (cache === undefined) termCaches.set(lexicon, (cache = createSubstanceTermCache(lexicon)));
  return cache;
}

function cachedTermKinds(e: Evidence, lexicon: InsightLexicon, cache: SubstanceTermCache): readonly SubstanceKind[] {
  if (cache.lexicon !== lexicon) return termKinds(e.words, e.lowerText, lexicon);
  const covered = e.target.coveredText;
  const preferred = typeof e.target.preferredName === 'string' ? e.target.preferredName : '';
  if (cache.size >= TERM_CACHE_LIMIT) {
    cache.byText = new Map();
    cache.size = 0;
  }
  let byPreferred = cache.byText.get(covered);
  if (byPreferred === undefined) cache.byText.set(covered, (byPreferred = new Map()));
  let kinds = byPreferred.get(preferred);
  if (kinds === undefined) {
    kinds = termKinds(e.words, e.lowerText, lexicon);
    byPreferred.set(preferred, kinds);
    cache.size++;
  }
  return kinds;
}

/** Substance terms found in an annotation's text (a whole word, or a phrase in the text), in the lexicon's term order. */
function termKinds(words: readonly string[], lowerText: string, lexicon: InsightLexicon): readonly SubstanceKind[] {
  const { kinds, words: termWords, phrases, anyPhrase } = lexicon.substanceLookup;
  let hits: number[] | undefined;
  for (const w of words) {
    const order = termWords.get(w);
    if (order !== undefined) (hits ??= []).push(order);
  }
  if (anyPhrase.test(lowerText)) for (const p of phrases) if (lowerText.includes(p.term)) (hits ??= []).push(p.order);
  if (hits === undefined) return [];
  hits.sort((a, b) => a - b);
  const out: SubstanceKind[] = [];
  for (const order of hits) {
    const kind = kinds[order] as SubstanceKind;
    if (!out.includes(kind)) out.push(kind);
  }
  return out;
}

interface UseState {
  /** Nothing says the substance is used, not used, or anything else (`slipped on the ice`). */
  mentionOnly: boolean;
  none: boolean;
  never: boolean;
  stopped: boolean;
  current: boolean;
  discussed: boolean;
  nonPatient: boolean;
  exposure: boolean;
}

/** Cue kinds that say something about use of a substance. */
const USE_EVIDENCE = ['use', 'useCurrent', 'useStopped', 'useAbuse', 'useLight', 'useModerate', 'useHeavy', 'useNone', 'tobaccoNone', 'alcoholNone', 'useNever', 'exposure', 'treatment', 'taken', 'patientReported', 'discussed', 'considering', 'nonPatient'] as const;
/** Words that make a mention describe use by themselves (`smoker`, `alcohol abuse`, `cocaine use`). */
const SELF_DESCRIBING: ReadonlySet<string> = new Set(['smoker', 'smokers', 'smokes', 'smoked', 'smoking', 'drinker', 'drinks', 'drinking', 'use', 'user', 'users', 'using', 'abuse', 'dependence', 'addiction', 'alcoholism', 'alcoholic', 'intoxication', 'withdrawal', 'overdose']);

/** The cue kind that names this substance's absence (`nonsmoker`, `nondrinker`), if it has one. */
const NAMED_NONE: Partial<Record<SubstanceKind, 'tobaccoNone' | 'alcoholNone'>> = { tobacco: 'tobaccoNone', alcohol: 'alcoholNone' };

function useState(e: Evidence, kind?: SubstanceKind): UseState {
  const mentionOnly = !e.negated && !e.historical && !e.conditional && e.sectionClass !== 'social' && e.layer !== 'SmokingInd'
    && !USE_EVIDENCE.some((k) => e.cues.has(k)) && !e.words.some((w) => SELF_DESCRIBING.has(w));
  const never = e.cues.has('useNever');
  const named = kind === undefined ? undefined : NAMED_NONE[kind];
  // The whole statement decides: a current cue nearer than a stopped one wins (`continues to smoke ... trying to
  // quit`, `quit drinking ... drinks again now`); a historical scope alone yields to a current cue.
  const stopCue = e.cues.get('useStopped');
  // A substance negated by its own stopping (`stopped using cocaine`: a drug-stopping rule negates it) was used: the
  // stop cue right next to it makes it former use, not none.
  const stoppedHere = stopCue !== undefined && stopCue.distance <= 2 && !never && !e.cues.has('useNone');
  const none = (e.negated && !stoppedHere) || never || e.cues.has('useNone') || (named !== undefined && e.cues.has(named));
  const currentCue = e.cues.get('useCurrent');
  const stopped = !none && (stopCue !== undefined ? currentCue === undefined || stopCue.distance <= currentCue.distance : e.historical && currentCue === undefined);
  const current = !none && !stopped && currentCue !== undefined;
  const discussed = !none && (e.cues.has('discussed') || e.conditional || e.cues.has('considering'));
  const nonPatient = e.familyHistory || e.cues.has('nonPatient');
  return { mentionOnly, none, never, stopped, current, discussed, nonPatient, exposure: e.cues.has('exposure') };
}

function usage(s: UseState): SubstanceUsage {
  return {
    useScore: score(s.none ? MINIMAL : s.discussed ? WEAK : s.mentionOnly ? MEDIUM : STRONG),
    noneScore: pick(s.none, HIGH, MINIMAL),
    discussedScore: pick(s.discussed, LIKELY, MINIMAL),
  };
}

export function tobaccoInsight(e: Evidence): TobaccoInsight {
  const s = useState(e, 'tobacco');
  return {
    usage: usage(s),
    useStatus: { currentScore: pick(s.current, STRONG, LOW), stoppedScore: pick(s.stopped, STRONG, MINIMAL), neverScore: pick(s.never, HIGH, MINIMAL) },
    exposureScore: pick(s.exposure, STRONG, MINIMAL),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL),
    treatmentScore: pick(e.cues.has('treatment') && !e.negated, STRONG, MINIMAL),
  };
}

export function alcoholInsight(e: Evidence): AlcoholInsight {
  const s = useState(e, 'alcohol');
  const used = !s.none;
  return {
    usage: usage(s),
    useStatus: { stoppedScore: pick(s.stopped, STRONG, MINIMAL), neverScore: pick(s.never, HIGH, MINIMAL) },
    useQualifier: {
      lightScore: pick(used && e.cues.has('useLight'), LIKELY, MINIMAL),
      moderateScore: pick(used && e.cues.has('useModerate'), LIKELY, MINIMAL),
      heavyScore: pick(used && e.cues.has('useHeavy'), LIKELY, MINIMAL),
      abuseScore: pick(used && e.cues.has('useAbuse'), STRONG, MINIMAL),
    },
    exposureScore: pick(s.exposure, STRONG, MINIMAL),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL),
  };
}

export function illicitDrugInsight(e: Evidence): IllicitDrugInsight {
  const s = useState(e);
  const medicalCue = e.cues.has('medicalUse');
  const abuseCue = e.cues.has('useAbuse');
  const illicit = e.candidates.has('ICIllicitDrug') || (!e.candidates.has('ICDrugCandidate') && !e.candidates.has('ICSuspiciousDrug'));
  const candidate = e.candidates.has('ICDrugCandidate');
  const abuse = s.none ? MINIMAL : abuseCue ? HIGH : medicalCue ? LOW : illicit ? STRONG : candidate ? LEANING : LOW;
  const medical = s.none ? MINIMAL : medicalCue ? STRONG : illicit ? MINIMAL : candidate ? SLIGHT : LIKELY;
  return {
    usage: usage(s),
    useStatus: { stoppedScore: pick(s.stopped, STRONG, MINIMAL), neverScore: pick(s.never, HIGH, MINIMAL) },
    useDimension: { medicalScore: score(medical), abuseScore: score(abuse) },
    exposureScore: pick(s.exposure, STRONG, MINIMAL),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL),
  };
}

export function substanceInsight(e: Evidence, isTreatment: boolean): SubstanceInsight {
  const s = useState(e);
  const treated = !e.negated && (isTreatment || e.cues.has('treatment'));
  return {
    treatment: {
      discussedScore: pick(treated && s.discussed, LIKELY, MINIMAL),
      complianceScore: pick(treated && e.cues.has('compliance'), LIKELY, MINIMAL),
    },
    treatmentScore: pick(treated, STRONG, NONE),
    nonPatientScore: pick(s.nonPatient, STRONG, MINIMAL),
  };
}
