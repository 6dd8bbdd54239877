import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diseaseTypeFromLabel, isQualifierLabel, phenotypeTypeFromLabel } from './semantic-heuristics.js';

test('one-word adjective labels and modes of inheritance are qualifiers (qlco), not disorders', () => {
  for (const label of ['Prolonged', 'Transient', 'Nocturnal', 'acquired', 'congenital', 'Mitochondrial inheritance', 'Autosomal dominant inheritance']) assert.ok(isQualifierLabel(label), label);
  for (const label of ['Seizure', 'Colic', 'Eschar', 'Withdrawal', 'Ataxia', 'chronic kidney disease', 'Hypertension']) assert.equal(isQualifierLabel(label), false, label);
  assert.equal(phenotypeTypeFromLabel('Episodic'), 'qlco');
  assert.equal(phenotypeTypeFromLabel('Seizure'), 'sosy');
  for (const label of ['Past medical history', 'Family history', 'Family history of cancer', 'History of vasectomy']) assert.equal(phenotypeTypeFromLabel(label), 'inpr', label);
  assert.equal(diseaseTypeFromLabel('inherited'), 'qlco');
  assert.equal(diseaseTypeFromLabel('lung carcinoma'), 'neop');
  assert.equal(diseaseTypeFromLabel('asthma'), 'dsyn');
});
