// GET /v1/status, GET /v1/status/health_check (500 when the store is down) and the annotator listing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ANNOTATORS, ANNOTATORS_VERSION } from '../../src/engine/registry.js';
import { SQLITE, assertServiceError, startServer, v, type OpenedStore, type TestServer } from './harness.js';

const STATUS_FIELDS = [
  'availableProcessors', 'commitedMemoryMb', 'concurrentRequests', 'hostName', 'inUseMemoryMb', 'maxConcurrentRequests', 'maxMemoryMb',
  'requestCount', 'serviceState', 'stateDetails', 'totalBlockedRequests', 'totalRejectedRequests', 'upTime', 'version',
];

describe('status resources and annotators (store up)', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.close();
  });

  test('GET /v1/status → 200 ServiceStatus with every field; requestCount grows', async () => {
    const first = await server.call('GET', '/v1/status');
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(first.body).sort(), STATUS_FIELDS);
    assert.equal(first.body.serviceState, 'OK');
    assert.match(first.body.upTime, /^\d+d \d\d:\d\d:\d\d$/);
    for (const f of ['requestCount', 'maxMemoryMb', 'commitedMemoryMb', 'inUseMemoryMb', 'availableProcessors', 'concurrentRequests', 'maxConcurrentRequests', 'totalRejectedRequests', 'totalBlockedRequests']) {
      assert.ok(Number.isInteger(first.body[f]) && first.body[f] >= 0, f);
    }
    assert.ok(first.body.concurrentRequests >= 1, 'the status request itself is in flight');
    const second = await server.call('GET', '/v1/status?version=2023-02-22');
    assert.ok(second.body.requestCount > first.body.requestCount);
  });

  test('GET /v1/status/health_check → 200 with serviceState OK (no version needed)', async () => {
    const res = await server.call('GET', '/v1/status/health_check');
    assert.equal(res.status, 200);
    assert.equal(res.body.serviceState, 'OK');
  });

  test('format=xml answers XML', async () => {
    const res = await server.call('GET', '/v1/status?format=xml');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/xml/);
    assert.match(res.text, /^<\?xml[^>]*\?><serviceStatus>.*<serviceState>OK<\/serviceState>.*<\/serviceStatus>$/);
    const health = await server.call('GET', '/v1/status/health_check', { headers: { accept: 'application/xml' } });
    assert.match(health.text, /<serviceStatus>/);
  });

  test('GET /v1/annotators lists exactly the implemented annotators; unknown id → 404', async () => {
    const res = await server.call('GET', v('/v1/annotators'));
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ANNOTATORS.map((a) => a.id).sort());
    for (const a of ANNOTATORS) {
      assert.deepEqual(res.body[a.id], { description: a.description, version: ANNOTATORS_VERSION });
      const one = await server.call('GET', v(`/v1/annotators/${a.id}`));
      assert.deepEqual(one.body, { description: a.description, version: ANNOTATORS_VERSION });
    }
    assertServiceError(await server.call('GET', v('/v1/annotators/concept_discovery')), 404, 'concept_discovery');
    assertServiceError(await server.call('GET', '/v1/annotators'), 400);
  });
});

describe('status resources (store down)', () => {
  let server: TestServer;
  let opened: OpenedStore;
  before(async () => {
    opened = await SQLITE.open();
    server = await startServer({ store: opened.store });
    await opened.store.close();
  });
  after(async () => {
    await server?.close();
    await opened?.cleanup().catch(() => undefined);
  });

  test('health check → 500 with the service error body', async () => {
    const res = await server.call('GET', '/v1/status/health_check');
    assertServiceError(res, 500, 'Store');
    assert.equal(res.body.message, 'Service state is not OK.');
  });

  test('health check error in XML when asked', async () => {
    const res = await server.call('GET', '/v1/status/health_check?format=xml');
    assert.equal(res.status, 500);
    assert.match(res.text, /<serviceError><code>500<\/code>.*<correlationId>[^<]+<\/correlationId><\/serviceError>$/);
  });

  test('status still answers 200, with serviceState ERROR; liveness_check=true does not probe the store', async () => {
    const res = await server.call('GET', '/v1/status');
    assert.equal(res.status, 200);
    assert.equal(res.body.serviceState, 'ERROR');
    assert.match(res.body.stateDetails, /unavailable/);
    const live = await server.call('GET', '/v1/status?liveness_check=true');
    assert.equal(live.body.serviceState, 'OK');
  });
});
