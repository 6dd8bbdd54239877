// Memory of a deployed dictionary cartridge per analysis worker (issue 23: "the same for deployed cartridge
// dictionaries"): for 1, 2 and 4 workers, a child process (bench/lib/cartridge-memory-child.ts, the compiled
// JavaScript the service runs) starts the analysis service on the default knowledge base, deploys a
// BENCH_CARTRIDGE_MEMORY_TERMS-term dictionary cartridge (default 200,000) with the deployment job, and has every
// worker analyse with it. The figures: the process RSS the cartridge adds, and what each extra worker adds to it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';

const TERMS = Number(process.env.BENCH_CARTRIDGE_MEMORY_TERMS ?? 200_000);

interface ChildFigures { readonly beforeMiB: number; readonly afterMiB: number; readonly deployMs: number; readonly analysesMs: number }

export const cartridgeMemoryBench: BenchCase = {
  name: `cartridge memory per worker (${TERMS.toLocaleString('en-US')}-term dictionary cartridge)`,
  async run(ctx) {
    const { dir } = await loadBenchKnowledgeBase(ctx);
    const child = fileURLToPath(new URL('../lib/cartridge-memory-child.js', import.meta.url));
    const figures: BenchFigure[] = [];
    const added: Record<number, number> = {};
    for (const workers of [1, 2, 4]) {
      ctx.log(`${workers} worker(s): deploying the cartridge and analysing with it (child process)`);
      const run = spawnSync(process.execPath, [child, dir, String(workers), String(TERMS)], { cwd: ctx.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
      if (run.status !== 0) throw new Error(`the cartridge-memory child failed (exit ${run.status ?? run.signal})`);
      const f = JSON.parse(run.stdout.trim().split('\n').pop()!) as ChildFigures;
      added[workers] = f.afterMiB - f.beforeMiB;
      figures.push(
        { name: `${workers} worker(s): RSS before the cartridge / with it`, value: `${f.beforeMiB.toFixed(0)} / ${f.afterMiB.toFixed(0)} MiB` },
        { name: `${workers} worker(s): RSS the cartridge adds`, value: added[workers]!, unit: 'MiB' },
        { name: `${workers} worker(s): deployment job (prepares every worker) / ${workers * 12} analyses with it`, value: `${(f.deployMs / 1000).toFixed(1)} s / ${(f.analysesMs / 1000).toFixed(1)} s` },
      );
    }
    figures.push({ name: 'RSS the cartridge adds per extra worker (1 → 4 workers)', value: (added[4]! - added[1]!) / 3, unit: 'MiB' });
    return figures;
  },
};
