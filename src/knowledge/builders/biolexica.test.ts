import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ssslmRecords } from './biolexica.js';

const HEADER = 'text\tcurie\tname\tpredicate\ttype\tprovenance\tcontributor\tdate\tlanguage\tcomment\tsource';
const row = (text: string, curie: string, name: string): string => `${text}\t${curie}\t${name}\trdfs:label\t\t\t\t\t\t\tx`;

test('phenotype lexicon types: HPO from the label (history terms are clinical attributes); SYMP and DOID left to their own builders', () => {
  const tsv = [HEADER, row('blood pressure', 'symp:0020063', 'blood pressure'), row('Seizure', 'hp:0001250', 'Seizure'), row('Past medical history', 'hp:0032443', 'Past medical history'), row('asthma', 'doid:2841', 'asthma')].join('\n');
  const types = Object.fromEntries(ssslmRecords(tsv, 'phenotype').map((r) => [r.preferredName, r.semanticTypes]));
  assert.deepEqual(types, { 'blood pressure': [], Seizure: ['sosy'], 'Past medical history': ['inpr'], asthma: [] });
});
