// The `medication` annotator and the functions other modules use (allergy, eval, bench); see README.md.
export { medicationAnnotator, detectMedications, findMedications, compileMedication, drugSources, medicationParams, MEDICATION_LAYER } from './medication.js';
export type { MedicationCompiled, MedicationParams, DrugSources } from './medication.js';
