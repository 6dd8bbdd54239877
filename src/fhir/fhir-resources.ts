// One FHIR R4 resource per clinical statement (acd-statements.ts); docs/fhir.md gives the mapping.
// Every resource carries where it came from: the standard derivation-reference extension (the note's
// DocumentReference, offset and length in the note's text) and this service's nlp-annotation extension
// (covered text, annotator, attribute name).
import { SYSTEM, type Coding } from './code-systems.js';
import { score, type AcdAnnotation, type Statement } from './acd-statements.js';
import { FHIR_MAPPING } from './fhir-mapping.js';
import { decimalOf, durationOf, quantityOf, timingRepeatOf, type Quantity } from './quantities.js';

export type FhirResource = Record<string, unknown> & { readonly resourceType: string };
export interface Reference { readonly reference?: string; readonly display?: string }

export const DERIVATION_REFERENCE_URL = 'http://hl7.org/fhir/StructureDefinition/derivation-reference';
export const NLP_ANNOTATION_URL = 'https://clinical-annotator.github.io/fhir/StructureDefinition/nlp-annotation';

export interface ResourceContext {
  readonly subject: Reference;
  readonly encounter?: Reference;
  /** The note's DocumentReference (its fullUrl), which derivation references point to. */
  readonly document: Reference;
}

const SCORE = 0.5;

function concept(codings: readonly Coding[], text: string): Record<string, unknown> {
  return codings.length > 0 ? { coding: codings, text } : { text };
}

function coded(system: string, code: string, display?: string): Record<string, unknown> {
  return { coding: [{ system, code, ...(display === undefined ? {} : { display }) }] };
}

function provenance(s: Statement, ctx: ResourceContext): Record<string, unknown>[] {
  return [
    {
      url: DERIVATION_REFERENCE_URL,
      extension: [
        { url: 'reference', valueReference: ctx.document },
        { url: 'path', valueString: 'DocumentReference.content.attachment' },
        { url: 'offset', valueUnsignedInt: s.begin },
        { url: 'length', valueUnsignedInt: s.end - s.begin },
      ],
    },
    {
      url: NLP_ANNOTATION_URL,
      extension: [
        { url: 'coveredText', valueString: s.coveredText },
        { url: 'annotator', valueString: s.annotator },
        ...(s.attribute === undefined ? [] : [{ url: 'attribute', valueString: s.attribute.name }]),
      ],
    },
  ];
}

function conditionVerification(s: Statement): 'refuted' | 'unconfirmed' | 'provisional' | 'confirmed' {
  if (s.negated) return 'refuted';
  if (s.hypothetical || s.attribute?.rule.verification === 'unconfirmed') return 'unconfirmed';
  if (s.attribute?.rule.verification === 'provisional' || score(s.source, ['diagnosis', 'suspectedScore']) >= SCORE) return 'provisional';
  return 'confirmed';
}

export function conditionOf(s: Statement, ctx: ResourceContext): FhirResource {
  const verification = conditionVerification(s);
  // A refuted condition has no clinical status (there is nothing to be active or resolved).
  const clinical = verification === 'refuted' ? undefined : s.historical ? 'inactive' : 'active';
  return {
    resourceType: 'Condition',
    extension: provenance(s, ctx),
    ...(clinical === undefined ? {} : { clinicalStatus: coded(SYSTEM.conditionClinical, clinical) }),
    verificationStatus: coded(SYSTEM.conditionVerification, verification),
    category: [coded(SYSTEM.conditionCategory, 'encounter-diagnosis', 'Encounter Diagnosis')],
    code: concept(s.codings, s.name),
    subject: ctx.subject,
    ...(ctx.encounter === undefined ? {} : { encounter: ctx.encounter }),
  };
}

/** One FamilyMemberHistory per relative, with the conditions said of them (negated ones are left out). */
export function familyMemberHistoriesOf(statements: readonly Statement[], ctx: ResourceContext): FhirResource[] {
  const byRelative = new Map<string, Statement[]>();
  for (const s of statements) {
    if (s.kind !== 'condition' || s.family === undefined || s.negated) continue;
    const list = byRelative.get(s.family.code) ?? [];
    list.push(s);
    byRelative.set(s.family.code, list);
  }
  return [...byRelative.values()].map((list) => {
    const relative = list[0]!.family!;
    return {
      resourceType: 'FamilyMemberHistory',
      extension: list.flatMap((s) => provenance(s, ctx)),
      status: 'partial',
      patient: ctx.subject,
      relationship: { ...coded(SYSTEM.roleCode, relative.code, relative.display), text: relative.display },
      condition: list.map((s) => ({ code: concept(s.codings, s.name) })),
    };
  });
}

function medicationStatus(s: Statement): string {
  const a = s.detail ?? s.source;
  // The context engine also negates a drug that was stopped ("discontinued", "held"): it was taken, then stopped.
  if (score(a, ['medication', 'stoppedEvent', 'score']) >= SCORE) return 'stopped';
  if (s.negated) return 'not-taken';
  if (s.hypothetical || score(a, ['medication', 'usage', 'consideringScore']) >= SCORE) return 'intended';
  if (score(a, ['medication', 'usage', 'takenScore']) >= SCORE) return 'active';
  return 'unknown';
}

function first(value: unknown): Record<string, unknown> | undefined {
  return Array.isArray(value) && typeof value[0] === 'object' && value[0] !== null ? value[0] as Record<string, unknown> : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Dosage of the medication annotation's first administration: dose, route, timing, duration. */
function dosageOf(medication: AcdAnnotation | undefined): Record<string, unknown>[] | undefined {
  const admin = first(medication?.['administration']);
  if (admin === undefined) return undefined;
  const out: Record<string, unknown> = {};
  const sig = text(admin['coveredText']);
  if (sig !== undefined) out['text'] = sig;
  const dose = first(admin['dosage']);
  const value = typeof dose?.['value'] === 'string' ? decimalOf(dose['value']) : undefined;
  if (value !== undefined) out['doseAndRate'] = [{ doseQuantity: quantityOf(value, text(dose?.['unit'])) }];
  const route = text(first(admin['route'])?.['normalized']);
  if (route !== undefined) {
    const known = FHIR_MAPPING.routes[route.toLowerCase()];
    out['route'] = known === undefined ? { text: route } : { ...coded(SYSTEM.snomed, known.code, known.display), text: route };
  }
  const frequency = text(first(admin['frequency'])?.['normalized']);
  const repeat: Record<string, unknown> = {};
  if (frequency !== undefined) Object.assign(repeat, timingRepeatOf(frequency) ?? {});
  const duration = text(first(admin['duration'])?.['coveredText']);
  const bounds = duration === undefined ? undefined : durationOf(duration);
  if (bounds !== undefined) repeat['boundsDuration'] = bounds;
  if (Object.keys(repeat).length > 0 || frequency !== undefined) {
    out['timing'] = { ...(Object.keys(repeat).length > 0 ? { repeat } : {}), ...(frequency === undefined ? {} : { code: { text: frequency } }) };
  }
  return Object.keys(out).length > 0 ? [out] : undefined;
}

export function medicationStatementOf(s: Statement, ctx: ResourceContext): FhirResource {
  const dosage = dosageOf(s.detail ?? (s.source['type'] === 'aci.MedicationInd' ? s.source : undefined));
  return {
    resourceType: 'MedicationStatement',
    extension: provenance(s, ctx),
    status: medicationStatus(s),
    medicationCodeableConcept: concept(s.codings, s.name),
    subject: ctx.subject,
    ...(ctx.encounter === undefined ? {} : { context: ctx.encounter }),
    ...(dosage === undefined ? {} : { dosage }),
  };
}

/** AllergyIntolerance of an allergen (category from the attribute rule; drugs are `medication`). */
export function allergyIntoleranceOf(s: Statement, ctx: ResourceContext): FhirResource {
  const category = s.attribute?.rule.category ?? (s.source['type'] === 'aci.AllergyMedicationInd' || s.source['type'] === 'aci.MedicationInd' || s.detail !== undefined ? 'medication' : undefined);
  const refuted = s.negated;
  return {
    resourceType: 'AllergyIntolerance',
    extension: provenance(s, ctx),
    ...(refuted ? {} : { clinicalStatus: coded(SYSTEM.allergyClinical, 'active') }),
    verificationStatus: coded(SYSTEM.allergyVerification, refuted ? 'refuted' : s.hypothetical ? 'unconfirmed' : 'confirmed'),
    ...(category === undefined ? {} : { category: [category] }),
    code: concept(s.codings, s.name),
    patient: ctx.subject,
    ...(ctx.encounter === undefined ? {} : { encounter: ctx.encounter }),
  };
}

function procedureStatus(s: Statement): string {
  if (s.negated) return 'not-done';
  const a = s.detail ?? s.source;
  if (s.attribute?.rule.status === 'preparation' || s.hypothetical || score(a, ['procedure', 'usage', 'pendingScore']) >= SCORE) return 'preparation';
  return 'completed';
}

export function procedureOf(s: Statement, ctx: ResourceContext): FhirResource {
  return {
    resourceType: 'Procedure',
    extension: provenance(s, ctx),
    status: procedureStatus(s),
    code: concept(s.codings, s.name),
    subject: ctx.subject,
    ...(ctx.encounter === undefined ? {} : { encounter: ctx.encounter }),
  };
}

/** Result words of lab values given without a number, to v3 ObservationInterpretation codes. */
const RESULT_WORDS: Readonly<Record<string, string>> = {
  high: 'H', elevated: 'H', raised: 'H', increased: 'H', low: 'L', decreased: 'L', reduced: 'L', normal: 'N', unremarkable: 'N',
  'within normal limits': 'N', wnl: 'N', negative: 'NEG', positive: 'POS', abnormal: 'A', detected: 'DET', 'not detected': 'ND',
};

function interpretationOf(lab: AcdAnnotation, value: string | undefined): string | undefined {
  const word = value === undefined ? undefined : RESULT_WORDS[value.toLowerCase()];
  if (word !== undefined) return word;
  if (score(lab, ['normality', 'usage', 'abnormalScore']) >= SCORE) return 'A';
  if (score(lab, ['normality', 'usage', 'normalScore']) >= SCORE) return 'N';
  return undefined;
}

function loincOf(codings: readonly Coding[]): string | undefined {
  return codings.find((c) => c.system === SYSTEM.loinc)?.code;
}

/** Observation of a lab value or vital sign: LOINC code, value (quantity, or text), interpretation. */
export function observationOf(s: Statement, ctx: ResourceContext): FhirResource {
  const lab = s.detail ?? s.source;
  const value = text(lab['labValue']);
  const unit = text(first(lab['measurementUnit'])?.['coveredText']);
  const loinc = loincOf(s.codings);
  const vital = loinc !== undefined && FHIR_MAPPING.vitalSigns.includes(loinc);
  const out: Record<string, unknown> = {
    resourceType: 'Observation',
    extension: provenance(s, ctx),
    status: 'final',
    category: [coded(SYSTEM.observationCategory, vital ? 'vital-signs' : 'laboratory', vital ? 'Vital Signs' : 'Laboratory')],
    code: concept(s.codings, s.name),
    subject: ctx.subject,
    ...(ctx.encounter === undefined ? {} : { encounter: ctx.encounter }),
  };
  const pair = value === undefined ? null : /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(value);
  if (pair !== null) {
    // Blood pressure as the two components LOINC defines (systolic 8480-6, diastolic 8462-4).
    out['component'] = [
      { code: { ...coded(SYSTEM.loinc, '8480-6', 'Systolic blood pressure'), text: 'systolic blood pressure' }, valueQuantity: quantityOf(Number(pair[1]), unit ?? 'mmHg') },
      { code: { ...coded(SYSTEM.loinc, '8462-4', 'Diastolic blood pressure'), text: 'diastolic blood pressure' }, valueQuantity: quantityOf(Number(pair[2]), unit ?? 'mmHg') },
    ];
  } else if (value !== undefined) {
    const number = decimalOf(value);
    if (number !== undefined) out['valueQuantity'] = quantityOf(number, unit) satisfies Quantity;
    else out['valueString'] = value;
  }
  const interpretation = interpretationOf(lab, value);
  if (interpretation !== undefined) out['interpretation'] = [coded(SYSTEM.interpretation, interpretation)];
  return out as FhirResource;
}

/** Tobacco smoking status (LOINC 72166-2) with the SNOMED CT value sets' codes: current, former, never. */
const SMOKING_STATUS = {
  current: ['77176002', 'Smoker'],
  former: ['8517006', 'Ex-smoker'],
  never: ['266919005', 'Never smoked tobacco'],
} as const;

export function smokingStatusOf(s: Statement, ctx: ResourceContext): FhirResource {
  const a = s.detail ?? s.source;
  const status: keyof typeof SMOKING_STATUS = s.negated || s.attribute?.rule.status === 'never' || score(a, ['tobacco', 'useStatus', 'neverScore']) >= SCORE ? 'never'
    : score(a, ['tobacco', 'useStatus', 'stoppedScore']) >= SCORE || a['current'] === 'false' ? 'former' : 'current';
  const [code, display] = SMOKING_STATUS[status];
  return {
    resourceType: 'Observation',
    extension: provenance(s, ctx),
    status: 'final',
    category: [coded(SYSTEM.observationCategory, 'social-history', 'Social History')],
    code: { ...coded(SYSTEM.loinc, '72166-2', 'Tobacco smoking status'), text: 'tobacco smoking status' },
    subject: ctx.subject,
    ...(ctx.encounter === undefined ? {} : { encounter: ctx.encounter }),
    valueCodeableConcept: { ...coded(SYSTEM.snomed, code, display), text: display },
  };
}
