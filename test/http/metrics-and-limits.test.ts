// GET /metrics (Prometheus text: parses, counts requests by route and status, analysis queue time and
// annotator times, pool and deployment gauges) and the analysis response limit (413 before anything is sent).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { ServiceMetrics } from '../../src/server/service-metrics.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { assertServiceError, startServer, v, type TestServer } from './harness.js';

const FLOWS = [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'negation' } }], async: false } }];
const MAX_RESPONSE_BYTES = 20_000;

interface Sample { name: string; labels: Record<string, string>; value: number }

/**
 * Parses the Prometheus text format (0.0.4): every non-comment line must be `name{labels} value`, the value as Go's
 * ParseFloat reads it, so NaN and ±Inf in any case (prom-client writes `Nan` for a gauge without samples yet, such
 * as the event-loop lag right after the start).
 */
function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) {
      if (line.startsWith('#')) assert.match(line, /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/, line);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-][Ii][Nn][Ff])$/.exec(line);
    assert.ok(m !== null, `not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, val]) => s.labels[k] === val))?.value;
}

describe('GET /metrics and the response limit (analysis on a worker pool)', () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-metrics-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    store = await openStore({ dataDir: dir });
    const metrics = new ServiceMetrics();
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 2, timeoutMs: 30_000, maxQueue: 100,
      limits: { maxCharsPerContainer: 100_000, maxCharsPerRequest: 1_000_000, maxContainers: 20 },
      loadKb: () => loadKnowledgeBase(kbDir), maxResponseBytes: MAX_RESPONSE_BYTES, tenantSharePercent: 50, onAnalysis: metrics.observeAnalysis,
    });
    await analysis.warmUp();
    server = await startServer({ store, analysis, metrics, env: { KB_DIR: kbDir } });
  });

  after(async () => {
    await server?.close();
    await analysis?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('/metrics parses as Prometheus text and counts requests by route and status, analyses by flow and annotator', async () => {
    const before = parsePrometheus((await server.call('GET', '/metrics')).text);
    const counted = valueOf(before, 'clinical_annotator_http_requests_total', { route: '/v1/profiles', status: '200' }) ?? 0;
    assert.equal((await server.call('GET', v('/v1/profiles'))).status, 200);
    assert.equal((await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: 'Patient denies headache; type 2 diabetes.' }], annotatorFlows: FLOWS } })).status, 200);
    const res = await server.call('GET', '/metrics');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const samples = parsePrometheus(res.text);
    assert.equal(valueOf(samples, 'clinical_annotator_http_requests_total', { method: 'GET', route: '/v1/profiles', status: '200' }), counted + 1);
    assert.ok((valueOf(samples, 'clinical_annotator_analysis_queue_seconds_count', { flow: 'inline' }) ?? 0) >= 1);
    assert.ok((valueOf(samples, 'clinical_annotator_analysis_duration_seconds_count', { flow: 'inline' }) ?? 0) >= 1);
    assert.ok((valueOf(samples, 'clinical_annotator_annotator_duration_seconds_count', { flow: 'inline', annotator: 'concept_detection' }) ?? 0) >= 1);
    assert.ok((valueOf(samples, 'clinical_annotator_annotator_duration_seconds_count', { flow: 'inline', annotator: 'negation' }) ?? 0) >= 1);
    assert.equal((valueOf(samples, 'clinical_annotator_analysis_workers', { state: 'busy' }) ?? 0) + (valueOf(samples, 'clinical_annotator_analysis_workers', { state: 'idle' }) ?? 0), 2);
    assert.notEqual(valueOf(samples, 'clinical_annotator_analysis_worker_utilization_ratio'), undefined);
    for (const state of ['submitted', 'processing', 'completed', 'failed']) assert.notEqual(valueOf(samples, 'clinical_annotator_deployments', { state }), undefined, state);
    const kb = samples.find((s) => s.name === 'clinical_annotator_knowledge_base_info');
    assert.ok(kb !== undefined && kb.value === 1 && kb.labels.version !== undefined);
    assert.ok(samples.some((s) => s.name === 'clinical_annotator_process_resident_memory_bytes'));
    assert.equal(valueOf(samples, 'clinical_annotator_http_requests_total', { route: 'unmatched' }), undefined);
    await server.call('GET', '/no/such/path');
    assert.equal(valueOf(parsePrometheus((await server.call('GET', '/metrics')).text), 'clinical_annotator_http_requests_total', { route: 'unmatched', status: '404' }), 1);
  });

  test('an analysis whose response would pass ANALYSIS_MAX_RESPONSE_BYTES → 413 saying how to split the request', async () => {
    const text = 'Patient denies headache, fever and chest pain; type 2 diabetes mellitus on metformin. '.repeat(60);
    const small = await server.call('POST', v('/v1/analyze'), { json: { unstructured: [{ text: 'headache' }], annotatorFlows: FLOWS } });
    assert.equal(small.status, 200);
    const res = await server.call('POST', v('/v1/analyze'), { json: { unstructured: Array.from({ length: 10 }, () => ({ text })), annotatorFlows: FLOWS } });
    assertServiceError(res, 413, /Split the request/);
    assert.match(res.body.description, /20,000 bytes/);
    assert.equal(res.body.message, 'Response Too Large');
  });
});

describe('GET /metrics with authentication on', () => {
  let server: TestServer;
  let open: TestServer;
  before(async () => {
    server = await startServer({ env: { AUTH_MODE: 'apikey', API_KEYS: 'metrics-key-0001' } });
    open = await startServer({ env: { AUTH_MODE: 'apikey', API_KEYS: 'metrics-key-0001', METRICS_AUTH: 'off' } });
  });
  after(async () => {
    await server?.close();
    await open?.close();
  });

  test('asks for the same credentials as the /v1 operations (401 with the error body); METRICS_AUTH=off opens it', async () => {
    assertServiceError(await server.call('GET', '/metrics'), 401);
    assert.equal((await server.call('GET', '/metrics', { headers: { authorization: 'Bearer metrics-key-0001' } })).status, 200);
    assert.equal((await open.call('GET', '/metrics')).status, 200);
  });
});
