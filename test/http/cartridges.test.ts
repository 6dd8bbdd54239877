// /v1/cartridges and /v1/deploy over a real socket, with real zip archives and a real SQLite store:
// every row of the deployment state table, both upload formats, the real ACD cartridge, archive
// safety limits, a concurrent redeploy race, tenant isolation and the deprecated synchronous deploy.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { SYSTEM_TENANT } from '../../src/artifacts/reserved.js';
import { buildCartridgeFromSources } from '../../src/cartridge/build-cartridge.js';
import { createDeploymentRunner } from '../../src/cartridge/deployment-runner.js';
import { validateCartridge } from '../../src/cartridge/validate-cartridge.js';
import { BACKENDS, ISO_MILLIS_UTC, UUID, assertServiceError, startServer, uniqueTenant, v, type TestServer } from './harness.js';
import { REAL_CARTRIDGE, REAL_ID, artifactIdsOf, makeCartridge, upload, uploadMultipart, waitForFinished, zipOf, zipWithTraversal } from './cartridges-fixtures.js';

const tenantHeaders = (tenant: string) => ({ 'x-ibm-client-id': tenant });

for (const backend of BACKENDS) describe(`cartridge deployment, runner on (${backend.name})`, { skip: backend.skip ?? false }, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ backend });
  });
  after(async () => server.close());

  test('POST a new cartridge: 202 status + Location; it completes with endTime, duration and per-artifact responses', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const id = 'test.create_v1.0';
    const ids = artifactIdsOf(id);
    const res = await upload(server, 'POST', await makeCartridge({ id }), { ...headers, 'x-correlation-id': 'corr-post-1' });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.headers.get('location'), `/v1/cartridges/${id}`);
    assert.deepEqual(Object.keys(res.body).sort(), ['artifactResponseCode', 'correlationId', 'id', 'startTime', 'status', 'statusCode', 'statusLocation']);
    assert.deepEqual([res.body.id, res.body.status, res.body.statusCode, res.body.statusLocation, res.body.correlationId, res.body.artifactResponseCode],
      [id, 'submitted', 202, `api/v1/cartridges/${id}`, 'corr-post-1', 0]);
    assert.match(res.body.startTime, ISO_MILLIS_UTC);

    const done = await waitForFinished(server, id, headers);
    assert.equal(done.status, 'completed');
    assert.equal(done.artifactResponseCode, 200);
    assert.match(done.endTime, ISO_MILLIS_UTC);
    assert.ok(done.endTime >= done.startTime);
    assert.equal(done.duration, String(Math.floor((Date.parse(done.endTime) - Date.parse(done.startTime)) / 1000)));
    assert.equal(done.statusCode, undefined);
    const byArtifact = new Map((done.artifactResponse as any[]).map((r) => [r.artifact, r]));
    assert.deepEqual([...byArtifact.keys()].sort(), [ids.dictionary, ids.library, ids.profile, ids.flow].sort());
    assert.deepEqual(byArtifact.get(ids.profile), { code: 201, message: 'Created', level: 'INFO', description: `Profile ${ids.profile} created.`, artifact: ids.profile });

    const profile = await server.call('GET', v(`/v1/profiles/${ids.profile}`), { headers });
    assert.equal(profile.status, 200);
    assert.equal(profile.body.description, 'version 1');
    const flow = await server.call('GET', v(`/v1/flows/${ids.flow}`), { headers });
    assert.equal(flow.status, 200);
    assert.equal(flow.body.annotatorFlows[0].profile, ids.profile);

    const list = await server.call('GET', v('/v1/cartridges'), { headers });
    assert.equal(list.status, 200);
    assert.equal(list.body.cartridges.length, 1);
    const { artifactResponse: _omit, ...withoutResponses } = done;
    assert.deepEqual(list.body.cartridges[0], withoutResponses);
  });

  test('POST an existing deployment: 409 CARTRIDGE_EXISTS; PUT an unknown one: 404 CARTRIDGE_NOT_FOUND', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const archive = await makeCartridge({ id: 'test.exists_v1.0' });
    assert.equal((await upload(server, 'POST', archive, headers)).status, 202);
    const again = await upload(server, 'POST', archive, headers);
    assertServiceError(again, 409, 'already exists');
    assert.equal(again.body.message, 'Cartridge deployment already exists (Use PUT for updating).');

    const unknown = await upload(server, 'PUT', await makeCartridge({ id: 'test.never_v1.0' }), headers);
    assertServiceError(unknown, 404, 'use POST');
    assert.equal(unknown.body.message, 'Cartridge deployment is NOT found (use POST for creation).');
    const missing = await server.call('GET', v('/v1/cartridges/test.never_v1.0'), { headers });
    assertServiceError(missing, 404, 'Cartridge id not found');
    assert.equal(missing.body.message, 'Cartridge ID not found.');
  });

  test('PUT after completion: 202, and the redeployment replaces the artifacts (200 "updated")', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const id = 'test.update_v1.0';
    const ids = artifactIdsOf(id);
    assert.equal((await upload(server, 'POST', await makeCartridge({ id }), headers)).status, 202);
    await waitForFinished(server, id, headers);
    const put = await upload(server, 'PUT', await makeCartridge({ id, description: 'version 2' }), headers);
    assert.equal(put.status, 202, put.text);
    assert.equal(put.body.status, 'submitted');
    const done = await waitForFinished(server, id, headers);
    assert.equal(done.status, 'completed');
    const profile = (done.artifactResponse as any[]).find((r) => r.artifact === ids.profile);
    assert.deepEqual(profile, { code: 200, message: 'OK', level: 'INFO', description: `Profile ${ids.profile} updated.`, artifact: ids.profile });
    assert.equal((await server.call('GET', v(`/v1/profiles/${ids.profile}`), { headers })).body.description, 'version 2');
  });

  test('multipart/form-data with part archive_file (what the SDKs send) deploys like a raw body', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const id = 'test.multipart_v1.0';
    const res = await uploadMultipart(server, 'POST', await makeCartridge({ id }), { ...headers, 'x-forwarded-prefix': '/services/clinical_data_annotator/api' });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.id, id);
    assert.equal(res.headers.get('location'), `/services/clinical_data_annotator/api/v1/cartridges/${id}`, 'behind a proxy that says where it mounts the service');
    assert.equal((await waitForFinished(server, id, headers)).status, 'completed');
    const put = await uploadMultipart(server, 'PUT', await makeCartridge({ id, description: 'v2' }), headers);
    assert.equal(put.status, 202, put.text);
    await waitForFinished(server, id, headers);
  });

  test('an archive with an invalid artifact is accepted, then fails with 400 responses and writes nothing', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const id = 'test.invalid_v1.0';
    const ids = artifactIdsOf(id);
    const res = await upload(server, 'POST', await makeCartridge({ id, profileAnnotator: 'no_such_annotator' }), headers);
    assert.equal(res.status, 202, res.text);
    const done = await waitForFinished(server, id, headers);
    assert.equal(done.status, 'failed');
    assert.equal(done.artifactResponseCode, 400);
    assert.match(done.duration, /^\d+$/);
    const profile = (done.artifactResponse as any[]).find((r) => r.artifact === ids.profile);
    assert.equal(profile.code, 400);
    assert.match(profile.description, /no_such_annotator/);
    const flow = (done.artifactResponse as any[]).find((r) => r.artifact === ids.flow);
    assert.deepEqual([flow.code, flow.message], [400, 'Not deployed']);
    assert.equal((await server.call('GET', v(`/v1/flows/${ids.flow}`), { headers })).status, 404);
  });

  test('unreadable and unsafe archives answer 400 CARTRIDGE_NOT_ACCESSIBLE with the issue, and record nothing', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const bomb = await zipOf([
      { name: 'metadata', data: Buffer.from('{"id":"test.bomb_v1.0","name":"b","namespace":"test","artifacts":[]}') },
      { name: 'artifacts/x/payload', data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    assert.ok(bomb.length < 200 * 1024, 'the bomb is small on the wire');
    const manyEntries = await zipOf([
      { name: 'metadata', data: Buffer.from('{"id":"test.many_v1.0","name":"m","namespace":"test","artifacts":[]}') },
      ...Array.from({ length: 5_001 }, (_, i) => ({ name: `stray/${i}`, data: Buffer.from('x'), compress: false })),
    ]);
    const noManifest = await zipOf([{ name: 'artifacts/a/metadata', data: Buffer.from('{}') }]);
    const cases: [string, Buffer, RegExp][] = [
      ['zip bomb', bomb, /COMPRESSION_RATIO/],
      ['../ entry', await zipWithTraversal(), /UNSAFE_PATH.*\.\./],
      ['5,001 entries', manyEntries, /TOO_MANY_ENTRIES/],
      ['not a zip', Buffer.from('this is not a zip archive at all'), /NOT_A_ZIP/],
      ['no manifest', noManifest, /MISSING_MANIFEST/],
    ];
    for (const [label, archive, issue] of cases) {
      for (const method of ['POST', 'PUT'] as const) {
        const res = await upload(server, method, archive, headers);
        assertServiceError(res, 400, issue);
        assert.equal(res.body.message, 'Cartridge is not accessible.', label);
      }
    }
    const multipartBomb = await uploadMultipart(server, 'POST', bomb, headers);
    assertServiceError(multipartBomb, 400, /COMPRESSION_RATIO/);
    const deploy = await upload(server, 'POST', bomb, headers, '/v1/deploy');
    assertServiceError(deploy, 400, /COMPRESSION_RATIO/);
    assert.deepEqual((await server.call('GET', v('/v1/cartridges'), { headers })).body, { cartridges: [] });
  });

  test('requests without an archive, or with a JSON body, are refused', async () => {
    const headers = tenantHeaders(uniqueTenant());
    assertServiceError(await server.call('POST', v('/v1/cartridges'), { headers }), 400, 'no cartridge archive');
    assertServiceError(await server.call('POST', v('/v1/cartridges'), { headers, json: { id: 'x' } }), 415);
    const form = new FormData();
    form.append('other', 'text only');
    const res = await fetch(`${server.baseUrl}${v('/v1/cartridges')}`, { method: 'POST', body: form, headers });
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as { description: string }).description, /archive_file/);
    assertServiceError(await server.call('GET', '/v1/cartridges', { headers }), 400);
  });

  test('a manifest listing more artifacts than a cartridge may hold answers 400 at upload; nothing is recorded', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const artifacts = Array.from({ length: 100_000 }, (_, i) => `test.many_${i}`);
    const zip = await zipOf([{ name: 'metadata', data: JSON.stringify({ id: 'test.many_v1.0', name: 'Many', namespace: 'test', artifacts }) }]);
    assertServiceError(await upload(server, 'POST', zip, headers), 400, /INVALID_MANIFEST metadata: "artifacts" lists 100,000 ids/);
    assert.deepEqual((await server.call('GET', v('/v1/cartridges'), { headers })).body, { cartridges: [] });
  });

  test('a malformed multipart body (truncated, or without a boundary) is a 400, not a 500; nothing is recorded', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const truncated = '--xx\r\nContent-Disposition: form-data; name="archive_file"; filename="c.zip"\r\nContent-Type: application/octet-stream\r\n\r\nPK';
    for (const path of ['/v1/cartridges', '/v1/deploy']) {
      assertServiceError(await server.call('POST', v(path), { raw: truncated, headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xx' } }), 400, /multipart/);
      assertServiceError(await server.call('POST', v(path), { raw: 'PK', headers: { ...headers, 'content-type': 'multipart/form-data' } }), 400, /multipart/);
    }
    assert.deepEqual((await server.call('GET', v('/v1/cartridges'), { headers })).body, { cartridges: [] });
  });

  test('tenants are isolated: statuses, artifacts and ids belong to the tenant that deployed them', async () => {
    const a = tenantHeaders(uniqueTenant('a'));
    const b = tenantHeaders(uniqueTenant('b'));
    const id = 'test.isolated_v1.0';
    const ids = artifactIdsOf(id);
    assert.equal((await upload(server, 'POST', await makeCartridge({ id }), a)).status, 202);
    await waitForFinished(server, id, a);
    assertServiceError(await server.call('GET', v(`/v1/cartridges/${id}`), { headers: b }), 404, 'Cartridge id not found');
    assert.deepEqual((await server.call('GET', v('/v1/cartridges'), { headers: b })).body, { cartridges: [] });
    assert.equal((await server.call('GET', v(`/v1/profiles/${ids.profile}`), { headers: b })).status, 404);
    assertServiceError(await upload(server, 'PUT', await makeCartridge({ id }), b), 404);
    assert.equal((await upload(server, 'POST', await makeCartridge({ id, description: 'b' }), b)).status, 202, 'the same id is free in another tenant');
    await waitForFinished(server, id, b);
    assert.equal((await server.call('GET', v(`/v1/profiles/${ids.profile}`), { headers: a })).body.description, 'version 1');
    assert.equal((await server.call('GET', v(`/v1/profiles/${ids.profile}`), { headers: b })).body.description, 'b');
  });

  test('POST /v1/deploy (deprecated, synchronous): 201 created, 409 without update, 200 with update=true', async () => {
    const headers = tenantHeaders(uniqueTenant());
    const id = 'test.sync_v1.0';
    const ids = artifactIdsOf(id);
    const created = await upload(server, 'POST', await makeCartridge({ id }), headers, '/v1/deploy');
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.code, 201);
    assert.ok((created.body.artifactResponse as any[]).every((r) => r.code === 201));
    assert.equal((await server.call('GET', v(`/v1/profiles/${ids.profile}`), { headers })).status, 200, 'applied before answering');

    assertServiceError(await upload(server, 'POST', await makeCartridge({ id }), headers, '/v1/deploy'), 409, 'update=true');
    assertServiceError(await upload(server, 'POST', await makeCartridge({ id }), headers, '/v1/deploy?update=false'), 409);
    const updated = await uploadMultipart(server, 'POST', await makeCartridge({ id, description: 'sync 2' }), headers, '/v1/deploy?update=true');
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.code, 200);
    assert.ok((updated.body.artifactResponse as any[]).every((r) => r.code === 200 && r.message === 'OK'));
    assert.equal((await server.call('GET', v(`/v1/profiles/${ids.profile}`), { headers })).body.description, 'sync 2');
    assertServiceError(await upload(server, 'POST', await makeCartridge({ id: 'test.bad_v1.0', profileAnnotator: 'nope' }), headers, '/v1/deploy'), 400, /nope/);
  });
});

for (const backend of BACKENDS) describe(`cartridge deployment, runner off: jobs observable in progress (${backend.name})`, { skip: backend.skip ?? false }, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ backend, env: { CARTRIDGE_RUNNER: 'off' } });
  });
  after(async () => server.close());

  test('PUT while submitted or processing: 409 CARTRIDGE_IN_PROGRESS; once a runner finished it: 202', async () => {
    const tenant = uniqueTenant();
    const headers = tenantHeaders(tenant);
    const id = 'test.progress_v1.0';
    assert.equal((await upload(server, 'POST', await makeCartridge({ id }), headers)).status, 202);
    assert.equal((await server.call('GET', v(`/v1/cartridges/${id}`), { headers })).body.status, 'submitted');
    const busy = await upload(server, 'PUT', await makeCartridge({ id }), headers);
    assertServiceError(busy, 409, 'being deployed');
    assert.equal(busy.body.message, 'Cartridge deployment in progress.');
    assertServiceError(await upload(server, 'POST', await makeCartridge({ id }), headers, '/v1/deploy?update=true'), 409, 'being deployed');

    // A job whose lease is held by a (stalled) replica is `processing` and still in progress.
    const claimed = await server.store.claimDeployment('stalled-replica', 60_000);
    assert.equal(claimed?.id, id);
    assert.equal((await server.call('GET', v(`/v1/cartridges/${id}`), { headers })).body.status, 'processing');
    assertServiceError(await upload(server, 'PUT', await makeCartridge({ id }), headers), 409, 'being deployed');

    // The stalled replica's lease ends; a runner claims the job again and completes it.
    assert.equal(await server.store.renewDeploymentLease({ tenant, id, owner: 'stalled-replica', leaseMs: 1 }), true);
    await new Promise((r) => setTimeout(r, 20));
    const finished: string[] = [];
    const runner = createDeploymentRunner({ store: server.store, pollIntervalMs: 1000, leaseMs: 10_000, maxAttempts: 3, onJobFinished: (e) => finished.push(`${e.id}:${e.state}:${String(e.recorded)}`) });
    assert.equal(await runner.runOnce(), true);
    assert.deepEqual(finished, [`${id}:completed:true`]);
    const done = await server.call('GET', v(`/v1/cartridges/${id}`), { headers });
    assert.equal(done.body.status, 'completed');
    assert.equal((await upload(server, 'PUT', await makeCartridge({ id }), headers)).status, 202);
    assert.equal(await runner.runOnce(), true);
    assert.equal(await runner.runOnce(), false, 'nothing left');
  });

  test('two PUTs at once on a finished deployment: exactly one 202, the other 409', async () => {
    const tenant = uniqueTenant();
    const headers = tenantHeaders(tenant);
    const id = 'test.race_v1.0';
    assert.equal((await upload(server, 'POST', await makeCartridge({ id }), headers)).status, 202);
    const runner = createDeploymentRunner({ store: server.store, pollIntervalMs: 1000, leaseMs: 10_000, maxAttempts: 3 });
    assert.equal(await runner.runOnce(), true);
    for (let round = 0; round < 3; round++) {
      const [x, y] = [await makeCartridge({ id, description: `x${round}` }), await makeCartridge({ id, description: `y${round}` })];
      const results = await Promise.all([upload(server, 'PUT', x, headers), upload(server, 'PUT', y, headers)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [202, 409], results.map((r) => r.text).join('\n'));
      assertServiceError(results.find((r) => r.status === 409)!, 409);
      assert.equal(await runner.runOnce(), true);
    }
  });
});

describe('the real ACD cartridge and reserved namespaces', () => {
  const OPERATOR_KEY = 'operator-key-0001';
  const TENANT_KEY = 'tenant-key-000001';
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { AUTH_MODE: 'apikey', API_KEYS: `${OPERATOR_KEY}=ops:operator,${TENANT_KEY}=clinic-a` } });
  });
  after(async () => server.close());
  const as = (key: string) => ({ authorization: `Bearer ${key}` });

  test('a non-operator cannot deploy a reserved (acd.) cartridge: 403 RESERVED_PREFIX, nothing recorded', async () => {
    const archive = readFileSync(REAL_CARTRIDGE);
    for (const method of ['POST', 'PUT'] as const) assertServiceError(await upload(server, method, archive, as(TENANT_KEY)), 403, 'reserved prefix');
    assertServiceError(await upload(server, 'POST', archive, as(TENANT_KEY), '/v1/deploy'), 403);
    assertServiceError(await upload(server, 'POST', await makeCartridge({ id: 'wh_acd.mine_v1.0' }), as(TENANT_KEY)), 403);
    assertServiceError(await upload(server, 'POST', await makeCartridge({ id: 'clinical_annotator.mine_v1.0' }), as(TENANT_KEY)), 403);
    assert.equal(await server.store.getDeployment(SYSTEM_TENANT, REAL_ID), undefined);
    assert.equal(await server.store.getDeployment('clinic-a', REAL_ID), undefined);
  });

  test('a tenant cartridge smuggling an artifact with a reserved id is refused too', async () => {
    const built = await buildCartridgeFromSources([
      { path: 'cartridge.json', text: JSON.stringify({ id: 'test.sneaky_v1.0', name: 'Sneaky', namespace: 'test', version: 'v1.0', description: '' }) },
      { path: 'profiles/p.json', text: JSON.stringify({ id: `${REAL_ID}_profile`, name: 'Overwrite the shared profile', description: 'x', annotators: [{ name: 'negation' }] }) },
    ]);
    assert.ok(built.archive);
    assertServiceError(await upload(server, 'POST', built.archive, as(TENANT_KEY)), 403, `${REAL_ID}_profile`);
    assert.equal(await server.store.getDeployment('clinic-a', 'test.sneaky_v1.0'), undefined);
  });

  test('an operator deploys it into the system tenant; every tenant then reads its status, profile and flow', async () => {
    const res = await uploadMultipart(server, 'POST', readFileSync(REAL_CARTRIDGE), as(OPERATOR_KEY));
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.id, REAL_ID);
    assert.match(res.body.correlationId, UUID);
    const done = await waitForFinished(server, REAL_ID, as(OPERATOR_KEY));
    assert.equal(done.status, 'completed', JSON.stringify(done.artifactResponse));
    assert.equal(done.artifactResponseCode, 200);
    const responses = done.artifactResponse as any[];
    const plan = await validateCartridge(readFileSync(REAL_CARTRIDGE));
    assert.ok(plan.artifacts.length >= 20, 'the real cartridge plans its profiles, flows, dictionaries, filters, rules and sets');
    assert.deepEqual(responses.filter((r) => r.code === 201).map((r) => r.artifact).sort(), plan.artifacts.map((a) => a.id).sort());
    assert.ok(responses.every((r) => typeof r.code === 'number' && typeof r.message === 'string' && typeof r.level === 'string' && typeof r.artifact === 'string'));
    assert.ok(responses.some((r) => r.artifact === 'acd_medication_model' && r.message === 'Skipped'));

    assert.equal((await server.store.getDeployment(SYSTEM_TENANT, REAL_ID))?.state, 'completed');
    assert.equal(await server.store.getDeployment('ops', REAL_ID), undefined, 'not in the operator\'s own tenant');
    const status = await server.call('GET', v(`/v1/cartridges/${REAL_ID}`), { headers: as(TENANT_KEY) });
    assert.equal(status.status, 200);
    assert.equal(status.body.status, 'completed');
    const list = await server.call('GET', v('/v1/cartridges'), { headers: as(TENANT_KEY) });
    assert.deepEqual(list.body.cartridges.map((c: any) => c.id), [REAL_ID]);
    assert.ok(list.body.cartridges.every((c: any) => typeof c.endTime === 'string'));

    const profile = await server.call('GET', v(`/v1/profiles/${REAL_ID}_profile`), { headers: as(TENANT_KEY) });
    assert.equal(profile.status, 200, profile.text);
    assert.ok(Array.isArray(profile.body.annotators) && profile.body.annotators.length > 0);
    const flow = await server.call('GET', v(`/v1/flows/${REAL_ID}_standard_flow`), { headers: as(TENANT_KEY) });
    assert.equal(flow.status, 200, flow.text);
    assert.deepEqual(flow.body.annotatorFlows[0].flow.elements.map((e: any) => e.annotator.name), [
      'spell_checker', 'section', 'lab_value', 'medication', 'procedure', 'symptom_disease', 'concept_detection', 'disambiguation', 'concept_value', 'negation', 'model_broker', 'attribute_detection',
    ]);
    const profiles = await server.call('GET', v('/v1/profiles'), { headers: as(TENANT_KEY) });
    assert.ok(`${REAL_ID}_profile` in profiles.body);
    for (const planned of plan.artifacts) {
      assert.equal((await server.store.getArtifact(SYSTEM_TENANT, planned.kind, planned.id))?.cartridgeId, REAL_ID, planned.id);
    }

    assertServiceError(await upload(server, 'PUT', readFileSync(REAL_CARTRIDGE), as(TENANT_KEY)), 403);
    const redeploy = await upload(server, 'PUT', readFileSync(REAL_CARTRIDGE), as(OPERATOR_KEY));
    assert.equal(redeploy.status, 202, redeploy.text);
    const again = await waitForFinished(server, REAL_ID, as(OPERATOR_KEY));
    assert.equal((again.artifactResponse as any[]).filter((r) => r.code === 200 && r.message === 'OK').length, plan.artifacts.length);
  });
});

describe('archive size limit', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { CARTRIDGE_MAX_BYTES: '65536' } });
  });
  after(async () => server.close());

  test('an archive over CARTRIDGE_MAX_BYTES answers 413, raw or multipart', async () => {
    const big = Buffer.alloc(100 * 1024, 7);
    assertServiceError(await upload(server, 'POST', big), 413, 'CARTRIDGE_MAX_BYTES');
    assertServiceError(await uploadMultipart(server, 'POST', big), 413, 'CARTRIDGE_MAX_BYTES');
    assertServiceError(await upload(server, 'POST', big, {}, '/v1/deploy'), 413);
    const small = await upload(server, 'POST', await makeCartridge({ id: 'test.small_v1.0' }));
    assert.equal(small.status, 202, small.text);
  });
});
