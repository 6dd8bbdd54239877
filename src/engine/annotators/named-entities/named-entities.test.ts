import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import { findEmails, findUsPhoneNumbers } from './contact-patterns.js';
import { namedEntitiesAnnotator } from './index.js';

function found(text: string): string[] {
  const layers = runClinicalFlow(text, [namedEntitiesAnnotator]);
  return [...layers.entries()].flatMap(([k, v]) => v.map((a) => {
    assert.equal(a.type, `aci.${k}`);
    assert.equal(text.slice(a.begin, a.end), a.coveredText);
    return `${k}:${a.coveredText}`;
  }));
}

describe('named_entities', () => {
  test('every key is produced (empty when nothing is found)', () => {
    const layers = runClinicalFlow('No names here.', [namedEntitiesAnnotator]);
    for (const k of ['PersonInd', 'LocationInd', 'MedicalInstitutionInd', 'OrganizationInd', 'EmailAddressInd', 'US_PhoneNumberInd']) assert.deepEqual(layers.get(k), [], k);
  });

  test('a person with a title, an institution and a city with its state', () => {
    assert.deepEqual(found('Seen by Dr. Ana Ruiz at Lakeside General Hospital in Dayton, OH.').sort(), [
      'LocationInd:Dayton, OH', 'MedicalInstitutionInd:Lakeside General Hospital', 'PersonInd:Dr. Ana Ruiz',
    ]);
  });

  test('given name + surname, a lone given name after a kinship word, a name before a credential', () => {
    assert.deepEqual(found('Karen Miller called; her husband, David, agreed. Signed: Okafor, MD.').sort(), [
      'PersonInd:David', 'PersonInd:Karen Miller', 'PersonInd:Okafor',
    ]);
    assert.deepEqual(found('Seen in May by the team.'), [], 'a month is not a given name');
  });

  test('organizations: head words with "of", known insurers and agencies; institutions win over organizations', () => {
    assert.deepEqual(found('Coverage by Medicaid and the Department of Health Services.').sort(), [
      'OrganizationInd:Department of Health Services', 'OrganizationInd:Medicaid',
    ]);
    assert.deepEqual(found('Transferred to University of Iowa Hospitals.'), ['MedicalInstitutionInd:University of Iowa Hospitals']);
    assert.deepEqual(found('Seen in the emergency department of the hospital.'), [], 'lower-case heads are not names');
  });

  test('e-mail addresses and US phone numbers; blood pressure, dates and record numbers are not phones', () => {
    assert.deepEqual(found('Write to a.b-c@clinic.example.com or call (555) 201-3344, +1 555.201.3345.').sort(), [
      'EmailAddressInd:a.b-c@clinic.example.com', 'US_PhoneNumberInd:(555) 201-3344', 'US_PhoneNumberInd:+1 555.201.3345',
    ]);
    assert.deepEqual(findUsPhoneNumbers('BP 142/88, DOB 04/12/1956, MRN 0041234567, ref 12/555-123-4567.'), []);
  });

  test('long runs of address characters or digits without an address or number: nothing (retried from each character, this would not finish)', () => {
    const text = `${'a'.repeat(200_000)} @ ${'1'.repeat(200_000)}`;
    assert.deepEqual(findEmails(text), []);
    assert.deepEqual(findUsPhoneNumbers(text), []);
  });
});
