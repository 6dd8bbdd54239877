// The context annotators run through the real pipeline: ACD string parameters, layer requirements,
// section fields, updates and removals applied by the pipeline.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { compileKnowledge } from '../../knowledge/compile.js';
import { defineAnnotator, type AnnotatorDefinition } from '../annotator.js';
import { createDocument } from '../create-document.js';
import type { Flow } from '../flow-types.js';
import { compilePipeline } from '../pipeline.js';
import { NO_ARTIFACTS, type EngineResources } from '../resources.js';
import { negationAnnotator } from '../annotators/negation/negation.js';
import { hypotheticalAnnotator } from '../annotators/hypothetical/hypothetical.js';
import { sectionAnnotator } from '../annotators/section/section.js';

/** Marks the listed (lower-case, possibly multi-word) phrases as concepts. */
const phraseConcepts = defineAnnotator({
  id: 'phrase_concepts',
  description: 'test concepts',
  requires: ['tokens'],
  produces: ['concepts'],
  params: Type.Object({ phrases: Type.Array(Type.String(), { default: [] }) }),
  init: () => undefined,
  run: (doc, params) => {
    const lower = doc.text.toLowerCase();
    const concepts = params.phrases.flatMap((p) => {
      const out = [];
      for (let i = lower.indexOf(p); i >= 0; i = lower.indexOf(p, i + p.length)) {
        out.push({ type: 'umls.Test', begin: i, end: i + p.length, coveredText: doc.text.slice(i, i + p.length) });
      }
      return out;
    });
    return { add: { concepts } };
  },
});

const annotators = [phraseConcepts, sectionAnnotator, negationAnnotator, hypotheticalAnnotator] as readonly AnnotatorDefinition[];
const resources: EngineResources = { kb: compileKnowledge([], { name: 'test', version: '1', sourceVersion: '1' }), artifacts: NO_ARTIFACTS };

function flow(elements: Array<{ name: string; parameters?: Record<string, string[]> }>): Flow {
  return { elements: elements.map((annotator) => ({ annotator })) };
}

const NOTE = 'HISTORY OF PRESENT ILLNESS:\nShe denies chest pain. If dyspnea worsens, return to the ED.\nFamily history:\nMother with breast cancer.';

describe('context annotators in a pipeline', () => {
  test('section, negation and hypothetical with ACD parameters', () => {
    const pipeline = compilePipeline(flow([
      { name: 'section' },
      { name: 'phrase_concepts', parameters: { phrases: ['chest pain', 'dyspnea', 'breast cancer'] } },
      { name: 'negation', parameters: { fully_covered: ['true'], detect_family_history: ['true'] } },
      { name: 'hypothetical', parameters: { include_family_history: ['false'], context_rule_sets: ['default', 'radiology'] } },
    ]), undefined, { annotators });
    const doc = pipeline.run(createDocument(NOTE), resources);
    const concepts = doc.layers.get('concepts') ?? [];
    const by = (text: string) => concepts.find((c) => c.coveredText === text);
    assert.equal(by('chest pain')?.negated, true);
    assert.equal(by('chest pain')?.hypothetical, false);
    assert.equal(by('dyspnea')?.hypothetical, true);
    assert.equal(by('dyspnea')?.negated, false);
    assert.equal(by('breast cancer')?.familyHistory, true);
    assert.equal(by('chest pain')?.familyHistory, false);
    assert.equal(by('chest pain')?.sectionNormalizedName, 'history of present illness');
    assert.equal(by('breast cancer')?.sectionNormalizedName, 'family history');
    assert.deepEqual((doc.layers.get('sections') ?? []).map((s) => (s.trigger as { coveredText: string }).coveredText), ['HISTORY OF PRESENT ILLNESS', 'Family history']);
    assert.equal((doc.layers.get('negatedSpans') ?? []).length, 1);
    assert.equal((doc.layers.get('hypotheticalSpans') ?? []).length, 1);
  });

  test('remove_negated and remove_hypothetical drop annotations from the response', () => {
    const pipeline = compilePipeline(flow([
      { name: 'phrase_concepts', parameters: { phrases: ['chest pain', 'dyspnea', 'breast cancer'] } },
      { name: 'negation', parameters: { remove_negated: ['true'] } },
      { name: 'hypothetical', parameters: { remove_hypothetical: ['true'] } },
    ]), undefined, { annotators });
    const doc = pipeline.run(createDocument(NOTE), resources);
    assert.deepEqual((doc.layers.get('concepts') ?? []).map((c) => c.coveredText), ['breast cancer']);
  });

  test('a bad parameter value is rejected before any text runs', () => {
    assert.throws(() => compilePipeline(flow([{ name: 'negation', parameters: { fully_covered: ['maybe'] } }]), undefined, { annotators }));
    assert.throws(() => compilePipeline(flow([{ name: 'hypothetical', parameters: { context_rule_sets: ['oncology'] } }]), undefined, { annotators }));
  });
});
