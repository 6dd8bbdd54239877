import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cleanIcd10Code, icd10Records } from './icd10cm.js';

const dir = new URL('../../../test/fixtures/knowledge/', import.meta.url);
const codes = readFileSync(new URL('icd-codes.csv', dir), 'utf8');
const index = readFileSync(new URL('icd-index.csv', dir), 'utf8');

test('index rows become synonyms of their code; chapters V-Z are left out', () => {
  const records = icd10Records(codes, index);
  const byCode = new Map(records.map((r) => [r.ids[0]!, r]));
  assert.deepEqual(byCode.get('ICD10CM:R10.0')!.names.map((n) => n.text), ['Acute abdomen', 'acute Abdomen', 'Abdomen acute']);
  assert.deepEqual(byCode.get('ICD10CM:F44.4')!.names.map((n) => n.text), ['Conversion disorder with motor symptom or deficit', 'Abasia']);
  // "Impression, basilar": only the inverted form names the code, never "Impression" alone
  assert.deepEqual(byCode.get('ICD10CM:Q75.8')!.names.map((n) => n.text), ['basilar Impression']);
  // connective subterms ("with hemorrhage") and deeper levels do not become names
  assert.equal(byCode.has('ICD10CM:R10.9'), false);
  assert.equal(byCode.has('ICD10CM:R10.1'), false);
  assert.equal(byCode.has('ICD10CM:V09.9'), false);
  assert.deepEqual(byCode.get('ICD10CM:L02.61')!.names.map((n) => n.text), ['foot Abscess', 'Abscess foot']);
  assert.deepEqual(byCode.get('ICD10CM:R10.0')!.semanticTypes, ['sosy']);
  assert.deepEqual(byCode.get('ICD10CM:F44.4')!.semanticTypes, ['mobd']);
});

test('cleanIcd10Code strips the incomplete-code dash and rejects non-codes', () => {
  assert.equal(cleanIcd10Code('L02.61-'), 'L02.61');
  assert.equal(cleanIcd10Code('E11.9'), 'E11.9');
  assert.equal(cleanIcd10Code('see below'), undefined);
});
