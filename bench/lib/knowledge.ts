// The default knowledge base for bench cases, built once per run when missing (or with --rebuild-kb) and
// loaded once; build and load are timed separately, and memory is read right after the load.
import type { BenchContext } from '../bench-case.js';
import { buildDefaultKnowledgeBase, knowledgeBaseDir } from '../../src/knowledge/build-default.js';
import type { CompiledKb } from '../../src/knowledge/compiled-kb.js';
import { checkKnowledgeBase, loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { timeAsync } from './timing.js';

export interface BenchKnowledge {
  readonly kb: CompiledKb;
  readonly dir: string;
  /** Set when this run built the knowledge base. */
  readonly buildMs?: number;
  readonly buildReport?: string;
  readonly loadMs: number;
  readonly rssBeforeLoad: number;
  readonly rssAfterLoad: number;
  readonly heapUsedAfterLoad: number;
  readonly externalAfterLoad: number;
}

export function loadBenchKnowledgeBase(ctx: BenchContext): Promise<BenchKnowledge> {
  return ctx.shared('default-kb', async () => {
    const dir = knowledgeBaseDir(ctx.cacheDir);
    const status = await checkKnowledgeBase(dir);
    let buildMs: number | undefined;
    let buildReport: string | undefined;
    if (status.state !== 'ok' || ctx.flags.has('--rebuild-kb')) {
      ctx.log(`building the default knowledge base into ${dir} (${status.state === 'ok' ? 'forced' : status.reason})`);
      const built = await timeAsync(() => buildDefaultKnowledgeBase({ outDir: dir, onProgress: ctx.log }));
      buildMs = built.ms;
      buildReport = built.value.reportLine;
    }
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const rssBeforeLoad = process.memoryUsage().rss;
    const loaded = await timeAsync(() => loadKnowledgeBase(dir));
    gc?.();
    const mem = process.memoryUsage();
    return {
      kb: loaded.value,
      dir,
      ...(buildMs === undefined ? {} : { buildMs }),
      ...(buildReport === undefined ? {} : { buildReport }),
      loadMs: loaded.ms,
      rssBeforeLoad,
      rssAfterLoad: mem.rss,
      heapUsedAfterLoad: mem.heapUsed,
      externalAfterLoad: mem.external + mem.arrayBuffers,
    };
  });
}
