import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyteOf, loincRecords, parseLoincTop, shortAnalyteOf } from './loinc.js';

const US = [
  'LOINC #,Long Common Name,Short Name,CLASS,Rank',
  '2160-0,Creatinine [Mass/volume] in Serum or Plasma,Creat SerPl-mCnc,Chem,1',
  '718-7,Hemoglobin [Mass/volume] in Blood,Hgb Bld-mCnc,HEM/BC,2',
  '3094-0,Urea nitrogen [Mass/volume] in Serum or Plasma,BUN SerPl-mCnc,Chem,6',
  '2028-9,"Carbon dioxide, total [Moles/volume] in Serum or Plasma",CO2 SerPl-sCnc,Chem,7',
  '4548-4,Hemoglobin A1c/Hemoglobin.total in Blood,Hgb A1c MFr Bld,HEM/BC,81',
  '3097-3,Urea nitrogen/Creatinine [Mass ratio] in Serum or Plasma,BUN/Creat SerPl,Chem,55',
  '2161-8,Creatinine [Mass/volume] in Urine,Creat Ur-mCnc,Chem,161',
  '3879-4,Opiates [Presence] in Urine,Opiates Ur Ql,DRUG/TOX,120',
  '32164-6,Cells [#/volume] in Synovial fluid by Manual count,Cells # Snv Manual,HEM/BC,1577',
  '29463-7,Body weight,Weight,BDYWGT.ATOM,593',
].join('\r\n');
const SI = ['LOINC #,Long Common Name,Short Name,CLASS,Rank', '14682-9,Creatinine [Moles/volume] in Serum or Plasma,Creat SerPl-sCnc,Chem,1'].join('\n');

describe('LOINC builder', () => {
  test('analyte of a Long Common Name and of a Short Name', () => {
    assert.equal(analyteOf('Creatinine [Mass/volume] in Serum or Plasma'), 'Creatinine');
    assert.equal(analyteOf('Bilirubin.total [Mass/volume] in Serum or Plasma'), 'Bilirubin');
    assert.equal(analyteOf('Hemoglobin A1c/Hemoglobin.total in Blood'), 'Hemoglobin A1c');
    assert.equal(analyteOf('Urea nitrogen/Creatinine [Mass ratio] in Serum or Plasma'), undefined);
    assert.equal(analyteOf('Prothrombin time (PT) in Platelet poor plasma by Coagulation assay'), 'Prothrombin time');
    assert.equal(analyteOf('History of neural tube defect Narrative'), undefined);
    assert.equal(shortAnalyteOf('Hgb A1c MFr Bld'), 'Hgb A1c');
    assert.equal(shortAnalyteOf('MCHC RBC Auto-mCnc'), 'MCHC');
    assert.equal(shortAnalyteOf('Creat SerPl-mCnc'), undefined);
  });

  test('one lab test per code, named as LOINC names it; the analyte names go to the best-ranked code', () => {
    const { records, analyteNames } = loincRecords([...parseLoincTop(US), ...parseLoincTop(SI)]);
    assert.deepEqual(records.map((r) => r.ids[0]), [
      'LNC:2160-0', 'LNC:14682-9', 'LNC:718-7', 'LNC:3094-0', 'LNC:2028-9', 'LNC:3097-3', 'LNC:4548-4', 'LNC:3879-4', 'LNC:2161-8', 'LNC:29463-7', 'LNC:32164-6',
    ]);
    const byId = new Map(records.map((r) => [r.ids[0], r]));
    assert.deepEqual(byId.get('LNC:2160-0'), {
      source: 'LNC', ids: ['LNC:2160-0', 'LOINC:2160-0'], preferredName: 'Creatinine [Mass/volume] in Serum or Plasma',
      names: [{ text: 'Creatinine', kind: 'exact' }], semanticTypes: ['lbpr'],
    });
    // the SI edition's code of equal rank and the urine creatinine lend no analyte name
    assert.deepEqual(byId.get('LNC:14682-9')!.names, []);
    assert.deepEqual(byId.get('LNC:2161-8')!.names, []);
    assert.deepEqual(byId.get('LNC:718-7')!.names.map((n) => n.text), ['Hemoglobin', 'Hgb']);
    assert.deepEqual(byId.get('LNC:3094-0')!.names, [{ text: 'Urea nitrogen', kind: 'exact' }, { text: 'BUN', kind: 'abbreviation' }]);
    assert.deepEqual(byId.get('LNC:4548-4')!.names.map((n) => n.text), ['Hemoglobin A1c', 'Hgb A1c']);
    // a drug screen's component names the drug; a rare code's component and a one-word Short Name are no test names
    assert.deepEqual(byId.get('LNC:3879-4')!.names, []);
    assert.deepEqual(byId.get('LNC:32164-6')!.names, []);
    assert.deepEqual(byId.get('LNC:29463-7')!.names, []);
    assert.equal(analyteNames, 9);
  });
});
