import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTokenTable, tokenCount, tokenIdIn, tokenKey } from './token-table.js';

test('token table: every key finds its id, others -1; keys read back; shared memory', () => {
  const keys = ['', 'a', 'ab', 'ba', 'pneumonia', 'café', 'β-blocker', '#cad', ...Array.from({ length: 5000 }, (_, i) => `k${i.toString(36)}`)];
  const table = buildTokenTable(keys);
  assert.equal(tokenCount(table), keys.length);
  keys.forEach((k, i) => {
    assert.equal(tokenIdIn(table, k), i, k);
    assert.equal(tokenKey(table, i), k);
  });
  for (const miss of ['abc', 'b', 'Pneumonia', 'cafe', 'k', 'k' + (5000).toString(36)]) assert.equal(tokenIdIn(table, miss), -1, miss);
  assert.ok(table.slots.length >= keys.length * 2 && (table.slots.length & (table.slots.length - 1)) === 0);
  assert.ok(table.chars.buffer instanceof SharedArrayBuffer);
  const empty = buildTokenTable([]);
  assert.equal(tokenIdIn(empty, 'x'), -1);
});
