// eating_assistance (reference §5.1, §4.4 Assistance; deprecated in ACD): whether the patient needs help with
// eating, as `EatingAssistanceInd`. The engine is shared (../assistance/); the terms are
// resources/eating-assistance/en.json.
import terms from '../../../../resources/eating-assistance/en.json' with { type: 'json' };
import { assistanceAnnotator } from '../assistance/assistance-annotator.js';

export const eatingAssistanceAnnotator = assistanceAnnotator({
  id: 'eating_assistance',
  key: 'EatingAssistanceInd',
  activity: 'eating',
  terms,
  termsFile: 'resources/eating-assistance/en.json',
});
