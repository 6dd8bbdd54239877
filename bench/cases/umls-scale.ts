// A UMLS-size knowledge base on one machine (issue 23), with `npm run bench -- UMLS --umls`: a synthetic
// release of the real one's shape (bench/lib/synthetic-umls.ts: 1.5 million concepts, 3.5 million English
// strings) in a temporary directory (kept between runs: BENCH_UMLS_DIR, default <tmp>/clinical-annotator-
// synthetic-umls), built with `kb build --umls` in a child process (wall time, the child's peak RSS); the
// built service started on it (time to a healthy health check, process RSS with 1, 2 and 4 workers after
// each worker analysed notes); concept_detection and the standard flow per 2,000-char note on one core
// with it and with the default open knowledge base, in alternating rounds of one process.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchCase, BenchContext, BenchFigure } from '../bench-case.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { startService } from './http-throughput.js';
import { chunkTexts, loadAciBenchNotes } from '../lib/notes.js';
import { SYNTHETIC_UMLS_SHAPE, writeSyntheticUmls } from '../lib/synthetic-umls.js';
import { timePasses } from '../lib/timing.js';
import { loadDefaultCartridgeArtifacts } from '../../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest } from '../../src/engine/analyze.js';
import type { CompiledKb } from '../../src/knowledge/compiled-kb.js';
import { checkKnowledgeBase, loadKnowledgeBase } from '../../src/knowledge/loader.js';

const SEED = 20240101;
const ROUND_MS = 3000;

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return line === undefined ? Number.NaN : Number(line.replace(/\D+/g, '')) / 1024;
}

/** The release (generated once and kept: 550 MB of RRF). */
function syntheticRelease(ctx: BenchContext): { dir: string; figures: BenchFigure[] } {
  const dir = process.env.BENCH_UMLS_DIR ?? join(tmpdir(), `clinical-annotator-synthetic-umls-${SEED}-shape${SYNTHETIC_UMLS_SHAPE}`);
  const done = join(dir, 'GENERATED');
  // A release of another shape (an older generator) is written again, and its knowledge base rebuilt.
  const kept = existsSync(done) ? (JSON.parse(readFileSync(done, 'utf8')) as { shape?: number }) : undefined;
  if (kept?.shape === SYNTHETIC_UMLS_SHAPE) return { dir, figures: [{ name: 'synthetic release', value: `${dir} (kept from an earlier run)` }] };
  ctx.log(`writing the synthetic UMLS release into ${dir}`);
  const t0 = Date.now();
  rmSync(join(dir, 'kb'), { recursive: true, force: true });
  const report = writeSyntheticUmls({ dir, seed: SEED, onProgress: ctx.log });
  writeFileSync(done, `${JSON.stringify({ ...report, shape: SYNTHETIC_UMLS_SHAPE })}\n`);
  return {
    dir,
    figures: [
      { name: 'synthetic release: concepts / English atoms / other-language atoms', value: `${report.concepts.toLocaleString('en-US')} / ${report.englishAtoms.toLocaleString('en-US')} / ${report.otherLanguageAtoms.toLocaleString('en-US')}` },
      { name: 'synthetic release: RRF size / written in', value: `${(report.bytes / 2 ** 20).toFixed(0)} MiB / ${((Date.now() - t0) / 1000).toFixed(0)} s` },
    ],
  };
}

/** `kb build --umls` in a child process: its wall time and peak RSS. */
function buildInChild(ctx: BenchContext, rrfDir: string, outDir: string): { buildMs: number; peakRssMiB: number; report: string } {
  const child = fileURLToPath(new URL('../lib/umls-build-child.js', import.meta.url));
  ctx.log(`building the knowledge base from ${rrfDir} into ${outDir} (child process)`);
  const run = spawnSync(process.execPath, [child, rrfDir, outDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`the UMLS build failed (exit ${run.status ?? run.signal})`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as { buildMs: number; peakRssMiB: number; report: string };
}

interface Started { readonly coldStartMs: number; readonly allReadyMs: number; readonly rssMiB: number; stop(): Promise<void> }

/** The built service on `kbDir` with `workers` threads: time to a healthy health check, then RSS after every worker analysed notes. */
async function startUmlsService(root: string, kbDir: string, workers: number, notes: readonly string[]): Promise<Started> {
  const t0 = Date.now();
  const { base, pid, stop } = await startService(root, kbDir, workers, 'warn', 20);
  const coldStartMs = Date.now() - t0;
  // The service is healthy once its first worker has loaded; the RSS is measured with every worker loaded.
  const allReady = `Analysis workers ready: ${workers} of ${workers}.`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const status = (await (await fetch(`${base}/v1/status`)).json()) as { stateDetails?: string };
    if (status.stateDetails?.includes(allReady) === true) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const allReadyMs = Date.now() - t0;
  // Every worker analyses notes (the standard flow), so each has built what it builds on first use.
  const flow = `${base}/v1/analyze/wh_acd.ibm_clinical_insights_v1.0_standard_flow?version=2023-02-22`;
  for (let round = 0; round < 3; round++) {
    await Promise.all(notes.slice(0, workers * 4).map(async (text) => {
      for (let i = 0; i < 100; i++) {
        const res = await fetch(flow, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
        await res.arrayBuffer();
        if (res.ok) return;
        await new Promise((r) => setTimeout(r, 100)); // the default cartridge may still be deploying
      }
    }));
  }
  return { coldStartMs, allReadyMs, rssMiB: rssMiB(pid), stop };
}

/** concept_detection and the standard flow on one core, UMLS-size against the default KB, alternating rounds. */
async function perNote(ctx: BenchContext, umls: CompiledKb, open: CompiledKb): Promise<BenchFigure[]> {
  const cartridge = await loadDefaultCartridgeArtifacts();
  const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir));
  const conceptFlow = [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }];
  // One resources object per knowledge base, as the service keeps one per tenant: annotators compile once
  // per resources object, and a fresh one per note would time their compilation (sized by the knowledge base).
  const resourcesOf = new Map([umls, open].map((kb) => [kb, { kb, artifacts: cartridge.artifacts }]));
  const run = (kb: CompiledKb, standard: boolean) => (text: string): string => JSON.stringify(analyzeRequest({
    containers: [{ text }], annotatorFlows: standard ? cartridge.standardFlow : conceptFlow, profileResolver: (id) => cartridge.profiles[id],
    options: { returnAnalyzedText: false }, resources: resourcesOf.get(kb)!,
  }));
  const figures: BenchFigure[] = [];
  for (const standard of [false, true]) {
    const totals = { umls: 0, open: 0, nUmls: 0, nOpen: 0 };
    for (let round = 0; round < 3; round++) {
      const u = timePasses(notes, run(umls, standard), ROUND_MS, { warmUp: round === 0 });
      const o = timePasses(notes, run(open, standard), ROUND_MS, { warmUp: round === 0 });
      totals.umls += u.wallMs; totals.nUmls += u.sorted.length;
      totals.open += o.wallMs; totals.nOpen += o.sorted.length;
    }
    const name = standard ? 'standard flow' : 'concept_detection';
    const umlsMs = totals.umls / totals.nUmls;
    const openMs = totals.open / totals.nOpen;
    figures.push(
      { name: `${name} ms per note: UMLS-size / open`, value: `${umlsMs.toFixed(2)} / ${openMs.toFixed(2)}` },
      { name: `${name} UMLS-size / open`, value: umlsMs / openMs, unit: 'x', goal: '≤ 1.5' },
    );
  }
  return figures;
}

export const umlsScaleBench: BenchCase = {
  name: 'UMLS-size knowledge base (synthetic release; run with --umls)',
  async run(ctx) {
    if (!ctx.flags.has('--umls')) {
      return [{ name: 'skipped', value: 'pass --umls: writes a 550 MB synthetic release to the temp directory, builds it (minutes, GBs)' }];
    }
    const release = syntheticRelease(ctx);
    const figures: BenchFigure[] = [...release.figures];
    const kbDir = join(release.dir, 'kb');
    if ((await checkKnowledgeBase(kbDir)).state !== 'ok' || ctx.flags.has('--rebuild-kb')) {
      const built = buildInChild(ctx, release.dir, kbDir);
      figures.push(
        { name: 'build (kb build --umls)', value: built.buildMs / 60_000, unit: 'min', goal: '≤ 10 min' },
        { name: 'build peak RSS', value: built.peakRssMiB / 1024, unit: 'GiB', goal: '≤ 6 GiB' },
        { name: 'build report', value: built.report },
      );
    } else figures.push({ name: 'build', value: `${kbDir} kept from an earlier run (--rebuild-kb to measure)` });

    ctx.log('building the service (npm run build)');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ctx.root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('npm run build failed');
    const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir));
    const open = await loadBenchKnowledgeBase(ctx);
    const rss: Record<string, number> = {};
    for (const [label, dir, workers] of [['open', open.dir, 2], ['umls', kbDir, 1], ['umls', kbDir, 2], ['umls', kbDir, 4]] as const) {
      ctx.log(`service on the ${label} knowledge base with ${workers} worker(s)`);
      const service = await startUmlsService(ctx.root, dir, workers, notes);
      await service.stop();
      rss[`${label}:${workers}`] = service.rssMiB;
      figures.push(
        { name: `service on the ${label} KB, ${workers} worker(s): cold start to healthy`, value: service.coldStartMs / 1000, unit: 's', ...(label === 'umls' ? { goal: '≤ 3 s' } : {}) },
        { name: `service on the ${label} KB, ${workers} worker(s): every worker loaded`, value: service.allReadyMs / 1000, unit: 's' },
        { name: `service on the ${label} KB, ${workers} worker(s): RSS after analyses`, value: service.rssMiB, unit: 'MiB', ...(label === 'umls' && workers === 2 ? { goal: '≤ 2,560 MiB' } : label === 'open' ? { goal: '< 600 MiB' } : {}) },
      );
    }
    figures.push({ name: 'UMLS-size: RSS per extra worker (1 → 4 workers)', value: (rss['umls:4']! - rss['umls:1']!) / 3, unit: 'MiB', goal: '≤ 100 MiB' });

    ctx.log('loading the UMLS-size knowledge base in this process for the per-note runs');
    const t0 = Date.now();
    const umls = await loadKnowledgeBase(kbDir);
    figures.push({ name: 'UMLS-size KB load in one process', value: (Date.now() - t0) / 1000, unit: 's' });
    figures.push(...await perNote(ctx, umls, open.kb));
    return figures;
  },
};
