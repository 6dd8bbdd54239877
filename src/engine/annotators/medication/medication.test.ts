import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isDomainError } from '../../../errors.js';
import { createDocument } from '../../create-document.js';
import type { Annotation } from '../../document.js';
import { parseAnnotatorParams } from '../../params.js';
import { analyzeRequest } from '../../analyze.js';
import { ANNOTATORS, findAnnotator } from '../../registry.js';
import { compileMedication, detectMedications, medicationAnnotator, medicationParams, type MedicationParams } from './medication.js';
import { artifactsOf, medicationTestResources } from './medication-test-kb.js';
import type { ArtifactLookup } from '../../resources.js';
import type { DictionaryBody } from '../../../cartridge/cartridge-model.js';

const resources = medicationTestResources();
const compiled = compileMedication(resources);
const defaults: MedicationParams = parseAnnotatorParams('medication', medicationParams, {}).params;

function medications(text: string, artifacts: ArtifactLookup = resources.artifacts, params: MedicationParams = defaults): Annotation[] {
  return detectMedications(createDocument(text), params, compiled, artifacts);
}

function only(text: string): Annotation {
  const found = medications(text);
  assert.equal(found.length, 1, `one medication in ${JSON.stringify(text)}: ${JSON.stringify(found.map((m) => m.coveredText))}`);
  return found[0]!;
}

function administration(m: Annotation): Annotation {
  const list = m.administration as Annotation[] | undefined;
  assert.ok(list !== undefined && list.length === 1, `administration of ${m.coveredText}`);
  return list[0]!;
}

function drugName(m: Annotation): Annotation {
  return ((m.drug as Annotation[])[0]!.name1 as Annotation[])[0]!;
}

/** Every span object in the annotation (at any depth) covers exactly its text. */
function assertSpansConsistent(text: string, value: unknown): void {
  if (Array.isArray(value)) return value.forEach((v) => assertSpansConsistent(text, v));
  if (typeof value !== 'object' || value === null) return;
  const o = value as Record<string, unknown>;
  if (typeof o.begin === 'number' && typeof o.end === 'number') assert.equal(text.slice(o.begin, o.end), o.coveredText, `span ${o.begin}-${o.end} of ${String(o.type)}`);
  for (const v of Object.values(o)) assertSpansConsistent(text, v);
}

describe('medication: reference example (§5.3)', () => {
  test('He takes Metformin orally once a day. — offsets and fields as in the reference', () => {
    const text = 'He takes Metformin orally once a day.';
    const m = only(text);
    // Every field the reference sample shows, with its value.
    assert.equal(m.type, 'aci.MedicationInd');
    assert.equal(m.begin, 9);
    assert.equal(m.end, 36);
    assert.equal(m.coveredText, 'Metformin orally once a day');
    assert.equal(m.cui, 'C0025598');
    assert.equal(m.rxNormID, '6809');
    const a = administration(m);
    assert.deepEqual(
      { type: a.type, begin: a.begin, end: a.end, coveredText: a.coveredText, frequencyValue: a.frequencyValue, route: a.route },
      {
        type: 'aci.SubstanceAdministration', begin: 19, end: 36, coveredText: 'orally once a day', frequencyValue: 'once a day',
        route: [{ type: 'aci.DrugRoute', begin: 19, end: 25, coveredText: 'orally', normalized: 'intraoral route of administration' }],
      },
    );
    assert.equal(a.dosageValue, undefined);
    const drug = (m.drug as Annotation[])[0]!;
    assert.deepEqual({ type: drug.type, begin: drug.begin, end: drug.end, coveredText: drug.coveredText, complex: drug.complex }, { type: 'aci.Ind_Drug', begin: 9, end: 18, coveredText: 'Metformin', complex: 'false' });
    assert.deepEqual(drugName(m), {
      type: 'aci.DrugName', begin: 9, end: 18, coveredText: 'Metformin', drugSurfaceForm: 'Metformin', drugNormalizedName: 'metformin', cui: 'C0025598', rxNormID: '6809',
    });
    assert.equal(m.dateInMilliseconds, ' ');
    // Extensions are the documented ones only.
    assert.deepEqual(Object.keys(a).sort(), ['begin', 'coveredText', 'end', 'frequency', 'frequencyValue', 'route', 'type']);
    assertSpansConsistent(text, m);
  });

  test('through the pipeline and the serializer: uid assigned, internal fields dropped, negated flag present', () => {
    const text = 'He takes Metformin orally once a day.';
    const out = analyzeRequest({
      containers: [{ text }],
      annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'medication' } }, { annotator: { name: 'negation' } }], async: false } }],
      profileResolver: () => undefined,
      options: { returnAnalyzedText: true },
      resources,
      pipeline: { annotators: ANNOTATORS },
    });
    const data = out.unstructured[0]!.data as Record<string, Record<string, unknown>[]>;
    const m = data.MedicationInd![0]!;
    assert.equal(typeof m.uid, 'number');
    assert.equal(m.negated, false);
    assert.equal(m.coveredText, 'Metformin orally once a day');
    assert.ok(!JSON.stringify(m).includes('"_'), 'no internal field on the wire');
  });

  test('is registered and its defaults parse', () => {
    assert.equal(findAnnotator('medication'), medicationAnnotator);
    assert.deepEqual(defaults, { library: [], filters: [] });
  });
});

describe('medication: drug names', () => {
  test('common abbreviations resolve to their generic drug, case-sensitively', () => {
    const text = 'ASA 81 mg daily, HCTZ 25 mg, MTX 15 mg weekly and NTG 0.4 mg SL prn.';
    const found = medications(text);
    assert.deepEqual(found.map((m) => [drugName(m).drugSurfaceForm, drugName(m).drugNormalizedName, m.cui]), [
      ['ASA', 'aspirin', 'C0004057'],
      ['HCTZ', 'hydrochlorothiazide', 'C0020261'],
      ['MTX', 'methotrexate', 'C0025677'],
      ['NTG', 'nitroglycerin', 'C0017887'],
    ]);
    assertSpansConsistent(text, found);
    assert.equal(medications('the asa was seen').length, 0, 'lower-case asa is not aspirin');
    assert.deepEqual(['Ara-C 100 mg/m2 daily', 'IFN-alpha 3 million units', 'FK506 1 mg bid'].map((t) => drugName(only(t)).drugNormalizedName), ['cytarabine', 'interferon alfa', 'tacrolimus']);
  });

  test('brand names map to the generic; a knowledge-base brand name resolves too', () => {
    assert.equal(drugName(only('Tylenol 650 mg q6h prn')).drugNormalizedName, 'acetaminophen');
    assert.equal(only('Tylenol 650 mg q6h prn').cui, 'C0000970');
    assert.equal(drugName(only('Continue Glucophage.')).drugNormalizedName, 'metformin');
  });

  test('a drug name inside a longer non-drug concept is not a medication', () => {
    assert.equal(medications('History of insulin resistance.').length, 0);
    assert.equal(drugName(only('Insulin 10 units at bedtime.')).drugNormalizedName, 'insulin');
  });

  test('a drug name followed by a measurement word names a lab test', () => {
    assert.equal(medications('Check insulin levels and glucose monitoring before meals.').length, 0);
    assert.equal(medications('Insulin 10 units; insulin resistance noted.').length, 1);
  });

  test('a knowledge-base name ending with a food or drink word is not a medication (notDrugHeads)', () => {
    assert.equal(medications('Take it with orange juice for the next 12 weeks.').length, 0);
    assert.equal(medications('Take metformin with orange juice twice daily.').length, 1);
  });

  test('a dose change alone does not make a lab-like substance a medication', () => {
    assert.equal(medications('We will reduce his glucose.').length, 0);
    assert.equal(medications('We will reduce his metformin.').length, 1);
  });

  test('lab-like substances and drug groups count only with a signature element', () => {
    assert.equal(medications('Glucose 140, sodium 138.').length, 0);
    assert.equal(only('Give glucose 25 g IV now.').coveredText, 'glucose 25 g IV');
    assert.equal(medications('He takes various drugs.').length, 0);
  });
});

describe('medication: signature elements', () => {
  const doses: [string, string, string, string][] = [
    ['Ibuprofen... no: aspirin 400 mg daily', '400 mg', '400', 'mg'],
    ['vancomycin 15 mg/kg IV', '15 mg/kg', '15', 'mg/kg'],
    ['methotrexate 0.5 mg/kg weekly', '0.5 mg/kg', '0.5', 'mg/kg'],
    ['amoxicillin 2 tabs tid', '2 tabs', '2', 'tablet'],
    ['insulin 10 units at bedtime', '10 units', '10', 'unit'],
    ['lisinopril 20mg daily', '20mg', '20', 'mg'],
    ['acetaminophen 1-2 tablets q6h', '1-2 tablets', '1-2', 'tablet'],
    ['hydrocortisone 1% cream bid', '1%', '1', '%'],
  ];
  for (const [text, dosage, value, unit] of doses) {
    test(`dose: ${text}`, () => {
      const m = medications(text).at(-1)!;
      const a = administration(m);
      assert.equal(a.dosageValue, dosage);
      const d = (a.dosage as Annotation[])[0]!;
      assert.deepEqual([d.value, d.unit], [value, unit]);
      assertSpansConsistent(text, m);
    });
  }

  test('count units imply a dose form; forms are reported with a normalized name', () => {
    const a = administration(only('amoxicillin 500 mg capsules, 2 tabs three times a day'));
    assert.deepEqual((a.form as Annotation[]).map((f) => [f.coveredText, f.normalized]), [['capsules', 'capsule'], ['tabs', 'tablet']]);
  });

  test('a concentration is not a dose, and a percentage needs a dose form', () => {
    assert.equal(medications('glucose 140 mg/dL').length, 0);
    assert.equal(administration(only('metformin 500 mg daily; glucose 140 mg/dL')).dosageValue, '500 mg');
    assert.equal(medications('aspirin in 50% of patients').length, 1);
    assert.equal(medications('aspirin in 50% of patients')[0]!.administration, undefined);
  });

  const frequencies: [string, string, string][] = [
    ['metformin 500 mg b.i.d.', 'b.i.d.', 'twice a day'],
    ['metformin 500 mg bid', 'bid', 'twice a day'],
    ['metformin 500 mg BID.', 'BID', 'twice a day'],
    ['amoxicillin 500 mg t.i.d.', 't.i.d.', 'three times a day'],
    ['aspirin 81 mg q.d.', 'q.d.', 'once a day'],
    ['acetaminophen 650 mg q6h', 'q6h', 'four times a day'],
    ['acetaminophen 650 mg q3h', 'q3h', 'every 3 hours'],
    ['acetaminophen 650 mg q 4-6 hours', 'q 4-6 hours', 'every 4-6 hours'],
    ['acetaminophen 650 mg q4-6h', 'q4-6h', 'every 4-6 hours'],
    ['acetaminophen 650 mg every 8 hours', 'every 8 hours', 'three times a day'],
    ['acetaminophen 650 mg every 3 hours', 'every 3 hours', 'every 3 hours'],
    ['lisinopril 10 mg twice daily', 'twice daily', 'twice a day'],
    ['lisinopril 10 mg once a day', 'once a day', 'once a day'],
    ['lisinopril 10 mg every morning', 'every morning', 'every morning'],
    ['insulin 10 units at bedtime', 'at bedtime', 'at bedtime'],
    ['insulin 10 units qhs', 'qhs', 'at bedtime'],
    ['acetaminophen 650 mg prn', 'prn', 'as needed'],
    ['acetaminophen 650 mg as needed', 'as needed', 'as needed'],
    ['acetaminophen 650 mg 3 times a day', '3 times a day', 'three times a day'],
    ['acetaminophen 650 mg 5 times a day', '5 times a day', '5 times a day'],
    ['acetaminophen 650 mg six-hourly', 'six-hourly', 'every six hours'],
    ['methotrexate 15 mg every 3 weeks', 'every 3 weeks', 'every 3 weeks'],
    ['acetaminophen 650 mg q4h prn', 'q4h prn', 'every 4 hours, as needed'],
    ['metformin 500 mg twice/day', 'twice/day', 'twice a day'],
    ['methotrexate 15 mg once per week', 'once per week', 'once a week'],
    ['hydrocortisone cream 5 days per week', '5 days per week', '5 days a week'],
  ];
  for (const [text, value, normalized] of frequencies) {
    test(`frequency: ${text}`, () => {
      const a = administration(only(text));
      assert.equal(a.frequencyValue, value);
      assert.equal((a.frequency as Annotation[])[0]!.normalized, normalized);
      assertSpansConsistent(text, a);
    });
  }

  const routes: [string, string, string][] = [
    ['metformin 500 mg p.o. daily', 'p.o.', 'intraoral route of administration'],
    ['metformin 500 mg po daily', 'po', 'intraoral route of administration'],
    ['metformin 500 mg by mouth daily', 'by mouth', 'intraoral route of administration'],
    ['vancomycin 1 g IV q12h', 'IV', 'intravenous route of administration'],
    ['vancomycin 1 g i.v. q12h', 'i.v.', 'intravenous route of administration'],
    ['insulin 10 units subcutaneously at bedtime', 'subcutaneously', 'subcutaneous route of administration'],
    ['hydrocortisone cream topical bid', 'topical', 'topical route of administration'],
    ['inhaled insulin', 'inhaled', 'respiratory tract route of administration'],
    ['nitroglycerin 0.4 mg SL', 'SL', 'sublingual route of administration'],
    ['ocular hydrocortisone', 'ocular', 'ophthalmic route of administration'],
    ['intracoronary nitroglycerin', 'intracoronary', 'intracoronary route of administration'],
    ['hydrocortisone intra-nasal', 'intra-nasal', 'nasal route of administration'],
  ];
  for (const [text, value, normalized] of routes) {
    test(`route: ${text}`, () => {
      const route = (administration(only(text)).route as Annotation[])[0]!;
      assert.deepEqual([route.coveredText, route.normalized], [value, normalized]);
    });
  }

  const durations: [string, string, string, string][] = [
    ['amoxicillin 500 mg tid for 7 days', '7 days', '7', 'day'],
    ['amoxicillin 500 mg tid x 2 weeks', '2 weeks', '2', 'week'],
    ['amoxicillin 500 mg tid x10 days', 'x10 days', '10', 'day'],
    ['a 7-day course of amoxicillin', '7-day', '7', 'day'],
    ['methotrexate weekly for a total of 6 months', '6 months', '6', 'month'],
    ['amoxicillin 500 mg tid for several weeks', 'several weeks', 'several', 'week'],
    ['long-term methotrexate', 'long-term', 'long-term', undefined as unknown as string],
  ];
  for (const [text, covered, value, unit] of durations) {
    test(`duration: ${text}`, () => {
      const d = (administration(only(text)).duration as Annotation[])[0]!;
      assert.equal(d.coveredText, covered);
      assert.equal(d.value, value);
      assert.equal(d.unit, unit);
    });
  }

  test('elements before the drug: route, dose and frequency', () => {
    const m = only('She was given oral methotrexate.');
    assert.equal(m.coveredText, 'oral methotrexate');
    assert.equal(administration(only('He took 500 mg of acetaminophen.')).dosageValue, '500 mg');
    assert.equal(administration(only('daily aspirin')).frequencyValue, 'daily');
  });

  test('each drug keeps its own elements in a list', () => {
    const found = medications('Aspirin 81 mg daily, lisinopril 10 mg twice daily and metformin 500 mg b.i.d.');
    assert.deepEqual(found.map((m) => [drugName(m).coveredText, administration(m).dosageValue, administration(m).frequencyValue]), [
      ['Aspirin', '81 mg', 'daily'], ['lisinopril', '10 mg', 'twice daily'], ['metformin', '500 mg', 'b.i.d.'],
    ]);
  });

  test('elements never cross a sentence or a window stop', () => {
    const found = medications('Continue metformin. 500 mg of something else daily.');
    assert.equal(found.length, 1);
    assert.equal(found[0]!.administration, undefined);
    assert.equal(only('metformin, but daily walks').administration, undefined);
  });
});

describe('medication: dose changes', () => {
  test('increased from 10 mg to 20 mg', () => {
    const text = 'Lisinopril was increased from 10 mg to 20 mg daily.';
    const a = administration(only(text));
    assert.equal(a.dosageValue, '20 mg');
    assert.deepEqual(a.doseChange, { direction: 'increase', from: '10 mg', to: '20 mg', trigger: { type: 'aci.DoseChangeTrigger', begin: 15, end: 24, coveredText: 'increased' } });
    assert.deepEqual((a.dosage as Annotation[]).map((d) => [d.coveredText, d.role]), [['10 mg', 'from'], ['20 mg', 'to']]);
    assertSpansConsistent(text, a);
  });

  test('from 10 to 20 mg: the first dose takes the unit of the second', () => {
    const a = administration(only('metformin increased from 500 to 1000 mg'));
    assert.deepEqual(a.doseChange, { direction: 'increase', from: '500', to: '1000 mg', trigger: { type: 'aci.DoseChangeTrigger', begin: 10, end: 19, coveredText: 'increased' } });
    assert.deepEqual((a.dosage as Annotation[]).map((d) => d.unit), ['mg', 'mg']);
  });

  test('decreased to, titrated up, and a trigger before the drug', () => {
    assert.deepEqual(administration(only('Metformin decreased to 500 mg.')).doseChange, { direction: 'decrease', to: '500 mg', trigger: { type: 'aci.DoseChangeTrigger', begin: 10, end: 19, coveredText: 'decreased' } });
    assert.equal((administration(only('Lisinopril titrated up.')).doseChange as { direction: string }).direction, 'increase');
    const m = only('We increased her lisinopril to 40 mg.');
    assert.equal(m.coveredText, 'increased her lisinopril to 40 mg');
    assert.deepEqual(administration(m).doseChange, { direction: 'increase', to: '40 mg', trigger: { type: 'aci.DoseChangeTrigger', begin: 3, end: 12, coveredText: 'increased' } });
  });
});

describe('medication: offsets with Unicode', () => {
  test('astral characters, combining marks and non-Latin text before and inside the span', () => {
    const text = 'Пациент 😀 (naïve) — Metformin 500 mg p.o. b.i.d. × 7 days; 患者 aspirin 81 mg.';
    const found = medications(text);
    assert.deepEqual(found.map((m) => m.coveredText), ['Metformin 500 mg p.o. b.i.d. × 7 days', 'aspirin 81 mg']);
    for (const m of found) assertSpansConsistent(text, m);
    assert.equal(found[0]!.begin, text.indexOf('Metformin'));
  });
});

describe('medication: parameters', () => {
  const filterBody = {
    name: 'only-metformin',
    target: 'unstructured.data.MedicationInd',
    condition: { type: 'match', field: 'cui', operator: 'equals', values: ['C0025598'] },
  };

  test('filters keep only the medications that satisfy a deployed filter', () => {
    const artifacts = artifactsOf({ 'filter/meds': { filters: [filterBody] } });
    const params = parseAnnotatorParams('medication', medicationParams, { filters: ['meds'] }).params;
    const found = medications('Metformin 500 mg daily and aspirin 81 mg daily.', artifacts, params);
    assert.deepEqual(found.map((m) => m.cui), ['C0025598']);
  });

  test('an unknown filter id is a coded parameter error', () => {
    const params = parseAnnotatorParams('medication', medicationParams, { filters: ['missing'] }).params;
    assert.throws(() => medications('Metformin.', resources.artifacts, params), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_ANNOTATOR_PARAMETER' && e.description.includes('missing'));
  });

  test('a deployed library adds its drug concepts; without a UMLS dictionary the built-in knowledge base is not used', () => {
    const dictionary: DictionaryBody = {
      id: 'pharmacy_dictionary',
      name: 'Pharmacy',
      layout: 'umls',
      defaultTransforms: { detectPreferredName: true },
      concepts: [
        { id: 'RX-1', cui: 'LOCAL-RX-1', preferredName: 'Zapotrol', attributes: [{ semanticType: 'phsu' }], surfaceForms: ['zapotrol', 'zpt-9'], regexes: [] },
        { id: 'RX-2', preferredName: 'Gadget syndrome', attributes: [{ semanticType: 'dsyn' }], surfaceForms: ['gadget syndrome'], regexes: [] },
      ],
    };
    const library = { id: 'pharmacy', sourceName: 'Pharmacy', sourceVersion: '1', dictionaries: ['pharmacy_dictionary'], enabled: true };
    const withUmls = { ...library, id: 'pharmacy_plus_umls', dictionaries: ['pharmacy_dictionary', 'umls.2022AA.dic'] };
    const artifacts = artifactsOf({ 'library/pharmacy': library, 'library/pharmacy_plus_umls': withUmls, 'dictionary/pharmacy_dictionary': dictionary });
    const text = 'Zapotrol 5 mg daily for gadget syndrome; metformin 500 mg bid.';
    const own = medications(text, artifacts, parseAnnotatorParams('medication', medicationParams, { library: ['pharmacy'] }).params);
    assert.deepEqual(own.map((m) => [drugName(m).coveredText, m.cui, administration(m).dosageValue]), [['Zapotrol', 'LOCAL-RX-1', '5 mg']]);
    const both = medications(text, artifacts, parseAnnotatorParams('medication', medicationParams, { library: ['pharmacy_plus_umls'] }).params);
    assert.deepEqual(both.map((m) => m.cui), ['LOCAL-RX-1', 'C0025598']);
  });

  test('library umls.latest is the built-in knowledge base; an unknown library is a parameter error', () => {
    const latest = parseAnnotatorParams('medication', medicationParams, { library: ['umls.latest'] }).params;
    assert.equal(medications('Metformin 500 mg daily.', resources.artifacts, latest).length, 1);
    const unknown = parseAnnotatorParams('medication', medicationParams, { library: ['no-such-library'] }).params;
    assert.throws(() => medications('Metformin.', resources.artifacts, unknown), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_ANNOTATOR_PARAMETER');
  });
});
