import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { negationAnnotator } from '../negation/negation.js';
import { clinicalTestResources, runClinicalFlow } from './clinical-test-kb.js';
import { symptomDiseaseAnnotator } from './index.js';
import { validateLexiconFile } from './lexicon-file.js';
import { DEFAULT_DISORDER_TYPES, detectSymptomDiseases, MODIFIERS_FILE } from './detect-symptoms.js';
import { createDocument } from '../../create-document.js';
import { sectionAnnotator } from '../section/section.js';
import { compileKnowledge } from '../../../knowledge/compile.js';
import { NO_ARTIFACTS, type EngineResources } from '../../resources.js';
import { CLINICAL_TEST_RECORDS } from './clinical-test-kb.js';

function symptoms(text: string, params: Record<string, readonly string[]> = {}) {
  return runClinicalFlow(text, [symptomDiseaseAnnotator], { symptom_disease: params }).get('SymptomDiseaseInd') ?? [];
}

describe('symptom_disease', () => {
  test('reference example: "Severe cramping in his left leg."', () => {
    const [s, ...rest] = symptoms('Severe cramping in his left leg.');
    assert.equal(rest.length, 0);
    assert.deepEqual(s, {
      type: 'aci.SymptomDiseaseInd',
      begin: 0,
      end: 15,
      coveredText: 'Severe cramping',
      modality: 'positive',
      symptomDiseaseSurfaceForm: 'cramping',
      symptomDiseaseNormalizedName: 'cramp',
      cui: 'C0026821',
      icd10Code: 'R25.2,T75.1',
      dateInMilliseconds: ' ',
      modifiers: [{ type: 'aci.ModifierGroupInd', begin: 0, end: 6, coveredText: 'Severe' }],
    });
  });

  test('annotate_trigger_only keeps the span on the term and still lists the modifiers', () => {
    const [s] = symptoms('Severe cramping in his left leg.', { annotate_trigger_only: ['true'] });
    assert.equal(s?.begin, 7);
    assert.equal(s?.end, 15);
    assert.equal(s?.coveredText, 'cramping');
    assert.equal((s?.modifiers as unknown[]).length, 1);
  });

  test('a body site right before the term becomes an aci.SiteInd and widens the span', () => {
    const text = 'She reports mild left knee swelling.';
    const [s] = symptoms(text);
    assert.equal(s?.coveredText, 'mild left knee swelling');
    assert.equal(s?.begin, text.indexOf('mild'));
    const mods = s?.modifiers as Record<string, unknown>[];
    assert.deepEqual(mods.map((m) => [m.type, m.coveredText]), [['aci.ModifierGroupInd', 'mild'], ['aci.SiteInd', 'left knee']]);
    assert.equal(mods[1]!.siteNormalizedName, 'left knee');
    assert.equal(mods[1]!.compound, 'false');
  });

  test('modality: negative under a negation trigger, potential under a hypothetical or possible one', () => {
    const text = 'Patient denies chest pain. Rule out pneumonia. He has fever.';
    const byText = new Map(symptoms(text).map((s) => [s.coveredText, s.modality]));
    assert.deepEqual(Object.fromEntries(byText), { 'chest pain': 'negative', pneumonia: 'potential', fever: 'positive' });
  });

  test('a negation annotator later in the flow flags the annotation too', () => {
    const layers = runClinicalFlow('No fever today.', [symptomDiseaseAnnotator, negationAnnotator]);
    const [s] = layers.get('SymptomDiseaseInd') ?? [];
    assert.equal(s?.modality, 'negative');
    assert.equal(s?.negated, true);
  });

  test('modality follows the flags an earlier annotator set on a concept at the same span', () => {
    const text = 'Fever and pneumonia.';
    const doc = createDocument(text);
    doc.layers.set('concepts', [
      { type: 'umls.SignOrSymptom', begin: 0, end: 5, coveredText: 'Fever', negated: true },
      { type: 'umls.DiseaseOrSyndrome', begin: 10, end: 19, coveredText: 'pneumonia', hypothetical: true },
    ]);
    const compiled = symptomDiseaseAnnotator.init(clinicalTestResources());
    const found = detectSymptomDiseases(doc, compiled, { annotateTriggerOnly: false, semanticTypes: new Set(DEFAULT_DISORDER_TYPES), referenceDate: '' });
    assert.deepEqual(found.map((a) => a.modality), ['negative', 'potential']);
  });

  test('codes, normalized name and a date in the sentence', () => {
    const text = 'Diagnosed with type 2 diabetes on 04/08/2022.';
    const [s] = symptoms(text);
    assert.equal(s?.coveredText, 'type 2 diabetes');
    assert.equal(s?.begin, 15);
    assert.equal(s?.cui, 'C0011860');
    assert.equal(s?.icd10Code, 'E11.9');
    assert.equal(s?.snomedConceptId, '44054006');
    assert.equal(s?.symptomDiseaseNormalizedName, 'diabetes mellitus, non-insulin-dependent');
    assert.equal(s?.date, '04/08/2022');
    assert.equal(s?.dateSource, 'sentence');
    assert.equal(s?.dateInMilliseconds, String(Date.UTC(2022, 3, 8)));
  });

  test('short forms are read as concept_detection reads them: listed or defined in the text', () => {
    // CHF is a listed clinical abbreviation; EMA is not, and the vocabularies' disorder sense is not meant.
    assert.deepEqual(symptoms('History of CHF. EMA was negative.').map((s) => s.coveredText), ['CHF']);
    // Defined with a long form that is no disorder: never the disorder of that abbreviation.
    assert.deepEqual(symptoms('Epithelial membrane antigen (EMA) was expressed. EMA was strong.'), []);
    // Defined with a disorder: every occurrence names the long form's disorder.
    const found = symptoms('Known hepatocellular carcinoma (HCC). HCC was resected.');
    assert.deepEqual(found.map((s) => [s.coveredText, s.cui]), [['hepatocellular carcinoma', 'C2239176'], ['HCC', 'C2239176'], ['HCC', 'C2239176']]);
  });

  test('a disorder inside the name of a lab test, scale or body part is no mention', () => {
    assert.deepEqual(symptoms('Glasgow coma scale was 14. Coma followed.').map((s) => s.coveredText), ['Coma']);
    assert.deepEqual(symptoms('No central nervous system disease. She felt nervous.').map((s) => s.coveredText), ['nervous']);
  });

  test('only disorder types: drugs and anatomy alone are not reported; semantic_types narrows', () => {
    assert.deepEqual(symptoms('Metformin for the left leg.'), []);
    const text = 'Fever and lung cancer.';
    assert.deepEqual(symptoms(text).map((s) => s.coveredText), ['Fever', 'lung cancer']);
    assert.deepEqual(symptoms(text, { semantic_types: ['neop'] }).map((s) => s.coveredText), ['lung cancer']);
  });

  test('filters: a deployed filter targeting SymptomDiseaseInd is applied; an unknown id is a 400', () => {
    const filter = { filters: [{ name: 'only-positive', target: 'unstructured.data.SymptomDiseaseInd', condition: { type: 'match', field: 'modality', values: ['positive'], operator: 'equals' } }] };
    const resources = { ...clinicalTestResources(), artifacts: { get: (kind: string, id: string) => (kind === 'filter' && id === 'pos' ? filter : undefined) } };
    const layers = runClinicalFlow('No fever. Chest pain.', [symptomDiseaseAnnotator], { symptom_disease: { filters: ['pos'] } }, resources);
    assert.deepEqual((layers.get('SymptomDiseaseInd') ?? []).map((s) => s.coveredText), ['Chest pain']);
    assert.throws(() => runClinicalFlow('Fever.', [symptomDiseaseAnnotator], { symptom_disease: { filters: ['nope'] } }, resources), (e: unknown) => (e as { kind?: string }).kind === 'INVALID_ANNOTATOR_PARAMETER');
  });

  test('offsets stay exact after non-BMP characters', () => {
    const text = '😀 😀 severe pain';
    const [s] = symptoms(text);
    assert.equal(s?.coveredText, 'severe pain');
    assert.equal(text.slice(s!.begin, s!.end), 'severe pain');
  });

  test('the modifier lexicon file is validated with a closed key set', () => {
    const { issues } = validateLexiconFile({ kind: 'symptom-modifiers', version: '1', language: 'en', entries: [{ id: 'x', forms: ['a'], group: 'g', normalized: 'n', extra: 1 }, { id: 'x', forms: [] }] }, MODIFIERS_FILE, { kind: 'symptom-modifiers', required: { forms: 'strings', group: 'string', normalized: 'string' } });
    const messages = issues.map((i) => `${i.path}: ${i.message}`);
    assert.ok(messages.some((m) => m.includes('entry "x".extra: unknown key')));
    assert.ok(messages.some((m) => m.includes('duplicate id')));
    assert.ok(messages.some((m) => m.includes('forms: must be a non-empty array')));
    assert.ok(clinicalTestResources().kb.conceptCount > 0);
  });
});

/** The clinical test knowledge base plus a mental disorder named by its adjective (as the corpus lexicon names one). */
function headingTestResources(): EngineResources {
  const records = [
    ...CLINICAL_TEST_RECORDS,
    { source: 'DOID', ids: ['DOID:150'], preferredName: 'disease of mental health', names: [{ text: 'psychiatric', kind: 'attested' as const }], semanticTypes: ['mobd'] },
    { source: 'ICD10CM', ids: ['ICD10CM:R69'], preferredName: 'Illness, unspecified', names: [{ text: 'illness', kind: 'exact' as const }], semanticTypes: ['sosy'] },
  ];
  return { kb: compileKnowledge(records, { name: 'heading-test-kb', version: '1', sourceVersion: 't1' }), artifacts: NO_ARTIFACTS };
}

describe('symptom_disease in headings', () => {
  test('a disorder named by a section title or an organ-system label is not a mention; the same word in a sentence is', () => {
    const text = 'HISTORY OF PRESENT ILLNESS\n\n• Psychiatric: Endorses chest pain.\nA psychiatric illness.';
    const found = runClinicalFlow(text, [sectionAnnotator, symptomDiseaseAnnotator], {}, headingTestResources()).get('SymptomDiseaseInd') ?? [];
    assert.deepEqual(found.map((s) => s.coveredText), ['chest pain', 'psychiatric', 'illness']);
    assert.equal(found[1]!.begin, text.indexOf('psychiatric'));
  });
});
