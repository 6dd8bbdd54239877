// Child process of the UMLS-size bench: builds a knowledge base (and its spell tables) from an RRF release and prints one JSON
// line with its wall time, peak RSS (this process only, so the figure is the builder's) and report line.
import { writeSpellTablesOf } from '../../src/engine/annotators/spell-checker/spell-tables.js';
import { buildUmlsKnowledgeBase } from '../../src/knowledge/build-umls.js';

const [dir, outDir] = process.argv.slice(2);
if (dir === undefined || outDir === undefined) {
  process.stderr.write('usage: umls-build-child <rrf dir> <out dir>\n');
  process.exit(2);
}
const result = await buildUmlsKnowledgeBase({ dir, outDir, onProgress: (m) => process.stderr.write(`[umls] ${m}\n`) });
// As `kb build` does: the spell checker's tables beside the build (the service reads them for every worker).
writeSpellTablesOf(result.kb, outDir);
process.stdout.write(`${JSON.stringify({ buildMs: result.buildMs, peakRssMiB: process.resourceUsage().maxRSS / 1024, report: result.reportLine })}\n`);
