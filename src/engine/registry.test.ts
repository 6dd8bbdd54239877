// Invariants of the annotator registry: every entry is a well-formed ACD annotator that the pipeline can
// compile on its own defaults, and the default flow (all of them, in ACD order) satisfies every `requires`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ACD_ANNOTATORS, ACD_DATA_KEYS, isAcdAnnotatorId } from './acd-catalogue.js';
import { defaultFlow } from './default-flow.js';
import { parseAnnotatorParams } from './params.js';
import { BUILT_IN_LAYERS, compilePipeline } from './pipeline.js';
import { ANNOTATORS, findAnnotator } from './registry.js';

describe('annotator registry', () => {
  test('ids are unique ACD annotator ids and findAnnotator returns each entry', () => {
    const ids = ANNOTATORS.map((a) => a.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const a of ANNOTATORS) {
      assert.ok(isAcdAnnotatorId(a.id), `${a.id} is not an ACD annotator id`);
      assert.equal(findAnnotator(a.id), a);
      assert.ok(a.description.length > 0, `${a.id} needs a description`);
    }
    assert.equal(findAnnotator('no_such_annotator'), undefined);
  });

  test('every ACD annotator id (reference §5.1) is implemented', () => {
    assert.deepEqual(ANNOTATORS.map((a) => a.id).sort(), ACD_ANNOTATORS.map((a) => a.id).sort());
    assert.equal(ANNOTATORS.length, 25);
  });

  test('produced layers are ACD data keys; required layers are built in or produced by some annotator', () => {
    const produced = new Set(ANNOTATORS.flatMap((a) => a.produces));
    for (const a of ANNOTATORS) {
      for (const key of a.produces) assert.ok(ACD_DATA_KEYS.includes(key), `${a.id} produces ${key}, not an ACD data key`);
      for (const key of a.requires) assert.ok(BUILT_IN_LAYERS.includes(key) || produced.has(key), `${a.id} requires ${key}, which nothing produces`);
    }
  });

  test('every parameter has a default and the defaults parse', () => {
    for (const a of ANNOTATORS) {
      for (const [name, schema] of Object.entries(a.params.properties)) {
        const optional = !(a.params.required ?? []).includes(name);
        assert.ok(optional || (schema as { default?: unknown }).default !== undefined, `${a.id}.${name} has no default`);
      }
      const { params, unknown } = parseAnnotatorParams(a.id, a.params, undefined);
      assert.deepEqual(unknown, []);
      assert.equal(typeof params, 'object');
    }
  });

  test('the default flow (every annotator, ACD order) compiles', () => {
    const pipeline = compilePipeline(defaultFlow(ANNOTATORS));
    assert.equal(pipeline.steps.length, ANNOTATORS.length);
  });
});
