// Per-annotator time of the default cartridge's standard flow (or the context flow with --context):
// `npx tsx bench/step-profile.ts [--context] [--unseen]`. A diagnostic for optimisation work, not a bench
// case. By default it repeats passes over all notes for 6 s (memos warm); with --unseen it warms up on the
// even-numbered notes and times each odd-numbered note once, as a service meets notes it has never seen.
import { join } from 'node:path';
import { loadDefaultCartridgeArtifacts } from '../src/cartridge/default-cartridge-artifacts.js';
import { createDocument } from '../src/engine/create-document.js';
import { applyResult, compiledState, compilePipeline } from '../src/engine/pipeline.js';
import { loadKnowledgeBase } from '../src/knowledge/loader.js';
import { chunkTexts, loadAciBenchNotes } from './lib/notes.js';
import { seenAndUnseen, warmUpOn } from './lib/timing.js';
import { CONTEXT_FLOW } from './cases/analysis-flow.js';
import { NO_ARTIFACTS } from '../src/engine/resources.js';

const kb = await loadKnowledgeBase(join(process.cwd(), '.cache/kb'));
const context = process.argv.includes('--context');
const cartridge = await loadDefaultCartridgeArtifacts();
const resources = context ? { kb, artifacts: NO_ARTIFACTS } : { kb, artifacts: cartridge.artifacts };
const flows = context ? CONTEXT_FLOW : cartridge.standardFlow;
const profile = context ? undefined : Object.values(cartridge.profiles)[0];
const pipeline = compilePipeline(flows[0]!.flow, profile);
const notes = chunkTexts(loadAciBenchNotes(process.env.EVAL_DIR ?? join(process.cwd(), '..', 'shared', 'eval')));
const unseen = process.argv.includes('--unseen');
// Each annotator's per-knowledge-base state (the spell checker's delete index takes ~1 s) is built before
// timing, as the bench cases do, so that it is not spread over the timed notes.
for (const step of pipeline.steps) compiledState(step.annotator, resources);
let times = new Map<string, number>();
const add = (k: string, ms: number): void => { times.set(k, (times.get(k) ?? 0) + ms); };
let runs = 0;
const halves = seenAndUnseen(notes);
const timed = unseen ? halves.unseen : notes;
if (unseen) {
  warmUpOn(halves.seen, analyse, 4000);
  times = new Map();
  runs = 0;
}
const end = performance.now() + 6000;
do for (const text of timed) analyse(text); while (!unseen && performance.now() < end);

function analyse(text: string): void {
  let t = performance.now();
  const doc = createDocument(text);
  add('createDocument', performance.now() - t);
  for (const step of pipeline.steps) {
    t = performance.now();
    const compiled = compiledState(step.annotator, resources);
    const result = step.annotator.run(doc, step.params, compiled, { resources, configurations: step.configurations });
    applyResult(doc, result);
    add(step.annotator.id, performance.now() - t);
  }
  runs++;
}

let total = 0;
for (const v of times.values()) total += v;
for (const [k, v] of [...times].sort((a, b) => b[1] - a[1])) console.log(`${k.padEnd(24)} ${(v / runs).toFixed(3)} ms  ${(100 * v / total).toFixed(1)}%`);
console.log(`total ${(total / runs).toFixed(3)} ms per note over ${runs} notes`);
