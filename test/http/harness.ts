// Shared pieces of the HTTP suites: real stores (a SQLite temp file; PostgreSQL in a fresh schema
// when TEST_DATABASE_URL is set), the real app listening on an ephemeral port, and fetch helpers.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { AnalysisService } from '../../src/analysis/analysis-service.js';
import type { ServiceMetrics } from '../../src/server/service-metrics.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/server/app.js';
import type { AppInstance } from '../../src/server/deps.js';
import { createPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { createSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';

export const VERSION = '2023-02-22';
export const ISO_MILLIS_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface OpenedStore {
  readonly store: Store;
  readonly cleanup: () => Promise<void>;
}

export interface Backend {
  readonly name: 'sqlite' | 'postgres';
  /** Reason to skip, when the backend is not available. */
  readonly skip: string | undefined;
  open(): Promise<OpenedStore>;
}

const pgUrl = process.env.TEST_DATABASE_URL;

export const SQLITE: Backend = {
  name: 'sqlite',
  skip: undefined,
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'ca-http-'));
    const store = createSqliteStore({ file: join(dir, 'test.sqlite') });
    await store.migrate();
    return {
      store,
      cleanup: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export const POSTGRES: Backend = {
  name: 'postgres',
  skip: pgUrl === undefined || pgUrl === '' ? 'TEST_DATABASE_URL is not set' : undefined,
  async open() {
    const schema = `ca_http_${randomBytes(6).toString('hex')}`;
    const store = createPostgresStore({ connectionString: pgUrl!, schema, poolSize: 8 });
    await store.migrate();
    return {
      store,
      cleanup: async () => {
        await store.close();
        const admin = new pg.Client({ connectionString: pgUrl! });
        await admin.connect();
        try {
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await admin.end();
        }
      },
    };
  },
};

export const BACKENDS: readonly Backend[] = [SQLITE, POSTGRES];

export interface TestServer {
  readonly baseUrl: string;
  readonly app: AppInstance;
  readonly store: Store;
  call(method: string, path: string, init?: CallInit): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallInit {
  /** Sent as JSON (with Content-Type: application/json) unless `raw` is given. */
  readonly json?: unknown;
  readonly raw?: string | Uint8Array;
  readonly headers?: Record<string, string>;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  readonly body: any;
}

/**
 * Builds the real app with configuration from `env` (defaults: no auth, silent logs), on a store
 * from `backend` (SQLite by default) or the given `store`, and listens on 127.0.0.1:0.
 * `beforeListen` may add test-only routes before the app is started.
 */
export async function startServer(options: {
  env?: Record<string, string>;
  backend?: Backend;
  store?: Store;
  analysis?: AnalysisService;
  metrics?: ServiceMetrics;
  beforeListen?: (app: AppInstance) => void | Promise<void>;
} = {}): Promise<TestServer> {
  const opened = options.store === undefined ? await (options.backend ?? SQLITE).open() : { store: options.store, cleanup: async () => {} };
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, store: opened.store, ...(options.analysis === undefined ? {} : { analysis: options.analysis }), ...(options.metrics === undefined ? {} : { metrics: options.metrics }) });
  await options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    app,
    store: opened.store,
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      let body: string | Uint8Array | undefined;
      if (init.raw !== undefined) body = init.raw;
      else if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, text, body: parsed };
    },
    async close() {
      await app.close();
      await opened.cleanup();
    },
  };
}

/** Appends `version` to a path. */
export function v(path: string, version = VERSION): string {
  return `${path}${path.includes('?') ? '&' : '?'}version=${version}`;
}

/** Asserts the full service error body, its code, and that x-correlation-id matches correlationId. */
export function assertServiceError(res: CallResult, status: number, descriptionIncludes?: string | RegExp): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${res.text}`);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  const body = res.body as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['code', 'correlationId', 'description', 'level', 'message', 'moreInfo']);
  assert.equal(body.code, status);
  assert.equal(body.level, 'ERROR');
  for (const field of ['message', 'description', 'moreInfo', 'correlationId'] as const) {
    assert.equal(typeof body[field], 'string');
    assert.notEqual(body[field], '');
  }
  assert.equal(res.headers.get('x-correlation-id'), body.correlationId);
  if (typeof descriptionIncludes === 'string') assert.ok(String(body.description).includes(descriptionIncludes), `description "${String(body.description)}" lacks "${descriptionIncludes}"`);
  else if (descriptionIncludes instanceof RegExp) assert.match(String(body.description), descriptionIncludes);
}

/** A tenant id of its own for one test. */
export function uniqueTenant(label = 't'): string {
  return `${label}-${randomUUID()}`;
}

export const PROFILE = {
  id: 'my-profile',
  name: 'My profile',
  description: 'A test profile',
  annotators: [{ name: 'concept_detection', parameters: { libraries: ['umls.2022AA'] } }],
};

export const FLOW = {
  id: 'my_flow',
  name: 'My flow',
  description: 'A test flow',
  annotatorFlows: [{ profile: 'my-profile', flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'negation' } }], async: false } }],
};
