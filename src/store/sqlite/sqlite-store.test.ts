import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { isDomainError } from '../../errors.js';
import { loadMigrations, migrateSqlite } from '../migrations/runner.js';
import type { Store } from '../store.js';
import { runStoreContract } from '../store.contract.js';
import { createSqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'ca-sqlite-store-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

/** A fresh store file (in a directory the store creates), its replicas opened on the same file. */
function sqliteFixture(subPath: readonly string[], writerThreadMinBytes?: number) {
  return async () => {
    const dir = join(root, `db-${++counter}`);
    const file = join(dir, ...subPath);
    const opened: Store[] = [];
    const open = async (): Promise<Store> => {
      const store = createSqliteStore(writerThreadMinBytes === undefined ? { file } : { file, writerThreadMinBytes });
      opened.push(store);
      await store.migrate();
      return store;
    };
    const store = await open();
    return {
      store,
      openReplica: open,
      cleanup: async () => {
        for (const s of opened) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
}

runStoreContract('sqlite', sqliteFixture(['nested', 'store.sqlite']), { crossReplicaNotifications: false });

// The same contract with every applyCartridge on the writer thread (writer-thread.ts), as large cartridges are.
runStoreContract('sqlite (cartridges written on the writer thread)', sqliteFixture(['store.sqlite'], 0), { crossReplicaNotifications: false });

/** A dictionary body of about `mb` MB of JSON, as the UTF-8 bytes the validation thread hands over. */
function largeBody(mb: number, tag: string): Uint8Array {
  const concepts = Array.from({ length: Math.ceil((mb * 1e6) / 60) }, (_, i) => ({ cui: `C${i}`, surfaceForms: [`${tag} term ${i}`] }));
  return new Uint8Array(Buffer.from(JSON.stringify({ id: 'big', concepts }), 'utf8'));
}

describe('sqlite store: large cartridges on the writer thread', () => {
  test('the event loop, reads and other writes go on while a large cartridge is written; writes wait for it', async () => {
    const file = join(root, 'writer', 'store.sqlite');
    const store = createSqliteStore({ file });
    await store.migrate();
    try {
      await store.applyCartridge('t', 'c1', [{ tenant: 't', kind: 'dictionary', id: 'big', bodyJson: largeBody(2, 'old') }]);
      const body = largeBody(8, 'new');
      const size = body.byteLength;
      const order: string[] = [];
      const applying = store.applyCartridge('t', 'c1', [{ tenant: 't', kind: 'dictionary', id: 'big', bodyJson: body }]).then((applied) => {
        order.push('applied');
        return applied;
      });
      assert.equal(body.byteLength, 0, 'the bytes were moved to the writer thread, not copied');
      const during = await store.getArtifact('t', 'dictionary', 'big');
      order.push('read');
      const created = store.createArtifact({ tenant: 't', kind: 'profile', id: 'p', body: {} }).then(() => order.push('created'));
      await new Promise((resolve) => setTimeout(resolve, 1));
      order.push('timer');
      assert.equal(await applying, true);
      await created;
      assert.deepEqual(order, ['read', 'timer', 'applied', 'created'], 'reads and timers run during the write; a write waits for it');
      assert.equal((during?.body as { concepts: { surfaceForms: string[] }[] }).concepts[0]?.surfaceForms[0], 'old term 0', 'a read during the write sees the previous body');
      const after = (await store.getArtifact('t', 'dictionary', 'big'))?.body as { concepts: { surfaceForms: string[] }[] };
      assert.equal(after.concepts[0]?.surfaceForms[0], 'new term 0');
      assert.ok(JSON.stringify(after).length >= size - 10);
    } finally {
      await store.close();
    }
  });

  test('a write the writer thread fails (another process holds the lock) is STORE_UNAVAILABLE and writes nothing', async () => {
    const file = join(root, 'writer-busy', 'store.sqlite');
    const store = createSqliteStore({ file, busyTimeoutMs: 50 });
    await store.migrate();
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      await assert.rejects(store.applyCartridge('t', 'c1', [{ tenant: 't', kind: 'dictionary', id: 'big', bodyJson: largeBody(2, 'x') }]), (e) => isDomainError(e) && e.kind === 'STORE_UNAVAILABLE');
      other.exec('ROLLBACK');
      assert.deepEqual(await store.listArtifacts('t', 'dictionary'), []);
    } finally {
      other.close();
      await store.close();
    }
  });
});

describe('sqlite store specifics', () => {
  test('creates the directory, uses WAL and records every migration version', async () => {
    const file = join(root, 'specifics', 'a', 'b', 'x.sqlite');
    const store = createSqliteStore({ file });
    await store.migrate();
    await store.migrate();
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      const versions = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
      assert.deepEqual(versions, loadMigrations('sqlite').map((m) => m.version));
    } finally {
      db.close();
    }
  });

  test('migration 2 moves the archive of a pending job to its own table: the job is still claimable with it', async () => {
    const file = join(root, 'migrate-archive', 'store.sqlite');
    const bytes = new Uint8Array([80, 75, 3, 4, 0, 255]);
    const old = createSqliteStore({ file });
    await old.close(); // creates the directory
    const db = new Database(file);
    try {
      migrateSqlite(db, loadMigrations('sqlite').slice(0, 1));
      db.prepare(`INSERT INTO deployments (tenant, id, state, start_time, correlation_id, archive) VALUES ('t', 'c1', 'submitted', ?, 'corr', ?)`)
        .run(new Date().toISOString(), Buffer.from(bytes));
      db.prepare(`INSERT INTO deployments (tenant, id, state, start_time, correlation_id) VALUES ('t', 'done', 'completed', ?, 'corr')`).run(new Date().toISOString());
    } finally {
      db.close();
    }
    const store = createSqliteStore({ file });
    try {
      await store.migrate();
      assert.deepEqual((await store.listDeployments('t')).map((d) => [d.id, d.hasArchive]), [['c1', true], ['done', false]]);
      const job = await store.claimDeployment('w', 60_000);
      assert.deepEqual([job?.id, job === undefined ? undefined : [...job.archive]], ['c1', [...bytes]]);
    } finally {
      await store.close();
    }
  });

  test('state changes of a job write a few pages, not its archive again', async () => {
    const file = join(root, 'small-updates', 'store.sqlite');
    const store = createSqliteStore({ file });
    await store.migrate();
    const reader = new Database(file);
    /** Frames in the write-ahead log since it was last reset (every committed page is one frame). */
    const frames = (): number => (reader.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;
    try {
      const archiveBytes = new Uint8Array(4 * 2 ** 20).fill(7);
      assert.ok((await store.submitDeployment({ tenant: 't', id: 'c1', correlationId: 'c', archive: archiveBytes, mode: 'create' })).ok);
      assert.ok(frames() > 1000, 'the submission wrote the archive (4 MiB: over 1,000 pages of 4 KiB)');
      reader.pragma('wal_checkpoint(TRUNCATE)');
      assert.equal(frames(), 0);
      await store.claimDeployment('w', 60_000);
      await store.renewDeploymentLease({ tenant: 't', id: 'c1', owner: 'w', leaseMs: 60_000 });
      await store.renewDeploymentLease({ tenant: 't', id: 'c1', owner: 'w', leaseMs: 60_000 });
      await store.finishDeployment({ tenant: 't', id: 'c1', owner: 'w', state: 'completed', artifactResponseCode: 200, artifactResponse: [] });
      // Each commit writes the pages it changed: the row's page and index or freelist pages, not the archive's 1,000+.
      assert.ok(frames() < 100, `claim, two renewals and finish wrote ${frames()} pages`);
      assert.equal((await store.getDeployment('t', 'c1'))?.hasArchive, false);
    } finally {
      reader.close();
      await store.close();
    }
  });

  test('a file that cannot be opened is STORE_UNAVAILABLE', () => {
    const blocker = join(root, 'not-a-dir');
    writeFileSync(blocker, 'x');
    assert.throws(() => createSqliteStore({ file: join(blocker, 'x.sqlite') }), (e) => isDomainError(e) && e.kind === 'STORE_UNAVAILABLE');
  });

  test('a file that is not a database fails ping/migrate with STORE_UNAVAILABLE', async () => {
    const file = join(root, 'garbage.sqlite');
    writeFileSync(file, 'this is not a sqlite database, just text long enough to have a header '.repeat(20));
    const attempt = async (): Promise<void> => {
      const store = createSqliteStore({ file });
      try {
        await store.migrate();
      } finally {
        await store.close();
      }
    };
    await assert.rejects(attempt(), (e) => isDomainError(e) && e.kind === 'STORE_UNAVAILABLE');
  });
});
