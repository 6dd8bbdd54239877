// Contract: cartridge deployment jobs (state machine, claims, leases) and knowledge-change notifications.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ArtifactResponse, Store } from '../store.js';
import { ISO_MILLIS_UTC, sleep, uniqueTenant, waitFor, withStore, type ContractOptions, type MakeStore } from './harness.js';

const archive = (...bytes: number[]) => new Uint8Array(bytes);
const RESPONSES: ArtifactResponse[] = [{ code: 200, message: 'Artifact deployed', level: 'INFO', artifact: 'p1' }];

function submit(store: Store, tenant: string, id: string, mode: 'create' | 'update', bytes = archive(1, 2, 3)) {
  return store.submitDeployment({ tenant, id, correlationId: `corr-${mode}-${id}`, archive: bytes, mode });
}

async function finish(store: Store, tenant: string, id: string, owner: string, state: 'completed' | 'failed' = 'completed') {
  return store.finishDeployment({ tenant, id, owner, state, artifactResponseCode: 200, artifactResponse: RESPONSES });
}

export function deploymentContract(make: MakeStore, options: ContractOptions): void {
  test('deployment create records a submitted job; a second create answers exists', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const before = await store.countDeploymentsByState();
      const first = await submit(store, tenant, 'c1', 'create');
      assert.ok(first.ok);
      const counted = await store.countDeploymentsByState();
      assert.deepEqual(Object.keys(counted).sort(), ['completed', 'failed', 'processing', 'submitted']);
      assert.ok(counted.submitted >= before.submitted + 1, 'countDeploymentsByState counts the new submission');
      const d = first.deployment;
      assert.deepEqual({ ...d, startTime: '' }, {
        tenant, id: 'c1', state: 'submitted', startTime: '', endTime: null, correlationId: 'corr-create-c1',
        artifactResponseCode: 0, artifactResponse: [], hasArchive: true, lockedBy: null, lockedUntil: null, attempts: 0,
      });
      assert.match(d.startTime, ISO_MILLIS_UTC);
      assert.deepEqual(await submit(store, tenant, 'c1', 'create'), { ok: false, reason: 'exists' });
      assert.deepEqual(await store.getDeployment(tenant, 'c1'), d);
      assert.deepEqual(await store.listDeployments(tenant), [d]);
      assert.equal(await store.getDeployment(uniqueTenant(), 'c1'), undefined, 'other tenants do not see it');
    }));

  test('deployment update: unknown is not_found; submitted or processing is in_progress; finished is resubmitted', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      assert.deepEqual(await submit(store, tenant, 'c1', 'update'), { ok: false, reason: 'not_found' });
      assert.equal(await store.getDeployment(tenant, 'c1'), undefined);
      assert.ok((await submit(store, tenant, 'c1', 'create')).ok);
      assert.deepEqual(await submit(store, tenant, 'c1', 'update'), { ok: false, reason: 'in_progress' });
      const claimed = await store.claimDeployment('worker-1', 60_000);
      assert.equal(claimed?.id, 'c1');
      assert.deepEqual(await submit(store, tenant, 'c1', 'update'), { ok: false, reason: 'in_progress' });
      assert.equal(await finish(store, tenant, 'c1', 'worker-1'), true);

      const again = await submit(store, tenant, 'c1', 'update', archive(9));
      assert.ok(again.ok);
      assert.equal(again.deployment.state, 'submitted');
      assert.equal(again.deployment.correlationId, 'corr-update-c1');
      assert.deepEqual([again.deployment.endTime, again.deployment.artifactResponse, again.deployment.artifactResponseCode], [null, [], 0]);
      assert.deepEqual([again.deployment.hasArchive, again.deployment.lockedBy, again.deployment.attempts], [true, null, 0]);
      const reclaimed = await store.claimDeployment('worker-2', 60_000);
      assert.deepEqual(new Uint8Array(reclaimed!.archive), archive(9));
    }));

  test('claim, then finish: archive bytes round-trip; finishing writes the outcome and drops the archive', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      const bytes = archive(0, 255, 0, 80, 75, 3, 4);
      assert.ok((await submit(store, tenant, 'c1', 'create', bytes)).ok);
      const job = await store.claimDeployment('w', 60_000);
      assert.ok(job);
      assert.deepEqual(new Uint8Array(job.archive), bytes);
      assert.deepEqual([job.tenant, job.state, job.lockedBy, job.attempts], [tenant, 'processing', 'w', 1]);
      assert.match(job.lockedUntil!, ISO_MILLIS_UTC);
      assert.equal(await store.claimDeployment('other', 60_000), undefined, 'nothing else is runnable');

      assert.equal(await finish(store, tenant, 'c1', 'w', 'failed'), true);
      const done = await store.getDeployment(tenant, 'c1');
      const { archive: _bytes, ...claimed } = job;
      assert.deepEqual({ ...done!, endTime: '' }, {
        ...claimed, endTime: '', state: 'failed', artifactResponseCode: 200, artifactResponse: RESPONSES, hasArchive: false, lockedBy: null, lockedUntil: null,
      });
      assert.match(done!.endTime!, ISO_MILLIS_UTC);
      assert.ok(done!.endTime! >= done!.startTime);
      assert.equal(await finish(store, tenant, 'c1', 'w'), false, 'a finished job cannot be finished again');
      assert.equal(await store.claimDeployment('w', 60_000), undefined, 'finished jobs are not claimable');
    }));

  test('a job keeps its archive through claims and renewals; a redeploy replaces it; finishing or deleting the tenant drops it', () =>
    withStore(make, async ({ store, openReplica }) => {
      const replica = await openReplica();
      const tenant = uniqueTenant();
      // A few MB, as real archives are (the archive is stored apart from the job's row, which state changes rewrite).
      const big = new Uint8Array(3 * 2 ** 20).map((_, i) => (i * 7919) % 251);
      assert.ok((await submit(store, tenant, 'c1', 'create', big)).ok);
      assert.equal((await store.claimDeployment('old', 1))?.archive.byteLength, big.byteLength);
      await sleep(20);
      const retaken = await replica.claimDeployment('new', 60_000);
      assert.deepEqual(new Uint8Array(retaken!.archive), big, 'a reclaimed job reads the archive whole');
      assert.equal(await replica.renewDeploymentLease({ tenant, id: 'c1', owner: 'new', leaseMs: 60_000 }), true);
      assert.equal((await store.getDeployment(tenant, 'c1'))?.hasArchive, true);
      assert.equal(await finish(replica, tenant, 'c1', 'new'), true);
      assert.equal((await store.getDeployment(tenant, 'c1'))?.hasArchive, false);

      assert.ok((await submit(store, tenant, 'c1', 'update', archive(5, 6))).ok);
      assert.equal((await store.getDeployment(tenant, 'c1'))?.hasArchive, true);
      assert.deepEqual(new Uint8Array((await store.claimDeployment('w', 60_000))!.archive), archive(5, 6), 'the redeploy replaced the archive');
      assert.equal(await finish(store, tenant, 'c1', 'w', 'failed'), true);
      assert.ok((await submit(store, tenant, 'c1', 'update', archive(7))).ok);
      assert.equal(await store.deleteTenant(tenant), 1);
      assert.equal(await store.claimDeployment('w', 60_000), undefined, 'the deleted job and its archive are gone');
      assert.ok((await submit(store, tenant, 'c1', 'create', archive(8))).ok, 'the id is free again');
      assert.deepEqual(new Uint8Array((await store.claimDeployment('w', 60_000))!.archive), archive(8));
    }));

  test('two replicas claiming one job at once: exactly one wins', () =>
    withStore(make, async ({ store, openReplica }) => {
      const replica = await openReplica();
      const tenant = uniqueTenant();
      assert.ok((await submit(store, tenant, 'only', 'create')).ok);
      const results = await Promise.all([store.claimDeployment('r1', 60_000), replica.claimDeployment('r2', 60_000)]);
      assert.equal(results.filter((r) => r !== undefined).length, 1);
    }));

  test('many claimants over several jobs: every job is claimed exactly once, oldest first', () =>
    withStore(make, async ({ store, openReplica }) => {
      const replica = await openReplica();
      const tenants = [uniqueTenant('a'), uniqueTenant('b')];
      const submitted: string[] = [];
      for (let i = 0; i < 6; i++) {
        const tenant = tenants[i % 2]!;
        assert.ok((await submit(store, tenant, `job${i}`, 'create')).ok);
        submitted.push(`${tenant}/job${i}`);
        await sleep(2);
      }
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? store : replica).claimDeployment(`w${i}`, 60_000)));
      const won = claims.filter((c) => c !== undefined).map((c) => `${c.tenant}/${c.id}`);
      assert.deepEqual([...won].sort(), [...submitted].sort());
      const first = await Promise.all(submitted.map(async (key) => {
        const [tenant, id] = [key.slice(0, key.lastIndexOf('/')), key.slice(key.lastIndexOf('/') + 1)];
        return store.getDeployment(tenant, id);
      }));
      assert.ok(first.every((d) => d?.state === 'processing' && d.attempts === 1));
    }));

  test('claims hand out the oldest runnable job first', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      for (const id of ['z-first', 'a-second', 'm-third']) {
        assert.ok((await submit(store, tenant, id, 'create')).ok);
        await sleep(3);
      }
      const order = [];
      for (let i = 0; i < 3; i++) order.push((await store.claimDeployment('w', 60_000))?.id);
      assert.deepEqual(order, ['z-first', 'a-second', 'm-third']);
    }));

  test('a live lease is kept; an expired lease is reclaimed and the old owner can no longer finish', () =>
    withStore(make, async ({ store, openReplica }) => {
      const replica = await openReplica();
      const tenant = uniqueTenant();
      assert.ok((await submit(store, tenant, 'c1', 'create')).ok);
      assert.equal((await store.claimDeployment('old', 1))?.attempts, 1);
      await sleep(20);
      const retaken = await replica.claimDeployment('new', 60_000);
      assert.deepEqual([retaken?.id, retaken?.lockedBy, retaken?.attempts, retaken?.archive.length], ['c1', 'new', 2, 3]);
      assert.equal(await store.claimDeployment('third', 60_000), undefined, 'a live lease is not reclaimed');
      assert.equal(await store.renewDeploymentLease({ tenant, id: 'c1', owner: 'old', leaseMs: 60_000 }), false);
      assert.equal(await finish(store, tenant, 'c1', 'old'), false);
      assert.equal((await store.getDeployment(tenant, 'c1'))?.lockedBy, 'new');
      assert.equal(await finish(replica, tenant, 'c1', 'new'), true);
      assert.equal((await store.getDeployment(tenant, 'c1'))?.state, 'completed');
    }));

  test('applyCartridge for a job writes only while the job is still held: not after its tenant was deleted or its lease was lost', () =>
    withStore(make, async ({ store, openReplica }) => {
      const replica = await openReplica();
      const flow = (tenant: string, id: string) => [{ tenant, kind: 'flow' as const, id, body: {} }];
      const tenant = uniqueTenant();
      assert.ok((await submit(store, tenant, 'c1', 'create')).ok);
      await store.claimDeployment('w', 60_000);
      assert.equal(await store.applyCartridge(tenant, 'c1', flow(tenant, 'f1'), { id: 'c1', owner: 'w' }), true);
      assert.ok((await store.getArtifact(tenant, 'flow', 'f1')) !== undefined);
      assert.equal(await store.applyCartridge(tenant, 'c1', flow(tenant, 'f2'), { id: 'c1', owner: 'someone else' }), false);
      assert.equal(await store.getArtifact(tenant, 'flow', 'f2'), undefined);
      assert.ok((await store.getArtifact(tenant, 'flow', 'f1')) !== undefined, 'a refused apply changes nothing');
      // DELETE /v1/user_data while the job runs: the job's later write must not bring the tenant's data back.
      await store.deleteTenant(tenant);
      assert.equal(await store.applyCartridge(tenant, 'c1', flow(tenant, 'f3'), { id: 'c1', owner: 'w' }), false);
      assert.deepEqual(await store.listArtifacts(tenant, 'flow'), []);
      // A lease that expired and was claimed by another replica: the old owner writes nothing.
      const other = uniqueTenant();
      assert.ok((await submit(store, other, 'c2', 'create')).ok);
      await store.claimDeployment('old', 1);
      await sleep(20);
      assert.equal((await replica.claimDeployment('new', 60_000))?.lockedBy, 'new');
      assert.equal(await store.applyCartridge(other, 'c2', flow(other, 'f'), { id: 'c2', owner: 'old' }), false);
      assert.equal(await store.getArtifact(other, 'flow', 'f'), undefined);
      assert.equal(await replica.applyCartridge(other, 'c2', flow(other, 'f'), { id: 'c2', owner: 'new' }), true);
      // Without a job (the synchronous /v1/deploy), the write is unconditional.
      assert.equal(await store.applyCartridge(other, 'c3', flow(other, 'g')), true);
    }));

  test('renewing a lease keeps the job from being reclaimed', () =>
    withStore(make, async ({ store }) => {
      const tenant = uniqueTenant();
      assert.ok((await submit(store, tenant, 'c1', 'create')).ok);
      const job = await store.claimDeployment('w', 1);
      assert.equal(await store.renewDeploymentLease({ tenant, id: 'c1', owner: 'w', leaseMs: 60_000 }), true);
      await sleep(20);
      assert.equal(await store.claimDeployment('thief', 60_000), undefined);
      const renewed = await store.getDeployment(tenant, 'c1');
      assert.ok(renewed!.lockedUntil! > job!.lockedUntil!);
    }));

  test('knowledge changes reach subscribers; unsubscribed listeners hear nothing', () =>
    withStore(make, async ({ store }) => {
      const heardA: string[] = [];
      const heardB: string[] = [];
      const offA = await store.onKnowledgeChange((t) => heardA.push(t));
      const offB = await store.onKnowledgeChange((t) => heardB.push(t));
      await store.publishKnowledgeChange('tenant-1');
      await waitFor(() => heardA.includes('tenant-1') && heardB.includes('tenant-1'), 'both listeners to hear tenant-1');
      await offA();
      await store.publishKnowledgeChange('tenant-2');
      await waitFor(() => heardB.includes('tenant-2'), 'listener B to hear tenant-2');
      assert.deepEqual(heardA, ['tenant-1']);
      assert.deepEqual(heardB, ['tenant-1', 'tenant-2']);
      await offB();
    }));

  test('profile and flow writes announce a definition change before they resolve; other kinds do not', () =>
    withStore(make, async ({ store }) => {
      const heard: string[] = [];
      const off = await store.onDefinitionChange((t) => heard.push(t));
      const announced = async (what: string, write: (tenant: string) => Promise<unknown>): Promise<string> => {
        const tenant = uniqueTenant();
        await write(tenant);
        assert.ok(heard.includes(tenant), `${what}: announced when the write resolves`);
        return tenant;
      };
      await announced('create', (t) => store.createArtifact({ tenant: t, kind: 'flow', id: 'x', body: {} }));
      const tenant = await announced('create', (t) => store.createArtifact({ tenant: t, kind: 'profile', id: 'p', body: {} }));
      heard.length = 0;
      await store.replaceArtifact({ tenant, kind: 'profile', id: 'p', body: { v: 2 } });
      assert.ok(heard.includes(tenant), 'replace');
      heard.length = 0;
      await store.deleteArtifact(tenant, 'profile', 'p');
      assert.ok(heard.includes(tenant), 'delete');
      await announced('cartridge applied', (t) => store.applyCartridge(t, 'c1', [{ tenant: t, kind: 'flow', id: 'f', body: {} }]));
      await announced('tenant deleted', (t) => store.deleteTenant(t));
      // A write of another kind is not announced (checked once a later announcement has arrived).
      const quiet = uniqueTenant();
      await store.createArtifact({ tenant: quiet, kind: 'filter', id: 'f1', body: {} });
      const marker = await announced('create', (t) => store.createArtifact({ tenant: t, kind: 'flow', id: 'm', body: {} }));
      await waitFor(() => heard.includes(marker), 'the marker');
      await sleep(50);
      assert.ok(!heard.includes(quiet), 'a filter is no definition');
      await off();
    }));

  test('definition changes made by one replica reach listeners of another',
    { skip: options.crossReplicaNotifications ? false : 'this store announces changes in-process only' }, () =>
      withStore(make, async ({ store, openReplica }) => {
        const replica = await openReplica();
        const tenant = uniqueTenant();
        const heard: string[] = [];
        const off = await replica.onDefinitionChange((t) => heard.push(t));
        assert.ok((await store.createArtifact({ tenant, kind: 'profile', id: 'p', body: {} })).ok);
        await waitFor(() => heard.includes(tenant), 'the replica to hear the profile write');
        await off();
      }));

  test('knowledge changes published by one replica reach listeners of another',
    { skip: options.crossReplicaNotifications ? false : 'this store announces knowledge changes in-process only' }, () =>
      withStore(make, async ({ store, openReplica }) => {
        const replica = await openReplica();
        const heard: string[] = [];
        const off = await replica.onKnowledgeChange((t) => heard.push(t));
        await store.publishKnowledgeChange('tenant-x');
        await waitFor(() => heard.includes('tenant-x'), 'the replica to hear tenant-x');
        assert.deepEqual(heard, ['tenant-x']);
        await off();
      }));
}
