import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anatomyTypeFromLabel, diseaseTypeFromLabel, isQualifierLabel, phenotypeTypeFromLabel } from './semantic-heuristics.js';

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

test('anatomy labels: body substances are bdsu, cells cell, structures bpoc', () => {
  for (const label of ['Serum', 'blood', 'Plasma', 'urine', 'cerebrospinal fluid', 'pleural effusion', 'Sputum']) assert.equal(anatomyTypeFromLabel(label), 'bdsu', label);
  for (const label of ['Cell', 'T cell', 'lymphocyte', 'hepatocytes', 'Neutrophil', 'platelets']) assert.equal(anatomyTypeFromLabel(label), 'cell', label);
  for (const label of ['blood vessel', 'Liver', 'lymph node', 'cell membrane', 'bone marrow', 'Oral Cavity']) assert.equal(anatomyTypeFromLabel(label), 'bpoc', label);
});
