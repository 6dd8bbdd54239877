// Every annotator id of the ACD interface (reference §5.1); the engine registry implements all of them
// (src/engine/registry.ts, checked by registry.test.ts). Flow and profile bodies may name any of these.

export interface AcdAnnotatorEntry {
  readonly id: string;
  readonly description: string;
}

export const ACD_ANNOTATORS: readonly AcdAnnotatorEntry[] = [
  { id: 'concept_detection', description: 'Detects medical concepts (diseases, symptoms, drugs, procedures, anatomy, findings) from the knowledge base and deployed dictionaries, with their codes.' },
  { id: 'concept_value', description: 'Attaches numeric and textual values and ranges to detected concepts.' },
  { id: 'attribute_detection', description: 'Promotes concepts, values and clinical annotations to named clinical attributes defined by attribute sets.' },
  { id: 'negation', description: 'Finds negated spans and flags negated annotations.' },
  { id: 'hypothetical', description: 'Finds hypothetical and conditional spans and flags hypothetical annotations.' },
  { id: 'disambiguation', description: 'Judges whether ambiguous concepts are valid in their context.' },
  { id: 'section', description: 'Detects document sections and sets section fields on annotations within them.' },
  { id: 'spell_checker', description: 'Detects and corrects misspelled medical terms while keeping original offsets.' },
  { id: 'relation', description: 'Finds relations between concepts in one sentence.' },
  { id: 'model_broker', description: 'Computes clinical insight scores (insightModelData) for diagnoses, medications, procedures, normality and substance use.' },
  { id: 'symptom_disease', description: 'Detects symptoms and diseases with ICD-9, ICD-10 and SNOMED CT codes.' },
  { id: 'medication', description: 'Detects medications with dose, strength, route, frequency and duration.' },
  { id: 'procedure', description: 'Detects procedures.' },
  { id: 'lab_value', description: 'Detects lab values: lab name, value, unit and range.' },
  { id: 'named_entities', description: 'Detects persons, locations, institutions, organizations, e-mail addresses and US phone numbers.' },
  { id: 'allergy', description: 'Detects allergies and medication allergies (deprecated in ACD).' },
  { id: 'cancer', description: 'Detects cancer diagnoses with site, grade and behavior (deprecated in ACD).' },
  { id: 'ejection_fraction', description: 'Detects ejection fraction measurements (deprecated in ACD).' },
  { id: 'smoking', description: 'Detects smoking status (deprecated in ACD).' },
  { id: 'bathing_assistance', description: 'Detects need for help with bathing (deprecated in ACD).' },
  { id: 'dressing_assistance', description: 'Detects need for help with dressing (deprecated in ACD).' },
  { id: 'eating_assistance', description: 'Detects need for help with eating (deprecated in ACD).' },
  { id: 'seeing_assistance', description: 'Detects need for help with seeing (deprecated in ACD).' },
  { id: 'toileting_assistance', description: 'Detects need for help with toileting (deprecated in ACD).' },
  { id: 'walking_assistance', description: 'Detects need for help with walking (deprecated in ACD).' },
];

export const ACD_ANNOTATOR_IDS: ReadonlySet<string> = new Set(ACD_ANNOTATORS.map((a) => a.id));

export function isAcdAnnotatorId(id: string): boolean {
  return ACD_ANNOTATOR_IDS.has(id);
}

/**
 * The `data` keys of an ACD response container, exactly as ACD spells them (reference §4.2): generic
 * keys in camelCase, turn-key ("aci") keys capitalised.
 */
export const ACD_DATA_KEYS: readonly string[] = [
  'concepts', 'attributeValues', 'conceptValues', 'negatedSpans', 'hypotheticalSpans', 'sections', 'spellCorrectedText',
  'spellingCorrections', 'relations', 'temporalSpans', 'nluEntities', 'lines', 'sentences', 'paragraphs',
  'SymptomDiseaseInd', 'MedicationInd', 'ProcedureInd', 'LabValueInd', 'AllergyInd', 'AllergyMedicationInd', 'IcaCancerDiagnosisInd',
  'EjectionFractionInd', 'SmokingInd', 'BathingAssistanceInd', 'DressingAssistanceInd', 'EatingAssistanceInd', 'SeeingAssistanceInd',
  'ToiletingAssistanceInd', 'WalkingAssistanceInd', 'PersonInd', 'LocationInd', 'MedicalInstitutionInd', 'OrganizationInd',
  'EmailAddressInd', 'US_PhoneNumberInd',
];
