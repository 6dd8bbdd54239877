import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { createDocument } from '../../create-document.js';
import { applyResult } from '../../pipeline.js';
import type { Annotation, Document } from '../../document.js';
import type { RunContext } from '../../annotator.js';
import { annotateHypothetical, hypotheticalAnnotator, hypotheticalParams, type HypotheticalParams } from './hypothetical.js';
import { annotateNegation, negationAnnotator, negationParams, type NegationParams } from '../negation/negation.js';

const ruleSets = hypotheticalAnnotator.init(undefined as never);
const compiled = ruleSets.get('default');
if (compiled === undefined) throw new Error('default rule set missing');
const defaults = Value.Default(hypotheticalParams, {}) as HypotheticalParams;
const ctx = { configurations: [] } as unknown as RunContext;

function docWith(text: string, phrases: readonly string[]): { doc: Document; targets: Annotation[] } {
  const targets: Annotation[] = [];
  let from = 0;
  for (const p of phrases) {
    const begin = text.indexOf(p, from);
    assert.ok(begin >= 0, `phrase "${p}" not in text`);
    targets.push({ type: 'umls.Test', begin, end: begin + p.length, coveredText: p });
    from = begin + p.length;
  }
  return { doc: { ...createDocument(text), layers: new Map([['concepts', targets]]) }, targets };
}

function hypothetical(text: string, phrases: readonly string[], params: Partial<HypotheticalParams> = {}): string[] {
  const { doc, targets } = docWith(text, phrases);
  applyResult(doc, hypotheticalAnnotator.run(doc, { ...defaults, ...params }, ruleSets, ctx));
  return targets.filter((t) => t.hypothetical === true).map((t) => t.coveredText);
}

describe('hypothetical annotator', () => {
  test('reproduces the ACD sample: "We discussed chemotherapy."', () => {
    const { doc, targets } = docWith('We discussed chemotherapy.', ['chemotherapy']);
    applyResult(doc, annotateHypothetical(doc, compiled, defaults));
    assert.equal(targets[0]?.hypothetical, true);
    assert.equal(targets[0]?.hypotheticalType, 'HypotheticalSpan');
    const spans = doc.layers.get('hypotheticalSpans') ?? [];
    assert.equal(spans.length, 1);
    const span = spans[0] as Annotation;
    assert.deepEqual([span.type, span.begin, span.end, span.coveredText], ['HypotheticalSpan', 0, 25, 'We discussed chemotherapy']);
    assert.deepEqual(span.trigger, [{ begin: 3, end: 12, coveredText: 'discussed', source: 'internal' }]);
  });

  test('conditional, return precautions and risk statements are hypothetical', () => {
    assert.deepEqual(hypothetical('She will return if she develops fever or chest pain.', ['fever', 'chest pain']), ['fever', 'chest pain']);
    assert.deepEqual(hypothetical('Call the clinic should there be any bleeding.', ['bleeding']), ['bleeding']);
    assert.deepEqual(hypothetical('Low risk of infection after the procedure.', ['infection']), ['infection']);
    assert.deepEqual(hypothetical('Tylenol as needed for headache.', ['headache']), ['headache']);
    assert.deepEqual(hypothetical('The patient has a headache.', ['headache']), []);
  });

  test('a drug taken as needed for the patient\'s own condition does not make it hypothetical', () => {
    assert.deepEqual(hypothetical('She takes ibuprofen as needed for her migraines.', ['migraines']), []);
    assert.deepEqual(hypothetical('Tylenol prn for his back pain.', ['back pain']), []);
    assert.deepEqual(hypothetical('Tylenol prn for back pain.', ['back pain']), ['back pain']);
  });

  test('speculation (rule out, r/o, possible, cannot be excluded) is hypothetical by default, not with include_speculation false', () => {
    const text = 'Chest x-ray to rule out pneumonia. Possible early appendicitis. Small fracture cannot be excluded.';
    const phrases = ['pneumonia', 'early appendicitis', 'Small fracture'];
    assert.deepEqual(hypothetical(text, phrases), phrases);
    assert.deepEqual(hypothetical(text, phrases, { include_speculation: false }), []);
    assert.deepEqual(hypothetical('Admitted, r/o MI.', ['MI']), ['MI']);
  });

  test('triggers of one clause share one span with a trigger array', () => {
    const { doc } = docWith('If pain persists, may consider MRI.', ['MRI']);
    applyResult(doc, annotateHypothetical(doc, compiled, defaults));
    const spans = doc.layers.get('hypotheticalSpans') ?? [];
    assert.equal(spans.length, 1);
    assert.deepEqual((spans[0]?.trigger as Array<{ coveredText: string }>).map((t) => t.coveredText), ['If', 'may consider']);
  });

  test('negation and hypothetical overlap on one annotation', () => {
    const text = 'Return if there is no improvement in the rash.';
    const { doc, targets } = docWith(text, ['improvement']);
    const negDefaults = Value.Default(negationParams, {}) as NegationParams;
    applyResult(doc, annotateNegation(doc, negationAnnotator.init(undefined as never), negDefaults));
    applyResult(doc, annotateHypothetical(doc, compiled, defaults));
    assert.equal(targets[0]?.negated, true);
    assert.equal(targets[0]?.hypothetical, true);
    assert.equal((doc.layers.get('negatedSpans') ?? []).length, 1);
    assert.equal((doc.layers.get('hypotheticalSpans') ?? []).length, 1);
  });

  test('remove_hypothetical removes the flagged annotations', () => {
    const { doc } = docWith('Discussed surgery. Knee pain today.', ['surgery', 'Knee pain']);
    applyResult(doc, annotateHypothetical(doc, compiled, { ...defaults, remove_hypothetical: true }));
    assert.deepEqual((doc.layers.get('concepts') ?? []).map((a) => a.coveredText), ['Knee pain']);
  });

  test('include_family_history produces FamilyHistorySpan', () => {
    const text = 'Family history of colon cancer.';
    assert.deepEqual(hypothetical(text, ['colon cancer']), []);
    const { doc, targets } = docWith(text, ['colon cancer']);
    applyResult(doc, annotateHypothetical(doc, compiled, { ...defaults, include_family_history: true }));
    assert.equal(targets[0]?.hypotheticalType, 'FamilyHistorySpan');
    assert.equal((doc.layers.get('hypotheticalSpans') ?? [])[0]?.type, 'FamilyHistorySpan');
  });

  test('turn_off_internal_triggers finds nothing', () => {
    assert.deepEqual(hypothetical('We discussed chemotherapy.', ['chemotherapy'], { turn_off_internal_triggers: true }), []);
  });

  test('the radiology rule set reads disjunctions and "consistent with" as hedges', () => {
    const text = 'Findings consistent with atelectasis or pneumonia.';
    assert.deepEqual(hypothetical(text, ['atelectasis', 'pneumonia']), []);
    assert.deepEqual(hypothetical(text, ['atelectasis', 'pneumonia'], { context_rule_sets: ['default', 'radiology'] }), ['atelectasis', 'pneumonia']);
    assert.deepEqual(hypothetical('Denies fever or chills.', ['fever', 'chills']), []);
  });

  test('radiology: a serial list before "or" is one disjunction; "of either kidney" is no hedge', () => {
    const radiology: Partial<HypotheticalParams> = { context_rule_sets: ['default', 'radiology'] };
    assert.deepEqual(hypothetical('Thickening seen with infection, reflux, or scarring.', ['Thickening', 'infection', 'reflux', 'scarring'], radiology), ['infection', 'reflux', 'scarring']);
    assert.deepEqual(hypothetical('No interval growth of either kidney.', ['kidney'], radiology), []);
    assert.deepEqual(hypothetical('Findings represent either atelectasis or pneumonia.', ['atelectasis', 'pneumonia'], radiology), ['atelectasis', 'pneumonia']);
  });
});
