// SHA-256 of the JSON responses of every bench note through the context flow and the default cartridge's
// standard flow: `npx tsx bench/output-digest.ts [kb-dir]`. A speed change must leave both digests as they
// were (run it in a checkout of the base commit and in the working tree, against the same knowledge base).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { loadDefaultCartridgeArtifacts } from '../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest } from '../src/engine/analyze.js';
import type { AcdAnnotatorFlow } from '../src/engine/flow-types.js';
import { NO_ARTIFACTS, type EngineResources } from '../src/engine/resources.js';
import { loadKnowledgeBase } from '../src/knowledge/loader.js';
import { CONTEXT_FLOW } from './cases/analysis-flow.js';
import { chunkTexts, loadAciBenchNotes } from './lib/notes.js';

const kb = await loadKnowledgeBase(process.argv[2] ?? join(process.cwd(), '.cache/kb'));
const notes = chunkTexts(loadAciBenchNotes(process.env.EVAL_DIR ?? join(process.cwd(), '..', 'shared', 'eval')));
const cartridge = await loadDefaultCartridgeArtifacts();

function digest(name: string, flows: readonly AcdAnnotatorFlow[], resources: EngineResources): void {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const text of notes) {
    const json = JSON.stringify(analyzeRequest({
      containers: [{ text }], annotatorFlows: flows, profileResolver: (id) => cartridge.profiles[id],
      options: { returnAnalyzedText: false }, resources,
    }));
    hash.update(json);
    bytes += json.length;
  }
  console.log(`${name.padEnd(14)} ${hash.digest('hex')}  ${notes.length} notes, ${(bytes / notes.length).toFixed(0)} chars per response`);
}

digest('context flow', CONTEXT_FLOW, { kb, artifacts: NO_ARTIFACTS });
digest('standard flow', cartridge.standardFlow, { kb, artifacts: cartridge.artifacts });
