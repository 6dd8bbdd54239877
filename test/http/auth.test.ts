// Authentication modes over HTTP: API keys (Bearer and Basic apikey:<key>), JWT with an HS256
// secret, a PEM public key and a JWKS served by a local HTTP server; tenant binding and operators.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { PROFILE, assertServiceError, startServer, uniqueTenant, v, type TestServer } from './harness.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('AUTH_MODE=apikey', () => {
  let server: TestServer;
  const tenant = uniqueTenant('bound');
  before(async () => {
    server = await startServer({ env: { AUTH_MODE: 'apikey', API_KEYS: `plain-key-0001, bound-key-0002=${tenant}, oper-key-0003=:operator` } });
  });
  after(async () => {
    await server?.close();
  });

  test('no credentials, wrong key, wrong scheme → 401 with error body and WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Bearer wrong-key-9999', 'Bearer', 'Token plain-key-0001', basic('user', 'plain-key-0001'), basic('apikey', 'wrong')]) {
      const res = await server.call('GET', v('/v1/profiles'), { headers: authorization === undefined ? {} : { authorization } });
      assertServiceError(res, 401);
      assert.match(res.headers.get('www-authenticate') ?? '', /Bearer/);
    }
  });

  test('every /v1 operation of the OpenAPI document but status and health check answers 401 without credentials', async () => {
    // Auth hooks are attached to routes as they are registered (onGuardedRequest): a route registered
    // outside that scope would be open. The document lists every route, so none can be left out here.
    const doc = (await server.call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const open = new Set(['/v1/status', '/v1/status/health_check']);
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/v1/') || open.has(path)) continue;
      for (const method of Object.keys(operations)) {
        const res = await server.call(method.toUpperCase(), v(path.replace(/\{[^}]+\}/g, 'x')));
        assertServiceError(res, 401);
        checked++;
      }
    }
    assert.ok(checked >= 15, `${checked} operations checked`);
  });

  test('Bearer <key> and Basic apikey:<key> (as the SDKs send) are accepted', async () => {
    assert.equal((await server.call('GET', v('/v1/profiles'), { headers: { authorization: 'Bearer plain-key-0001' } })).status, 200);
    assert.equal((await server.call('GET', v('/v1/profiles'), { headers: { authorization: basic('apikey', 'plain-key-0001') } })).status, 200);
  });

  test('status and health check stay open; auth is checked before the version', async () => {
    assert.equal((await server.call('GET', '/v1/status')).status, 200);
    assert.equal((await server.call('GET', '/v1/status/health_check')).status, 200);
    assertServiceError(await server.call('GET', '/v1/profiles'), 401);
  });

  test('a key bound to a tenant wins over the tenant header', async () => {
    const other = uniqueTenant('other');
    const made = await server.call('POST', v('/v1/profiles'), { json: PROFILE, headers: { authorization: 'Bearer bound-key-0002', 'X-IBM-Client-ID': other } });
    assert.equal(made.status, 201);
    assertServiceError(await server.call('GET', v(`/v1/profiles/${PROFILE.id}`), { headers: { authorization: 'Bearer plain-key-0001', 'X-IBM-Client-ID': other } }), 404);
    assert.equal((await server.call('GET', v(`/v1/profiles/${PROFILE.id}`), { headers: { authorization: 'Bearer plain-key-0001', 'X-IBM-Client-ID': tenant } })).status, 200);
  });

  test('only an operator key may write reserved ids', async () => {
    const h = { 'X-IBM-Client-ID': uniqueTenant() };
    const reserved = { ...PROFILE, id: 'clinical_annotator.default_profile' };
    assertServiceError(await server.call('POST', v('/v1/profiles'), { json: reserved, headers: { ...h, authorization: 'Bearer plain-key-0001' } }), 403);
    assert.equal((await server.call('POST', v('/v1/profiles'), { json: reserved, headers: { ...h, authorization: 'Bearer oper-key-0003' } })).status, 201);
    assert.equal((await server.call('DELETE', v(`/v1/profiles/${reserved.id}`), { headers: { ...h, authorization: basic('apikey', 'oper-key-0003') } })).status, 200);
  });
});

describe('AUTH_MODE=jwt with an HS256 secret', () => {
  const secret = 'an-hs256-secret-of-at-least-32-bytes!!';
  const key = new TextEncoder().encode(secret);
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { AUTH_MODE: 'jwt', JWT_SECRET: secret, JWT_ISSUER: 'https://issuer.test', JWT_AUDIENCE: 'clinical-annotator' } });
  });
  after(async () => {
    await server?.close();
  });

  const token = (claims: JWTPayload, options: { exp?: string | number; iss?: string; aud?: string; signWith?: Uint8Array } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setIssuer(options.iss ?? 'https://issuer.test')
      .setAudience(options.aud ?? 'clinical-annotator')
      .setExpirationTime(options.exp ?? '5m')
      .sign(options.signWith ?? key);
  const get = (authorization: string, path = v('/v1/profiles')) => server.call('GET', path, { headers: { authorization } });

  test('a valid token → 200; the tenant comes from the claim', async () => {
    const tenant = uniqueTenant('jwt');
    const made = await server.call('POST', v('/v1/profiles'), { json: PROFILE, headers: { authorization: `Bearer ${await token({ tenant })}`, 'X-IBM-Client-ID': 'ignored' } });
    assert.equal(made.status, 201);
    const list = await get(`Bearer ${await token({ tenant })}`);
    assert.deepEqual(Object.keys(list.body), [PROFILE.id]);
    assert.deepEqual((await get(`Bearer ${await token({ tenant: uniqueTenant() })}`)).body, {});
  });

  test('without a tenant claim the tenant header applies', async () => {
    const tenant = uniqueTenant('hdr');
    await server.call('POST', v('/v1/profiles'), { json: PROFILE, headers: { authorization: `Bearer ${await token({})}`, 'X-IBM-Client-ID': tenant } });
    const res = await server.call('GET', v(`/v1/profiles/${PROFILE.id}`), { headers: { authorization: `Bearer ${await token({})}`, 'X-IBM-Client-ID': tenant } });
    assert.equal(res.status, 200);
  });

  test('a tenant claim that is present but not a non-empty string is refused (401), not replaced by the tenant header', async () => {
    const victim = uniqueTenant('victim');
    await server.call('POST', v('/v1/profiles'), { json: PROFILE, headers: { authorization: `Bearer ${await token({ tenant: victim })}` } });
    for (const tenant of [42, ['a', victim], '', { id: victim }, true]) {
      const res = await server.call('GET', v(`/v1/profiles/${PROFILE.id}`), { headers: { authorization: `Bearer ${await token({ tenant })}`, 'X-IBM-Client-ID': victim } });
      assertServiceError(res, 401, /tenant/);
    }
  });

  test('expired, wrong audience, wrong issuer, bad signature, alg none, garbage → 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string][] = [
      ['expired', await token({}, { exp: now - 3600 })],
      ['wrong audience', await token({}, { aud: 'someone-else' })],
      ['wrong issuer', await token({}, { iss: 'https://evil.test' })],
      ['bad signature', await token({}, { signWith: new TextEncoder().encode('another-secret-of-at-least-32-bytes!!') })],
      ['alg none', `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ iss: 'https://issuer.test', aud: 'clinical-annotator', exp: now + 300, role: 'operator' })}.`],
      ['garbage', 'not-a-jwt'],
    ];
    for (const [label, jwt] of cases) {
      const res = await get(`Bearer ${jwt}`);
      assertServiceError(res, 401);
      assert.ok(res.status === 401, label);
    }
    assert.match((await get(`Bearer ${cases[0]![1]}`)).body.description, /expired/);
    assertServiceError(await server.call('GET', v('/v1/profiles')), 401);
    assertServiceError(await get(basic('apikey', await token({}))), 401);
  });

  test('operator role from the role claim (string, space-separated or array)', async () => {
    const reserved = { ...PROFILE, id: 'acd.test_profile' };
    const h = (jwt: string) => ({ authorization: `Bearer ${jwt}`, 'X-IBM-Client-ID': uniqueTenant() });
    assertServiceError(await server.call('POST', v('/v1/profiles'), { json: reserved, headers: h(await token({ role: 'reader' })) }), 403);
    for (const role of ['operator', 'reader operator', ['reader', 'operator']]) {
      assert.equal((await server.call('POST', v('/v1/profiles'), { json: reserved, headers: h(await token({ role })) })).status, 201);
    }
  });
});

describe('AUTH_MODE=jwt with a PEM public key', () => {
  let server: TestServer;
  let privateKey: CryptoKey;
  let publicPem: string;
  before(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    publicPem = await exportSPKI(pair.publicKey);
    server = await startServer({ env: { AUTH_MODE: 'jwt', JWT_PUBLIC_KEY: publicPem } });
  });
  after(async () => {
    await server?.close();
  });

  test('RS256 token → 200; HS256 token keyed with the public key (algorithm confusion) → 401', async () => {
    const good = await new SignJWT({}).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('5m').sign(privateKey);
    assert.equal((await server.call('GET', v('/v1/profiles'), { headers: { authorization: `Bearer ${good}` } })).status, 200);
    const confused = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(publicPem));
    assertServiceError(await server.call('GET', v('/v1/profiles'), { headers: { authorization: `Bearer ${confused}` } }), 401);
  });
});

describe('AUTH_MODE=jwt with a JWKS URL (local key server)', () => {
  let server: TestServer;
  let keyServer: Server;
  let privateKey: CryptoKey;
  let strangerKey: CryptoKey;
  before(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    strangerKey = (await generateKeyPair('ES256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    keyServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    const address = keyServer.address();
    assert.ok(address !== null && typeof address === 'object');
    server = await startServer({ env: { AUTH_MODE: 'jwt', JWT_JWKS_URL: `http://127.0.0.1:${address.port}/.well-known/jwks.json`, JWT_TENANT_CLAIM: 'org' } });
  });
  after(async () => {
    await server?.close();
    await new Promise<void>((resolve) => keyServer?.close(() => resolve()));
  });

  test('a token signed by a key of the set → 200 with the tenant from the configured claim; other keys → 401', async () => {
    const tenant = uniqueTenant('jwks');
    const sign = (key: CryptoKey) => new SignJWT({ org: tenant }).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setExpirationTime('5m').sign(key);
    const made = await server.call('POST', v('/v1/profiles'), { json: PROFILE, headers: { authorization: `Bearer ${await sign(privateKey)}` } });
    assert.equal(made.status, 201);
    assert.equal((await server.call('GET', v(`/v1/profiles/${PROFILE.id}`), { headers: { authorization: `Bearer ${await sign(privateKey)}`, 'X-IBM-Client-ID': 'x' } })).status, 200);
    assertServiceError(await server.call('GET', v('/v1/profiles'), { headers: { authorization: `Bearer ${await sign(strangerKey)}` } }), 401);
  });
});
