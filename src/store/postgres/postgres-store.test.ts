import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { isDomainError } from '../../errors.js';
import { loadMigrations, migratePostgres } from '../migrations/runner.js';
import { ANY_TENANT, type Store } from '../store.js';
import { runStoreContract } from '../store.contract.js';
import { waitFor } from '../contract/harness.js';
import { createPostgresStore, type PostgresStoreOptions } from './postgres-store.js';

const url = process.env.TEST_DATABASE_URL;
const skip = url === undefined || url === '' ? 'TEST_DATABASE_URL is not set: PostgreSQL store tests skipped' : undefined;
const admin = skip === undefined ? new pg.Pool({ connectionString: url, max: 2 }) : undefined;
after(() => admin?.end());

const freshSchema = () => `ca_test_${randomBytes(6).toString('hex')}`;

/** A schema of its own per store under test, dropped afterwards; every store opened on it is closed. */
async function makeStore(extra: Partial<PostgresStoreOptions> = {}) {
  const schema = freshSchema();
  const opened: Store[] = [];
  const open = async (): Promise<Store> => {
    const store = createPostgresStore({ connectionString: url!, schema, poolSize: 8, ...extra });
    opened.push(store);
    await store.migrate();
    return store;
  };
  const store = await open();
  return {
    schema,
    store,
    openReplica: open,
    cleanup: async () => {
      for (const s of opened) await s.close();
      await admin!.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

runStoreContract('postgres', () => makeStore(), { crossReplicaNotifications: true, ...(skip === undefined ? {} : { skip }) });

describe('postgres store specifics', { skip: skip ?? false }, () => {
  test('replicas migrating at once apply each version exactly once, inside the schema', async () => {
    const schema = freshSchema();
    const stores = Array.from({ length: 4 }, () => createPostgresStore({ connectionString: url!, schema, poolSize: 2 }));
    try {
      await Promise.all(stores.map((s) => s.migrate()));
      const { rows } = await admin!.query<{ version: number }>(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
      assert.deepEqual(rows.map((r) => r.version), loadMigrations('postgres').map((m) => m.version));
      const tables = await admin!.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name', [schema]);
      assert.deepEqual(tables.rows.map((r) => r.table_name), ['artifacts', 'deployment_archives', 'deployments', 'schema_migrations']);
    } finally {
      for (const s of stores) await s.close();
      await admin!.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });

  test('migration 2 moves the archive of a pending job to its own table: the job is still claimable with it', async () => {
    const schema = freshSchema();
    const client = await admin!.connect();
    const bytes = new Uint8Array([80, 75, 3, 4, 0, 255]);
    try {
      // The database as version 1 left it, in a schema of its own (the connection's search_path, as the store sets it).
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`SET search_path TO ${schema}`);
      await migratePostgres(client, schema, loadMigrations('postgres').slice(0, 1));
      await client.query(`INSERT INTO ${schema}.deployments (tenant, id, state, start_time, correlation_id, archive) VALUES ('t', 'c1', 'submitted', now(), 'corr', $1)`, [Buffer.from(bytes)]);
      await client.query(`INSERT INTO ${schema}.deployments (tenant, id, state, start_time, correlation_id) VALUES ('t', 'done', 'completed', now(), 'corr')`);
    } finally {
      client.release(true); // not back to the pool: its search_path is the test's schema
    }
    const store = createPostgresStore({ connectionString: url!, schema, poolSize: 2 });
    try {
      await store.migrate();
      assert.deepEqual((await store.listDeployments('t')).map((d) => [d.id, d.hasArchive]), [['c1', true], ['done', false]]);
      const job = await store.claimDeployment('w', 60_000);
      assert.deepEqual([job?.id, job === undefined ? undefined : [...job.archive]], ['c1', [...bytes]]);
    } finally {
      await store.close();
      await admin!.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });

  test('an unreachable server is STORE_UNAVAILABLE for every kind of call', async () => {
    const store = createPostgresStore({ connectionString: 'postgres://postgres:postgres@127.0.0.1:1/postgres', connectTimeoutMs: 2000 });
    const unavailable = (e: unknown) => isDomainError(e) && e.kind === 'STORE_UNAVAILABLE';
    try {
      await assert.rejects(store.ping(), unavailable);
      await assert.rejects(store.migrate(), unavailable);
      await assert.rejects(store.getArtifact('t', 'profile', 'p'), unavailable);
      await assert.rejects(store.createArtifact({ tenant: 't', kind: 'profile', id: 'p', body: {} }), unavailable);
      await assert.rejects(store.applyCartridge('t', 'c', []), unavailable);
      await assert.rejects(store.onKnowledgeChange(() => undefined), unavailable);
    } finally {
      await store.close();
    }
  });

  test('schema names are validated before any SQL is built', () => {
    assert.throws(() => createPostgresStore({ connectionString: url!, schema: 'x; DROP TABLE artifacts' }), TypeError);
  });

  test('the listening connection reconnects after it is killed and announces ANY_TENANT', async () => {
    const reported: Error[] = [];
    const s = await makeStore({ onBackgroundError: (e) => reported.push(e) });
    try {
      const heard: string[] = [];
      const off = await s.store.onKnowledgeChange((t) => heard.push(t));
      const definitions: string[] = [];
      const offDefinitions = await s.store.onDefinitionChange((t) => definitions.push(t));
      // The listening connection's last query is its last LISTEN (one per channel).
      const killed = await admin!.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1',
        [`LISTEN "clinical_annotator_definitions_${s.schema}"`]);
      assert.equal(killed.rowCount, 1);
      await waitFor(() => heard.includes(ANY_TENANT) && definitions.includes(ANY_TENANT), 'the reconnect announcement on both channels');
      assert.ok(reported.length >= 1, 'the dropped connection was reported');
      const replica = await s.openReplica();
      await replica.publishKnowledgeChange('after-reconnect');
      await waitFor(() => heard.includes('after-reconnect'), 'a change published after the reconnect');
      await off();
      await offDefinitions();
    } finally {
      await s.cleanup();
    }
  });

  test('a store call whose connection was dropped (backends terminated, as a server restart does) is retried once on a fresh one', async () => {
    const app = `ca_retry_${randomBytes(4).toString('hex')}`;
    const s = await makeStore({ connectionString: `${url!}${url!.includes('?') ? '&' : '?'}application_name=${app}` });
    try {
      // Several idle pool connections, each of which will fail its next statement.
      await Promise.all(Array.from({ length: 4 }, () => s.store.listArtifacts('t1', 'profile')));
      const killed = await admin!.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query NOT LIKE 'LISTEN%'`, [app]);
      assert.ok((killed.rowCount ?? 0) >= 1);
      // No pause: the first statement meets a connection the server has just dropped.
      assert.deepEqual(await s.store.listArtifacts('t1', 'profile'), []);
      await Promise.all(Array.from({ length: 4 }, () => s.store.listArtifacts('t1', 'profile')));
      await admin!.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query NOT LIKE 'LISTEN%'`, [app]);
      // A transaction (redeploying an unknown id) on a dropped connection is rolled back and run again.
      assert.deepEqual(await s.store.submitDeployment({ tenant: 't1', id: 'nope', correlationId: 'c', archive: new Uint8Array(1), mode: 'update' }), { ok: false, reason: 'not_found' });
    } finally {
      await s.cleanup();
    }
  });
});
