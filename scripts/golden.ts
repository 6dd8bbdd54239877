// `npm run golden` compares the golden references with fresh output (exit 1 on a difference);
// `npm run golden:accept` (this script with --accept) rewrites them. See test/golden/golden-run.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_DIR, findKnowledgeBase, formatGolden, goldenCases, goldenOutput } from '../test/golden/golden-run.js';

async function main(): Promise<number> {
  const accept = process.argv.includes('--accept');
  const kb = await findKnowledgeBase();
  if (kb === undefined) {
    process.stderr.write('golden: no knowledge base found (set GOLDEN_KB_DIR or DATA_DIR, or run `npm run kb:build`)\n');
    return 2;
  }
  let differing = 0;
  for (const c of goldenCases()) {
    const path = join(REFERENCE_DIR, `${c.name}.json`);
    const fresh = formatGolden(goldenOutput(c.text, kb));
    const old = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (old === fresh) continue;
    differing++;
    if (accept) {
      writeFileSync(path, fresh);
      process.stdout.write(`golden: ${old === undefined ? 'created' : 'updated'} ${c.name}.json\n`);
    } else {
      process.stdout.write(`golden: ${c.name} differs from reference/${c.name}.json (${old === undefined ? 'no reference' : 'changed'})\n`);
    }
  }
  process.stdout.write(`golden: ${goldenCases().length} cases, ${differing} ${accept ? 'written' : 'differing'}\n`);
  return accept || differing === 0 ? 0 : 1;
}

main().then((code) => {
  process.exitCode = code;
}, (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
