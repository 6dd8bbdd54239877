import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SYSTEM_TENANT } from '../artifacts/reserved.js';
import { openStore } from '../store/open-store.js';
import { ANY_TENANT } from '../store/store.js';
import { DefinitionCache, type DefinitionKind } from './definition-cache.js';

function counting(values: Record<string, unknown>): { loads: string[]; load: (t: string, k: DefinitionKind, id: string) => Promise<unknown> } {
  const loads: string[] = [];
  return { loads, load: async (t, k, id) => (loads.push(`${t}/${k}/${id}`), values[`${t}/${k}/${id}`]) };
}

describe('DefinitionCache', () => {
  test('reads once per (tenant, kind, id) until that tenant changes; absent definitions are remembered too', async () => {
    const { loads, load } = counting({ 't1/flow/f': { a: [1] } });
    const cache = new DefinitionCache(load);
    assert.deepEqual(await cache.read('t1', 'flow', 'f'), { a: [1] });
    assert.deepEqual(await cache.read('t1', 'flow', 'f'), { a: [1] });
    assert.equal(await cache.read('t1', 'profile', 'f'), undefined);
    assert.equal(await cache.read('t1', 'profile', 'f'), undefined);
    await cache.read('t2', 'flow', 'f');
    assert.deepEqual(loads, ['t1/flow/f', 't1/profile/f', 't2/flow/f']);
    cache.changed('t2');
    await cache.read('t1', 'flow', 'f');
    await cache.read('t2', 'flow', 'f');
    assert.deepEqual(loads.slice(3), ['t2/flow/f'], 'only the changed tenant reads again');
    for (const all of [SYSTEM_TENANT, ANY_TENANT]) {
      cache.changed(all);
      await cache.read('t1', 'flow', 'f');
      await cache.read('t2', 'flow', 'f');
    }
    assert.equal(loads.length, 8, 'a system-tenant change or ANY_TENANT forgets every tenant');
  });

  test('values are frozen (shared by requests); failed reads are not remembered; the size is bounded', async () => {
    let fail = true;
    const loads: string[] = [];
    const cache = new DefinitionCache(async (t, k, id) => {
      loads.push(id);
      if (id === 'bad' && fail) throw new Error('store down');
      return { nested: { list: [1] } };
    }, 2);
    const value = (await cache.read('t', 'flow', 'ok')) as { nested: { list: number[] } };
    assert.ok(Object.isFrozen(value) && Object.isFrozen(value.nested.list));
    await assert.rejects(cache.read('t', 'flow', 'bad'), /store down/);
    fail = false;
    assert.ok(await cache.read('t', 'flow', 'bad'));
    await cache.read('t', 'flow', 'third');
    await cache.read('t', 'flow', 'ok');
    assert.deepEqual(loads, ['ok', 'bad', 'bad', 'third', 'ok'], 'past the bound the cache starts over');
  });

  test('follows the store: a write of a profile or flow forgets that tenant before the write resolves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ca-defcache-'));
    const store = await openStore({ dataDir: dir });
    try {
      const cache = new DefinitionCache(async (t, k, id) => (await store.getArtifact(t, k, id))?.body);
      const off = await cache.follow(store);
      await store.createArtifact({ tenant: 't', kind: 'flow', id: 'f', body: { v: 1 } });
      assert.deepEqual(await cache.read('t', 'flow', 'f'), { v: 1 });
      await store.replaceArtifact({ tenant: 't', kind: 'flow', id: 'f', body: { v: 2 } });
      assert.deepEqual(await cache.read('t', 'flow', 'f'), { v: 2 });
      await off();
      await store.replaceArtifact({ tenant: 't', kind: 'flow', id: 'f', body: { v: 3 } });
      assert.deepEqual(await cache.read('t', 'flow', 'f'), { v: 2 }, 'unsubscribed: nothing forgotten');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
