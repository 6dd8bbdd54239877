import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from './create-document.js';
import type { Annotation, Document } from './document.js';
import { createUidCounter, encodeHtml, serializeDocument } from './serialize.js';

function docWith(text: string, layers: Record<string, Annotation[]>): Document {
  const doc = createDocument(text);
  for (const [k, v] of Object.entries(layers)) doc.layers.set(k, v);
  return doc;
}

function span(text: string, covered: string, type = 'umls.Test', extra: Record<string, unknown> = {}): Annotation {
  const begin = text.indexOf(covered);
  assert.ok(begin >= 0);
  return { type, begin, end: begin + covered.length, coveredText: covered, ...extra };
}

describe('encodeHtml', () => {
  test('encodes the five characters and nothing else', () => {
    assert.equal(encodeHtml(`BMI > 40 & <b>"x"</b> it's é`), 'BMI &gt; 40 &amp; &lt;b&gt;&quot;x&quot;&lt;/b&gt; it&#39;s é');
    assert.equal(encodeHtml('plain'), 'plain');
    assert.equal(encodeHtml(''), '');
  });
});

describe('serializeDocument', () => {
  const text = 'fever and pain; BMI > 40';

  test('uids start at 2, follow document order over all layers and are unique', () => {
    const pain = span(text, 'pain');
    const fever = span(text, 'fever');
    const neg = span(text, 'pain', 'NegatedSpan');
    const doc = docWith(text, { concepts: [pain, fever], negatedSpans: [neg] });
    const out = serializeDocument(doc, { returnAnalyzedText: true });
    const data = out.data as Record<string, { uid: number; coveredText: string }[]>;
    assert.deepEqual(data.concepts?.map((c) => [c.coveredText, c.uid]), [['fever', 2], ['pain', 3]]);
    assert.deepEqual(data.negatedSpans?.map((c) => c.uid), [4]);
  });

  test('a shared counter keeps uids unique across containers', () => {
    const uids = createUidCounter();
    const a = serializeDocument(docWith(text, { concepts: [span(text, 'pain')] }), { returnAnalyzedText: true, uids });
    const b = serializeDocument(docWith(text, { concepts: [span(text, 'pain')] }), { returnAnalyzedText: true, uids });
    assert.equal((a.data as { concepts: { uid: number }[] }).concepts[0]?.uid, 2);
    assert.equal((b.data as { concepts: { uid: number }[] }).concepts[0]?.uid, 3);
  });

  test('object references become {uid}; references to removed annotations are dropped', () => {
    const pain = span(text, 'pain');
    const removed = span(text, 'fever');
    const attr = span(text, 'pain', 'aci.AttributeValue', {
      concept: pain, derivedFrom: [pain, removed], evidenceSpans: [{ uid: pain, selectionLabel: 'x' }], conceptValue: removed,
    });
    const relation = { type: 'rel', begin: 0, end: 0, coveredText: '', nodes: [{ entity: pain }] } as Annotation;
    const doc = docWith(text, { concepts: [pain], attributeValues: [attr], relations: [relation] });
    const out = serializeDocument(doc, { returnAnalyzedText: true });
    const data = out.data as Record<string, Record<string, unknown>[]>;
    const painUid = data.concepts?.[0]?.uid;
    const a = data.attributeValues?.[0] as Record<string, unknown>;
    assert.deepEqual(a.concept, { uid: painUid });
    assert.deepEqual(a.derivedFrom, [{ uid: painUid }]);
    assert.deepEqual(a.evidenceSpans, [{ uid: painUid, selectionLabel: 'x' }]);
    assert.equal('conceptValue' in a, false);
    assert.deepEqual(data.relations?.[0]?.nodes, [{ entity: { uid: painUid } }]);
  });

  test('nested objects that are not annotations are written in full (e.g. triggers)', () => {
    const neg = span(text, 'pain', 'NegatedSpan', { trigger: { begin: 0, end: 2, coveredText: 'no', type: 'NegationTrigger' } });
    const out = serializeDocument(docWith(text, { negatedSpans: [neg] }), { returnAnalyzedText: true });
    assert.deepEqual((out.data as { negatedSpans: Record<string, unknown>[] }).negatedSpans[0]?.trigger, { begin: 0, end: 2, coveredText: 'no', type: 'NegationTrigger' });
  });

  test('negated / hypothetical defaults only once those annotators ran', () => {
    const mk = (): Document => docWith(text, { concepts: [span(text, 'pain'), span(text, 'fever', 'umls.Test', { negated: true })] });
    const none = serializeDocument(mk(), { returnAnalyzedText: true });
    const plain = (none.data as { concepts: { coveredText: string }[] }).concepts.find((c) => c.coveredText === 'pain');
    assert.ok(plain);
    assert.equal('negated' in plain, false);
    assert.equal('hypothetical' in plain, false);
    const ran = serializeDocument(mk(), { returnAnalyzedText: true, ran: new Set(['negation', 'hypothetical']) });
    const concepts = (ran.data as { concepts: { coveredText: string; negated: boolean; hypothetical: boolean }[] }).concepts;
    assert.deepEqual(concepts.map((c) => [c.coveredText, c.negated, c.hypothetical]), [['fever', true, false], ['pain', false, false]]);
  });

  test('return_analyzed_text=false: no text, strings encoded, offsets unchanged', () => {
    const bmi = span(text, 'BMI > 40', 'umls.Test', { preferredName: `Crohn's "disease"` });
    const out = serializeDocument(docWith(text, { concepts: [bmi] }), { returnAnalyzedText: false }, { id: 'c1', metadata: { note: '<x>' } });
    assert.equal('text' in out, false);
    const c = (out.data as { concepts: Record<string, unknown>[] }).concepts[0] as Record<string, unknown>;
    assert.equal(c.coveredText, 'BMI &gt; 40');
    assert.equal(c.begin, 16);
    assert.equal(c.end, 24);
    assert.equal(c.preferredName, 'Crohn&#39;s &quot;disease&quot;');
    assert.equal(out.id, 'c1');
    assert.deepEqual(out.metadata, { note: '&lt;x&gt;' });
  });

  test('return_analyzed_text=true: text echoed, nothing encoded', () => {
    const out = serializeDocument(docWith(text, { concepts: [span(text, 'BMI > 40')] }), { returnAnalyzedText: true });
    assert.equal(out.text, text);
    assert.equal((out.data as { concepts: { coveredText: string }[] }).concepts[0]?.coveredText, 'BMI > 40');
  });

  test('produced keys appear as empty arrays, in order, before other layers', () => {
    const out = serializeDocument(docWith(text, { extra: [span(text, 'pain')] }), { returnAnalyzedText: true, producedKeys: ['concepts', 'negatedSpans'] });
    assert.deepEqual(Object.keys(out.data as object), ['concepts', 'negatedSpans', 'extra']);
    assert.deepEqual((out.data as Record<string, unknown>).concepts, []);
  });

  test('stable key order; internal and undefined fields never written', () => {
    const a = { cui: 'C1', coveredText: 'pain', _internal: 1, end: 14, begin: 10, type: 'umls.Test', nested: { _hidden: 1, shown: 2 }, missing: undefined } as Annotation;
    const out = serializeDocument(docWith(text, { concepts: [a] }), { returnAnalyzedText: true });
    const c = (out.data as { concepts: Record<string, unknown>[] }).concepts[0] as Record<string, unknown>;
    assert.deepEqual(Object.keys(c), ['type', 'uid', 'begin', 'end', 'coveredText', 'cui', 'nested']);
    assert.deepEqual(c.nested, { shown: 2 });
    assert.deepEqual(Object.keys(out), ['text', 'data']);
  });

  test('only own fields are written, whatever the prototype (inherited enumerable fields never)', () => {
    const inherited = Object.assign(Object.create({ inheritedField: 'x' }) as Annotation, span(text, 'pain', 'umls.Test', { cui: 'C1', nested: Object.assign(Object.create({ up: 1 }), { own: 2 }) }));
    const bare = Object.assign(Object.create(null) as Annotation, span(text, 'fever', 'umls.Test', { cui: 'C2' }));
    const out = serializeDocument(docWith(text, { concepts: [bare, inherited] }), { returnAnalyzedText: true, ran: new Set(['negation']) });
    const [fever, pain] = (out.data as { concepts: Record<string, unknown>[] }).concepts;
    assert.deepEqual(Object.keys(fever ?? {}), ['type', 'uid', 'begin', 'end', 'coveredText', 'cui', 'negated']);
    assert.deepEqual(Object.keys(pain ?? {}), ['type', 'uid', 'begin', 'end', 'coveredText', 'cui', 'nested', 'negated']);
    assert.deepEqual(pain?.nested, { own: 2 });
  });

  test('nested values are shared when their JSON is already the wire form, copied when it is not', () => {
    const plain = { score: 0.5, usage: { takenScore: 0.2 }, codes: ['a', 'b'] };
    const quoted = { name: "it's", kept: 1 };
    const internal = { shown: 1, _hidden: 2 };
    const odd = { list: [1, undefined, () => 0, 2], big: 3n, toJSON: () => 'replaced', after: 'x' };
    const a = span(text, 'pain', 'umls.Test', { plain, quoted, internal, odd, later: plain.codes });
    const out = serializeDocument(docWith(text, { concepts: [a] }), { returnAnalyzedText: false });
    const c = (out.data as { concepts: Record<string, unknown>[] }).concepts[0] ?? {};
    assert.equal(c.plain, plain);
    assert.equal(c.later, plain.codes);
    assert.deepEqual(c.quoted, { name: 'it&#39;s', kept: 1 });
    assert.deepEqual(c.internal, { shown: 1 });
    assert.equal(JSON.stringify(c.odd), '{"list":[1,2],"big":"3","after":"x"}');
    assert.deepEqual(quoted, { name: "it's", kept: 1 }, 'the annotation is not changed');
  });

  test('output is plain JSON (round-trips)', () => {
    const pain = span(text, 'pain');
    const out = serializeDocument(docWith(text, { concepts: [pain], attributeValues: [span(text, 'pain', 'x', { concept: pain, n: Number.NaN })] }), { returnAnalyzedText: true });
    assert.deepEqual(JSON.parse(JSON.stringify(out)), out);
  });
});
