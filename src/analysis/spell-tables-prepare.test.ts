// The service's first start on a knowledge base without spell tables builds them in a child process, beside
// the knowledge base; the next start finds them fresh and builds nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { compileClinicalTestKb } from '../engine/annotators/spell-checker/clinical-test-kb.js';
import { readSpellTables } from '../engine/annotators/spell-checker/spell-tables.js';
import { writeKnowledgeBase } from '../knowledge/kb-files.js';
import { prepareSpellTablesInChild } from './spell-tables-prepare.js';

const dir = mkdtempSync(join(tmpdir(), 'ca-spell-prepare-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('spell tables are built once per knowledge base, in a child process', async () => {
  const kb = compileClinicalTestKb();
  const kbDir = join(dir, 'kb');
  await writeKnowledgeBase(kb, kbDir);
  assert.equal(readSpellTables(kbDir, kb.info.buildId), undefined);
  const first = await prepareSpellTablesInChild(kbDir);
  assert.equal(first.built, true, first.error);
  assert.match(first.reason ?? '', /no spell-tables\.json/);
  const tables = readSpellTables(kbDir, kb.info.buildId);
  assert.ok(tables !== undefined, "fresh tables");
  assert.ok(tables.header.words > 10_000 && tables.header.kbTerms, String(tables.header.words));
  assert.deepEqual(await prepareSpellTablesInChild(kbDir), { built: false });
});
