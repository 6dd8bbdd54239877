// The cost of FHIR output (issue 22): the standard flow of the default cartridge on one core over the
// ACI-Bench notes cut to 2,000 characters, answered as the ACD JSON and as a FHIR R4 Bundle, measured in
// alternating rounds in one process (the host's speed drifts); and the mapping alone on precomputed responses.
import type { BenchCase } from '../bench-case.js';
import { chunkTexts, loadAciBenchNotes } from '../lib/notes.js';
import { timePasses } from '../lib/timing.js';
import { loadBenchKnowledgeBase } from '../lib/knowledge.js';
import { loadDefaultCartridgeArtifacts } from '../../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest, type AnalyzeResponse } from '../../src/engine/analyze.js';
import { fhirResponseOf } from '../../src/fhir/fhir-bundle.js';
import { parseFhirOptions } from '../../src/fhir/fhir-options.js';

const ROUND_MS = 2500;
const ROUNDS = 3;

export const fhirOutputBench: BenchCase = {
  name: 'FHIR R4 output against the ACD JSON (standard flow, one core)',
  async run(ctx) {
    const { kb } = await loadBenchKnowledgeBase(ctx);
    const cartridge = await loadDefaultCartridgeArtifacts();
    const resources = { kb, artifacts: cartridge.artifacts };
    const notes = chunkTexts(loadAciBenchNotes(ctx.evalDir));
    const options = parseFhirOptions({ subject: 'Patient/bench' });
    const analyse = (text: string): AnalyzeResponse => analyzeRequest({
      containers: [{ text }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
      options: { returnAnalyzedText: false }, resources,
    });
    const acd = (text: string): string => JSON.stringify(analyse(text));
    const fhir = (text: string): string => JSON.stringify(fhirResponseOf([{ text }], analyse(text).unstructured, options));
    acd('Patient denies fever.');
    fhir('Patient denies fever.');
    let acdMs = 0;
    let fhirMs = 0;
    let acdCount = 0;
    let fhirCount = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const a = timePasses(notes, acd, ROUND_MS, { warmUp: round === 0 });
      const f = timePasses(notes, fhir, ROUND_MS, { warmUp: round === 0 });
      acdMs += a.wallMs; acdCount += a.sorted.length;
      fhirMs += f.wallMs; fhirCount += f.sorted.length;
    }
    // The mapping alone (statements, resources, JSON text) on responses computed once.
    const responses = notes.map((text) => ({ text, unstructured: analyse(text).unstructured }));
    const mapping = timePasses(responses, (r) => JSON.stringify(fhirResponseOf([{ text: r.text }], r.unstructured, options)), ROUND_MS);
    const acdText = timePasses(responses, (r) => JSON.stringify({ unstructured: r.unstructured }), ROUND_MS);
    const sizes = responses.map((r) => [JSON.stringify({ unstructured: r.unstructured }).length, JSON.stringify(fhirResponseOf([{ text: r.text }], r.unstructured, options)).length]);
    const bytes = sizes.reduce((s, [a, f]) => [s[0]! + a!, s[1]! + f!], [0, 0]);
    return [
      { name: 'notes (≤ 2,000 chars)', value: notes.length },
      { name: 'ms per note, standard flow + ACD JSON (alternating rounds)', value: acdMs / acdCount, unit: 'ms' },
      { name: 'ms per note, standard flow + FHIR Bundle (alternating rounds)', value: fhirMs / fhirCount, unit: 'ms' },
      { name: 'FHIR / ACD time per note', value: (fhirMs / fhirCount) / (acdMs / acdCount), unit: 'x' },
      { name: 'ms per note, FHIR mapping + its JSON text alone', value: mapping.wallMs / mapping.sorted.length, unit: 'ms' },
      { name: 'ms per note, ACD JSON text alone', value: acdText.wallMs / acdText.sorted.length, unit: 'ms' },
      { name: 'response size FHIR / ACD (characters)', value: bytes[1]! / bytes[0]!, unit: 'x' },
    ];
  },
};
