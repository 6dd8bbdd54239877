// named_entities (reference §5.1, §4.2): persons, locations, medical institutions, organizations, e-mail
// addresses and US phone numbers, each kind under its own key (`PersonInd` ... `US_PhoneNumberInd`). Names and
// places come from lexicons and capitalisation (detect-entities.ts), contacts from two patterns
// (contact-patterns.ts).
import { Type } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import type { Annotation } from '../../document.js';
import { findEmails, findUsPhoneNumbers } from './contact-patterns.js';
import { detectNamedSpans } from './detect-entities.js';
import { compileEntityLexicon } from './entity-lexicon.js';

export const ENTITY_KEYS = ['PersonInd', 'LocationInd', 'MedicalInstitutionInd', 'OrganizationInd', 'EmailAddressInd', 'US_PhoneNumberInd'] as const;

export const namedEntitiesParams = Type.Object({
  library: Type.Array(Type.String(), { default: [], description: 'Accepted for compatibility (ACD library ids).' }),
});

export const namedEntitiesAnnotator = defineAnnotator({
  id: 'named_entities',
  description: 'Detects persons, locations, medical institutions, organizations, e-mail addresses and US phone numbers.',
  requires: ['tokens', 'sentences'],
  produces: [...ENTITY_KEYS],
  params: namedEntitiesParams,
  init: () => compileEntityLexicon(),
  run: (doc, _params, lexicon) => {
    const add: Record<string, Annotation[]> = Object.fromEntries(ENTITY_KEYS.map((k) => [k, []]));
    const phones = findUsPhoneNumbers(doc.text);
    // a phone number's digits are never part of a name or place
    for (const a of [...detectNamedSpans(doc, lexicon), ...findEmails(doc.text), ...phones]) add[a.type.slice(4)]!.push(a);
    return { add };
  },
});
