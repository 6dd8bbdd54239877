import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { isDomainError, type ErrorKind } from '../errors.js';
import { compileKnowledge } from '../knowledge/compile.js';
import { analyzeRequest, parseAnalyzeBody, validateContainers, type AnalyzeInput } from './analyze.js';
import { defineAnnotator, type AnnotatorDefinition } from './annotator.js';
import type { AcdAnnotatorFlow, AcdProfile } from './flow-types.js';
import { NO_ARTIFACTS, type EngineResources } from './resources.js';

const resources: EngineResources = { kb: compileKnowledge([], { name: 'test', version: '1', sourceVersion: '1' }), artifacts: NO_ARTIFACTS };

/** Every word token in `words` becomes a concept. */
const words = defineAnnotator({
  id: 'test_words',
  description: 'test',
  requires: ['tokens'],
  produces: ['concepts'],
  params: Type.Object({ words: Type.Array(Type.String(), { default: ['pain'] }) }),
  init: () => undefined,
  run: (doc, params) => ({
    add: {
      concepts: doc.tokens.filter((t) => params.words.includes(t.lower))
        .map((t) => ({ type: 'umls.Test', begin: t.begin, end: t.end, coveredText: doc.text.slice(t.begin, t.end) })),
    },
  }),
});

/** Flags concepts preceded by "no"; produces negatedSpans. */
const negation = defineAnnotator({
  id: 'negation',
  description: 'test negation under the ACD id',
  requires: ['concepts'],
  produces: ['negatedSpans'],
  params: Type.Object({}),
  init: () => undefined,
  run: (doc) => {
    const concepts = doc.layers.get('concepts') ?? [];
    const hit = concepts.filter((c) => doc.tokens.some((t, i) => t.lower === 'no' && doc.tokens[i + 1]?.begin === c.begin));
    return {
      add: { negatedSpans: hit.map((c) => ({ type: 'NegatedSpan', begin: c.begin, end: c.end, coveredText: c.coveredText })) },
      update: hit.map((target) => ({ target, fields: { negated: true } })),
    };
  },
});

/** Links every concept of the container data or earlier output. */
const linker = defineAnnotator({
  id: 'test_linker',
  description: 'test',
  requires: ['concepts'],
  produces: ['attributeValues'],
  params: Type.Object({}),
  init: () => undefined,
  run: (doc) => ({
    add: {
      attributeValues: (doc.layers.get('concepts') ?? []).map((c) => ({ type: 'aci.AttributeValue', begin: c.begin, end: c.end, coveredText: c.coveredText, concept: c })),
    },
  }),
});

const annotators = [words, negation, linker] as readonly AnnotatorDefinition[];

function flow(...names: string[]): AcdAnnotatorFlow[] {
  return [{ flow: { elements: names.map((name) => ({ annotator: { name } })), async: false } }];
}

function input(overrides: Partial<AnalyzeInput>): AnalyzeInput {
  return {
    containers: [{ text: 'No pain.' }],
    annotatorFlows: flow('test_words', 'negation'),
    profileResolver: () => undefined,
    options: { returnAnalyzedText: false },
    resources,
    pipeline: { annotators },
    ...overrides,
  };
}

function fails(kind: ErrorKind, mention: string[], fn: () => unknown): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(isDomainError(e), String(e));
    assert.equal(e.kind, kind);
    for (const m of mention) assert.ok(e.description.includes(m), `${e.description} should mention ${m}`);
    return true;
  });
}

type Data = Record<string, Record<string, unknown>[]>;

describe('analyzeRequest', () => {
  test('runs the flow and echoes annotatorFlows before unstructured', () => {
    const flows = flow('test_words', 'negation');
    const out = analyzeRequest(input({ annotatorFlows: flows }));
    assert.deepEqual(Object.keys(out), ['annotatorFlows', 'unstructured']);
    assert.deepEqual(out.annotatorFlows, flows);
    const data = out.unstructured[0]?.data as Data;
    assert.deepEqual(data.concepts?.map((c) => [c.coveredText, c.negated, c.uid]), [['pain', true, 2]]);
    assert.deepEqual(data.negatedSpans?.map((c) => [c.coveredText, c.negated]), [['pain', false]]);
    assert.equal('text' in (out.unstructured[0] as object), false);
  });

  test('echoFlows=false gives only unstructured (analyze/{flow_id})', () => {
    assert.deepEqual(Object.keys(analyzeRequest(input({ options: { returnAnalyzedText: false, echoAnnotatorFlows: false } }))), ['unstructured']);
  });

  test('one output container per input container, same order, uids unique across them', () => {
    const out = analyzeRequest(input({ containers: [{ text: 'pain', id: 'a' }, { text: 'nothing' }, { text: 'pain pain', type: 't' }] }));
    assert.deepEqual(out.unstructured.map((c) => c.id ?? c.type ?? null), ['a', null, 't']);
    const uids = out.unstructured.flatMap((c) => Object.values(c.data as Data).flat().map((a) => a.uid));
    assert.deepEqual(uids, [2, 3, 4]);
    assert.deepEqual((out.unstructured[1]?.data as Data).concepts, []);
  });

  test('empty text gives empty layers', () => {
    const out = analyzeRequest(input({ containers: [{ text: '' }] }));
    assert.deepEqual(out.unstructured[0]?.data, { concepts: [], negatedSpans: [] });
  });

  test('CRLF, emoji and CJK text keep exact UTF-16 offsets', () => {
    const text = '😀 患者 has\r\npain 👨‍👩‍👧 and no pain\r\n';
    const out = analyzeRequest(input({ containers: [{ text }], options: { returnAnalyzedText: true } }));
    assert.equal(out.unstructured[0]?.text, text);
    for (const c of (out.unstructured[0]?.data as Data).concepts ?? []) {
      assert.equal(text.slice(c.begin as number, c.end as number), c.coveredText);
    }
    assert.deepEqual(((out.unstructured[0]?.data as Data).concepts ?? []).map((c) => c.begin), [text.indexOf('pain'), text.lastIndexOf('pain')]);
  });

  test('return_analyzed_text=false encodes strings; offsets refer to the original text', () => {
    const text = 'x <pain> & "pain"';
    const out = analyzeRequest(input({ containers: [{ text }], annotatorFlows: flow('test_words') }));
    const concepts = (out.unstructured[0]?.data as Data).concepts ?? [];
    assert.deepEqual(concepts.map((c) => [c.begin, c.end, c.coveredText]), [[3, 7, 'pain'], [12, 16, 'pain']]);
    const encoded = analyzeRequest(input({ containers: [{ text: 'a > pain', id: '<id>' }], annotatorFlows: flow('test_words') }));
    assert.equal(encoded.unstructured[0]?.id, '<id>');
  });

  test('profile parameters apply; a missing profile is a 400', () => {
    const profile: AcdProfile = { id: 'p1', annotators: [{ name: 'test_words', parameters: { words: ['fever'] } }] };
    const flows: AcdAnnotatorFlow[] = [{ profile: 'p1', flow: { elements: [{ annotator: { name: 'test_words' } }] } }];
    const out = analyzeRequest(input({ containers: [{ text: 'pain fever' }], annotatorFlows: flows, profileResolver: (id) => (id === 'p1' ? profile : undefined) }));
    assert.deepEqual((out.unstructured[0]?.data as Data).concepts?.map((c) => c.coveredText), ['fever']);
    fails('INVALID_ANNOTATOR_FLOW', ['annotatorFlows[0].profile', 'nope'], () =>
      analyzeRequest(input({ annotatorFlows: [{ profile: 'nope', flow: { elements: [] } }] })));
  });

  test('global filters run after the flow', () => {
    const flows: AcdAnnotatorFlow[] = [{
      flow: { elements: [{ annotator: { name: 'test_words' } }, { annotator: { name: 'negation' } }] },
      globalConfigurations: [{ filter: { target: 'unstructured.data.concepts', condition: { type: 'match', field: 'negated', values: ['true'], not: true, operator: 'equals' } } }],
    }];
    const out = analyzeRequest(input({ containers: [{ text: 'pain, no pain' }], annotatorFlows: flows }));
    assert.deepEqual((out.unstructured[0]?.data as Data).concepts?.map((c) => c.begin), [0]);
  });

  test('container data is loaded, its uid references linked, and it meets requirements', () => {
    const data = {
      concepts: [{ uid: 7, type: 'umls.X', begin: 0, end: 4, coveredText: 'ache' }],
      attributeValues: [{ uid: 9, type: 'aci.AttributeValue', begin: 0, end: 4, coveredText: 'ache', concept: { uid: 7 }, derivedFrom: [{ uid: 7 }, { uid: 99 }] }],
    };
    const out = analyzeRequest(input({ containers: [{ text: 'ache', data }], annotatorFlows: flow('test_linker') }));
    const d = out.unstructured[0]?.data as Data;
    const conceptUid = d.concepts?.[0]?.uid;
    assert.equal(typeof conceptUid, 'number');
    assert.deepEqual(d.attributeValues?.map((a) => a.concept), [{ uid: conceptUid }, { uid: conceptUid }]);
    assert.deepEqual(d.attributeValues?.map((a) => a.uid === conceptUid), [false, false]);
    assert.deepEqual(d.attributeValues?.map((a) => a.derivedFrom), [[{ uid: conceptUid }], undefined]);
  });

  test('flow errors: missing, empty, unknown annotator, unmet requirement', () => {
    fails('INVALID_ANNOTATOR_FLOW', ['annotatorFlows'], () => analyzeRequest(input({ annotatorFlows: [] })));
    fails('INVALID_ANNOTATOR_FLOW', ['annotatorFlows[0].flow'], () => analyzeRequest(input({ annotatorFlows: [{} as AcdAnnotatorFlow] })));
    fails('INVALID_ANNOTATOR_FLOW', ['bogus'], () => analyzeRequest(input({ annotatorFlows: flow('bogus') })));
    fails('INVALID_ANNOTATOR_FLOW', ['annotator relation is not implemented by this service'], () => analyzeRequest(input({ annotatorFlows: flow('relation') })));
    fails('INVALID_ANNOTATOR_FLOW', ['negation requires concepts'], () => analyzeRequest(input({ annotatorFlows: flow('negation') })));
  });
});

describe('validateContainers', () => {
  const limits = { maxCharsPerContainer: 10, maxCharsPerRequest: 15, maxContainers: 3 };

  test('shape errors name the field', () => {
    fails('INVALID_REQUEST', ['unstructured must be an array'], () => validateContainers({}));
    fails('INVALID_REQUEST', ['at least one'], () => validateContainers([]));
    fails('INVALID_REQUEST', ['unstructured[1].text'], () => validateContainers([{ text: 'a' }, { txt: 'b' }]));
    fails('INVALID_REQUEST', ['unstructured[0].id'], () => validateContainers([{ text: 'a', id: 3 }]));
    fails('INVALID_REQUEST', ['unstructured[0].metadata'], () => validateContainers([{ text: 'a', metadata: 'x' }]));
    fails('INVALID_REQUEST', ['unstructured[0].data.concepts'], () => validateContainers([{ text: 'a', data: { concepts: [1] } }]));
    fails('INVALID_REQUEST', ['unstructured[0] must be an object'], () => validateContainers(['text']));
  });

  test('limits are 413 with the numbers', () => {
    fails('PAYLOAD_TOO_LARGE', ['4 containers', 'at most 3'], () => validateContainers([{ text: '' }, { text: '' }, { text: '' }, { text: '' }], limits));
    fails('PAYLOAD_TOO_LARGE', ['unstructured[1].text has 11 characters', '10 characters per container'], () => validateContainers([{ text: 'a' }, { text: 'x'.repeat(11) }], limits));
    fails('PAYLOAD_TOO_LARGE', ['16 characters', '15 characters per request'], () => validateContainers([{ text: 'x'.repeat(8) }, { text: 'y'.repeat(8) }], limits));
    assert.equal(validateContainers([{ text: 'x'.repeat(10) }, { text: 'y'.repeat(5) }], limits).length, 2);
  });

  test('limits count UTF-16 code units', () => {
    fails('PAYLOAD_TOO_LARGE', ['12 characters'], () => validateContainers([{ text: '😀'.repeat(6) }], limits));
  });
});

describe('parseAnalyzeBody', () => {
  test('text/plain is one container, with its charset', () => {
    assert.deepEqual(parseAnalyzeBody('No pain.', 'text/plain'), { containers: [{ text: 'No pain.' }] });
    assert.deepEqual(parseAnalyzeBody(Buffer.from('caf\xe9', 'latin1'), 'text/plain; charset=ISO-8859-1'), { containers: [{ text: 'café' }] });
    assert.deepEqual(parseAnalyzeBody(Buffer.from('café', 'utf8'), 'text/plain'), { containers: [{ text: 'café' }] });
    assert.deepEqual(parseAnalyzeBody('{"unstructured":[]}', 'text/plain'), { containers: [{ text: '{"unstructured":[]}' }] });
  });

  test('application/json needs unstructured', () => {
    assert.deepEqual(parseAnalyzeBody('{"unstructured":[{"text":"a"}]}', 'application/json; charset=utf-8'), { containers: [{ text: 'a' }] });
    assert.deepEqual(parseAnalyzeBody({ unstructured: [{ text: 'a' }] }, 'application/json'), { containers: [{ text: 'a' }] });
    assert.deepEqual(parseAnalyzeBody({ unstructured: [], profile: 'p1' }, 'application/json'), { containers: [], profile: 'p1' });
    fails('INVALID_REQUEST', ['profile'], () => parseAnalyzeBody({ unstructured: [], profile: 3 }, 'application/json'));
    fails('INVALID_JSON', ['not valid JSON'], () => parseAnalyzeBody('{nope', 'application/json'));
    fails('INVALID_REQUEST', ['unstructured'], () => parseAnalyzeBody('{"text":"a"}', 'application/json'));
  });

  test('no content type: sniffed', () => {
    assert.deepEqual(parseAnalyzeBody('{"unstructured":[{"text":"a"}]}', undefined), { containers: [{ text: 'a' }] });
    assert.deepEqual(parseAnalyzeBody(Buffer.from('{"unstructured":[{"text":"b"}]}'), ''), { containers: [{ text: 'b' }] });
    assert.deepEqual(parseAnalyzeBody('{ not json', undefined), { containers: [{ text: '{ not json' }] });
    assert.deepEqual(parseAnalyzeBody('plain words', undefined), { containers: [{ text: 'plain words' }] });
    assert.deepEqual(parseAnalyzeBody({ unstructured: [{ text: 'c' }] }, undefined), { containers: [{ text: 'c' }] });
  });

  test('other media types are 415', () => {
    fails('UNSUPPORTED_MEDIA_TYPE', ['text/html'], () => parseAnalyzeBody('<p>x</p>', 'text/html'));
  });
});
