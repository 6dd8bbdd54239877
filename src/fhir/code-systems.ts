// FHIR code system URIs of the codes ACD annotations carry, and the codings of one annotation.
// URIs as terminology.hl7.org lists them (UMLS, SNOMED CT, ICD-10-CM, RxNorm, LOINC, MeSH, NCIt).
export const SYSTEM = {
  umls: 'http://www.nlm.nih.gov/research/umls',
  snomed: 'http://snomed.info/sct',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  icd9cm: 'http://hl7.org/fhir/sid/icd-9-cm',
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  loinc: 'http://loinc.org',
  mesh: 'http://terminology.hl7.org/CodeSystem/MSH',
  nci: 'http://ncicb.nci.nih.gov/xml/owl/EVS/Thesaurus.owl',
  ucum: 'http://unitsofmeasure.org',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  allergyClinical: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
  allergyVerification: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  roleCode: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
  dataAbsentReason: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
} as const;

export interface Coding { readonly system: string; readonly code: string; readonly display?: string }

/** A real UMLS CUI (C + 7 digits); source-prefixed ids (MESH:…, DRUGCENTRAL:…) are not CUIs. */
const CUI = /^C\d{7}$/;

/** Comma-separated code lists, as ACD writes icd10Code / snomedConceptId. */
function codesOf(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value.split(',').map((c) => c.trim()).filter((c) => c !== '');
}

/** Where each code system's codes sit on an ACD annotation, most useful first. */
const FIELDS: readonly [string, readonly string[]][] = [
  [SYSTEM.snomed, ['snomedConceptId']],
  [SYSTEM.icd10cm, ['icd10Code']],
  [SYSTEM.rxnorm, ['rxNormID', 'rxnormId']],
  [SYSTEM.loinc, ['loincId']],
  [SYSTEM.umls, ['cui']],
  [SYSTEM.mesh, ['meshId']],
  [SYSTEM.nci, ['nciCode']],
];

/**
 * The codings of one thing as ACD annotations carry them (an attribute value and the *Ind annotation under
 * it may each hold some), most useful first: SNOMED CT, ICD-10-CM, RxNorm, LOINC, UMLS CUI, MeSH, NCIt.
 * No `display`: the names the service knows are its own preferred names, not each code system's display
 * text; they go in CodeableConcept.text.
 */
export function codingsOf(...annotations: readonly (Readonly<Record<string, unknown>> | undefined)[]): Coding[] {
  const out: Coding[] = [];
  for (const [system, fields] of FIELDS) {
    for (const a of annotations) {
      if (a === undefined) continue;
      for (const field of fields) {
        for (const code of codesOf(a[field])) {
          if (system === SYSTEM.umls && !CUI.test(code)) continue;
          if (!out.some((c) => c.system === system && c.code === code)) out.push({ system, code });
        }
      }
    }
  }
  return out;
}
