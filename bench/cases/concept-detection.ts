// concept_detection throughput on one core: ACI-Bench visit notes cut into 2,000-character notes, the
// default knowledge base, default parameters. Warm-up passes first, then timed passes for at least
// MIN_TIMED_MS. Reports the annotator alone (document already tokenised) and document creation + annotator.
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { chunkTexts, loadAciBenchNotes, NOTE_CHARS } from '../lib/notes.js';
import { cpuMs, nowMs, percentile } from '../lib/timing.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { conceptDetection } from '../../src/engine/annotators/concept-detection/concept-detection.js';
import { createDocument } from '../../src/engine/create-document.js';
import { parseAnnotatorParams } from '../../src/engine/params.js';
import { NO_ARTIFACTS, type EngineResources } from '../../src/engine/resources.js';
import type { Document } from '../../src/engine/document.js';

const WARMUP_PASSES = 3;
const MIN_TIMED_MS = 3000;

export const conceptDetectionBench: BenchCase = {
  name: 'concept_detection (one core, ACI-Bench notes)',
  async run(ctx) {
    const { kb } = await loadBenchKnowledgeBase(ctx);
    const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir));
    const chars = notes.reduce((n, t) => n + t.length, 0);
    const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
    const compiled = conceptDetection.init(resources);
    const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, {});
    const runCtx = { resources, configurations: [] };
    const docs: Document[] = notes.map(createDocument);

    let concepts = 0;
    for (let pass = 0; pass < WARMUP_PASSES; pass++) {
      concepts = 0;
      for (const doc of docs) concepts += conceptDetection.run(doc, params, compiled, runCtx).add?.concepts?.length ?? 0;
    }
    ctx.log(`${notes.length} notes, ${chars} characters, warm-up done`);

    // Annotator alone, per note (for percentiles) over as many passes as fit in MIN_TIMED_MS.
    const perNote: number[] = [];
    let annotatorMs = 0;
    let passes = 0;
    const cpuStart = cpuMs();
    while (annotatorMs < MIN_TIMED_MS) {
      // Fresh Document objects per pass (same tokens): KB matches are memoised per Document
      // (src/engine/document-matches.ts), and a repeated run on one Document would only read that memo.
      for (const doc of docs.map((d) => ({ ...d, layers: new Map(), derived: new Map() }))) {
        const t0 = nowMs();
        conceptDetection.run(doc, params, compiled, runCtx);
        const dt = nowMs() - t0;
        perNote.push(dt);
        annotatorMs += dt;
      }
      passes++;
    }
    const annotatorCpuMs = cpuMs() - cpuStart;
    perNote.sort((a, b) => a - b);

    // The knowledge-base matcher alone (src/knowledge/matcher.ts), to separate it from the annotator's own work.
    const matcherPerNote: number[] = [];
    for (let pass = 0; pass < Math.max(3, Math.ceil(passes / 2)); pass++) {
      for (const doc of docs) {
        const t0 = nowMs();
        compiled.longest.match(doc.text, doc.tokens);
        matcherPerNote.push(nowMs() - t0);
      }
    }
    matcherPerNote.sort((a, b) => a - b);
    const matcherMean = matcherPerNote.reduce((a, b) => a + b, 0) / matcherPerNote.length;

    // createDocument (tokens, sentences) + annotator.
    let fullMs = 0;
    let fullPasses = 0;
    const fullCpuStart = cpuMs();
    while (fullMs < MIN_TIMED_MS) {
      const t0 = nowMs();
      for (const text of notes) conceptDetection.run(createDocument(text), params, compiled, runCtx);
      fullMs += nowMs() - t0;
      fullPasses++;
    }
    const fullCpuMs = cpuMs() - fullCpuStart;

    const annotatorPerNote = annotatorMs / (passes * notes.length);
    const per2000 = (ms: number, n: number): number => ms / n / (chars / NOTE_CHARS);
    const figures: BenchFigure[] = [
      { name: 'notes (≤ 2,000 chars)', value: notes.length },
      { name: 'characters', value: chars },
      { name: 'concepts per note', value: concepts / notes.length },
      { name: 'annotator: wall ms per note (mean)', value: annotatorPerNote, unit: 'ms', goal: '< 0.5 ms' },
      { name: 'annotator: CPU ms per 2,000 chars', value: per2000(annotatorCpuMs, passes), unit: 'ms', goal: '< 0.5 ms' },
      { name: 'annotator: wall ms per 2,000 chars', value: per2000(annotatorMs, passes), unit: 'ms', goal: '< 0.5 ms' },
      { name: 'annotator: p50 / p95 / max ms', value: `${percentile(perNote, 50).toFixed(3)} / ${percentile(perNote, 95).toFixed(3)} / ${perNote[perNote.length - 1]!.toFixed(3)} ms` },
      { name: 'annotator: ms per 2,000 chars at p50', value: (percentile(perNote, 50) * NOTE_CHARS) / (chars / notes.length), unit: 'ms', goal: '< 0.5 ms' },
      { name: 'matcher alone: mean / p50 ms per note', value: `${matcherMean.toFixed(3)} / ${percentile(matcherPerNote, 50).toFixed(3)} ms` },
      { name: 'annotator: characters per CPU second', value: (chars * passes) / (annotatorCpuMs / 1000), unit: 'chars/s' },
      { name: 'annotator: characters per wall second', value: (chars * passes) / (annotatorMs / 1000), unit: 'chars/s' },
      { name: 'document + annotator: CPU ms per 2,000 chars', value: per2000(fullCpuMs, fullPasses), unit: 'ms' },
      { name: 'document + annotator: wall ms per 2,000 chars', value: per2000(fullMs, fullPasses), unit: 'ms' },
      { name: 'document + annotator: characters per CPU second', value: (chars * fullPasses) / (fullCpuMs / 1000), unit: 'chars/s' },
      { name: 'timed passes (annotator / full)', value: `${passes} / ${fullPasses}` },
    ];
    return figures;
  },
};
