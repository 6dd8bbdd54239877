// Cartridge deployments keep the event loop free: archives are validated on a thread of their own
// (src/cartridge/validation-thread.ts), so the service answers and the job renews its lease meanwhile;
// a validation thread that fails answers 500 (submission) or fails the job (500), writing nothing.
// No timing assertion: only the order of events.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDeploymentRunner, type JobFinishedEvent } from '../../src/cartridge/deployment-runner.js';
import type { Store } from '../../src/store/store.js';
import { assertServiceError, startServer, uniqueTenant, type TestServer } from './harness.js';
import { artifactIdsOf, makeCartridge, upload } from './cartridges-fixtures.js';

// Large enough that validating it takes about a second here (reading the archive ~0.3 s of it), so that the
// job's first lease renewal (leaseMs / 3 after the job started) falls inside the validation.
const LARGE_TERMS = 150_000;
const LEASE_MS = 1_500;

describe('a large deployment and the event loop', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { CARTRIDGE_RUNNER: 'off' } });
  });
  after(async () => server.close());

  test('while a large cartridge is validated, the job renews its lease and a health check answers before the job ends', async () => {
    const headers = { 'x-ibm-client-id': uniqueTenant() };
    const id = 'test.large_v1.0';
    assert.equal((await upload(server, 'POST', await makeCartridge({ id, terms: LARGE_TERMS }), headers)).status, 202);
    // Each lease renewal (a timer of the job's own) sends a health check. A validation that blocked the event
    // loop would hold back both the renewal and the answer until the job had ended.
    const events: string[] = [];
    const checks: Promise<void>[] = [];
    const store: Store = {
      ...server.store,
      renewDeploymentLease: (input) => {
        events.push('lease renewed');
        checks.push(server.call('GET', '/v1/status/health_check').then((r) => void events.push(`health check ${r.status}`)));
        return server.store.renewDeploymentLease(input);
      },
    };
    const finished: JobFinishedEvent[] = [];
    const runner = createDeploymentRunner({ store, pollIntervalMs: 60_000, leaseMs: LEASE_MS, maxAttempts: 3, onJobFinished: (e) => {
      finished.push(e);
      events.push('job finished');
    } });
    assert.equal(await runner.runOnce(), true);
    await Promise.all(checks);
    assert.deepEqual([finished[0]?.state, finished[0]?.applied], ['completed', true]);
    const answered = events.indexOf('health check 200');
    assert.ok(answered > 0 && answered < events.indexOf('job finished'), `events: ${events.join(', ')}`);
    assert.equal(await server.store.hasArtifact(headers['x-ibm-client-id'], 'dictionary', artifactIdsOf(id).dictionary), true);
  });
});

describe('a validation thread that fails', () => {
  let server: TestServer;
  before(async () => {
    // A budget no thread can meet (starting one takes longer): every validation thread is terminated.
    server = await startServer({ env: { CARTRIDGE_VALIDATION_TIMEOUT_MS: '1' } });
  });
  after(async () => server.close());

  test('a submission answers 500 with the service error body, and nothing is recorded', async () => {
    const tenant = uniqueTenant();
    const headers = { 'x-ibm-client-id': tenant };
    for (const method of ['POST', 'PUT'] as const) {
      const res = await upload(server, method, await makeCartridge({ id: 'test.failing_v1.0' }), headers);
      assertServiceError(res, 500);
      assert.equal(res.body.message, 'Internal server error.');
    }
    assertServiceError(await upload(server, 'POST', await makeCartridge({ id: 'test.failing_v1.0' }), headers, '/v1/deploy'), 500);
    assert.equal(await server.store.getDeployment(tenant, 'test.failing_v1.0'), undefined);
    assert.equal(await server.store.hasArtifact(tenant, 'profile', artifactIdsOf('test.failing_v1.0').profile), false);
  });
});
