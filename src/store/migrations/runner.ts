// Versioned, append-only schema migrations. Files are `NNNN-<name>.<dialect>.sql` beside this module;
// applied versions are recorded in `schema_migrations`. Released files are never edited: a change is
// a new version for both dialects.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import type { PoolClient } from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const FILE_PATTERN = /^(\d{4})-([a-z0-9][a-z0-9-]*)\.(sqlite|postgres)\.sql$/;

/** The SQL files sit beside this module in src/; a build (dist/) reads them from the source tree. */
function migrationsDir(): string {
  const candidates = [new URL('./', import.meta.url), new URL('../../../../src/store/migrations/', import.meta.url)];
  for (const url of candidates) {
    const dir = fileURLToPath(url);
    if (existsSync(dir) && readdirSync(dir).some((f) => FILE_PATTERN.test(f))) return dir;
  }
  throw new Error(`no migration files found near ${fileURLToPath(candidates[0]!)}`);
}

/** Every migration of a dialect, ordered by version; versions must run 1, 2, 3... without gaps. */
export function loadMigrations(dialect: Dialect, dir: string = migrationsDir()): Migration[] {
  const found: Migration[] = [];
  for (const file of readdirSync(dir)) {
    const m = FILE_PATTERN.exec(file);
    if (!m || m[3] !== dialect) continue;
    found.push({ version: Number(m[1]), name: m[2]!, sql: readFileSync(`${dir}/${file}`, 'utf8') });
  }
  found.sort((a, b) => a.version - b.version);
  found.forEach((mig, i) => {
    if (mig.version !== i + 1) throw new Error(`${dialect} migrations must be numbered 1..n without gaps or duplicates; found ${mig.version} at position ${i + 1}`);
  });
  return found;
}

function pending(all: readonly Migration[], applied: ReadonlySet<number>): Migration[] {
  return all.filter((m) => !applied.has(m.version));
}

/** Applies pending SQLite migrations in one IMMEDIATE transaction (serialises concurrent processes). */
export function migrateSqlite(db: BetterSqlite3.Database, all: readonly Migration[] = loadMigrations('sqlite')): number {
  const run = db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const rows = db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[];
    const todo = pending(all, new Set(rows.map((r) => r.version)));
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const m of todo) {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    }
    return todo.length;
  });
  return run.immediate();
}

/**
 * Applies pending PostgreSQL migrations in one transaction holding a transaction-scoped advisory
 * lock, so replicas starting together apply each version exactly once. `schema`, when given, is
 * created first (it is validated by the caller and is the connection's search_path).
 */
export async function migratePostgres(client: PoolClient, schema: string | undefined, all: readonly Migration[] = loadMigrations('postgres')): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`clinical_annotator_migrations:${schema ?? ''}`]);
    if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const todo = pending(all, new Set(rows.map((r) => r.version)));
    for (const m of todo) {
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
    }
    await client.query('COMMIT');
    return todo.length;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
