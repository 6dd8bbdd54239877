import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Annotation } from '../../document.js';
import { medicationFixture } from './medication-test-kb.js';

const { administrationOf } = medicationFixture();

function durations(text: string): string[] {
  return ((administrationOf(text)?.duration as Annotation[] | undefined) ?? []).map((d) => d.coveredText as string);
}

describe('medication: durations', () => {
  test('a quantity of time followed by `of` (`6 months of methotrexate`, `3 years of treatment with`)', () => {
    assert.deepEqual(durations('after 6 months of methotrexate'), ['6 months']);
    assert.deepEqual(durations('after 3 years of treatment with methotrexate'), ['3 years']);
    assert.deepEqual(durations('after a 9-month period of methotrexate'), ['9-month']);
  });

  test('`within 3 days of` is a time to onset; `2 doses of` is a dose', () => {
    assert.deepEqual(durations('within 3 days of starting methotrexate'), []);
    const a = administrationOf('after 2 doses of vancomycin')!;
    assert.deepEqual([a.dosageValue, a.duration], ['2 doses', undefined]);
  });

  test('leads such as `for more than`, `for only`', () => {
    assert.deepEqual(durations('aspirin for more than 28 days'), ['28 days']);
    assert.deepEqual(durations('aspirin for only 4 days'), ['4 days']);
  });

  test('`prolonged` and `chronic` are durations only of the drug right after them', () => {
    assert.deepEqual(durations('prolonged methotrexate therapy'), ['prolonged']);
    assert.deepEqual(durations('after chronic use of methotrexate'), ['chronic']);
    assert.deepEqual(durations('chronic hepatitis C with methotrexate'), []);
    assert.deepEqual(durations('prolonged methotrexate-induced cholestasis'), []);
    assert.deepEqual(durations('metformin 500 mg for chronic kidney disease'), []);
  });
});
