import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readDrugBank } from './drugbank.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/drugbank', import.meta.url));
const REAL = '/work/shared/vocab/drugbank';

describe('readDrugBank', () => {
  test('DRUGBANK and UNII ids, common name preferred, quoted synonyms split on " | "', () => {
    const records = [...readDrugBank(FIXTURE)];
    assert.equal(records.length, 5);
    const [lepirudin, benazepril, acetaminophen, cetyl, nounii] = records;
    assert.deepEqual(lepirudin!.ids, ['DRUGBANK:DB00001', 'UNII:Y43GF64R34']);
    assert.deepEqual(lepirudin!.names.map((n) => n.text), ['Lepirudin', '[Leu1, Thr2]-63-desulfohirudin', 'Desulfatohirudin', 'Hirudin variant-1', 'Lepirudin recombinant', 'R-hirudin']);
    assert.equal(lepirudin!.names[0]!.kind, 'preferred');
    assert.deepEqual(benazepril!.names, [{ text: 'Benazepril', kind: 'preferred' }, { text: 'Benazeprilum', kind: 'exact' }]);
    assert.ok(acetaminophen!.names.some((n) => n.text === '"N-acetyl-p-aminophenol"'));
    assert.ok(acetaminophen!.names.some((n) => n.text === 'Paracetamol'));
    assert.deepEqual(cetyl!.names.map((n) => n.text), ['Cetyl palmitoleate', '9-HEXADECENOIC ACID, HEXADECYL ESTER, (9Z)-']);
    assert.deepEqual(nounii!.ids, ['DRUGBANK:DB99999']);
    assert.ok(records.every((r) => r.source === 'DRUGBANK' && r.semanticTypes?.[0] === 'phsu'));
  });

  test('reads the staged vocabulary fully', { skip: !existsSync(REAL) }, () => {
    let count = 0;
    let unii = 0;
    let startingWithA = 0;
    let maxId = '';
    for (const r of readDrugBank(REAL)) {
      count++;
      if (r.ids.length === 2) unii++;
      if (/^a/i.test(r.preferredName!)) startingWithA++;
      if (r.ids[0]! > maxId) maxId = r.ids[0]!;
    }
    assert.equal(count, 17430);
    assert.equal(unii, 12525);
    assert.equal(startingWithA, 1424);
    assert.equal(maxId, 'DRUGBANK:DB19456');
  });
});
