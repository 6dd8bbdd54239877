// symptom_disease (reference §5.1, §4.4 SymptomDisease): symptoms and diseases with codes, modality,
// modifiers and dates, as `SymptomDiseaseInd`. The algorithm is detect-symptoms.ts; this file declares the
// annotator (id, layers, parameters) and applies deployed filters.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { applyDeployedFilters } from '../../deployed-filters.js';
import { compileSymptomDisease, DEFAULT_DISORDER_TYPES, detectSymptomDiseases, SYMPTOM_DISEASE_KEY } from './detect-symptoms.js';

export const symptomDiseaseParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids); the built-in knowledge base is always used.' }),
  filters: Type.Array(Type.String(), { default: [], description: 'Deployed filter (or concept_filter) artifact ids; filters targeting SymptomDiseaseInd are applied.' }),
  annotate_trigger_only: Type.Boolean({ default: false, description: 'True: the span is the symptom/disease term only; false: it also covers the modifiers and body site written right before it.' }),
  semantic_types: Type.Array(Type.String({ minLength: 1 }), { default: [...DEFAULT_DISORDER_TYPES], description: 'Extension: UMLS semantic types of the knowledge-base concepts reported.' }),
  reference_date: Type.String({ default: '', description: 'Extension: ISO date (YYYY-MM-DD) whose year completes dates written without one (`April 8th`); empty: such dates get no milliseconds.' }),
});

export const symptomDiseaseAnnotator = defineAnnotator({
  id: 'symptom_disease',
  description: 'Detects symptoms and diseases with ICD-9, ICD-10 and SNOMED CT codes, modality, modifiers and body sites.',
  requires: ['tokens', 'sentences'],
  produces: [SYMPTOM_DISEASE_KEY],
  params: symptomDiseaseParams,
  init: (resources) => compileSymptomDisease(resources.kb),
  run(doc, params, compiled, ctx) {
    const found = detectSymptomDiseases(doc, compiled, {
      annotateTriggerOnly: params.annotate_trigger_only,
      semanticTypes: new Set(params.semantic_types),
      referenceDate: params.reference_date,
    });
    return { add: { [SYMPTOM_DISEASE_KEY]: applyDeployedFilters('symptom_disease', SYMPTOM_DISEASE_KEY, found, params.filters, ctx.resources.artifacts) } };
  },
});
