// The whole analysis path on one core for the context flow of the analysis issue: section,
// concept_detection, negation and hypothetical over ACI-Bench notes cut to 2,000 characters, through
// analyzeRequest (document creation, pipeline, serialisation to the wire shape, JSON text).
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { chunkTexts, loadAciBenchNotes, NOTE_CHARS } from '../lib/notes.js';
import { percentile, timePasses, timeUnseen } from '../lib/timing.js';
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
    // Never-seen notes first (warm-up on the other half), then repeated passes over all notes.
    const u = timeUnseen(notes, analyze, MIN_TIMED_MS);
    const t = timePasses(notes, analyze, MIN_TIMED_MS);
    const n = t.sorted.length;
    const figures: BenchFigure[] = [
      { name: 'notes (2,000 chars)', value: notes.length },
      { name: 'ms per note (mean, wall)', value: t.wallMs / n, unit: 'ms', goal: '< 1 ms' },
      { name: 'ms per note (mean, CPU)', value: t.cpuMs / n, unit: 'ms' },
      { name: 'ms per note p50', value: percentile(t.sorted, 50), unit: 'ms' },
      { name: 'ms per note p99', value: percentile(t.sorted, 99), unit: 'ms' },
      { name: 'ms per unseen note (mean, wall)', value: u.wallMs / u.sorted.length, unit: 'ms' },
      { name: 'characters per second', value: ((t.passes * notes.reduce((n, note) => n + note.length, 0)) / t.wallMs) * 1000, unit: 'chars/s' },
      { name: 'note size', value: NOTE_CHARS, unit: 'chars' },
    ];
    return figures;
  },
};
