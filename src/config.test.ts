import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.issues.map((i) => i.path);
  }
  assert.fail('expected a ConfigError');
}

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.server.port, 8080);
    assert.equal(config.server.host, '0.0.0.0');
    assert.equal(config.server.logLevel, 'info');
    assert.equal(config.server.bodyLimitBytes, 10 * 1024 * 1024);
    assert.equal(config.store.dataDir, './data');
    assert.equal(config.store.databaseUrl, undefined);
    assert.equal(config.auth.mode, 'none');
    assert.deepEqual(config.auth.apiKeys, []);
    assert.equal(config.auth.jwt.tenantClaim, 'tenant');
    assert.equal(config.auth.jwt.operatorClaim, 'role');
    assert.equal(config.auth.jwt.operatorRole, 'operator');
    assert.equal(config.tenancy.header, 'x-ibm-client-id');
    assert.equal(config.tenancy.defaultTenant, 'defaultTenant');
  });

  test('API_KEYS forms: key, key=tenant, key=tenant:operator, key=:operator', () => {
    const config = loadConfig({ AUTH_MODE: 'apikey', API_KEYS: 'aaaaaaaa, bbbbbbbb=t1 ,cccccccc=t2:operator,dddddddd=:operator' });
    assert.deepEqual(config.auth.apiKeys, [
      { key: 'aaaaaaaa', tenant: null, operator: false },
      { key: 'bbbbbbbb', tenant: 't1', operator: false },
      { key: 'cccccccc', tenant: 't2', operator: true },
      { key: 'dddddddd', tenant: null, operator: true },
    ]);
  });

  test('every bad value is reported at once, by variable name', () => {
    assert.deepEqual(issuesOf({ PORT: '80a', LOG_LEVEL: 'loud', AUTH_MODE: 'magic', BODY_LIMIT_BYTES: '-1', DEFAULT_TENANT: '__system__' }).sort(),
      ['AUTH_MODE', 'BODY_LIMIT_BYTES', 'DEFAULT_TENANT', 'LOG_LEVEL', 'PORT']);
    assert.deepEqual(issuesOf({ PORT: '70000' }), ['PORT']);
    assert.deepEqual(issuesOf({ AUTH_MODE: 'apikey' }), ['API_KEYS']);
    assert.deepEqual(issuesOf({ API_KEYS: 'short' }), ['API_KEYS[0]']);
    assert.deepEqual(issuesOf({ API_KEYS: 'aaaaaaaa,aaaaaaaa' }), ['API_KEYS[1]']);
    assert.deepEqual(issuesOf({ DATABASE_URL: 'mysql://x' }), ['DATABASE_URL']);
    assert.deepEqual(issuesOf({ TENANT_HEADER: 'bad header' }), ['TENANT_HEADER']);
  });

  test('jwt mode needs exactly one key source, and a long enough secret', () => {
    assert.deepEqual(issuesOf({ AUTH_MODE: 'jwt' }), ['JWT_SECRET']);
    assert.deepEqual(issuesOf({ AUTH_MODE: 'jwt', JWT_SECRET: 'short' }), ['JWT_SECRET']);
    assert.deepEqual(issuesOf({ AUTH_MODE: 'jwt', JWT_SECRET: 'x'.repeat(32), JWT_JWKS_URL: 'https://k.test/jwks' }), ['JWT_SECRET']);
    assert.deepEqual(issuesOf({ AUTH_MODE: 'jwt', JWT_JWKS_URL: 'ftp://k' }), ['JWT_JWKS_URL']);
    assert.deepEqual(issuesOf({ AUTH_MODE: 'jwt', JWT_PUBLIC_KEY: 'not pem' }), ['JWT_PUBLIC_KEY']);
    assert.equal(loadConfig({ AUTH_MODE: 'JWT', JWT_SECRET: 'x'.repeat(32) }).auth.mode, 'jwt');
  });

  test('hardening settings: safe defaults, and timeouts that would cut running analyses are refused', () => {
    const config = loadConfig({});
    assert.deepEqual(config.server.connections, { requestTimeoutMs: 60_000, headersTimeoutMs: 20_000, keepAliveTimeoutMs: 72_000, connectionTimeoutMs: 180_000, maxConnections: 768 });
    assert.deepEqual(config.server.metrics, { enabled: true, requireAuth: true });
    assert.equal(config.auth.jwt.requireExp, true);
    assert.equal(config.auth.jwt.requireTenantClaim, false);
    assert.equal(config.analysis.tenantSharePercent, 50);
    assert.equal(config.analysis.maxResponseBytes, 32 * 1024 * 1024);
    assert.deepEqual(issuesOf({ CONNECTION_TIMEOUT_MS: '30000' }), ['CONNECTION_TIMEOUT_MS']);
    assert.equal(loadConfig({ CONNECTION_TIMEOUT_MS: '30000', ANALYSIS_TIMEOUT_MS: '10000' }).server.connections.connectionTimeoutMs, 30_000);
    assert.deepEqual(issuesOf({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }), ['HEADERS_TIMEOUT_MS']);
    assert.deepEqual(issuesOf({ JWT_REQUIRE_EXP: 'maybe', ANALYSIS_TENANT_SHARE_PERCENT: '0', METRICS_AUTH: 'x' }).sort(), ['ANALYSIS_TENANT_SHARE_PERCENT', 'JWT_REQUIRE_EXP', 'METRICS_AUTH']);
  });
});
