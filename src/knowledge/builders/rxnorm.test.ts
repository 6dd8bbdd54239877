import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readRxNorm, type RxNormRecord } from './rxnorm.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/rxnorm-ingredients', import.meta.url));
const REAL = '/work/shared/vocab/rxnorm-ingredients';

describe('readRxNorm', () => {
  test('ingredients carry RXNORM and UNII ids; brands are separate records linked to their ingredients', () => {
    const records = [...readRxNorm(FIXTURE)];
    const byId = new Map(records.map((r) => [r.ids[0], r]));
    assert.deepEqual(records.map((r) => r.ids[0]), ['RXNORM:18867', 'RXNORM:50166', 'RXNORM:1091641', 'RXNORM:1998', 'RXNORM:42289', 'RXNORM:262418']);
    assert.deepEqual(byId.get('RXNORM:18867'), {
      source: 'RXNORM', ids: ['RXNORM:18867', 'UNII:UDM7Q7QWP8'], preferredName: 'benazepril',
      names: [{ text: 'benazepril', kind: 'preferred' }], semanticTypes: ['phsu'], rxnormTty: 'IN',
    } satisfies RxNormRecord);
    assert.deepEqual(byId.get('RXNORM:1091641')?.ids, ['RXNORM:1091641']);
    assert.equal(byId.get('RXNORM:50166')?.rxnormTty, 'PIN');
    const lotensin = byId.get('RXNORM:42289')!;
    assert.deepEqual(lotensin.names, [{ text: 'Lotensin', kind: 'brand' }]);
    assert.equal(lotensin.rxnormTty, 'BN');
    assert.deepEqual(lotensin.ingredientIds, ['RXNORM:18867', 'RXNORM:50166']);
    assert.deepEqual(lotensin.ids, ['RXNORM:42289'], 'a brand never shares an id with its ingredient');
    assert.deepEqual(byId.get('RXNORM:262418')?.ingredientIds, ['RXNORM:1091641']);
  });

  test('reads the staged extract fully (B-Z and 0-9; A.json is missing)', { skip: !existsSync(REAL) }, () => {
    const tty = new Map<string, number>();
    let unii = 0;
    const ids = new Set<string>();
    for (const r of readRxNorm(REAL)) {
      tty.set(r.rxnormTty, (tty.get(r.rxnormTty) ?? 0) + 1);
      if (r.ids.some((id) => id.startsWith('UNII:'))) unii++;
      ids.add(r.ids[0]!);
      if (r.rxnormTty === 'BN') assert.ok((r.ingredientIds?.length ?? 0) > 0);
    }
    assert.deepEqual(Object.fromEntries(tty), { IN: 2462, PIN: 790, MIN: 756, BN: 3914 });
    assert.equal(ids.size, 4008 + 3914);
    assert.equal(unii, 2625);
  });
});
