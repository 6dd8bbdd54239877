// The whole analysis path on one core for the context flow of the analysis issue: section,
// concept_detection, negation and hypothetical over ACI-Bench notes cut to 2,000 characters, through
// analyzeRequest (document creation, pipeline, serialisation to the wire shape, JSON text).
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { chunkTexts, loadAciBenchNotes, NOTE_CHARS } from '../lib/notes.js';
import { cpuMs, nowMs, percentile } from '../lib/timing.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { analyzeRequest } from '../../src/engine/analyze.js';
import type { AcdAnnotatorFlow } from '../../src/engine/flow-types.js';
import { NO_ARTIFACTS, type EngineResources } from '../../src/engine/resources.js';

const MIN_TIMED_MS = 3000;

export const CONTEXT_FLOW: readonly AcdAnnotatorFlow[] = [{
  flow: { elements: ['section', 'concept_detection', 'negation', 'hypothetical'].map((name) => ({ annotator: { name } })), async: false },
}];

export const analysisFlowBench: BenchCase = {
  name: 'analysis: section + concept_detection + negation + hypothetical (one core)',
  async run(ctx) {
    const { kb } = await loadBenchKnowledgeBase(ctx);
    const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir));
    const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
    const analyze = (text: string): string => JSON.stringify(analyzeRequest({
      containers: [{ text }], annotatorFlows: CONTEXT_FLOW, profileResolver: () => undefined,
      options: { returnAnalyzedText: false }, resources,
    }));
    for (let pass = 0; pass < 3; pass++) for (const note of notes) analyze(note);
    const perNote: number[] = [];
    let total = 0;
    const cpuStart = cpuMs();
    while (total < MIN_TIMED_MS) {
      for (const note of notes) {
        const t0 = nowMs();
        analyze(note);
        const dt = nowMs() - t0;
        perNote.push(dt);
        total += dt;
      }
    }
    const cpu = cpuMs() - cpuStart;
    perNote.sort((a, b) => a - b);
    const chars = notes.reduce((n, t) => n + t.length, 0) * (perNote.length / notes.length);
    const figures: BenchFigure[] = [
      { name: 'notes (2,000 chars)', value: notes.length },
      { name: 'ms per note (mean, wall)', value: total / perNote.length, unit: 'ms', goal: '< 1 ms' },
      { name: 'ms per note (mean, CPU)', value: cpu / perNote.length, unit: 'ms' },
      { name: 'ms per note p50', value: percentile(perNote, 50), unit: 'ms' },
      { name: 'ms per note p99', value: percentile(perNote, 99), unit: 'ms' },
      { name: 'characters per second', value: (chars / total) * 1000, unit: 'chars/s' },
      { name: 'note size', value: NOTE_CHARS, unit: 'chars' },
    ];
    return figures;
  },
};
