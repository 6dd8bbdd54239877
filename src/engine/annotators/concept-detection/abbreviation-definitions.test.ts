import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findAbbreviationDefinitions, findAbbreviationOccurrences } from './abbreviation-definitions.js';

function pairs(text: string): [string, string][] {
  return findAbbreviationDefinitions(text).map((d) => [d.shortForm, text.slice(d.longBegin, d.longEnd)]);
}

test('long form (SF): the closest preceding words spelling the short form', () => {
  assert.deepEqual(pairs('Patients with Duchenne muscular dystrophy (DMD) develop cardiomyopathy.'), [['DMD', 'Duchenne muscular dystrophy']]);
  assert.deepEqual(pairs('in the fish-eye disease (FED) family'), [['FED', 'fish-eye disease']]);
  assert.deepEqual(pairs('ataxia-telangiectasia (A-T) patients'), [['A-T', 'ataxia-telangiectasia']]);
  assert.deepEqual(pairs('congestive heart failure (CHF, NYHA III) and hemoglobin A1c (HbA1c)'), [['CHF', 'congestive heart failure'], ['HbA1c', 'hemoglobin A1c']]);
});

test('parentheses that are not short forms, and unspellable pairs, give nothing', () => {
  assert.deepEqual(pairs('was given (5 mg) daily (see below) and (ok)'), []);
  assert.deepEqual(pairs('a rare tumour (XYZ) of bone'), []);
  assert.deepEqual(pairs('(DMD) at the start'), []);
});

test('each occurrence takes the latest definition before it; occurrences are whole words only', () => {
  const text = 'Becker muscular dystrophy (BMD) differs. Bone mineral density (BMD) too. BMD, BMDs and xBMD.';
  const defs = findAbbreviationDefinitions(text);
  assert.deepEqual(defs.map((d) => text.slice(d.longBegin, d.longEnd)), ['Becker muscular dystrophy', 'Bone mineral density']);
  const occurrences = findAbbreviationOccurrences(text, defs);
  assert.deepEqual(occurrences.map((o) => [o.begin, text.slice(o.definition.longBegin, o.definition.longEnd)]), [
    [27, 'Becker muscular dystrophy'],
    [63, 'Bone mineral density'],
    [73, 'Bone mineral density'],
  ]);
});

test('a short form spelling its long form\'s initials in another order (a reordered or Latin name)', () => {
  assert.deepEqual(pairs('the gene for myotonic dystrophy (DM) maps to 19q'), [['DM', 'myotonic dystrophy']]);
  assert.deepEqual(pairs('genes for congenital adrenal hypoplasia (AHC) and'), [['AHC', 'congenital adrenal hypoplasia']]);
  // Only all-capitals letters, 2-4 of them, and exactly that many words whose initials match.
  assert.deepEqual(pairs('in muscle tissue (TMX) and in blood dystrophy (Dm)'), []);
  assert.deepEqual(pairs('with severe myotonic dystrophy (DMX)'), []);
});
