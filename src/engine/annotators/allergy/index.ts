// The `allergy` annotator (AllergyInd, AllergyMedicationInd); see ../medication/README.md.
export { allergyAnnotator, detectAllergies, findAllergyStatements, compileAllergy, allergyParams, ALLERGY_LAYER, ALLERGY_MEDICATION_LAYER } from './allergy.js';
export type { AllergyCompiled, AllergyParams, AllergyStatement } from './allergy.js';
