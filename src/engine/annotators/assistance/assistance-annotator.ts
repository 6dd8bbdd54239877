// The six *_assistance annotators (reference §5.1, §4.4 Assistance; deprecated in ACD) are one engine
// (detect-assistance.ts) with six small rule sets: this builds the annotator of one activity from its id,
// wire key and term file (resources/<activity>-assistance/en.json).
import { Type } from '@sinclair/typebox';
import { defineAnnotator, type AnnotatorDefinition } from '../../annotator.js';
import { compileAssistanceRules, type AssistanceRules } from './assistance-rules.js';
import { detectAssistance } from './detect-assistance.js';

export const assistanceParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids).' }),
});

export interface AssistanceActivity {
  /** ACD annotator id, e.g. `bathing_assistance`. */
  readonly id: string;
  /** Wire key, e.g. `BathingAssistanceInd`. */
  readonly key: string;
  /** What the patient needs help with, for the description (`bathing`). */
  readonly activity: string;
  readonly terms: unknown;
  readonly termsFile: string;
}

export function assistanceAnnotator(a: AssistanceActivity): AnnotatorDefinition<typeof assistanceParams, AssistanceRules> {
  return defineAnnotator({
    id: a.id,
    description: `Detects statements that the patient needs (or does not need) help with ${a.activity}: modality fully dependent, semi dependent or independent, with the action, implement and assistive device.`,
    requires: ['tokens', 'sentences'],
    produces: [a.key],
    params: assistanceParams,
    init: () => compileAssistanceRules(a.key, a.terms, a.termsFile),
    run: (doc, _params, rules) => ({ add: { [a.key]: detectAssistance(doc, rules) } }),
  });
}
