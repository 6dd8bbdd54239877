// Contract: artifacts (CRUD, conflicts, tenant isolation, cartridge sets) and store lifecycle.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDomainError } from '../../errors.js';
import type { ArtifactKind, EncodedArtifact, NewArtifact } from '../store.js';
import { ISO_MILLIS_UTC, sleep, uniqueTenant, withStore, type MakeStore } from './harness.js';

const profileBody = (label: string) => ({ id: 'p1', name: label, description: 'café ✓ 痛み', annotators: [{ name: 'concept_detection', parameters: { libraries: ['umls'] } }] });

export function artifactContract(make: MakeStore): void {
  test('ping answers while open; after close it fails with STORE_UNAVAILABLE', () =>
    withStore(make, async ({ store }) => {
      await store.ping();
      await store.close();
      await assert.rejects(store.ping(), (e) => isDomainError(e) && e.kind === 'STORE_UNAVAILABLE');
    }));

  test('migrate is idempotent and keeps data', () =>
    withStore(make, async ({ store, openReplica }) => {
      const tenant = uniqueTenant();
      assert.equal((await store.createArtifact({ tenant, kind: 'profile', id: 'p1', body: profileBody('a') })).ok, true);
      await store.migrate();
      const replica = await openReplica();
      await replica.migrate();
      assert.deepEqual((await replica.getArtifact(tenant, 'profile', 'p1'))?.body, profileBody('a'));
    }));

  test('create, get, list, replace and delete round-trip the body exactly', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const body = { z: 1, a: [true, null, 2.5, 'x'], m: { nested: { deep: 'ü' } }, ...profileBody('first') };
      const created = await store.createArtifact({ tenant, kind: 'profile', id: 'p1', body });
      assert.ok(created.ok);
      assert.deepEqual(created.artifact, { tenant, kind: 'profile', id: 'p1', body, publishedDate: created.artifact.publishedDate, cartridgeId: null });
      const got = await store.getArtifact(tenant, 'profile', 'p1');
      assert.deepEqual(got, created.artifact);
      assert.deepEqual(Object.keys(got!.body as object), Object.keys(body), 'key order is kept');
      assert.deepEqual(await store.listArtifacts(tenant, 'profile'), [created.artifact]);

      const replaced = await store.replaceArtifact({ tenant, kind: 'profile', id: 'p1', body: profileBody('second'), cartridgeId: 'c9' });
      assert.deepEqual(replaced?.body, profileBody('second'));
      assert.equal(replaced?.cartridgeId, 'c9');
      assert.deepEqual(await store.getArtifact(tenant, 'profile', 'p1'), replaced);

      const removed = await store.deleteArtifact(tenant, 'profile', 'p1');
      assert.deepEqual(removed, replaced);
      assert.equal(await store.getArtifact(tenant, 'profile', 'p1'), undefined);
      assert.deepEqual(await store.listArtifacts(tenant, 'profile'), []);
    }));

  test('bodies may be any JSON value, strings included', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const values: unknown[] = ['just a string', 42, [1, 'two'], { empty: {} }, null, { nul: 'a\u0000b', lone: '\ud800', quote: '\'"\\' }];
      for (const [i, body] of values.entries()) {
        assert.ok((await store.createArtifact({ tenant, kind: 'library', id: `l${i}`, body })).ok);
        assert.deepEqual((await store.getArtifact(tenant, 'library', `l${i}`))?.body, body);
      }
    }));

  test('create of an id in use is a conflict and keeps the first body', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      assert.equal((await store.createArtifact({ tenant, kind: 'flow', id: 'f', body: { v: 1 } })).ok, true);
      assert.deepEqual(await store.createArtifact({ tenant, kind: 'flow', id: 'f', body: { v: 2 } }), { ok: false, reason: 'conflict' });
      assert.deepEqual((await store.getArtifact(tenant, 'flow', 'f'))?.body, { v: 1 });
    }));

  test('replace and delete of an absent artifact return undefined and create nothing', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      assert.equal(await store.replaceArtifact({ tenant, kind: 'flow', id: 'nope', body: {} }), undefined);
      assert.equal(await store.deleteArtifact(tenant, 'flow', 'nope'), undefined);
      assert.deepEqual(await store.listArtifacts(tenant, 'flow'), []);
    }));

  test('kinds are separate namespaces and lists are ordered by id (code points)', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      for (const id of ['b', 'A', 'a', '_x', 'a.1']) assert.ok((await store.createArtifact({ tenant, kind: 'profile', id, body: { id } })).ok);
      assert.ok((await store.createArtifact({ tenant, kind: 'flow', id: 'b', body: { flow: true } })).ok);
      assert.deepEqual((await store.listArtifacts(tenant, 'profile')).map((a) => a.id), ['A', '_x', 'a', 'a.1', 'b']);
      assert.deepEqual((await store.listArtifacts(tenant, 'flow')).map((a) => a.body), [{ flow: true }]);
      assert.deepEqual((await store.getArtifact(tenant, 'profile', 'b'))?.body, { id: 'b' });
    }));

  test('tenant isolation: another tenant never sees, changes or deletes', () =>
    withStore(make, async ({ store }) => {
      const a = uniqueTenant('a');
      const b = uniqueTenant('b');
      assert.ok((await store.createArtifact({ tenant: a, kind: 'profile', id: 'shared', body: { owner: 'a' } })).ok);
      assert.equal(await store.getArtifact(b, 'profile', 'shared'), undefined);
      assert.deepEqual(await store.listArtifacts(b, 'profile'), []);
      assert.equal(await store.replaceArtifact({ tenant: b, kind: 'profile', id: 'shared', body: { owner: 'b' } }), undefined);
      assert.equal(await store.deleteArtifact(b, 'profile', 'shared'), undefined);
      assert.ok((await store.createArtifact({ tenant: b, kind: 'profile', id: 'shared', body: { owner: 'b' } })).ok, 'same id is free in B');
      assert.deepEqual((await store.getArtifact(a, 'profile', 'shared'))?.body, { owner: 'a' });
      assert.deepEqual((await store.listArtifacts(a, 'profile')).map((x) => x.body), [{ owner: 'a' }]);
    }));

  test('deleteTenant removes only that tenant, artifacts and deployments, and counts rows', () =>
    withStore(make, async ({ store }) => {
      const a = uniqueTenant('a');
      const b = uniqueTenant('b');
      for (const tenant of [a, b]) {
        await store.createArtifact({ tenant, kind: 'profile', id: 'p', body: {} });
        await store.createArtifact({ tenant, kind: 'flow', id: 'f', body: {} });
        await store.submitDeployment({ tenant, id: 'c', correlationId: 'x', archive: new Uint8Array([1]), mode: 'create' });
      }
      assert.equal(await store.deleteTenant(a), 3);
      assert.deepEqual(await store.listArtifacts(a, 'profile'), []);
      assert.deepEqual(await store.listDeployments(a), []);
      assert.equal((await store.listArtifacts(b, 'profile')).length, 1);
      assert.equal((await store.listArtifacts(b, 'flow')).length, 1);
      assert.equal((await store.listDeployments(b)).length, 1);
      assert.equal(await store.deleteTenant(a), 0);
    }));

  test('publishedDate is ISO 8601 UTC with milliseconds and moves forward on replace', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const created = await store.createArtifact({ tenant, kind: 'profile', id: 'p', body: {} });
      assert.ok(created.ok);
      assert.match(created.artifact.publishedDate, ISO_MILLIS_UTC);
      await sleep(5);
      const replaced = await store.replaceArtifact({ tenant, kind: 'profile', id: 'p', body: { v: 2 } });
      assert.match(replaced!.publishedDate, ISO_MILLIS_UTC);
      assert.ok(replaced!.publishedDate > created.artifact.publishedDate);
      await store.applyCartridge(tenant, 'c', [{ tenant, kind: 'dictionary', id: 'd', body: {} }]);
      for (const a of await store.listArtifacts(tenant, 'dictionary')) assert.match(a.publishedDate, ISO_MILLIS_UTC);
    }));

  test('20 concurrent creates of one id: exactly one succeeds, the rest conflict', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.createArtifact({ tenant, kind: 'profile', id: 'race', body: { i } })));
      const winners = results.filter((r) => r.ok);
      assert.equal(winners.length, 1);
      assert.ok(results.every((r) => r.ok || r.reason === 'conflict'));
      assert.deepEqual((await store.getArtifact(tenant, 'profile', 'race'))?.body, winners[0]!.ok ? winners[0]!.artifact.body : undefined);
    }));

  test('applyCartridge replaces exactly the cartridge set and nothing else', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant('a');
      const other = uniqueTenant('b');
      const art = (t: string, kind: ArtifactKind, id: string, v: number): NewArtifact => ({ tenant: t, kind, id, body: { v } });
      await store.createArtifact(art(tenant, 'profile', 'own', 0));
      await store.applyCartridge(tenant, 'c1', [art(tenant, 'profile', 'p1', 1), art(tenant, 'dictionary', 'd1', 1)]);
      await store.applyCartridge(tenant, 'c2', [art(tenant, 'dictionary', 'd2', 1)]);
      await store.applyCartridge(other, 'c1', [art(other, 'profile', 'p1', 1), art(other, 'dictionary', 'd1', 1)]);

      await store.applyCartridge(tenant, 'c1', [art(tenant, 'profile', 'p1', 2), art(tenant, 'flow', 'f1', 2)]);
      const snapshot = async (t: string) =>
        (await Promise.all((['profile', 'flow', 'dictionary'] as const).map((k) => store.listArtifacts(t, k)))).flat().map((a) => [a.kind, a.id, a.cartridgeId, a.body]);
      assert.deepEqual(await snapshot(tenant), [
        ['profile', 'own', null, { v: 0 }],
        ['profile', 'p1', 'c1', { v: 2 }],
        ['flow', 'f1', 'c1', { v: 2 }],
        ['dictionary', 'd2', 'c2', { v: 1 }],
      ]);
      assert.deepEqual(await snapshot(other), [
        ['profile', 'p1', 'c1', { v: 1 }],
        ['dictionary', 'd1', 'c1', { v: 1 }],
      ]);
      await store.applyCartridge(tenant, 'c1', []);
      assert.deepEqual((await snapshot(tenant)).map((r) => r[1]), ['own', 'd2']);
    }));

  test('hasArtifact tells whether the tenant has an artifact of that kind and id', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      await store.createArtifact({ tenant, kind: 'profile', id: 'p1', body: {} });
      await store.applyCartridge(tenant, 'c1', [{ tenant, kind: 'dictionary', id: 'd1', bodyJson: '{"concepts":[]}' }]);
      assert.deepEqual(
        await Promise.all([
          store.hasArtifact(tenant, 'profile', 'p1'),
          store.hasArtifact(tenant, 'dictionary', 'd1'),
          store.hasArtifact(tenant, 'flow', 'p1'),
          store.hasArtifact(tenant, 'profile', 'p2'),
          store.hasArtifact(uniqueTenant(), 'profile', 'p1'),
        ]),
        [true, true, false, false, false],
      );
      await store.deleteArtifact(tenant, 'profile', 'p1');
      assert.equal(await store.hasArtifact(tenant, 'profile', 'p1'), false);
    }));

  test('applyCartridge writes bodies given as JSON text (EncodedArtifact) as it writes bodies given as values', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const body = { id: 'd1', concepts: [{ id: 'C1', surfaceForms: ['café ✓ 痛み'] }], z: 1, a: null };
      const encoded: EncodedArtifact = { tenant, kind: 'dictionary', id: 'd1', bodyJson: JSON.stringify(body) };
      await store.applyCartridge(tenant, 'c1', [encoded, { tenant, kind: 'profile', id: 'p1', body: { v: 1 } }]);
      const got = await store.getArtifact(tenant, 'dictionary', 'd1');
      assert.deepEqual([got?.body, got?.cartridgeId], [body, 'c1']);
      assert.deepEqual(Object.keys(got!.body as object), Object.keys(body), 'key order is kept');
      assert.deepEqual((await store.getArtifact(tenant, 'profile', 'p1'))?.body, { v: 1 });
    }));

  test('applyCartridge writes bodies given as the UTF-8 bytes of their JSON text as it writes the text', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const body = { id: 'd1', concepts: [{ id: 'C1', surfaceForms: ['café ✓ 痛み 😀'] }], z: 1 };
      const bytes = new Uint8Array(Buffer.from(JSON.stringify(body), 'utf8'));
      const slice = Buffer.from(`xx${JSON.stringify({ v: 'é' })}yy`, 'utf8').subarray(2, -2);
      await store.applyCartridge(tenant, 'c1', [{ tenant, kind: 'dictionary', id: 'd1', bodyJson: bytes }, { tenant, kind: 'dictionary', id: 'd2', bodyJson: slice }]);
      const got = await store.getArtifact(tenant, 'dictionary', 'd1');
      assert.deepEqual([got?.body, got?.cartridgeId], [body, 'c1']);
      assert.deepEqual((await store.getArtifact(tenant, 'dictionary', 'd2'))?.body, { v: 'é' }, 'a view into a larger buffer is written as its own bytes');
    }));

  test('applyCartridge with a body that is not JSON text fails and leaves the previous set intact', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      await store.applyCartridge(tenant, 'c1', [{ tenant, kind: 'dictionary', id: 'd1', bodyJson: '{"v":1}' }]);
      const expected = await store.listArtifacts(tenant, 'dictionary');
      await assert.rejects(store.applyCartridge(tenant, 'c1', [
        { tenant, kind: 'profile', id: 'p1', body: { v: 2 } },
        { tenant, kind: 'dictionary', id: 'd1', bodyJson: '{"v":2' },
      ]));
      assert.deepEqual(await store.listArtifacts(tenant, 'dictionary'), expected);
      assert.deepEqual(await store.listArtifacts(tenant, 'profile'), []);
    }));

  for (const [label, bad] of [
    ['a body JSON cannot represent', { kind: 'library', body: { n: 10n } }],
    ['an invalid kind', { kind: 'not_a_kind', body: {} }],
  ] as const) {
    test(`applyCartridge failing midway on ${label} leaves the previous set intact`, () =>
      withStore(make, async ({ store }) => {
        const tenant = uniqueTenant();
        const before: NewArtifact[] = [
          { tenant, kind: 'profile', id: 'p1', body: { v: 1 } },
          { tenant, kind: 'dictionary', id: 'd1', body: { v: 1 } },
        ];
        await store.applyCartridge(tenant, 'c1', before);
        const expected = [...(await store.listArtifacts(tenant, 'profile')), ...(await store.listArtifacts(tenant, 'dictionary'))];
        const next = [
          { tenant, kind: 'profile', id: 'p1', body: { v: 2 } },
          { tenant, kind: 'flow', id: 'f1', body: { v: 2 } },
          { tenant, kind: bad.kind as ArtifactKind, id: 'bad', body: bad.body },
        ] satisfies NewArtifact[];
        await assert.rejects(store.applyCartridge(tenant, 'c1', next));
        const after = [...(await store.listArtifacts(tenant, 'profile')), ...(await store.listArtifacts(tenant, 'dictionary'))];
        assert.deepEqual(after, expected);
        assert.deepEqual(await store.listArtifacts(tenant, 'flow'), []);
      }));
  }
}
