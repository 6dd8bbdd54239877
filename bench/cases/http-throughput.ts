// HTTP throughput and latency of the real service. `serve` runs as its own process from the production
// build (`npm run build` first, then `node dist/src/cli/main.js serve`, as `npm start` does), configured by
// environment variables as a user runs it (default LOG_LEVEL info, its log written to a file; worker pool
// sized to the cores unless HTTP_BENCH_WORKERS says otherwise; the bench's knowledge base through KB_DIR).
// autocannon, in this process, sends POST /v1/analyze with one 2,000-character ACI-Bench note per request
// (the context flow: section, concept_detection, negation, hypothetical) at 16 and 64 concurrent clients,
// after a warm-up (3 s, then 3,000 requests, so the JIT is done before the first level), while a probe
// measures the health check's latency during the load.
//
// Besides req/s and latency, every run reports the server's CPU time per request (its main thread, which
// parses, routes and writes, apart from the whole process, workers included; the rest split between the
// analysis workers and the other threads: V8's GC and compiler helpers, libuv's pool), the load generator's CPU
// use and how much CPU other processes took meanwhile: on this shared 2-core machine the last figure says
// whether a run can be trusted. A second case measures the ceiling: the same service with a flow of
// `section` only (2,000-char notes) and with a 9-character note, so HTTP overhead and analysis separate.
//
// Knobs (environment): HTTP_BENCH_WORKERS=1,2,3 (one service per value; default: the service default),
// HTTP_BENCH_CONNECTIONS=16,64, HTTP_BENCH_DURATION_S=10, HTTP_BENCH_REPEATS=1 (runs per level; the
// figures are the median run's, with every run's req/s listed), HTTP_BENCH_LOG_LEVEL (default: info).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { BenchCase, BenchContext, BenchFigure } from '../bench-case.js';
import { knowledgeBaseDir } from '../../src/knowledge/build-default.js';
import { checkKnowledgeBase } from '../../src/knowledge/loader.js';
import type { AcdAnnotatorFlow } from '../../src/engine/flow-types.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { chunkTexts, loadAciBenchNotes } from '../lib/notes.js';
import { readMachineCpu, readProcessCpu } from '../lib/process-cpu.js';
import { nowMs, percentile } from '../lib/timing.js';
import { CONTEXT_FLOW } from './analysis-flow.js';

const ANALYZE_PATH = '/v1/analyze?version=2023-02-22';
const HEALTH_PATH = '/v1/status/health_check';
/** Warm-up before each load (not measured): at least this long and this many requests, so the JIT has
 * compiled the hot paths (in the main thread and every worker) before the first measured level. */
const WARM_UP_S = 3;
const WARM_UP_REQUESTS = 3000;

const SECTION_FLOW: readonly AcdAnnotatorFlow[] = [{ flow: { elements: [{ annotator: { name: 'section' } }], async: false } }];

interface Settings {
  readonly workers: readonly (number | undefined)[];
  readonly connections: readonly number[];
  readonly durationS: number;
  readonly repeats: number;
  readonly logLevel: string;
}

function numberList(raw: string | undefined, fallback: readonly number[]): number[] {
  const list = (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number).filter((n) => Number.isInteger(n) && n >= 0);
  return list.length > 0 ? list : [...fallback];
}

function settingsFromEnv(env: NodeJS.ProcessEnv): Settings {
  const workers = numberList(env.HTTP_BENCH_WORKERS, []);
  return {
    workers: workers.length > 0 ? workers : [undefined],
    connections: numberList(env.HTTP_BENCH_CONNECTIONS, [16, 64]),
    durationS: numberList(env.HTTP_BENCH_DURATION_S, [10])[0] ?? 10,
    repeats: Math.max(1, numberList(env.HTTP_BENCH_REPEATS, [1])[0] ?? 1),
    logLevel: env.HTTP_BENCH_LOG_LEVEL ?? 'info',
  };
}

/** A TCP port free on the loopback interface now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

export interface Service {
  readonly base: string;
  readonly pid: number;
  /** Analysis worker threads the service runs. */
  readonly workers: number;
  readonly logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts the built `serve` as its own process (as `npm start` does) and waits for its health check, polled every
 * `pollMs` (up to 120 s).
 */
export async function startService(root: string, kbDir: string, workers: number | undefined, logLevel: string, pollMs = 200): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ca-bench-http-'));
  const logFile = join(dataDir, 'serve.log');
  const logFd = openSync(logFile, 'w');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, KB_DIR: kbDir, DATABASE_URL: '', LOG_LEVEL: logLevel, AUTH_MODE: 'none',
  };
  if (workers === undefined) delete env.ANALYSIS_WORKERS;
  else env.ANALYSIS_WORKERS = String(workers);
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist/src/cli/main.js'), 'serve'], { cwd: root, env, stdio: ['ignore', logFd, 'inherit'] });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && child.exitCode === null;) {
    try {
      if ((await fetch(`${base}${HEALTH_PATH}`)).ok) return { base, pid: child.pid ?? -1, workers: workers ?? availableParallelism(), logFile, stop };
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  child.kill('SIGKILL');
  await stop();
  throw new Error('the service did not start within 120 s');
}

/** Health-check latencies (ms, sorted) sampled every 50 ms until `stop.done`. */
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

interface Run {
  readonly reqPerS: number;
  readonly requests: number;
  readonly p50: number;
  readonly p97_5: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly healthP50: number;
  readonly healthP99: number;
  /** Server CPU per answered request, ms (main thread; whole process). */
  readonly serverMainMsPerReq: number;
  readonly serverTotalMsPerReq: number;
  /** Of the rest: the analysis workers (the busiest threads after the main one), and the other threads
   * (V8's garbage-collection and compiler helpers, libuv's pool). */
  readonly serverWorkersMsPerReq: number;
  readonly serverHelpersMsPerReq: number;
  /** Cores' worth of CPU used during the run (1 = one core busy all the time). */
  readonly serverCores: number;
  readonly generatorCores: number;
  readonly otherCores: number;
  readonly logBytesPerReq: number;
}

/** CPU ms (user + system) of every thread of a process, by thread id; empty where /proc is missing. */
function readThreadCpu(pid: number): Map<string, number> {
  const byThread = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        byThread.set(tid, Number(fields[11]) + Number(fields[12]));
      } catch { /* the thread ended meanwhile */ }
    }
  } catch { /* not Linux */ }
  return byThread;
}

function share(part: number, rest: number): number {
  return part + rest > 0 ? part / (part + rest) : Number.NaN;
}

/** Splits the CPU the non-main threads used between the `workers` busiest ones and the rest (ticks). */
function splitThreads(pid: number, before: Map<string, number>, after: Map<string, number>, workers: number): { workers: number; helpers: number } {
  const used = [...after].filter(([tid]) => tid !== String(pid)).map(([tid, ticks]) => ticks - (before.get(tid) ?? 0)).sort((a, b) => b - a);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return { workers: sum(used.slice(0, workers)), helpers: sum(used.slice(workers)) };
}

async function runLoad(service: Service, load: Load, connections: number, span: { readonly durationS: number } | { readonly amount: number }): Promise<Run> {
  const bodies = load.bodies;
  let next = 0;
  const request: autocannon.Request = { setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] ?? '' }) };
  const stop = { done: false };
  const probe = probeHealth(`${service.base}${HEALTH_PATH}`, stop);
  const logBefore = statSync(service.logFile).size;
  const server0 = readProcessCpu(service.pid);
  const threads0 = readThreadCpu(service.pid);
  const machine0 = readMachineCpu();
  const self0 = process.cpuUsage();
  const t0 = nowMs();
  const result = await autocannon({
    url: `${service.base}${load.path ?? ANALYZE_PATH}`, method: 'POST', connections, ...('amount' in span ? { amount: span.amount } : { duration: span.durationS }),
    headers: { 'content-type': load.contentType ?? 'application/json' }, requests: [request],
  });
  const wallMs = nowMs() - t0;
  const self = process.cpuUsage(self0);
  const machine1 = readMachineCpu();
  const server1 = readProcessCpu(service.pid);
  const split = splitThreads(service.pid, threads0, readThreadCpu(service.pid), service.workers);
  stop.done = true;
  const health = await probe;
  const answered = Math.max(1, result.requests.total);
  const serverMs = server0 !== undefined && server1 !== undefined ? { main: server1.mainMs - server0.mainMs, total: server1.totalMs - server0.totalMs } : { main: Number.NaN, total: Number.NaN };
  // The generator's figure includes the health probe, which runs in this process too.
  const generatorMs = (self.user + self.system) / 1000;
  const machineBusyMs = machine0 !== undefined && machine1 !== undefined ? machine1.busyMs - machine0.busyMs : Number.NaN;
  return {
    reqPerS: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    healthP50: percentile(health, 50),
    healthP99: percentile(health, 99),
    serverMainMsPerReq: serverMs.main / answered,
    serverTotalMsPerReq: serverMs.total / answered,
    // The split's shares applied to the non-main CPU (the thread listing misses threads that ended).
    serverWorkersMsPerReq: ((serverMs.total - serverMs.main) * share(split.workers, split.helpers)) / answered,
    serverHelpersMsPerReq: ((serverMs.total - serverMs.main) * share(split.helpers, split.workers)) / answered,
    serverCores: serverMs.total / wallMs,
    generatorCores: generatorMs / wallMs,
    otherCores: Math.max(0, (machineBusyMs - serverMs.total - generatorMs) / wallMs),
    logBytesPerReq: (statSync(service.logFile).size - logBefore) / answered,
  };
}

function median(runs: readonly Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.reqPerS - b.reqPerS);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function runFigures(prefix: string, runs: readonly Run[], goals: boolean): BenchFigure[] {
  const r = median(runs);
  const figures: BenchFigure[] = [
    { name: `${prefix}: analyses per second`, value: r.reqPerS, unit: 'req/s', ...(goals ? { goal: '≥ 1,000' } : {}) },
  ];
  if (runs.length > 1) {
    figures.push({ name: `${prefix}: req/s of each run (best ${Math.round(Math.max(...runs.map((x) => x.reqPerS)))})`, value: runs.map((x) => Math.round(x.reqPerS)).join(', ') });
  }
  figures.push(
    { name: `${prefix}: latency p50 / p97.5`, value: `${r.p50} / ${r.p97_5} ms` },
    { name: `${prefix}: latency p99`, value: r.p99, unit: 'ms', ...(goals ? { goal: '< 50 ms' } : {}) },
    { name: `${prefix}: requests, non-2xx / errors`, value: `${r.requests}, ${r.non2xx} / ${r.errors}` },
    { name: `${prefix}: health check p50 / p99 under load`, value: `${r.healthP50.toFixed(1)} / ${r.healthP99.toFixed(1)} ms` },
    { name: `${prefix}: server CPU per request, main thread / process`, value: `${r.serverMainMsPerReq.toFixed(3)} / ${r.serverTotalMsPerReq.toFixed(3)} ms` },
    { name: `${prefix}: server CPU per request, analysis workers / other threads (GC, JIT, libuv)`, value: `${r.serverWorkersMsPerReq.toFixed(3)} / ${r.serverHelpersMsPerReq.toFixed(3)} ms` },
    { name: `${prefix}: cores used by server / autocannon / other processes`, value: `${r.serverCores.toFixed(2)} / ${r.generatorCores.toFixed(2)} / ${r.otherCores.toFixed(2)}${r.otherCores > 0.25 ? ' (machine busy: pessimistic)' : ''}` },
    { name: `${prefix}: server log per request`, value: r.logBytesPerReq, unit: 'bytes' },
  );
  return figures;
}

interface Load {
  readonly label: string;
  readonly bodies: readonly string[];
  readonly goals: boolean;
  /** Default: POST /v1/analyze with JSON bodies. */
  readonly path?: string;
  readonly contentType?: string;
  /** Client counts for this load (default: the settings'). */
  readonly connections?: readonly number[];
}

function analyzeBody(text: string, flows: readonly AcdAnnotatorFlow[]): string {
  return JSON.stringify({ unstructured: [{ text }], annotatorFlows: flows });
}

/** The production build of the current sources (once per bench run): what `npm start` serves. */
function buildService(ctx: BenchContext): Promise<void> {
  return ctx.shared('http-build', async () => {
    ctx.log('building the service (npm run build) to measure what npm start runs');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ctx.root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status ?? built.signal})`);
  });
}

async function kbDirFor(ctx: BenchContext): Promise<string> {
  const dir = knowledgeBaseDir(ctx.cacheDir);
  // Built (once per run) only when missing: the service loads it, this process does not need it.
  if ((await checkKnowledgeBase(dir)).state !== 'ok' || ctx.flags.has('--rebuild-kb')) return (await loadBenchKnowledgeBase(ctx)).dir;
  return dir;
}

async function measureService(ctx: BenchContext, settings: Settings, loads: readonly Load[]): Promise<BenchFigure[]> {
  const kbDir = await kbDirFor(ctx);
  await buildService(ctx);
  const figures: BenchFigure[] = [];
  for (const workers of settings.workers) {
    const service = await startService(ctx.root, kbDir, workers, settings.logLevel);
    const workerLabel = `${workers ?? availableParallelism()} workers${workers === undefined ? ' (default)' : ''}`;
    try {
      for (const load of loads) {
        // Warm-up: JIT, worker caches and connections; not measured.
        await runLoad(service, load, 8, { durationS: WARM_UP_S });
        await runLoad(service, load, 16, { amount: WARM_UP_REQUESTS });
        for (const connections of load.connections ?? settings.connections) {
          const runs: Run[] = [];
          for (let i = 0; i < settings.repeats; i++) {
            const run = await runLoad(service, load, connections, { durationS: settings.durationS });
            ctx.log(`${workerLabel}, ${load.label}${connections} clients: ${Math.round(run.reqPerS)} req/s, p99 ${run.p99} ms, other processes ${run.otherCores.toFixed(2)} cores`);
            runs.push(run);
          }
          const prefix = `${settings.workers.length > 1 ? `${workerLabel}, ` : ''}${load.label}${connections} clients`;
          figures.push(...runFigures(prefix, runs, load.goals));
        }
      }
    } finally {
      await service.stop();
    }
    figures.push({ name: `${workerLabel}: service`, value: `separate process (node dist/src/cli/main.js serve, the npm run build output), LOG_LEVEL=${settings.logLevel}, SQLite store` });
  }
  return figures;
}

function benchNotes(ctx: BenchContext): string[] {
  return chunkTexts(loadAciBenchNotes(ctx.evalDir)).filter((n) => n.length > 1500).slice(0, 50);
}

export const httpThroughputBench: BenchCase = {
  name: 'HTTP: POST /v1/analyze, 2,000-char notes, context flow (autocannon)',
  async run(ctx) {
    const bodies = benchNotes(ctx).map((text) => analyzeBody(text, CONTEXT_FLOW));
    return measureService(ctx, settingsFromEnv(process.env), [{ label: '', bodies, goals: true }]);
  },
};

export const httpCeilingBench: BenchCase = {
  name: 'HTTP ceiling: POST /v1/analyze with a section-only flow, and with a 9-character note (autocannon)',
  async run(ctx) {
    const section = benchNotes(ctx).map((text) => analyzeBody(text, SECTION_FLOW));
    const tiny = [analyzeBody('No fever.', SECTION_FLOW)];
    return measureService(ctx, settingsFromEnv(process.env), [
      { label: 'section only, 2,000 chars, ', bodies: section, goals: false },
      { label: 'section only, 9 chars, ', bodies: tiny, goals: false },
    ]);
  },
};

export const httpPersistedFlowBench: BenchCase = {
  name: 'HTTP: POST /v1/analyze/{flow_id}, the standard flow by its ACD id, text/plain notes (autocannon)',
  async run(ctx) {
    // What ACD clients send most: a note as text/plain to a persisted flow, here the compatibility alias of the
    // default cartridge's standard flow (the flow and its profile are resolved per request, then remembered).
    return measureService(ctx, settingsFromEnv(process.env), [{
      label: 'standard flow, ', bodies: benchNotes(ctx), goals: false, connections: [16],
      path: '/v1/analyze/wh_acd.ibm_clinical_insights_v1.0_standard_flow?version=2023-02-22', contentType: 'text/plain',
    }]);
  },
};
