// seeing_assistance (reference §5.1, §4.4 Assistance; deprecated in ACD): whether the patient needs help with
// seeing, as `SeeingAssistanceInd`. The engine is shared (../assistance/); the terms are
// resources/seeing-assistance/en.json.
import terms from '../../../../resources/seeing-assistance/en.json' with { type: 'json' };
import { assistanceAnnotator } from '../assistance/assistance-annotator.js';

export const seeingAssistanceAnnotator = assistanceAnnotator({
  id: 'seeing_assistance',
  key: 'SeeingAssistanceInd',
  activity: 'seeing',
  terms,
  termsFile: 'resources/seeing-assistance/en.json',
});
