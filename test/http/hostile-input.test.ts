// A sweep over every operation of /openapi.json with hostile input: malformed, empty, deeply nested and
// wrongly typed bodies, other content types, odd ids and tenants, duplicated query parameters. Whatever
// the input, the answer is a success or the full service error body with a 4xx status: never a 5xx,
// never another body shape, never a hang (the harness's fetch would time the test out).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { assertServiceError, startServer, uniqueTenant, v, type CallResult, type TestServer } from './harness.js';

interface Operation {
  readonly method: string;
  /** OpenAPI path with `{param}` placeholders. */
  readonly path: string;
}

const BODIES: readonly { label: string; type?: string; body: string | Uint8Array }[] = [
  { label: 'malformed JSON', type: 'application/json', body: '{"id":' },
  { label: 'JSON null', type: 'application/json', body: 'null' },
  { label: 'JSON array', type: 'application/json', body: '[1,2]' },
  { label: 'JSON string', type: 'application/json', body: '"x"' },
  { label: '__proto__ key', type: 'application/json', body: '{"__proto__":{"polluted":1}}' },
  { label: 'nested 1,000 deep', type: 'application/json', body: `{"id":"deep","annotators":[],"x":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}` },
  { label: 'wrong field types', type: 'application/json', body: '{"id":5,"name":[],"annotators":{},"annotatorFlows":"x","unstructured":{}}' },
  { label: 'text/plain', type: 'text/plain', body: 'chest pain' },
  { label: 'octet-stream garbage', type: 'application/octet-stream', body: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]) },
  { label: 'multipart without boundary', type: 'multipart/form-data', body: 'x' },
  { label: 'no content type', body: '{"unstructured":[{"text":"x"}]}' },
  { label: 'empty JSON body', type: 'application/json', body: '' },
];

const IDS = ['..%2F..%2Fetc', '%00', 'x'.repeat(300), 'ACD.reserved', '__proto__', '%F0%9F%98%80', 'a%20b'];

function concrete(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, id);
}

function assertHandled(res: CallResult, label: string): void {
  assert.ok(res.status < 500, `${label}: ${res.status} ${res.text.slice(0, 300)}`);
  if (res.status >= 400 && res.status !== 405) assertServiceError(res, res.status);
}

describe('hostile input over every operation', () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;
  let operations: Operation[] = [];
  before(async () => {
    // The real analysis service (one worker, the small test knowledge base), so /v1/analyze runs for real.
    dir = mkdtempSync(join(tmpdir(), 'ca-hostile-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 1, timeoutMs: 30_000, maxQueue: 100,
      limits: { maxCharsPerContainer: 20_000, maxCharsPerRequest: 30_000, maxContainers: 5 }, loadKb: () => loadKnowledgeBase(kbDir),
    });
    await analysis.warmUp();
    server = await startServer({ store, analysis, env: { BODY_LIMIT_BYTES: String(256 * 1024) } });
    const doc = (await server.call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  });
  after(async () => {
    await server?.close();
    await analysis?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the OpenAPI document lists the operations the sweep covers', () => {
    assert.ok(operations.length >= 20, JSON.stringify(operations));
  });

  test('hostile bodies on every operation: success or the service error body, never 5xx', async () => {
    const headers = { 'x-ibm-client-id': uniqueTenant('hostile') };
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      for (const { label, type, body } of BODIES) {
        const path = v(concrete(op.path, 'hostile-id'));
        const res = await server.call(op.method, path, { raw: body, headers: { ...headers, ...(type === undefined ? {} : { 'content-type': type }) } });
        assertHandled(res, `${op.method} ${op.path} with ${label}`);
      }
    }
  });

  test('odd ids in every path parameter: success or the service error body, never 5xx', async () => {
    const headers = { 'x-ibm-client-id': uniqueTenant('hostile') };
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      for (const id of IDS) {
        const res = await server.call(op.method, v(concrete(op.path, id)), { headers, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { json: { annotators: [{ name: 'negation' }] } }) });
        assertHandled(res, `${op.method} ${op.path} with id ${id}`);
      }
    }
  });

  test('odd tenants, duplicated or mistyped query parameters: 4xx with the service error body', async () => {
    for (const op of operations.filter((o) => !o.path.startsWith('/v1/status'))) {
      const path = concrete(op.path, 'x');
      for (const tenant of ['__system__', '-x', 'a/b', 'x'.repeat(129), '..']) {
        assertHandled(await server.call(op.method, v(path), { headers: { 'x-ibm-client-id': tenant } }), `${op.method} ${op.path} tenant ${tenant}`);
      }
      for (const query of ['version=2023-02-22&version=2023-02-23', 'version[]=2023-02-22', 'version=2023-02-30', 'version=%00']) {
        const res = await server.call(op.method, `${path}?${query}`, { headers: { 'x-ibm-client-id': uniqueTenant() } });
        assertServiceError(res, 400);
      }
    }
  });
});
