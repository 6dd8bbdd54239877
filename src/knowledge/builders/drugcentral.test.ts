import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readDrugCentral, repairLabels } from './drugcentral.js';
import { readTsv } from './read-lines.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/drugcentral', import.meta.url));
const REAL = '/work/shared/vocab/drugcentral';

describe('readDrugCentral', () => {
  test('moves each misplaced label to the row whose synonyms contain it', () => {
    const records = [...readDrugCentral(FIXTURE)];
    assert.deepEqual(records.map((r) => [r.ids[0], r.preferredName]), [
      ['DRUGCENTRAL:1', 'nitric oxide'],
      ['DRUGCENTRAL:1725', 'metformin'],
      ['DRUGCENTRAL:74', 'acetylsalicylic acid'],
      ['DRUGCENTRAL:348', 'formylsulfamethin'],
      ['DRUGCENTRAL:999', 'emedastine'], // its label placed nowhere: first synonym
    ]);
    const metformin = records[1]!;
    assert.deepEqual(metformin.names, [
      { text: 'metformin', kind: 'preferred' },
      { text: 'LA-6023', kind: 'related' },
      { text: 'glucophage', kind: 'exact' },
      { text: 'metformin hydrochloride', kind: 'exact' },
    ]);
    assert.ok(!records.some((r) => r.names.some((n) => n.text === 'lostlabel')));
  });

  test('leaves a correctly keyed export alone', () => {
    const fixed = repairLabels([
      { id: '1', label: 'metformin', synonyms: ['metformin', 'glucophage'] },
      { id: '2', label: 'aspirin', synonyms: [] },
    ]);
    assert.deepEqual([...fixed], [['1', 'metformin'], ['2', 'aspirin']]);
  });

  test('reads the staged export fully', { skip: !existsSync(REAL) }, () => {
    const records = [...readDrugCentral(REAL)];
    assert.equal(records.length, 4995);
    assert.ok(records.every((r) => r.preferredName !== undefined && r.names[0]!.kind === 'preferred'));
    const byId = new Map(records.map((r) => [r.ids[0], r.preferredName]));
    assert.equal(byId.get('DRUGCENTRAL:1725'), 'metformin');
    // every one of the 4,030 rows with synonyms now has a label that is one of its own synonyms (none did before)
    const synonyms = new Map<string, string[]>();
    let ownBefore = 0;
    for (const row of readTsv(`${REAL}/drugcentral.tsv.gz`)) {
      const list = row['synonyms']!.split('|').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
      if (list.length > 0) synonyms.set(`DRUGCENTRAL:${row['identifier']}`, list);
      if (list.includes(row['name']!.toLowerCase())) ownBefore++;
    }
    assert.equal(synonyms.size, 4030);
    assert.equal(ownBefore, 0);
    let ownAfter = 0;
    for (const [id, list] of synonyms) if (list.includes(byId.get(id)!.toLowerCase())) ownAfter++;
    assert.equal(ownAfter, 4030);
  });
});
