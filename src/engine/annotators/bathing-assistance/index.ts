// bathing_assistance (reference §5.1, §4.4 Assistance; deprecated in ACD): whether the patient needs help with
// bathing, as `BathingAssistanceInd`. The engine is shared (../assistance/); the terms are
// resources/bathing-assistance/en.json.
import terms from '../../../../resources/bathing-assistance/en.json' with { type: 'json' };
import { assistanceAnnotator } from '../assistance/assistance-annotator.js';

export const bathingAssistanceAnnotator = assistanceAnnotator({
  id: 'bathing_assistance',
  key: 'BathingAssistanceInd',
  activity: 'bathing',
  terms,
  termsFile: 'resources/bathing-assistance/en.json',
});
