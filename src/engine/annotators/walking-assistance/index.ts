// walking_assistance (reference §5.1, §4.4 Assistance; deprecated in ACD): whether the patient needs help with
// walking, as `WalkingAssistanceInd`. The engine is shared (../assistance/); the terms are
// resources/walking-assistance/en.json.
import terms from '../../../../resources/walking-assistance/en.json' with { type: 'json' };
import { assistanceAnnotator } from '../assistance/assistance-annotator.js';

export const walkingAssistanceAnnotator = assistanceAnnotator({
  id: 'walking_assistance',
  key: 'WalkingAssistanceInd',
  activity: 'walking',
  terms,
  termsFile: 'resources/walking-assistance/en.json',
});
