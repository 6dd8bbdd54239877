// ejection_fraction (reference §5.1, §4.4 EjectionFraction; deprecated in ACD): ejection fraction values,
// ranges and qualitative values with the measurement method, as `EjectionFractionInd`.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { compileEjectionFraction, detectEjectionFractions, EJECTION_FRACTION_KEY } from './detect-ejection-fraction.js';

export const ejectionFractionParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids).' }),
});

export const ejectionFractionAnnotator = defineAnnotator({
  id: 'ejection_fraction',
  description: 'Detects ejection fraction measurements (values, ranges, qualitative values) and the measurement method.',
  requires: ['tokens', 'sentences'],
  produces: [EJECTION_FRACTION_KEY],
  params: ejectionFractionParams,
  init: () => compileEjectionFraction(),
  run: (doc, _params, compiled) => ({ add: { [EJECTION_FRACTION_KEY]: detectEjectionFractions(doc, compiled) } }),
});
