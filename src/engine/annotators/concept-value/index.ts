// concept_value (reference §5.1, §4.4 ConceptValue): numeric values, relations and ranges written after the
// concepts concept_detection found, as `conceptValues`. The algorithm is detect-concept-values.ts.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { compileConceptValue, CONCEPT_VALUES_KEY, detectConceptValues } from './detect-concept-values.js';

export const conceptValueParams = Type.Object({});

export const conceptValueAnnotator = defineAnnotator({
  id: 'concept_value',
  description: 'Attaches numeric values, relations (greater than, within, ...) and ranges with units to detected concepts.',
  requires: ['concepts'],
  produces: [CONCEPT_VALUES_KEY],
  params: conceptValueParams,
  init: () => compileConceptValue(),
  run: (doc, _params, compiled) => ({ add: { [CONCEPT_VALUES_KEY]: detectConceptValues(doc, compiled) } }),
});
