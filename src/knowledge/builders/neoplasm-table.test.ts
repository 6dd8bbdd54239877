import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatPharmActions, parsePharmActions, readPharmActions } from './mesh-pharm-action.js';
import { formatNeoplasmSites, parseNeoplasmSites, readNeoplasmSites } from './neoplasm-table.js';

const CSV = [
  'RowID,Level,Term,SeeAlso,NonEssModif,MalignantPrimary,MalignantSecondary,CaInSitu,Benign,UncertainBehavior,UnspecifiedBehavior',
  '1,0,"Neoplasm, neoplastic",,,C80.1,C79.9,D09.9,D36.9,D48.9,D49.9',
  '2,1,"abdomen, abdominal",,,C76.2,C79.8-,D09.8,D36.7,D48.7,D49.89',
  '3,2,cavity,,,C76.2,C79.8-,D09.8,D36.7,D48.7,D49.89',
  '93,1,back NEC,,,C76.8,C79.89,D04.5,D36.7,D48.7,D49.89',
  '895,1,"lingula, lung",,,C34.1-,C78.0-,D02.2-,D14.3-,D38.1,D49.1',
  '1537,1,skin NOS,,,C44.90,C79.2,D04.9,D23.9,D48.5,D49.2',
  '222,1,bowel,"Neoplasm, intestine",,,,,,,',
  '300,1,intestine,,,C26.0,C78.80,D01.40,D13.91,D37.8,D49.0',
  '301,1,canal,,,,,,,,',
  '399,1,colon,,,C18.9,C78.5,-,-,-,-',
].join('\n');

describe('neoplasm table (ICD-10-CM) side table', () => {
  test('first-level sites, comma alternatives (noun and adjective only), NEC/NOS dropped, see-references resolved, trailing "-" removed', () => {
    const sites = readNeoplasmSites(CSV);
    assert.deepEqual(sites.map((s) => s.site), ['unspecified site', 'abdomen', 'abdominal', 'back', 'lingula', 'skin', 'bowel', 'intestine', 'colon']);
    assert.deepEqual(sites[0]!.codes, ['C80.1', 'C79.9', 'D09.9', 'D36.9', 'D48.9', 'D49.9']);
    assert.deepEqual(sites[1]!.codes, ['C76.2', 'C79.8', 'D09.8', 'D36.7', 'D48.7', 'D49.89']);
    assert.deepEqual(sites.find((s) => s.site === 'bowel')!.codes, ['C26.0', 'C78.80', 'D01.40', 'D13.91', 'D37.8', 'D49.0']);
    assert.deepEqual(sites.find((s) => s.site === 'colon')!.codes, ['C18.9', 'C78.5', '', '', '', '']);
    assert.deepEqual(parseNeoplasmSites(formatNeoplasmSites(sites)), sites);
  });
});

describe('MeSH pharmacological actions side table', () => {
  test('grouped by substance, names lower-cased, round trip', () => {
    const tsv = 'DescriptorUI\tDescriptorName\tPharmActionUI\tPharmActionName\nD007052\tIbuprofen\tD000894\tAnti-Inflammatory Agents, Non-Steroidal\nD007052\tIbuprofen\tD000700\tAnalgesics\nD008687\tMetformin\tD007004\tHypoglycemic Agents\n';
    const rows = readPharmActions(tsv);
    assert.deepEqual(rows, [
      { name: 'ibuprofen', meshId: 'D007052', actions: ['Anti-Inflammatory Agents, Non-Steroidal', 'Analgesics'] },
      { name: 'metformin', meshId: 'D008687', actions: ['Hypoglycemic Agents'] },
    ]);
    assert.deepEqual(parsePharmActions(formatPharmActions(rows)), rows);
  });
});
