import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MergedConcept } from './merge.js';
import { attachNamedCuis, cuiNameTable, loadConceptCuis, parseConceptCuis, parseSenseInventory } from './named-cuis.js';
import { createNormalizer } from './normalize.js';

const normalizer = createNormalizer();
const key = (t: string): string => normalizer.termKey(t);

function concept(cui: string, preferredName: string, extra: Partial<MergedConcept> = {}): MergedConcept {
  return { cui, preferredName, semanticTypes: ['sosy'], vocabs: ['SYMP'], codes: {}, xrefs: [cui], names: [{ text: preferredName, kind: 'preferred' }], codeNames: [], codeOnly: false, ...extra };
}

test('the Vanderbilt inventory gives a sense its one CUI; senses with several CUIs name none', () => {
  const text = 'abbreviation\tsense\tvariation\tCUI\tfrequency\nsz\tseizure\tsz_28\tc0036572\t0.99\nwocn\t"wound, ostomy, and continence nurses"\twocn_1\tc0043250|c0029473\t1\n';
  assert.deepEqual(parseSenseInventory(text), [{ name: 'seizure', cui: 'C0036572' }]);
});

test('a name the inventories give two CUIs names none; the authored table wins', () => {
  const table = cuiNameTable([{ name: 'Chills', cui: 'C0085593' }], [{ name: 'chills', cui: 'C0000001' }, { name: 'cold', cui: 'C0009443' }, { name: 'cold', cui: 'C0009264' }, { name: 'seizures', cui: 'C0036572' }], key);
  assert.equal(table.get(key('chills')), 'C0085593');
  assert.equal(table.get(key('cold')), undefined);
  assert.equal(table.get(key('seizure')), 'C0036572');
});

test('a concept without a real CUI takes the one its preferred name is given, keeping its source id', () => {
  const table = new Map([[key('seizure'), 'C0036572']]);
  const { concepts, report } = attachNamedCuis([concept('SYMP:0000124', 'seizure'), concept('C0014544', 'epilepsy')], table, key);
  assert.equal(concepts[0]!.cui, 'C0036572');
  assert.deepEqual(concepts[0]!.xrefs, ['SYMP:0000124', 'UMLS:C0036572']);
  assert.equal(concepts[1]!.cui, 'C0014544');
  assert.equal(report.byPreferredName, 1);
});

test('a CUI another concept of a different name carries is not given again', () => {
  const table = new Map([[key('apnea'), 'C1963065']]);
  const { concepts, report } = attachNamedCuis([concept('HP:0002104', 'apnea'), concept('C1963065', 'sleep apnea')], table, key);
  assert.equal(concepts[0]!.cui, 'HP:0002104');
  assert.equal(report.cuiTaken, 1);
});

test('a CUI another concept carries is given when that concept also has the name that gave it', () => {
  const table = new Map([[key('itching'), 'C0033774']]);
  const pruritus = concept('C0033774', 'Pruritus', { names: [{ text: 'Pruritus', kind: 'preferred' }, { text: 'Itching', kind: 'exact' }] });
  const { concepts } = attachNamedCuis([concept('SYMP:0000432', 'itching'), pruritus], table, key);
  assert.equal(concepts[0]!.cui, 'C0033774');
  // By a synonym only, a CUI another concept carries is not given: benzylpenicillin is not the class Penicillins.
  const penicillins = concept('C0220892', 'Penicillins', { names: [{ text: 'Penicillins', kind: 'preferred' }] });
  const benzylpenicillin = concept('DRUGCENTRAL:2082', 'benzylpenicillin', { names: [{ text: 'penicillin', kind: 'exact' }] });
  const synonymOnly = attachNamedCuis([benzylpenicillin, penicillins], new Map([[key('penicillin'), 'C0220892']]), key);
  assert.equal(synonymOnly.concepts[0]!.cui, 'DRUGCENTRAL:2082');
  assert.equal(synonymOnly.report.cuiTaken, 1);
});

test('concepts of one preferred name share the CUI; code-only concepts yield; synonyms alone are ambiguous', () => {
  const table = new Map([[key('dizziness'), 'C0012833'], [key('fracture'), 'C0016658']]);
  const input = [
    concept('MESH:D004244', 'Dizziness'),
    concept('SYMP:0000610', 'dizziness'),
    concept('ICD10CM:R42', 'Dizziness', { codeOnly: true }),
    concept('MONDO:0005315', 'bone fracture', { names: [{ text: 'fracture', kind: 'exact' }] }),
    concept('HP:0020110', 'Bone fractures', { names: [{ text: 'fracture', kind: 'exact' }] }),
  ];
  const { concepts, report } = attachNamedCuis(input, table, key);
  assert.deepEqual(concepts.map((c) => c.cui), ['C0012833', 'C0012833', 'ICD10CM:R42', 'MONDO:0005315', 'HP:0020110']);
  assert.equal(report.contested, 2);
});

test('one exact name is enough when only one concept has it', () => {
  const table = new Map([[key('fracture'), 'C0016658']]);
  const { concepts, report } = attachNamedCuis([concept('MONDO:0005315', 'bone fracture', { names: [{ text: 'fracture', kind: 'exact' }, { text: 'broken bone', kind: 'related' }] })], table, key);
  assert.equal(concepts[0]!.cui, 'C0016658');
  assert.equal(report.byExactName, 1);
});

test('the authored table is valid and its rows have real CUIs; bad rows are reported with their line', () => {
  assert.ok(loadConceptCuis().some((r) => r.name === 'chills' && r.cui === 'C0085593'));
  const { issues } = parseConceptCuis('# version: 1\nname\tcui\tevidence\nchills\tC008559\tx\nchills\tC0085593\t\n', 't.tsv');
  assert.deepEqual(issues.map((i) => i.path), ['t.tsv:3', 't.tsv:4']);
});
