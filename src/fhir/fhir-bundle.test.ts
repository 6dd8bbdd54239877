// The FHIR mapping on hand-made ACD containers (the shapes the annotators write), each bundle checked
// against the FHIR R4 schema and the mapping's invariants (test/fhir/fhir-validator.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateFhir } from '../../test/fhir/fhir-validator.js';
import { containerBundle, fhirResponseOf } from './fhir-bundle.js';
import { DEFAULT_FHIR_OPTIONS, parseFhirOptions } from './fhir-options.js';
import { DERIVATION_REFERENCE_URL } from './fhir-resources.js';

type Json = Record<string, any>;

function span(text: string, words: string, from = 0): { begin: number; end: number; coveredText: string } {
  const begin = text.indexOf(words, from);
  assert.ok(begin >= 0, `"${words}" not in the note`);
  return { begin, end: begin + words.length, coveredText: words };
}

function diagnosis(scores: Partial<{ explicit: number; suspected: number; family: number }> = {}): Json {
  return { diagnosis: { usage: { explicitScore: scores.explicit ?? 0.9 }, suspectedScore: scores.suspected ?? 0.05, familyHistoryScore: scores.family ?? 0.02 } };
}

function medicationScores(s: Partial<{ taken: number; stopped: number; considering: number; allergy: number }> = {}): Json {
  return {
    medication: {
      usage: { takenScore: s.taken ?? 0.85, consideringScore: s.considering ?? 0.05 },
      stoppedEvent: { score: s.stopped ?? 0.02 },
      adverseEvent: { score: 0.02, allergyScore: s.allergy ?? 0.02 },
    },
  };
}

function resources(bundle: Json, type?: string): Json[] {
  return (bundle.entry as Json[]).map((e) => e.resource).filter((r) => type === undefined || r.resourceType === type);
}

function valid(bundle: Json): Json {
  assert.deepEqual(validateFhir(bundle), []);
  return bundle;
}

function codeOf(concept: Json | undefined): string | undefined {
  return concept?.coding?.[0]?.code;
}

describe('FHIR bundle of an analysed container', () => {
  test('conditions: confirmed, refuted (negated), unconfirmed (hypothetical), provisional (suspected), inactive (historical); codes with their systems', () => {
    const text = 'He has hypertension. He denies chest pain. If fever develops, call. Possible pneumonia. History of gout.';
    const sdi = (words: string, extra: Json = {}): Json => ({ type: 'aci.SymptomDiseaseInd', ...span(text, words), symptomDiseaseNormalizedName: words, insightModelData: diagnosis(), ...extra });
    const bundle = valid(containerBundle({
      text,
      data: {
        SymptomDiseaseInd: [
          sdi('hypertension', { cui: 'C0020538', icd10Code: 'I10', snomedConceptId: '38341003', modality: 'positive' }),
          sdi('chest pain', { negated: true, modality: 'negative', cui: 'C0008031' }),
          sdi('fever', { modality: 'potential' }),
          sdi('pneumonia', { insightModelData: diagnosis({ suspected: 0.8 }) }),
          sdi('gout', { historical: true, cui: 'MESH:D006073' }),
        ],
      },
    }, DEFAULT_FHIR_OPTIONS));
    const conditions = resources(bundle, 'Condition');
    const by = (name: string): Json => conditions.find((c) => c.code.text === name)!;
    assert.equal(codeOf(by('hypertension').verificationStatus), 'confirmed');
    assert.equal(codeOf(by('hypertension').clinicalStatus), 'active');
    assert.deepEqual(by('hypertension').code.coding, [
      { system: 'http://snomed.info/sct', code: '38341003' },
      { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10' },
      { system: 'http://www.nlm.nih.gov/research/umls', code: 'C0020538' },
    ]);
    assert.equal(codeOf(by('chest pain').verificationStatus), 'refuted');
    assert.equal(by('chest pain').clinicalStatus, undefined);
    assert.equal(codeOf(by('fever').verificationStatus), 'unconfirmed');
    assert.equal(codeOf(by('pneumonia').verificationStatus), 'provisional');
    assert.equal(codeOf(by('gout').clinicalStatus), 'inactive');
    assert.equal(by('gout').code.coding, undefined, 'a source-prefixed id is not a UMLS CUI');
    assert.deepEqual(by('gout').subject, { display: 'The patient the note is about' });
  });

  test('every resource says where it came from: derivation-reference to the note\'s DocumentReference with offset and length', () => {
    const text = 'Known asthma.';
    const bundle = valid(containerBundle({ text, id: 'note-7', data: { SymptomDiseaseInd: [{ type: 'aci.SymptomDiseaseInd', ...span(text, 'asthma'), insightModelData: diagnosis() }] } }, parseFhirOptions({ include_text: 'true' })));
    const [document, condition] = resources(bundle);
    assert.equal(document!.resourceType, 'DocumentReference');
    assert.deepEqual(document!.identifier, [{ value: 'note-7' }]);
    assert.equal(Buffer.from(document!.content[0].attachment.data, 'base64').toString('utf8'), text);
    const derivation = (condition!.extension as Json[]).find((e) => e.url === DERIVATION_REFERENCE_URL)!;
    const part = (url: string): Json => derivation.extension.find((e: Json) => e.url === url);
    assert.equal(part('reference').valueReference.reference, (bundle.entry as Json[])[0]!.fullUrl);
    assert.equal(part('offset').valueUnsignedInt, 6);
    assert.equal(part('length').valueUnsignedInt, 6);
    assert.equal(JSON.stringify(condition!.extension).includes('"valueString":"asthma"'), true);
  });

  test('family members\' conditions become FamilyMemberHistory by relative; their medications are left out', () => {
    const text = 'Her mother has diabetes and her father had a stroke. His brother takes insulin.';
    const family = diagnosis({ explicit: 0.1, family: 0.9 });
    const bundle = valid(containerBundle({
      text,
      data: {
        SymptomDiseaseInd: [
          { type: 'aci.SymptomDiseaseInd', ...span(text, 'diabetes'), cui: 'C0011849', insightModelData: family },
          { type: 'aci.SymptomDiseaseInd', ...span(text, 'stroke'), cui: 'C0038454', insightModelData: family },
        ],
        MedicationInd: [{ type: 'aci.MedicationInd', ...span(text, 'insulin'), participation: 'family member', insightModelData: medicationScores() }],
      },
    }, parseFhirOptions({ subject: 'Patient/p-1' })));
    assert.equal(resources(bundle, 'Condition').length, 0);
    assert.equal(resources(bundle, 'MedicationStatement').length, 0);
    const histories = resources(bundle, 'FamilyMemberHistory');
    assert.deepEqual(histories.map((h) => [h.relationship.coding[0].code, h.condition.map((c: Json) => c.code.text)]), [['MTH', ['diabetes']], ['FTH', ['stroke']]]);
    assert.deepEqual(histories[0]!.patient, { reference: 'Patient/p-1' });
  });

  test('medication status from the insight scores; dose in UCUM, SNOMED route, timing; an allergen is an AllergyIntolerance', () => {
    const text = 'Metformin 500 mg by mouth twice daily for 7 days. Aspirin was stopped. Will consider statin. No warfarin. Allergic to penicillin.';
    const med = (words: string, scores: Json, extra: Json = {}): Json => ({ type: 'aci.MedicationInd', ...span(text, words), drug: [{ name1: [{ drugNormalizedName: words.toLowerCase() }] }], insightModelData: scores, ...extra });
    const bundle = valid(containerBundle({
      text,
      data: {
        MedicationInd: [
          med('Metformin', medicationScores(), {
            rxNormID: '6809',
            administration: [{
              ...span(text, '500 mg by mouth twice daily for 7 days'),
              dosage: [{ value: '500', unit: 'mg' }], route: [{ normalized: 'intraoral route of administration' }],
              frequency: [{ normalized: 'twice a day' }], duration: [{ coveredText: '7 days' }],
            }],
          }),
          med('Aspirin', medicationScores({ taken: 0.1, stopped: 0.85 }), { negated: true }),
          med('statin', medicationScores({ taken: 0.05, considering: 0.8 })),
          med('warfarin', medicationScores(), { negated: true }),
          med('penicillin', medicationScores({ taken: 0.05, allergy: 0.9 })),
        ],
      },
    }, DEFAULT_FHIR_OPTIONS));
    const statements = resources(bundle, 'MedicationStatement');
    assert.deepEqual(statements.map((m) => [m.medicationCodeableConcept.text, m.status]), [['metformin', 'active'], ['aspirin', 'stopped'], ['statin', 'intended'], ['warfarin', 'not-taken']]);
    const [dosage] = statements[0]!.dosage;
    assert.deepEqual(dosage.doseAndRate, [{ doseQuantity: { value: 500, unit: 'mg', system: 'http://unitsofmeasure.org', code: 'mg' } }]);
    assert.equal(dosage.route.coding[0].code, '26643006');
    assert.deepEqual(dosage.timing.repeat, { frequency: 2, period: 1, periodUnit: 'd', boundsDuration: { value: 7, unit: 'days', system: 'http://unitsofmeasure.org', code: 'd' } });
    assert.deepEqual(statements[0]!.medicationCodeableConcept.coding, [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '6809' }]);
    const [allergy] = resources(bundle, 'AllergyIntolerance');
    assert.equal(allergy!.code.text, 'penicillin');
    assert.deepEqual(allergy!.category, ['medication']);
    assert.equal(codeOf(allergy!.verificationStatus), 'confirmed');
  });

  test('procedures: completed, not-done (negated), preparation (pending); labs: quantity, components, worded results, interpretation', () => {
    const text = 'Colonoscopy done. No biopsy was taken. Plan MRI. BP 150/95 mmHg. Troponin negative. Sodium 140 zorgs. Potassium 3.1 mmol/L.';
    const proc = (words: string, extra: Json = {}): Json => ({ type: 'aci.ProcedureInd', ...span(text, words), procedureNormalizedName: words.toLowerCase(), insightModelData: { procedure: { usage: { explicitScore: 0.9, pendingScore: 0.05 } } }, ...extra });
    const lab = (name: string, value: string, unit: string | undefined, extra: Json = {}): Json => ({
      type: 'aci.LabValueInd', ...span(text, value), labTypeNormalizedName: name, labValue: value,
      ...(unit === undefined ? {} : { measurementUnit: [{ coveredText: unit }] }), ...extra,
    });
    const bundle = valid(containerBundle({
      text,
      data: {
        ProcedureInd: [proc('Colonoscopy'), proc('biopsy', { negated: true }), proc('MRI', { insightModelData: { procedure: { usage: { explicitScore: 0.1, pendingScore: 0.85 } } } })],
        LabValueInd: [
          lab('blood pressure', '150/95', 'mmHg', { loincId: '85354-9' }),
          lab('troponin', 'negative', undefined),
          lab('sodium', '140', 'zorgs'),
          lab('potassium', '3.1', 'mmol/L', { loincId: '2823-3', insightModelData: { normality: { usage: { normalScore: 0.05, abnormalScore: 0.8 } } } }),
        ],
      },
    }, DEFAULT_FHIR_OPTIONS));
    assert.deepEqual(resources(bundle, 'Procedure').map((p) => [p.code.text, p.status]), [['colonoscopy', 'completed'], ['biopsy', 'not-done'], ['mri', 'preparation']]);
    const observations = resources(bundle, 'Observation');
    const by = (name: string): Json => observations.find((o) => o.code.text === name)!;
    assert.equal(by('blood pressure').category[0].coding[0].code, 'vital-signs');
    assert.deepEqual(by('blood pressure').component.map((c: Json) => [c.code.coding[0].code, c.valueQuantity.value, c.valueQuantity.code]), [['8480-6', 150, 'mm[Hg]'], ['8462-4', 95, 'mm[Hg]']]);
    assert.equal(by('troponin').valueString, 'negative');
    assert.equal(by('troponin').interpretation[0].coding[0].code, 'NEG');
    assert.deepEqual(by('sodium').valueQuantity, { value: 140, unit: 'zorgs' }, 'a unit UCUM does not know keeps its text, without a code');
    assert.deepEqual(by('potassium').valueQuantity, { value: 3.1, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' });
    assert.equal(by('potassium').interpretation[0].coding[0].code, 'A');
    assert.equal(by('potassium').code.coding[0].system, 'http://loinc.org');
  });

  test('with attribute values, the attribute set decides what is present; negated mentions still come from the annotations', () => {
    const text = 'Hypertension. Allergic state. Denies dyspnea. Smokes daily.';
    const bundle = valid(containerBundle({
      text,
      data: {
        attributeValues: [
          { name: 'Diagnosis', ...span(text, 'Hypertension'), preferredName: 'hypertension', cui: 'C0020538', insightModelData: diagnosis() },
          { name: 'TobaccoUse', ...span(text, 'Smokes'), insightModelData: { tobacco: { useStatus: { currentScore: 0.85 } } } },
          { name: 'PotentialDiagnosis', ...span(text, 'dyspnea'), preferredName: 'dyspnea', negated: true, insightModelData: diagnosis() },
        ],
        SymptomDiseaseInd: [
          { type: 'aci.SymptomDiseaseInd', ...span(text, 'Hypertension'), insightModelData: diagnosis() },
          { type: 'aci.SymptomDiseaseInd', ...span(text, 'Allergic state'), insightModelData: diagnosis() },
        ],
        concepts: [{ ...span(text, 'dyspnea'), semanticType: 'sosy', preferredName: 'dyspnea', negated: true }],
      },
    }, DEFAULT_FHIR_OPTIONS));
    assert.deepEqual(resources(bundle, 'Condition').map((c) => [c.code.text, codeOf(c.verificationStatus)]), [['hypertension', 'confirmed'], ['dyspnea', 'refuted']]);
    const [smoking] = resources(bundle, 'Observation');
    assert.equal(smoking!.code.coding[0].code, '72166-2');
    assert.equal(smoking!.valueCodeableConcept.coding[0].code, '77176002');
  });

  test('without attribute or *Ind annotations, concepts of disorder types are conditions; several semantic types of one concept are one', () => {
    const text = 'Migraine today.';
    const concept = (semanticType: string): Json => ({ ...span(text, 'Migraine'), cui: 'C0149931', preferredName: 'migraine', semanticType });
    const bundle = valid(containerBundle({ text, data: { concepts: [concept('dsyn'), concept('sosy'), { ...span(text, 'today'), semanticType: 'tmco' }] } }, DEFAULT_FHIR_OPTIONS));
    assert.deepEqual(resources(bundle, 'Condition').map((c) => c.code.text), ['migraine']);
  });

  test('transaction bundles POST every entry; references to subject and encounter; same note, same ids', () => {
    const text = 'Asthma.';
    const container = { text, data: { SymptomDiseaseInd: [{ type: 'aci.SymptomDiseaseInd', ...span(text, 'Asthma'), insightModelData: diagnosis() }] } };
    const options = parseFhirOptions({ fhir_bundle_type: 'transaction', subject: 'Patient/123', encounter: 'Encounter/e.9' });
    const bundle = valid(containerBundle(container, options));
    assert.equal(bundle.type, 'transaction');
    assert.deepEqual((bundle.entry as Json[]).map((e) => e.request), [{ method: 'POST', url: 'DocumentReference' }, { method: 'POST', url: 'Condition' }]);
    const [document, condition] = resources(bundle);
    assert.deepEqual(condition!.subject, { reference: 'Patient/123' });
    assert.deepEqual(condition!.encounter, { reference: 'Encounter/e.9' });
    assert.deepEqual(document!.context, { encounter: [{ reference: 'Encounter/e.9' }] });
    assert.deepEqual(containerBundle(container, options), bundle);
  });

  test('several containers: a collection of their bundles, in request order', () => {
    const texts = ['Asthma.', 'Gout.'];
    const response = fhirResponseOf(texts.map((text) => ({ text })), texts.map((t) => ({ data: { SymptomDiseaseInd: [{ type: 'aci.SymptomDiseaseInd', begin: 0, end: t.length - 1, coveredText: t.slice(0, -1), insightModelData: diagnosis() }] } })), DEFAULT_FHIR_OPTIONS);
    valid(response);
    assert.equal(response['type'], 'collection');
    assert.deepEqual((response['entry'] as Json[]).map((e) => resources(e.resource, 'Condition')[0]!.code.text), ['Asthma', 'Gout']);
  });
});

describe('FHIR options', () => {
  test('bad values are INVALID_REQUEST naming the parameter', () => {
    for (const [raw, words] of [
      [{ subject: 'Bob' }, 'subject must be a FHIR reference'],
      [{ subject: 'Patient/' }, 'subject must be a FHIR reference'],
      [{ encounter: 'Patient/1' }, 'encounter must be a FHIR reference'],
      [{ fhir_bundle_type: 'batch' }, 'fhir_bundle_type must be'],
      [{ include_text: 'yes' }, 'include_text must be'],
    ] as const) {
      assert.throws(() => parseFhirOptions(raw), (e: Json) => e.kind === 'INVALID_REQUEST' && String(e.description).includes(words));
    }
  });
});
