// Prints what the standard flow of the default cartridge returns for one text (diagnostics):
// `npx tsx eval/lib/show-annotations.ts "text" [layer...]`.
import { loadDefaultCartridgeArtifacts } from '../../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest } from '../../src/engine/analyze.js';
import { ensureKnowledgeBase } from '../../src/knowledge/build-default.js';

const [text, ...layers] = process.argv.slice(2);
if (text === undefined) throw new Error('usage: show-annotations.ts "text" [layer...]');
const kb = await ensureKnowledgeBase('.cache');
const cartridge = await loadDefaultCartridgeArtifacts();
const response = analyzeRequest({
  containers: [{ text: text.replace(/\\n/g, '\n') }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
  options: { returnAnalyzedText: true }, resources: { kb, artifacts: cartridge.artifacts },
});
const data = (response.unstructured[0]?.['data'] ?? {}) as Record<string, Record<string, unknown>[]>;
const drop = new Set(['derivedFrom', 'vocabs', 'loincId', 'snomedConceptId', 'nciCode', 'meshId', 'icd10Code', 'icd9Code', 'source', 'sourceVersion', 'rxNormID', 'type']);
for (const [layer, list] of Object.entries(data)) {
  if (layers.length > 0 && !layers.includes(layer)) continue;
  for (const a of list) {
    const shown = Object.fromEntries(Object.entries(a).filter(([k]) => !drop.has(k)));
    console.log(layer, JSON.stringify(shown));
  }
}
