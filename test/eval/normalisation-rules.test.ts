// Normalisation rules of the concept evaluation added beside phrase composition: coordinated modifiers
// (eval/lib/coordination.ts), sequence-variant notation (eval/lib/span-filters.ts) and the annotation
// vocabulary of a corpus's gold ids (eval/lib/vocabulary.ts).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { conjunctsBefore, coordinatedSpans } from '../../eval/lib/coordination.js';
import { inSubstitutionNotation, withoutSubstitutionNotation } from '../../eval/lib/span-filters.js';
import { annotationVocabulary, inVocabulary, vocabularySpans } from '../../eval/lib/vocabulary.js';
import { termKey } from '../../src/knowledge/normalize.js';

interface Sp {
  begin: number;
  end: number;
  ids: string[];
}

const spanOf = (text: string, phrase: string, ids: string[]): Sp => {
  const begin = text.indexOf(phrase);
  assert.ok(begin >= 0, phrase);
  return { begin, end: begin + phrase.length, ids };
};

describe('coordinated modifiers', () => {
  test('conjunctsBefore: one- and two-word conjuncts before and / or / and/or; function words skipped; none without a conjunction', () => {
    const text = 'risk of pancreatic, basal cell, colonic, and cervical carcinomas';
    const words = conjunctsBefore(text, text.indexOf('cervical')).map((c) => c.words.map((w) => text.slice(w.begin, w.end)).join(' '));
    assert.deepEqual(words, ['pancreatic', 'basal cell', 'colonic']);
    const t2 = 'patients with bone and/or soft tissue tumors';
    assert.deepEqual(conjunctsBefore(t2, t2.indexOf('soft')).map((c) => c.words.map((w) => w.text)), [['bone']]);
    const t3 = 'seen in the soft tissue tumors';
    assert.deepEqual(conjunctsBefore(t3, t3.indexOf('soft')), []);
    const t4 = 'in patients and ovarian cancer';
    assert.deepEqual(conjunctsBefore(t4, t4.indexOf('ovarian')), []);
  });

  test('coordinatedSpans: each conjunct read with the shared head takes the ids the lookup gives it', () => {
    const text = 'Families with breast, gastric or ovarian cancer were seen.';
    const known = new Map([['breast cancer', ['D001943']], ['stomach neoplasm', ['D013274']], ['ovarian cancer', ['D010051']]]);
    const lookup = (p: string): string[] | undefined => known.get(p);
    const spans = [spanOf(text, 'ovarian cancer', ['D010051'])];
    const out = coordinatedSpans(spans, text, lookup, termKey, (begin, end, ids) => ({ begin, end, ids }));
    assert.deepEqual(out.map((s) => `${text.slice(s.begin, s.end)}=${s.ids.join('+')}`), ['ovarian cancer=D010051', 'breast=D001943', 'gastric=D013274']);
  });

  test('coordinatedSpans: single-word spans are no shared heads; unknown conjuncts and conjuncts inside a span add nothing', () => {
    const lookup = (p: string): string[] | undefined => (p === 'leukemia lymphoma' || p === 'rare cancer' ? ['X'] : undefined);
    const make = (begin: number, end: number, ids: string[]): Sp => ({ begin, end, ids });
    const t1 = 'leukemia and lymphoma';
    assert.equal(coordinatedSpans([spanOf(t1, 'lymphoma', ['D008223'])], t1, lookup, termKey, make).length, 1);
    const t2 = 'odd and ovarian cancer';
    assert.equal(coordinatedSpans([spanOf(t2, 'ovarian cancer', ['D010051'])], t2, lookup, termKey, make).length, 1);
    const t3 = 'rare and ovarian cancer';
    const inside = [spanOf(t3, 'rare', ['Y']), spanOf(t3, 'ovarian cancer', ['D010051'])];
    assert.equal(coordinatedSpans(inside, t3, lookup, termKey, make).length, 2);
  });
});

describe('sequence-variant notation', () => {
  test('a span containing, followed or preceded by an arrow is dropped; others stay', () => {
    const text = 'an A-- > T transversion, a G>A change, A T-- > A transition, A-T patients';
    assert.equal(inSubstitutionNotation(text, text.indexOf('A-- > T'), text.indexOf('A-- > T') + 7), true);
    const at = text.indexOf('A T--');
    assert.equal(inSubstitutionNotation(text, at, at + 3), true);
    const ga = text.indexOf('G>A');
    assert.equal(inSubstitutionNotation(text, ga + 2, ga + 3), true);
    const patients = text.indexOf('A-T patients');
    assert.equal(inSubstitutionNotation(text, patients, patients + 3), false);
    const spans = [{ begin: at, end: at + 3, ids: ['D001260'] }, { begin: patients, end: patients + 3, ids: ['D001260'] }];
    assert.deepEqual(withoutSubstitutionNotation(spans, text), [spans[1]]);
  });
});

describe('annotation vocabulary', () => {
  test('MeSH ids above the highest of their kind in the training gold are outside; OMIM ids and unseen kinds are not bounded', () => {
    const v = annotationVocabulary(['D061325', 'D001943', 'C538445', 'OMIM:300842', 'C548028']);
    assert.equal(inVocabulary(v, 'D061325'), true);
    assert.equal(inVocabulary(v, 'D000072659'), false);
    assert.equal(inVocabulary(v, 'C548028'), true);
    assert.equal(inVocabulary(v, 'C564038'), false);
    assert.equal(inVocabulary(v, 'OMIM:999999'), true);
    assert.equal(inVocabulary(annotationVocabulary(['D001943']), 'C999999'), true);
  });

  test('vocabularySpans: spans keep their ids inside the vocabulary; spans left without one are dropped', () => {
    const v = annotationVocabulary(['D061325', 'C548028']);
    const spans = [
      { begin: 0, end: 5, ids: ['D001943'] },
      { begin: 6, end: 9, ids: ['D003324', 'D066126'] },
      { begin: 10, end: 14, ids: ['C564038'] },
    ];
    assert.deepEqual(vocabularySpans(spans, v), [spans[0], { begin: 6, end: 9, ids: ['D003324'] }]);
  });
});

describe('documentSpans with the learned annotation vocabulary', () => {
  test('ids newer than the training gold are not predicted (no general id in their place); coordinated conjuncts take their ids', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { createEvaluator, documentSpans, learnSpanCorrections, TASK_TYPES } = await import('../../eval/concepts-eval.js');
    const { parsePubTator } = await import('../../eval/lib/pubtator.js');
    const { detectConcepts } = await import('../../src/engine/annotators/concept-detection/concept-detection.js');
    const { createDocument } = await import('../../src/engine/create-document.js');
    const { NO_ARTIFACTS } = await import('../../src/engine/resources.js');
    const kb = compileKnowledge([
      { source: 'MONDO', ids: ['MONDO:1', 'MESH:D001943'], preferredName: 'breast cancer', names: [], semanticTypes: ['neop'] },
      { source: 'MONDO', ids: ['MONDO:2', 'MESH:C562840'], preferredName: 'familial breast cancer', names: [], semanticTypes: ['neop'] },
      { source: 'MONDO', ids: ['MONDO:3', 'MESH:D010051'], preferredName: 'ovarian cancer', names: [], semanticTypes: ['neop'] },
      { source: 'MONDO', ids: ['MONDO:4', 'MESH:D013274'], preferredName: 'gastric cancer', names: [], semanticTypes: ['neop'] },
      { source: 'MONDO', ids: ['MONDO:5', 'MESH:D002280'], preferredName: 'basal cell carcinoma', names: [], semanticTypes: ['neop'] },
      { source: 'MONDO', ids: ['MONDO:6', 'MESH:D002583'], preferredName: 'cervical carcinoma', names: [], semanticTypes: ['neop'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const evaluator = createEvaluator(kb);
    const training = parsePubTator([
      '1|t|Breast cancer and ovarian cancer.', '1|a|Gastric cancer too.',
      '1\t0\t13\tBreast cancer\tDisease\tD001943', '1\t18\t32\tovarian cancer\tDisease\tD010051', '1\t34\t48\tGastric cancer\tDisease\tD013274', '',
    ].join('\n')).documents;
    const corpus = { name: 'toy train', file: 'x', task: 'disease' as const, goldType: 'Disease' };
    const corrections = learnSpanCorrections(evaluator, corpus, training);
    assert.equal(corrections.vocabulary?.max.get('C'), undefined);
    assert.equal(corrections.vocabulary?.max.get('D'), 13274);
    const types = new Set(TASK_TYPES.disease);
    const run = (text: string, withCorrections: boolean): string[] => {
      const nested = detectConcepts(createDocument(text), evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
      return documentSpans(evaluator, corpus, text, nested, types, withCorrections ? corrections : undefined).map((s) => `${text.slice(s.begin, s.end)}=${s.ids.join('+')}`).sort();
    };
    // C… ids are an unseen kind here: not bounded.
    assert.deepEqual(run('A familial breast cancer.', true), ['familial breast cancer=C562840']);
    const bounded = { ...corrections, vocabulary: { max: new Map([['C', 548028], ['D', 66126]]) } };
    const text = 'A familial breast cancer.';
    const nested = detectConcepts(createDocument(text), evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    assert.deepEqual(documentSpans(evaluator, corpus, text, nested, types, bounded).map((s) => `${text.slice(s.begin, s.end)}=${s.ids.join('+')}`), []);
    const t2 = 'Breast cancer and a familial breast cancer.';
    const n2 = detectConcepts(createDocument(t2), evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    assert.deepEqual(documentSpans(evaluator, corpus, t2, n2, types, bounded).map((s) => `${t2.slice(s.begin, s.end)}=${s.ids.join('+')}`), ['Breast cancer=D001943']);
    // A two-word conjunct and a comma list (the matcher joins only one-word conjuncts next to the head).
    assert.deepEqual(run('Risk of gastric, basal cell, and cervical carcinomas.', true), ['basal cell=D002280', 'cervical carcinomas=D002583', 'gastric=D013274']);
  });
});

describe('site + disorder head', () => {
  const make = (begin: number, end: number, ids: string[]): Sp => ({ begin, end, ids });
  const known = new Map([['cerebellum disease', ['D002526']], ['heart disease', ['D006331']], ['cranial nerve disease', ['D003389']]]);
  const lookup = (p: string): string[] | undefined => known.get(p);
  const siteOf = (text: string, phrase: string): { begin: number; end: number } => {
    const s = spanOf(text, phrase, []);
    return { begin: s.begin, end: s.end };
  };

  test('siteDisorderSpans: a site before a disorder head noun names "<site> disease" (site adjective variants too); longer sites first', async () => {
    const { siteDisorderSpans } = await import('../../eval/lib/site-disorders.js');
    const text = 'Cerebellum damage, cardiac disorders and cranial nerve dysfunction.';
    const sites = [siteOf(text, 'Cerebellum'), siteOf(text, 'cardiac'), siteOf(text, 'nerve'), siteOf(text, 'cranial nerve')];
    const out = siteDisorderSpans([], sites, text, lookup, termKey, make);
    assert.deepEqual(out.map((s) => `${text.slice(s.begin, s.end)}=${s.ids.join('+')}`), ['cranial nerve dysfunction=D003389', 'Cerebellum damage=D002526', 'cardiac disorders=D006331']);
  });

  test('siteDisorderSpans: no head noun after the site, a span already there, or an unknown site: nothing added', async () => {
    const { siteDisorderSpans } = await import('../../eval/lib/site-disorders.js');
    const t1 = 'cardiac output fell';
    assert.deepEqual(siteDisorderSpans([], [siteOf(t1, 'cardiac')], t1, lookup, termKey, make), []);
    const t2 = 'cardiac disorders';
    const taken = [spanOf(t2, 'disorders', ['D004194'])];
    assert.deepEqual(siteDisorderSpans(taken, [siteOf(t2, 'cardiac')], t2, lookup, termKey, make), taken);
    const t3 = 'chromosome damage';
    assert.deepEqual(siteDisorderSpans([], [siteOf(t3, 'chromosome')], t3, lookup, termKey, make), []);
  });

  test('documentSpans: an anatomical match before "disorders" takes the heart disease id; a disease match is no site', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { createEvaluator, documentSpans, TASK_TYPES } = await import('../../eval/concepts-eval.js');
    const { detectConcepts } = await import('../../src/engine/annotators/concept-detection/concept-detection.js');
    const { createDocument } = await import('../../src/engine/create-document.js');
    const { NO_ARTIFACTS } = await import('../../src/engine/resources.js');
    const kb = compileKnowledge([
      { source: 'UBERON', ids: ['UBERON:0000948'], preferredName: 'heart', names: [{ text: 'cardiac', kind: 'exact' }], semanticTypes: ['bpoc'] },
      { source: 'DOID', ids: ['DOID:114', 'MESH:D006331'], preferredName: 'heart disease', names: [], semanticTypes: ['dsyn'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const evaluator = createEvaluator(kb);
    const corpus = { name: 'toy dev', file: 'x', task: 'disease' as const };
    const run = (text: string): string[] => documentSpans(evaluator, corpus, text, detectConcepts(createDocument(text), evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS), new Set(TASK_TYPES.disease)).map((s) => `${text.slice(s.begin, s.end)}=${s.ids.join('+')}`);
    assert.deepEqual(run('Cardiac disorders were seen.'), ['Cardiac disorders=D006331']);
    assert.deepEqual(run('Cardiac output fell.'), []);
  });
});

describe('lexicon ids of a concept\'s synonyms (chemicals)', () => {
  test('an id-less chemical concept takes the ids the training lexicon gives one of its names; an id-less disorder does not', async () => {
    const { compileKnowledge } = await import('../../src/knowledge/compile.js');
    const { createEvaluator, documentSpans, TASK_TYPES } = await import('../../eval/concepts-eval.js');
    const { FormLexicon, conceptLexiconIds } = await import('../../eval/lib/form-lexicon.js');
    const { detectConcepts } = await import('../../src/engine/annotators/concept-detection/concept-detection.js');
    const { createDocument } = await import('../../src/engine/create-document.js');
    const { NO_ARTIFACTS } = await import('../../src/engine/resources.js');
    const kb = compileKnowledge([
      { source: 'DRUGBANK', ids: ['DRUGBANK:DB08839'], preferredName: 'Serotonin', names: [{ text: '5-hydroxytryptamine', kind: 'exact' }], semanticTypes: ['phsu'] },
      { source: 'HPO', ids: ['HP:0100754'], preferredName: 'Mania', names: [{ text: 'manic episode', kind: 'exact' }], semanticTypes: ['sosy'] },
    ], { name: 't', version: '1', sourceVersion: '1' });
    const lexicon = new FormLexicon([
      { source: 'A_TRAIN', cls: 'chemical', id: 'MESH:D012701', form: '5-hydroxytryptamine' },
      { source: 'A_TRAIN', cls: 'disease', id: 'MESH:D001714', form: 'manic episode' },
    ], (t) => kb.normalizer.termKey(t));
    const cuiOf = (id: string): string => kb.concept(kb.conceptsById(id)[0]!).cui;
    assert.deepEqual(conceptLexiconIds(kb, lexicon, 'chemical', 'A_TRAIN').get(cuiOf('DRUGBANK:DB08839')), ['D012701']);
    const evaluator = createEvaluator(kb, {}, lexicon);
    const run = (task: 'chemical' | 'disease', text: string): string[] => {
      const corpus = { name: 'toy dev', file: 'x', task, lexiconSource: 'A_TRAIN' };
      return documentSpans(evaluator, corpus, text, detectConcepts(createDocument(text), evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS), new Set(TASK_TYPES[task])).map((s) => `${text.slice(s.begin, s.end)}=${s.ids.join('+')}`);
    };
    assert.deepEqual(run('chemical', 'Serotonin levels rose.'), ['Serotonin=D012701']);
    assert.deepEqual(run('disease', 'Mania was seen.'), []);
  });
});
