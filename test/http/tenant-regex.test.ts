// A tenant dictionary with a catastrophic-backtracking regex, deployed through the real API with the app's
// job runner and an analysis worker pool: it deploys without a warning, the job prepares the workers, the
// pattern matches, and a 100,000-character worst case answers (linear-time engine) instead of holding a
// worker for the whole time budget. Timing itself is measured in bench/cases/tenant-isolation.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { buildCartridgeFromSources } from '../../src/cartridge/build-cartridge.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { upload, waitForFinished } from './cartridges-fixtures.js';
import { startServer, uniqueTenant, v, type TestServer } from './harness.js';

const ID = 'test.hostile_v1.0';

async function hostileCartridge(): Promise<Buffer> {
  const dictionary = {
    name: 'Hostile', concepts: [
      { cui: 'H0001', preferredName: 'Alternation', surfaceForms: [], regexes: [{ pattern: '(?:a|a)*b' }] },
      { cui: 'H0002', preferredName: 'Nested', surfaceForms: [], regexes: [{ pattern: '\\b(x+x+)+y\\b' }] },
    ],
  };
  const built = await buildCartridgeFromSources([
    { path: 'cartridge.json', text: JSON.stringify({ id: ID, name: 'Hostile', namespace: 'test', version: 'v1.0', description: 'hostile regexes', profile: 'profile' }) },
    { path: 'dictionaries/hostile.json', text: JSON.stringify(dictionary) },
    { path: 'libraries/library.json', text: JSON.stringify({ id: `${ID}_library`, name: 'Library', sourceName: 'hostile', sourceVersion: 'v1.0', dictionaries: [`${ID}_hostile`], enabled: true }) },
    { path: 'profiles/profile.json', text: JSON.stringify({ id: `${ID}_profile`, name: 'P', description: 'p', annotators: [{ name: 'concept_detection', parameters: { libraries: [`${ID}_library`] } }] }) },
  ]);
  assert.ok(built.ok && built.archive !== undefined, JSON.stringify(built.issues));
  return built.archive;
}

describe('a tenant regex that backtracks catastrophically on V8 runs in linear time', () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;
  const tenant = uniqueTenant('hostile');
  const headers = { 'X-IBM-Client-ID': tenant };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-regex-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 2, timeoutMs: 120_000, maxQueue: 100,
      limits: { maxCharsPerContainer: 200_000, maxCharsPerRequest: 1_000_000, maxContainers: 5 }, loadKb: () => loadKnowledgeBase(kbDir),
    });
    await analysis.warmUp();
    server = await startServer({ store, analysis });
  });

  after(async () => {
    await server?.close();
    await analysis?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const analyze = (text: string) => server.call('POST', v('/v1/analyze'), {
    headers, json: { unstructured: [{ text }], annotatorFlows: [{ profile: `${ID}_profile`, flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] },
  });

  test('it deploys without a warning and matches', async () => {
    const res = await upload(server, 'POST', await hostileCartridge(), headers);
    assert.equal(res.status, 202, res.text);
    const status = await waitForFinished(server, ID, headers, 120_000);
    assert.equal(status.status, 'completed', JSON.stringify(status));
    assert.ok(!JSON.stringify(status).includes('linear-time'), 'no pattern reported as unusable');
    const found = await analyze('seen: aaab and xxxy.');
    assert.equal(found.status, 200, found.text);
    const concepts = found.body.unstructured[0].data.concepts as { cui: string; coveredText: string }[];
    assert.deepEqual(concepts.map((c) => [c.cui, c.coveredText]).sort(), [['H0001', 'aaab'], ['H0002', 'xxxy']]);
  });

  test('a 100,000-character worst case answers (the run completing is the check)', async () => {
    for (const text of ['a'.repeat(100_000) + '!', 'x'.repeat(100_000) + '!']) {
      const res = await analyze(text);
      assert.equal(res.status, 200, res.text.slice(0, 300));
    }
  });
});
