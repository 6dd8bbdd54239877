import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readCvx } from './cvx.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/cvx', import.meta.url));
const REAL = '/work/shared/vocab/cvx';

describe('readCvx', () => {
  test('CVX codes with acronyms as abbreviations and other synonyms as related', () => {
    const records = [...readCvx(FIXTURE)];
    assert.deepEqual(records.map((r) => r.ids), [['CVX:01'], ['CVX:03'], ['CVX:04'], ['CVX:115'], ['CVX:61']]);
    assert.deepEqual(records[1], {
      source: 'CVX', ids: ['CVX:03'], preferredName: 'measles, mumps and rubella virus vaccine',
      names: [{ text: 'measles, mumps and rubella virus vaccine', kind: 'preferred' }, { text: 'MMR', kind: 'abbreviation' }],
      semanticTypes: ['imft'],
    });
    assert.deepEqual(records[2]!.names[1], { text: 'M/R', kind: 'related' });
    assert.deepEqual(records[3]!.names[1], { text: 'Tdap', kind: 'related' });
    // "HIV" would turn every HIV mention into the vaccine
    assert.deepEqual(records[4]!.names, [{ text: 'human immunodeficiency virus vaccine', kind: 'preferred' }]);
  });

  test('reads the staged export fully', { skip: !existsSync(REAL) }, () => {
    const records = [...readCvx(REAL)];
    assert.equal(records.length, 287);
    const kinds = new Map<string, number>();
    for (const r of records) for (const n of r.names) kinds.set(n.kind, (kinds.get(n.kind) ?? 0) + 1);
    // the file has 234 synonyms (13 acronyms); 12 ambiguous short names (HIV, Hep C, unknown, ...) are dropped
    assert.deepEqual(Object.fromEntries(kinds), { preferred: 287, abbreviation: 12, related: 210 });
  });
});
