import assert from 'node:assert/strict';
import { test } from 'node:test';
import mappingBody from '../../resources/fhir/en.json' with { type: 'json' };
import { validateFhirMapping } from './fhir-mapping.js';

test('the shipped FHIR mapping is valid; a broken copy names each problem with the file and entry', () => {
  assert.deepEqual(validateFhirMapping(mappingBody).issues, []);
  const broken = {
    ...mappingBody,
    extra: 1,
    attributeKinds: { ...mappingBody.attributeKinds, Diagnosis: { kind: 'disease' }, Odd: { kind: 'condition', colour: 'red' } },
    frequencies: { 'twice a day': { frequency: 0, period: 1, periodUnit: 'fortnight' } },
    relationships: [{ code: 'MTH', display: 'mother', terms: [] }],
  };
  const messages = validateFhirMapping(broken, 'x.json').issues.map((i) => `${i.path}: ${i.message}`);
  for (const expected of [
    'x.json: extra: unknown key',
    'x.json: attributeKinds.Diagnosis.kind: must be one of',
    'x.json: attributeKinds.Odd.colour: unknown key',
    'x.json: frequencies.twice a day.frequency: must be a positive integer',
    'x.json: frequencies.twice a day.periodUnit: must be one of h, d, wk, mo',
    'x.json: relationships[0].terms: must be a non-empty list of words',
  ]) assert.ok(messages.some((m) => m.startsWith(expected)), `${expected} in ${JSON.stringify(messages)}`);
});
