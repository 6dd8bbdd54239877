import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import { labValueAnnotator } from './index.js';
import { compileStainMarkerWords } from './stain-markers.js';
import { DomainError } from '../../../errors.js';

function labs(text: string) {
  return runClinicalFlow(text, [labValueAnnotator]).get('LabValueInd') ?? [];
}

function brief(text: string): string[] {
  return labs(text).map((l) => {
    const unit = (l.measurementUnit as { coveredText: string }[] | undefined)?.[0]?.coveredText;
    return `${String(l.labTypeSurfaceForm)}=${l.lowValue === undefined ? '' : `${String(l.lowValue)}..`}${String(l.labValue)}${unit === undefined ? '' : ` ${unit}`}`;
  });
}

describe('lab_value', () => {
  test('reference example: "pulse: 84"', () => {
    const [l, ...rest] = labs('pulse: 84');
    assert.equal(rest.length, 0);
    assert.equal(l?.type, 'aci.LabValueInd');
    assert.equal(l?.begin, 7);
    assert.equal(l?.end, 9);
    assert.equal(l?.coveredText, '84');
    assert.equal(l?.labTypeSurfaceForm, 'pulse');
    assert.equal(l?.labTypeNormalizedName, 'pulse');
    assert.equal(l?.labValue, '84');
    assert.equal(l?.dateInMilliseconds, ' ');
    assert.equal(l?.loincId, '8867-4');
  });

  test('values, ratios, ranges and units in a realistic note', () => {
    const text = 'Labs: hemoglobin 12.2, WBC 4.6, potassium 3.2 mmol/L. BP 120/80, A1c of 7.5%. Hgb 12-14 g/dL.';
    assert.deepEqual(brief(text), ['hemoglobin=12.2', 'WBC=4.6', 'potassium=3.2 mmol/L', 'BP=120/80', 'A1c=7.5 %', 'Hgb=12..14 g/dL']);
    const byName = new Map(labs(text).map((l) => [l.labTypeSurfaceForm, l]));
    const k = byName.get('potassium')!;
    assert.equal(text.slice(k.begin, k.end), '3.2');
    assert.equal(k.loincId, '2823-3');
    assert.deepEqual(k.measurementUnit, [{ type: 'aci.MeasurementUnit', begin: text.indexOf('mmol/L'), end: text.indexOf('mmol/L') + 6, coveredText: 'mmol/L', dimension: 'concentration', compound: 'true', numerator: 'mmol', denomenator: 'L' }]);
    assert.equal(byName.get('A1c')!.loincId, '4548-4');
    assert.equal(byName.get('BP')!.coveredText, '120/80');
  });

  test('connectors and comparators between name and value', () => {
    assert.deepEqual(brief('Her potassium level was 3.2 today. Troponin <0.01. Temp 98.6 F.'), ['potassium=3.2', 'Troponin=0.01', 'Temp=98.6 F']);
    const [t] = labs('Troponin <0.01.');
    assert.equal(t?.comparator, 'less');
  });

  test('no value, a date, or a value in the next sentence: nothing', () => {
    assert.deepEqual(labs('Check hemoglobin tomorrow. 12 eggs.'), []);
    assert.deepEqual(labs('Glucose on 04/08/2022 was normal.'), []);
    assert.deepEqual(labs('The pt had 2 visits; k 5 times.'), []);
  });

  test('short forms with a capital match as written; counts are not lab values', () => {
    assert.deepEqual(brief('Increase lisinopril from 10 mg to 20 mg a day. Mg 2.1, Na 140.'), ['Mg=2.1', 'Na=140']);
    assert.deepEqual(labs('He checks his blood sugar 2 to 3 times per day.'), []);
    assert.deepEqual(brief('VITALS\nHeart Rate:\n80 beats per minute.'), ['Heart Rate=80 beats per minute']);
  });

  test('knowledge-base lab concepts name labs too; dates of the sentence are attached', () => {
    const [g] = labs('Blood glucose 145 mg/dL on 04/08/2022.');
    assert.equal(g?.labTypeNormalizedName, 'glucose');
    assert.equal(g?.labValue, '145');
    assert.equal(g?.date, '04/08/2022');
  });
});

describe('lab_value: worded results, classes and thresholds', () => {
  test('a worded result after the name, shared by joined names; before the name too', () => {
    assert.deepEqual(brief('CBC and BMP were normal. Troponin negative. Urinalysis was unremarkable. LFTs mildly elevated.'),
      ['CBC=normal', 'BMP=normal', 'Troponin=negative', 'Urinalysis=unremarkable', 'LFTs=mildly elevated']);
    assert.deepEqual(brief('Elevated AST and ALT. Negative pregnancy test. Labs within normal limits.'),
      ['AST=Elevated', 'ALT=Elevated', 'pregnancy test=Negative', 'Labs=within normal limits']);
    assert.deepEqual(brief('Negative for HIV. HIV+ patients. HBsAg seropositivity.'), ['HIV=Negative', 'HIV=+', 'HBsAg=seropositivity']);
    const [t] = labs('Troponin was negative.');
    assert.equal(t?.coveredText, 'negative');
    assert.equal(t?.labTypeNormalizedName, 'troponin');
    assert.equal(t?.measurementUnit, undefined);
  });

  test('no result word, or one of another phrase: nothing', () => {
    assert.deepEqual(labs('CBC was drawn and sent.'), []);
    assert.deepEqual(labs('Sodium, potassium and a normal saline bolus.'), []);
    // A number is still preferred when it follows.
    assert.deepEqual(brief('Potassium was low at 3.1.'), ['Potassium=3.1']);
  });

  test('graded scales take classes; a value with a unit is not a class', () => {
    assert.deepEqual(brief('NYHA class III-IV. ECOG performance status of 0 - 2. ASA I-II.'), ['NYHA class=III-IV', 'ECOG performance status=0..2', 'ASA=I-II']);
    assert.deepEqual(labs('ASA 81 mg daily.'), []);
  });

  test('thresholds: parenthesised short forms, comparators, multiples of a limit, shared by joined names', () => {
    assert.deepEqual(brief('Hemoglobin (Hgb) greater than or equal to 10 g/dL. AST or ALT > 3 x ULN. Serum creatinine above ULN.'),
      ['Hemoglobin=10 g/dL', 'AST=3', 'ALT=3', 'Serum creatinine=above ULN']);
    const [p] = labs('Platelets ≥ 100 x 10^9/L');
    assert.equal(p?.labValue, '100');
    assert.equal(p?.comparator, 'greater');
    // Counts of doses stay blocked.
    assert.deepEqual(labs('He checks his blood sugar 2 to 3 times per day.'), []);
  });
});

describe('lab_value: measurements no lexicon names, worded results of scales', () => {
  test('a short phrase right before a comparator and a number is a measurement', () => {
    assert.deepEqual(brief('sIDBP >= 90 mmHg. Patients with egg collection yield = 3. Serum creatinine level > 2 mg/dL.'),
      ['sIDBP=90 mmHg', 'egg collection yield=3', 'Serum creatinine=2 mg/dL']);
  });
  test('no measurement: ages, counts, durations, reference intervals, a phrase after a boundary word', () => {
    assert.deepEqual(labs('Age > 18. Up to 2 doses. More than 3 prior regimens.'), []);
    assert.deepEqual(brief('Troponin I was 12.77 ng/ml (normal range < 0.40).'), ['Troponin I=12.77 ng/ml']);
  });
  test('a result joined to its test by a hyphen; all, also between the copula and the result', () => {
    assert.deepEqual(brief('The organism was catalase-negative. HER2-positive tumour. Blood cultures were all negative.'),
      ['catalase=negative', 'HER2=positive', 'Blood cultures=negative']);
    assert.deepEqual(labs('A well-known anti-inflammatory.'), []);
    // `significant for` introduces what follows: not a result.
    assert.deepEqual(labs('Labs significant for anemia.'), []);
  });
  test('adequate, impaired: worded results before a scale or function; class and score connect a name to its value', () => {
    assert.deepEqual(brief('Adequate bone marrow function. Impaired renal function. ASA physical status class 1-3.'),
      ['bone marrow function=Adequate', 'renal function=Impaired', 'ASA physical status=1..3']);
  });
});

describe('lab_value: values by their unit, before the name, in series; subjects of results; nouns of change', () => {
  test('a number with a result unit after a phrase no lexicon names is a measurement; sizes, doses and times are not', () => {
    assert.deepEqual(brief('The plasma level of GH was 8.2 ng/ml and IGF-1 was 504 ng/ml. Lower esophageal sphincter pressure of 50 mmHg. PaO2 of 7.76 kPa.'),
      ['plasma level of GH=8.2 ng/ml', 'IGF-1=504 ng/ml', 'Lower esophageal sphincter pressure=50 mmHg', 'PaO2=7.76 kPa']);
    assert.deepEqual(labs('The mass measured 3.2 cm. Erlotinib 150 mg daily. Symptoms for 3 days.'), []);
    // A word right after a number is its unit, not a measurement's name.
    assert.deepEqual(labs('It fell from 19 units to 8 units.'), []);
  });
  test('a share or count right before a lab name', () => {
    assert.deepEqual(brief('CSF with 50% neutrophils and 50% lymphocytes.'), ['neutrophils=50 %', 'lymphocytes=50 %']);
    assert.deepEqual(brief('Neutrophils 75%.'), ['Neutrophils=75 %']);
    // A short form in brackets and a comma between the name and its value.
    assert.deepEqual(brief('Growth hormone (GH), 0.50 ng/ml; luteinizing hormone (LH), 2.60 mIU/ml.'), ['Growth hormone=0.50 ng/ml', 'luteinizing hormone=2.60 mIU/ml']);
  });
  test('later values of one measurement: a change, a series', () => {
    assert.deepEqual(brief('Free carnitine levels had increased to 86 μmol/L and 48 μmol/L, respectively.'),
      ['Free carnitine levels=86 μmol/L', 'Free carnitine levels=48 μmol/L']);
    assert.deepEqual(brief('Plasma renin activity was elevated to 15 ng/mL. Potassium decreased from 5.9 mmol/L before dialysis.'),
      ['Plasma renin activity=elevated', 'Plasma renin activity=15 ng/mL', 'Potassium=decreased', 'Potassium=5.9 mmol/L']);
    assert.deepEqual(brief('Apgar scores were 2, 6 and 7.'), ['Apgar scores=2', 'Apgar scores=6', 'Apgar scores=7']);
    assert.deepEqual(brief('Potassium 3.1 then 4.2.'), ['Potassium=3.1', 'Potassium=4.2']);
    // A range stays one value; a bare number after a unit is not the same measurement.
    assert.deepEqual(brief('Potassium 3.2 to 4.1 mmol/L. Glucose 145 mg/dL and 2 tablets.'), ['Potassium=3.2..4.1 mmol/L', 'Glucose=145 mg/dL']);
  });
  test('the subject of a worded result is a measurement, unless a person or a disorder', () => {
    assert.deepEqual(brief('The postoperative course was uneventful. Surgical margins were negative. Her QTc was found to be prolonged.'),
      ['postoperative course=uneventful', 'Surgical margins=negative', 'QTc=prolonged']);
    assert.deepEqual(labs('The patient was stable. His disease was stable. The tumour was positive. His mood is stable.'), []);
    // A result that qualifies the next word is not its subject's.
    assert.deepEqual(labs('The scan was normal sinus rhythm.'), []);
  });
  test('a noun of change before `in` or `of` and its measurement', () => {
    assert.deepEqual(brief('There was an increase in serum creatinine. Normalization of the blood cell counts was achieved.'),
      ['serum creatinine=increase', 'blood cell counts=Normalization']);
    // Only nouns of change take `in`: `elevated in` is no result of what follows.
    assert.deepEqual(labs('Levels elevated in spring.'), []);
  });
  test('markers after positive for / negative for, and markers with a bracketed sign', () => {
    assert.deepEqual(brief('Lymphoma cells were positive for CD10 and CD20 but negative for c-Kit, CD31.'),
      ['CD10=positive', 'CD20=positive', 'c-Kit=negative', 'CD31=negative']);
    assert.deepEqual(brief('HER-2 (+), CD31 (-).'), ['HER-2=(+)', 'CD31=(-)']);
  });
  test('stages take classes with sub-stage letters; a bare stage is no test (CKD stage 3)', () => {
    assert.deepEqual(brief('Clinical stage IIIB or IV. Chronic kidney disease stage 3.'), ['Clinical stage=IIIB or IV']);
  });
});

describe('lab_value resources', () => {
  test('markers of stains in a sentence about immunostaining, bound to a result before or after them', () => {
    assert.deepEqual(brief('Immunohistochemistry showed that the tumor cells were positive for CK7, TTF-1 and synaptophysin, but negative to p63.'),
      ['CK7=positive', 'TTF-1=positive', 'synaptophysin=positive', 'p63=negative']);
    // short forms and figure references between joined markers; a hyphenated letter; a marker of several words
    assert.deepEqual(brief('Immunostains showed positivity for cytokeratin-7 (CK7) (Figure 1F), chromogranin-A, and epithelial membrane antigen.'),
      ['cytokeratin-7=positivity', 'CK7=positivity', 'chromogranin-A=positivity', 'epithelial membrane antigen=positivity']);
    assert.deepEqual(brief('On staining, CD34 and desmin were negative.'), ['CD34=negative', 'desmin=negative']);
    // the cue may be in the sentence before
    assert.deepEqual(brief('Immunohistochemical staining was performed. The cells were positive for vimentin.'), ['vimentin=positive']);
  });

  test('no cue, no result, or no marker shape: no stain marker', () => {
    assert.deepEqual(brief('The patient had COVID19 and CK7 after day3.'), []);
    assert.deepEqual(brief('Immunohistochemistry was performed for CK7 and TTF-1.'), []);
    assert.deepEqual(brief('Staining of the specimen margin was positive within the skin.'), []);
  });

  test('antibodies with a result are tests, with or without a cue', () => {
    assert.deepEqual(brief('Tests for anti-Ro, anti-La, and anticardiolipin antibodies were all negative.'),
      ['anti-Ro=negative', 'anti-La=negative', 'anticardiolipin antibodies=negative']);
  });

  test('a measurement named by what it measures and a head noun (levels, activity, count) takes a value or a worded result', () => {
    assert.deepEqual(brief('Total carnitine levels were low. Factor IX activity was 45%. The mitotic count was 9.'),
      ['Total carnitine levels=low', 'Factor IX activity=45 %', 'mitotic count=9']);
    // a result word or a boundary word ends the phrase going back; no word before the head, no name
    assert.deepEqual(brief('Levels were normal. She had high levels of stress.'), []);
  });

  test('the stain-markers file is validated: closed roles', () => {
    const bad = { kind: 'stain-markers', version: '1', language: 'en', entries: [{ id: 'a', role: 'marker', forms: ['CK7'] }] };
    assert.throws(() => compileStainMarkerWords(bad, 'm.json'), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_RESOURCE_FILE' && e.description.includes('m.json'));
  });

  test('a malformed lexicon fails at load with INVALID_RESOURCE_FILE naming the file and entry', async () => {
    const { compileUnits, UNITS_FILE } = await import('./measurement.js');
    const { compileLabLexicon } = await import('./detect-lab-values.js');
    assert.throws(() => compileUnits({ kind: 'measurement-units', version: '1', language: 'en', entries: [{ id: 'pct', forms: ['%'], normalized: '%', colour: 'red' }] }, UNITS_FILE), (e: unknown) => {
      const d = e as { kind?: string; description?: string };
      return d.kind === 'INVALID_RESOURCE_FILE' && d.description?.includes('resources/lab-value/units.json: entry "pct".colour: unknown key') === true;
    });
    assert.throws(() => compileLabLexicon({ kind: 'lab-tests', version: '1', language: 'en', entries: [{ id: 'bp', forms: ['BP'], normalized: 'bp', valueKind: 'fraction' }] }, 'labs.json'), /./);
    const { compileResults } = await import('./worded-results.js');
    assert.throws(() => compileResults({ kind: 'lab-results', version: '1', language: 'en', entries: [{ id: 'normal', forms: ['normal'], role: 'verdict' }] }, 'results.json'), (e: unknown) => (e as { kind?: string }).kind === 'INVALID_RESOURCE_FILE');
  });
});
