import assert from 'node:assert/strict';
import { test } from 'node:test';
import { idFromName, isValidArtifactId } from './artifact-id.js';
import { isReservedId } from './reserved.js';

test('idFromName: lower-case, trim, runs of other characters → _, trimmed of _', () => {
  const cases: [string, string][] = [
    ['My Profile', 'my_profile'],
    ['  My Flow (v2.1) — Draft! ', 'my_flow_v2.1_draft'],
    ['already_ok-1.0', 'already_ok-1.0'],
    ['__x__', 'x'],
    ['Ünïcödé Näme', 'n_c_d_n_me'],
    ['!!!', ''],
    ['', ''],
  ];
  for (const [name, id] of cases) assert.equal(idFromName(name), id, name);
});

test('isValidArtifactId', () => {
  for (const id of ['a', 'my-profile', 'testFlow', 'wh_acd.ibm_clinical_insights_v1.0_standard_flow', '_x', 'x'.repeat(256)]) assert.ok(isValidArtifactId(id), id);
  for (const id of ['', '.x', 'a b', 'a/b', 'x'.repeat(257), 'é']) assert.equal(isValidArtifactId(id), false, id);
});

test('isReservedId: acd., wh_acd., clinical_annotator., case-insensitive', () => {
  for (const id of ['acd.x', 'WH_ACD.x', 'clinical_annotator.default']) assert.ok(isReservedId(id), id);
  for (const id of ['acd', 'acdx', 'my.acd.x', 'wh_acd_x']) assert.equal(isReservedId(id), false, id);
});
