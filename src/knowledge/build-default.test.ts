// The full default build from the staged sources. `npm test` prepares it once (pretest: `kb ensure` into
// .cache/kb, or TEST_KB_DIR), and this test checks that build; KB_FULL_BUILD_TEST=1 builds a fresh one
// into a temp dir instead (15-50 s on two cores).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDefaultKnowledgeBase } from './build-default.js';
import { defaultMirrorDir } from './fetch-sources.js';
import { fileURLToPath } from 'node:url';
import { checkKnowledgeBase, loadKnowledgeBase } from './loader.js';
import { createMatcher } from './matcher.js';
import { SIDE_TABLES } from './side-tables.js';

const freshBuild = process.env.KB_FULL_BUILD_TEST === '1' && defaultMirrorDir() !== undefined;
const prepared = process.env.TEST_KB_DIR ?? fileURLToPath(new URL('../../.cache/kb', import.meta.url));
const available = freshBuild || (await checkKnowledgeBase(prepared)).state === 'ok';

test('the default knowledge base builds from the mirror, loads, and finds common clinical concepts', { skip: !available && 'no prepared knowledge base (npm test prepares .cache/kb) and KB_FULL_BUILD_TEST is not set' }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kb-full-'));
  try {
    let kbDir = prepared;
    if (freshBuild) {
      const { kb, reportLine } = await buildDefaultKnowledgeBase({ outDir: join(dir, 'kb') });
      assert.match(reportLine, /concepts, .* names, .* terms; codes: icd10Code/);
      kbDir = join(dir, 'kb');
      assert.ok(kb.conceptCount > 100_000);
    }
    const loaded = await loadKnowledgeBase(kbDir);
    assert.ok(loaded.conceptCount > 100_000);
    const cuis = (term: string): string[] => loaded.lookup(term).map((i) => loaded.concept(i).cui);
    assert.ok(cuis('hypertension').includes('C0020538'));
    assert.ok(cuis('type 2 diabetes').includes('C0011860'));
    assert.ok(cuis('HTN').includes('C0020538'));
    assert.ok(cuis('metformin').some((c) => loaded.concept(loaded.conceptsById(c)[0]!).codes.rxNormId?.includes('6809')));
    assert.deepEqual(cuis('all'), []);
    assert.ok(loaded.conceptsByCode('meshId', 'D003920').length > 0);
    // side tables for the cancer and relation annotators (side-tables.ts)
    assert.match(loaded.sideTable(SIDE_TABLES.neoplasmSites) ?? '', /^lung\tC34\.9\tC78\.0\t/m);
    assert.match(loaded.sideTable(SIDE_TABLES.pharmActions) ?? '', /^metformin\tD008687\tHypoglycemic Agents$/m);
    const text = 'Patient with CHF and type 2 diabetes on metformin, denies chest pain.';
    assert.ok(createMatcher(loaded).match(text, []).length >= 4);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
