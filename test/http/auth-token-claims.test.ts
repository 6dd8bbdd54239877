// Strict JWT claims: `exp` required by default (JWT_REQUIRE_EXP), `iat` and `nbf` in the future refused
// beyond the clock tolerance, and JWT_REQUIRE_TENANT_CLAIM=on refusing tokens that name no tenant.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT, type JWTPayload } from 'jose';
import { assertServiceError, startServer, uniqueTenant, v, type TestServer } from './harness.js';

const secret = 'an-hs256-secret-of-at-least-32-bytes!!';
const key = new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);

/** A token with exactly the registered claims given (no defaults added). */
function sign(claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
}

describe('JWT claims, defaults (exp required, tolerance 5 s)', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { AUTH_MODE: 'jwt', JWT_SECRET: secret } });
  });
  after(async () => {
    await server?.close();
  });
  const get = (token: string) => server.call('GET', v('/v1/profiles'), { headers: { authorization: `Bearer ${token}`, 'X-IBM-Client-ID': uniqueTenant('claims') } });

  test('a token with exp and a current iat → 200', async () => {
    assert.equal((await get(await sign({ exp: now() + 300, iat: now() }))).status, 200);
  });

  test('a token without exp → 401 naming the claim', async () => {
    const res = await get(await sign({ iat: now() }));
    assertServiceError(res, 401, /"exp"/);
    assert.match(res.headers.get('www-authenticate') ?? '', /Bearer/);
  });

  test('iat or nbf in the future beyond the tolerance → 401; within it → 200', async () => {
    assertServiceError(await get(await sign({ exp: now() + 600, iat: now() + 120 })), 401, /iat/);
    assertServiceError(await get(await sign({ exp: now() + 600, nbf: now() + 120 })), 401, /nbf/);
    assert.equal((await get(await sign({ exp: now() + 600, iat: now() + 2, nbf: now() + 2 }))).status, 200);
  });

  test('without a tenant claim the header still picks the tenant (JWT_REQUIRE_TENANT_CLAIM off)', async () => {
    assert.equal((await get(await sign({ exp: now() + 300 }))).status, 200);
  });
});

describe('JWT_REQUIRE_EXP=off, JWT_REQUIRE_TENANT_CLAIM=on', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { AUTH_MODE: 'jwt', JWT_SECRET: secret, JWT_REQUIRE_EXP: 'off', JWT_REQUIRE_TENANT_CLAIM: 'on' } });
  });
  after(async () => {
    await server?.close();
  });
  const get = (token: string) => server.call('GET', v('/v1/profiles'), { headers: { authorization: `Bearer ${token}`, 'X-IBM-Client-ID': uniqueTenant('hdr') } });

  test('a token without exp is accepted when it names a tenant', async () => {
    assert.equal((await get(await sign({ tenant: uniqueTenant('t') }))).status, 200);
  });

  test('a token without the tenant claim → 401, the tenant header does not stand in for it', async () => {
    assertServiceError(await get(await sign({ exp: now() + 300 })), 401, /"tenant" claim/);
  });

  test('an expired token is still refused', async () => {
    assertServiceError(await get(await sign({ tenant: 'x', exp: now() - 60 })), 401, /expired/);
  });
});
