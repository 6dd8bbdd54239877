import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readArchive } from './archive-reader.js';
import { buildCartridge, buildCartridgeFromSources, type SourceFile } from './build-cartridge.js';
import type { DictionaryBody, FilterBody } from './cartridge-model.js';
import { csvToDictionarySource, parseCsv } from './csv-dictionary.js';
import { applyFilter, filtersOf } from './filter-condition.js';
import { validateCartridge } from './validate-cartridge.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/cartridge-src/', import.meta.url));
const CID = 'demo.demo_cartridge_v1.0';

describe('buildCartridge → validateCartridge round trip', () => {
  test('the fixture folder builds an archive in the ACD layout that validates with no warnings', async () => {
    const built = await buildCartridge(FIXTURE);
    assert.deepEqual(built.issues, []);
    assert.ok(built.ok && built.archive !== undefined);
    const v = await validateCartridge(built.archive);
    assert.deepEqual(v.issues.filter((i) => i.level !== 'INFO'), []);
    assert.equal(v.ok, true);
    assert.equal(v.manifest?.id, CID);
    assert.equal(v.manifest?.namespace, 'demo');
    assert.equal(v.manifest?.profile, `${CID}_profile`);
    assert.equal(v.manifest?.preferredFlowId, `${CID}_standard_flow`);
    assert.deepEqual(v.artifacts.map((a) => `${a.kind} ${a.id}`), [
      `dictionary ${CID}_conditions`,
      `dictionary ${CID}_medications`,
      `library ${CID}_library`,
      `filter ${CID}_drop_negated_concepts`,
      `attribute_set ${CID}_findings`,
      `profile ${CID}_profile`,
      `flow ${CID}_standard_flow`,
    ]);
    assert.ok(v.responses.every((r) => r.code === 201));
  });

  test('the archive uses the real layout: manifest, artifact metadata, attachment metadata and payload', async () => {
    const built = await buildCartridge(FIXTURE);
    assert.ok(built.archive);
    const r = await readArchive(built.archive);
    assert.ok(r.ok);
    const names = r.files.map((f) => f.name);
    assert.ok(names.includes('metadata'));
    assert.ok(names.includes(`artifacts/${CID}_profile/metadata`));
    assert.ok(names.includes(`artifacts/${CID}_profile/attachments/content/metadata`));
    assert.ok(names.includes(`artifacts/${CID}_profile/attachments/content/${CID}_profile_content`));
    assert.ok(names.includes(`artifacts/${CID}_conditions/attachments/conditions_json/${CID}_conditions_conditions.json`));
    assert.deepEqual(names, [...names].sort(), 'entries sorted');
    const meta = JSON.parse(r.files.find((f) => f.name === `artifacts/${CID}_drop_negated_concepts/metadata`)?.data.toString() ?? '{}') as Record<string, unknown>;
    assert.equal(meta.type, 'filter');
    assert.equal(meta.filterType, 'concept_filter');
  });

  test('output is deterministic (byte-identical across builds)', async () => {
    const a = await buildCartridge(FIXTURE);
    const b = await buildCartridge(FIXTURE);
    assert.ok(a.archive && b.archive);
    assert.ok(a.archive.equals(b.archive));
  });

  test('CSV and JSON dictionaries become stored concept lists (disabled concepts dropped)', async () => {
    const built = await buildCartridge(FIXTURE);
    assert.ok(built.archive);
    const v = await validateCartridge(built.archive);
    const conditions = v.artifacts.find((a) => a.id === `${CID}_conditions`)?.body as unknown as DictionaryBody;
    assert.equal(conditions.concepts.length, 3);
    const diabetes = conditions.concepts.find((c) => c.cui === 'C0011860');
    assert.equal(diabetes?.preferredName, 'Diabetes Mellitus, Non-Insulin-Dependent');
    assert.deepEqual(diabetes?.surfaceForms, ['type 2 diabetes', 't2dm', 'diabetes type 2']);
    assert.deepEqual(diabetes?.attributes, [{ semanticType: 'dsyn', icd10Code: 'E11.9', snomedConceptId: '44054006' }]);
    assert.equal(conditions.defaultTransforms.detectPreferredName, true);
    const meds = v.artifacts.find((a) => a.id === `${CID}_medications`)?.body as unknown as DictionaryBody;
    assert.deepEqual(meds.concepts.map((c) => c.cui), ['C0025598', 'C0020261']);
    assert.ok(v.issues.some((i) => i.code === 'DICTIONARY_CONCEPTS_DROPPED' && i.artifact === `${CID}_medications`));
  });

  test('the built filter works end to end', async () => {
    const built = await buildCartridge(FIXTURE);
    assert.ok(built.archive);
    const v = await validateCartridge(built.archive);
    const body = v.artifacts.find((a) => a.id === `${CID}_drop_negated_concepts`)?.body as unknown as FilterBody;
    const [filter] = filtersOf(body);
    assert.ok(filter);
    const out = applyFilter(filter, { concepts: [{ cui: 'C0011860', negated: true }, { cui: 'C0011860' }, { cui: 'C0030193' }] });
    assert.deepEqual(out.concepts, [{ cui: 'C0011860' }]);
  });
});

describe('build errors', () => {
  const manifest: SourceFile = { path: 'cartridge.json', text: JSON.stringify({ id: 'demo.x_v1', name: 'X' }) };

  test('missing cartridge.json, or one without id', async () => {
    assert.deepEqual((await buildCartridgeFromSources([])).issues.map((i) => i.path), ['cartridge.json']);
    const r = await buildCartridgeFromSources([{ path: 'cartridge.json', text: '{"name":"x"}' }]);
    assert.equal(r.ok, false);
    assert.match(r.issues[0]?.message ?? '', /id/);
  });

  test('malformed JSON in a source names the file', async () => {
    const r = await buildCartridgeFromSources([manifest, { path: 'flows/broken.json', text: '{"id": ' }]);
    assert.equal(r.ok, false);
    assert.equal(r.issues[0]?.path, 'flows/broken.json');
  });

  test('a bad CSV row names file and line', async () => {
    const csv = 'cui,preferredName,surfaceForms\nC1,One,one\nC2,,two\nC3,Three\n';
    const r = await buildCartridgeFromSources([manifest, { path: 'dictionaries/d.csv', text: csv }]);
    assert.equal(r.ok, false);
    assert.deepEqual(r.issues.map((i) => i.path), ['dictionaries/d.csv:3', 'dictionaries/d.csv:4']);
  });

  test('duplicate artifact ids and unknown manifest references are reported', async () => {
    const r = await buildCartridgeFromSources([
      { path: 'cartridge.json', text: JSON.stringify({ id: 'demo.x_v1', profile: 'nope' }) },
      { path: 'filters/a.json', text: JSON.stringify({ id: 'same', target: 'unstructured.data.concepts', condition: { field: 'a', values: ['b'] } }) },
      { path: 'concept_filters/b.json', text: JSON.stringify({ id: 'same', target: 'unstructured.data.concepts', condition: { field: 'a', values: ['b'] } }) },
    ]);
    assert.equal(r.ok, false);
    assert.equal(r.issues.length, 2);
  });

  test('a built archive whose content is semantically wrong is caught by validateCartridge', async () => {
    const r = await buildCartridgeFromSources([
      manifest,
      { path: 'flows/f.json', text: JSON.stringify({ name: 'F', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'not_an_annotator' } }] } }] }) },
    ]);
    assert.ok(r.ok && r.archive);
    const v = await validateCartridge(r.archive);
    assert.equal(v.ok, false);
    assert.deepEqual(v.issues.filter((i) => i.level === 'ERROR').map((i) => [i.code, i.artifact]), [['UNKNOWN_ANNOTATOR', 'demo.x_v1_f']]);
  });
});

describe('CSV dictionaries', () => {
  test('quotes, escaped quotes, embedded newlines and CRLF', () => {
    const r = parseCsv('a,b,c\r\n"x, y","say ""hi""","line1\nline2"\r\nlast,,\n');
    assert.equal(r.error, undefined);
    assert.deepEqual(r.rows, [['a', 'b', 'c'], ['x, y', 'say "hi"', 'line1\nline2'], ['last', '', '']]);
    assert.deepEqual(r.lines, [1, 2, 4]);
  });
  test('unterminated quotes and stray quotes are errors, blank lines are skipped', () => {
    assert.match(parseCsv('a,b\n"open,x\n').error ?? '', /unterminated/);
    assert.match(parseCsv('a,b\nx"y,z\n').error ?? '', /quote/);
    assert.deepEqual(parseCsv('a\n\n\nb\n').rows, [['a'], ['b']]);
  });
  test('known columns are matched case-insensitively; other columns become attributes', () => {
    const r = csvToDictionarySource('CUI,PreferredName,SurfaceForms,SemanticType,rxNormId\nC0025598,Metformin,metformin| glucophage ,phsu,6809\n,Ad hoc,adhoc,,\n', { file: 'd.csv', id: 'dict', name: 'd' });
    assert.deepEqual(r.issues, []);
    const concepts = r.source?.concepts as Record<string, unknown>[];
    assert.deepEqual(concepts[0], {
      id: 'C0025598', cui: 'C0025598', preferredName: 'Metformin',
      attributes: [{ semanticType: 'phsu', rxNormId: '6809' }],
      surfaceForms: [{ text: 'metformin' }, { text: 'glucophage' }],
    });
    assert.equal(concepts[1]?.id, 'dict-3');
    assert.equal(concepts[1]?.cui, undefined);
  });
  test('a header without preferredName is rejected', () => {
    assert.equal(csvToDictionarySource('cui,name\nC1,x\n', { file: 'd.csv', id: 'd', name: 'd' }).issues.length, 1);
  });
});
