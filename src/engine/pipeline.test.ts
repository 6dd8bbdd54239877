import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { isDomainError, type ErrorKind } from '../errors.js';
import { compileKnowledge } from '../knowledge/compile.js';
import { defineAnnotator, type AnnotatorDefinition } from './annotator.js';
import { createDocument } from './create-document.js';
import type { Annotation } from './document.js';
import type { AcdProfile, Flow } from './flow-types.js';
import { compilePipeline, flattenFlow, mergeProfile } from './pipeline.js';
import { NO_ARTIFACTS, type EngineResources } from './resources.js';

function makeResources(): EngineResources {
  return { kb: compileKnowledge([], { name: 'test', version: '1', sourceVersion: '1' }), artifacts: NO_ARTIFACTS };
}

let initCalls = 0;

/** Marks every word token listed in `words` as a concept. */
const testConcepts = defineAnnotator({
  id: 'test_concepts',
  description: 'test concepts',
  requires: ['tokens'],
  produces: ['concepts'],
  params: Type.Object({
    words: Type.Array(Type.String(), { default: ['pain', 'fever'] }),
    label: Type.String({ default: 'default-label' }),
    min_length: Type.Integer({ default: 1, minimum: 1 }),
  }),
  init: (resources) => {
    initCalls++;
    return { kbName: resources.kb.info.name };
  },
  run: (doc, params, compiled) => ({
    add: {
      concepts: doc.tokens
        .filter((t) => t.kind === 'word' && params.words.includes(t.lower) && t.end - t.begin >= params.min_length)
        .map((t) => ({ type: 'umls.Test', begin: t.begin, end: t.end, coveredText: doc.text.slice(t.begin, t.end), cui: params.label, kb: compiled.kbName })),
    },
  }),
});

/** Negates concepts after "no" in the same sentence; may remove them. */
const testNegation = defineAnnotator({
  id: 'test_negation',
  description: 'test negation',
  requires: ['sentences', 'concepts'],
  produces: ['negatedSpans'],
  params: Type.Object({ remove_negated: Type.Boolean({ default: false }) }),
  init: () => undefined,
  run: (doc, params) => {
    const concepts = doc.layers.get('concepts') ?? [];
    const negated: Annotation[] = [];
    const spans: Annotation[] = [];
    for (const s of doc.sentences) {
      const trigger = doc.tokens.slice(s.tokenStart, s.tokenEnd).find((t) => t.lower === 'no');
      if (trigger === undefined) continue;
      for (const c of concepts) {
        if (c.begin >= trigger.end && c.end <= s.end) {
          negated.push(c);
          spans.push({ type: 'NegatedSpan', begin: c.begin, end: c.end, coveredText: c.coveredText, trigger: { begin: trigger.begin, end: trigger.end } });
        }
      }
    }
    return {
      add: { negatedSpans: spans },
      update: negated.map((target) => ({ target, fields: { negated: true } })),
      ...(params.remove_negated ? { remove: negated } : {}),
    };
  },
});

/** One section per line "Heading: ...", up to the next heading line. */
const testSection = defineAnnotator({
  id: 'test_section',
  description: 'test sections',
  requires: [],
  produces: ['sections'],
  params: Type.Object({}),
  init: () => undefined,
  run: (doc) => {
    const heads: { begin: number; end: number }[] = [];
    doc.tokens.forEach((t, i) => {
      const next = doc.tokens[i + 1];
      if ((i === 0 || t.newlineBefore) && t.kind === 'word' && next?.lower === ':') heads.push({ begin: t.begin, end: t.end });
    });
    return {
      add: {
        sections: heads.map((h, i) => {
          const end = i + 1 < heads.length ? (heads[i + 1]?.begin ?? doc.text.length) - 1 : doc.text.length;
          const title = doc.text.slice(h.begin, h.end);
          return {
            type: 'aci.Section', begin: h.begin, end, coveredText: doc.text.slice(h.begin, end), sectionType: 'heading',
            trigger: { begin: h.begin, end: h.end, coveredText: title, source: 'internal', type: 'aci.SectionTrigger', sectionNormalizedName: title.toLowerCase() },
          };
        }),
      },
    };
  },
});

/** Links each concept to the previous one via `derivedFrom` (object references). */
const testLinker = defineAnnotator({
  id: 'test_linker',
  description: 'test references',
  requires: ['concepts'],
  produces: ['attributeValues'],
  params: Type.Object({}),
  init: () => undefined,
  run: (doc) => ({
    add: {
      attributeValues: (doc.layers.get('concepts') ?? []).map((c) => ({
        type: 'aci.AttributeValue', begin: c.begin, end: c.end, coveredText: c.coveredText, name: 'Test', concept: c, derivedFrom: [c],
      })),
    },
  }),
});

const ANNOTATORS: readonly AnnotatorDefinition[] = [testConcepts, testNegation, testSection, testLinker] as readonly AnnotatorDefinition[];

function flowOf(...names: (string | { name: string; parameters?: Record<string, string[]>; configurations?: unknown[] })[]): Flow {
  return { elements: names.map((n) => ({ annotator: typeof n === 'string' ? { name: n } : (n as never) })) };
}

function fails(kind: ErrorKind, mention: string[], fn: () => unknown): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(isDomainError(e), String(e));
    assert.equal(e.kind, kind);
    assert.equal(e.status, 400);
    for (const m of mention) assert.ok(e.description.includes(m), `${e.description} should mention ${m}`);
    return true;
  });
}

const options = { annotators: ANNOTATORS };

describe('compilePipeline', () => {
  test('resolves, parses params with defaults and reports produced layers', () => {
    const p = compilePipeline(flowOf('test_concepts', { name: 'test_negation', parameters: { remove_negated: ['true'] } }), undefined, options);
    assert.deepEqual(p.steps.map((s) => s.annotator.id), ['test_concepts', 'test_negation']);
    assert.deepEqual(p.steps[0]?.params, { words: ['pain', 'fever'], label: 'default-label', min_length: 1 });
    assert.deepEqual(p.steps[1]?.params, { remove_negated: true });
    assert.deepEqual(p.produces, ['concepts', 'negatedSpans']);
  });

  test('a missing requirement is a 400 before any text runs, naming the producer', () => {
    fails('INVALID_ANNOTATOR_FLOW', ['test_negation', 'concepts', 'test_concepts'], () => compilePipeline(flowOf('test_negation'), undefined, options));
    fails('INVALID_ANNOTATOR_FLOW', ['test_negation'], () => compilePipeline(flowOf('test_negation', 'test_concepts'), undefined, options));
  });

  test('requirements can be met by layers given up front', () => {
    const p = compilePipeline(flowOf('test_negation'), undefined, { ...options, initialLayers: ['concepts'] });
    assert.equal(p.steps.length, 1);
  });

  test('unknown and unimplemented annotator ids', () => {
    fails('INVALID_ANNOTATOR_FLOW', ['no_such_annotator', 'unknown'], () => compilePipeline(flowOf('no_such_annotator'), undefined, options));
    fails('INVALID_ANNOTATOR_FLOW', ['relation is not implemented by this service'], () => compilePipeline(flowOf('test_concepts', 'relation'), undefined, options));
    const notes: string[] = [];
    const p = compilePipeline(flowOf('test_concepts', 'relation'), undefined, { ...options, unimplemented: 'skip', debug: (m) => notes.push(m) });
    assert.deepEqual(p.steps.map((s) => s.annotator.id), ['test_concepts']);
    assert.equal(notes.length, 1);
    assert.deepEqual(p.notes, notes);
  });

  test('bad parameter values are INVALID_ANNOTATOR_PARAMETER; unknown names are noted', () => {
    fails('INVALID_ANNOTATOR_PARAMETER', ['test_concepts', 'min_length'], () =>
      compilePipeline(flowOf({ name: 'test_concepts', parameters: { min_length: ['zero'] } }), undefined, options));
    const p = compilePipeline(flowOf({ name: 'test_concepts', parameters: { bogus: ['1'] } }), undefined, options);
    assert.deepEqual(p.notes, ['annotator test_concepts: unknown parameter "bogus" ignored']);
  });

  test('malformed flows name the field', () => {
    fails('INVALID_ANNOTATOR_FLOW', ['flow.elements must be an array'], () => compilePipeline({} as Flow, undefined, options));
    fails('INVALID_ANNOTATOR_FLOW', ['flow.elements[0]'], () => compilePipeline({ elements: [{}] } as Flow, undefined, options));
    fails('INVALID_ANNOTATOR_FLOW', ['flow.elements[0].annotator.name'], () => compilePipeline({ elements: [{ annotator: {} }] } as unknown as Flow, undefined, options));
    fails('INVALID_ANNOTATOR_FLOW', ['parameters'], () => compilePipeline({ elements: [{ annotator: { name: 'test_concepts', parameters: ['x'] } }] } as unknown as Flow, undefined, options));
    fails('INVALID_ANNOTATOR_FLOW', ['annotatorFlows[0].flow.elements[1]'], () =>
      compilePipeline({ elements: [{ annotator: { name: 'test_concepts' } }, 7] } as unknown as Flow, undefined, { ...options, path: 'annotatorFlows[0].flow' }));
  });

  test('nested flows are flattened in order', () => {
    const flow: Flow = {
      elements: [
        { annotator: { name: 'test_section' } },
        { flow: { async: true, elements: [{ annotator: { name: 'test_concepts' } }, { flow: { elements: [{ annotator: { name: 'test_negation' } }] } }] } },
        { annotator: { name: 'test_linker' } },
      ],
    };
    assert.deepEqual(flattenFlow(flow).map((e) => e.path), [
      'flow.elements[0].annotator', 'flow.elements[1].flow.elements[0].annotator', 'flow.elements[1].flow.elements[1].flow.elements[0].annotator',
      'flow.elements[2].annotator',
    ]);
    const p = compilePipeline(flow, undefined, options);
    assert.deepEqual(p.steps.map((s) => s.annotator.id), ['test_section', 'test_concepts', 'test_negation', 'test_linker']);
  });

  test('profile parameters merge under element parameters, per name; configurations concatenate', () => {
    const profile: AcdProfile = {
      id: 'p',
      annotators: [
        { name: 'test_concepts', parameters: { label: ['from-profile'], min_length: ['4'] }, configurations: [{ whitelist: { name: 'a' } }] },
        { name: 'unrelated', parameters: { x: ['1'] } },
      ],
    };
    const p = compilePipeline(flowOf({ name: 'test_concepts', parameters: { min_length: ['2'] }, configurations: [{ whitelist: { name: 'b' } }] }), profile, options);
    assert.deepEqual(p.steps[0]?.params, { words: ['pain', 'fever'], label: 'from-profile', min_length: 2 });
    assert.deepEqual(p.steps[0]?.configurations, [{ whitelist: { name: 'a' } }, { whitelist: { name: 'b' } }]);
    assert.deepEqual(mergeProfile({ name: 'x' }, undefined), { name: 'x' });
  });

  test('malformed filters are rejected when compiling', () => {
    assert.throws(() => compilePipeline(flowOf({ name: 'test_concepts', configurations: [{ filter: { target: 'nowhere', condition: {} } }] }), undefined, options),
      (e: unknown) => isDomainError(e) && e.kind === 'INVALID_FILTER' && e.description.includes('configurations[0].filter'));
  });
});

describe('Pipeline.run', () => {
  const resources = makeResources();

  test('adds and updates annotations', () => {
    const p = compilePipeline(flowOf('test_concepts', 'test_negation'), undefined, options);
    const doc = p.run(createDocument('Pain today. No fever.'), resources);
    const concepts = doc.layers.get('concepts') ?? [];
    assert.deepEqual(concepts.map((c) => [c.coveredText, c.negated, c.kb]), [['Pain', undefined, 'test'], ['fever', true, 'test']]);
    assert.equal(doc.layers.get('negatedSpans')?.length, 1);
  });

  test('init is called exactly once per (annotator, resources)', () => {
    const fresh = makeResources();
    const start = initCalls;
    const p = compilePipeline(flowOf('test_concepts'), undefined, options);
    p.run(createDocument('pain'), fresh);
    p.run(createDocument('fever'), fresh);
    compilePipeline(flowOf('test_concepts'), undefined, options).run(createDocument('pain'), fresh);
    assert.equal(initCalls - start, 1);
    p.run(createDocument('pain'), makeResources());
    assert.equal(initCalls - start, 2);
  });

  test('remove drops the annotations from their layer', () => {
    const p = compilePipeline(flowOf('test_concepts', { name: 'test_negation', parameters: { remove_negated: ['true'] } }), undefined, options);
    const doc = p.run(createDocument('Pain today. No fever.'), resources);
    assert.deepEqual((doc.layers.get('concepts') ?? []).map((c) => c.coveredText), ['Pain']);
  });

  test('section context propagates to annotations inside sections, earlier ones included', () => {
    const text = 'History: pain since May\nPlan: no fever expected';
    const p = compilePipeline(flowOf('test_concepts', 'test_section', 'test_negation'), undefined, options);
    const doc = p.run(createDocument(text), resources);
    const concepts = doc.layers.get('concepts') ?? [];
    assert.deepEqual(concepts.map((c) => [c.coveredText, c.sectionNormalizedName, c.sectionSurfaceForm]), [['pain', 'history', 'History'], ['fever', 'plan', 'Plan']]);
    const spans = doc.layers.get('negatedSpans') ?? [];
    assert.equal(spans[0]?.sectionNormalizedName, 'plan');
    assert.equal((doc.layers.get('sections') ?? [])[0]?.sectionNormalizedName, undefined);
  });

  test('annotations outside every section get no section fields', () => {
    const p = compilePipeline(flowOf('test_section', 'test_concepts'), undefined, options);
    const doc = p.run(createDocument('pain first\nPlan: fever'), resources);
    assert.deepEqual((doc.layers.get('concepts') ?? []).map((c) => c.sectionNormalizedName), [undefined, 'plan']);
  });

  test('annotator filters run after the annotator; global filters after the flow', () => {
    const keepFever = { filter: { target: 'unstructured.data.concepts', condition: { type: 'match', field: 'coveredText', values: ['fever'], operator: 'equals', caseInsensitive: true } } };
    const p = compilePipeline(flowOf({ name: 'test_concepts', configurations: [keepFever] }), undefined, options);
    const doc = p.run(createDocument('Pain and fever'), resources);
    assert.deepEqual((doc.layers.get('concepts') ?? []).map((c) => c.coveredText), ['fever']);

    const dropNegated = { filter: { target: 'unstructured.data.concepts', condition: { type: 'match', field: 'negated', values: ['true'], not: true, operator: 'equals' } } };
    const g = compilePipeline(flowOf('test_concepts', 'test_negation'), undefined, { ...options, globalConfigurations: [dropNegated] });
    const doc2 = g.run(createDocument('Pain. No fever.'), resources);
    assert.deepEqual((doc2.layers.get('concepts') ?? []).map((c) => c.coveredText), ['Pain']);
    assert.equal(doc2.layers.get('negatedSpans')?.length, 1);
  });

  test('filters see section fields', () => {
    const onlyPlan = { filter: { target: 'unstructured.data.concepts', condition: { type: 'match', field: 'sectionNormalizedName', values: ['plan'], operator: 'equals' } } };
    const p = compilePipeline(flowOf('test_section', { name: 'test_concepts', configurations: [onlyPlan] }), undefined, options);
    const doc = p.run(createDocument('History: pain\nPlan: fever'), resources);
    assert.deepEqual((doc.layers.get('concepts') ?? []).map((c) => c.coveredText), ['fever']);
  });
});
