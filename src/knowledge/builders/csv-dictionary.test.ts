import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { ValidationIssue } from '../../errors.js';
import { parseCsv, parseCsvDictionary, readCsvDictionary, surfaceFormKind } from './csv-dictionary.js';

const DIR = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/dictionaries', import.meta.url));

describe('parseCsv (RFC 4180)', () => {
  test('quotes, doubled quotes, separators and line breaks inside quotes, CRLF, trailing empty field', () => {
    const issues: ValidationIssue[] = [];
    const rows = [...parseCsv('\uFEFFa,"b,""c""",d\r\n"multi\nline",x,\r\n\r\nlast,row', issues)];
    assert.deepEqual(rows, [
      { line: 1, cells: ['a', 'b,"c"', 'd'] },
      { line: 2, cells: ['multi\nline', 'x', ''] },
      { line: 5, cells: ['last', 'row'] },
    ]);
    assert.deepEqual(issues, []);
  });

  test('reports text after a closing quote and an unterminated quote with line numbers', () => {
    const issues: ValidationIssue[] = [];
    const rows = [...parseCsv('"a"b,c\nok,1\n"open,2\n', issues, 'f.csv')];
    assert.deepEqual(rows.map((r) => r.cells), [['a', 'c'], ['ok', '1']]);
    assert.deepEqual(issues, [
      { path: 'f.csv:1', message: 'unexpected text after closing quote: "b"' },
      { path: 'f.csv:3', message: 'unterminated quoted field' },
    ]);
  });
});

describe('readCsvDictionary', () => {
  test('reads concepts with surface forms, semantic types, codes and LOCAL/UMLS ids', () => {
    const { records, issues } = readCsvDictionary(`${DIR}/sample.csv`);
    assert.deepEqual(issues, []);
    assert.equal(records.length, 4);
    const [htn, widget, aspirin, custom] = records;
    assert.deepEqual(htn, {
      source: 'sample',
      ids: ['LOCAL:sample:C0020538', 'UMLS:C0020538', 'ICD10CM:I10', 'ICD10CM:I15.9', 'SNOMEDCT:38341003'],
      preferredName: 'Hypertension',
      names: [{ text: 'high blood pressure', kind: 'exact' }, { text: 'HTN', kind: 'abbreviation' }, { text: 'hypertension, essential', kind: 'exact' }],
      semanticTypes: ['dsyn'],
      dictionaryId: 'sample',
      localId: 'C0020538',
      cui: 'C0020538',
      type: 'umls.DiseaseOrSyndrome',
      codes: { icd10Code: ['I10', 'I15.9'], snomedConceptId: ['38341003'] },
    });
    assert.deepEqual([widget!.ids, widget!.semanticTypes, widget!.type, widget!.cui], [['LOCAL:sample:row-3'], ['dsyn'], 'umls.DiseaseOrSyndrome', undefined]);
    assert.deepEqual(aspirin!.names.map((n) => n.text), ['"baby" aspirin', 'ASA']);
    assert.deepEqual(aspirin!.semanticTypes, ['phsu', 'orch']);
    assert.deepEqual(aspirin!.ids, ['LOCAL:sample:C0004057', 'UMLS:C0004057', 'SNOMEDCT:387458008', 'RXNORM:1191']);
    assert.deepEqual([custom!.ids, custom!.type, custom!.semanticTypes], [['LOCAL:sample:MY-0001'], 'MyCustomType', []]);
  });

  test('returns line-numbered issues and keeps the good rows', () => {
    const { records, issues } = readCsvDictionary(`${DIR}/bad.csv`, { dictionaryId: 'bad' });
    assert.deepEqual(records.map((r) => r.ids[0]), ['LOCAL:bad:C0011849']);
    assert.deepEqual(issues, [
      { path: 'bad.csv:1', message: 'unknown column ignored: "color"' },
      { path: 'bad.csv:3', message: 'preferredName is empty' },
      { path: 'bad.csv:4', message: 'expected 5 fields, found 4' },
      { path: 'bad.csv:5', message: 'duplicate cui "C0011849"' },
      { path: 'bad.csv:6', message: 'unterminated quoted field' },
    ]);
  });

  test('a missing required column or an empty file is an issue, not an exception', () => {
    assert.deepEqual(parseCsvDictionary('cui,name\nC1,x\n', { dictionaryId: 'd' }).issues, [{ path: 'd.csv:1', message: 'missing required column(s): preferredName, surfaceForms' }]);
    assert.deepEqual(parseCsvDictionary('', { dictionaryId: 'd' }).issues, [{ path: 'd.csv:1', message: 'empty file: a header row is required' }]);
  });

  test('a row without surface forms matches its preferred name', () => {
    const { records } = parseCsvDictionary('preferredName,surfaceForms\nChest pain,\n', { dictionaryId: 'd' });
    assert.deepEqual(records[0]!.names, [{ text: 'Chest pain', kind: 'preferred' }]);
  });

  test('short all-capital forms are abbreviations', () => {
    assert.deepEqual(['PT', 'HTN', 'CHEM-7', 'A', 'c/o', 'MEDICATIONS', 'Fever', 'O2'].map(surfaceFormKind),
      ['abbreviation', 'abbreviation', 'abbreviation', 'abbreviation', 'exact', 'exact', 'exact', 'exact']);
  });
});
