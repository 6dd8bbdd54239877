import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Annotation } from '../../document.js';
import { compileReferenceIntervals, judgeByReferenceInterval, validateReferenceIntervals } from './reference-intervals.js';

const intervals = compileReferenceIntervals();

/** A LabValueInd as lab_value writes it (value span, LOINC code, optional unit and range). */
function lab(loincId: string, labValue: string, extra: { unit?: string; lowValue?: string; comparator?: string } = {}): Annotation {
  return {
    type: 'aci.LabValueInd', begin: 0, end: labValue.length, coveredText: labValue, labValue, loincId,
    ...(extra.lowValue === undefined ? {} : { lowValue: extra.lowValue }),
    ...(extra.comparator === undefined ? {} : { comparator: extra.comparator }),
    ...(extra.unit === undefined ? {} : { measurementUnit: [{ type: 'aci.MeasurementUnit', begin: 0, end: 0, coveredText: extra.unit }] }),
  };
}

const POTASSIUM = '2823-3';
const HEMOGLOBIN = '718-7';
const TEMPERATURE = '8310-5';
const MAGNESIUM = '19123-9';
const LVEF = '10230-1';

describe('default reference intervals', () => {
  test('the shipped file is valid and keyed by LOINC code', () => {
    assert.ok(intervals.byLoinc.has(POTASSIUM));
    assert.ok(intervals.byLoinc.size >= 40);
  });

  test('a value in a unit of its lab is judged against that unit\'s interval', () => {
    assert.deepEqual(judgeByReferenceInterval(lab(POTASSIUM, '3.1', { unit: 'mmol/L' }), intervals), { outside: true });
    assert.deepEqual(judgeByReferenceInterval(lab(POTASSIUM, '4.2', { unit: 'mEq / L' }), intervals), { outside: false });
    assert.deepEqual(judgeByReferenceInterval(lab(HEMOGLOBIN, '95', { unit: 'g/L' }), intervals), { outside: true });
    // A unit the lab has no interval for, or one units.json does not know: no verdict.
    assert.equal(judgeByReferenceInterval(lab(POTASSIUM, '3.1', { unit: 'mg/dL' }), intervals), undefined);
    assert.equal(judgeByReferenceInterval(lab(POTASSIUM, '3.1', { unit: 'furlongs' }), intervals), undefined);
  });

  test('without a unit, the one unitless interval whose plausible bounds hold the value decides', () => {
    assert.deepEqual(judgeByReferenceInterval(lab(HEMOGLOBIN, '12.2'), intervals), { outside: false }); // g/dL
    assert.deepEqual(judgeByReferenceInterval(lab(HEMOGLOBIN, '122'), intervals), { outside: false }); // g/L
    assert.deepEqual(judgeByReferenceInterval(lab(TEMPERATURE, '101.2'), intervals), { outside: true }); // [degF]
    assert.deepEqual(judgeByReferenceInterval(lab(TEMPERATURE, '37.1'), intervals), { outside: false }); // Cel
    // Magnesium 1.5 is plausible in mg/dL and in mmol/L, low in one and high in the other: no verdict.
    assert.equal(judgeByReferenceInterval(lab(MAGNESIUM, '1.5'), intervals), undefined);
    // Implausible in every unit: no verdict.
    assert.equal(judgeByReferenceInterval(lab(POTASSIUM, '45'), intervals), undefined);
  });

  test('a range is judged when both ends fall on one side; comparators, ratios and unknown labs are not', () => {
    assert.deepEqual(judgeByReferenceInterval(lab(LVEF, '40', { lowValue: '35', unit: '%' }), intervals), { outside: true });
    assert.deepEqual(judgeByReferenceInterval(lab(LVEF, '60', { lowValue: '55', unit: '%' }), intervals), { outside: false });
    assert.equal(judgeByReferenceInterval(lab(LVEF, '55', { lowValue: '45', unit: '%' }), intervals), undefined);
    assert.equal(judgeByReferenceInterval(lab(POTASSIUM, '3.0', { comparator: '<' }), intervals), undefined);
    assert.equal(judgeByReferenceInterval(lab('2345-7', '250', { unit: 'mg/dL' }), intervals), undefined); // glucose: no interval
    assert.equal(judgeByReferenceInterval({ ...lab(POTASSIUM, '3.1'), loincId: undefined }, intervals), undefined);
  });

  test('a blood pressure is abnormal when either part is, normal when both are in range', () => {
    const bp = (value: string, unit?: string) => judgeByReferenceInterval(lab('85354-9', value, unit === undefined ? {} : { unit }), intervals);
    assert.deepEqual(bp('145/92', 'mmHg'), { outside: true });
    assert.deepEqual(bp('118/85'), { outside: true });
    assert.deepEqual(bp('118/76', 'mm Hg'), { outside: false });
    assert.equal(bp('118/76', 'mg/dL'), undefined);
    assert.equal(bp('118'), undefined);
  });

  test('validation names the file and the entry of each problem', () => {
    const entry = (intervalsOf: unknown[], extra: Record<string, unknown> = {}) => ({ kind: 'reference-intervals', version: '1', language: 'en', entries: [{ id: 'k', loincId: '2823-3', intervals: intervalsOf, ...extra }] });
    const messages = (body: unknown): string[] => validateReferenceIntervals(body, 'f.json').issues.map((i) => `${i.path}: ${i.message}`);
    assert.deepEqual(messages(entry([{ low: 3.5, high: 5.1, units: ['mmol-per-l'] }])), []);
    assert.match(messages(entry([{ low: 5.1, high: 3.5, units: ['mmol-per-l'] }]))[0]!, /entries\[0\]\.intervals\[0\]: `low` must be below `high`/);
    assert.match(messages(entry([{ high: 5.1, units: ['millimoles'] }]))[0]!, /units: must list unit ids/);
    assert.match(messages(entry([{ high: 5.1, units: ['mmol-per-l'], unitless: true }]))[0]!, /plausible: a unitless interval needs plausible bounds/);
    assert.match(messages(entry([{ high: 5.1, units: ['mmol-per-l'] }, { low: 1, units: ['mmol-per-l'] }]))[0]!, /unit mmol-per-l has two intervals/);
    assert.match(messages(entry([{ units: ['mmol-per-l'] }]))[0]!, /needs `low`, `high` or both/);
    assert.match(messages(entry([{ high: 5.1, units: ['mmol-per-l'], color: 'red' }]))[0]!, /intervals\[0\]\.color: unknown key/);
    assert.match(messages(entry([{ high: 5.1, units: ['mmol-per-l'] }], { loincId: 'potassium' }))[0]!, /loincId: must be a LOINC code/);
    const panel = (ratioOf: unknown) => ({ kind: 'reference-intervals', version: '1', language: 'en', entries: [{ id: 'bp', loincId: '85354-9', ratioOf }] });
    assert.match(messages(panel(['8480-6', '8462-4']))[0]!, /85354-9: ratio part 8480-6 has no intervals/);
    assert.match(messages(panel(['8480-6']))[0]!, /ratioOf: must be the LOINC codes of the two parts/);
  });
});
