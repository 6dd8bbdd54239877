// Typed service configuration, read once from environment variables by loadConfig(env).
// Every variable has a default (see README "Configuration"); a bad value fails start-up with a
// ConfigError listing every problem at once. Sections group settings so later features (analysis,
// cartridges) add their own section here without touching the others. No globals: callers pass
// the Config object on (buildApp deps, CLI commands).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ValidationIssue } from './errors.js';

export type AuthMode = 'none' | 'apikey' | 'jwt';
export const AUTH_MODES: readonly AuthMode[] = ['none', 'apikey', 'jwt'];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One entry of API_KEYS: `key`, `key=tenant`, `key=tenant:operator` or `key=:operator`. */
export interface ApiKeyEntry {
  readonly key: string;
  /** Tenant bound to the key (wins over tenant headers); null lets the request choose. */
  readonly tenant: string | null;
  readonly operator: boolean;
}

export interface JwtConfig {
  /** HS256 shared secret (JWT_SECRET). */
  readonly secret: string | null;
  /** PEM-encoded SPKI public key (JWT_PUBLIC_KEY); RSA, EC or Ed25519. */
  readonly publicKeyPem: string | null;
  /** JWKS endpoint (JWT_JWKS_URL). */
  readonly jwksUrl: string | null;
  readonly issuer: string | null;
  readonly audience: string | null;
  /** Claim holding the tenant id (JWT_TENANT_CLAIM, default `tenant`). */
  readonly tenantClaim: string;
  /** Claim holding roles (JWT_OPERATOR_CLAIM, default `role`): a string, space-separated string or array. */
  readonly operatorClaim: string;
  /** Role value that makes the caller an operator (JWT_OPERATOR_ROLE, default `operator`). */
  readonly operatorRole: string;
  readonly clockToleranceSec: number;
  /** Tokens without `exp` are refused (JWT_REQUIRE_EXP, default on): such a token never expires. */
  readonly requireExp: boolean;
  /** Tokens without the tenant claim are refused instead of letting the tenant header choose (JWT_REQUIRE_TENANT_CLAIM, default off). */
  readonly requireTenantClaim: boolean;
}

export interface Config {
  readonly server: {
    readonly port: number;
    readonly host: string;
    readonly logLevel: LogLevel;
    /** Largest accepted request body for JSON operations (BODY_LIMIT_BYTES). */
    readonly bodyLimitBytes: number;
    /** Connection limits and timeouts (slow or idle clients cannot hold sockets indefinitely). */
    readonly connections: ConnectionConfig;
    /** GET /metrics (Prometheus text). */
    readonly metrics: MetricsConfig;
  };
  readonly store: {
    /** postgres://… selects PostgreSQL; undefined means the embedded SQLite file in dataDir. */
    readonly databaseUrl: string | undefined;
    readonly dataDir: string;
  };
  readonly auth: {
    readonly mode: AuthMode;
    readonly apiKeys: readonly ApiKeyEntry[];
    readonly jwt: JwtConfig;
  };
  readonly tenancy: {
    /** Request header naming the tenant (TENANT_HEADER), lower-cased. */
    readonly header: string;
    readonly defaultTenant: string;
  };
  /** Cartridge deployment (src/cartridge/deployment-*.ts). */
  readonly cartridges: CartridgeConfig;
  /** Text analysis (src/analysis): worker pool, time budget, request limits, knowledge base. */
  readonly analysis: AnalysisConfig;
}

export interface ConnectionConfig {
  /** Time to receive a whole request, headers and body; past it the client gets 408 and the socket closes (REQUEST_TIMEOUT_MS, 0 = none). */
  readonly requestTimeoutMs: number;
  /** Time to receive the request headers (HEADERS_TIMEOUT_MS; at most REQUEST_TIMEOUT_MS). */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /** A socket without any traffic for this long is destroyed, answer pending or not (CONNECTION_TIMEOUT_MS, 0 = none; above ANALYSIS_TIMEOUT_MS). */
  readonly connectionTimeoutMs: number;
  /** Open connections beyond this are refused at accept (MAX_CONNECTIONS, 0 = no cap): keep it below the process's file limit. */
  readonly maxConnections: number;
}

export interface MetricsConfig {
  /** Serve GET /metrics (METRICS=on|off, default on). */
  readonly enabled: boolean;
  /** Require the same credentials as the /v1 operations when auth is on (METRICS_AUTH=on|off, default on). */
  readonly requireAuth: boolean;
}

export interface AnalysisConfig {
  /** Worker threads running analyses (ANALYSIS_WORKERS, default: the number of cores; 0 = on the event loop, for debugging). */
  readonly workers: number;
  /** Time budget of one request; over it the request gets 504 and its worker is replaced (ANALYSIS_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** Requests waiting for a worker beyond this get 503 (ANALYSIS_MAX_QUEUE). */
  readonly maxQueue: number;
  /** Share of the worker threads one tenant's analyses may occupy at once, in percent (ANALYSIS_TENANT_SHARE_PERCENT; at least one thread; 100 = no limit). */
  readonly tenantSharePercent: number;
  /** Largest analysis response; larger answers 413 before the response is built whole (ANALYSIS_MAX_RESPONSE_BYTES). */
  readonly maxResponseBytes: number;
  /** Nice increment of the worker threads, so the event loop runs first (ANALYSIS_WORKER_NICE, Linux; 0 = same priority). */
  readonly workerNice: number;
  /** Largest analysis request body (ANALYSIS_BODY_LIMIT_BYTES); larger answers 413. */
  readonly bodyLimitBytes: number;
  /** Text limits, in characters (UTF-16 code units); over them the request answers 413. */
  readonly limits: {
    readonly maxCharsPerContainer: number;
    readonly maxCharsPerRequest: number;
    readonly maxContainers: number;
  };
  /** The compiled knowledge base directory (KB_DIR, default <DATA_DIR>/kb); built at start when missing or stale. */
  readonly kbDir: string;
}

export interface CartridgeConfig {
  /** Untrusted-archive limits (CARTRIDGE_MAX_*): a larger upload answers 413, the other breaches 400. */
  readonly limits: {
    readonly maxArchiveBytes: number;
    readonly maxEntries: number;
    readonly maxEntryBytes: number;
    readonly maxTotalUncompressedBytes: number;
    readonly maxCompressionRatio: number;
  };
  /** The thread archives are validated on (src/cartridge/validation-thread.ts). */
  readonly validation: {
    /** Past this budget the thread is terminated: the submission answers 500, the job fails with 500 (CARTRIDGE_VALIDATION_TIMEOUT_MS). */
    readonly timeoutMs: number;
  };
  /** The deployment job runner of this replica (CARTRIDGE_RUNNER=off leaves jobs to other replicas). */
  readonly runner: {
    readonly enabled: boolean;
    /** How often an idle runner looks for jobs submitted on other replicas (CARTRIDGE_POLL_INTERVAL_MS). */
    readonly pollIntervalMs: number;
    /** How long a claimed job stays locked without renewal; a crashed replica's job resumes after it (CARTRIDGE_LEASE_MS). */
    readonly leaseMs: number;
    /** A job claimed this many times without finishing is failed instead of retried (CARTRIDGE_MAX_ATTEMPTS). */
    readonly maxAttempts: number;
  };
}

export class ConfigError extends Error {
  readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Tenant ids: 1-128 of letters, digits, `.`, `_`, `:`, `@`, `-`, starting with a letter or digit
 * (so no client can name the reserved `__system__` tenant). */
export const TENANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;

const HEADER_NAME_PATTERN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

type Env = Readonly<Record<string, string | undefined>>;

/** Reads env variables one by one, collecting issues instead of throwing at the first. */
class EnvReader {
  readonly issues: ValidationIssue[] = [];
  constructor(private readonly env: Env) {}

  string(name: string, fallback: string): string {
    const raw = this.env[name]?.trim();
    return raw === undefined || raw === '' ? fallback : raw;
  }

  optional(name: string): string | null {
    const raw = this.env[name]?.trim();
    return raw === undefined || raw === '' ? null : raw;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw)) return this.fail(name, `must be a whole number, got "${raw}"`, fallback);
    const value = Number(raw);
    if (value < min || value > max) return this.fail(name, `must be between ${min} and ${max}, got ${value}`, fallback);
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    const lower = raw.toLowerCase();
    const found = allowed.find((a) => a === lower);
    return found ?? this.fail(name, `must be one of ${allowed.join(', ')}, got "${raw}"`, fallback);
  }

  fail<T>(path: string, message: string, fallback: T): T {
    this.issues.push({ path, message });
    return fallback;
  }
}

/** Parses API_KEYS: comma-separated `key`, `key=tenant`, `key=tenant:operator` or `key=:operator`. */
export function parseApiKeys(raw: string | null, issues: ValidationIssue[]): ApiKeyEntry[] {
  if (raw === null) return [];
  const entries: ApiKeyEntry[] = [];
  const seen = new Set<string>();
  for (const [index, item] of raw.split(',').map((s) => s.trim()).entries()) {
    if (item === '') continue;
    const path = `API_KEYS[${index}]`;
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    let binding = eq < 0 ? '' : item.slice(eq + 1);
    let operator = false;
    if (binding.endsWith(':operator')) {
      operator = true;
      binding = binding.slice(0, -':operator'.length);
    }
    if (key.length < 8) {
      issues.push({ path, message: 'an API key must be at least 8 characters' });
      continue;
    }
    if (/[\s:]/.test(key)) {
      issues.push({ path, message: 'an API key must not contain white space or ":"' });
      continue;
    }
    if (binding !== '' && !TENANT_ID_PATTERN.test(binding)) {
      issues.push({ path, message: `invalid tenant "${binding}" (${TENANT_ID_PATTERN.source})` });
      continue;
    }
    if (seen.has(key)) {
      issues.push({ path, message: 'duplicate API key' });
      continue;
    }
    seen.add(key);
    entries.push({ key, tenant: binding === '' ? null : binding, operator });
  }
  return entries;
}

function readJwt(r: EnvReader, mode: AuthMode): JwtConfig {
  const jwt: JwtConfig = {
    secret: r.optional('JWT_SECRET'),
    publicKeyPem: r.optional('JWT_PUBLIC_KEY')?.replace(/\\n/g, '\n') ?? null,
    jwksUrl: r.optional('JWT_JWKS_URL'),
    issuer: r.optional('JWT_ISSUER'),
    audience: r.optional('JWT_AUDIENCE'),
    tenantClaim: r.string('JWT_TENANT_CLAIM', 'tenant'),
    operatorClaim: r.string('JWT_OPERATOR_CLAIM', 'role'),
    operatorRole: r.string('JWT_OPERATOR_ROLE', 'operator'),
    clockToleranceSec: r.integer('JWT_CLOCK_TOLERANCE_SEC', 5, 0, 300),
    requireExp: r.oneOf<'on' | 'off'>('JWT_REQUIRE_EXP', ['on', 'off'], 'on') === 'on',
    requireTenantClaim: r.oneOf<'on' | 'off'>('JWT_REQUIRE_TENANT_CLAIM', ['on', 'off'], 'off') === 'on',
  };
  if (mode !== 'jwt') return jwt;
  const sources = [jwt.secret, jwt.publicKeyPem, jwt.jwksUrl].filter((s) => s !== null).length;
  if (sources !== 1) {
    r.fail('JWT_SECRET', 'AUTH_MODE=jwt needs exactly one of JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL', null);
  }
  if (jwt.secret !== null && Buffer.byteLength(jwt.secret) < 32) {
    r.fail('JWT_SECRET', 'an HS256 secret must be at least 32 bytes', null);
  }
  if (jwt.publicKeyPem !== null && !jwt.publicKeyPem.includes('-----BEGIN PUBLIC KEY-----')) {
    r.fail('JWT_PUBLIC_KEY', 'must be a PEM SPKI public key (-----BEGIN PUBLIC KEY-----)', null);
  }
  if (jwt.jwksUrl !== null && !/^https?:\/\/[^\s]+$/.test(jwt.jwksUrl)) {
    r.fail('JWT_JWKS_URL', `must be an http(s) URL, got "${jwt.jwksUrl}"`, null);
  }
  return jwt;
}

const MiB = 1024 * 1024;

function readAnalysisConfig(r: EnvReader, dataDir: string): AnalysisConfig {
  return {
    workers: r.integer('ANALYSIS_WORKERS', Math.max(1, availableParallelism()), 0, 256),
    timeoutMs: r.integer('ANALYSIS_TIMEOUT_MS', 60_000, 10, 3_600_000),
    maxQueue: r.integer('ANALYSIS_MAX_QUEUE', 1_000, 1, 1_000_000),
    tenantSharePercent: r.integer('ANALYSIS_TENANT_SHARE_PERCENT', 50, 1, 100),
    maxResponseBytes: r.integer('ANALYSIS_MAX_RESPONSE_BYTES', 32 * MiB, 1024, 2048 * MiB),
    workerNice: r.integer('ANALYSIS_WORKER_NICE', 0, 0, 19),
    bodyLimitBytes: r.integer('ANALYSIS_BODY_LIMIT_BYTES', 8 * MiB, 1024, 1024 * MiB),
    limits: {
      maxCharsPerContainer: r.integer('ANALYSIS_MAX_CONTAINER_CHARS', 100_000, 1, 100_000_000),
      maxCharsPerRequest: r.integer('ANALYSIS_MAX_REQUEST_CHARS', 1_000_000, 1, 1_000_000_000),
      maxContainers: r.integer('ANALYSIS_MAX_CONTAINERS', 100, 1, 100_000),
    },
    kbDir: r.string('KB_DIR', join(dataDir, 'kb')),
  };
}

function readCartridgeConfig(r: EnvReader): CartridgeConfig {
  return {
    limits: {
      maxArchiveBytes: r.integer('CARTRIDGE_MAX_BYTES', 64 * MiB, 1024, 2048 * MiB),
      maxEntries: r.integer('CARTRIDGE_MAX_ENTRIES', 5_000, 1, 1_000_000),
      maxEntryBytes: r.integer('CARTRIDGE_MAX_ENTRY_BYTES', 64 * MiB, 1024, 2048 * MiB),
      maxTotalUncompressedBytes: r.integer('CARTRIDGE_MAX_UNCOMPRESSED_BYTES', 512 * MiB, 1024, 8192 * MiB),
      maxCompressionRatio: r.integer('CARTRIDGE_MAX_COMPRESSION_RATIO', 100, 2, 100_000),
    },
    validation: {
      timeoutMs: r.integer('CARTRIDGE_VALIDATION_TIMEOUT_MS', 300_000, 1, 3_600_000),
    },
    runner: {
      enabled: r.oneOf<'on' | 'off'>('CARTRIDGE_RUNNER', ['on', 'off'], 'on') === 'on',
      pollIntervalMs: r.integer('CARTRIDGE_POLL_INTERVAL_MS', 2_000, 10, 600_000),
      leaseMs: r.integer('CARTRIDGE_LEASE_MS', 30_000, 500, 3_600_000),
      maxAttempts: r.integer('CARTRIDGE_MAX_ATTEMPTS', 3, 1, 100),
    },
  };
}

function readConnectionConfig(r: EnvReader, analysisTimeoutMs: number): ConnectionConfig {
  const connections: ConnectionConfig = {
    requestTimeoutMs: r.integer('REQUEST_TIMEOUT_MS', 60_000, 0, 3_600_000),
    headersTimeoutMs: r.integer('HEADERS_TIMEOUT_MS', 20_000, 1_000, 3_600_000),
    keepAliveTimeoutMs: r.integer('KEEP_ALIVE_TIMEOUT_MS', 72_000, 1_000, 3_600_000),
    connectionTimeoutMs: r.integer('CONNECTION_TIMEOUT_MS', 180_000, 0, 3_600_000),
    maxConnections: r.integer('MAX_CONNECTIONS', 768, 0, 1_000_000),
  };
  if (connections.requestTimeoutMs > 0 && connections.headersTimeoutMs > connections.requestTimeoutMs) {
    r.fail('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${connections.requestTimeoutMs})`, null);
  }
  // An idle-socket timeout shorter than the analysis budget would cut analyses that are still running.
  if (connections.connectionTimeoutMs > 0 && connections.connectionTimeoutMs <= analysisTimeoutMs) {
    r.fail('CONNECTION_TIMEOUT_MS', `must be 0 or above ANALYSIS_TIMEOUT_MS (${analysisTimeoutMs})`, null);
  }
  return connections;
}

/** Builds the configuration from environment variables (default: process.env). Throws ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const r = new EnvReader(env);
  const mode = r.oneOf<AuthMode>('AUTH_MODE', AUTH_MODES, 'none');
  const apiKeys = parseApiKeys(r.optional('API_KEYS'), r.issues);
  if (mode === 'apikey' && apiKeys.length === 0) r.fail('API_KEYS', 'AUTH_MODE=apikey needs at least one key in API_KEYS', null);

  const databaseUrl = r.optional('DATABASE_URL') ?? undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    r.fail('DATABASE_URL', 'must be a postgres:// or postgresql:// URL (leave unset for the embedded SQLite store)', null);
  }
  const header = r.string('TENANT_HEADER', 'X-IBM-Client-ID');
  if (!HEADER_NAME_PATTERN.test(header)) r.fail('TENANT_HEADER', `not a valid header name: "${header}"`, null);
  const defaultTenant = r.string('DEFAULT_TENANT', 'defaultTenant');
  if (!TENANT_ID_PATTERN.test(defaultTenant)) r.fail('DEFAULT_TENANT', `invalid tenant id "${defaultTenant}" (${TENANT_ID_PATTERN.source})`, null);

  const dataDir = r.string('DATA_DIR', './data');
  const analysis = readAnalysisConfig(r, dataDir);
  const config: Config = {
    server: {
      port: r.integer('PORT', 8080, 0, 65535),
      host: r.string('HOST', '0.0.0.0'),
      logLevel: r.oneOf<LogLevel>('LOG_LEVEL', LOG_LEVELS, 'info'),
      bodyLimitBytes: r.integer('BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      connections: readConnectionConfig(r, analysis.timeoutMs),
      metrics: {
        enabled: r.oneOf<'on' | 'off'>('METRICS', ['on', 'off'], 'on') === 'on',
        requireAuth: r.oneOf<'on' | 'off'>('METRICS_AUTH', ['on', 'off'], 'on') === 'on',
      },
    },
    store: { databaseUrl, dataDir },
    auth: { mode, apiKeys, jwt: readJwt(r, mode) },
    tenancy: { header: header.toLowerCase(), defaultTenant },
    cartridges: readCartridgeConfig(r),
    analysis,
  };
  if (r.issues.length > 0) throw new ConfigError(r.issues);
  return config;
}
