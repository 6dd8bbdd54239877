import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import { smokingAnnotator } from './index.js';

function smoking(text: string, params: Record<string, readonly string[]> = {}) {
  return runClinicalFlow(text, [smokingAnnotator], { smoking: params }).get('SmokingInd') ?? [];
}

function one(text: string): Record<string, unknown> {
  const found = smoking(text);
  assert.equal(found.length, 1, `${text}: ${JSON.stringify(found)}`);
  return found[0]!;
}

describe('smoking', () => {
  test('"smokes 1 ppd": exact offsets, current, amount and rate', () => {
    assert.deepEqual(one('He smokes 1 ppd.'), {
      type: 'aci.SmokingInd',
      begin: 3,
      end: 15,
      coveredText: 'smokes 1 ppd',
      modality: 'positive',
      participation: 'patient',
      smokeTermSurfaceForm: 'smokes',
      smokeTermNormalizedName: 'smoking',
      amount: '1 ppd',
      rate: 'per day',
      current: 'true',
    });
  });

  test('the whole statement: wanting to quit or denying interest in quitting is current use; the nearer of former and current decides', () => {
    const denies = one('He does continue to smoke cigarettes and denies interest in cessation.');
    assert.equal(denies.current, 'true');
    assert.equal(denies.modality, 'positive');
    assert.equal(one('She smokes about half a pack a day and is trying to quit.').current, 'true');
    assert.equal(one('Quit smoking in 2010.').current, 'false');
  });

  test('former smokers: "former smoker", "quit smoking 10 years ago", "Ex-smoker"', () => {
    const f = one('Former smoker, quit smoking 10 years ago.');
    assert.equal(f.coveredText, 'Former smoker, quit smoking');
    assert.equal(f.current, 'false');
    assert.equal(f.modality, 'positive');
    assert.equal(f.duration, undefined, '"10 years ago" is when, not how long');
    const q = one('He quit smoking 10 years ago.');
    assert.equal(q.coveredText, 'quit smoking');
    assert.equal(q.current, 'false');
    assert.equal(one('Ex-smoker.').smokeTermNormalizedName, 'former smoker');
  });

  test('negative: "denies tobacco", "never smoker", "non-smoker", "No tobacco use"', () => {
    for (const [text, covered] of [['Denies tobacco.', 'Denies tobacco'], ['Never smoker.', 'Never smoker'], ['She is a non-smoker.', 'non-smoker'], ['Social history: No tobacco use.', 'No tobacco use']] as const) {
      const s = one(text);
      assert.equal(s.modality, 'negative', text);
      assert.equal(s.current, 'false', text);
      assert.equal(s.coveredText, covered, text);
    }
  });

  test('amount, duration, pack-years and past tense', () => {
    const s = one('He smoked 2 packs per day for 20 years.');
    assert.equal(s.amount, '2 packs per day');
    assert.equal(s.duration, '20 years');
    assert.equal(s.current, 'false');
    assert.equal(one('40 pack-years of cigarettes.').amount, '40 pack-years');
    const x = one('Smoker, 1ppd x 20 yrs.');
    assert.deepEqual([x.coveredText, x.amount, x.duration], ['Smoker, 1ppd x 20 yrs', '1ppd', '20 yrs']);
    assert.equal(one('Previously smoked half a pack a day.').amount, 'half a pack a day');
  });

  test('participation: family and environmental', () => {
    assert.equal(one('Mother smokes at home.').participation, 'family');
    assert.equal(one('Secondhand smoke exposure.').participation, 'environmental');
  });

  test('illicit drugs smoked; alcohol and drugs only with include_substances', () => {
    const m = one('Smokes marijuana daily.');
    assert.equal(m.illicitDrugNormalizedName, 'cannabis');
    assert.equal(m.current, 'true');
    assert.deepEqual(smoking('Drinks 2 beers a day; uses cocaine occasionally.'), []);
    const all = smoking('Denies tobacco, alcohol or drug use.', { include_substances: ['true'] });
    assert.deepEqual(all.map((a) => [a.substanceType, a.modality]), [['tobacco', 'negative'], ['illicitDrug', 'negative'], ['alcohol', 'negative']]);
    const [drink] = smoking('Drinks 2 beers a day.', { include_substances: ['true'] });
    assert.equal(drink?.alcoholNormalizedName, 'alcohol');
    assert.equal(drink?.amount, '2 beers a day');
    assert.equal(drink?.rate, 'per day');
  });

  test('a heading sentence ending in ":" is read with the next one', () => {
    const s = one('Alcohol Use: None.\nTobacco Use:\nNon-smoker.');
    assert.equal(s.coveredText, 'Tobacco Use:\nNon-smoker');
    assert.equal(s.modality, 'negative');
  });

  test('nothing without a smoking term', () => {
    assert.deepEqual(smoking('Patient denies chest pain. BP dip noted.'), []);
  });
});
