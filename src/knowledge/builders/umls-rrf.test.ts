import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readUmlsRrf, readUmlsSources, umlsReleaseVersion, type UmlsRecord } from './umls-rrf.js';

const DIR = fileURLToPath(new URL('../../../test/fixtures/umls', import.meta.url));

function byCui(records: Iterable<UmlsRecord>): Map<string, UmlsRecord> {
  return new Map([...records].map((r) => [r.cui, r]));
}
function texts(r: UmlsRecord | undefined): string[] {
  return (r?.names ?? []).map((n) => n.text);
}

describe('readUmlsRrf', () => {
  test('defaults: English, unsuppressed atoms; one record per CUI in MRCONSO order', () => {
    const records = [...readUmlsRrf({ dir: DIR })];
    assert.deepEqual(records.map((r) => r.cui), ['C0004057', 'C0011849', 'C0015967', 'C0020538', 'C0202117']);
    const fever = records[2]!;
    assert.deepEqual(fever, {
      source: 'UMLS',
      ids: ['UMLS:C0015967', 'MESH:D005334', 'SNOMEDCT:386661006', 'ICD10CM:R50.9', 'ICD9CM:780.60'],
      preferredName: 'Fever',
      names: [{ text: 'Fever', kind: 'preferred' }, { text: 'Pyrexia', kind: 'exact' }, { text: 'Fever, unspecified', kind: 'exact' }],
      semanticTypes: ['sosy'],
      cui: 'C0015967',
      vocabs: ['ICD10CM', 'ICD9CM', 'MSH', 'SNOMEDCT_US'],
      codes: { meshId: ['M0008250'], snomedConceptId: ['386661006'], icd10Code: ['R50.9'], icd9Code: ['780.60'] },
      sourceVersion: '2024AA',
    } satisfies UmlsRecord);
  });

  test('suppressed atoms (O, E, Y) come back only with includeSuppressed', () => {
    const fever = byCui(readUmlsRrf({ dir: DIR, includeSuppressed: true })).get('C0015967')!;
    assert.ok(texts(fever).includes('Pyrexia of unknown origin'));
    assert.ok(texts(fever).includes('Febrile'));
    assert.ok(fever.ids.includes('ICD9CM:780.6'));
  });

  test('languages select atoms; a CUI with no atom left is not emitted', () => {
    const withFrench = byCui(readUmlsRrf({ dir: DIR, languages: ['ENG', 'FRE'] }));
    assert.ok(texts(withFrench.get('C0011849')).includes('Diabète'));
    assert.equal(withFrench.get('C0011849')?.preferredName, 'Diabetes Mellitus');
    const german = [...readUmlsRrf({ dir: DIR, languages: ['GER'] })];
    assert.deepEqual(german.map((r) => [r.cui, r.preferredName, r.semanticTypes]), [['C0000005', 'Makroaggregiertes Albumin (131I)', ['aapp']]]);
  });

  test('SAB allow-list filters atoms and its order ranks the preferred name', () => {
    const rxFirst = byCui(readUmlsRrf({ dir: DIR, sources: ['RXNORM', 'SNOMEDCT_US'] }));
    assert.equal(rxFirst.get('C0004057')?.preferredName, 'aspirin');
    assert.deepEqual(rxFirst.get('C0004057')?.vocabs, ['RXNORM', 'SNOMEDCT_US']);
    assert.ok(!texts(rxFirst.get('C0004057')).includes('Acetylsalicylic Acid'));
    const snomedFirst = byCui(readUmlsRrf({ dir: DIR, sources: ['SNOMEDCT_US', 'RXNORM'] }));
    assert.equal(snomedFirst.get('C0004057')?.preferredName, 'Aspirin');
    const labOnly = [...readUmlsRrf({ dir: DIR, sources: ['LNC', 'CPT'] })];
    assert.deepEqual(labOnly.map((r) => [r.cui, r.preferredName]), [['C0202117', 'Hemoglobin A1c/Hemoglobin.total in Blood']]);
  });

  test('maxRestrictionLevel drops atoms of more restricted sources', () => {
    const open = byCui(readUmlsRrf({ dir: DIR, maxRestrictionLevel: 0 }));
    const a1c = open.get('C0202117')!;
    assert.deepEqual(a1c.vocabs, ['LNC']);
    assert.equal(a1c.preferredName, 'Hemoglobin A1c/Hemoglobin.total in Blood');
    assert.ok(![...open.values()].some((r) => r.vocabs.includes('SNOMEDCT_US') || r.vocabs.includes('CPT')));
  });

  test('codes: SAB → CURIE and ACD code fields; abbreviation TTYs; semantic types from MRSTY', () => {
    const m = byCui(readUmlsRrf({ dir: DIR }));
    const aspirin = m.get('C0004057')!;
    assert.deepEqual(aspirin.ids, ['UMLS:C0004057', 'MESH:D001241', 'RXNORM:1191', 'SNOMEDCT:387458008', 'UNII:R16CO5Y76E', 'NCIT:C287']);
    assert.deepEqual(aspirin.semanticTypes, ['orch', 'phsu']);
    assert.deepEqual(aspirin.codes, { meshId: ['M0001874'], rxNormId: ['1191'], snomedConceptId: ['387458008'], nciCode: ['C287'] });
    assert.deepEqual(aspirin.names.find((n) => n.text === 'ASA'), { text: 'ASA', kind: 'abbreviation' });
    assert.deepEqual(m.get('C0020538')!.names.find((n) => n.text === 'HTN'), { text: 'HTN', kind: 'abbreviation' });
    const a1c = m.get('C0202117')!;
    assert.deepEqual(a1c.codes, { snomedConceptId: ['43396009'], cptCode: ['83036'], loincId: ['4548-4'] });
    assert.ok(a1c.ids.includes('LOINC:4548-4'));
    // ICD-10-CM header ranges (E08-E13) are not codes
    assert.deepEqual(m.get('C0011849')!.codes.icd10Code, undefined);
    assert.deepEqual(m.get('C0011849')!.vocabs, ['ICD10CM', 'MSH', 'SNOMEDCT_US']);
  });

  test('MRSAB: sources and the current release version', () => {
    const sources = readUmlsSources(DIR);
    assert.equal(sources.length, 13);
    assert.equal(sources.find((s) => s.rsab === 'MSH')?.version, '2024_2023_10_16');
    assert.equal(sources.find((s) => s.rsab === 'SNOMEDCT_US')?.restrictionLevel, 9);
    assert.equal(umlsReleaseVersion(sources), '2024AA');
  });

  test('refuses an MRCONSO not sorted by CUI or with missing fields', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umls-rrf-'));
    try {
      const lines = readFileSync(join(DIR, 'MRCONSO.RRF'), 'utf8').trim().split('\n');
      writeFileSync(join(dir, 'MRCONSO.RRF'), [...lines.slice(8), ...lines.slice(0, 8)].join('\n') + '\n');
      copyFileSync(join(DIR, 'MRSTY.RRF'), join(dir, 'MRSTY.RRF'));
      assert.throws(() => [...readUmlsRrf({ dir })], /MRCONSO\.RRF:19: not sorted by CUI \(C0000005 after C0202117\)/);
      writeFileSync(join(dir, 'MRCONSO.RRF'), lines.slice(1, 3).join('\n') + '\nC0004057|ENG|P|truncated\n');
      assert.throws(() => [...readUmlsRrf({ dir })], /MRCONSO\.RRF:3: expected 18 fields/);
      // a release root with the files in META/
      const meta = join(dir, 'root', 'META');
      mkdirSync(meta, { recursive: true });
      for (const f of ['MRCONSO.RRF', 'MRSTY.RRF', 'MRSAB.RRF']) copyFileSync(join(DIR, f), join(meta, f));
      assert.deepEqual([...readUmlsRrf({ dir: join(dir, 'root') })].map((r) => [r.cui, r.sourceVersion]).slice(0, 1), [['C0004057', '2024AA']]);
      // a caller may stop early
      writeFileSync(join(dir, 'MRCONSO.RRF'), lines.join('\n') + '\n');
      for (const r of readUmlsRrf({ dir })) {
        assert.equal(r.cui, 'C0004057');
        break;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
