// The id choice at spans naming several MeSH records (concepts-eval.ts usedIdSpans) and the ceiling analysis of
// the concept evaluation (eval/lib/ceiling.ts) on a tiny PubTator fixture with a small compiled knowledge base.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePubTator } from '../../eval/lib/pubtator.js';

const fixture = readFileSync(new URL('../fixtures/eval/tiny.pubtator.txt', import.meta.url), 'utf8');

describe('ids of spans naming several MeSH records', () => {
  test('usedIdSpans: the ids the training gold uses are kept; spans naming only unused supplementary records are dropped', async () => {
    const { usedIdSpans } = await import('../../eval/concepts-eval.js');
    const used = new Set(['D002280', 'D002746']);
    const spans = [
      { begin: 0, end: 5, ids: ['D002280', 'D018295'] }, // one used: kept alone
      { begin: 6, end: 9, ids: ['C031637', 'C043609'] }, // only supplementary records, none used: dropped
      { begin: 10, end: 12, ids: ['D003324', 'D017202'] }, // descriptors, none used: unchanged
      { begin: 13, end: 15, ids: ['C011825'] }, // a single id: unchanged
      { begin: 16, end: 18, ids: ['D002746', 'C031637'] }, // one used: kept alone
    ];
    assert.deepEqual(usedIdSpans(spans, used).map((s) => s.ids), [['D002280'], ['D003324', 'D017202'], ['C011825'], ['D002746']]);
    assert.deepEqual(usedIdSpans(spans, new Set()).map((s) => s.begin), [0, 10, 13, 16]);
  });
});

describe('ceiling analysis', () => {
  test('gold ids in the knowledge base, oracle recall and error classes on a tiny corpus', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { CORPORA, createEvaluator } = await import('../../eval/concepts-eval.js');
    const { ceiling, idUniverse, formatCeiling } = await import('../../eval/lib/ceiling.js');
    const kb = compileKnowledge([
      { source: 'DOID', ids: ['DOID:11723', 'MESH:D020388'], preferredName: 'Duchenne muscular dystrophy', names: [], semanticTypes: ['dsyn'] },
      { source: 'DOID', ids: ['DOID:9351', 'MESH:D003920'], preferredName: 'diabetes', names: [], semanticTypes: ['dsyn'] },
      { source: 'DOID', ids: ['DOID:1074', 'MESH:D051437'], preferredName: 'renal failure', names: [], semanticTypes: ['dsyn'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const dir = mkdtempSync(join(tmpdir(), 'ceiling-'));
    try {
      // No training lexicon table in the directory: the universe is the concepts' ids.
      const universe = idUniverse(kb, dir);
      assert.deepEqual([...universe.all].sort(), ['D003920', 'D020388', 'D051437']);
      assert.equal(universe.lexicon.size, 0);
      const corpus = CORPORA.find((c) => c.name === 'NCBI disease dev')!;
      const r = ceiling(createEvaluator(kb), universe, corpus, parsePubTator(fixture).documents);
      // Gold (document, id) pairs: 1001 {D020388, D009202}, 1002 {D003920, OMIM:226980, D003922, D051437, D017093}.
      assert.equal(r.goldPairs, 7);
      assert.equal(r.pairsInKb, 3);
      assert.equal(r.tp, 2);
      assert.equal(r.predicted, 2);
      assert.equal(r.oracleSpans, 2);
      assert.equal(r.classes.get('FN id absent from the KB'), 3);
      assert.equal(r.classes.get('FN id absent from the KB (composite mention)'), 1);
      // "renal and hepatic failure" names renal failure, which the matcher does not find in the coordination.
      assert.equal(r.classes.get('FN span not found (no match of any type) (composite mention)'), 1);
      assert.equal([...r.classes.keys()].filter((c) => c.startsWith('FP')).length, 0);
      assert.match(formatCeiling(r), /gold ids in the KB: pairs 0\.429 \(3\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
