// The UMLS path end to end on a small synthetic release (bench/lib/synthetic-umls.ts, the official RRF
// layout): `kb build --umls` streams and compiles it, the service's loader takes it as it is (not stale,
// though not the open build), and worker threads build their knowledge base over the same shared memory.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { writeSyntheticUmls } from '../../bench/lib/synthetic-umls.js';
import { runKbCommand } from '../cli/kb-command.js';
import { prepareKnowledgeBase } from './build-default.js';
import { CompiledKb } from './compiled-kb.js';
import { loadKnowledgeBase, loadKnowledgeTablesSync } from './loader.js';

describe('UMLS knowledge base', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ca-umls-'));
    const report = writeSyntheticUmls({ dir: join(dir, 'META'), concepts: 3000, seed: 7 });
    assert.ok(report.englishAtoms > 3000 && report.otherLanguageAtoms > 0 && report.suppressedAtoms > 0);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the synthetic release is in the official layout, sorted by CUI', () => {
    const lines = readFileSync(join(dir, 'META', 'MRCONSO.RRF'), 'utf8').trim().split('\n');
    assert.ok(lines.every((l) => l.split('|').length === 19), 'MRCONSO has 18 fields and a trailing bar');
    const cuis = lines.map((l) => l.slice(0, 8));
    assert.deepEqual(cuis, [...cuis].sort());
    assert.ok(lines.some((l) => l.split('|')[1] !== 'ENG'));
    assert.ok(readFileSync(join(dir, 'META', 'MRSTY.RRF'), 'utf8').trim().split('\n').every((l) => /^C\d{7}\|T\d{3}\|/.test(l)));
  });

  test('kb build --umls compiles it; the service loads it as it is; a bad directory is a usage error', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) };
    const kbDir = join(dir, 'kb');
    assert.equal(await runKbCommand(['build', '--umls', dir, '--out', kbDir], io), 0, err.join(''));
    assert.match(out.join(''), /^kb umls 2024AA \([0-9a-f]{16}\): [\d,]+ concepts/);
    assert.match(err.join(''), /concepts read/);
    const kb = await loadKnowledgeBase(kbDir);
    assert.equal(kb.info.name, 'umls');
    assert.match(kb.concept(0).cui, /^C\d{7}$/);
    // Multi-word preferred names are found by their own text (one-word ones may be on the stop-list).
    const names = Array.from({ length: 200 }, (_, i) => kb.concept(i).preferredName).filter((n) => n.split(' ').length >= 3);
    const found = names.filter((n) => kb.lookup(n).length > 0);
    assert.ok(names.length > 20 && found.length >= names.length * 0.9, `${found.length} of ${names.length}`);
    // Not the open build, and not stale: the service starts on it without rebuilding.
    const before = readFileSync(join(kbDir, 'header.json'), 'utf8');
    await prepareKnowledgeBase(dir, { kbDir, mirror: '/nonexistent', onProgress: () => assert.fail('no rebuild expected') });
    assert.equal(readFileSync(join(kbDir, 'header.json'), 'utf8'), before);
    assert.equal(await runKbCommand(['build', '--umls', join(dir, 'nothing-here'), '--out', join(dir, 'kb2')], io), 2);
    assert.match(err.join(''), /no MRCONSO\.RRF/);
  });

  test('worker threads build their knowledge base over the tables in shared memory', async () => {
    const tables = loadKnowledgeTablesSync(join(dir, 'kb'));
    for (const a of [tables.edgeStart, tables.edgeToken, tables.conceptIds, tables.conceptOffsets, tables.tokens.chars, tables.tokens.slots, tables.rootChildren]) {
      assert.ok(a.buffer instanceof SharedArrayBuffer);
    }
    // The concept lines are not read into memory: every thread reads them from the descriptor opened at load.
    assert.ok(!(tables.conceptText instanceof Uint8Array));
    const here = new CompiledKb(tables);
    const source = `
      const { readSync } = require('node:fs');
      const { workerData, parentPort } = require('node:worker_threads');
      const t = workerData.tables;
      const line = Buffer.alloc(t.conceptOffsets[2] - t.conceptOffsets[1]);
      readSync(t.conceptText.fd, line, 0, line.length, t.conceptOffsets[1]);
      parentPort.postMessage({ shared: t.edgeStart.buffer instanceof SharedArrayBuffer, tokens: t.tokens.starts.length - 1, cui: line.toString('utf8').split('\\t')[0] });`;
    const worker = new Worker(source, { eval: true, workerData: { tables } });
    const reply = await new Promise<{ shared: boolean; tokens: number; cui: string }>((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
    await worker.terminate();
    assert.deepEqual(reply, { shared: true, tokens: here.tokenCount, cui: here.concept(1).cui });
    // Every concept visited (the id index) reads the file in chunks: the same concepts as one at a time.
    assert.deepEqual(here.conceptsById(here.concept(1).cui), [1]);
  });
});
