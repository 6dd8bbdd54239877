// Slow and idle clients over a real socket: a body that trickles in past REQUEST_TIMEOUT_MS and headers
// that never finish get 408 with the service error body and the socket is closed; connections beyond
// MAX_CONNECTIONS are refused at accept.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startServer, v, type TestServer } from './harness.js';

interface RawExchange {
  /** Everything the server sent before it closed the socket. */
  readonly text: string;
  readonly elapsedMs: number;
}

function open(server: TestServer): Promise<Socket> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Collects what the server sends until it closes the socket (or `limitMs` passes). */
function readUntilClosed(socket: Socket, limitMs: number): Promise<RawExchange> {
  const started = performance.now();
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, elapsedMs: performance.now() - started });
    }, limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, elapsedMs: performance.now() - started });
    });
    socket.on('error', () => undefined);
  });
}

function assertTimeoutAnswer(exchange: RawExchange): void {
  assert.match(exchange.text, /^HTTP\/1\.1 408 /, exchange.text.slice(0, 200));
  const body = JSON.parse(exchange.text.slice(exchange.text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
  assert.equal(body.code, 408);
  assert.deepEqual(Object.keys(body).sort(), ['code', 'correlationId', 'description', 'level', 'message', 'moreInfo']);
}

describe('request and header timeouts', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', CONNECTION_TIMEOUT_MS: '0' } });
  });
  after(async () => {
    await server?.close();
  });

  test('a body sent one byte at a time past REQUEST_TIMEOUT_MS → 408 with the error body, socket closed', async () => {
    const socket = await open(server);
    socket.write(`POST ${v('/v1/profiles')} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const exchange = await readUntilClosed(socket, 15_000);
    clearInterval(trickle);
    assertTimeoutAnswer(exchange);
  });

  test('headers that never finish → 408, socket closed', async () => {
    const socket = await open(server);
    socket.write(`GET ${v('/v1/profiles')} HTTP/1.1\r\nHost: x\r\n`);
    const exchange = await readUntilClosed(socket, 15_000);
    assertTimeoutAnswer(exchange);
  });

  test('a request sent in time is answered as usual', async () => {
    assert.equal((await server.call('GET', v('/v1/profiles'))).status, 200);
  });
});

describe('MAX_CONNECTIONS', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { MAX_CONNECTIONS: '3' } });
  });
  after(async () => {
    await server?.close();
  });

  test('connections beyond the cap are closed at accept; the others are served', async () => {
    const held = await Promise.all([open(server), open(server), open(server)]);
    const extra = await open(server);
    const refused = await readUntilClosed(extra, 5_000);
    assert.equal(refused.text, '');
    assert.ok(refused.elapsedMs < 4_000, 'the extra connection was closed by the server');
    const first = held[0]!;
    first.write(`GET /v1/status/health_check HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const answer = await readUntilClosed(first, 5_000);
    assert.match(answer.text, /^HTTP\/1\.1 200 /);
    for (const socket of held) socket.destroy();
  });
});
