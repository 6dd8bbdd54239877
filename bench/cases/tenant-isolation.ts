// Tenant isolation under hostile regex input (issue 21). Tenant A has a dictionary whose regexes are known
// catastrophic-backtracking shapes (`(?:a|a)*b` and others) and sends 100,000-character worst-case texts at
// full concurrency; tenant B sends ordinary 2,000-character notes (the context flow) at modest concurrency.
// Figures: B's latency alone and while A floods (goal: p99 within 2x), A's latency (linear-time matching:
// each request completes), and the regex engine alone on each pattern's 100k-character worst case.
// The service runs in this process (buildApp, real HTTP on a socket) with its worker pool.
// Knobs: TENANT_BENCH_DURATION_S (default 10), TENANT_BENCH_WORKERS (default 2),
// TENANT_BENCH_SHARE_PERCENT (ANALYSIS_TENANT_SHARE_PERCENT, default 50), TENANT_BENCH_B_CLIENTS (4), TENANT_BENCH_A_CLIENTS (8).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { knowledgeBaseDir } from '../../src/knowledge/build-default.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { chunkTexts, loadAciBenchNotes } from '../lib/notes.js';
import { nowMs, percentile } from '../lib/timing.js';
import { CONTEXT_FLOW } from './analysis-flow.js';

const TENANT_A = 'bench-hostile';
const TENANT_B = 'bench-normal';
const WORST_CASE_CHARS = 100_000;

/** Catastrophic on a backtracking engine, with the unit whose repetition is their worst case. */
const HOSTILE_PATTERNS: readonly [string, string][] = [
  ['(?:a|a)*b', 'a'],
  ['(a|aa)+$', 'a'],
  ['(a+)+b', 'a'],
  ['(\\w+\\s?)*x', 'ab '],
  ['(x+x+)+y', 'x'],
  ['\\s*\\s*\\s*x', ' '],
];

function env(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

interface Latencies {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly count: number;
  readonly failed: number;
}

function summarise(ms: number[], failed: number): Latencies {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0, count: sorted.length, failed };
}

/** `clients` loops posting `body()` until `untilMs`; every answer's latency. */
async function load(url: string, tenant: string, clients: number, untilMs: number, body: (i: number) => string): Promise<Latencies> {
  const ms: number[] = [];
  let failed = 0;
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (nowMs() < untilMs) {
      const started = nowMs();
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ibm-client-id': tenant }, body: body(next++) });
      await res.arrayBuffer();
      if (res.status === 200) ms.push(nowMs() - started);
      else failed++;
    }
  }));
  return summarise(ms, failed);
}

export const tenantIsolationBench: BenchCase = {
  name: 'tenant isolation (hostile regexes)',
  async run(ctx) {
    const figures: BenchFigure[] = [];
    const { compileLinearRegex } = await import('../../src/engine/annotators/concept-detection/linear-regex.js');
    let worstRegexMs = 0;
    for (const [source, unit] of HOSTILE_PATTERNS) {
      const compiled = compileLinearRegex(source);
      if (!compiled.ok) throw new Error(`${source}: ${compiled.reason}`);
      const text = unit.repeat(Math.ceil(WORST_CASE_CHARS / unit.length)) + '!';
      const started = nowMs();
      compiled.regex.forEachMatch(text, () => undefined);
      worstRegexMs = Math.max(worstRegexMs, nowMs() - started);
    }
    figures.push({ name: `regex engine, slowest of ${HOSTILE_PATTERNS.length} catastrophic patterns on its 100k-char worst case`, value: worstRegexMs.toFixed(1), unit: 'ms', goal: '< 1000 ms' });

    await loadBenchKnowledgeBase(ctx);
    const kbDir = knowledgeBaseDir(ctx.cacheDir);
    const dir = mkdtempSync(join(tmpdir(), 'ca-bench-tenants-'));
    const { openStore } = await import('../../src/store/open-store.js');
    const { createAnalysisService } = await import('../../src/analysis/analysis-service.js');
    const { buildApp } = await import('../../src/server/app.js');
    const { loadConfig } = await import('../../src/config.js');
    const store = await openStore({ dataDir: dir });
    const workers = env('TENANT_BENCH_WORKERS', 2);
    const share = env('TENANT_BENCH_SHARE_PERCENT', 50);
    const analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers, timeoutMs: 60_000, maxQueue: 1_000, tenantSharePercent: share,
      limits: { maxCharsPerContainer: 200_000, maxCharsPerRequest: 1_000_000, maxContainers: 100 },
    });
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const concepts = HOSTILE_PATTERNS.map(([source], i) => ({ id: `H${i}`, cui: `H${i}`, preferredName: `Hostile ${i}`, attributes: [], surfaceForms: [], regexes: [source] }));
      await store.createArtifact({ tenant: TENANT_A, kind: 'dictionary', id: 'hostile_dict', body: { id: 'hostile_dict', name: 'Hostile', layout: 'umls', defaultTransforms: {}, concepts } });
      await store.createArtifact({ tenant: TENANT_A, kind: 'library', id: 'hostile_library', body: { id: 'hostile_library', name: 'Hostile', sourceName: 'hostile', sourceVersion: 'v1', dictionaries: ['hostile_dict'], enabled: true } });
      await store.publishKnowledgeChange(TENANT_A);
      await analysis.warmUp();
      app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), store, analysis });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address !== 'object') throw new Error('no port');
      const url = `http://127.0.0.1:${address.port}/v1/analyze?version=2023-02-22`;
      const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir));
      const normal = (i: number) => JSON.stringify({ unstructured: [{ text: notes[i % notes.length] }], annotatorFlows: CONTEXT_FLOW });
      const hostileFlow = [{ flow: { elements: [{ annotator: { name: 'concept_detection', parameters: { libraries: ['hostile_library'] } } }], async: false } }];
      const worstCases = HOSTILE_PATTERNS.map(([, unit]) => unit.repeat(Math.ceil(WORST_CASE_CHARS / unit.length)) + '!');
      const hostile = (i: number) => JSON.stringify({ unstructured: [{ text: worstCases[i % worstCases.length] }], annotatorFlows: hostileFlow });
      const durationMs = env('TENANT_BENCH_DURATION_S', 10) * 1000;
      const bClients = env('TENANT_BENCH_B_CLIENTS', 4);
      const aClients = env('TENANT_BENCH_A_CLIENTS', 8);

      ctx.log('tenant isolation: warm-up');
      await load(url, TENANT_B, bClients, nowMs() + 3_000, normal);
      await load(url, TENANT_A, 2, nowMs() + 2_000, hostile);
      ctx.log(`tenant isolation: tenant B alone (${bClients} clients, ${durationMs / 1000} s)`);
      const alone = await load(url, TENANT_B, bClients, nowMs() + durationMs, normal);
      ctx.log(`tenant isolation: tenant B while tenant A floods (${aClients} clients of 100k-char worst cases)`);
      const until = nowMs() + durationMs;
      const [shared, flood] = await Promise.all([load(url, TENANT_B, bClients, until, normal), load(url, TENANT_A, aClients, until, hostile)]);
      figures.push(
        { name: `settings: ${workers} workers, tenant share ${share}%, B ${bClients} clients, A ${aClients} clients`, value: '' },
        { name: 'tenant B alone: p50 / p99', value: `${alone.p50.toFixed(1)} / ${alone.p99.toFixed(1)}`, unit: 'ms' },
        { name: 'tenant B with A flooding: p50 / p99', value: `${shared.p50.toFixed(1)} / ${shared.p99.toFixed(1)}`, unit: 'ms' },
        { name: 'tenant B p99 with A / alone', value: (shared.p99 / alone.p99).toFixed(2), unit: 'x', goal: '<= 2' },
        { name: 'tenant B requests (alone, with A; failed)', value: `${alone.count}, ${shared.count}; ${alone.failed + shared.failed}` },
        { name: 'tenant A (100k-char worst cases): p50 / max, answered, failed', value: `${flood.p50.toFixed(0)} / ${flood.max.toFixed(0)} ms, ${flood.count}, ${flood.failed}` },
      );
    } finally {
      // Also when a step failed after the app listened: its server would keep the process alive.
      await app?.close();
      await analysis.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
