// Lifetime statements (temporality.ts) and the HISTORICAL / HYPOTHETICAL rules around them, on real Documents
// with the built-in rules and through the negation annotator's `historical` extension field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../create-document.js';
import { DomainError } from '../../errors.js';
import type { Annotation } from '../document.js';
import type { ContextCategory } from './context-rule.js';
import { hitTargets, runContext } from './context-assertions.js';
import { compileDefaultContext } from './context-lexicon.js';
import { compileTemporalityLexicon, isLifetimeNegation, namesLifetimeExposure } from './temporality.js';
import { annotateNegation, negationParams, type NegationParams } from '../annotators/negation/negation.js';
import { Value } from '@sinclair/typebox/value';

const compiled = compileDefaultContext();

function targetsOf(text: string, phrases: readonly string[]): Annotation[] {
  return phrases.map((p) => {
    const begin = text.indexOf(p);
    assert.ok(begin >= 0, p);
    return { type: 'test', begin, end: begin + p.length, coveredText: p } as Annotation;
  });
}

/** Whether each phrase is in a scope of the category. */
function flagged(text: string, phrases: readonly string[], category: ContextCategory): boolean[] {
  const targets = targetsOf(text, phrases);
  const hit = hitTargets(runContext(createDocument(text), compiled, targets, [category], true), category);
  return targets.map((t) => hit.has(t));
}

/** The `historical` field the negation annotator sets with detect_historical. */
function historical(text: string, phrases: readonly string[]): boolean[] {
  const base = createDocument(text);
  const targets = targetsOf(text, phrases);
  const doc = { ...base, layers: new Map([['concepts', targets]]) };
  const params = { ...Value.Default(negationParams, {}) as NegationParams, detect_historical: true };
  const update = annotateNegation(doc, compiled, params).update ?? [];
  return targets.map((t) => update.find((u) => u.target === t)?.fields['historical'] === true);
}

test('habit and allergy words are found as whole words', () => {
  assert.equal(namesLifetimeExposure('illicit drug use'), true);
  assert.equal(namesLifetimeExposure('DRUG ALLERGIES'), true);
  assert.equal(namesLifetimeExposure('drug eruption'), false);
  assert.equal(namesLifetimeExposure('alcoholic hepatitis'), false);
  assert.equal(isLifetimeNegation('chest pain', 'social history'), true);
  assert.equal(isLifetimeNegation('chest pain', 'review of systems'), false);
});

test('a negated habit or allergy is a lifetime statement; a negated symptom and current use are not', () => {
  assert.deepEqual(historical('He denies alcohol, tobacco or illicit drug use.', ['alcohol', 'tobacco', 'illicit drug use']), [true, true, true]);
  assert.deepEqual(historical('She has no known drug allergies.', ['drug allergies']), [true]);
  assert.deepEqual(historical('She denies chest pain.', ['chest pain']), [false]);
  assert.deepEqual(historical('He smokes cigarettes daily.', ['cigarettes']), [false]);
});

test('a family history, a habit given up and what lasted until a past time are history', () => {
  assert.deepEqual(flagged('Family history of colon cancer.', ['colon cancer'], 'HISTORICAL'), [true]);
  assert.deepEqual(flagged('Tobacco: quit smoking in 1990, alcohol socially.', ['smoking', 'alcohol'], 'HISTORICAL'), [true, false]);
  assert.deepEqual(flagged('She was on birth control pills until last year.', ['birth control pills'], 'HISTORICAL'), [true]);
  assert.deepEqual(flagged('Prior ORIF of a left femoral neck fracture.', ['left femoral neck fracture'], 'HISTORICAL'), [true]);
  assert.deepEqual(flagged('She was moved from the previous hospital assuming she was less lethargic.', ['lethargic'], 'HISTORICAL'), [false]);
  assert.deepEqual(flagged('A woman with a history of hypertension who was transferred for pancreatitis.', ['hypertension', 'pancreatitis'], 'HISTORICAL'), [true, false]);
});

test('what is watched for, avoided or prevented is hypothetical; the given condition after it is not', () => {
  assert.deepEqual(flagged('We will monitor for signs of infection.', ['infection'], 'HYPOTHETICAL'), [true]);
  assert.deepEqual(flagged('Watch for signs of bleeding while on Eliquis.', ['bleeding', 'Eliquis'], 'HYPOTHETICAL'), [true, false]);
  assert.deepEqual(flagged('Stay hydrated and avoid heat exhaustion.', ['heat exhaustion'], 'HYPOTHETICAL'), [true]);
  assert.deepEqual(flagged('Avoid ibuprofen.', ['ibuprofen'], 'HYPOTHETICAL'), [true]);
  assert.deepEqual(flagged('Not considered due to the risk of complications in the setting of portal hypertension.', ['complications', 'portal hypertension'], 'HYPOTHETICAL'), [true, false]);
});

test('the rules are validated with closed keys', () => {
  assert.throws(() => compileTemporalityLexicon({ kind: 'context-temporality', version: '1', lifetimeSections: ['x'], lifetimePhrases: ['Drug  Use'], extra: 1 }, 'x.json'),
    (e: unknown) => e instanceof DomainError && /x\.json: .*unknown key "extra".*"drug  use"/.test(e.description));
});
