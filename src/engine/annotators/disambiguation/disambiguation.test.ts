// disambiguation over real Documents: concepts found by the real concept_detection over a small
// compiled knowledge base (MS = multiple sclerosis and morphine sulfate, RA = rheumatoid arthritis),
// judged in context; plus sense-inventory validation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeRequest } from '../../analyze.js';
import { createDocument } from '../../create-document.js';
import type { Annotation } from '../../document.js';
import { NO_ARTIFACTS, type ArtifactLookup, type EngineResources } from '../../resources.js';
import { compileClinicalTestKb } from '../spell-checker/clinical-test-kb.js';
import { disambiguationAnnotator, judgeConcept } from './disambiguation.js';
import { DEFAULT_SENSE_INVENTORY, parseSenseInventory } from './sense-inventory.js';

const resources: EngineResources = { kb: compileClinicalTestKb(), artifacts: NO_ARTIFACTS };

interface Judged { cui: string; preferredName: string; begin: number; coveredText: string; disambiguationData?: { validity: string } }

function run(text: string, parameters: Record<string, string[]> = {}, artifacts: ArtifactLookup = NO_ARTIFACTS): Judged[] {
  const response = analyzeRequest({
    containers: [{ text }],
    annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'disambiguation', parameters } }] } }],
    profileResolver: () => undefined,
    options: { returnAnalyzedText: true },
    resources: { ...resources, artifacts },
  });
  return (response.unstructured[0] as unknown as { data: { concepts: Judged[] } }).data.concepts;
}

function validity(concepts: Judged[], name: string): string | undefined {
  return concepts.find((c) => c.preferredName === name)?.disambiguationData?.validity;
}

describe('disambiguation', () => {
  test('MS with dosing context: morphine sulfate VALID, multiple sclerosis INVALID', () => {
    const concepts = run('The patient was admitted overnight with severe pain after surgery. She was given MS 4 mg IV every four hours as needed for pain control.');
    assert.equal(validity(concepts, 'morphine sulfate'), 'VALID');
    assert.equal(validity(concepts, 'multiple sclerosis'), 'INVALID');
  });

  test('MS with neurological context: multiple sclerosis VALID, morphine sulfate INVALID', () => {
    const concepts = run('The patient has relapsing remitting MS diagnosed after an MRI showed new demyelinating lesions. She reports numbness in both legs today.');
    assert.equal(validity(concepts, 'multiple sclerosis'), 'VALID');
    assert.equal(validity(concepts, 'morphine sulfate'), 'INVALID');
  });

  test('RA next to an oxygen saturation means room air: rheumatoid arthritis INVALID; with joint context VALID', () => {
    const vitals = run('Vital signs were stable this morning. Oxygen saturation was 97% on RA and the patient was comfortable in bed.');
    assert.equal(validity(vitals, 'rheumatoid arthritis'), 'INVALID');
    const joints = run('She has long standing RA with morning stiffness and swelling of the hand joints, treated with methotrexate weekly.');
    assert.equal(validity(joints, 'rheumatoid arthritis'), 'VALID');
  });

  test('unambiguous concepts are VALID; documents shorter than 15 words are left alone', () => {
    const long = run('The patient developed pneumonia after the ovariectomy last month and has been on antibiotics since then at home.');
    assert.ok(long.length >= 2, 'pneumonia and ovariectomy are found');
    assert.deepEqual(long.map((c) => c.disambiguationData?.validity), long.map(() => 'VALID'));
    const short = run('Given MS 4 mg IV for pain.');
    assert.ok(short.length >= 2);
    for (const c of short) assert.equal(c.disambiguationData, undefined);
  });

  test('remove_invalid drops INVALID concepts; a deployed filter applies to the judged concepts', () => {
    const text = 'The patient was admitted overnight with severe pain after surgery. She was given MS 4 mg IV every four hours as needed for pain control.';
    assert.deepEqual(run(text, { remove_invalid: ['true'] }).map((c) => c.preferredName), ['morphine sulfate']);
    const filter = { filters: [{ target: 'unstructured.data.concepts', condition: { type: 'match', field: 'disambiguationData.validity', values: ['VALID'] } }] };
    const artifacts: ArtifactLookup = { get: (kind, id) => (kind === 'filter' && id === 'only-valid' ? filter : undefined) };
    assert.deepEqual(run(text, { filters: ['only-valid'] }, artifacts).map((c) => c.preferredName), ['morphine sulfate']);
  });

  test('filters see the judgement with every field they read: plain fields, wildcards and overlaps alike', () => {
    const text = 'The patient was admitted overnight with severe pain after surgery. She was given MS 4 mg IV every four hours as needed for pain control.';
    const all = run(text);
    const invalid = all.filter((c) => c.disambiguationData?.validity === 'INVALID');
    assert.ok(invalid.length > 0 && invalid.length < all.length);
    const conditions: Record<string, unknown> = {
      // Reads two top-level fields: the filter sees copies of just those.
      plain: { type: 'notAny', conditions: [{ type: 'all', conditions: [{ field: 'disambiguationData.validity', values: ['INVALID'] }, { field: 'cui', values: invalid.map((c) => c.cui) }] }] },
      // A wildcard path may read any field: the filter sees whole copies.
      wildcard: { field: '*.validity', values: ['INVALID'], not: true },
      // An overlaps condition reads the other (judged) concepts.
      overlaps: { type: 'overlaps', target: 'unstructured.data.concepts', condition: { field: 'disambiguationData.validity', values: ['INVALID'] }, not: true },
    };
    for (const [name, condition] of Object.entries(conditions)) {
      const filter = { filters: [{ target: 'unstructured.data.concepts', condition }] };
      const artifacts: ArtifactLookup = { get: (kind, id) => (kind === 'filter' && id === name ? filter : undefined) };
      const kept = run(text, { filters: [name] }, artifacts);
      if (name === 'overlaps') {
        const same = (a: Judged, b: Judged): boolean => a.begin === b.begin && a.cui === b.cui && a.coveredText === b.coveredText;
        const overlapsInvalid = (c: Judged): boolean => invalid.some((i) => !same(i, c) && i.begin < c.begin + c.coveredText.length && c.begin < i.begin + i.coveredText.length);
        assert.deepEqual(kept.map((c) => c.preferredName), all.filter((c) => !overlapsInvalid(c)).map((c) => c.preferredName), name);
      } else {
        assert.deepEqual(kept.map((c) => c.preferredName), all.filter((c) => !invalid.includes(c)).map((c) => c.preferredName), name);
      }
    }
  });

  test('"cold": temperature context makes the common cold INVALID, an infection context VALID', () => {
    const judge = (text: string, word = 'cold'): string => {
      const doc = createDocument(text);
      const begin = text.indexOf(word);
      const concept: Annotation = { type: 'umls.DiseaseOrSyndrome', begin, end: begin + word.length, coveredText: word, preferredName: 'common cold', semanticType: 'dsyn' };
      return judgeConcept(doc, text.toLowerCase(), concept).validity;
    };
    assert.equal(judge('On exam her hands and feet feel cold and clammy to the touch.'), 'INVALID');
    assert.equal(judge('He caught a cold last week with cough, congestion and a runny nose.'), 'VALID');
  });

  test('CVA: costovertebral angle tenderness makes stroke INVALID; a stroke history keeps it VALID', () => {
    const judge = (text: string): string => {
      const doc = createDocument(text);
      const begin = text.indexOf('CVA');
      const concept: Annotation = { type: 'umls.DiseaseOrSyndrome', begin, end: begin + 3, coveredText: 'CVA', preferredName: 'stroke', semanticType: 'dsyn' };
      return judgeConcept(doc, text.toLowerCase(), concept).validity;
    };
    assert.equal(judge('The abdomen is soft. No rebound or guarding. Positive CVA tenderness on the right flank today.'), 'INVALID');
    assert.equal(judge('She has had a right-sided CVA in the past with residual weakness of the left arm and leg.'), 'VALID');
  });

  test('a turn-key annotation with no concept on its span is judged by its normalised name (MCL, OT, ABC)', () => {
    const judged = (text: string, form: string, normalized: string): unknown => {
      const doc = createDocument(text);
      const begin = text.indexOf(form);
      const sdi: Annotation = { type: 'aci.SymptomDiseaseInd', begin, end: begin + form.length, coveredText: form, symptomDiseaseNormalizedName: normalized };
      doc.layers.set('SymptomDiseaseInd', [sdi]);
      const result = disambiguationAnnotator.run(doc, { remove_invalid: false, disambiguation_profile: 'default', filters: [] }, disambiguationAnnotator.init(resources), { resources, configurations: [] });
      return (result.update ?? []).find((u) => u.target === sdi)?.fields.disambiguationData;
    };
    assert.deepEqual(judged('Medical Reasoning: I am concerned about a torn MCL due to pain on ambulation and trouble walking.', 'MCL', 'mantle cell lymphoma'), { validity: 'INVALID' });
    assert.deepEqual(judged('1. Take medications regularly. 2. PT, OT, speech therapist to evaluate and treat the patient at home.', 'OT', 'primary orthostatic tremor'), { validity: 'INVALID' });
    assert.deepEqual(judged('She comes in today as a referral from ABC, D.O. for a reevaluation of her hand eczema and itching.', 'ABC', 'aneurysmal bone cyst'), { validity: 'INVALID' });
    assert.equal(judged('She comes in today as a referral from her doctor for a reevaluation of her hand eczema and itching.', 'eczema', 'atopic dermatitis'), undefined, 'unambiguous forms are left alone');
    const text = '1. Take medications regularly. 2. PT, OT, speech therapist to evaluate and treat the patient at home.';
    const doc = createDocument(text);
    const begin = text.indexOf('OT');
    const concept: Annotation = { type: 'umls.DiseaseOrSyndrome', begin, end: begin + 2, coveredText: 'OT', preferredName: 'primary orthostatic tremor', semanticType: 'dsyn' };
    const procedure: Annotation = { type: 'aci.ProcedureInd', begin, end: begin + 2, coveredText: 'OT', procedureNormalizedName: 'occupational therapy' };
    doc.layers.set('concepts', [concept]);
    doc.layers.set('ProcedureInd', [procedure]);
    const result = disambiguationAnnotator.run(doc, { remove_invalid: false, disambiguation_profile: 'default', filters: [] }, disambiguationAnnotator.init(resources), { resources, configurations: [] });
    const validityOf = (a: Annotation): unknown => (result.update ?? []).find((u) => u.target === a)?.fields.disambiguationData;
    assert.deepEqual([validityOf(concept), validityOf(procedure)], [{ validity: 'INVALID' }, { validity: 'VALID' }], 'the procedure is judged by its own sense, not the concept\'s');
  });

  test('the sense inventory validates its closed key sets and names file and term', () => {
    assert.ok(DEFAULT_SENSE_INVENTORY.byForm.has('ms') && DEFAULT_SENSE_INVENTORY.byForm.has('pt'));
    const base = { kind: 'disambiguation_senses', version: '1', minDocumentWords: 15, windowTokens: 10, margin: 1, weights: { cue: 1, longForm: 1, section: 1, semanticType: 1 } };
    const sense = (id: string): Record<string, unknown> => ({ id, names: [id], prior: 0.5, cues: [] });
    assert.equal(parseSenseInventory({ ...base, terms: [{ id: 'x', forms: ['x'], senses: [sense('a'), sense('b')] }] }, 's.json').byForm.size, 1);
    assert.throws(() => parseSenseInventory({ ...base, terms: [{ id: 'x', forms: ['x'], senses: [sense('a')] }] }, 's.json'), /s\.json: term x: needs at least two senses/);
    assert.throws(() => parseSenseInventory({ ...base, terms: [{ id: 'x', forms: ['x'], senses: [{ ...sense('a'), color: 1 }, sense('b')] }] }, 's.json'), /unknown key "color"/);
    assert.throws(() => parseSenseInventory({ ...base, terms: [{ id: 'x', forms: ['x'], senses: [{ ...sense('a'), prior: 0 }, sense('b')] }] }, 's.json'), /sense a: prior/);
  });
});
