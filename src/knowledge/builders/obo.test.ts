import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseObo, parseSynonym } from './obo.js';
import { synonymKind } from './doid.js';

const fixture = readFileSync(new URL('../../../test/fixtures/knowledge/mini.obo', import.meta.url), 'utf8');

test('parseObo reads [Term] stanzas with names, synonyms, xrefs, is_a and obsolescence, skipping [Typedef]', () => {
  const terms = parseObo(fixture);
  assert.deepEqual(terms.map((t) => t.id), ['DOID:9352', 'DOID:9351', 'DOID:0000001']);
  const t2 = terms[0]!;
  assert.equal(t2.name, 'type 2 diabetes mellitus');
  assert.deepEqual(t2.xrefs, ['ICD10CM:E11', 'MESH:D003924', 'SNOMEDCT_US_2025_09_01:44054006', 'UMLS_CUI:C0011860']);
  assert.deepEqual(t2.isA, ['DOID:9351']);
  assert.deepEqual(t2.synonyms.map((s) => [s.text, s.scope, s.type]), [
    ['NIDDM', 'EXACT', 'OMO:0003012'],
    ['diabetes mellitus, type 2', 'EXACT', ''],
    ['adult-onset diabetes "classic"', 'RELATED', ''],
  ]);
  assert.equal(terms[2]!.obsolete, true);
  assert.equal(terms[0]!.obsolete, false);
});

test('synonym kinds: OMO acronym/abbreviation types, exact and related scopes', () => {
  assert.equal(synonymKind(parseSynonym('"NIDDM" EXACT OMO:0003012 []')!), 'abbreviation');
  assert.equal(synonymKind(parseSynonym('"DM" EXACT OMO:0003000 []')!), 'abbreviation');
  assert.equal(synonymKind(parseSynonym('"sugar" RELATED []')!), 'related');
  assert.equal(synonymKind(parseSynonym('"x" EXACT []')!), 'exact');
  assert.equal(parseSynonym('no quotes'), undefined);
});
