// dressing_assistance (reference §5.1, §4.4 Assistance; deprecated in ACD): whether the patient needs help with
// dressing, as `DressingAssistanceInd`. The engine is shared (../assistance/); the terms are
// resources/dressing-assistance/en.json.
import terms from '../../../../resources/dressing-assistance/en.json' with { type: 'json' };
import { assistanceAnnotator } from '../assistance/assistance-annotator.js';

export const dressingAssistanceAnnotator = assistanceAnnotator({
  id: 'dressing_assistance',
  key: 'DressingAssistanceInd',
  activity: 'dressing',
  terms,
  termsFile: 'resources/dressing-assistance/en.json',
});
