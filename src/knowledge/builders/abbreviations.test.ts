import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readAbbreviations } from './abbreviations.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/knowledge-sources/abbreviations', import.meta.url));
const REAL = '/work/shared/vocab/abbreviations';

describe('readAbbreviations', () => {
  test('merges the inventories into abbreviation → ranked senses', () => {
    const table = readAbbreviations(FIXTURE);
    assert.deepEqual(table.get('ra'), [
      { expansion: 'room air', cuis: ['C2709070'], ratio: 0.918, count: 30, sources: ['vanderbilt_clinic', 'vanderbilt_discharge'] },
      { expansion: 'rheumatoid arthritis', cuis: ['C0003873'], ratio: 0.125125125125125, count: 2, sources: ['vanderbilt_clinic', 'stetson', 'wikipedia'] },
      { expansion: 'right atrium', cuis: ['C1269890'], ratio: 0.062, count: 5, sources: ['vanderbilt_discharge'] },
    ]);
    // Vanderbilt spells "/" as "_" in the abbreviation column: the forms come from the variations
    assert.deepEqual(table.get('c/d/i'), [{ expansion: 'clean, dry, and intact', cuis: ['C2116810', 'C0205222'], ratio: 1, count: 23, sources: ['vanderbilt_clinic'] }]);
    assert.equal(table.get('c_d_i'), undefined);
    assert.deepEqual(table.get('bs'), [{ expansion: 'blood sugar', cuis: [], ratio: 0.5, sources: ['vanderbilt_clinic'] }]);
    assert.deepEqual(table.get('qd')!.map((s) => s.expansion), ['daily', 'every day']);
    assert.deepEqual(table.get('pwm'), [{ expansion: 'pokeweed mitogen', cuis: [], sources: ['berman'] }]);
    assert.deepEqual(table.get('17ohp')?.[0]?.expansion, '17-hydroxyprogesterone');
    assert.deepEqual(table.get('c/o')?.[0]?.expansion, 'complains of, "c/o"');
    assert.deepEqual(table.get('a-heft')?.[0], { expansion: 'African-American Heart Failure Trial', cuis: [], sources: ['wikipedia_trials'] });
    assert.deepEqual(table.get('ā')?.[0]?.expansion, 'before');
  });

  test('a chosen source that is missing is an error; others can be left out', () => {
    assert.throws(() => readAbbreviations('/nonexistent', { sources: ['stetson'] }), /stetson_sense_distribution_448\.tsv/);
    assert.deepEqual([...readAbbreviations(FIXTURE, { sources: ['columbia'] }).keys()], ['17ohp', 'aedf']);
  });

  test('reads the staged inventories fully', { skip: !existsSync(REAL) }, () => {
    const table = readAbbreviations(REAL);
    let withCui = 0;
    for (const senses of table.values()) for (const s of senses) if (s.cuis.length > 0) withCui++;
    assert.ok(table.size > 8000, `${table.size} abbreviations`);
    assert.ok(withCui > 2000, `${withCui} senses with CUIs`);
    assert.deepEqual(table.get('htn')?.[0]?.cuis, ['C0020538']);
    assert.equal(table.get('pt')?.[0]?.expansion, 'patient');
    assert.equal(table.get('s/p')?.[0]?.expansion, 'status post');
    const vanderbilt = readAbbreviations(REAL, { sources: ['vanderbilt_clinic', 'vanderbilt_discharge'] });
    const cuis = new Set<string>();
    for (const senses of vanderbilt.values()) for (const s of senses) for (const c of s.cuis) cuis.add(c);
    assert.equal(cuis.size, 1776); // 1,761 distinct CUI values in SOURCES.md, some of which join several CUIs with "|"
  });
});
