// toileting_assistance (reference §5.1, §4.4 Assistance; deprecated in ACD): whether the patient needs help with
// toileting, as `ToiletingAssistanceInd`. The engine is shared (../assistance/); the terms are
// resources/toileting-assistance/en.json.
import terms from '../../../../resources/toileting-assistance/en.json' with { type: 'json' };
import { assistanceAnnotator } from '../assistance/assistance-annotator.js';

export const toiletingAssistanceAnnotator = assistanceAnnotator({
  id: 'toileting_assistance',
  key: 'ToiletingAssistanceInd',
  activity: 'toileting',
  terms,
  termsFile: 'resources/toileting-assistance/en.json',
});
