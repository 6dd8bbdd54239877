import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SourceRecord } from './builders/source-record.js';
import { mergeRecords, namesBroaderThanLabel } from './merge.js';

const doid: SourceRecord = { source: 'DOID', ids: ['DOID:9352', 'UMLS:C0011860', 'MESH:D003924', 'ICD10CM:E11'], preferredName: 'type 2 diabetes mellitus', names: [{ text: 'NIDDM', kind: 'abbreviation' }], semanticTypes: ['dsyn'] };
const mondo: SourceRecord = { source: 'MONDO', ids: ['MONDO:0005148', 'DOID:9352', 'SNOMEDCT:44054006'], preferredName: 'Type 2 Diabetes', names: [{ text: 'NIDDM', kind: 'exact' }, { text: 'diabetes type 2', kind: 'exact' }] };
const hp: SourceRecord = { source: 'HPO', ids: ['HP:0005978'], preferredName: 'Type II diabetes mellitus', names: [], semanticTypes: ['sosy'] };

function byCui(records: SourceRecord[]) {
  const { concepts, report } = mergeRecords(records);
  return { map: new Map(concepts.map((c) => [c.cui, c])), concepts, report };
}

describe('mergeRecords', () => {
  test('records sharing an identifier become one concept with the UMLS CUI, all codes and deduplicated names', () => {
    const { map, concepts } = byCui([doid, mondo, hp]);
    assert.equal(concepts.length, 2);
    const c = map.get('C0011860')!;
    assert.equal(c.preferredName, 'type 2 diabetes mellitus'); // DOID outranks MONDO
    assert.deepEqual(c.codes, { icd10Code: ['E11'], meshId: ['D003924'], snomedConceptId: ['44054006'] });
    assert.deepEqual(c.xrefs, ['DOID:9352', 'ICD10CM:E11', 'MESH:D003924', 'MONDO:0005148', 'SNOMEDCT:44054006', 'UMLS:C0011860']);
    assert.deepEqual(c.names.filter((n) => n.text === 'NIDDM').map((n) => n.kind), ['exact']); // best kind kept once
    assert.deepEqual(c.vocabs, ['DOID', 'MONDO', 'ICD10CM', 'MSH', 'SNOMEDCT_US']);
    assert.equal(map.get('HP:0005978')!.preferredName, 'Type II diabetes mellitus'); // stable source-prefixed id
  });

  test("a neoplasm type only another source states does not make DOID's disease a neoplasm; DOID's own does", () => {
    const disease: SourceRecord = { source: 'DOID', ids: ['DOID:574', 'NCIT:C27587'], preferredName: 'peripheral nervous system disease', names: [], semanticTypes: ['dsyn'] };
    const neoplasm: SourceRecord = { source: 'NCI', ids: ['NCIT:C27587'], preferredName: 'Peripheral Nervous System Neoplasm', names: [], semanticTypes: ['neop'] };
    assert.deepEqual(byCui([disease, neoplasm]).map.get('DOID:574')!.semanticTypes, ['dsyn']);
    const cancer: SourceRecord = { source: 'DOID', ids: ['DOID:1324', 'NCIT:C7377'], preferredName: 'lung cancer', names: [], semanticTypes: ['neop'] };
    const nci: SourceRecord = { source: 'NCI', ids: ['NCIT:C7377'], preferredName: 'Malignant Lung Neoplasm', names: [], semanticTypes: ['neop', 'dsyn'] };
    assert.deepEqual(byCui([cancer, nci]).map.get('DOID:1324')!.semanticTypes, ['neop']);
  });

  test('a synonym that is the label cut before its qualifier is not a name of the concept', () => {
    const covid: SourceRecord = { source: 'NCI', ids: ['NCIT:C191556'], preferredName: 'Acute Heart Failure Related to COVID-19', names: [{ text: 'Acute heart failure', kind: 'exact' }, { text: 'COVID-19 acute heart failure', kind: 'exact' }], semanticTypes: ['dsyn'] };
    assert.deepEqual(byCui([covid]).map.get('NCIT:C191556')!.names.map((n) => n.text), ['Acute Heart Failure Related to COVID-19', 'COVID-19 acute heart failure']);
    assert.equal(namesBroaderThanLabel('Heart failure', 'Heart failure with preserved ejection fraction'), true);
    assert.equal(namesBroaderThanLabel('Acute heart', 'Acute heart failure'), false);
    assert.equal(namesBroaderThanLabel('Diabetes', 'Diabetes insipidus'), false);
  });

  test('ICD codes never merge concepts', () => {
    const a: SourceRecord = { source: 'DOID', ids: ['DOID:1', 'ICD10CM:R51.9'], preferredName: 'headache disorder', names: [] };
    const b: SourceRecord = { source: 'SYMP', ids: ['SYMP:2', 'ICD10CM:R51.9', 'ICD9CM:784.0', 'ICD10CM:R50-R69'], preferredName: 'headache', names: [] };
    const { concepts } = byCui([a, b]);
    assert.deepEqual(concepts.map((c) => c.cui).sort(), ['DOID:1', 'SYMP:2']);
    assert.deepEqual(concepts.find((c) => c.cui === 'SYMP:2')!.codes, { icd10Code: ['R51.9'], icd9Code: ['784.0'] }); // block ranges are not codes
  });

  test('code-only records attach to the single concept carrying the code, otherwise become code concepts', () => {
    const a: SourceRecord = { source: 'DOID', ids: ['DOID:1', 'ICD10CM:K50'], preferredName: "Crohn's disease", names: [] };
    const b: SourceRecord = { source: 'DOID', ids: ['DOID:2', 'ICD10CM:R51'], preferredName: 'x', names: [] };
    const c: SourceRecord = { source: 'SYMP', ids: ['SYMP:3', 'ICD10CM:R51'], preferredName: 'y', names: [] };
    const k50: SourceRecord = { source: 'ICD10CM', ids: ['ICD10CM:K50'], preferredName: 'Crohn disease [regional enteritis]', names: [{ text: 'regional enteritis', kind: 'exact' }] };
    const r51: SourceRecord = { source: 'ICD10CM', ids: ['ICD10CM:R51'], preferredName: 'Headache', names: [{ text: 'cephalgia', kind: 'exact' }] };
    const z: SourceRecord = { source: 'ICD10CM', ids: ['ICD10CM:K51'], preferredName: 'Ulcerative colitis', names: [] };
    const { map, report } = byCui([a, b, c, k50, r51, z]);
    // The attached code's names are kept apart: they yield to concepts owning them (compile.ts).
    assert.ok(map.get('DOID:1')!.codeNames.some((n) => n.text === 'regional enteritis'));
    assert.ok(!map.get('DOID:1')!.names.some((n) => n.text === 'regional enteritis'));
    assert.equal(map.get('DOID:1')!.preferredName, "Crohn's disease");
    assert.equal(map.get('ICD10CM:R51')!.codeOnly, true); // two holders: ambiguous, own concept
    assert.equal(map.get('ICD10CM:K51')!.preferredName, 'Ulcerative colitis');
    assert.equal(report.codeOnlyAttached, 1);
    assert.equal(report.codeOnlyConcepts, 2);
  });

  test('a bad cross-reference cannot chain two DOIDs together (cap refusal is reported)', () => {
    const a: SourceRecord = { source: 'DOID', ids: ['DOID:1', 'UMLS:C1', 'MESH:D1'], preferredName: 'one', names: [] };
    const b: SourceRecord = { source: 'DOID', ids: ['DOID:2', 'UMLS:C2'], preferredName: 'two', names: [] };
    const bad: SourceRecord = { source: 'MONDO', ids: ['MONDO:9', 'DOID:1', 'DOID:2'], preferredName: 'bad', names: [] };
    const { concepts, report } = byCui([a, b, bad]);
    assert.equal(concepts.length, 2);
    assert.equal(report.refusedUnions, 1);
    assert.deepEqual(concepts.map((c) => c.xrefs.filter((x) => x.startsWith('DOID:'))), [['DOID:1'], ['DOID:2']]);
    assert.deepEqual(concepts.map((c) => c.cui), ['C1', 'C2']);
  });

  test('a cross-reference never joins a disorder with an anatomical structure or a chemical', () => {
    const disease: SourceRecord = { source: 'MONDO', ids: ['MONDO:1', 'NCIT:C12399', 'MESH:D1'], preferredName: 'hypophysitis', names: [], semanticTypes: ['dsyn'] };
    const organ: SourceRecord = { source: 'NCI', ids: ['NCIT:C12399', 'UBERON:7'], preferredName: 'pituitary gland', names: [{ text: 'hypophysis', kind: 'exact' }], semanticTypes: ['bpoc'] };
    const symptom: SourceRecord = { source: 'SYMP', ids: ['SYMP:1', 'MESH:D1'], preferredName: 'pituitary inflammation', names: [], semanticTypes: ['sosy'] };
    for (const order of [[disease, organ, symptom], [organ, symptom, disease]]) {
      const { concepts, report } = byCui(order);
      const names = concepts.map((c) => c.names.map((n) => n.text).sort().join('|'));
      assert.equal(concepts.length, 2, 'the organ stays apart; disorders still merge (sosy and dsyn are one group)');
      assert.ok(names.includes('hypophysis|pituitary gland'));
      assert.equal(report.refusedAcrossGroups, 1);
      const disorder = concepts.find((c) => c.preferredName === 'hypophysitis')!;
      assert.equal(disorder.codes.nciCode, undefined, "the organ's NCIt code is not a code of the disorder");
    }
    const untyped: SourceRecord = { source: 'NCI', ids: ['NCIT:C12399'], preferredName: 'Pituitary Gland', names: [] };
    assert.equal(byCui([disease, untyped]).concepts.length, 1, 'records without stated types are unconstrained');
  });

  test('several CUIs: the one most records name wins, ties broken by the smallest', () => {
    const r1: SourceRecord = { source: 'DOID', ids: ['DOID:5', 'UMLS:C0000009', 'UMLS:C0000002'], preferredName: 'p', names: [] };
    const r2: SourceRecord = { source: 'MONDO', ids: ['MONDO:5', 'DOID:5', 'UMLS:C0000009'], preferredName: 'p', names: [] };
    assert.equal(byCui([r1, r2]).concepts[0]!.cui, 'C0000009');
    assert.equal(byCui([r1]).concepts[0]!.cui, 'C0000002');
  });

  test('neoplasm type goes first and replaces dsyn', () => {
    const r1: SourceRecord = { source: 'DOID', ids: ['DOID:7'], preferredName: 'cancer', names: [], semanticTypes: ['neop'] };
    const r2: SourceRecord = { source: 'MONDO', ids: ['MONDO:7', 'DOID:7'], preferredName: 'cancer', names: [], semanticTypes: ['dsyn'] };
    assert.deepEqual(byCui([r2, r1]).concepts[0]!.semanticTypes, ['neop']);
  });

  test('fallback semantic types (corpus lexicon) apply only to concepts no other record types', () => {
    const symptom: SourceRecord = { source: 'SYMP', ids: ['SYMP:1', 'MESH:D006261'], preferredName: 'headache', names: [], semanticTypes: ['sosy'] };
    const learned = (id: string): SourceRecord => ({ source: 'BC5CDR_TRAIN', ids: [id], names: [{ text: 'headaches', kind: 'attested' }], semanticTypes: ['dsyn'], semanticTypesFallback: true });
    assert.deepEqual(byCui([symptom, learned('MESH:D006261')]).concepts[0]!.semanticTypes, ['sosy']);
    assert.deepEqual(byCui([learned('MESH:D000001')]).concepts[0]!.semanticTypes, ['dsyn']);
  });
});
