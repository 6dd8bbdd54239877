import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { admissionOf, meshRecords, namesAnAct, naturalOrder, parseMesh } from './mesh.js';
import { loadMeshTreeTypes, parseMeshTreeTypes } from './mesh-tree-types.js';

const HEADER = 'DescriptorUI\tDescriptorName\tConceptUI\tTermUI\tTermName\tConceptPreferredTermYN\tIsPermutedTermYN\tLexicalTag\tRecordPreferredTermYN';
const row = (...cols: string[]): string => cols.join('\t');
const THESAURUS = [
  HEADER,
  row('D001281', 'Atrial Fibrillation', 'M1', 'T1', 'Atrial Fibrillation', 'Y', 'N', 'NON', 'Y'),
  row('D001281', 'Atrial Fibrillation', 'M1', 'T1', 'Fibrillation, Atrial', 'N', 'Y', 'NON', 'N'),
  row('D001281', 'Atrial Fibrillation', 'M1', 'T2', 'Auricular Fibrillation', 'N', 'N', 'NON', 'N'),
  row('D001281', 'Atrial Fibrillation', 'M2', 'T3', 'Paroxysmal Atrial Fibrillation', 'Y', 'N', 'NON', 'N'),
  row('D003113', 'Colonoscopy', 'M3', 'T4', 'Colonoscopy', 'Y', 'N', 'NON', 'Y'),
  row('D003113', 'Colonoscopy', 'M3', 'T5', 'Surgery, Colonoscopic', 'N', 'N', 'NON', 'N'),
  row('D000082', 'Acetaminophen', 'M4', 'T6', 'Acetaminophen', 'Y', 'N', 'NON', 'Y'),
  row('D000082', 'Acetaminophen', 'M4', 'T7', 'Paracetamol', 'N', 'N', 'NON', 'N'),
  row('D000082', 'Acetaminophen', 'M4', 'T8', 'N-(4-Hydroxyphenyl)acetanilide', 'N', 'N', 'NON', 'N'),
  row('D000082', 'Acetaminophen', 'M5', 'T9', 'Tylenol', 'Y', 'N', 'TRD', 'N'),
  row('D000082', 'Acetaminophen', 'M6', 'T10', 'A-23187', 'Y', 'N', 'LAB', 'N'),
  row('D006973', 'Hypertension', 'M7', 'T11', 'Hypertension', 'Y', 'N', 'NON', 'Y'),
  row('D006973', 'Hypertension', 'M7', 'T12', 'HTN', 'N', 'N', 'ABB', 'N'),
  row('D006973', 'Hypertension', 'M7', 'T13', 'BP', 'N', 'N', 'ABB', 'N'),
  row('D009999', 'Hypersensitivity, Immediate', 'M8', 'T14', 'Hypersensitivity, Immediate', 'Y', 'N', 'NON', 'Y'),
  row('D009999', 'Hypersensitivity, Immediate', 'M8', 'T15', 'HTN', 'N', 'N', 'ABB', 'N'),
  row('D000005', 'Abdomen', 'M9', 'T16', 'Abdomen', 'Y', 'N', 'NON', 'Y'),
  row('D012345', 'Calcimycin', 'M10', 'T17', 'Calcimycin', 'Y', 'N', 'NON', 'Y'),
  row('D054321', 'Hemoglobins', 'M11', 'T18', 'Hemoglobins', 'Y', 'N', 'NON', 'Y'),
  row('D000001', 'Surveys as Topic', 'M12', 'T19', 'Surveys as Topic', 'Y', 'N', 'NON', 'Y'),
].join('\n');
const TREES = [
  'DescriptorUI\tDescriptorName\ttree_location\tcode\tcats\tmesh1\tmesh2\ttree1\ttree2',
  'D001281\tAtrial Fibrillation\tC14.280.067.198\tC\t\t\t\t\t',
  'D001281\tAtrial Fibrillation\tC23.550.073.198\tC\t\t\t\t\t',
  'D003113\tColonoscopy\tE01.370.372.250.250.160\tE\t\t\t\t\t',
  'D003113\tColonoscopy\tE04.210.240.160\tE\t\t\t\t\t',
  'D000082\tAcetaminophen\tD02.065.199.092.040\tD\t\t\t\t\t',
  'D006973\tHypertension\tC14.907.489\tC\t\t\t\t\t',
  'D009999\tHypersensitivity, Immediate\tC20.543.480\tC\t\t\t\t\t',
  'D000005\tAbdomen\tA01.923.047\tA\t\t\t\t\t',
  'D012345\tCalcimycin\tD02.355.291.933.125\tD\t\t\t\t\t',
  'D054321\tHemoglobins\tD12.776.124.400\tD\t\t\t\t\t',
  'D000001\tSurveys as Topic\tE05.318.308\tE\t\t\t\t\t',
].join('\n');
const ACTIONS = ['DescriptorUI\tDescriptorName\tPharmActionUI\tPharmActionName', 'D000082\tAcetaminophen\tD000700\tAnalgesics, Non-Narcotic'].join('\n');

describe('MeSH builder', () => {
  const descriptors = parseMesh(THESAURUS, TREES, ACTIONS);

  test('parses descriptors with their terms, trees and pharmacological actions', () => {
    assert.equal(descriptors.length, 9);
    const af = descriptors.find((d) => d.id === 'D001281')!;
    assert.deepEqual(af.trees, ['C14.280.067.198', 'C23.550.073.198']);
    assert.equal(af.terms.length, 4);
    assert.equal(af.terms[3]!.recordPreferredConcept, false);
    assert.equal(descriptors.find((d) => d.id === 'D000082')!.pharmacological, true);
  });

  test('inverted descriptor names read in natural order', () => {
    assert.equal(naturalOrder('Fibrillation, Atrial'), 'Atrial Fibrillation');
    assert.equal(naturalOrder('Diabetes Mellitus, Type 2'), 'Type 2 Diabetes Mellitus');
    assert.equal(naturalOrder('Diagnosis, Dual (Psychiatry)'), 'Diagnosis, Dual (Psychiatry)');
    assert.equal(naturalOrder('Colonoscopy'), 'Colonoscopy');
  });

  test('tree numbers give the semantic types and the admission', () => {
    const table = loadMeshTreeTypes();
    const of = (id: string): ReturnType<typeof admissionOf> => admissionOf(descriptors.find((d) => d.id === id)!, table);
    assert.deepEqual(of('D003113'), { admit: 'always', types: ['diap'] });
    assert.deepEqual(of('D001281'), { admit: 'always', types: ['dsyn', 'patf'] });
    assert.deepEqual(of('D000082'), { admit: 'always', types: ['phsu', 'orch'] });
    assert.deepEqual(of('D012345'), { admit: 'cited', types: ['orch'] });
    assert.equal(of('D000005').admit, 'never');
    // Equipment also filed under a procedure branch: the device unless its name's head names an act.
    const equipment = (name: string, trees: string[]): string[] => admissionOf({ ...descriptors[0]!, id: 'D999999', name, trees, pharmacological: false }, table).types;
    assert.deepEqual(equipment('Insulin Infusion Systems', ['E07.858.442', 'E02.319.267']), ['medd']);
    assert.deepEqual(equipment('Tomography, Optical Coherence', ['E07.230', 'E01.370.350.825']), ['diap']);
    assert.equal(namesAnAct('Laser Therapy'), true);
    assert.equal(namesAnAct('Heart Valve Prosthesis'), false);
  });

  test('a laboratory technique is a lab test unless it is also a procedure done to the patient; measurements are not procedures', () => {
    const table = loadMeshTreeTypes();
    const typesOf = (trees: string[]): string[] => admissionOf({ id: 'D1', name: 'x', terms: [], trees, pharmacological: false }, table).types;
    // Pregnancy Tests: clinical laboratory technique and obstetrical diagnostic technique → the laboratory test.
    assert.deepEqual(typesOf(['E01.370.225.970', 'E01.370.378.620', 'E05.200.970']), ['lbpr']);
    // Biopsy: laboratory technique, diagnostic technique and surgery → diagnostic procedure.
    assert.deepEqual(typesOf(['E01.370.225.500.384.100', 'E01.370.388.100', 'E04.074']), ['diap']);
    // Glomerular Filtration Rate (kidney function tests), Stroke Volume (cardiac output): not procedures.
    assert.deepEqual(typesOf(['E01.370.390.400.300']), ['lbpr']);
    assert.deepEqual(typesOf(['E01.370.370.380.150.700']), ['clna']);
    assert.deepEqual(typesOf(['E01.370.370.380.220']), ['diap']);
  });

  test('records: entry terms filtered by general rules, cited-only descriptors only when cited', () => {
    const { records, report } = meshRecords(descriptors, { cited: new Set(['MESH:D054321']) });
    assert.deepEqual(records.map((r) => r.ids[0]), ['MESH:D001281', 'MESH:D003113', 'MESH:D000082', 'MESH:D006973', 'MESH:D009999', 'MESH:D054321']);
    const af = records[0]!;
    assert.deepEqual(af.names, [
      { text: 'Atrial Fibrillation', kind: 'preferred' },
      { text: 'Auricular Fibrillation', kind: 'exact' },
      { text: 'Paroxysmal Atrial Fibrillation', kind: 'related' },
    ]);
    assert.deepEqual(records[1]!.names.map((n) => n.text), ['Colonoscopy', 'Surgery, Colonoscopic']);
    // trade names, lab numbers and systematic nomenclature are dropped
    assert.deepEqual(records[2]!.names.map((n) => n.text), ['Acetaminophen', 'Paracetamol']);
    // "HTN" names two descriptors here: ambiguous; "BP" is too short
    assert.deepEqual(records[3]!.names.map((n) => n.text), ['Hypertension']);
    assert.equal(records[4]!.preferredName, 'Immediate Hypersensitivity');
    assert.deepEqual(records[4]!.names.map((n) => n.text), ['Immediate Hypersensitivity', 'Hypersensitivity, Immediate']);
    assert.deepEqual(records[5]!.semanticTypes, ['aapp']);
    assert.equal(report.concepts, 5);
    assert.equal(report.citedOnly, 1);
    assert.deepEqual(report.droppedTerms, { permutedInverted: 1, nomenclature: 1, tradeName: 1, labNumber: 1, ambiguousAbbreviation: 3 });
    const { records: unCited } = meshRecords(descriptors, { cited: new Set() });
    assert.equal(unCited.some((r) => r.ids[0] === 'MESH:D054321'), false);
  });

  test('drug classes: no one-word names; a one-word class only when another source cites it', () => {
    const classes = parseMesh([
      HEADER,
      row('D018678', 'Cholinergic Agents', 'M1', 'T1', 'Cholinergic Agents', 'Y', 'N', 'NON', 'Y'),
      row('D018678', 'Cholinergic Agents', 'M1', 'T2', 'Cholinergic', 'N', 'N', 'NON', 'N'),
      row('D018678', 'Cholinergic Agents', 'M1', 'T3', 'Cholinergics', 'N', 'N', 'NON', 'N'),
      row('D018678', 'Cholinergic Agents', 'M1', 'T4', 'Cholinergic Drugs', 'N', 'N', 'NON', 'N'),
      row('D000700', 'Analgesics', 'M2', 'T5', 'Analgesics', 'Y', 'N', 'NON', 'Y'),
    ].join('\n'), [
      'DescriptorUI\tDescriptorName\ttree_location',
      'D018678\tCholinergic Agents\tD27.505.696.577.120',
      'D000700\tAnalgesics\tD27.505.696.663.850.014',
    ].join('\n'), 'DescriptorUI\tDescriptorName\tPharmActionUI\tPharmActionName');
    const { records, report } = meshRecords(classes, { cited: new Set() });
    assert.deepEqual(records.map((r) => r.names.map((n) => n.text)), [['Cholinergic Agents', 'Cholinergic Drugs']]);
    assert.deepEqual(records[0]!.semanticTypes, ['phsu']);
    assert.equal(report.droppedTerms.classAdjective, 2);
    assert.equal(meshRecords(classes, { cited: new Set(['MESH:D000700']) }).records.length, 2);
  });

  test('the tree-type table is validated', () => {
    const bad = parseMeshTreeTypes('# version: 1\ntree\ttype\tadmit\treason\nE99.x\ttopp\talways\tr\nC01\t-\talways\tr\nC02\txxxx\tcited\tr\n', 'f.tsv');
    assert.deepEqual(bad.issues.map((i) => i.path), ['f.tsv:3', 'f.tsv:4', 'f.tsv:5']);
    const ok = parseMeshTreeTypes('# version: 1\ntree\ttype\tadmit\treason\nE\t-\tnever\tr\nE04\ttopp\talways\tr\n', 'f.tsv');
    assert.equal(ok.issues.length, 0);
    assert.equal(ok.table.ruleOf('E04.210.240')?.type, 'topp');
    assert.equal(ok.table.ruleOf('E05.318')?.admit, 'never');
    assert.equal(ok.table.ruleOf('C01'), undefined);
  });
});
