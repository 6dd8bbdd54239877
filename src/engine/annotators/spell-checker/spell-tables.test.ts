// The spell checker's tables written beside a knowledge base and read back into shared memory give the same
// vocabulary as one built in the thread; tables of another knowledge base are not read.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { compileClinicalTestKb } from './clinical-test-kb.js';
import { attachSpellTables, readSpellTables, spellTablesStaleReason, writeSpellTablesOf } from './spell-tables.js';
import { compileSpellChecker } from './spell-checker.js';
import { defaultEnglishWords, defaultSpellingRules } from './spelling-rules.js';
import { buildVocabulary, vocabularyOver } from './vocabulary.js';

const dir = mkdtempSync(join(tmpdir(), 'ca-spell-tables-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('spell tables', () => {
  const kb = compileClinicalTestKb();
  const header = writeSpellTablesOf(kb, dir);

  test('read back in shared memory, they answer as a vocabulary built in the thread', () => {
    const tables = readSpellTables(dir, kb.info.buildId);
    assert.ok(tables !== undefined);
    assert.equal(tables.header.words, header.words);
    assert.ok(tables.deletes.filing.buffer instanceof SharedArrayBuffer && tables.words.chars.buffer instanceof SharedArrayBuffer);
    const shared = vocabularyOver(kb, tables);
    const own = buildVocabulary(kb, defaultEnglishWords());
    assert.equal(shared.size, own.size);
    const words = ['patient', 'ovariectomy', 'oophorectomies', 'tofacitinib', 'xeljanz', 'nontender', 'qwzx', 'pneumonia'];
    for (const w of words) assert.equal(shared.isKnown(w), own.isKnown(w), w);
    const out1 = new Uint8Array(words.length);
    const out2 = new Uint8Array(words.length);
    shared.areKnownLower(words, out1);
    own.areKnownLower(words, out2);
    assert.deepEqual(out1, out2);
    for (const typo of ['ovariactomy', 'pateint', 'amoxicilin', 'pnuemonia', 'tofacitnib', 'hypertensoin', 'dyspnoea', 'xeljnz', 'abdomenn']) {
      for (const distance of [1, 2, 3]) assert.deepEqual(shared.suggest(typo, distance, 5), own.suggest(typo, distance, 5), `${typo} within ${distance}`);
    }
    assert.ok(shared.suggest('ovariactomy', 2, 5).some((c) => c.text === 'ovariectomy' && c.fromKb));
    const rules = defaultSpellingRules();
    for (const ocr of ['pneum0nia', 'patlent', 'rnorphine']) assert.deepEqual(shared.ocrVariants(ocr, rules, 5), own.ocrVariants(ocr, rules, 5), ocr);
  });

  test('the spell checker of a knowledge base uses the tables attached to it', () => {
    const other = compileClinicalTestKb();
    const tables = readSpellTables(dir, other.info.buildId)!;
    attachSpellTables(other, tables);
    const compiled = compileSpellChecker(other);
    assert.equal(compiled.vocabulary.size, tables.header.words);
    assert.deepEqual(compiled.vocabulary.suggest('pnuemonia', 2, 3), compileSpellChecker(kb).vocabulary.suggest('pnuemonia', 2, 3));
  });

  test('tables of another knowledge base, format or word list are stale and not read', () => {
    assert.equal(spellTablesStaleReason(dir, kb.info.buildId), undefined);
    assert.match(spellTablesStaleReason(dir, 'another-build') ?? '', /built for knowledge base/);
    assert.equal(readSpellTables(dir, 'another-build'), undefined);
    const path = join(dir, 'spell-tables.json');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(original), english: 'another-list' }));
    assert.match(spellTablesStaleReason(dir, kb.info.buildId) ?? '', /English word list/);
    writeFileSync(path, JSON.stringify({ ...JSON.parse(original), version: 0 }));
    assert.match(spellTablesStaleReason(dir, kb.info.buildId) ?? '', /format/);
    rmSync(path);
    assert.match(spellTablesStaleReason(dir, kb.info.buildId) ?? '', /no spell-tables.json/);
    writeFileSync(path, original);
  });
});
