// Chooses the store from configuration and brings its schema up to date.
import { join } from 'node:path';
import { createPostgresStore } from './postgres/postgres-store.js';
import { createSqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

export interface OpenStoreConfig {
  /** PostgreSQL connection string; when set, PostgreSQL is used (required for several replicas). */
  readonly databaseUrl?: string;
  /** Directory of the embedded SQLite file `clinical-annotator.sqlite` when no databaseUrl is set. */
  readonly dataDir: string;
  /** Told about PostgreSQL failures nobody awaits (idle connections, the knowledge listener); log them. */
  readonly onBackgroundError?: (error: Error) => void;
}

export const SQLITE_FILE_NAME = 'clinical-annotator.sqlite';

/** Opens PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`, and runs pending migrations. */
export async function openStore(config: OpenStoreConfig): Promise<Store> {
  const store = config.databaseUrl !== undefined && config.databaseUrl !== ''
    ? createPostgresStore({ connectionString: config.databaseUrl, ...(config.onBackgroundError ? { onBackgroundError: config.onBackgroundError } : {}) })
    : createSqliteStore({ file: join(config.dataDir, SQLITE_FILE_NAME) });
  try {
    await store.migrate();
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
}
