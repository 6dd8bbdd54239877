import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SourceRecord } from './builders/source-record.js';
import { bridgeByName } from './name-bridge.js';
import { createNormalizer } from './normalize.js';

const rosuvastatin: SourceRecord = { source: 'RXNORM', ids: ['RXNORM:301542'], preferredName: 'rosuvastatin', names: [] };
const crestor: SourceRecord = { source: 'RXNORM', ids: ['RXNORM:320864'], preferredName: 'Crestor', names: [{ text: 'Crestor', kind: 'brand' }] };
const dc: SourceRecord = { source: 'DRUGCENTRAL', ids: ['DRUGCENTRAL:2406'], preferredName: 'ZD4522', names: [{ text: 'Rosuvastatin', kind: 'exact' }, { text: 'crestor', kind: 'exact' }] };
const normalizer = createNormalizer();

test('links a record by an exact name to the single target carrying it', () => {
  const noBrands = (r: SourceRecord): boolean => !r.names.some((n) => n.kind === 'brand');
  const { records, bridged } = bridgeByName([rosuvastatin, crestor, dc], { from: new Set(['DRUGCENTRAL']), to: ['RXNORM'], normalizer, allNames: true, isTarget: noBrands });
  assert.equal(bridged, 1);
  assert.deepEqual(records[2]!.ids, ['DRUGCENTRAL:2406', 'RXNORM:301542']);
});

test('ambiguous names and preferred-name-only mode leave the record alone', () => {
  const both = bridgeByName([rosuvastatin, crestor, dc], { from: new Set(['DRUGCENTRAL']), to: ['RXNORM'], normalizer, allNames: true });
  assert.equal(both.bridged, 0); // rosuvastatin and Crestor both match: ambiguous
  const preferredOnly = bridgeByName([rosuvastatin, dc], { from: new Set(['DRUGCENTRAL']), to: ['RXNORM'], normalizer });
  assert.equal(preferredOnly.bridged, 0);
});

test('a label naming exactly one target decides, though synonyms also name others (a salt, a variant)', () => {
  const metformin: SourceRecord = { source: 'RXNORM', ids: ['RXNORM:6809'], preferredName: 'metformin', names: [] };
  const salt: SourceRecord = { source: 'RXNORM', ids: ['RXNORM:235743'], preferredName: 'metformin hydrochloride', names: [] };
  const record: SourceRecord = { source: 'DRUGCENTRAL', ids: ['DRUGCENTRAL:1725'], preferredName: 'Metformin', names: [{ text: 'metformin hydrochloride', kind: 'exact' }] };
  const { records, bridged } = bridgeByName([metformin, salt, record], { from: new Set(['DRUGCENTRAL']), to: ['RXNORM'], normalizer, allNames: true });
  assert.equal(bridged, 1);
  assert.deepEqual(records[2]!.ids, ['DRUGCENTRAL:1725', 'RXNORM:6809']);
  // Without a label hit, the synonyms still have to agree on one target.
  const unlabelled = { ...record, preferredName: 'LA-6023', names: [{ text: 'metformin', kind: 'exact' as const }, { text: 'metformin hydrochloride', kind: 'exact' as const }] };
  assert.equal(bridgeByName([metformin, salt, unlabelled], { from: new Set(['DRUGCENTRAL']), to: ['RXNORM'], normalizer, allNames: true }).bridged, 0);
});
