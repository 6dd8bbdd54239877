import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import allergyBody from '../../../../resources/allergy/en.json' with { type: 'json' };
import { isDomainError } from '../../../errors.js';
import { analyzeRequest } from '../../analyze.js';
import { createDocument } from '../../create-document.js';
import type { Annotation } from '../../document.js';
import { ANNOTATORS, findAnnotator } from '../../registry.js';
import { medicationTestResources } from '../medication/medication-test-kb.js';
import { allergyAnnotator, compileAllergy, detectAllergies } from './allergy.js';
import { parseAllergyLexicon, validateAllergyLexicon } from './allergy-lexicon.js';

const resources = medicationTestResources();
const compiled = compileAllergy(resources);

function allergies(text: string): { allergies: Annotation[]; medications: Annotation[] } {
  const out = detectAllergies(createDocument(text), { library: [] }, compiled, resources.artifacts);
  for (const a of [...out.allergies, ...out.medications]) assert.equal(text.slice(a.begin, a.end), a.coveredText);
  return out;
}

function drugNames(medications: readonly Annotation[]): string[] {
  return medications.map((m) => {
    const med = (m.medication as Annotation[])[0]!;
    return String(((med.drug as Annotation[])[0]!.name1 as Annotation[])[0]!.drugNormalizedName);
  });
}

describe('allergy statements', () => {
  test('the GO SDK sentence: one AllergyInd over the list, one AllergyMedicationInd for the drug', () => {
    const { allergies: found, medications } = allergies('Patient is allergic to aspirin, dust, and mold.');
    assert.deepEqual(found.map((a) => [a.type, a.begin, a.end, a.coveredText]), [['aci.AllergyInd', 11, 46, 'allergic to aspirin, dust, and mold']]);
    assert.equal(medications.length, 1);
    const m = medications[0]!;
    assert.deepEqual([m.type, m.begin, m.end, m.coveredText], ['aci.AllergyMedicationInd', 23, 30, 'aspirin']);
    const med = (m.medication as Annotation[])[0]!;
    assert.equal(med.type, 'aci.MedicationInd');
    assert.equal(med.cui, 'C0004057');
    assert.equal(med.rxNormID, '1191');
    assert.ok(!Object.keys(med).some((k) => k.startsWith('_')));
  });

  test('a header with a colon lists several drugs (abbreviations and class aliases included)', () => {
    const { allergies: found, medications } = allergies('ALLERGIES: Penicillin (rash), sulfa, and codeine.\nMEDICATIONS: metformin 500 mg bid.');
    assert.deepEqual(found.map((a) => a.coveredText), ['ALLERGIES: Penicillin (rash), sulfa, and codeine']);
    assert.deepEqual(drugNames(medications), ['penicillin', 'sulfonamide']);
  });

  test('a header alone on its line takes the list on the next line', () => {
    const { allergies: found, medications } = allergies('ALLERGIES\nPenicillin.\n\nPLAN\nContinue metformin.');
    assert.deepEqual(found.map((a) => a.coveredText), ['ALLERGIES\nPenicillin']);
    assert.deepEqual(drugNames(medications), ['penicillin']);
  });

  test('a header list goes on over single line breaks, and stops at a blank line or the next heading', () => {
    const multi = allergies('ALLERGIES\n\nPercocet.\nVicodin.\n\nVITALS\n\nBlood pressure: 115/75');
    assert.deepEqual(multi.allergies.map((a) => a.coveredText), ['ALLERGIES\n\nPercocet.\nVicodin']);
    assert.deepEqual(drugNames(multi.medications), ['oxycodone / acetaminophen', 'hydrocodone / acetaminophen']);
    const next = allergies('Allergies: penicillin\nMeds: metformin');
    assert.deepEqual(next.allergies.map((a) => a.coveredText), ['Allergies: penicillin']);
    assert.deepEqual(drugNames(next.medications), ['penicillin']);
  });

  test('a sentence under a header that is itself a statement is reported as that statement', () => {
    assert.deepEqual(allergies('ALLERGIES\n\nPatient is allergic to latex.\n\nPLAN').allergies.map((a) => a.coveredText), ['allergic to latex']);
    const none = allergies('ALLERGIES\n\nPatient reports no known drug allergies.');
    assert.deepEqual(none.allergies.map((a) => [a.coveredText, a.noKnownAllergies]), [['no known drug allergies', 'true']]);
  });

  test('no known allergies: NKDA, the spelled-out phrase, and `Allergies: none`', () => {
    for (const [text, covered, normalized] of [
      ['He has NKDA.', 'NKDA', 'no known drug allergies'],
      ['Allergies: NKDA.', 'Allergies: NKDA', 'no known drug allergies'],
      ['Patient has no known drug allergies.', 'no known drug allergies', 'no known drug allergies'],
      ['Allergies: none', 'Allergies: none', 'no known allergies'],
      ['ALLERGIES\n\nNo known drug allergies.', 'ALLERGIES\n\nNo known drug allergies', 'no known drug allergies'],
    ] as const) {
      const { allergies: found, medications } = allergies(text);
      assert.equal(found.length, 1, text);
      assert.deepEqual([found[0]!.coveredText, found[0]!.noKnownAllergies, found[0]!.allergyNormalizedName], [covered, 'true', normalized], text);
      assert.equal(medications.length, 0);
    }
  });

  test('the list ends at a stop word; drugs after it are not allergies', () => {
    const { allergies: found, medications } = allergies('She is allergic to penicillin which causes hives, and takes metformin.');
    assert.deepEqual(found.map((a) => a.coveredText), ['allergic to penicillin']);
    assert.deepEqual(drugNames(medications), ['penicillin']);
  });

  test('no statement without a trigger, and a trigger without a list is not a statement', () => {
    assert.deepEqual(allergies('Takes aspirin daily.').allergies, []);
    assert.deepEqual(allergies('Is he allergic to.').allergies, []);
    assert.deepEqual(allergies('all patients were seen').allergies, []);
  });

  test('offsets with Unicode before the statement', () => {
    const text = '患者 😀 naïve: allergic to aspirin and 花粉.';
    const { allergies: found, medications } = allergies(text);
    assert.equal(found[0]!.begin, text.indexOf('allergic'));
    assert.equal(found[0]!.coveredText, 'allergic to aspirin and 花粉');
    assert.equal(medications[0]!.begin, text.indexOf('aspirin'));
    const med = (medications[0]!.medication as Annotation[])[0]!;
    const name = ((med.drug as Annotation[])[0]!.name1 as Annotation[])[0]!;
    for (const a of [med, name]) assert.equal(text.slice(a.begin, a.end), 'aspirin');
  });
});

describe('allergy annotator', () => {
  test('is registered; runs through analyze with concept_detection as in the GO SDK test', () => {
    assert.equal(findAnnotator('allergy'), allergyAnnotator);
    const out = analyzeRequest({
      containers: [{ text: 'Patient is allergic to aspirin, dust, and mold.' }],
      annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'allergy' } }], async: false } }],
      profileResolver: () => undefined,
      options: { returnAnalyzedText: false },
      resources,
      pipeline: { annotators: ANNOTATORS },
    });
    const data = out.unstructured[0]!.data as Record<string, Record<string, unknown>[]>;
    for (const key of ['AllergyInd', 'AllergyMedicationInd']) {
      assert.ok(Array.isArray(data[key]) && data[key]!.length > 0, key);
      for (const a of data[key]!) for (const f of ['begin', 'end', 'coveredText', 'type']) assert.notEqual(a[f], undefined, `${key}.${f}`);
    }
  });

  test('the lexicon validates; a broken one is reported with file and rule', () => {
    assert.ok(parseAllergyLexicon(allergyBody).triggers.length > 0);
    const bad = JSON.parse(JSON.stringify(allergyBody)) as Record<string, unknown>;
    (bad.triggers as Record<string, unknown>[])[0]!.extra = 1;
    bad.maxListTokens = 0;
    const { issues } = validateAllergyLexicon(bad);
    assert.equal(issues.length, 2, JSON.stringify(issues));
    assert.ok(issues[0]!.path.includes('resources/allergy/en.json') && issues[0]!.path.includes('allergic-to'));
    assert.throws(() => parseAllergyLexicon(bad), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_RESOURCE_FILE');
  });
});

describe('allergy: non-drug allergens', () => {
  const allergenOf = (a: Annotation): string => `${String(a.coveredText)}:${String(a.allergenNormalizedName)}:${String(a.allergenCategory)}`;

  test('foods, latex, animals, environmental allergens and insect stings in a list become allergens; drugs stay medications', () => {
    const out = detectAllergies(createDocument('Patient is allergic to aspirin, dust mites, cats, shellfish and bee stings.'), { library: [] }, compiled, resources.artifacts);
    assert.deepEqual(out.allergies.map((a) => a.coveredText), ['allergic to aspirin, dust mites, cats, shellfish and bee stings']);
    assert.deepEqual(out.allergens.map(allergenOf), ['dust mites:dust:environmental', 'cats:cats:animal', 'shellfish:shellfish:food', 'bee stings:insect stings:insect']);
    assert.deepEqual(drugNames(out.medications), ['aspirin']);
  });

  test('without a heading: `latex allergy`, `allergy to adhesive tape`; under a heading: the list', () => {
    const a = detectAllergies(createDocument('She has a latex allergy. Known allergy to adhesive tape and contrast dye.'), { library: [] }, compiled, resources.artifacts);
    assert.deepEqual(a.allergies.map((s) => s.coveredText), ['latex allergy', 'allergy to adhesive tape and contrast dye']);
    assert.deepEqual(a.allergens.map(allergenOf), ['latex:latex:latex', 'adhesive tape:adhesive:material', 'contrast dye:contrast media:contrast']);
    const b = detectAllergies(createDocument('ALLERGIES: peanuts, eggs.\n\nPLAN: follow up.'), { library: [] }, compiled, resources.artifacts);
    assert.deepEqual(b.allergens.map(allergenOf), ['peanuts:peanut:food', 'eggs:egg:food']);
  });

  test('a postfix trigger needs an allergen before it on the same line; no-known statements carry no allergen', () => {
    const out = detectAllergies(createDocument('Contrast sensitivity was normal. Drug allergy: none. NKDA.'), { library: [] }, compiled, resources.artifacts);
    assert.deepEqual(out.allergens, []);
    assert.ok(out.allergies.every((s) => s.allergenCategory === undefined));
  });

  test('the annotator returns statements and allergens in one AllergyInd layer, in text order', () => {
    const doc = createDocument('Allergic to cats.');
    const { params } = { params: { library: [] } };
    const result = allergyAnnotator.run(doc, params, compiled, { resources, configurations: [] });
    assert.deepEqual((result.add?.AllergyInd ?? []).map((a) => [a.coveredText, a.allergenCategory ?? null]), [['Allergic to cats', null], ['cats', 'animal']]);
  });

  test('allergen entries are validated: category, normalized and unknown keys are named', () => {
    const bad = { ...allergyBody, allergens: [{ id: 'x', category: 'planet', terms: ['mars'], extra: true }] };
    const messages = validateAllergyLexicon(bad, 'en.json').issues.map((i) => `${i.path}: ${i.message}`);
    assert.ok(messages.some((m) => m.includes('allergens[0] "x".category: must be one of food')), messages.join('\n'));
    assert.ok(messages.some((m) => m.includes('allergens[0] "x".normalized: must be a non-empty string')));
    assert.ok(messages.some((m) => m.includes('allergens[0] "x".extra: unknown key')));
  });
});

describe('allergy: the standard flow of the default cartridge', () => {
  test('a non-drug allergy becomes the Allergy attribute, never PrescribedMedication; a drug allergy stays MedicationAllergy', async () => {
    const { loadDefaultCartridgeArtifacts } = await import('../../../cartridge/default-cartridge-artifacts.js');
    const { ensureKnowledgeBase } = await import('../../../knowledge/build-default.js');
    const kb = await ensureKnowledgeBase(new URL('../../../../.cache', import.meta.url).pathname);
    const cartridge = await loadDefaultCartridgeArtifacts();
    const text = 'She is allergic to penicillin and peanuts. She also has a latex allergy. She takes metformin 500 mg twice daily.';
    const response = analyzeRequest({
      containers: [{ text }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
      options: { returnAnalyzedText: false }, resources: { kb, artifacts: cartridge.artifacts },
    });
    const values = ((response.unstructured[0]!.data as Record<string, unknown>).attributeValues as Annotation[]).map((v) => `${String(v.name)}:${text.slice(v.begin, v.end)}`);
    assert.ok(values.includes('Allergy:peanuts'), values.join(', '));
    assert.ok(values.includes('Allergy:latex'), values.join(', '));
    assert.ok(values.includes('MedicationAllergy:penicillin'), values.join(', '));
    assert.ok(values.some((v) => v.startsWith('PrescribedMedication:metformin')), values.join(', '));
    assert.ok(!values.some((v) => v.startsWith('PrescribedMedication:') && /peanut|latex|penicillin/.test(v)), values.join(', '));
  });
});
