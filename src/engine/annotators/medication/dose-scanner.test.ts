import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Annotation } from '../../document.js';
import { medicationFixture } from './medication-test-kb.js';

const { medications, administrationOf } = medicationFixture();

function doses(text: string): [string, string | undefined][] {
  return ((administrationOf(text)?.dosage as Annotation[] | undefined) ?? []).map((d) => [d.coveredText as string, d.unit as string | undefined]);
}

describe('medication: doses described in words', () => {
  const cases: [string, string][] = [
    ['He recovered after high doses of hydrocortisone.', 'high doses'],
    ['She was on a low or moderate dosage of lisinopril.', 'low or moderate dosage'],
    ['treated with a small, stable dose of methotrexate', 'small, stable dose'],
    ['high-dose methotrexate', 'high-dose'],
    ['after very high doses of acetaminophen', 'very high doses'],
    ['the usual dose of aspirin', 'usual dose'],
  ];
  for (const [text, dose] of cases) {
    test(text, () => {
      assert.deepEqual(doses(text), [[dose, undefined]]);
      assert.equal(administrationOf(text)!.dosageValue, dose);
    });
  }

  test('the determiner stays out of the medication span', () => {
    assert.deepEqual(medications('She takes her high dose metformin.').map((m) => m.coveredText), ['high dose metformin']);
  });

  test('a phrase without a qualifier is no dose (`the dose`, `first dose`); amounts are not doses', () => {
    assert.equal(administrationOf('metformin mixed with a small amount of water'), undefined);
    assert.equal(administrationOf('Aspirin: the dose was not recorded.'), undefined);
    assert.equal(administrationOf('after the first dose of vancomycin'), undefined);
  });

  test('a dose phrase followed by `of` leads to the numeric dose', () => {
    assert.deepEqual(doses('acetaminophen at a dosage of 500 mg twice daily'), [['500 mg', 'mg']]);
    assert.equal(administrationOf('amoxicillin in a total dose of 3 g')!.coveredText, 'a total dose of 3 g');
    const a = administrationOf('metformin at a daily dose of 2000 mg')!;
    assert.deepEqual([a.dosageValue, a.frequencyValue], ['2000 mg', 'daily']);
    // With a qualifier both are doses; the numeric one is the dosage value.
    const high = administrationOf('a high dose of 2 g of vancomycin')!;
    assert.deepEqual((high.dosage as Annotation[]).map((d) => d.coveredText), ['high dose', '2 g']);
    assert.equal(high.dosageValue, '2 g');
  });

  test('an overdose is a dose, but does not make a lab-like substance a medication', () => {
    assert.deepEqual(doses('acetaminophen overdose'), [['overdose', undefined]]);
    assert.equal(medications('Glucose overdose was suspected.').length, 0);
  });

  test('a single dose is a frequency: once', () => {
    const a = administrationOf('after a single dose of vancomycin')!;
    assert.equal(a.frequencyValue, 'a single dose');
    assert.equal((a.frequency as Annotation[])[0]!.normalized, 'once');
    assert.equal(a.dosage, undefined);
  });
});

describe('medication: numeric doses', () => {
  const cases: [string, string, string, string][] = [
    ['amoxicillin 2 x 500 mg orally', '2 x 500 mg', '2 x 500', 'mg'],
    ['amoxicillin 500 mg/8 h', '500 mg/8 h', '500', 'mg/8 hour'],
    ['vancomycin 5.0 microg/kg', '5.0 microg/kg', '5.0', 'mcg/kg'],
    ['acetaminophen 1 1/2 tabs', '1 1/2 tabs', '1 1/2', 'tablet'],
  ];
  for (const [text, covered, value, unit] of cases) {
    test(text, () => {
      const d = (administrationOf(text)!.dosage as Annotation[])[0]!;
      assert.deepEqual([d.coveredText, d.value, d.unit], [covered, value, unit]);
    });
  }

  test('`x` followed by a duration is no multiplied dose', () => {
    const a = administrationOf('amoxicillin 500 mg x 2 weeks')!;
    assert.deepEqual([a.dosageValue, (a.duration as Annotation[])[0]!.coveredText], ['500 mg', '2 weeks']);
  });
});
