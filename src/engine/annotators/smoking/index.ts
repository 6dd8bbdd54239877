// smoking (reference §5.1, §4.4 Smoking; deprecated in ACD): smoking status — participation, current or
// former, modality, amount, duration — as `SmokingInd`; optionally alcohol and illicit-drug mentions too
// (`include_substances`), for the substance-use insights. The algorithm is detect-smoking.ts.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { compileSmoking, detectSmoking, SMOKING_KEY } from './detect-smoking.js';

export const smokingParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids).' }),
  include_substances: Type.Boolean({ default: false, description: 'Extension: also report alcohol and illicit-drug mentions as SmokingInd annotations with `substanceType` (`alcohol`, `illicitDrug`; `tobacco` on smoking ones).' }),
});

export const smokingAnnotator = defineAnnotator({
  id: 'smoking',
  description: 'Detects smoking status: participation, current or former, modality, amount and duration (optionally alcohol and illicit drug use).',
  requires: ['tokens', 'sentences'],
  produces: [SMOKING_KEY],
  params: smokingParams,
  init: () => compileSmoking(),
  run: (doc, params, compiled) => ({ add: { [SMOKING_KEY]: detectSmoking(doc, compiled, { includeSubstances: params.include_substances }) } }),
});
