import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deviceLexiconRecords, labLexiconRecords } from './authored-lexicons.js';

const labs = {
  kind: 'lab-tests', version: '1', language: 'en', entries: [
    { id: 'alt', forms: ['ALT', 'alanine aminotransferase'], normalized: 'alanine aminotransferase', loincId: '1742-6' },
    { id: 'troponin', forms: ['troponin'], normalized: 'troponin', loincId: '0000-0' },
    { id: 'nyha', forms: ['NYHA', 'NYHA class'], normalized: 'NYHA functional class', valueKind: 'class' },
    { id: 'stage', forms: ['clinical stage'], normalized: 'stage', valueKind: 'class', concept: 'no' },
  ],
};

const devices = {
  kind: 'devices', version: '1', language: 'en', entries: [
    { id: 'pacemaker', forms: ['pacemaker', 'cardiac pacemaker'], normalized: 'cardiac pacemaker', meshId: 'D010138' },
    { id: 'cgm', forms: ['continuous glucose monitor', 'CGM'], normalized: 'glucose monitor' },
  ],
};

describe('authored lab and device lexicons as knowledge-base records', () => {
  test('a lab entry joins the LOINC concept LOINC names, else is a concept of its own; graded scales are clna; concept "no" stays out', () => {
    assert.deepEqual(labLexiconRecords(new Set(['LNC:1742-6']), labs, 'labs.json'), [
      { source: 'LAB_LEXICON', ids: ['LNC:1742-6'], preferredName: 'alanine aminotransferase', names: [{ text: 'ALT', kind: 'abbreviation' }], semanticTypes: ['lbpr'] },
      // 0000-0 is not a code the LOINC source has: no LOINC id is paired with our name alone.
      { source: 'LAB_LEXICON', ids: ['AUTHORED:lab:troponin'], preferredName: 'troponin', names: [], semanticTypes: ['lbpr'] },
      { source: 'LAB_LEXICON', ids: ['AUTHORED:lab:nyha'], preferredName: 'NYHA functional class', names: [{ text: 'NYHA', kind: 'abbreviation' }, { text: 'NYHA class', kind: 'exact' }], semanticTypes: ['clna'] },
    ]);
  });

  test('devices are medd, joined to their MeSH descriptor; capitals are abbreviations', () => {
    assert.deepEqual(deviceLexiconRecords(devices, 'devices.json'), [
      { source: 'DEVICE_LEXICON', ids: ['AUTHORED:device:pacemaker', 'MESH:D010138'], preferredName: 'cardiac pacemaker', names: [{ text: 'pacemaker', kind: 'exact' }], semanticTypes: ['medd'] },
      { source: 'DEVICE_LEXICON', ids: ['AUTHORED:device:cgm'], preferredName: 'glucose monitor', names: [{ text: 'continuous glucose monitor', kind: 'exact' }, { text: 'CGM', kind: 'abbreviation' }], semanticTypes: ['medd'] },
    ]);
  });

  test('the shipped lexicons load, and a malformed entry fails naming the file and entry', () => {
    assert.ok(deviceLexiconRecords().length > 30);
    assert.ok(labLexiconRecords(new Set()).some((r) => r.preferredName === 'Epworth sleepiness scale'));
    assert.throws(() => deviceLexiconRecords({ ...devices, entries: [{ id: 'x', forms: ['x'], normalized: 'x', mesh: 'D1' }] }, 'devices.json'),
      (e: unknown) => (e as { kind?: string }).kind === 'INVALID_RESOURCE_FILE' && String((e as { description?: string }).description).includes('devices.json'));
  });
});
