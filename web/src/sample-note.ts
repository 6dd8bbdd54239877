// The clinical note preloaded in the viewer (synthetic; no patient data).
export const SAMPLE_NOTE = `HISTORY OF PRESENT ILLNESS: 67-year-old man with type 2 diabetes mellitus and hypertension presents with chest pain. He denies headache, shortness of breath or fever. If edema develops, consider cardiomyopathy.
MEDICATIONS: metformin 500 mg twice daily, lisinopril 10 mg daily.
LABS: Hemoglobin A1c 8.2 %. Ejection fraction 55%.
PLAN: Schedule echocardiogram. Family history of colon cancer.
`;

/** Annotators run when nothing else is chosen (all implemented by this service). */
export const DEFAULT_ANNOTATORS = [
  'section', 'concept_detection', 'symptom_disease', 'medication', 'procedure', 'lab_value', 'ejection_fraction',
  'concept_value', 'negation', 'hypothetical', 'attribute_detection',
];
