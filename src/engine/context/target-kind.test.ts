// Rules limited to kinds of target (allowed_types, excluded_types) on real Documents with the built-in rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../create-document.js';
import type { Annotation } from '../document.js';
import { validateContextLexicon } from './context-rule.js';
import { hitTargets, runContext } from './context-assertions.js';
import { compileDefaultContext } from './context-lexicon.js';
import { targetKind } from './target-kind.js';

const compiled = compileDefaultContext();

/** Negated flags of the phrases of `text`, each with the given annotation fields. */
function negated(text: string, targets: readonly [string, Record<string, unknown>][]): boolean[] {
  const doc = createDocument(text);
  const list: Annotation[] = targets.map(([p, fields]) => {
    const begin = text.indexOf(p);
    assert.ok(begin >= 0, p);
    return { type: 'test', begin, end: begin + p.length, coveredText: p, ...fields } as Annotation;
  });
  const hit = hitTargets(runContext(doc, compiled, list, ['NEGATED_EXISTENCE'], true), 'NEGATED_EXISTENCE');
  return list.map((t) => hit.has(t));
}

const drug = { type: 'aci.MedicationInd' };
const test_ = { semanticType: 'diap' };
const disease = { semanticType: 'dsyn' };

test('kinds come from the annotation type or its semantic types', () => {
  assert.equal(targetKind({ type: 'aci.MedicationInd', begin: 0, end: 1, coveredText: 'x' } as Annotation), 'medication');
  assert.equal(targetKind({ type: 'umls.X', semanticType: 'orch,phsu', begin: 0, end: 1, coveredText: 'x' } as Annotation), 'medication');
  assert.equal(targetKind({ type: 'aci.LabValueInd', begin: 0, end: 1, coveredText: 'x' } as Annotation), 'procedure');
  assert.equal(targetKind({ type: 'umls.X', semanticType: ['dsyn'], begin: 0, end: 1, coveredText: 'x' } as Annotation), 'other');
});

test('a stopped drug is negated; a disease in the same place is not', () => {
  assert.deepEqual(negated('Aspirin was discontinued last month.', [['Aspirin', drug]]), [true]);
  assert.deepEqual(negated('Rash was discontinued.', [['Rash', disease]]), [false]);
  assert.deepEqual(negated('He was switched from metoprolol to carvedilol.', [['metoprolol', drug], ['carvedilol', drug]]), [true, false]);
});

test('a negative or empty test is not negated, its finding is; a test not performed is', () => {
  assert.deepEqual(negated('The biopsy was negative for malignancy.', [['biopsy', test_], ['malignancy', disease]]), [false, true]);
  assert.deepEqual(negated('No lesions were seen on the upper gastrointestinal endoscopy.', [['lesions', disease], ['endoscopy', test_]]), [true, false]);
  assert.deepEqual(negated('A lumbar puncture was not performed.', [['lumbar puncture', test_]]), [true]);
  assert.deepEqual(negated('No CT was done.', [['CT', test_]]), [true]);
});

test('a test that did not show a finding, or on which it was not seen, was done; one the patient did not have was not', () => {
  assert.deepEqual(negated('The MRI did not show a mass.', [['MRI', test_], ['mass', disease]]), [false, true]);
  assert.deepEqual(negated('It had not been present on the ultrasound examination.', [['ultrasound examination', test_]]), [false]);
  assert.deepEqual(negated('She did not have a colonoscopy.', [['colonoscopy', test_]]), [true]);
  assert.deepEqual(negated('He did not tolerate a decrease of PEEP.', [['PEEP', test_]]), [false]);
  assert.deepEqual(negated('He refused chemotherapy and decided to proceed with palliative care.', [['chemotherapy', test_], ['palliative care', test_]]), [true, false]);
  assert.deepEqual(negated('Neither leaks nor malfunctions, and recovery of the LVEF.', [['leaks', disease], ['malfunctions', disease], ['LVEF', test_]]), [true, true, false]);
});

/** Flags of one category (POSSIBLE_EXISTENCE, HYPOTHETICAL) for the phrases of `text`. */
function flagged(text: string, category: 'POSSIBLE_EXISTENCE' | 'HYPOTHETICAL', phrases: readonly string[]): boolean[] {
  const doc = createDocument(text);
  const list: Annotation[] = phrases.map((p) => ({ type: 'test', begin: text.indexOf(p), end: text.indexOf(p) + p.length, coveredText: p, semanticType: 'dsyn' }) as Annotation);
  const hit = hitTargets(runContext(doc, compiled, list, [category], true), category);
  return list.map((t) => hit.has(t));
}

test('hedges: suspected to have, must have been, a working diagnosis, impending; the month of May is no modal', () => {
  assert.deepEqual(flagged('During pregnancy she was suspected to have growth restriction.', 'POSSIBLE_EXISTENCE', ['growth restriction']), [true]);
  assert.deepEqual(flagged('The mass must have been a thrombus.', 'POSSIBLE_EXISTENCE', ['thrombus']), [true]);
  assert.deepEqual(flagged('Under the impression of febrile neutropenia, she was admitted.', 'POSSIBLE_EXISTENCE', ['febrile neutropenia']), [true]);
  assert.deepEqual(flagged('She had signs of impending respiratory failure.', 'HYPOTHETICAL', ['respiratory failure']), [true]);
  assert.deepEqual(flagged('In May 2016 he presented with worsening abdominal pain.', 'POSSIBLE_EXISTENCE', ['abdominal pain']), [false]);
  assert.deepEqual(flagged('This may represent abdominal pain.', 'POSSIBLE_EXISTENCE', ['abdominal pain']), [true]);
});

test('allowed_types and excluded_types are validated', () => {
  const rule = (extra: Record<string, unknown>): unknown => ({ kind: 'context-rules', version: '1', language: 'en', rules: [{ id: 'x', literal: 'stopped', category: 'NEGATED_EXISTENCE', direction: 'BACKWARD', ...extra }] });
  assert.equal(validateContextLexicon(rule({ allowed_types: ['medication'] }), 'f.json').issues.length, 0);
  const bad = validateContextLexicon(rule({ allowed_types: ['drug'], excluded_types: [] }), 'f.json').issues.map((i) => i.path);
  assert.deepEqual(bad, ['f.json: rules[0] (rule "x").allowed_types', 'f.json: rules[0] (rule "x").excluded_types']);
});

test('a trigger in an opening subordinate clause does not reach the main clause', () => {
  assert.deepEqual(negated('Because she declined surgical treatment, she will continue immunosuppressive therapy.', [['surgical treatment', test_], ['immunosuppressive therapy', test_]]), [true, false]);
  assert.deepEqual(negated('As the patient denied adjuvant therapy, metastases were found on a follow-up CT.', [['adjuvant therapy', test_]]), [true]);
  // a list inside the clause stays negated: only a comma before a subject ends it
  assert.deepEqual(negated('Although he has no fever, cough, or chills, he feels unwell.', [['fever', disease], ['cough', disease], ['chills', disease]]), [true, true, true]);
  assert.deepEqual(negated('He has no fever, cough, or chills, he feels unwell.', [['chills', disease]]), [true]);
});

test('a procedure that was not available, failed or absent was not done; the test of a missing finding was', () => {
  assert.deepEqual(negated('Molecular analysis of tumor tissue was unavailable.', [['Molecular analysis', test_]]), [true]);
  assert.deepEqual(negated('The patient failed a repeat attempt at extubation.', [['extubation', test_]]), [true]);
  assert.deepEqual(negated('She improved in the absence of plasma exchange.', [['plasma exchange', test_]]), [true]);
  assert.deepEqual(negated('Absence of lesions on the repeat colonoscopy.', [['lesions', disease], ['colonoscopy', test_]]), [true, false]);
});

test('a negation ends at a new subject or a diagnosis; a decline is a trend, not a refusal', () => {
  assert.deepEqual(negated('No signs of distress and his heart rate returned to normal.', [['distress', disease], ['heart rate', test_]]), [true, false]);
  assert.deepEqual(negated('A man without past history was diagnosed with tuberculosis in a routine examination.', [['tuberculosis', disease], ['examination', test_]]), [false, false]);
  assert.deepEqual(negated('Poor response with rapid decline of platelet count after transfusion.', [['platelet count', test_], ['transfusion', test_]]), [false, false]);
  assert.deepEqual(negated('She declined the colonoscopy.', [['colonoscopy', test_]]), [true]);
});
