// procedure (reference §5.1, §4.4 Procedure): procedures with codes and the date of their sentence, as
// `ProcedureInd`. The algorithm is detect-procedures.ts; this file declares the annotator.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { applyDeployedFilters } from '../../deployed-filters.js';
import { compileProcedure, DEFAULT_PROCEDURE_TYPES, detectProcedures, PROCEDURE_KEY } from './detect-procedures.js';

export const procedureParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids); the built-in lexicon and knowledge base are always used.' }),
  filters: Type.Array(Type.String(), { default: [], description: 'Deployed filter (or concept_filter) artifact ids; filters targeting ProcedureInd are applied.' }),
  annotate_trigger_only: Type.Boolean({ default: false, description: 'True: the span is the procedure term only; false: it also covers approach, extent and side words written right before it (`laparoscopic cholecystectomy`).' }),
  semantic_types: Type.Array(Type.String({ minLength: 1 }), { default: [...DEFAULT_PROCEDURE_TYPES], description: 'Extension: UMLS semantic types of the knowledge-base concepts reported as procedures.' }),
  reference_date: Type.String({ default: '', description: 'Extension: ISO date (YYYY-MM-DD) whose year completes dates written without one (`April 8th`); empty: such dates get no milliseconds.' }),
});

export const procedureAnnotator = defineAnnotator({
  id: 'procedure',
  description: 'Detects procedures (surgery, imaging, therapies, diagnostic tests) with codes and the date of their sentence.',
  requires: ['tokens', 'sentences'],
  produces: [PROCEDURE_KEY],
  params: procedureParams,
  init: (resources) => compileProcedure(resources.kb),
  run(doc, params, compiled, ctx) {
    const found = detectProcedures(doc, compiled, {
      annotateTriggerOnly: params.annotate_trigger_only,
      semanticTypes: new Set(params.semantic_types),
      referenceDate: params.reference_date,
    });
    return { add: { [PROCEDURE_KEY]: applyDeployedFilters('procedure', PROCEDURE_KEY, found, params.filters, ctx.resources.artifacts) } };
  },
});
