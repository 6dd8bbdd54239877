import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dropNullFields } from './null-fields.js';

test('null fields are dropped at any depth; everything else is kept in order', () => {
  const body = { id: null, name: 'x', annotatorFlows: [{ profile: null, flow: { elements: [{ annotator: { name: 'negation', parameters: { a: ['1'], b: null }, configurations: null } }], async: null } }] };
  assert.deepEqual(dropNullFields(body), { name: 'x', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'negation', parameters: { a: ['1'] } } }] } }] });
  assert.deepEqual(Object.keys(dropNullFields({ a: 1, b: null, c: 2 })), ['a', 'c']);
  assert.equal(body.id, null, 'the input is not changed');
});

test('a body without nulls comes back as the same objects (no copy)', () => {
  const flows = [{ flow: { elements: [{ annotator: { name: 'negation', parameters: { a: ['1'] } } }] } }];
  assert.equal(dropNullFields(flows), flows);
  const changed = dropNullFields([flows[0], { profile: null }]);
  assert.equal(changed[0], flows[0], 'unchanged siblings are shared');
});

test('configurations contents and null list items are kept as sent; __proto__ stays an own field', () => {
  const annotator = { name: 'negation', configurations: [{ filter: { condition: { value: null } } }], list: [null, 1] };
  assert.equal(dropNullFields(annotator), annotator);
  const hostile = JSON.parse('{"__proto__": {"x": null}, "y": null}') as Record<string, unknown>;
  const stripped = dropNullFields(hostile);
  assert.deepEqual(Object.keys(stripped), ['__proto__']);
  assert.equal(Object.getPrototypeOf(stripped), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(stripped, '__proto__')?.value, {});
});
