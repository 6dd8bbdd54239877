import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseSssom, sssomRecords } from './sssom.js';

const fixture = readFileSync(new URL('../../../test/fixtures/knowledge/mini.sssom.tsv', import.meta.url), 'utf8');

test('parseSssom skips the YAML header and reads the mapping columns', () => {
  const rows = parseSssom(fixture);
  assert.equal(rows.length, 5);
  assert.deepEqual(rows[0], { subjectId: 'MONDO:0005148', subjectLabel: 'type 2 diabetes mellitus', predicateId: 'skos:exactMatch', objectId: 'DOID:9352' });
});

test('sssomRecords groups by subject, keeps exact matches and drops broad matches', () => {
  const records = sssomRecords(parseSssom(fixture));
  assert.deepEqual(records.map((r) => r.ids), [
    ['MONDO:0005148', 'DOID:9352', 'UMLS:C0011860', 'ICD10CM:E11'],
    ['MONDO:0007254', 'NCIT:C4872'],
  ]);
  assert.equal(records[1]!.preferredName, 'breast cancer');
  assert.deepEqual(records[1]!.semanticTypes, ['neop']);
  assert.deepEqual(records[0]!.semanticTypes, ['dsyn']);
});
