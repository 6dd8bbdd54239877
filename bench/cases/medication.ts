// medication (and allergy) throughput on one core: ACI-Bench visit notes cut into 2,000-character notes, the
// default knowledge base, default parameters. Warm-up passes first, then timed passes for at least
// MIN_TIMED_MS. Reports the annotator alone (document already tokenised), the drug finder alone (knowledge-base
// matcher + aliases) to separate it from the signature scanners, and the allergy annotator.
import type { BenchCase, BenchFigure } from '../bench-case.js';
import { chunkTexts, loadAciBenchNotes, NOTE_CHARS } from '../lib/notes.js';
import { nowMs, percentile, timePasses } from '../lib/timing.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { medicationAnnotator } from '../../src/engine/annotators/medication/medication.js';
import { findDrugs } from '../../src/engine/annotators/medication/drug-finder.js';
import { allergyAnnotator } from '../../src/engine/annotators/allergy/allergy.js';
import { createDocument } from '../../src/engine/create-document.js';
import { parseAnnotatorParams } from '../../src/engine/params.js';
import { NO_ARTIFACTS, type EngineResources } from '../../src/engine/resources.js';
import type { Document } from '../../src/engine/document.js';

const WARMUP_PASSES = 3;
const MIN_TIMED_MS = 3000;

/** Per-doc times sorted ascending, total ms and passes, over at least MIN_TIMED_MS (warm-up is done by the caller). */
function timeDocs(docs: readonly Document[], fn: (doc: Document) => void): { perDoc: readonly number[]; totalMs: number; passes: number } {
  const t = timePasses(docs, fn, MIN_TIMED_MS, { warmUp: false });
  return { perDoc: t.sorted, totalMs: t.wallMs, passes: t.passes };
}

export const medicationBench: BenchCase = {
  name: 'medication and allergy (one core, ACI-Bench notes)',
  async run(ctx) {
    const { kb } = await loadBenchKnowledgeBase(ctx);
    const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir));
    const chars = notes.reduce((n, t) => n + t.length, 0);
    const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
    const t0 = nowMs();
    const compiled = medicationAnnotator.init(resources);
    const initMs = nowMs() - t0;
    const allergyCompiled = allergyAnnotator.init(resources);
    const { params } = parseAnnotatorParams(medicationAnnotator.id, medicationAnnotator.params, {});
    const { params: allergyParams } = parseAnnotatorParams(allergyAnnotator.id, allergyAnnotator.params, {});
    const runCtx = { resources, configurations: [] };
    const docs: Document[] = notes.map(createDocument);

    let medications = 0;
    let allergies = 0;
    for (let pass = 0; pass < WARMUP_PASSES; pass++) {
      medications = 0;
      allergies = 0;
      for (const doc of docs) {
        medications += medicationAnnotator.run(doc, params, compiled, runCtx).add?.MedicationInd?.length ?? 0;
        allergies += allergyAnnotator.run(doc, allergyParams, allergyCompiled, runCtx).add?.AllergyInd?.length ?? 0;
      }
    }
    ctx.log(`${notes.length} notes, ${chars} characters, warm-up done`);

    const annotator = timeDocs(docs, (doc) => medicationAnnotator.run(doc, params, compiled, runCtx));
    const finder = timeDocs(docs, (doc) => findDrugs(doc, compiled.drugs, { builtIn: true, dictionaries: [] }));
    const allergy = timeDocs(docs, (doc) => allergyAnnotator.run(doc, allergyParams, allergyCompiled, runCtx));

    const per2000 = (t: { totalMs: number; passes: number }): number => t.totalMs / t.passes / (chars / NOTE_CHARS);
    const mean = (t: { totalMs: number; passes: number }): number => t.totalMs / (t.passes * notes.length);
    const figures: BenchFigure[] = [
      { name: 'notes (≤ 2,000 chars)', value: notes.length },
      { name: 'characters', value: chars },
      { name: 'init (lexicons, aliases, tries)', value: initMs, unit: 'ms' },
      { name: 'medications per note', value: medications / notes.length },
      { name: 'allergy statements per note', value: allergies / notes.length },
      { name: 'medication: ms per note (mean)', value: mean(annotator), unit: 'ms' },
      { name: 'medication: ms per 2,000 chars', value: per2000(annotator), unit: 'ms', goal: '< 0.5 ms' },
      { name: 'medication: p50 / p95 / max ms', value: `${percentile(annotator.perDoc, 50).toFixed(3)} / ${percentile(annotator.perDoc, 95).toFixed(3)} / ${annotator.perDoc[annotator.perDoc.length - 1]!.toFixed(3)} ms` },
      { name: 'drug finder alone: ms per 2,000 chars', value: per2000(finder), unit: 'ms' },
      { name: 'allergy: ms per 2,000 chars', value: per2000(allergy), unit: 'ms' },
      { name: 'medication: characters per second', value: (chars * annotator.passes) / (annotator.totalMs / 1000), unit: 'chars/s' },
      { name: 'timed passes (medication / finder / allergy)', value: `${annotator.passes} / ${finder.passes} / ${allergy.passes}` },
    ];
    return figures;
  },
};
