import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbageFully } from './full-collection.js';

test('collectGarbageFully frees the heap of unreachable objects, without exposing gc() to the program', () => {
  let garbage: unknown[] | undefined = Array.from({ length: 500_000 }, (_, i) => ({ i, text: `item ${i}` }));
  const withGarbage = process.memoryUsage().heapUsed;
  assert.equal(garbage.length, 500_000);
  garbage = undefined;
  assert.equal(collectGarbageFully(), true);
  const after = process.memoryUsage().heapUsed;
  // 500,000 small objects and strings are tens of MB; a full collection frees them (a young-generation one would not all).
  assert.ok(withGarbage - after > 20 * 2 ** 20, `freed ${((withGarbage - after) / 2 ** 20).toFixed(1)} MiB`);
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'the program\'s own context gets no gc()');
  assert.equal(collectGarbageFully(), true, 'and again');
});
