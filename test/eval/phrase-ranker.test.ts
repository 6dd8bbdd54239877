// The learned phrase normaliser of the concept evaluation's diagnostics: the knowledge base's names read back from
// its trie and indexed by word (eval/lib/name-index.ts), the DNorm-like ranking (eval/lib/phrase-ranker.ts), the
// phrase extensions around a span (eval/lib/phrase-normaliser.ts) and the name index of a corpus
// (eval/lib/phrase-ranking-survey.ts).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { NameIndex, trieNames } from '../../eval/lib/name-index.js';
import { PhraseRanker } from '../../eval/lib/phrase-ranker.js';
import { contentWords, phraseCandidates, phraseNormalisedSpans, rankingExamples } from '../../eval/lib/phrase-normaliser.js';
import { termKey } from '../../src/knowledge/normalize.js';

const scanKeys = (t: string): string[] => termKey(t).split(' ').filter((w) => w !== '');
const words = (s: string): string[] => s.split(' ');

const names = [
  { words: words('renal failure'), ids: ['D051437'] },
  { words: words('acute kidney injury'), ids: ['D058186'] },
  { words: words('kidney disease'), ids: ['D007674'] },
  { words: words('nodular hyperplasia'), ids: ['D006965'] },
  { words: words('liver focal nodular hyperplasia'), ids: ['D020518'] },
  { words: words('liver disease'), ids: ['D008107'] },
  { words: words('failure heart'), ids: ['D006333'] },
  { words: words('heart disease'), ids: ['D006331'] },
];

describe('name index', () => {
  test('names are word sets (order and repetition ignored) with unit IDF vectors; rarer words weigh more', () => {
    const index = new NameIndex([...names, { words: words('heart failure failure'), ids: ['D006333'] }]);
    assert.equal(index.names.length, names.length);
    for (const n of index.names) assert.ok(Math.abs(Math.sqrt([...n.vector.values()].reduce((s, x) => s + x * x, 0)) - 1) < 1e-9);
    assert.ok(index.idf('nodular') > index.idf('disease'));
    assert.deepEqual(index.namesOf('D006333').map((i) => index.names[i]!.key), ['failure heart']);
  });

  test('candidates: names sharing a word; words of too many names bring none on their own', () => {
    const index = new NameIndex(names, 0.3);
    const keys = (ws: string[]): string[] => index.candidates(ws).map((i) => index.names[i]!.key);
    assert.deepEqual(keys(['nodular']), ['focal hyperplasia liver nodular', 'hyperplasia nodular']);
    assert.deepEqual(keys(['disease']), []);
  });

  test('trieNames: the names of a compiled knowledge base with the concepts they name', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const kb = compileKnowledge([
      { source: 'DOID', ids: ['DOID:1', 'MESH:D020518'], preferredName: 'focal nodular hyperplasia of liver', names: [{ text: 'hepatic FNH', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'DOID', ids: ['DOID:2'], preferredName: 'nodular hyperplasia', names: [], semanticTypes: ['dsyn'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const all = trieNames(kb, () => true).map((n) => `${n.words.join(' ')}=${n.concepts.map((i) => kb.concept(i).cui).join('+')}`).sort();
    assert.deepEqual(all, ['focal nodular hyperplasia of liver=DOID:1', 'hepatic fnh=DOID:1', 'nodular hyperplasia=DOID:2']);
    assert.deepEqual(trieNames(kb, (i) => kb.concept(i).cui === 'DOID:2').map((n) => n.words.join(' ')), ['nodular hyperplasia']);
  });
});

describe('phrase ranking', () => {
  test('identity: the name sharing the most IDF weight wins; bestOf scores the names of given ids', () => {
    const ranker = new PhraseRanker(new NameIndex(names));
    const m = ranker.index.vector(['focal', 'nodular', 'hyperplasia']);
    assert.equal(ranker.best(m)?.name.ids[0], 'D020518');
    assert.ok((ranker.bestOf(m, ['D006965'])?.score ?? 0) > 0);
    assert.equal(ranker.bestOf(m, ['D999999']), undefined);
  });

  test('learning: word pairs of training mentions and their gold names rank an unseen phrase right', () => {
    const ranker = new PhraseRanker(new NameIndex(names, 1));
    const unseen = ranker.index.vector(['chronic', 'renal', 'disease']);
    assert.equal(ranker.best(unseen)?.name.ids[0], 'D051437');
    // Training mentions pair "renal" with "kidney"; composite mentions are no examples.
    const examples = rankingExamples([{ text: 'renal disease', ids: ['D007674'] }, { text: 'renal injury', ids: ['D058186'] }, { text: 'renal diseases', ids: ['D007674'] }, { text: 'composite', ids: ['D1', 'D2'] }], scanKeys);
    assert.equal(examples.length, 2);
    ranker.learn(examples, { epochs: 5, rate: 0.5, margin: 0.2 });
    assert.ok(ranker.pairCount > 0);
    assert.equal(ranker.best(unseen)?.name.ids[0], 'D007674');
    assert.ok(ranker.explains('renal', ranker.index.names.find((n) => n.ids[0] === 'D058186')!));
    assert.ok(ranker.explainedBy('kidney', unseen));
    assert.ok(!ranker.explainedBy('heart', unseen));
  });
});

describe('phrase normalisation', () => {
  test('phraseCandidates: modifier words before the span (function words end them) and "of/in (the) X (Y)" after', () => {
    const text = 'a case of focal nodular hyperplasia of the liver was seen; nodular hyperplasia in the were';
    const begin = text.indexOf('nodular');
    const span = { begin, end: begin + 'nodular hyperplasia'.length };
    const got = phraseCandidates(text, span, scanKeys).map((c) => `${text.slice(c.begin, c.end)} [${c.extra.join(' ')}]`);
    assert.deepEqual(got, ['focal nodular hyperplasia [focal]', 'nodular hyperplasia of the liver [liver]']);
    const later = text.lastIndexOf('nodular');
    assert.deepEqual(phraseCandidates(text, { begin: later, end: later + 'nodular hyperplasia'.length }, scanKeys), []);
    assert.deepEqual(contentWords('tumor of the liver', scanKeys), ['tumor', 'liver']);
  });

  test('phraseNormalisedSpans: an extension whose best name (accounting for every word both ways) beats the span takes it; acronyms stay', () => {
    const ranker = new PhraseRanker(new NameIndex(names));
    const make = (begin: number, end: number, ids: string[]): { begin: number; end: number; ids: string[] } => ({ begin, end, ids });
    const text = 'with liver focal nodular hyperplasia and HD';
    const begin = text.indexOf('nodular');
    const spans = [{ begin, end: begin + 'nodular hyperplasia'.length, ids: ['D006965'] }, { begin: text.indexOf('HD'), end: text.length, ids: ['D006331'] }];
    const out = phraseNormalisedSpans(spans, text, ranker, scanKeys, make, 0.1);
    assert.deepEqual(out.map((s) => `${text.slice(s.begin, s.end)}=${s.ids.join('+')}`), ['HD=D006331', 'liver focal nodular hyperplasia=D020518']);
    // Above the gain it has, nothing changes.
    assert.deepEqual(phraseNormalisedSpans(spans, text, ranker, scanKeys, make, 5), spans);
    // A name with a word the phrase lacks ("liver") is no reading of "focal nodular hyperplasia".
    const t2 = 'with focal nodular hyperplasia';
    const b2 = t2.indexOf('nodular');
    assert.deepEqual(phraseNormalisedSpans([{ begin: b2, end: t2.length, ids: ['D006965'] }], t2, ranker, scanKeys, make, 0).map((s) => s.ids), [['D006965']]);
  });

  test('phraseNameIndex: a corpus\'s names with the ids a span of that name takes (the labelled concept first)', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { CORPORA, createEvaluator } = await import('../../eval/concepts-eval.js');
    const { phraseNameIndex } = await import('../../eval/lib/phrase-ranking-survey.js');
    const kb = compileKnowledge([
      { source: 'DOID', ids: ['DOID:1', 'MESH:D002318'], preferredName: 'cardiovascular disease', names: [], semanticTypes: ['dsyn'] },
      { source: 'MONDO', ids: ['MONDO:2', 'MESH:D003324'], preferredName: 'coronary artery disease', names: [{ text: 'cardiovascular disease', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'UBERON', ids: ['UBERON:3', 'MESH:D006321'], preferredName: 'heart', names: [], semanticTypes: ['bpoc'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const corpus = CORPORA.find((c) => c.name === 'BC5CDR disease dev')!;
    const index = phraseNameIndex(createEvaluator(kb), corpus);
    assert.deepEqual(index.names.map((n) => `${n.key}=${n.ids.join('+')}`), ['artery coronary disease=D003324', 'cardiovascular disease=D002318']);
  });
});
