// The error contract over HTTP: every error status carries the full service error body with
// code = HTTP status and a correlationId equal to the x-correlation-id header; version handling.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { API_VERSIONS } from '../../src/server/plugins/version-date.js';
import { PROFILE, UUID, assertServiceError, startServer, uniqueTenant, v, type TestServer } from './harness.js';

describe('error bodies and version handling', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({
      env: { BODY_LIMIT_BYTES: String(64 * 1024) },
      beforeListen: (app) => {
        app.get('/v1/test-only/crash', async () => {
          throw new Error('secret internal detail');
        });
      },
    });
  });
  after(async () => {
    await server?.close();
  });

  test('x-correlation-id on every response: generated UUID, or the incoming X-Correlation-Id echoed', async () => {
    const ok = await server.call('GET', '/v1/status');
    assert.match(ok.headers.get('x-correlation-id') ?? '', UUID);
    const echoed = await server.call('GET', v('/v1/profiles/absent'), { headers: { 'X-Correlation-Id': 'client-chosen-id.42' } });
    assertServiceError(echoed, 404);
    assert.equal(echoed.headers.get('x-correlation-id'), 'client-chosen-id.42');
    assert.equal(echoed.body.correlationId, 'client-chosen-id.42');
    const unsafe = await server.call('GET', v('/v1/profiles'), { headers: { 'X-Correlation-Id': 'a b<script>' } });
    assert.match(unsafe.headers.get('x-correlation-id') ?? '', UUID);
    const distinct = await Promise.all([1, 2, 3].map(() => server.call('GET', '/v1/status')));
    assert.equal(new Set(distinct.map((r) => r.headers.get('x-correlation-id'))).size, 3);
  });

  test('version: missing, malformed, impossible date, before the first version → 400', async () => {
    assertServiceError(await server.call('GET', '/v1/profiles'), 400, 'version');
    assert.equal((await server.call('GET', '/v1/profiles')).body.message, 'Missing required query parameter: version.');
    for (const bad of ['2023-2-22', '20230222', 'latest', '2023-02-22T00:00:00Z', '2017-02-30', '2023-13-01', '2023-02-29']) {
      const res = await server.call('GET', `/v1/profiles?version=${encodeURIComponent(bad)}`);
      assertServiceError(res, 400);
      assert.equal(res.body.message, 'Invalid version date.');
    }
    assertServiceError(await server.call('GET', v('/v1/profiles', '2017-10-12')), 400, 'before the first');
    assertServiceError(await server.call('GET', '/v1/profiles?version=2023-02-22&version=2023-02-23'), 400);
  });

  test('version: any real date on or after the first version is accepted (leap day, future dates)', async () => {
    for (const good of [API_VERSIONS[0]!, '2020-02-29', '2021-08-27', '2023-02-22', '2099-12-31']) {
      assert.equal((await server.call('GET', v('/v1/profiles', good))).status, 200, good);
    }
  });

  test('status and health check need no version', async () => {
    assert.equal((await server.call('GET', '/v1/status')).status, 200);
    assert.equal((await server.call('GET', '/v1/status/health_check')).status, 200);
  });

  test('unknown route → 404; known path with another method → 405 with Allow', async () => {
    assertServiceError(await server.call('GET', v('/v1/nothing-here')), 404, '/v1/nothing-here');
    assertServiceError(await server.call('GET', '/nothing-here'), 404);
    const patch = await server.call('PATCH', v('/v1/profiles/x'), { json: {} });
    assertServiceError(patch, 405, 'PATCH');
    assert.equal(patch.headers.get('allow'), 'DELETE, GET, HEAD, PUT');
    const del = await server.call('DELETE', v('/v1/profiles'));
    assertServiceError(del, 405);
    assert.match(del.headers.get('allow') ?? '', /POST/);
    assertServiceError(await server.call('POST', '/v1/status/health_check'), 405);
  });

  test('malformed JSON and empty JSON body → 400', async () => {
    const h = { 'X-IBM-Client-ID': uniqueTenant() };
    const res = await server.call('POST', v('/v1/profiles'), { raw: '{"id": "x", ', headers: { ...h, 'content-type': 'application/json' } });
    assertServiceError(res, 400);
    assert.equal(res.body.message, 'Malformed JSON in request body.');
    assertServiceError(await server.call('PUT', v('/v1/flows/x'), { raw: 'not json', headers: { ...h, 'content-type': 'application/json; charset=utf-8' } }), 400);
    assertServiceError(await server.call('POST', v('/v1/profiles'), { raw: '', headers: { ...h, 'content-type': 'application/json' } }), 400);
    assertServiceError(await server.call('POST', v('/v1/profiles'), { headers: h }), 400, 'body');
  });

  test('a value outside a list of allowed values → 400 naming them', async () => {
    const res = await server.call('GET', '/v1/status?format=yaml');
    assertServiceError(res, 400, 'format');
    assert.match(String(res.body.description), /Expected one of "json", "xml"/);
  });

  test('schema violations → 400 naming the field', async () => {
    const h = { 'X-IBM-Client-ID': uniqueTenant() };
    assertServiceError(await server.call('POST', v('/v1/profiles'), { json: { ...PROFILE, publish: 'yes' }, headers: h }), 400, 'publish');
    assertServiceError(await server.call('POST', v('/v1/profiles'), { json: 'just a string', headers: h }), 400);
  });

  test('body larger than BODY_LIMIT_BYTES → 413', async () => {
    const big = { ...PROFILE, description: 'x'.repeat(70 * 1024) };
    const res = await server.call('POST', v('/v1/profiles'), { json: big, headers: { 'X-IBM-Client-ID': uniqueTenant() } });
    assertServiceError(res, 413);
    assert.equal(res.body.message, 'Payload Too Large');
    assert.match(String(res.body.description), /BODY_LIMIT_BYTES for other operations/);
  });

  test('profile/flow writes with another content type → 415', async () => {
    const h = { 'X-IBM-Client-ID': uniqueTenant() };
    for (const [method, path] of [['POST', '/v1/profiles'], ['PUT', '/v1/profiles/x'], ['POST', '/v1/flows'], ['PUT', '/v1/flows/x']] as const) {
      for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await server.call(method, v(path), { raw: JSON.stringify(PROFILE), headers: { ...h, 'content-type': type } });
        assertServiceError(res, 415, type.split(';')[0]);
      }
    }
    assert.equal((await server.call('POST', v('/v1/profiles'), { raw: JSON.stringify(PROFILE), headers: { ...h, 'content-type': 'application/json; charset=UTF-8' } })).status, 201);
    // Structured-syntax JSON types are JSON (RFC 6839), parsed and validated as such.
    const vendor = { ...PROFILE, id: 'vendor_json_profile' };
    assert.equal((await server.call('POST', v('/v1/profiles'), { raw: JSON.stringify(vendor), headers: { ...h, 'content-type': 'application/vnd.acd+json' } })).status, 201);
    assertServiceError(await server.call('POST', v('/v1/flows'), { raw: '{"id":', headers: { ...h, 'content-type': 'application/merge-patch+json' } }), 400);
  });

  test('requests Node rejects before routing (header overflow, malformed HTTP) still get the service error body', async () => {
    const raw = (request: string) => new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
      let response = '';
      socket.on('data', (chunk) => { response += chunk.toString('latin1'); });
      socket.on('close', () => resolve(response));
      socket.on('error', (error) => (response === '' ? reject(error) : resolve(response)));
      socket.write(request);
    });
    const cases: [string, number, RegExp][] = [
      [`GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, /header/i],
      ['NOT-HTTP\r\n\r\n', 400, /malformed/i],
    ];
    for (const [request, status, says] of cases) {
      const response = await raw(request);
      const [head = '', body = ''] = response.split('\r\n\r\n');
      assert.match(head, new RegExp(`^HTTP/1.1 ${status} `));
      assert.match(head, /content-type: application\/json/i);
      const parsed = JSON.parse(body) as Record<string, unknown>;
      assert.deepEqual(Object.keys(parsed).sort(), ['code', 'correlationId', 'description', 'level', 'message', 'moreInfo']);
      assert.equal(parsed.code, status);
      assert.match(String(parsed.description), says);
      assert.match(head, new RegExp(`x-correlation-id: ${String(parsed.correlationId)}`, 'i'));
    }
  });

  test('an unexpected error → generic 500 without internal details', async () => {
    const res = await server.call('GET', v('/v1/test-only/crash'));
    assertServiceError(res, 500);
    assert.equal(res.body.message, 'Internal server error.');
    assert.equal(res.text.includes('secret internal detail'), false);
  });

  test('OpenAPI document and docs page are served', async () => {
    const doc = await server.call('GET', '/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.body.openapi, '3.0.3');
    for (const path of ['/v1/profiles', '/v1/profiles/{id}', '/v1/flows', '/v1/flows/{id}', '/v1/status', '/v1/status/health_check', '/v1/annotators', '/v1/annotators/{id}', '/v1/user_data']) {
      assert.ok(path in doc.body.paths, `${path} in the OpenAPI document`);
    }
    assert.ok(doc.body.paths['/v1/profiles'].post.responses['409']);
    assert.ok(doc.body.components.schemas.ServiceError);
    const page = await fetch(`${server.baseUrl}/api-docs/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /swagger/i);
  });
});
