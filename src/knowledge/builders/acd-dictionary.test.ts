import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import { semanticTypes } from '../semantic-types.js';
import { parseAcdDictionary, readAcdDictionary } from './acd-dictionary.js';

const DIR = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/dictionaries', import.meta.url));
const CARTRIDGE = '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';

/** Reads every `.json` entry of a zip archive into memory. */
function readJsonEntries(path: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('.json')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('readAcdDictionary', () => {
  test('umls layout: codes (any key case), semantic type, type, surface forms, regexes, removals', () => {
    const { dictionary, records, issues } = readAcdDictionary(`${DIR}/acd-umls-extension.json`);
    assert.deepEqual(dictionary, { id: 'acd.sample_umls_extension_dictionary', name: 'Sample UMLS Extension Dictionary', layout: 'umls' });
    const d = 'acd.sample_umls_extension_dictionary';
    assert.deepEqual(records.map((r) => r.localId), ['C0025611', 'C0033707', 'TEC-00019', 'C0007097', 'C0000002', 'C0000003']);
    const meth = records[0]!;
    assert.deepEqual(meth.ids, [`LOCAL:${d}:C0025611`, 'UMLS:C0025611', 'SNOMEDCT:8692006', 'SNOMEDCT:387499002', 'MESH:M0013551', 'NCIT:C61840', 'RXNORM:6816', 'LOINC:MTHU005018', 'LOINC:LP16194-0']);
    assert.deepEqual(meth.names.map((n) => n.text), ['crystal meth', 'methamphetamine', 'ice']);
    assert.deepEqual([meth.semanticTypes, meth.type, meth.linkedConcept, meth.removeSurfaceForms], [['hops'], 'umls.HazardousOrPoisonousSubstance', true, ['crystal', 'crystals']]);
    assert.deepEqual(meth.codes.snomedConceptId, ['8692006', '387499002']);
    const pt = records[1]!;
    assert.deepEqual([pt.type, pt.semanticTypes, pt.normalizeCase, pt.names], ['ICNormality', [], false, [{ text: 'PT', kind: 'abbreviation' }]]);
    const trigger = records[2]!;
    assert.deepEqual([trigger.ids, trigger.type, trigger.regexes, trigger.names], [[`LOCAL:${d}:TEC-00019`], 'TemporalTrigger', ['\\b(?i)(first|second) of (Jan|Feb)\\b'], []]);
    const carcinoma = records[3]!;
    assert.deepEqual([carcinoma.codes, carcinoma.names.length, carcinoma.disabled], [{ snomedConceptId: ['68453008'] }, 2, false]);
    assert.deepEqual(issues, [
      { path: 'acd-umls-extension.json#/concepts/5/preferredName', message: 'missing preferredName' },
      { path: 'acd-umls-extension.json#/concepts/6', message: 'concept has no surface forms and no regexes: it can never match' },
      { path: 'acd-umls-extension.json#/concepts/7/surfaceForms/0', message: 'entry has no "text"' },
      { path: 'acd-umls-extension.json#/concepts/8', message: 'concept is not an object' },
      { path: 'acd-umls-extension.json#/concepts/9/id', message: 'duplicate concept id "C0025611"' },
    ]);
    assert.deepEqual(records[5]!.names.map((n) => n.text), ['plain string form']);
  });

  test('disabled concepts are skipped unless asked for; the stray ssemanticType key is read', () => {
    const all = readAcdDictionary(`${DIR}/acd-umls-extension.json`, { includeDisabled: true, dictionaryId: 'x' });
    const lesion = all.records.find((r) => r.localId === 'C0151740')!;
    assert.deepEqual([lesion.disabled, lesion.semanticTypes, lesion.type, lesion.ids[0]], [true, ['fndg'], 'umls.Finding', 'LOCAL:x:C0151740']);
  });

  test('whitelist layout: concepts without cui, rxNormID spelling', () => {
    const { records, issues } = readAcdDictionary(`${DIR}/acd-drug-whitelist.json`);
    assert.deepEqual(issues, []);
    assert.deepEqual(records[0]!.ids, ['LOCAL:clinical_insights_-_medication_extension:901ae8aa-5ede-4bf3-80bf-9eac5c980907', 'RXNORM:314659']);
    assert.deepEqual([records[0]!.codes, records[0]!.cui, records[0]!.layout], [{ rxNormId: ['314659'] }, undefined, 'drug_whitelist']);
    assert.deepEqual(records[1]!.names, [{ text: 'O2', kind: 'exact' }, { text: 'oxygen', kind: 'exact' }]);
  });

  test('invalid JSON is an issue with a line number', () => {
    const { records, issues } = readAcdDictionary(`${DIR}/invalid.json`);
    assert.equal(records.length, 0);
    assert.equal(issues.length, 1);
    assert.match(issues[0]!.path, /^invalid\.json:4$/);
    assert.deepEqual(parseAcdDictionary({ id: 'x' }).issues, [{ path: 'dictionary.json#/concepts', message: 'missing "concepts" array' }]);
    assert.deepEqual(parseAcdDictionary('[1]').issues, [{ path: 'dictionary.json#', message: 'expected a JSON object' }]);
  });

  test('reads every dictionary of the real clinical-insights cartridge without issues', { skip: !existsSync(CARTRIDGE) }, async () => {
    const entries = await readJsonEntries(CARTRIDGE);
    const counts: Record<string, [number, number]> = {};
    const st = semanticTypes();
    for (const [name, text] of entries) {
      if (!name.includes('/attachments/') || !name.endsWith('.json')) continue;
      const enabled = parseAcdDictionary(text, { file: name });
      const all = parseAcdDictionary(text, { file: name, includeDisabled: true });
      assert.deepEqual(all.issues, [], name);
      counts[enabled.dictionary!.id] = [enabled.records.length, all.records.length];
      for (const r of all.records) {
        assert.ok(r.names.length > 0 || r.regexes.length > 0, `${name} ${r.localId}`);
        // every UMLS type in the cartridge agrees with the semantic-type table
        if (r.type?.startsWith('umls.')) assert.equal(st.byAbbreviation(r.semanticTypes?.[0] ?? "")?.type, r.type, `${name} ${r.localId}`);
      }
    }
    assert.deepEqual(counts, {
      'clinical_insights_-_symptom_disease_extension': [22, 22],
      'acd.acd_clinical_insights_v1.0_temporal_triggers': [36, 44],
      'clinical_insights_-_medication_extension': [6, 6],
      'clinical_insights_-_lab_value_extension': [4, 4],
      'acd.acd_clinical_insights_v1.0_clinical_insights_-_expanded_concepts': [9, 9],
      'clinical_insights_-_sections': [1, 1],
      'acd.acd_clinical_insights_v1.0_clinical_abbreviations_-_umls_extension_dictionary': [40, 46],
      'acd.acd_clinical_insights_v1.0_umls_extension_dictionary': [337, 337],
      'acd.acd_clinical_insights_v1.0_substance_use_extension_dictionary': [48, 48],
      'substance_use_sections_dictionary': [3, 3],
      'clinical_insights_-_procedure_extension': [9, 9],
      'acd.acd_clinical_insights_v1.0_clinical_insights_-_normality_extension': [10, 11],
    });
  });
});
