import { test } from 'node:test';
import assert from 'node:assert/strict';
import { icd10Tabular, indexForms, neoplasmCode, neoplasmCoding, unspecifiedBillable } from './builders/icd10cm-index.js';
import { linkIcd10Codes } from './icd10-linking.js';
import type { MergedConcept } from './merge.js';
import { createNormalizer } from './normalize.js';

const codesCsv = `Code,Description,ChapterID,SectionID
E11,Type 2 diabetes mellitus,4,E08-E13
E11.6,Type 2 diabetes mellitus with other specified complications,4,E08-E13
E11.9,Type 2 diabetes mellitus without complications,4,E08-E13
I10,Essential (primary) hypertension,9,I10-I16
I15,Secondary hypertension,9,I10-I16
I15.9,"Secondary hypertension, unspecified",9,I10-I16
I34,Nonrheumatic mitral valve disorders,9,I34-I3A
I34.0,Nonrheumatic mitral (valve) insufficiency,9,I34-I3A
I48,Atrial fibrillation and flutter,9,I30-I5A
I48.9,Unspecified atrial fibrillation and atrial flutter,9,I30-I5A
I48.91,Unspecified atrial fibrillation,9,I30-I5A
I48.92,Unspecified atrial flutter,9,I30-I5A
Q23.3,Congenital mitral insufficiency,17,Q20-Q28
C34,Malignant neoplasm of bronchus and lung,2,C30-C39
C34.1,"Malignant neoplasm of upper lobe, bronchus or lung",2,C30-C39
C34.2,"Malignant neoplasm of middle lobe, bronchus or lung",2,C30-C39
C34.9,Malignant neoplasm of unspecified part of bronchus or lung,2,C30-C39
C34.90,Malignant neoplasm of unspecified part of unspecified bronchus or lung,2,C30-C39
C34.91,Malignant neoplasm of unspecified part of right bronchus or lung,2,C30-C39
F45.29,Other hypochondriacal disorders,5,F40-F48
`;
const row = (level: number, term: string, code = '', see = '', modifiers = ''): { level: number; term: string; see: string; modifiers: string; code: string } => ({ level, term, see, modifiers, code });
const rows = [
  row(0, 'Cancer', 'F45.29', '', '(o)'),
  row(0, 'Diabetes, diabetic', 'E11.9', '', '(mellitus) (sugar)'),
  row(0, 'Fibrillation'),
  row(1, 'atrial or auricular', 'I48.91', '', '(established)'),
  row(0, 'Hypertension, hypertensive', 'I10', '', '(accelerated) (essential)'),
  row(0, 'Insufficiency, insufficient'),
  row(1, 'mitral', 'I34.0', '', '(valve)'),
  row(2, 'congenital', 'Q23.3'),
  row(0, 'Regurgitation'),
  row(1, 'mitral', '', 'Insufficiency, mitral', '(valve)'),
];
const normalizer = createNormalizer(new Map());
const key = (t: string): string => normalizer.termKey(t);

test('index forms: ancestors, "or" alternatives, nonessential modifiers, see references', () => {
  const forms = new Map(indexForms(rows).map((f) => [key(f.form), f.code]));
  assert.equal(forms.get(key('atrial fibrillation')), 'I48.91');
  assert.equal(forms.get(key('auricular fibrillation')), 'I48.91');
  assert.equal(forms.get(key('diabetes mellitus')), 'E11.9');
  assert.equal(forms.get(key('essential hypertension')), 'I10');
  assert.equal(forms.get(key('mitral regurgitation')), 'I34.0');
  assert.equal(forms.get(key('mitral valve insufficiency')), 'I34.0');
  assert.equal(forms.get(key('congenital mitral insufficiency')), 'Q23.3');
});

test('index forms: inflected main terms, site groups, "with" complications read with the term and its adjective', () => {
  const forms = new Map(indexForms([
    row(0, 'Weak, weakening, weakness', 'R53.1', '', '(generalized)'),
    row(1, 'muscle', 'M62.81'),
    row(0, 'Pain', 'R52', '', '(s)'),
    row(1, 'joint', 'M25.50'),
    row(2, 'knee', 'M25.56-'),
    row(0, 'Diabetes, diabetic', 'E11.9', '', '(mellitus) (sugar)'),
    row(1, 'with'),
    row(2, 'neuropathy', 'E11.40'),
    row(2, 'coma due to'),
    row(3, 'hypoglycemia', 'E11.641'),
    row(0, 'Nausea', 'R11.0', '', '(without vomiting)'),
    row(1, 'with vomiting', 'R11.2'),
    row(0, 'Infection, infected, infective', 'B99.9', '', '(opportunistic)'),
  ]).map((f) => [key(f.form), f.code]));
  assert.equal(forms.get(key('weakness')), 'R53.1');
  assert.equal(forms.get(key('muscle weakness')), 'M62.81');
  assert.equal(forms.get(key('knee pain')), 'M25.56');
  assert.equal(forms.get(key('knee joint pain')), 'M25.56');
  assert.equal(forms.get(key('joint pain')), 'M25.50');
  assert.equal(forms.get(key('diabetic neuropathy')), 'E11.40');
  assert.equal(forms.get(key('diabetes with neuropathy')), 'E11.40');
  assert.equal(forms.get(key('nausea with vomiting')), 'R11.2');
  assert.equal(forms.get(key('nausea and vomiting')), 'R11.2');
  assert.equal(forms.get(key('diabetes and neuropathy')), undefined);
  assert.equal(forms.get(key('infection')), 'B99.9');
  // A connective other than "with" ends the chain; "with" is no form of its own.
  assert.equal(forms.get(key('diabetic hypoglycemia')), undefined);
  assert.equal(forms.get(key('with diabetes')), undefined);
  assert.equal(forms.get(key('vomiting nausea')), undefined);
});

test('unspecified billable code: down a single child; "with unspecified" complications are not the default', () => {
  const tabular = icd10Tabular(`Code,Description,ChapterID,SectionID
F17,Nicotine dependence,5,F10-F19
F17.2,Nicotine dependence,5,F10-F19
F17.20,"Nicotine dependence, unspecified",5,F10-F19
F17.200,"Nicotine dependence, unspecified, uncomplicated",5,F10-F19
F17.203,"Nicotine dependence unspecified, with withdrawal",5,F10-F19
F17.209,"Nicotine dependence, unspecified, with unspecified nicotine-induced disorders",5,F10-F19
F17.21,"Nicotine dependence, cigarettes",5,F10-F19
`);
  assert.equal(unspecifiedBillable(tabular, 'F17'), 'F17.200');
});

test('unspecified billable code of a category: down the single unspecified child, none when ambiguous', () => {
  const tabular = icd10Tabular(codesCsv);
  assert.equal(unspecifiedBillable(tabular, 'E11'), 'E11.9');
  assert.equal(unspecifiedBillable(tabular, 'C34'), 'C34.90');
  assert.equal(unspecifiedBillable(tabular, 'I48'), undefined);
  assert.equal(unspecifiedBillable(tabular, 'I10'), 'I10');
});

const concept = (name: string, types: string[], icd10: string[] = [], extra: Partial<MergedConcept> = {}): MergedConcept => ({
  cui: `X:${name}`, preferredName: name, semanticTypes: types, vocabs: ['DOID'], codes: icd10.length > 0 ? { icd10Code: icd10 } : {}, xrefs: [], names: [], codeNames: [], codeOnly: false, ...extra,
});

test('linking: the index names the code; cross-referenced codes are cleaned; kinds must fit', () => {
  const tabular = icd10Tabular(codesCsv);
  const { concepts, report } = linkIcd10Codes([
    concept('atrial fibrillation', ['dsyn']),
    concept('hypertension', ['dsyn'], ['I10', 'I15']),
    concept('mitral valve insufficiency', ['dsyn'], ['Q23.3'], { names: [{ text: 'mitral regurgitation', kind: 'exact' }] }),
    concept('type 2 diabetes', ['dsyn'], ['E11']),
    concept('lung cancer', ['neop'], ['C34.1', 'C34.2']),
    concept('cancer', ['neop'], ['C80.1']),
    concept('heart', ['bpoc']),
  ], indexForms(rows), tabular, key);
  const codes = Object.fromEntries(concepts.map((c) => [c.preferredName, c.codes.icd10Code ?? []]));
  assert.deepEqual(codes['atrial fibrillation'], ['I48.91']);
  assert.deepEqual(codes.hypertension, ['I10']);
  assert.deepEqual(codes['mitral valve insufficiency'], ['I34.0']);
  assert.deepEqual(codes['type 2 diabetes'], ['E11.9']);
  assert.deepEqual(codes['lung cancer'], ['C34.90']);
  assert.deepEqual(codes.cancer, ['C80.1'], 'a mental-disorder index code never names a neoplasm');
  assert.deepEqual(codes.heart, []);
  assert.equal(report.gained, 1);
});

test('linking: names attached through a code the concept no longer carries leave it for a code-only concept', () => {
  const tabular = icd10Tabular(`Code,Description,ChapterID,SectionID
F45.8,Other somatoform disorders,5,F40-F48
G47.63,Sleep related bruxism,6,G40-G47
E11,Type 2 diabetes mellitus,4,E08-E13
E11.9,Type 2 diabetes mellitus without complications,4,E08-E13
`);
  const psychogenic = { text: 'psychogenic dyspepsia', kind: 'exact' as const };
  const title = { text: 'Type 2 diabetes mellitus', kind: 'preferred' as const };
  const { concepts, report } = linkIcd10Codes([
    concept('bruxism', ['dsyn'], ['F45.8'], { codeNames: [psychogenic], codeNameCodes: new Map([[psychogenic.text, 'ICD10CM:F45.8']]) }),
    concept('type 2 diabetes', ['dsyn'], ['E11'], { codeNames: [title], codeNameCodes: new Map([[title.text, 'ICD10CM:E11']]) }),
  ], indexForms([row(0, 'Bruxism', 'G47.63')]), tabular, key);
  const byName = new Map(concepts.map((c) => [c.preferredName, c]));
  assert.deepEqual(byName.get('bruxism')!.codes.icd10Code, ['G47.63']);
  assert.deepEqual(byName.get('bruxism')!.codeNames, []);
  const orphan = byName.get('Other somatoform disorders')!;
  assert.equal(orphan.cui, 'ICD10CM:F45.8');
  assert.equal(orphan.codeOnly, true);
  assert.deepEqual(orphan.codeNames, [psychogenic]);
  assert.deepEqual(orphan.codes.icd10Code, ['F45.8']);
  // E11 → E11.9 is the same condition one level down: its title stays.
  assert.deepEqual(byName.get('type 2 diabetes')!.codeNames, [title]);
  assert.equal(report.detachedNames, 1);
});

test('neoplasm codes by site and morphology: the index gives the behaviour, the table the site', () => {
  const coding = neoplasmCoding([
    { level: 0, term: 'Adenoma', see: '', seeAlso: 'Neoplasm,  benign, by site' },
    { level: 0, term: 'Carcinoma', see: '', seeAlso: 'Neoplasm, by site, malignant' },
    { level: 0, term: 'Cancer', see: '', seeAlso: '' },
  ], `RowID,Level,Term,SeeAlso,NonEssModif,MalignantPrimary,MalignantSecondary,CaInSitu,Benign,UncertainBehavior,UnspecifiedBehavior
1,0,"Neoplasm, neoplastic",,,C80.1,C79.9,D09.9,D36.9,D48.9,D49.9
2,1,colon,,,C18.9,C78.5,-,-,-,-
3,1,pituitary,,(body) (gland),C75.1,C79.89,D09.3,D35.2,D44.3,D49.7
`);
  assert.equal(neoplasmCode(coding, 'pituitary adenoma'), 'D35.2');
  assert.equal(neoplasmCode(coding, 'pituitary gland adenomas'), 'D35.2');
  assert.equal(neoplasmCode(coding, 'colon carcinoma'), 'C18.9');
  assert.equal(neoplasmCode(coding, 'carcinoma'), 'C80.1');
  assert.equal(neoplasmCode(coding, 'colon adenoma'), undefined, 'the table has no benign colon code of its own ("-")');
  assert.equal(neoplasmCode(coding, 'kidney adenoma'), undefined);
  assert.equal(neoplasmCode(coding, 'colon cancer'), undefined, 'a morphology without a "Neoplasm" reference');
});

test('linking: a symptom "<modifier> <main term>" without codes takes the main term\'s code', () => {
  const tabular = icd10Tabular(`Code,Description,ChapterID,SectionID
R05,Cough,18,R00-R09
R05.9,"Cough, unspecified",18,R00-R09
`);
  const { concepts } = linkIcd10Codes([
    concept('dry cough', ['sosy']),
    concept('whooping cough', ['dsyn']),
    concept('chronic dry cough', ['sosy']),
    concept('bowel', ['bpoc']),
    concept('bowel cough', ['sosy']),
    concept('metopic depression', ['sosy']),
  ], indexForms([row(0, 'Cough', 'R05.9', '', '(affected) (chronic)'), row(0, 'Depression', 'F32.A')]), tabular, key);
  const codes = Object.fromEntries(concepts.map((c) => [c.preferredName, c.codes.icd10Code ?? []]));
  assert.deepEqual(codes['dry cough'], ['R05.9']);
  assert.deepEqual(codes['whooping cough'], [], 'a disease named after a symptom is not the symptom');
  assert.deepEqual(codes['chronic dry cough'], []);
  assert.deepEqual(codes['bowel cough'], [], 'a site modifier is never defaulted');
  assert.deepEqual(codes['metopic depression'], [], 'symptom codes (R) only');
});
