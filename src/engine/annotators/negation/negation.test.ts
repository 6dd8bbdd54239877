import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { createDocument } from '../../create-document.js';
import { applyResult } from '../../pipeline.js';
import type { Annotation, Document } from '../../document.js';
import { annotateNegation, negationAnnotator, negationParams, type NegationParams } from './negation.js';

const compiled = negationAnnotator.init(undefined as never);
const defaults = Value.Default(negationParams, {}) as NegationParams;

function docWith(text: string, phrases: readonly string[], layer = 'concepts'): { doc: Document; targets: Annotation[] } {
  const targets: Annotation[] = [];
  let from = 0;
  for (const p of phrases) {
    const begin = text.indexOf(p, from);
    assert.ok(begin >= 0, `phrase "${p}" not in text`);
    targets.push({ type: 'umls.Test', begin, end: begin + p.length, coveredText: p });
    from = begin + p.length;
  }
  return { doc: { ...createDocument(text), layers: new Map([[layer, targets]]) }, targets };
}

function negatedTexts(text: string, phrases: readonly string[], params: Partial<NegationParams> = {}): string[] {
  const { doc, targets } = docWith(text, phrases);
  applyResult(doc, annotateNegation(doc, compiled, { ...defaults, ...params }));
  return targets.filter((t) => t.negated === true).map((t) => t.coveredText);
}

describe('negation annotator', () => {
  test('declares its contract', () => {
    assert.equal(negationAnnotator.id, 'negation');
    assert.deepEqual(negationAnnotator.produces, ['negatedSpans']);
    assert.equal(defaults.fully_covered, true);
    assert.equal(defaults.remove_negated, false);
  });

  test('reproduces the ACD sample: "Patient denies pain."', () => {
    const { doc, targets } = docWith('Patient denies pain.', ['pain']);
    const result = annotateNegation(doc, compiled, defaults);
    applyResult(doc, result);
    assert.equal(targets[0]?.negated, true);
    const spans = doc.layers.get('negatedSpans') ?? [];
    assert.equal(spans.length, 1);
    const span = spans[0] as Annotation;
    assert.equal(span.type, 'NegatedSpan');
    assert.deepEqual([span.begin, span.end, span.coveredText], [15, 19, 'pain']);
    assert.deepEqual(span.trigger, { begin: 8, end: 14, coveredText: 'denies', type: 'NegationTrigger' });
  });

  test('every target gets a negated flag; only negated ones are true', () => {
    const { doc, targets } = docWith('No fever but productive cough.', ['fever', 'productive cough']);
    applyResult(doc, annotateNegation(doc, compiled, defaults));
    assert.deepEqual(targets.map((t) => t.negated), [true, false]);
  });

  test('pre-triggers, post-triggers and pseudo-triggers', () => {
    assert.deepEqual(negatedTexts('She has no history of seizures.', ['seizures']), ['seizures']);
    assert.deepEqual(negatedTexts('Pulmonary embolism was ruled out.', ['Pulmonary embolism']), ['Pulmonary embolism']);
    assert.deepEqual(negatedTexts('Blood cultures were negative.', ['Blood cultures']), ['Blood cultures']);
    assert.deepEqual(negatedTexts('Effusion is not seen on the lateral view.', ['Effusion']), ['Effusion']);
    assert.deepEqual(negatedTexts('There is no change in the pleural effusion.', ['pleural effusion']), []);
    assert.deepEqual(negatedTexts('Gram negative rods in the blood.', ['rods']), []);
    assert.deepEqual(negatedTexts('The patient is not only febrile but hypotensive.', ['febrile']), []);
    // contractions, with a typographic apostrophe too
    assert.deepEqual(negatedTexts('She doesn\u2019t have chest pain.', ['chest pain']), ['chest pain']);
    assert.deepEqual(negatedTexts("He didn't report nausea.", ['nausea']), ['nausea']);
  });

  test('termination: but, however, which, a semicolon, "positive for"', () => {
    assert.deepEqual(negatedTexts('Denies chest pain, however reports dyspnea.', ['chest pain', 'dyspnea']), ['chest pain']);
    assert.deepEqual(negatedTexts('No pneumonia; small effusion.', ['pneumonia', 'small effusion']), ['pneumonia']);
    assert.deepEqual(negatedTexts('MRI showed no biliary dilatation and positive for cholelithiasis.', ['biliary dilatation', 'cholelithiasis']), ['biliary dilatation']);
  });

  test('scope conventions: what ends a negation and what does not', () => {
    // a finding that has not (fully) resolved is present
    assert.deepEqual(negatedTexts('The pneumonia has not resolved.', ['pneumonia']), []);
    assert.deepEqual(negatedTexts('The effusion has incompletely resolved.', ['effusion']), []);
    assert.deepEqual(negatedTexts('The effusion has resolved.', ['effusion']), ['effusion']);
    // a hedged predicate starts a new statement
    assert.deepEqual(negatedTexts('No consolidation, likely atelectasis.', ['consolidation', 'atelectasis']), ['consolidation']);
    assert.deepEqual(negatedTexts('Lack of inspiration probably accounts for the crowding.', ['inspiration', 'crowding']), ['inspiration']);
    // "and a / an / the" joins a new noun phrase, not another negated item; a list still is
    assert.deepEqual(negatedTexts('A left kidney without hydronephrosis and a small bladder diverticulum.', ['hydronephrosis', 'bladder diverticulum']), ['hydronephrosis']);
    assert.deepEqual(negatedTexts('No fever, chills or night sweats.', ['fever', 'chills', 'night sweats']), ['fever', 'chills', 'night sweats']);
    // comparative "as compared to" is not the causal terminator "as"
    assert.deepEqual(negatedTexts('No interval growth as compared to the prior exam.', ['interval growth', 'prior exam']), ['interval growth', 'prior exam']);
    assert.deepEqual(negatedTexts('No pain as he takes ibuprofen.', ['pain', 'ibuprofen']), ['pain']);
    // "including but not limited to" introduces a list of present items
    assert.deepEqual(negatedTexts('Risks include but are not limited to infection, stroke and death.', ['infection', 'stroke', 'death']), []);
    // the forward part of a passive negation ends at the comma
    assert.deepEqual(negatedTexts('The arch is not identified, further evaluation to exclude a vascular ring.', ['arch', 'vascular ring']), ['arch']);
    // free fluid is a finding
    assert.deepEqual(negatedTexts('Minimal free pelvic fluid.', ['Minimal', 'pelvic fluid']), []);
  });

  test('the sentence limits the scope', () => {
    assert.deepEqual(negatedTexts('No fever. Cough for two days.', ['fever', 'Cough']), ['fever']);
  });

  test('fully_covered: an annotation straddling the scope end is negated only when false', () => {
    const text = 'No fever; chills overnight.';
    assert.deepEqual(negatedTexts(text, ['fever; chills']), []);
    assert.deepEqual(negatedTexts(text, ['fever; chills'], { fully_covered: false }), ['fever; chills']);
  });

  test('remove_negated removes negated annotations but keeps the spans', () => {
    const { doc } = docWith('Denies nausea and has headache.', ['nausea', 'headache']);
    applyResult(doc, annotateNegation(doc, compiled, { ...defaults, remove_negated: true }));
    assert.deepEqual((doc.layers.get('concepts') ?? []).map((a) => a.coveredText), ['headache']);
    assert.equal((doc.layers.get('negatedSpans') ?? []).length, 1);
  });

  test('one NegatedSpan per span even when several layers annotate it', () => {
    const text = 'Patient denies pain.';
    const concept: Annotation = { type: 'umls.SignOrSymptom', begin: 15, end: 19, coveredText: 'pain' };
    const symptom: Annotation = { type: 'aci.SymptomDiseaseInd', begin: 15, end: 19, coveredText: 'pain' };
    const doc: Document = { ...createDocument(text), layers: new Map([['concepts', [concept]], ['SymptomDiseaseInd', [symptom]]]) };
    applyResult(doc, annotateNegation(doc, compiled, defaults));
    assert.equal(concept.negated, true);
    assert.equal(symptom.negated, true);
    assert.equal((doc.layers.get('negatedSpans') ?? []).length, 1);
  });

  test('target_layers limits which layers are judged', () => {
    const { doc, targets } = docWith('No rash.', ['rash'], 'MedicationInd');
    applyResult(doc, annotateNegation(doc, compiled, { ...defaults, target_layers: ['concepts'] }));
    assert.equal(targets[0]?.negated, undefined);
  });

  test('detect_historical and detect_family_history add the extension fields', () => {
    const { doc, targets } = docWith('History of DVT. Mother with breast cancer. Cough today.', ['DVT', 'breast cancer', 'Cough']);
    applyResult(doc, annotateNegation(doc, compiled, { ...defaults, detect_historical: true, detect_family_history: true }));
    assert.deepEqual(targets.map((t) => [t.historical, t.familyHistory]), [[true, false], [false, true], [false, false]]);
    const plain = docWith('History of DVT.', ['DVT']);
    applyResult(plain.doc, annotateNegation(plain.doc, compiled, defaults));
    assert.equal(plain.targets[0]?.historical, undefined);
  });
});
