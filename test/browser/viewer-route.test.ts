// GET / and the viewer's assets over a real socket (no browser): open access with auth on, content
// types, the security headers, the not-built page, and that the API keeps its own 401/404/405 answers.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../http/harness.js';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('viewer route', () => {
  let dir: string;
  let built: TestServer;
  let unbuilt: TestServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-viewer-route-'));
    const out = join(dir, 'dist');
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-web.mjs'), '--out-dir', out], { cwd: ROOT, stdio: 'pipe' });
    const env = { AUTH_MODE: 'apikey', API_KEYS: 'route-test-key-0001', CARTRIDGE_RUNNER: 'off' };
    process.env.VIEWER_DIR = out;
    built = await startServer({ env });
    process.env.VIEWER_DIR = join(dir, 'empty');
    unbuilt = await startServer({ env });
    delete process.env.VIEWER_DIR;
  });

  after(async () => {
    await built?.close();
    await unbuilt?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('GET / serves the page without credentials, with a strict CSP', async () => {
    const res = await fetch(`${built.baseUrl}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const html = await res.text();
    assert.match(html, /<script type="module" src="app\.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" href="app\.css">/);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /connect-src 'self'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });

  test('the bundle and stylesheet are served with their types; no absolute URLs to other hosts', async () => {
    const js = await fetch(`${built.baseUrl}/app.js`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /javascript/);
    const code = await js.text();
    assert.ok(code.length > 1000);
    assert.doesNotMatch(code, /(fetch|import)\(\s*["'`]https?:/, 'no fetches or imports from other hosts');
    const css = await fetch(`${built.baseUrl}/app.css`);
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /text\/css/);
    assert.doesNotMatch(await css.text(), /@import|url\(\s*["']?https?:/);
  });

  test('the API stays guarded and unknown paths keep the service answers', async () => {
    assert.equal((await fetch(`${built.baseUrl}/v1/flows?version=2023-02-22`)).status, 401);
    const missing = await built.call('GET', '/no-such-asset.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.body?.code, 404);
    const post = await built.call('POST', '/', { raw: 'x', headers: { 'content-type': 'text/plain' } });
    assert.equal(post.status, 405);
    assert.match(post.headers.get('allow') ?? '', /GET/);
  });

  test('without a built viewer, / explains how to build it', async () => {
    const res = await fetch(`${unbuilt.baseUrl}/`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /npm run build/);
    assert.equal((await fetch(`${unbuilt.baseUrl}/app.js`)).status, 404);
  });
});
