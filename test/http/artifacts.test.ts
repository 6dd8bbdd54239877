// Profiles and flows over HTTP, against both stores: every row of the specification's state table,
// validation, generated ids, reserved prefixes, tenant isolation, system-tenant fallback, concurrency
// and DELETE /v1/user_data.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SYSTEM_TENANT } from '../../src/artifacts/reserved.js';
import { BACKENDS, FLOW, ISO_MILLIS_UTC, PROFILE, assertServiceError, startServer, uniqueTenant, v, type TestServer } from './harness.js';

interface KindCase {
  readonly kind: 'profile' | 'flow';
  readonly path: string;
  readonly sample: Record<string, unknown>;
  /** A different valid body for replacement. */
  readonly replacement: Record<string, unknown>;
  /** Bodies that must be rejected with 400, and a text the description must contain. */
  readonly invalid: readonly { body: unknown; says: string }[];
  /** Builds a valid body using the given annotator name. */
  withAnnotator(name: string, parameters?: unknown): Record<string, unknown>;
}

/** `{"a": {"a": ... 1}}`, `levels` objects deep: deeper than a store can write as JSON. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const KINDS: readonly KindCase[] = [
  {
    kind: 'profile',
    path: '/v1/profiles',
    sample: PROFILE,
    replacement: { id: PROFILE.id, name: 'Renamed', annotators: [{ name: 'concept_value' }] },
    invalid: [
      { body: { id: 'p1', name: 'x' }, says: 'annotators' },
      { body: { id: 'p1', annotators: 'concept_detection' }, says: 'annotators' },
      { body: { id: 'p1', annotators: [{ parameters: {} }] }, says: 'annotators[0].name' },
      { body: { id: 'p1', annotators: [{ name: 'concept_discovery' }] }, says: 'concept_discovery' },
      { body: { id: 'p1', annotators: [{ name: 'negation', parameters: { scope: 'x' } }] }, says: 'scope' },
      { body: { id: 'p1', annotators: [{ name: 'negation', parameters: { scope: [1] } }] }, says: 'scope' },
      { body: { id: 'p1', name: 5, annotators: [] }, says: 'name' },
      { body: ['not', 'an', 'object'], says: 'body' },
      { body: { id: 'p1', annotators: [{ name: 'negation' }], extra: nested(1000) }, says: 'deeper than 64' },
    ],
    withAnnotator: (name, parameters) => ({ id: 'p1', annotators: [{ name, ...(parameters === undefined ? {} : { parameters }) }] }),
  },
  {
    kind: 'flow',
    path: '/v1/flows',
    sample: FLOW,
    replacement: { id: FLOW.id, name: 'Renamed', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_value' } }] } }] },
    invalid: [
      { body: { id: 'f1', name: 'x' }, says: 'annotatorFlows' },
      { body: { id: 'f1', annotatorFlows: [] }, says: 'annotatorFlows' },
      { body: { id: 'f1', annotatorFlows: [{ profile: 'p' }] }, says: 'missing flow' },
      { body: { id: 'f1', annotatorFlows: [{ flow: { async: false } }] }, says: 'elements' },
      { body: { id: 'f1', annotatorFlows: [{ flow: { elements: [{ something: 1 }] } }] }, says: 'elements[0]' },
      { body: { id: 'f1', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_discovery' } }] } }] }, says: 'concept_discovery' },
      { body: { id: 'f1', annotatorFlows: [{ flow: { elements: [{ flow: { elements: [{ annotator: { name: 'nope' } }] } }] } }] }, says: '"nope"' },
      { body: { id: 'f1', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'negation', parameters: { bad_param: 'true' } } }] } }] }, says: 'bad_param' },
      { body: { id: 'f1', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'negation' } }] } }], extra: nested(1000) }, says: 'deeper than 64' },
    ],
    withAnnotator: (name, parameters) => ({ id: 'f1', annotatorFlows: [{ flow: { elements: [{ annotator: { name, ...(parameters === undefined ? {} : { parameters }) } }] } }] }),
  },
];

for (const backend of BACKENDS) {
  describe(`profiles and flows over HTTP (${backend.name})`, { skip: backend.skip ?? false }, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer({ backend });
    });
    after(async () => {
      await server?.close();
    });
    const as = (tenant: string) => ({ 'X-IBM-Client-ID': tenant });

    for (const k of KINDS) {
      describe(k.path, () => {
        test('absent + POST valid → 201 with the definition; GET returns it', async () => {
          const h = as(uniqueTenant());
          const created = await server.call('POST', v(k.path), { json: k.sample, headers: h });
          assert.equal(created.status, 201, created.text);
          assert.match(created.headers.get('x-correlation-id') ?? '', /.+/);
          assert.equal(created.body.id, k.sample.id);
          assert.match(created.body.publishedDate, ISO_MILLIS_UTC);
          assert.deepEqual({ ...created.body, publishedDate: undefined }, { ...k.sample, publishedDate: undefined });
          const read = await server.call('GET', v(`${k.path}/${String(k.sample.id)}`), { headers: h });
          assert.equal(read.status, 200);
          assert.deepEqual(read.body, created.body);
        });

        test('present + POST same id → 409, definition unchanged', async () => {
          const h = as(uniqueTenant());
          assert.equal((await server.call('POST', v(k.path), { json: k.sample, headers: h })).status, 201);
          const again = await server.call('POST', v(k.path), { json: { ...k.replacement, id: k.sample.id }, headers: h });
          assertServiceError(again, 409, String(k.sample.id));
          const read = await server.call('GET', v(`${k.path}/${String(k.sample.id)}`), { headers: h });
          assert.equal(read.body.name, k.sample.name);
        });

        test('POST with a reserved prefix → 403 (acd., wh_acd., clinical_annotator., any case)', async () => {
          const h = as(uniqueTenant());
          for (const id of ['acd.x', 'wh_acd.ibm_clinical_insights_v1.0_profile', 'clinical_annotator.default', 'ACD.upper']) {
            const res = await server.call('POST', v(k.path), { json: { ...k.sample, id }, headers: h });
            assertServiceError(res, 403, 'reserved prefix');
          }
          const list = await server.call('GET', v(k.path), { headers: h });
          assert.deepEqual(list.body, {});
        });

        test('POST invalid bodies → 400 naming the problem; nothing is stored', async () => {
          const h = as(uniqueTenant());
          for (const { body, says } of k.invalid) {
            const res = await server.call('POST', v(k.path), { json: body, headers: h });
            assertServiceError(res, 400, says);
          }
          assert.deepEqual((await server.call('GET', v(k.path), { headers: h })).body, {});
        });

        test('every ACD annotator id is accepted, with string-array parameters', async () => {
          const h = as(uniqueTenant());
          const res = await server.call('POST', v(k.path), { json: k.withAnnotator('model_broker', { link_all_temporal_candidates: ['false'] }), headers: h });
          assert.equal(res.status, 201, res.text);
        });

        test('present + PUT valid → 200, definition fully replaced', async () => {
          const h = as(uniqueTenant());
          const id = String(k.sample.id);
          const created = await server.call('POST', v(k.path), { json: k.sample, headers: h });
          const put = await server.call('PUT', v(`${k.path}/${id}`), { json: k.replacement, headers: h });
          assert.equal(put.status, 200, put.text);
          assert.equal(put.body.name, 'Renamed');
          assert.equal('description' in put.body, false, 'fields absent from the PUT body are gone');
          assert.match(put.body.publishedDate, ISO_MILLIS_UTC);
          assert.ok(put.body.publishedDate >= created.body.publishedDate);
          const read = await server.call('GET', v(`${k.path}/${id}`), { headers: h });
          assert.deepEqual(read.body, put.body);
        });

        test('absent + PUT → 404, nothing is created', async () => {
          const h = as(uniqueTenant());
          const res = await server.call('PUT', v(`${k.path}/${String(k.sample.id)}`), { json: k.sample, headers: h });
          assertServiceError(res, 404, String(k.sample.id));
          assertServiceError(await server.call('GET', v(`${k.path}/${String(k.sample.id)}`), { headers: h }), 404);
        });

        test('PUT invalid → 400, reserved → 403, body id ≠ path id → 400; definition unchanged', async () => {
          const h = as(uniqueTenant());
          const id = String(k.sample.id);
          await server.call('POST', v(k.path), { json: k.sample, headers: h });
          for (const { body, says } of k.invalid) {
            const res = await server.call('PUT', v(`${k.path}/${id}`), { json: typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, id } : body, headers: h });
            assertServiceError(res, 400, says);
          }
          assertServiceError(await server.call('PUT', v(`${k.path}/wh_acd.x`), { json: k.sample, headers: h }), 403);
          assertServiceError(await server.call('PUT', v(`${k.path}/${id}`), { json: { ...k.replacement, id: 'other-id' }, headers: h }), 400, 'other-id');
          const read = await server.call('GET', v(`${k.path}/${id}`), { headers: h });
          assert.equal(read.body.name, k.sample.name);
        });

        test('PUT without name or id (GO/NODE SDK bodies) → 200', async () => {
          const h = as(uniqueTenant());
          const id = String(k.sample.id);
          await server.call('POST', v(k.path), { json: k.sample, headers: h });
          const { id: _id, name: _name, ...rest } = k.replacement;
          const put = await server.call('PUT', v(`${k.path}/${id}`), { json: rest, headers: h });
          assert.equal(put.status, 200, put.text);
          assert.equal(put.body.id, id);
          assert.equal('name' in put.body, false);
        });

        test('present + DELETE → 200 with the removed definition; then absent (GET/PUT/DELETE → 404)', async () => {
          const h = as(uniqueTenant());
          const id = String(k.sample.id);
          const created = await server.call('POST', v(k.path), { json: k.sample, headers: h });
          const del = await server.call('DELETE', v(`${k.path}/${id}`), { headers: h });
          assert.equal(del.status, 200);
          assert.deepEqual(del.body, created.body);
          assertServiceError(await server.call('GET', v(`${k.path}/${id}`), { headers: h }), 404);
          assertServiceError(await server.call('DELETE', v(`${k.path}/${id}`), { headers: h }), 404);
          assertServiceError(await server.call('PUT', v(`${k.path}/${id}`), { json: k.sample, headers: h }), 404);
          assert.deepEqual((await server.call('GET', v(k.path), { headers: h })).body, {});
        });

        test('DELETE of a reserved id → 403', async () => {
          assertServiceError(await server.call('DELETE', v(`${k.path}/acd.acd_clinical_insights_v1.0_profile`), { headers: as(uniqueTenant()) }), 403);
        });

        test('invalid ids in the path or body → 400', async () => {
          const h = as(uniqueTenant());
          for (const bad of ['.hidden', 'a'.repeat(257), 'sp%20ace', 'semi%3Bcolon']) {
            assertServiceError(await server.call('GET', v(`${k.path}/${bad}`), { headers: h }), 400);
          }
          assertServiceError(await server.call('POST', v(k.path), { json: { ...k.sample, id: 'has space' }, headers: h }), 400, 'has space');
          assertServiceError(await server.call('POST', v(k.path), { json: { ...k.sample, id: 'x'.repeat(257) }, headers: h }), 400);
          assert.equal((await server.call('POST', v(k.path), { json: { ...k.sample, id: 'x'.repeat(256) }, headers: h })).status, 201);
        });

        test('empty id → generated from name (lower-case, runs of other characters → _, trimmed)', async () => {
          const h = as(uniqueTenant());
          const made = await server.call('POST', v(k.path), { json: { ...k.sample, id: '', name: '  My Flow (v2.1) — Draft! ' }, headers: h });
          assert.equal(made.status, 201, made.text);
          assert.equal(made.body.id, 'my_flow_v2.1_draft');
          assert.equal((await server.call('GET', v(`${k.path}/my_flow_v2.1_draft`), { headers: h })).status, 200);
          const missing = await server.call('POST', v(k.path), { json: { ...k.sample, id: undefined, name: 'Other-Name' }, headers: h });
          assert.equal(missing.body.id, 'other-name');
          assertServiceError(await server.call('POST', v(k.path), { json: { ...k.sample, id: '', name: ' !!! ' }, headers: h }), 400);
          assertServiceError(await server.call('POST', v(k.path), { json: { ...k.sample, id: '', name: undefined }, headers: h }), 400);
          assertServiceError(await server.call('POST', v(k.path), { json: { ...k.sample, id: '', name: 'ACD. reserved' }, headers: h }), 403);
        });

        test('list: id → summary with publishedDate (flows: description)', async () => {
          const h = as(uniqueTenant());
          await server.call('POST', v(k.path), { json: k.sample, headers: h });
          await server.call('POST', v(k.path), { json: { ...k.sample, id: 'second', description: undefined }, headers: h });
          const list = await server.call('GET', v(k.path), { headers: h });
          assert.equal(list.status, 200);
          assert.deepEqual(Object.keys(list.body).sort(), [String(k.sample.id), 'second'].sort());
          for (const entry of Object.values<Record<string, unknown>>(list.body)) assert.match(String(entry.publishedDate), ISO_MILLIS_UTC);
          if (k.kind === 'flow') {
            assert.equal(list.body[String(k.sample.id)].description, k.sample.description);
            assert.equal(list.body.second.description, '');
          }
        });

        test('client publishedDate is ignored; extra SDK fields are kept', async () => {
          const h = as(uniqueTenant());
          const body = { ...k.sample, publishedDate: '2020-01-01', publish: false, version: '1.0', cartridgeId: 'my_cartridge', custom: { nested: [1, 'two'] } };
          const made = await server.call('POST', v(k.path), { json: body, headers: h });
          assert.equal(made.status, 201, made.text);
          assert.notEqual(made.body.publishedDate, '2020-01-01');
          assert.match(made.body.publishedDate, ISO_MILLIS_UTC);
          assert.equal(made.body.publish, false);
          assert.equal(made.body.version, '1.0');
          assert.equal(made.body.cartridgeId, 'my_cartridge');
          assert.deepEqual(made.body.custom, { nested: [1, 'two'] });
        });

        test("tenant isolation: B cannot read, list, replace or delete A's; B may use the same id", async () => {
          const a = as(uniqueTenant('a'));
          const b = as(uniqueTenant('b'));
          const id = String(k.sample.id);
          assert.equal((await server.call('POST', v(k.path), { json: k.sample, headers: a })).status, 201);
          assertServiceError(await server.call('GET', v(`${k.path}/${id}`), { headers: b }), 404);
          assert.deepEqual((await server.call('GET', v(k.path), { headers: b })).body, {});
          assertServiceError(await server.call('PUT', v(`${k.path}/${id}`), { json: k.replacement, headers: b }), 404);
          assertServiceError(await server.call('DELETE', v(`${k.path}/${id}`), { headers: b }), 404);
          assert.equal((await server.call('POST', v(k.path), { json: { ...k.replacement, id }, headers: b })).status, 201);
          const aRead = await server.call('GET', v(`${k.path}/${id}`), { headers: a });
          assert.equal(aRead.body.name, k.sample.name);
          const bRead = await server.call('GET', v(`${k.path}/${id}`), { headers: b });
          assert.equal(bRead.body.name, 'Renamed');
        });

        test('reads fall back to the system tenant; the tenant’s own artifact wins; writes never touch it', async () => {
          const h = as(uniqueTenant());
          const sysId = `sys-${k.kind}-${Math.random().toString(36).slice(2)}`;
          await server.store.createArtifact({ tenant: SYSTEM_TENANT, kind: k.kind, id: sysId, body: { ...k.sample, id: sysId, name: 'System' } });
          try {
            const read = await server.call('GET', v(`${k.path}/${sysId}`), { headers: h });
            assert.equal(read.status, 200);
            assert.equal(read.body.name, 'System');
            assert.ok(sysId in (await server.call('GET', v(k.path), { headers: h })).body);
            assertServiceError(await server.call('PUT', v(`${k.path}/${sysId}`), { json: { ...k.sample, id: sysId }, headers: h }), 404);
            assertServiceError(await server.call('DELETE', v(`${k.path}/${sysId}`), { headers: h }), 404);
            assert.equal((await server.call('POST', v(k.path), { json: { ...k.sample, id: sysId, name: 'Own' }, headers: h })).status, 201);
            assert.equal((await server.call('GET', v(`${k.path}/${sysId}`), { headers: h })).body.name, 'Own');
            const list = await server.call('GET', v(k.path), { headers: h });
            if (k.kind === 'profile') assert.equal(list.body[sysId].name, 'Own');
            const sys = await server.store.getArtifact(SYSTEM_TENANT, k.kind, sysId);
            assert.equal((sys?.body as { name: string }).name, 'System');
          } finally {
            await server.store.deleteArtifact(SYSTEM_TENANT, k.kind, sysId);
          }
        });

        test('concurrent POSTs of one id → exactly one 201, the rest 409', async () => {
          const h = as(uniqueTenant());
          const results = await Promise.all(
            Array.from({ length: 12 }, (_, i) => server.call('POST', v(k.path), { json: { ...k.sample, id: 'race', name: `n${i}` }, headers: h })),
          );
          const statuses = results.map((r) => r.status).sort();
          assert.deepEqual(statuses, [201, ...Array<number>(11).fill(409)]);
          const winner = results.find((r) => r.status === 201);
          assert.equal((await server.call('GET', v(`${k.path}/race`), { headers: h })).body.name, winner?.body.name);
        });
      });
    }

    test('DELETE /v1/user_data → 204 without body; only that tenant is emptied', async () => {
      const a = as(uniqueTenant('a'));
      const b = as(uniqueTenant('b'));
      for (const h of [a, b]) {
        await server.call('POST', v('/v1/profiles'), { json: PROFILE, headers: h });
        await server.call('POST', v('/v1/flows'), { json: FLOW, headers: h });
      }
      const del = await server.call('DELETE', v('/v1/user_data'), { headers: a });
      assert.equal(del.status, 204);
      assert.equal(del.text, '');
      assert.match(del.headers.get('x-correlation-id') ?? '', /.+/);
      assert.deepEqual((await server.call('GET', v('/v1/profiles'), { headers: a })).body, {});
      assert.deepEqual((await server.call('GET', v('/v1/flows'), { headers: a })).body, {});
      assert.deepEqual(Object.keys((await server.call('GET', v('/v1/profiles'), { headers: b })).body), [PROFILE.id]);
      assert.equal((await server.call('DELETE', v('/v1/user_data'), { headers: a })).status, 204);
    });

    test('tenant from X-Watson-UserInfo when the configured header is absent; bad tenant ids → 400', async () => {
      const tenant = uniqueTenant('w');
      await server.call('POST', v('/v1/profiles'), { json: PROFILE, headers: { 'X-Watson-UserInfo': `bluemix-instance-id=${tenant}` } });
      assert.equal((await server.call('GET', v(`/v1/profiles/${PROFILE.id}`), { headers: as(tenant) })).status, 200);
      for (const bad of ['__system__', 'has space', 'x'.repeat(129), '*']) {
        assertServiceError(await server.call('GET', v('/v1/profiles'), { headers: as(bad) }), 400, 'tenant');
      }
    });
  });
}
