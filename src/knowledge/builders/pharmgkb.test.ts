import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pickRxNorm, readPharmGkb } from './pharmgkb.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/pharmgkb', import.meta.url));
const REAL = '/work/shared/vocab/pharmgkb';

describe('readPharmGkb', () => {
  test('labels with the SSSOM cross-references the merger joins on', () => {
    const records = [...readPharmGkb(FIXTURE)];
    assert.equal(records.length, 4);
    assert.deepEqual(records[0], {
      source: 'PHARMGKB',
      ids: ['PHARMGKB:PA1000', 'ATC:A10BA01', 'DRUGBANK:DB00914', 'RXNORM:8129', 'UMLS:C0031404'],
      preferredName: 'phenformin',
      names: [{ text: 'phenformin', kind: 'preferred' }],
      semanticTypes: ['phsu'],
      pharmgkbType: 'drug',
    });
    assert.deepEqual(records[1]!.ids, ['PHARMGKB:PA448497', 'ATC:C09AA07', 'DRUGBANK:DB00542', 'MESH:D015364', 'RXNORM:18867', 'UMLS:C0053197', 'SNOMEDCT:372511001']);
    assert.deepEqual([records[2]!.pharmgkbType, records[2]!.semanticTypes], ['drug-class', ['phsu']]);
    assert.deepEqual([records[3]!.pharmgkbType, records[3]!.semanticTypes], ['metabolite', ['orch']]);
  });

  test('keeps only the lowest RXCUI when an entry maps to an ingredient and its brand', () => {
    assert.deepEqual(pickRxNorm(['PHARMGKB:PA1', 'RXNORM:848161', 'UMLS:C1', 'RXNORM:819300']), { ids: ['PHARMGKB:PA1', 'UMLS:C1', 'RXNORM:819300'], other: ['RXNORM:848161'] });
    assert.deepEqual(pickRxNorm(['PHARMGKB:PA1', 'RXNORM:5']), { ids: ['PHARMGKB:PA1', 'RXNORM:5'], other: [] });
  });

  test('reads the staged export fully', { skip: !existsSync(REAL) }, () => {
    const prefixes = new Map<string, number>();
    let count = 0;
    let others = 0;
    for (const r of readPharmGkb(REAL)) {
      count++;
      others += r.otherRxNormIds?.length ?? 0;
      for (const id of r.ids.slice(1)) {
        const p = id.slice(0, id.indexOf(':'));
        prefixes.set(p, (prefixes.get(p) ?? 0) + 1);
      }
    }
    assert.equal(count, 5134);
    // 1,938 rxnorm xrefs; 32 entries carry more than one (33 extra RXCUIs, mostly brands of the ingredient)
    assert.deepEqual(Object.fromEntries([...prefixes].sort()), { ATC: 3442, DRUGBANK: 1786, MESH: 1259, RXNORM: 1938 - 33, SNOMEDCT: 76, UMLS: 1834, UNII: 1 });
    assert.equal(others, 33);
  });
});
