// lab_value (reference §5.1, §4.4 LabValue): lab tests and vital signs with their values, units and LOINC
// codes, as `LabValueInd`. The algorithm is detect-lab-values.ts; this file declares the annotator.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { applyDeployedFilters } from '../../deployed-filters.js';
import { compileLabValue, DEFAULT_LAB_TYPES, detectLabValues, LAB_VALUE_KEY, WORDED_RESULT_TYPES } from './detect-lab-values.js';

export const labValueParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids); the built-in lab lexicon and knowledge base are always used.' }),
  filters: Type.Array(Type.String(), { default: [], description: 'Deployed filter (or concept_filter) artifact ids; filters targeting LabValueInd are applied.' }),
  semantic_types: Type.Array(Type.String({ minLength: 1 }), { default: [...DEFAULT_LAB_TYPES], description: 'Extension: UMLS semantic types of knowledge-base concepts used as lab names besides the curated list.' }),
  worded_result_types: Type.Array(Type.String({ minLength: 1 }), { default: [...WORDED_RESULT_TYPES], description: 'Extension: UMLS semantic types of tests and exams (imaging, scales) whose names take worded results (`normal`, `negative`) but no number.' }),
  reference_date: Type.String({ default: '', description: 'Extension: ISO date (YYYY-MM-DD) whose year completes dates written without one; empty: such dates get no milliseconds.' }),
});

export const labValueAnnotator = defineAnnotator({
  id: 'lab_value',
  description: 'Detects lab values and vital signs: lab name, value, low value of a range, unit and LOINC code.',
  requires: ['tokens', 'sentences'],
  produces: [LAB_VALUE_KEY],
  params: labValueParams,
  init: (resources) => compileLabValue(resources.kb),
  run(doc, params, compiled, ctx) {
    const found = detectLabValues(doc, compiled, { semanticTypes: new Set(params.semantic_types), wordedResultTypes: new Set(params.worded_result_types), referenceDate: params.reference_date });
    return { add: { [LAB_VALUE_KEY]: applyDeployedFilters('lab_value', LAB_VALUE_KEY, found, params.filters, ctx.resources.artifacts) } };
  },
});
