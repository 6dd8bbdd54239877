// The full default build from the staged sources. It takes 15-50 s (two cores), so it runs only when
// KB_FULL_BUILD_TEST=1 (the eval and bench build the same knowledge base on every run anyway).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDefaultKnowledgeBase } from './build-default.js';
import { defaultMirrorDir } from './fetch-sources.js';
import { loadKnowledgeBase } from './loader.js';
import { createMatcher } from './matcher.js';

const enabled = process.env.KB_FULL_BUILD_TEST === '1' && defaultMirrorDir() !== undefined;

test('the default knowledge base builds from the mirror, loads, and finds common clinical concepts', { skip: !enabled && 'set KB_FULL_BUILD_TEST=1 (needs the source mirror)' }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kb-full-'));
  try {
    const { kb, reportLine } = await buildDefaultKnowledgeBase({ outDir: join(dir, 'kb') });
    assert.match(reportLine, /concepts, .* names, .* terms; codes: icd10Code/);
    assert.ok(kb.conceptCount > 100_000);
    const loaded = await loadKnowledgeBase(join(dir, 'kb'));
    const cuis = (term: string): string[] => loaded.lookup(term).map((i) => loaded.concept(i).cui);
    assert.ok(cuis('hypertension').includes('C0020538'));
    assert.ok(cuis('type 2 diabetes').includes('C0011860'));
    assert.ok(cuis('HTN').includes('C0020538'));
    assert.ok(cuis('metformin').some((c) => loaded.concept(loaded.conceptsById(c)[0]!).codes.rxNormId?.includes('6809')));
    assert.deepEqual(cuis('all'), []);
    assert.ok(loaded.conceptsByCode('meshId', 'D003920').length > 0);
    const text = 'Patient with CHF and type 2 diabetes on metformin, denies chest pain.';
    assert.ok(createMatcher(loaded).match(text, []).length >= 4);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
