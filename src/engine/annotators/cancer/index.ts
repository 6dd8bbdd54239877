// cancer (reference §5.1, §4.4 Cancer; deprecated in ACD): cancer diagnoses with their histology (morphology
// code), site, behaviour, ICD-10-CM code, grade and stage, and modality, as `IcaCancerDiagnosisInd`. The
// algorithm is detect-cancer.ts; the terms resources/cancer/en.json; site codes the knowledge base's
// neoplasm-table side table.
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { compileCancer } from './cancer-lexicon.js';
import { detectCancer } from './detect-cancer.js';

export const CANCER_KEY = 'IcaCancerDiagnosisInd';

export const cancerParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids).' }),
});

export const cancerAnnotator = defineAnnotator({
  id: 'cancer',
  description: 'Detects cancer diagnoses with histology, morphology code, site, behavior, ICD-10-CM code, grade, stage and modality.',
  requires: ['tokens', 'sentences'],
  produces: [CANCER_KEY],
  params: cancerParams,
  init: (resources) => ({ compiled: compileCancer(resources.kb), kb: resources.kb }),
  run: (doc, _params, c) => ({ add: { [CANCER_KEY]: detectCancer(doc, c.compiled, c.kb) } }),
});
