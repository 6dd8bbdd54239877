// The categories of the entity evaluation (eval/entities-eval.ts) and the two mappings into them: from the gold
// labels of MACCROBAT 2020 and Chia, and from what POST /v1/analyze returns. docs/evaluation.md has the tables.
import type { BratDocument, BratFragment } from './brat.js';
import { entityOf } from './brat.js';

export const CATEGORIES = ['problem', 'procedure', 'lab test', 'lab value', 'medication', 'device', 'anatomy'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A mention, gold or predicted, with the assertion flags it carries. */
export interface Mention {
  readonly category: Category;
  readonly begin: number;
  readonly end: number;
  /** Gold discontinuous spans keep their fragments; a predicted mention is one fragment. */
  readonly fragments: readonly BratFragment[];
  readonly text: string;
  readonly negated: boolean;
  readonly uncertain: boolean;
}

export interface GoldDocument {
  readonly mentions: readonly Mention[];
  /** Spans that annotators marked as not annotated (Chia's exclusion labels): predictions inside them that match no gold are not counted. */
  readonly ignored: readonly BratFragment[];
}

// ---- gold ----------------------------------------------------------------------------------------------------

/** MACCROBAT: lab test and exam names are Diagnostic_procedure, so predicted lab tests count as procedures there. */
export const MACCROBAT_TYPES: Readonly<Record<string, Category>> = {
  Sign_symptom: 'problem',
  Disease_disorder: 'problem',
  Diagnostic_procedure: 'procedure',
  Therapeutic_procedure: 'procedure',
  Lab_value: 'lab value',
  Medication: 'medication',
  Biological_structure: 'anatomy',
};

/** MACCROBAT POLARITY values of events. */
const MACCROBAT_NEGATED = new Set(['NEG']);
const MACCROBAT_UNCERTAIN = new Set(['UNCERTAIN', 'MAYBE_POS', 'MAYBE_NEG']);

export function maccrobatGold(doc: BratDocument): GoldDocument {
  const polarity = new Map<string, string>();
  for (const a of doc.attributes) {
    if (a.name !== 'POLARITY') continue;
    const entity = entityOf(doc, a.target);
    if (entity !== undefined) polarity.set(entity.id, a.value);
  }
  const mentions: Mention[] = [];
  for (const e of doc.entities.values()) {
    const category = MACCROBAT_TYPES[e.type];
    if (category === undefined) continue;
    const p = polarity.get(e.id) ?? '';
    mentions.push({ category, begin: e.begin, end: e.end, fragments: e.fragments, text: e.text, negated: MACCROBAT_NEGATED.has(p), uncertain: MACCROBAT_UNCERTAIN.has(p) });
  }
  return { mentions, ignored: [] };
}

/** Chia entity types scored; a Value counts as a lab value only when a Measurement's Has_value points to it. */
export const CHIA_TYPES: Readonly<Record<string, Category>> = {
  Condition: 'problem',
  Procedure: 'procedure',
  Measurement: 'lab test',
  Drug: 'medication',
  Device: 'device',
};

/** Chia's annotator exclusion labels (annotation.conf !ERROR, plus the labels the files use besides): text not annotated as criteria. */
export const CHIA_EXCLUSIONS: ReadonlySet<string> = new Set([
  'Non-query-able', 'Post-eligibility', 'Pregnancy_considerations', 'Competing_trial', 'Informed_consent',
  'Intoxication_considerations', 'Non-representable', 'Parsing_Error', 'Grammar_Error', 'Context_Error',
  'Undefined_semantics', 'Subjective_judgement', 'Not_a_criteria',
]);

export function chiaGold(doc: BratDocument): GoldDocument {
  const negated = new Set<string>();
  const measuredValues = new Set<string>();
  for (const r of doc.relations) {
    if (r.type === 'Has_negation') negated.add(r.arg1);
    else if (r.type === 'Has_value' && doc.entities.get(r.arg1)?.type === 'Measurement') measuredValues.add(r.arg2);
  }
  const mentions: Mention[] = [];
  const ignored: BratFragment[] = [];
  for (const e of doc.entities.values()) {
    if (CHIA_EXCLUSIONS.has(e.type)) {
      ignored.push(...e.fragments);
      continue;
    }
    const category = CHIA_TYPES[e.type] ?? (e.type === 'Value' && measuredValues.has(e.id) ? 'lab value' : undefined);
    if (category === undefined) continue;
    mentions.push({ category, begin: e.begin, end: e.end, fragments: e.fragments, text: e.text, negated: negated.has(e.id), uncertain: false });
  }
  return { mentions, ignored };
}

// ---- predictions -----------------------------------------------------------------------------------------------

/** UMLS semantic types (`semanticType` of `concepts`) that name a category; other types are not scored. */
export const SEMANTIC_TYPE_CATEGORIES: Readonly<Record<string, Category>> = {
  // Disorders (DISO group)
  dsyn: 'problem', sosy: 'problem', fndg: 'problem', patf: 'problem', neop: 'problem', mobd: 'problem', inpo: 'problem',
  acab: 'problem', anab: 'problem', cgab: 'problem', comd: 'problem', emod: 'problem',
  // Procedures
  diap: 'procedure', topp: 'procedure', hlca: 'procedure',
  lbpr: 'lab test', clna: 'lab test',
  lbtr: 'lab value',
  // Drugs
  phsu: 'medication', antb: 'medication', clnd: 'medication', vita: 'medication',
  // Devices
  medd: 'device', drdd: 'device', resd: 'device',
  // Anatomy (ANAT group less body substances, cells and cell parts)
  anst: 'anatomy', bpoc: 'anatomy', blor: 'anatomy', bsoj: 'anatomy', bdsy: 'anatomy', tisu: 'anatomy', emst: 'anatomy', ffas: 'anatomy',
};

/** `*Ind` annotation lists of the response and their category. */
const IND_CATEGORIES: Readonly<Record<string, Category>> = {
  SymptomDiseaseInd: 'problem',
  IcaCancerDiagnosisInd: 'problem',
  ProcedureInd: 'procedure',
  MedicationInd: 'medication',
  AllergyMedicationInd: 'medication',
};

/** Attribute names (default cartridge) whose values are mentions of a category, when their source annotation is not in the response. */
export const ATTRIBUTE_CATEGORIES: Readonly<Record<string, Category>> = {
  Diagnosis: 'problem', PotentialDiagnosis: 'problem', PatientReportedCondition: 'problem',
  TherapeuticProcedure: 'procedure', DiagnosticProcedure: 'procedure',
  PrescribedMedication: 'medication', MedicationAllergy: 'medication',
  LabValue: 'lab value',
};

interface WireAnnotation {
  readonly uid?: number;
  readonly begin: number;
  readonly end: number;
  readonly semanticType?: string;
  readonly negated?: boolean;
  readonly hypothetical?: boolean;
  readonly modality?: string;
  readonly name?: string;
  readonly concept?: { readonly uid?: number };
  readonly labTypeSurfaceForm?: string;
  readonly value?: string;
  readonly coveredText?: string;
  readonly dimension?: string;
  readonly drug?: readonly { readonly begin: number; readonly end: number }[];
  readonly insightModelData?: { readonly normality?: { readonly evidence?: readonly { readonly begin: number; readonly end: number }[] } };
}

/** Attributes whose normality evidence (the words `normal`, `elevated`, ... or the value that decided) is a result. */
const FINDING_ATTRIBUTES: ReadonlySet<string> = new Set(['NormalFinding', 'AbnormalFinding']);

/** How far before (or after) a lab value its lab name is looked for, in characters. */
const LAB_NAME_REACH = 120;

/** The span of a lab value's name (`labTypeSurfaceForm`), written before the value or, failing that, right after it. */
export function labNameSpan(text: string, lab: { readonly begin: number; readonly end: number; readonly labTypeSurfaceForm?: string }): BratFragment | undefined {
  const name = lab.labTypeSurfaceForm;
  if (name === undefined || name.trim() === '') return undefined;
  const lower = text.toLowerCase();
  const needle = name.toLowerCase();
  const before = lower.lastIndexOf(needle, lab.begin - needle.length);
  if (before >= 0 && lab.begin - before <= LAB_NAME_REACH) return { begin: before, end: before + name.length };
  const within = lower.indexOf(needle, lab.begin);
  if (within >= 0 && within + name.length <= lab.end + LAB_NAME_REACH) return { begin: within, end: within + name.length };
  return undefined;
}

function mention(category: Category, text: string, begin: number, end: number, a: WireAnnotation): Mention {
  const uncertain = a.hypothetical === true || a.modality === 'potential' || a.modality === 'hypothetical';
  return { category, begin, end, fragments: [{ begin, end }], text: text.slice(begin, end), negated: a.negated === true, uncertain };
}

/** The mentions a response's `data` holds, by category (before merging, see mergeMentions). */
export function predictedMentions(data: Readonly<Record<string, unknown>>, text: string): Mention[] {
  const out: Mention[] = [];
  const uids = new Set<number>();
  for (const [key, value] of Object.entries(data)) {
    if (!Array.isArray(value)) continue;
    for (const a of value as WireAnnotation[]) if (typeof a.uid === 'number') uids.add(a.uid);
  }
  const list = (key: string): readonly WireAnnotation[] => (Array.isArray(data[key]) ? (data[key] as WireAnnotation[]) : []);
  for (const a of list('concepts')) {
    for (const type of (a.semanticType ?? '').split(',')) {
      const category = SEMANTIC_TYPE_CATEGORIES[type.trim()];
      if (category !== undefined) out.push(mention(category, text, a.begin, a.end, a));
    }
  }
  for (const [key, category] of Object.entries(IND_CATEGORIES)) {
    for (const a of list(key)) {
      const drugs = key === 'MedicationInd' ? (a.drug ?? []) : [];
      if (drugs.length > 0) for (const d of drugs) out.push(mention(category, text, d.begin, d.end, a));
      else out.push(mention(category, text, a.begin, a.end, a));
    }
  }
  for (const a of list('LabValueInd')) {
    out.push(mention('lab value', text, a.begin, a.end, a));
    const name = labNameSpan(text, a);
    if (name !== undefined) out.push(mention('lab test', text, name.begin, name.end, a));
  }
  // A concept's value (`fever of 38.9°C` → `38.9°C`), unless the concept is a drug (`aspirin 81 mg` is a dose) or the
  // value a duration (`for 6 months`).
  const drugs = out.filter((m) => m.category === 'medication');
  for (const a of list('conceptValues')) {
    if (typeof a.value !== 'string' || a.value.trim() === '' || typeof a.coveredText !== 'string' || a.dimension === 'time') continue;
    if (drugs.some((d) => d.begin < a.end && a.begin < d.end)) continue;
    const at = text.slice(a.begin, a.end).lastIndexOf(a.value);
    if (at >= 0) out.push(mention('lab value', text, a.begin + at, a.end, a));
  }
  for (const a of list('attributeValues')) {
    if (FINDING_ATTRIBUTES.has(a.name ?? '')) {
      for (const e of a.insightModelData?.normality?.evidence ?? []) out.push(mention('lab value', text, e.begin, e.end, a));
      continue;
    }
    const category = ATTRIBUTE_CATEGORIES[a.name ?? ''];
    if (category === undefined || (a.concept?.uid !== undefined && uids.has(a.concept.uid))) continue;
    out.push(mention(category, text, a.begin, a.end, a));
  }
  return out.filter((m) => m.end > m.begin);
}

/**
 * One mention per span and category: identical spans merge (their flags or-ed), and a span lying inside another of
 * the same category is dropped (a user reads `left ventricle`, not also `ventricle`).
 */
export function mergeMentions(mentions: readonly Mention[]): Mention[] {
  const byKey = new Map<string, Mention>();
  for (const m of mentions) {
    const key = `${m.category}\u0000${m.begin}\u0000${m.end}`;
    const seen = byKey.get(key);
    byKey.set(key, seen === undefined ? m : { ...seen, negated: seen.negated || m.negated, uncertain: seen.uncertain || m.uncertain });
  }
  const unique = [...byKey.values()];
  return unique.filter((m) => !unique.some((o) => o !== m && o.category === m.category && o.begin <= m.begin && m.end <= o.end && o.end - o.begin > m.end - m.begin));
}
