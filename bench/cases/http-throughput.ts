// HTTP throughput and latency of the real service: `serve` runs as its own process (worker pool sized to
// the cores, the bench's knowledge base through KB_DIR), autocannon sends POST /v1/analyze with one
// 2,000-character ACI-Bench note per request (the context flow) at 16 and 64 concurrent clients, while a
// probe measures the health check's latency during the load. Both share this 2-core machine with the
// load generator, so figures are pessimistic for a dedicated host.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { chunkTexts, loadAciBenchNotes } from '../lib/notes.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { nowMs, percentile } from '../lib/timing.js';
import { CONTEXT_FLOW } from './analysis-flow.js';

const DURATION_S = 10;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

async function startService(root: string, kbDir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, KB_DIR: kbDir, DATABASE_URL: '', LOG_LEVEL: 'warn', AUTH_MODE: 'none' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/status/health_check`)).ok) return child;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not start within 120 s');
}

async function probeHealth(url: string, stop: { done: boolean }): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop.done) {
    const t0 = nowMs();
    await (await fetch(url)).arrayBuffer();
    latencies.push(nowMs() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return latencies.sort((a, b) => a - b);
}

export const httpThroughputBench: BenchCase = {
  name: 'HTTP: POST /v1/analyze, 2,000-char notes, context flow (autocannon)',
  async run(ctx) {
    const { dir: kbDir } = await loadBenchKnowledgeBase(ctx);
    const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir)).filter((n) => n.length > 1500);
    const dataDir = mkdtempSync(join(tmpdir(), 'ca-bench-http-'));
    const port = await freePort();
    const child = await startService(ctx.root, kbDir, dataDir, port);
    const figures: BenchFigure[] = [];
    try {
      const base = `http://127.0.0.1:${port}`;
      const bodies = notes.slice(0, 50).map((text) => JSON.stringify({ unstructured: [{ text }], annotatorFlows: CONTEXT_FLOW }));
      let next = 0;
      const request: autocannon.Request = { setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] ?? '' }) };
      // Warm-up: JIT and worker caches, not measured.
      await autocannon({ url: `${base}/v1/analyze?version=2023-02-22`, method: 'POST', connections: 8, duration: 3, headers: { 'content-type': 'application/json' }, requests: [request] });
      for (const connections of [16, 64]) {
        const stop = { done: false };
        const probe = probeHealth(`${base}/v1/status/health_check`, stop);
        const result = await autocannon({
          url: `${base}/v1/analyze?version=2023-02-22`, method: 'POST', connections, duration: DURATION_S,
          headers: { 'content-type': 'application/json' },
          requests: [request],
        });
        stop.done = true;
        const health = await probe;
        ctx.log(`${connections} clients: ${result.requests.average} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`);
        figures.push(
          { name: `${connections} clients: analyses per second`, value: result.requests.average, unit: 'req/s', goal: '≥ 1,000' },
          { name: `${connections} clients: latency p50`, value: result.latency.p50, unit: 'ms' },
          { name: `${connections} clients: latency p99`, value: result.latency.p99, unit: 'ms', goal: '< 50 ms' },
          { name: `${connections} clients: non-2xx / errors`, value: `${result.non2xx} / ${result.errors}` },
          { name: `${connections} clients: health check p99 under load`, value: percentile(health, 99), unit: 'ms' },
        );
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
};
