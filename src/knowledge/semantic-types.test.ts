import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { acdTypeName, parseSemanticTypes, semanticTypes } from './semantic-types.js';

const STY_DIR = '/work/shared/vocab/umls-semantic-types';

describe('semantic types', () => {
  test('127 current types with unique TUIs and 4-letter abbreviations', () => {
    const all = semanticTypes().all;
    assert.equal(all.length, 127);
    assert.equal(new Set(all.map((t) => t.tui)).size, 127);
    assert.equal(new Set(all.map((t) => t.abbreviation)).size, 127);
    for (const t of all) {
      assert.match(t.abbreviation, /^[a-z]{4}$/, t.tui);
      assert.match(t.type, /^umls\.[A-Z][A-Za-z]+$/, t.tui);
      assert.equal(t.retired, false);
    }
  });

  test('lookups by TUI, abbreviation, name and type agree', () => {
    const st = semanticTypes();
    assert.deepEqual(
      ['dsyn', 'sosy', 'phsu', 'neop', 'bpoc', 'topp', 'diap', 'lbpr', 'lbtr', 'fndg', 'inpo', 'acab', 'cgab', 'mobd', 'orch', 'antb', 'clnd', 'vita', 'horm', 'imft', 'bacs', 'enzy', 'aapp', 'nnon', 'elii', 'hops', 'inch'].map((a) => st.byAbbreviation(a)?.tui),
      ['T047', 'T184', 'T121', 'T191', 'T023', 'T061', 'T060', 'T059', 'T034', 'T033', 'T037', 'T020', 'T019', 'T048', 'T109', 'T195', 'T200', 'T127', 'T125', 'T129', 'T123', 'T126', 'T116', 'T114', 'T196', 'T131', 'T197'],
    );
    assert.equal(st.byTui('T047')?.type, 'umls.DiseaseOrSyndrome');
    assert.equal(st.byTui('t184')?.type, 'umls.SignOrSymptom');
    assert.equal(st.byAbbreviation('PHSU')?.type, 'umls.PharmacologicSubstance');
    assert.equal(st.byName('neoplastic process')?.type, 'umls.NeoplasticProcess');
    assert.equal(st.byType('umls.TherapeuticOrPreventiveProcedure')?.abbreviation, 'topp');
    assert.equal(st.byType('BodyPartOrganOrOrganComponent')?.abbreviation, 'bpoc');
    assert.equal(st.byAbbreviation('dsyn')?.group, 'DISO');
    assert.equal(st.byAbbreviation('phsu')?.group, 'CHEM');
    assert.equal(st.byAbbreviation('nope'), undefined);
  });

  test('retired types resolve but are not listed as current', () => {
    const st = semanticTypes();
    assert.equal(st.byAbbreviation('strd')?.name, 'Steroid');
    assert.equal(st.byAbbreviation('carb')?.retired, true);
    assert.ok(!st.all.some((t) => t.abbreviation === 'carb'));
  });

  test('ACD type names are PascalCase without punctuation', () => {
    assert.equal(acdTypeName('Body Part, Organ, or Organ Component'), 'umls.BodyPartOrganOrOrganComponent');
    // as the real ACD cartridge spells T095: a hyphenated word stays one word
    assert.equal(acdTypeName('Self-help or Relief Organization'), 'umls.SelfhelpOrReliefOrganization');
    assert.equal(acdTypeName('Human-caused Phenomenon or Process'), 'umls.HumancausedPhenomenonOrProcess');
    assert.equal(acdTypeName('Indicator, Reagent, or Diagnostic Aid'), 'umls.IndicatorReagentOrDiagnosticAid');
  });

  test('malformed resource rows fail with their line number', () => {
    assert.throws(() => parseSemanticTypes('# c\ntui\tabbreviation\tname\tgroup\tstatus\nT047\tdsyn\tDisease\tNOPE\tcurrent\n'), /:3: malformed row/);
    assert.throws(() => parseSemanticTypes('tui\tabbr\n'), /:1: unexpected header/);
  });

  test('agrees with the staged Semantic Network files (sty.tsv, sty.obo)', { skip: !existsSync(STY_DIR) }, () => {
    const st = semanticTypes();
    const rows = readFileSync(`${STY_DIR}/sty.tsv`, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
    assert.equal(rows.length, 127);
    for (const [tui, name, , , , parents] of rows) {
      const t = st.byTui(tui!);
      assert.equal(t?.name, name, tui);
      assert.equal(t?.group, parents!.split('#')[1], tui);
    }
    const obo = readFileSync(`${STY_DIR}/sty.obo`, 'utf8');
    const stanzas = [...obo.matchAll(/id: sty:(T\d{3})\nname: ([^\n]+)\nis_a: ([A-Z]{4})/g)];
    assert.equal(stanzas.length, 127);
    for (const [, tui, name, group] of stanzas) assert.deepEqual([st.byTui(tui!)?.name, st.byTui(tui!)?.group], [name!.replace(/\\(.)/g, '$1'), group]);
  });
});
