// The replicated Store: PostgreSQL through a pg Pool. Parameterised SQL only; the only identifiers
// ever interpolated are the validated schema and channel names. Jobs are claimed with
// FOR UPDATE SKIP LOCKED and leases; knowledge changes travel by LISTEN/NOTIFY.
import pg from 'pg';
import { migratePostgres } from '../migrations/runner.js';
import { assertArtifactKind, bodyTextOf, countsByState, encodeJson, isoAfter, nowIso, toDeployment, toStoredArtifact, type ArtifactRow, type DeploymentRow } from '../rows.js';
import { DEFINITION_KINDS, type Deployment, type DeploymentState, type NewArtifact, type Store, type SubmitDeploymentResult } from '../store.js';
import { createKnowledgeListener } from './knowledge-listener.js';
import { isDroppedConnection, isUnavailable, sqlState, translatePgError, UNIQUE_VIOLATION } from './pg-errors.js';

export interface PostgresStoreOptions {
  readonly connectionString: string;
  /** Schema holding the tables (created by migrate()); default: the server's search_path (public). */
  readonly schema?: string;
  /** Maximum pooled connections (default 10); the knowledge listener uses one more. */
  readonly poolSize?: number;
  /** How long to wait for a connection before STORE_UNAVAILABLE (default 5000). */
  readonly connectTimeoutMs?: number;
  /** Told about failures nobody awaits (idle pool connections, the listening connection dropping); default: process warning. */
  readonly onBackgroundError?: (error: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,33}$/;
const CHANNEL = 'clinical_annotator_knowledge';
const DEFINITION_CHANNEL = 'clinical_annotator_definitions';
const ARTIFACT_COLUMNS = 'tenant, kind, id, body::text AS body, published_date, cartridge_id';
// The archive lives in deployment_archives (migration 0002): updates of a deployment row stay small.
const DEPLOYMENT_COLUMNS = `d.tenant, d.id, d.state, d.start_time, d.end_time, d.correlation_id, d.artifact_response::text AS artifact_response,
  d.artifact_response_code, EXISTS (SELECT 1 FROM deployment_archives a WHERE a.tenant = d.tenant AND a.id = d.id) AS has_archive,
  d.locked_by, d.locked_until, d.attempts`;
const STORE_ARCHIVE = `INSERT INTO deployment_archives (tenant, id, archive) VALUES ($1, $2, $3)
  ON CONFLICT (tenant, id) DO UPDATE SET archive = excluded.archive`;

/** A pool client inside a transaction, or the pool through the translating `query`. */
type Queryable = { query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> };

/** The 'error' event of a client in use: its failing statement rejects as well, and is handled there. */
const ignoreClientError = (): void => undefined;

/** A Buffer over the archive's bytes, without copying them. */
function archiveBytes(archive: Uint8Array): Buffer {
  return Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
}

/** See afterDrop in createPostgresStore. */
const RETRY_AFTER_DROP_MS = 50;

export function createPostgresStore(options: PostgresStoreOptions): Store {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new TypeError(`schema must match ${SCHEMA_NAME}: '${schema}'`);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const onBackgroundError = options.onBackgroundError ?? ((e: Error) => process.emitWarning(e.message, 'StoreBackgroundError'));
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  pool.on('error', onBackgroundError);
  /** NOTIFY is database-wide: a store confined to a schema gets its own channels. */
  const channel = schema === undefined ? CHANNEL : `${CHANNEL}_${schema}`;
  const definitionChannel = schema === undefined ? DEFINITION_CHANNEL : `${DEFINITION_CHANNEL}_${schema}`;
  const knowledge = createKnowledgeListener({ connectionString: options.connectionString, channels: [channel, definitionChannel], connectTimeoutMs, onBackgroundError });
  /** After a write that may touch profiles or flows: this process at once, other replicas by NOTIFY. */
  async function announceDefinitions(tenant: string): Promise<void> {
    knowledge.deliverLocally(definitionChannel, tenant);
    await query('SELECT pg_notify($1, $2)', [definitionChannel, tenant]);
  }
  let ended = false;

  // Store calls are retried once when their connection was dropped (a PostgreSQL restart terminates every
  // backend: the pool's idle clients fail on their next statement). Statements that ran in autocommit are
  // retried only from query() (reads, idempotent writes); a transaction is retried when it failed before its
  // COMMIT was sent, so it was rolled back and nothing of it was applied.
  /** A pause before the retry: the pool's other idle clients of the same dropped server have failed too, and
   * their errors arrive in the next turns of the event loop; after it the pool hands out a live connection. */
  const afterDrop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_DROP_MS));

  async function query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await pool.query<R>(text, values);
    } catch (e) {
      if (!isDroppedConnection(e) || ended) throw translatePgError(e);
    }
    await afterDrop();
    try {
      return await pool.query<R>(text, values);
    } catch (e) {
      throw translatePgError(e);
    }
  }

  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>, retry = true): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (e) {
      throw translatePgError(e);
    }
    // A checked-out client has no 'error' listener (the pool removes its own): a connection dropped in the
    // middle of the transaction would be an uncaught 'error' event, a crash. The statement in flight rejects too.
    client.on('error', ignoreClientError);
    let committing = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      committing = true;
      await client.query('COMMIT');
      client.off('error', ignoreClientError);
      client.release();
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.off('error', ignoreClientError);
      client.release(isUnavailable(e));
      if (retry && !committing && !ended && isDroppedConnection(e)) {
        await afterDrop();
        return transaction(work, false);
      }
      throw translatePgError(e);
    }
  }

  async function selectDeployment(db: Queryable, tenant: string, id: string): Promise<Deployment | undefined> {
    const { rows } = await db.query<DeploymentRow>(`SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d WHERE d.tenant = $1 AND d.id = $2`, [tenant, id]);
    return rows[0] === undefined ? undefined : toDeployment(rows[0]);
  }

  async function redeploy(client: pg.PoolClient, input: { tenant: string; id: string; correlationId: string; archive: Uint8Array }): Promise<SubmitDeploymentResult> {
    const { rows } = await client.query<{ state: string }>('SELECT state FROM deployments WHERE tenant = $1 AND id = $2 FOR UPDATE', [input.tenant, input.id]);
    const state = rows[0]?.state;
    if (state === undefined) return { ok: false, reason: 'not_found' };
    if (state === 'submitted' || state === 'processing') return { ok: false, reason: 'in_progress' };
    await client.query(
      `UPDATE deployments SET state = 'submitted', start_time = $3, end_time = NULL, correlation_id = $4, artifact_response = '[]',
        artifact_response_code = 0, locked_by = NULL, locked_until = NULL, attempts = 0 WHERE tenant = $1 AND id = $2`,
      [input.tenant, input.id, nowIso(), input.correlationId],
    );
    await client.query(STORE_ARCHIVE, [input.tenant, input.id, archiveBytes(input.archive)]);
    return { ok: true, deployment: (await selectDeployment(client, input.tenant, input.id))! };
  }

  return {
    dialect: 'postgres',

    async migrate() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw translatePgError(e);
      }
      try {
        await migratePostgres(client, schema);
        client.release();
      } catch (e) {
        client.release(isUnavailable(e));
        throw translatePgError(e);
      }
    },

    async ping() {
      await query('SELECT 1');
    },

    async close() {
      await knowledge.close();
      if (!ended) {
        ended = true;
        await pool.end();
      }
    },

    async listArtifacts(tenant, kind) {
      const { rows } = await query<ArtifactRow>(`SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE tenant = $1 AND kind = $2 ORDER BY id COLLATE "C"`, [tenant, kind]);
      return rows.map((r) => toStoredArtifact(r));
    },

    async getArtifact(tenant, kind, id) {
      const { rows } = await query<ArtifactRow>(`SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE tenant = $1 AND kind = $2 AND id = $3`, [tenant, kind, id]);
      return rows[0] === undefined ? undefined : toStoredArtifact(rows[0]);
    },

    async hasArtifact(tenant, kind, id) {
      const { rowCount } = await query('SELECT 1 FROM artifacts WHERE tenant = $1 AND kind = $2 AND id = $3', [tenant, kind, id]);
      return rowCount === 1;
    },

    async createArtifact<T>(a: NewArtifact<T>) {
      assertArtifactKind(a.kind);
      try {
        const { rows } = await pool.query<ArtifactRow>(
          `INSERT INTO artifacts (tenant, kind, id, body, published_date, cartridge_id) VALUES ($1, $2, $3, $4::json, $5, $6) RETURNING ${ARTIFACT_COLUMNS}`,
          [a.tenant, a.kind, a.id, encodeJson(a.body), nowIso(), a.cartridgeId ?? null],
        );
        if (DEFINITION_KINDS.has(a.kind)) await announceDefinitions(a.tenant);
        return { ok: true, artifact: toStoredArtifact<T>(rows[0]!) } as const;
      } catch (e) {
        if (sqlState(e) === UNIQUE_VIOLATION) return { ok: false, reason: 'conflict' } as const;
        throw translatePgError(e);
      }
    },

    async replaceArtifact<T>(a: NewArtifact<T>) {
      assertArtifactKind(a.kind);
      const { rows } = await query<ArtifactRow>(
        `UPDATE artifacts SET body = $4::json, published_date = $5, cartridge_id = $6 WHERE tenant = $1 AND kind = $2 AND id = $3 RETURNING ${ARTIFACT_COLUMNS}`,
        [a.tenant, a.kind, a.id, encodeJson(a.body), nowIso(), a.cartridgeId ?? null],
      );
      if (rows[0] === undefined) return undefined;
      if (DEFINITION_KINDS.has(a.kind)) await announceDefinitions(a.tenant);
      return toStoredArtifact<T>(rows[0]);
    },

    async deleteArtifact(tenant, kind, id) {
      const { rows } = await query<ArtifactRow>(`DELETE FROM artifacts WHERE tenant = $1 AND kind = $2 AND id = $3 RETURNING ${ARTIFACT_COLUMNS}`, [tenant, kind, id]);
      if (rows[0] === undefined) return undefined;
      if (DEFINITION_KINDS.has(kind)) await announceDefinitions(tenant);
      return toStoredArtifact(rows[0]);
    },

    async deleteTenant(tenant) {
      const removed = await transaction(async (client) => {
        // Deployments first: a job applying its cartridge holds its row (FOR UPDATE) until it commits, so
        // the artifacts are deleted after that commit, written ones included; a job that comes later finds no row.
        // Their archives go with them (ON DELETE CASCADE).
        const d = await client.query('DELETE FROM deployments WHERE tenant = $1', [tenant]);
        const a = await client.query('DELETE FROM artifacts WHERE tenant = $1', [tenant]);
        return (a.rowCount ?? 0) + (d.rowCount ?? 0);
      });
      await announceDefinitions(tenant);
      return removed;
    },

    async applyCartridge(tenant, cartridgeId, artifacts, job) {
      const applied = await transaction(async (client) => {
        if (job !== undefined) {
          const held = await client.query(
            `SELECT 1 FROM deployments WHERE tenant = $1 AND id = $2 AND locked_by = $3 AND state = 'processing' FOR UPDATE`,
            [tenant, job.id, job.owner],
          );
          if (held.rowCount !== 1) return false;
        }
        for (const a of artifacts) {
          if (a.tenant !== tenant) throw new TypeError(`artifact ${a.kind}/${a.id} names tenant '${a.tenant}', expected '${tenant}'`);
          assertArtifactKind(a.kind);
          await client.query(
            `INSERT INTO artifacts (tenant, kind, id, body, published_date, cartridge_id) VALUES ($1, $2, $3, $4::json, $5, $6)
             ON CONFLICT (tenant, kind, id) DO UPDATE SET body = excluded.body, published_date = excluded.published_date, cartridge_id = excluded.cartridge_id`,
            [tenant, a.kind, a.id, bodyTextOf(a), nowIso(), cartridgeId],
          );
        }
        await client.query(
          `DELETE FROM artifacts a WHERE a.tenant = $1 AND a.cartridge_id = $2
             AND NOT EXISTS (SELECT 1 FROM unnest($3::text[], $4::text[]) AS k(kind, id) WHERE k.kind = a.kind AND k.id = a.id)`,
          [tenant, cartridgeId, artifacts.map((a) => a.kind), artifacts.map((a) => a.id)],
        );
        return true;
      });
      if (applied) await announceDefinitions(tenant);
      return applied;
    },

    async submitDeployment(input) {
      if (input.mode === 'update') return transaction((client) => redeploy(client, input));
      // One transaction (the row and its archive), retried only when it failed before its COMMIT was sent.
      return transaction(async (client): Promise<SubmitDeploymentResult> => {
        const { rows } = await client.query<{ tenant: string }>(
          `INSERT INTO deployments AS d (tenant, id, state, start_time, correlation_id) VALUES ($1, $2, 'submitted', $3, $4)
           ON CONFLICT DO NOTHING RETURNING d.tenant`,
          [input.tenant, input.id, nowIso(), input.correlationId],
        );
        if (rows[0] === undefined) return { ok: false, reason: 'exists' };
        await client.query(STORE_ARCHIVE, [input.tenant, input.id, archiveBytes(input.archive)]);
        return { ok: true, deployment: (await selectDeployment(client, input.tenant, input.id))! };
      });
    },

    getDeployment: (tenant, id) => selectDeployment({ query }, tenant, id),

    async listDeployments(tenant) {
      const { rows } = await query<DeploymentRow>(`SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d WHERE d.tenant = $1 ORDER BY d.id COLLATE "C"`, [tenant]);
      return rows.map(toDeployment);
    },

    async countDeploymentsByState() {
      const { rows } = await query<{ state: DeploymentState; n: string }>('SELECT state, COUNT(*) AS n FROM deployments GROUP BY state', []);
      return countsByState(rows);
    },

    async claimDeployment(owner, leaseMs) {
      const { rows } = await query<DeploymentRow & { archive: Buffer }>(
        `UPDATE deployments d SET state = 'processing', locked_by = $1, locked_until = $2, attempts = d.attempts + 1
         FROM (SELECT j.tenant, j.id FROM deployments j
               WHERE (j.state = 'submitted' OR (j.state = 'processing' AND j.locked_until < $3))
                 AND EXISTS (SELECT 1 FROM deployment_archives a WHERE a.tenant = j.tenant AND a.id = j.id)
               ORDER BY j.start_time, j.tenant, j.id LIMIT 1 FOR UPDATE OF j SKIP LOCKED) next
         WHERE d.tenant = next.tenant AND d.id = next.id
         RETURNING ${DEPLOYMENT_COLUMNS}, (SELECT a.archive FROM deployment_archives a WHERE a.tenant = d.tenant AND a.id = d.id) AS archive`,
        [owner, isoAfter(leaseMs), nowIso()],
      );
      const row = rows[0];
      return row === undefined ? undefined : { ...toDeployment(row), archive: row.archive };
    },

    async renewDeploymentLease(input) {
      const r = await query(`UPDATE deployments SET locked_until = $4 WHERE tenant = $1 AND id = $2 AND locked_by = $3 AND state = 'processing'`, [
        input.tenant, input.id, input.owner, isoAfter(input.leaseMs),
      ]);
      return r.rowCount === 1;
    },

    async finishDeployment(input) {
      // The archive is deleted in the same statement (a data-modifying CTE), so a finished job never keeps it.
      const r = await query(
        `WITH finished AS (
           UPDATE deployments SET state = $4, end_time = $5, artifact_response_code = $6, artifact_response = $7::json, locked_by = NULL, locked_until = NULL
           WHERE tenant = $1 AND id = $2 AND locked_by = $3 AND state = 'processing' RETURNING tenant, id),
         dropped AS (DELETE FROM deployment_archives a USING finished f WHERE a.tenant = f.tenant AND a.id = f.id)
         SELECT 1 FROM finished`,
        [input.tenant, input.id, input.owner, input.state, nowIso(), input.artifactResponseCode, encodeJson(input.artifactResponse)],
      );
      return r.rowCount === 1;
    },

    async publishKnowledgeChange(tenant) {
      await query('SELECT pg_notify($1, $2)', [channel, tenant]);
    },

    onKnowledgeChange: (listener) => knowledge.subscribe(channel, listener),

    onDefinitionChange: (listener) => knowledge.subscribe(definitionChannel, listener),
  };
}
