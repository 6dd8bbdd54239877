// Phrase composition (eval/lib/phrase-variants.ts) and the normalisation rules of eval/concepts-eval.ts that
// use it: modifier + head composed into the name a knowledge base knows under a variant, preferred-name
// priority at one span, and the training lexicon's ids for a concept's preferred name.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { alternatives, composeSpans, phraseVariants, wordsBefore } from '../../eval/lib/phrase-variants.js';
import { termKey } from '../../src/knowledge/normalize.js';

describe('phrase variants', () => {
  test('alternatives: neoplasm heads, site adjectives and inheritance modifiers substitute; other words do not', () => {
    assert.deepEqual(alternatives('carcinomas', termKey), ['carcinomas', 'cancer', 'tumor', 'neoplasm', 'neoplasia', 'malignancy']);
    assert.deepEqual(alternatives('colon', termKey), ['colon', 'colonic']);
    assert.deepEqual(alternatives('mammary', termKey), ['mammary', 'breast']);
    assert.deepEqual(alternatives('familial', termKey), ['familial', 'hereditary', 'inherited', 'genetic']);
    assert.deepEqual(alternatives('severe', termKey), ['severe']);
  });

  test('phraseVariants: the phrase itself first, then one substitution, then two; capped', () => {
    const v = phraseVariants(['colon', 'carcinoma'], termKey);
    assert.equal(v[0], 'colon carcinoma');
    assert.ok(v.indexOf('colonic carcinoma') < v.indexOf('colonic neoplasm'));
    assert.ok(v.includes('colon neoplasm'));
    assert.equal(new Set(v).size, v.length);
    assert.equal(phraseVariants(['familial', 'breast', 'colon', 'carcinoma'], termKey, 5).length, 5);
  });

  test('wordsBefore: modifier words right before a span, stopping at punctuation and function words', () => {
    const text = 'In the hereditary colon carcinoma, cases';
    const at = text.indexOf('carcinoma');
    assert.deepEqual(wordsBefore(text, at, 3).map((w) => w.text), ['hereditary', 'colon']);
    assert.deepEqual(wordsBefore(text, text.indexOf('cases'), 2), []);
    const w = wordsBefore(text, at, 1)[0]!;
    assert.equal(text.slice(w.begin, w.end), 'colon');
  });
});

describe('composeSpans', () => {
  const known = new Map([
    ['colonic neoplasm', ['D003110']],
    ['liver neoplasm', ['D008113']],
  ]);
  const lookup = (phrase: string): string[] | undefined => known.get(termKey(phrase));
  const make = (begin: number, end: number, ids: string[]): { begin: number; end: number; ids: string[] } => ({ begin, end, ids });

  test('a modifier before a head span: the variant the lookup knows names the whole phrase; the head gives way', () => {
    const text = 'A colon carcinoma was found.';
    const head = { begin: 8, end: 17, ids: ['D002277'] };
    const out = composeSpans([head], [head], text, lookup, termKey, make);
    assert.deepEqual(out.map((s) => [text.slice(s.begin, s.end), s.ids]), [['colon carcinoma', ['D003110']]]);
  });

  test('"H of the S" is read as "S H"; a matched span without ids is itself varied', () => {
    const text = 'a tumor of the liver';
    const head = { begin: 2, end: 7 };
    const out = composeSpans([], [head], text, lookup, termKey, make);
    assert.deepEqual(out.map((s) => [text.slice(s.begin, s.end), s.ids]), [['tumor of the liver', ['D008113']]]);
  });

  test('nothing known: the spans stay as they are', () => {
    const text = 'severe carcinoma';
    const head = { begin: 7, end: 16, ids: ['D002277'] };
    assert.deepEqual(composeSpans([head], [head], text, lookup, termKey, make), [head]);
  });
});

describe('normalisation rules using the knowledge base', () => {
  test('labelledFirst: at one span, the concept whose preferred name is the text wins over one listing it as a synonym', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { labelledFirst, normalisedConcepts } = await import('../../eval/concepts-eval.js');
    const kb = compileKnowledge([
      { source: 'MONDO', ids: ['MONDO:1', 'MESH:D018301'], preferredName: 'mesothelial neoplasm', names: [{ text: 'mesothelioma', kind: 'exact' }] },
      { source: 'MONDO', ids: ['MONDO:2', 'MESH:D008654'], preferredName: 'mesothelioma', names: [] },
      { source: 'HPO', ids: ['HP:1'], preferredName: 'Mesothelioma', names: [] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const cui = (id: string): string => kb.concept(kb.conceptsById(id)[0]!).cui;
    const list = [{ cui: cui('MONDO:1') }, { cui: cui('MONDO:2') }, { cui: cui('HP:1') }];
    // The HPO concept is labelled too but has no id: it does not count.
    assert.deepEqual(labelledFirst(kb, list, 'Mesotheliomas'), [{ cui: cui('MONDO:2') }]);
    assert.deepEqual(labelledFirst(kb, list, 'malignant mesothelioma'), list);
    const text = 'mesothelioma';
    assert.deepEqual(normalisedConcepts(kb, list.map((c) => ({ ...c, begin: 0, end: 12 })), true, text), [{ cui: cui('MONDO:2'), begin: 0, end: 12 }]);
    // Without the text (as before): both concepts with ids.
    assert.equal(normalisedConcepts(kb, list.map((c) => ({ ...c, begin: 0, end: 12 }))).length, 3);
  });

  test('documentSpans: "colon carcinoma" composes to the colonic neoplasm; an id-less concept takes the ids the lexicon gives its preferred name', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { createEvaluator, documentSpans, TASK_TYPES } = await import('../../eval/concepts-eval.js');
    const { FormLexicon } = await import('../../eval/lib/form-lexicon.js');
    const { detectConcepts } = await import('../../src/engine/annotators/concept-detection/concept-detection.js');
    const { createDocument } = await import('../../src/engine/create-document.js');
    const { NO_ARTIFACTS } = await import('../../src/engine/resources.js');
    const kb = compileKnowledge([
      { source: 'DOID', ids: ['DOID:1', 'MESH:D002277'], preferredName: 'carcinoma', names: [], semanticTypes: ['neop'] },
      { source: 'MONDO', ids: ['MONDO:5401', 'MESH:D003110'], preferredName: 'colonic neoplasm', names: [], semanticTypes: ['neop'] },
      { source: 'HPO', ids: ['HP:9'], preferredName: 'Polyphagia', names: [{ text: 'hyperphagia', kind: 'exact' }], semanticTypes: ['sosy'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const termKeyOf = (t: string): string => kb.normalizer.termKey(t);
    const lexicon = new FormLexicon([{ source: 'A_TRAIN', cls: 'disease', id: 'MESH:D006963', form: 'polyphagia' }], termKeyOf);
    const evaluator = createEvaluator(kb, {}, lexicon);
    const corpus = { name: 'toy dev', file: 'x', task: 'disease' as const, lexiconSource: 'A_TRAIN' };
    const text = 'A colon carcinoma with hyperphagia.';
    const types = new Set(TASK_TYPES.disease);
    const nested = detectConcepts(createDocument(text), evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    const spans = documentSpans(evaluator, corpus, text, nested, types);
    assert.deepEqual(spans.map((s) => [text.slice(s.begin, s.end), s.ids]).sort(), [['colon carcinoma', ['D003110']], ['hyperphagia', ['D006963']]]);
  });
});
