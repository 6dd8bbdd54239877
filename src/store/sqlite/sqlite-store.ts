// The embedded Store: one SQLite file (WAL) through better-sqlite3. Calls are synchronous underneath,
// so each method is atomic within a process; writes that read first use IMMEDIATE transactions so
// several processes sharing the file stay correct. Knowledge changes are announced in-process only.
// A large cartridge is written on a writer thread with its own connection (writer-thread.ts); meanwhile
// the store's other writes wait for it without blocking the event loop (on SQLite's lock they would).
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DomainError } from '../../errors.js';
import { migrateSqlite } from '../migrations/runner.js';
import { assertArtifactKind, countsByState, encodeJson, isoAfter, nowIso, toDeployment, toStoredArtifact, type ArtifactRow, type DeploymentRow } from '../rows.js';
import { DEFINITION_KINDS, type Deployment, type DeploymentState, type NewArtifact, type Store, type StoredArtifact } from '../store.js';
import { applyCartridgeTransaction, checkCartridgeArtifacts } from './apply-cartridge.js';
import { applyCartridgeOnWriterThread, encodedBodySize, WRITER_THREAD_MIN_BYTES } from './writer-thread.js';

export interface SqliteStoreOptions {
  /** Path of the database file; its directory is created when missing. */
  readonly file: string;
  /** How long a writer waits for another process's lock before failing (default 5000). */
  readonly busyTimeoutMs?: number;
  /** Body text (characters or bytes) from which applyCartridge writes on a writer thread; default WRITER_THREAD_MIN_BYTES. */
  readonly writerThreadMinBytes?: number;
}

const ARTIFACT_COLUMNS = 'tenant, kind, id, body, published_date, cartridge_id';
// The archive lives in deployment_archives (migration 0002): updates of a deployment row stay small.
const DEPLOYMENT_COLUMNS = `tenant, id, state, start_time, end_time, correlation_id, artifact_response, artifact_response_code,
  EXISTS (SELECT 1 FROM deployment_archives a WHERE a.tenant = deployments.tenant AND a.id = deployments.id) AS has_archive,
  locked_by, locked_until, attempts`;
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY|CORRUPT|NOTADB|PERM|NOMEM|AUTH)/;

/** Driver errors that mean "the database cannot answer" become STORE_UNAVAILABLE; others pass through. */
function translate(e: unknown): unknown {
  const code = (e as { code?: unknown } | null)?.code;
  const closed = e instanceof TypeError && /database connection is not open/.test(e.message);
  const fsFailure = typeof code === 'string' && /^E[A-Z]+$/.test(code);
  if (closed || fsFailure || (typeof code === 'string' && UNAVAILABLE_CODES.test(code))) {
    return new DomainError('STORE_UNAVAILABLE', `SQLite store: ${(e as Error).message}`, { cause: e });
  }
  return e;
}

function openDatabase(options: SqliteStoreOptions): Database.Database {
  try {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    const db = new Database(options.file);
    db.pragma('journal_mode = WAL');
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    return db;
  } catch (e) {
    throw translate(e);
  }
}

export function createSqliteStore(options: SqliteStoreOptions): Store {
  const db = openDatabase(options);
  const statements = new Map<string, Database.Statement>();
  const listeners = new Set<(tenant: string) => void>();
  const definitionListeners = new Set<(tenant: string) => void>();
  /** Queued before the write's promise settles, so the writer's next read already sees it announced. */
  const announceDefinitions = (tenant: string): void => {
    for (const listener of definitionListeners) queueMicrotask(() => listener(tenant));
  };

  function sql(text: string): Database.Statement {
    let stmt = statements.get(text);
    if (stmt === undefined) {
      stmt = db.prepare(text);
      statements.set(text, stmt);
    }
    return stmt;
  }

  /** Runs synchronous driver work, translating its errors at the store's edge. */
  async function guard<T>(work: () => T): Promise<T> {
    try {
      return work();
    } catch (e) {
      throw translate(e);
    }
  }

  /** The write running on a writer thread, if any: it holds SQLite's write lock until it settles. */
  let threadWrite: Promise<unknown> | undefined;

  /** As guard, for work that writes: it first waits for a writer thread's write (whose lock would block the event loop). */
  async function write<T>(work: () => T): Promise<T> {
    while (threadWrite !== undefined) await threadWrite.catch(() => undefined);
    return guard(work);
  }

  function selectArtifact(tenant: string, kind: string, id: string): ArtifactRow | undefined {
    return sql(`SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE tenant = ? AND kind = ? AND id = ?`).get(tenant, kind, id) as ArtifactRow | undefined;
  }

  function selectDeployment(tenant: string, id: string): Deployment | undefined {
    const row = sql(`SELECT ${DEPLOYMENT_COLUMNS} FROM deployments WHERE tenant = ? AND id = ?`).get(tenant, id) as DeploymentRow | undefined;
    return row === undefined ? undefined : toDeployment(row);
  }

  // Prepared on first use: the tables exist once migrate() ran.
  let applyCartridgeTx: ReturnType<typeof applyCartridgeTransaction> | undefined;
  const writerThreadMinBytes = options.writerThreadMinBytes ?? WRITER_THREAD_MIN_BYTES;

  const deleteTenantTx = db.transaction((tenant: string): number => {
    const a = sql('DELETE FROM artifacts WHERE tenant = ?').run(tenant).changes;
    sql('DELETE FROM deployment_archives WHERE tenant = ?').run(tenant);
    const d = sql('DELETE FROM deployments WHERE tenant = ?').run(tenant).changes;
    return a + d;
  });

  const storeArchive = (tenant: string, id: string, archive: Uint8Array): void => {
    sql('INSERT INTO deployment_archives (tenant, id, archive) VALUES (?, ?, ?) ON CONFLICT (tenant, id) DO UPDATE SET archive = excluded.archive')
      .run(tenant, id, Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  };

  const submitTx = db.transaction((input: { tenant: string; id: string; correlationId: string; archive: Uint8Array }) => {
    const inserted = sql(`INSERT INTO deployments (tenant, id, state, start_time, correlation_id) VALUES (?, ?, 'submitted', ?, ?) ON CONFLICT DO NOTHING`)
      .run(input.tenant, input.id, nowIso(), input.correlationId).changes;
    if (inserted === 0) return { ok: false, reason: 'exists' } as const;
    storeArchive(input.tenant, input.id, input.archive);
    return { ok: true, deployment: selectDeployment(input.tenant, input.id)! } as const;
  });

  const redeployTx = db.transaction((input: { tenant: string; id: string; correlationId: string; archive: Uint8Array }) => {
    const current = sql('SELECT state FROM deployments WHERE tenant = ? AND id = ?').get(input.tenant, input.id) as { state: string } | undefined;
    if (current === undefined) return { ok: false, reason: 'not_found' } as const;
    if (current.state === 'submitted' || current.state === 'processing') return { ok: false, reason: 'in_progress' } as const;
    sql(`UPDATE deployments SET state = 'submitted', start_time = ?, end_time = NULL, correlation_id = ?, artifact_response = '[]',
      artifact_response_code = 0, locked_by = NULL, locked_until = NULL, attempts = 0 WHERE tenant = ? AND id = ?`)
      .run(nowIso(), input.correlationId, input.tenant, input.id);
    storeArchive(input.tenant, input.id, input.archive);
    return { ok: true, deployment: selectDeployment(input.tenant, input.id)! } as const;
  });

  const claimTx = db.transaction((owner: string, leaseMs: number) => {
    const next = sql(`SELECT tenant, id FROM deployments d
      WHERE (state = 'submitted' OR (state = 'processing' AND locked_until < ?))
        AND EXISTS (SELECT 1 FROM deployment_archives a WHERE a.tenant = d.tenant AND a.id = d.id)
      ORDER BY start_time, tenant, id LIMIT 1`)
      .get(nowIso()) as { tenant: string; id: string } | undefined;
    if (next === undefined) return undefined;
    const row = sql(`UPDATE deployments SET state = 'processing', locked_by = ?, locked_until = ?, attempts = attempts + 1
      WHERE tenant = ? AND id = ? RETURNING ${DEPLOYMENT_COLUMNS}`)
      .get(owner, isoAfter(leaseMs), next.tenant, next.id) as DeploymentRow;
    const { archive } = sql('SELECT archive FROM deployment_archives WHERE tenant = ? AND id = ?').get(next.tenant, next.id) as { archive: Buffer };
    return { ...toDeployment(row), archive };
  });

  const finishTx = db.transaction((input: Parameters<Store['finishDeployment']>[0]): boolean => {
    const finished = sql(`UPDATE deployments SET state = ?, end_time = ?, artifact_response_code = ?, artifact_response = ?, locked_by = NULL, locked_until = NULL
      WHERE tenant = ? AND id = ? AND locked_by = ? AND state = 'processing'`)
      .run(input.state, nowIso(), input.artifactResponseCode, encodeJson(input.artifactResponse), input.tenant, input.id, input.owner).changes === 1;
    if (finished) sql('DELETE FROM deployment_archives WHERE tenant = ? AND id = ?').run(input.tenant, input.id);
    return finished;
  });

  return {
    dialect: 'sqlite',

    migrate: () => write(() => void migrateSqlite(db)),

    ping: () => guard(() => void sql('SELECT 1').get()),

    async close() {
      while (threadWrite !== undefined) await threadWrite.catch(() => undefined);
      if (db.open) db.close();
      statements.clear();
      listeners.clear();
      definitionListeners.clear();
    },

    listArtifacts: (tenant, kind) =>
      guard(() => (sql(`SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE tenant = ? AND kind = ? ORDER BY id`).all(tenant, kind) as ArtifactRow[]).map((r) => toStoredArtifact(r))),

    getArtifact: (tenant, kind, id) =>
      guard(() => {
        const row = selectArtifact(tenant, kind, id);
        return row === undefined ? undefined : toStoredArtifact(row);
      }),

    hasArtifact: (tenant, kind, id) =>
      guard(() => sql('SELECT 1 FROM artifacts WHERE tenant = ? AND kind = ? AND id = ?').get(tenant, kind, id) !== undefined),

    createArtifact: <T>(a: NewArtifact<T>) =>
      write(() => {
        assertArtifactKind(a.kind);
        const row = sql(`INSERT INTO artifacts (${ARTIFACT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING ${ARTIFACT_COLUMNS}`)
          .get(a.tenant, a.kind, a.id, encodeJson(a.body), nowIso(), a.cartridgeId ?? null) as ArtifactRow | undefined;
        if (row === undefined) return { ok: false, reason: 'conflict' } as const;
        if (DEFINITION_KINDS.has(a.kind)) announceDefinitions(a.tenant);
        return { ok: true, artifact: toStoredArtifact<T>(row) } as const;
      }),

    replaceArtifact: <T>(a: NewArtifact<T>) =>
      write(() => {
        assertArtifactKind(a.kind);
        const row = sql(`UPDATE artifacts SET body = ?, published_date = ?, cartridge_id = ? WHERE tenant = ? AND kind = ? AND id = ? RETURNING ${ARTIFACT_COLUMNS}`)
          .get(encodeJson(a.body), nowIso(), a.cartridgeId ?? null, a.tenant, a.kind, a.id) as ArtifactRow | undefined;
        if (row === undefined) return undefined;
        if (DEFINITION_KINDS.has(a.kind)) announceDefinitions(a.tenant);
        return toStoredArtifact<T>(row);
      }),

    deleteArtifact: (tenant, kind, id) =>
      write((): StoredArtifact | undefined => {
        const row = sql(`DELETE FROM artifacts WHERE tenant = ? AND kind = ? AND id = ? RETURNING ${ARTIFACT_COLUMNS}`).get(tenant, kind, id) as ArtifactRow | undefined;
        if (row === undefined) return undefined;
        if (DEFINITION_KINDS.has(kind)) announceDefinitions(tenant);
        return toStoredArtifact(row);
      }),

    deleteTenant: (tenant) =>
      write(() => {
        const removed = deleteTenantTx.immediate(tenant);
        announceDefinitions(tenant);
        return removed;
      }),

    async applyCartridge(tenant, cartridgeId, artifacts, job) {
      if (options.file === ':memory:' || encodedBodySize(artifacts) < writerThreadMinBytes) {
        return write(() => {
          applyCartridgeTx ??= applyCartridgeTransaction(db);
          const applied = applyCartridgeTx.immediate(tenant, cartridgeId, artifacts, job);
          if (applied) announceDefinitions(tenant);
          return applied;
        });
      }
      checkCartridgeArtifacts(tenant, artifacts);
      while (threadWrite !== undefined) await threadWrite.catch(() => undefined);
      if (!db.open) throw translate(new TypeError('The database connection is not open'));
      const writing = applyCartridgeOnWriterThread({ file: options.file, busyTimeoutMs: options.busyTimeoutMs ?? 5000, tenant, cartridgeId, artifacts, job });
      threadWrite = writing;
      try {
        const applied = await writing;
        if (applied) announceDefinitions(tenant);
        return applied;
      } catch (e) {
        throw translate(e);
      } finally {
        threadWrite = undefined;
      }
    },

    submitDeployment: (input) => write(() => (input.mode === 'update' ? redeployTx : submitTx).immediate(input)),

    getDeployment: (tenant, id) => guard(() => selectDeployment(tenant, id)),

    listDeployments: (tenant) =>
      guard(() => (sql(`SELECT ${DEPLOYMENT_COLUMNS} FROM deployments WHERE tenant = ? ORDER BY id`).all(tenant) as DeploymentRow[]).map(toDeployment)),

    countDeploymentsByState: () =>
      guard(() => countsByState(sql('SELECT state, COUNT(*) AS n FROM deployments GROUP BY state').all() as { state: DeploymentState; n: number }[])),

    claimDeployment: (owner, leaseMs) => write(() => claimTx.immediate(owner, leaseMs)),

    renewDeploymentLease: (input) =>
      write(() => sql(`UPDATE deployments SET locked_until = ? WHERE tenant = ? AND id = ? AND locked_by = ? AND state = 'processing'`)
        .run(isoAfter(input.leaseMs), input.tenant, input.id, input.owner).changes === 1),

    finishDeployment: (input) => write(() => finishTx.immediate(input)),

    async publishKnowledgeChange(tenant) {
      for (const listener of listeners) queueMicrotask(() => listener(tenant));
    },

    async onKnowledgeChange(listener) {
      const own = (tenant: string): void => listener(tenant);
      listeners.add(own);
      return async () => void listeners.delete(own);
    },

    async onDefinitionChange(listener) {
      const own = (tenant: string): void => listener(tenant);
      definitionListeners.add(own);
      return async () => void definitionListeners.delete(own);
    },
  };
}
