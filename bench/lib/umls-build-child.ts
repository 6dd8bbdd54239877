// Child process of the UMLS-size bench: builds a knowledge base from an RRF release and prints one JSON
// line with its wall time, peak RSS (this process only, so the figure is the builder's) and report line.
import { buildUmlsKnowledgeBase } from '../../src/knowledge/build-umls.js';

const [dir, outDir] = process.argv.slice(2);
if (dir === undefined || outDir === undefined) {
  process.stderr.write('usage: umls-build-child <rrf dir> <out dir>\n');
  process.exit(2);
}
const result = await buildUmlsKnowledgeBase({ dir, outDir, onProgress: (m) => process.stderr.write(`[umls] ${m}\n`) });
process.stdout.write(`${JSON.stringify({ buildMs: result.buildMs, peakRssMiB: process.resourceUsage().maxRSS / 1024, report: result.reportLine })}\n`);
