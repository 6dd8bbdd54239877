import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hpoXrefRecords } from './hpo-xrefs.js';

const FILE = [
  '?cls\t?xref',
  '<http://purl.obolibrary.org/obo/HP_0001371>\t"UMLS:C0009918"',
  '<http://purl.obolibrary.org/obo/HP_0001371>\t"SNOMEDCT_US:57048009"',
  '<http://purl.obolibrary.org/obo/HP_0001371>\t"UMLS:C0333068"',
  '<http://purl.obolibrary.org/obo/HP_0000003>\t"UMLS:C3714581"',
  '<http://purl.obolibrary.org/obo/HP_0000003>\t"MSH:D021782"',
  '<http://purl.obolibrary.org/obo/HP_0000003>\t"Fyler:4001"',
  '<http://purl.obolibrary.org/obo/HP_0000003>\t"NCIT:C75548"',
  '<http://purl.obolibrary.org/obo/HP_0009999>\t"UMLS:C0000001"',
].join('\n');

describe('HPO cross-references', () => {
  test('UMLS, SNOMED CT, MeSH and NCIt ids per known HP term; several ids of one prefix are left out', () => {
    const { records, report } = hpoXrefRecords(FILE, new Set(['HP:0001371', 'HP:0000003']));
    assert.deepEqual(records, [
      { source: 'HPO', ids: ['HP:0000003', 'UMLS:C3714581', 'MESH:D021782', 'NCIT:C75548'], names: [] },
      { source: 'HPO', ids: ['HP:0001371', 'SNOMEDCT:57048009'], names: [] },
    ]);
    assert.deepEqual(report, { terms: 2, ids: 4, severalOfPrefix: 2, attestedOfSeveral: 0 });
  });

  test('of several CUIs, the one another source gives a concept of the same name is kept; none when two are', () => {
    const one = hpoXrefRecords(FILE, new Set(['HP:0001371']), (hp, cui) => hp === 'HP:0001371' && cui === 'UMLS:C0333068');
    assert.deepEqual(one.records, [{ source: 'HPO', ids: ['HP:0001371', 'UMLS:C0333068', 'SNOMEDCT:57048009'], names: [] }]);
    assert.deepEqual(one.report, { terms: 1, ids: 2, severalOfPrefix: 1, attestedOfSeveral: 1 });
    const both = hpoXrefRecords(FILE, new Set(['HP:0001371']), () => true);
    assert.deepEqual(both.records, [{ source: 'HPO', ids: ['HP:0001371', 'SNOMEDCT:57048009'], names: [] }]);
  });

  test('without a known-term set every term is read', () => {
    assert.equal(hpoXrefRecords(FILE).records.length, 3);
  });
});
