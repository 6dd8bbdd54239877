import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { isDomainError } from '../../errors.js';
import { loadMigrations } from '../migrations/runner.js';
import type { Store } from '../store.js';
import { runStoreContract } from '../store.contract.js';
import { createSqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'ca-sqlite-store-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

runStoreContract('sqlite', async () => {
  const dir = join(root, `db-${++counter}`);
  const file = join(dir, 'nested', 'store.sqlite');
  const opened: Store[] = [];
  const open = async (): Promise<Store> => {
    const store = createSqliteStore({ file });
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
}, { crossReplicaNotifications: false });

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
