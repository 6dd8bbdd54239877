// Cartridge deployment of a 100,000-term dictionary cartridge (built with the cartridge builder;
// BENCH_CARTRIDGE_TERMS sets another size): submit (read + validate the archive, record the job) and
// the job (validate, parse, apply in one transaction, finish) on a real SQLite store, plus PostgreSQL
// when DATABASE_URL is set. The bench process builds the archive; the deployment runs in a child process,
// so that its peak RSS is the deployment's own (not the builder's, nor the bench process's). Meanwhile the service's app listens in the same process (as in production, where the
// routes and the job runner share the event loop) and a probe on another thread sends it
// GET /v1/status/health_check every PROBE_INTERVAL_MS: the figures say how long the deployment keeps
// the event loop from answering (its worst delay, and the health check's latency).
// Goal: a 100k-term deployment in < 10 s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { startProbe, watchLoopDelay, type LoopDelay, type ProbeLatencies } from '../lib/responsiveness.js';
import { knowledgeBaseDir } from '../../src/knowledge/build-default.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';

const TERMS = Number(process.env.BENCH_CARTRIDGE_TERMS ?? 100_000);
const SELF = fileURLToPath(import.meta.url);
const TERMS_PER_DICTIONARY = 100_000;
const PROBE_INTERVAL_MS = 20;

/** How the event loop fared during one deployment. */
interface Responsiveness {
  readonly loop: LoopDelay;
  readonly health: ProbeLatencies;
}

const CARTRIDGE_ID = 'bench.terms_100k_v1.0';
const ARCHIVE_FILE = 'cartridge.zip';

interface ChildFigures {
  readonly submitMs: number;
  readonly jobMs: number;
  readonly totalMs: number;
  /** PUT of the same archive once deployed (every artifact replaced). */
  readonly redeployMs: number;
  readonly state: string;
  /** During the deployment (submit + job), and during the redeployment. */
  readonly deployment: Responsiveness;
  readonly redeployment: Responsiveness;
  readonly maxRssMiB: number;
  readonly baselineRssMiB: number;
  /** One 2,000-character analysis with the cartridge's profile (concept_detection over its dictionaries):
   * the first after the deployment finished, the first after the redeployment, and warm (median of 5). */
  readonly analysis?: { readonly firstMs: number; readonly firstAfterRedeployMs: number; readonly warmMs: number };
}

/** The bench cartridge: TERMS terms in dictionaries of TERMS_PER_DICTIONARY, a library and a profile. */
async function buildArchive(): Promise<Buffer> {
  const { buildCartridgeFromSources } = await import('../../src/cartridge/build-cartridge.js');
  const id = CARTRIDGE_ID;
  // One dictionary per 100,000 terms: the JSON source of a dictionary of 200,000 terms (75 MB) is larger than an archive entry may be (64 MiB).
  const dictionaries: { path: string; text: string }[] = [];
  for (let first = 0; first < TERMS; first += TERMS_PER_DICTIONARY) {
    const rows = ['cui,preferredName,surfaceForms,semanticType,icd10Code'];
    for (let i = first; i < Math.min(TERMS, first + TERMS_PER_DICTIONARY); i++) rows.push(`C${String(1_000_000 + i)},Benchmark concept ${i},bench term ${i}|bt ${i} synonym,dsyn,X${i % 1000}`);
    dictionaries.push({ path: `dictionaries/terms${first === 0 ? '' : `_${first / TERMS_PER_DICTIONARY + 1}`}.csv`, text: rows.join('\n') });
  }
  const dictionaryIds = dictionaries.map((d) => `${id}_${d.path.slice('dictionaries/'.length, -'.csv'.length)}`);
  const built = await buildCartridgeFromSources([
    { path: 'cartridge.json', text: JSON.stringify({ id, name: 'Bench 100k', namespace: 'bench', version: 'v1.0', description: '100k terms' }) },
    ...dictionaries,
    { path: 'libraries/library.json', text: JSON.stringify({ id: `${id}_library`, name: 'Library', sourceName: 'bench', sourceVersion: 'v1.0', dictionaries: dictionaryIds, enabled: true }) },
    { path: 'profiles/profile.json', text: JSON.stringify({ id: `${id}_profile`, name: 'P', description: 'p', annotators: [{ name: 'concept_detection', parameters: { libraries: [`${id}_library`] } }] }) },
  ]);
  if (!built.ok || built.archive === undefined) throw new Error(`bench cartridge did not build: ${JSON.stringify(built.issues.slice(0, 3))}`);
  return built.archive;
}

async function measure(dir: string, databaseUrl: string | undefined): Promise<ChildFigures> {
  const { createDeploymentService } = await import('../../src/cartridge/deployment-service.js');
  const { createDeploymentRunner } = await import('../../src/cartridge/deployment-runner.js');
  const { openStore } = await import('../../src/store/open-store.js');
  const { loadConfig } = await import('../../src/config.js');
  const { buildApp } = await import('../../src/server/app.js');
  const store = await openStore({ dataDir: dir, ...(databaseUrl === undefined ? {} : { databaseUrl }) });
  // The app serves the health checks; its own job runner stays off (the bench runs the job itself).
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', CARTRIDGE_RUNNER: 'off' }), store });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address !== 'object') throw new Error('the app does not listen on a port');
  const healthUrl = `http://127.0.0.1:${address.port}/v1/status/health_check`;
  const watch = (): (() => Promise<Responsiveness>) => {
    const stopLoop = watchLoopDelay();
    const stopProbe = startProbe(healthUrl, PROBE_INTERVAL_MS);
    return async () => ({ loop: await stopLoop(), health: await stopProbe() });
  };
  const archive = readFileSync(join(dir, ARCHIVE_FILE));
  const id = CARTRIDGE_ID;
  const baselineRssMiB = process.memoryUsage().rss / 2 ** 20;
  // Analyses of the cartridge's profile run on a worker pool that the job prepares (BENCH_CHILD_KB_DIR: the bench's knowledge base).
  const kbDir = process.env.BENCH_CHILD_KB_DIR;
  const { createAnalysisService } = await import('../../src/analysis/analysis-service.js');
  const analysis = kbDir === undefined || kbDir === '' ? undefined : createAnalysisService({
    store, storeConfig: { dataDir: dir, ...(databaseUrl === undefined ? {} : { databaseUrl }) }, kbDir, workers: 2, timeoutMs: 600_000, maxQueue: 100,
    limits: { maxCharsPerContainer: 100_000, maxCharsPerRequest: 1_000_000, maxContainers: 10 },
  });
  await analysis?.warmUp();
  const note = 'Patient reports bench term 12 and bt 150000 synonym; denies benchmark concept 99. '.repeat(25).slice(0, 2000);
  const analyze = async (tenant: string): Promise<number> => {
    const started = performance.now();
    await analysis!.analyzeWithFlows(tenant, { unstructured: [{ text: note }], annotatorFlows: [{ profile: `${CARTRIDGE_ID}_profile`, flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] }, { returnAnalyzedText: false, debugTextRestore: false });
    return performance.now() - started;
  };
  try {
    let t: number;
    const tenant = `bench-${process.pid}`;
    const service = createDeploymentService({ store });
    const runner = createDeploymentRunner({ store, pollIntervalMs: 1000, leaseMs: 60_000, maxAttempts: 3, ...(analysis === undefined ? {} : { prepareTenant: analysis.prepareTenant }) });
    let stopWatching = watch();
    t = performance.now();
    await service.submit({ tenant, archive, mode: 'create', correlationId: 'bench', isOperator: false });
    const submitMs = performance.now() - t;
    const t2 = performance.now();
    await runner.runOnce();
    const jobMs = performance.now() - t2;
    const totalMs = performance.now() - t;
    const deployment = await stopWatching();
    const state = (await store.getDeployment(tenant, id))?.state ?? 'missing';
    const firstMs = analysis === undefined ? 0 : await analyze(tenant);
    stopWatching = watch();
    t = performance.now();
    await service.submit({ tenant, archive, mode: 'update', correlationId: 'bench-2', isOperator: false });
    await runner.runOnce();
    const redeployMs = performance.now() - t;
    const redeployment = await stopWatching();
    let measured: ChildFigures['analysis'];
    if (analysis !== undefined) {
      const firstAfterRedeployMs = await analyze(tenant);
      const warm: number[] = [];
      for (let i = 0; i < 5; i++) warm.push(await analyze(tenant));
      warm.sort((a, b) => a - b);
      measured = { firstMs, firstAfterRedeployMs, warmMs: warm[2]! };
    }
    await store.deleteTenant(tenant);
    return { submitMs, jobMs, totalMs, redeployMs, state, deployment, redeployment, maxRssMiB: process.resourceUsage().maxRSS / 1024, baselineRssMiB, ...(measured === undefined ? {} : { analysis: measured }) };
  } finally {
    await analysis?.close();
    await app.close();
    await store.close();
  }
}

function runChild(root: string, archive: Buffer, databaseUrl: string | undefined, kbDir: string): ChildFigures {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cartridge-'));
  try {
    writeFileSync(join(dir, ARCHIVE_FILE), archive);
    const result = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', dir], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, BENCH_CHILD_DATABASE_URL: databaseUrl ?? '', BENCH_CHILD_KB_DIR: kbDir },
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`child failed (${String(result.status)}): ${result.stderr.slice(-500)}`);
    const line = result.stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(line) as ChildFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function figures(label: string, f: ChildFigures): BenchFigure[] {
  return [
    { name: `${label}: deployment (submit + job)`, value: f.totalMs, unit: 'ms', goal: '< 10000 ms' },
    { name: `${label}:   submit (read, validate, record)`, value: f.submitMs, unit: 'ms' },
    { name: `${label}:   job (validate, apply, finish)`, value: f.jobMs, unit: 'ms' },
    { name: `${label}: final state`, value: f.state },
    ...responsiveness(`${label}:   during it`, f.deployment),
    { name: `${label}: redeployment (PUT, all replaced)`, value: f.redeployMs, unit: 'ms' },
    ...responsiveness(`${label}:   during it`, f.redeployment),
    ...(f.analysis === undefined ? [] : [
      { name: `${label}: first analysis after the deployment (job prepared the workers)`, value: f.analysis.firstMs, unit: 'ms', goal: 'within 2x of warm' },
      { name: `${label}: first analysis after the redeployment`, value: f.analysis.firstAfterRedeployMs, unit: 'ms' },
      { name: `${label}: warm analysis (median of 5)`, value: f.analysis.warmMs, unit: 'ms' },
    ]),
    { name: `${label}: peak RSS of the process`, value: f.maxRssMiB, unit: 'MiB' },
    { name: `${label}: RSS before deploying (app listening, archive read)`, value: f.baselineRssMiB, unit: 'MiB' },
  ];
}

function responsiveness(label: string, r: Responsiveness): BenchFigure[] {
  return [
    { name: `${label}: event-loop delay max`, value: r.loop.maxMs, unit: 'ms', goal: '< 100 ms' },
    { name: `${label}: event-loop delay p99`, value: r.loop.p99Ms, unit: 'ms' },
    ...(r.loop.worstGap === undefined ? [] : [
      { name: `${label}:   worst gap of the loop: on a CPU / waiting for one / all`, value: `${r.loop.worstGap.onCpuMs.toFixed(0)} / ${r.loop.worstGap.waitingForCpuMs.toFixed(0)} / ${r.loop.worstGap.gapMs.toFixed(0)} ms` },
      { name: `${label}:   longest on-CPU stretch of the main thread (own work)`, value: r.loop.maxOnCpuMs ?? 0, unit: 'ms', goal: '< 100 ms' },
    ]),
    { name: `${label}: health check max (${r.health.count} sent)`, value: r.health.maxMs, unit: 'ms', goal: '< 100 ms' },
    { name: `${label}: health check p99`, value: r.health.p99Ms, unit: 'ms' },
    { name: `${label}: health check p50`, value: r.health.p50Ms, unit: 'ms' },
  ];
}

export const cartridgeDeployBench: BenchCase = {
  name: `cartridge deployment (${TERMS.toLocaleString('en-US')}-term dictionary)`,
  async run(ctx) {
    ctx.log(`building a ${TERMS.toLocaleString('en-US')}-term cartridge; deploying it on SQLite (child process)`);
    await loadBenchKnowledgeBase(ctx);
    const kbDir = knowledgeBaseDir(ctx.cacheDir);
    const t = performance.now();
    const archive = await buildArchive();
    const buildMs = performance.now() - t;
    const out: BenchFigure[] = [
      { name: 'archive size', value: archive.length / 2 ** 20, unit: 'MiB' },
      { name: 'build with the cartridge builder', value: buildMs, unit: 'ms' },
      ...figures('sqlite', runChild(ctx.root, archive, undefined, kbDir)),
    ];
    const pgUrl = process.env.DATABASE_URL;
    if (pgUrl !== undefined && pgUrl !== '') {
      ctx.log('same on PostgreSQL');
      out.push(...figures('postgres', runChild(ctx.root, archive, pgUrl, kbDir)));
    }
    return out;
  },
};

if (process.argv[2] === '--child' && process.argv[3] !== undefined) {
  const url = process.env.BENCH_CHILD_DATABASE_URL;
  const result = await measure(process.argv[3], url === undefined || url === '' ? undefined : url);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
