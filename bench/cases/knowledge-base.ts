// Knowledge base: build time (only when this run builds it), load time, and memory after loading.
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { mib } from '../lib/timing.js';

export const knowledgeBaseBench: BenchCase = {
  name: 'knowledge base (default open KB)',
  async run(ctx) {
    const k = await loadBenchKnowledgeBase(ctx);
    const figures: BenchFigure[] = [
      { name: 'knowledge base', value: `${k.kb.info.name} ${k.kb.info.sourceVersion} (${k.kb.info.buildId})` },
      { name: 'concepts', value: k.kb.conceptCount },
      { name: 'terms', value: k.kb.info.termCount },
      { name: 'build time', value: k.buildMs === undefined ? 'not built in this run (cached; --rebuild-kb to measure)' : `${(k.buildMs / 1000).toFixed(1)} s` },
      ...(k.buildReport === undefined ? [] : [{ name: 'build report', value: k.buildReport }]),
      { name: 'load time', value: k.loadMs, unit: 'ms' },
      { name: 'RSS before load', value: mib(k.rssBeforeLoad), unit: 'MiB' },
      { name: k.buildMs === undefined ? 'RSS after load' : 'RSS after load (same process as the build)', value: mib(k.rssAfterLoad), unit: 'MiB' },
      { name: 'heap used after load', value: mib(k.heapUsedAfterLoad), unit: 'MiB' },
      { name: 'external + array buffers after load', value: mib(k.externalAfterLoad), unit: 'MiB' },
    ];
    return figures;
  },
};
