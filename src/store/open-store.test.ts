import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { openStore, SQLITE_FILE_NAME } from './open-store.js';

const root = mkdtempSync(join(tmpdir(), 'ca-open-store-'));
after(() => rmSync(root, { recursive: true, force: true }));
const url = process.env.TEST_DATABASE_URL;

test('without databaseUrl: SQLite in dataDir, migrated and usable', async () => {
  const dataDir = join(root, 'data');
  const store = await openStore({ dataDir });
  try {
    assert.equal(store.dialect, 'sqlite');
    assert.ok(existsSync(join(dataDir, SQLITE_FILE_NAME)));
    assert.equal((await store.createArtifact({ tenant: 't', kind: 'profile', id: 'p', body: { x: 1 } })).ok, true);
  } finally {
    await store.close();
  }
  const reopened = await openStore({ dataDir, databaseUrl: '' });
  try {
    assert.deepEqual((await reopened.getArtifact('t', 'profile', 'p'))?.body, { x: 1 }, 'data survives a restart');
  } finally {
    await reopened.close();
  }
});

test('with databaseUrl: PostgreSQL, migrated and usable', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, async () => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const database = `ca_test_open_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${database}`;
    const store = await openStore({ databaseUrl: databaseUrl.toString(), dataDir: join(root, 'unused') });
    try {
      assert.equal(store.dialect, 'postgres');
      await store.ping();
      assert.equal((await store.createArtifact({ tenant: 't', kind: 'flow', id: 'f', body: { y: 2 } })).ok, true);
      assert.deepEqual((await store.getArtifact('t', 'flow', 'f'))?.body, { y: 2 });
    } finally {
      await store.close();
    }
    assert.equal(existsSync(join(root, 'unused')), false, 'no SQLite file is made when PostgreSQL is used');
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
});
