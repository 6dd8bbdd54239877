// Held-out tuning of the concept normalisation on the TRAINING files only (the dev files stay untouched until a
// change is confirmed): the training documents are split in two halves by position (even / odd); a knowledge
// base is built whose supervised lexicon learns from the even half only, and the concept evaluation scores it
// on the odd half (put where the evaluation expects the dev files, so its "dev" rows are the held-out half).
//
//   npx tsx eval/lib/train-split.ts build .cache/kb-split     # writes .cache/train-split/{corpora,eval}, builds
//   npx tsx eval/lib/train-split.ts eval .cache/kb-split      # scores the held-out half
//   (--swapped on both: the odd half learns, the even half is held out, in .cache/train-split-swapped: a second,
//   disjoint held-out sample to confirm a change on)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildDefaultKnowledgeBase, DEFAULT_KB_VERSION } from '../../src/knowledge/build-default.js';
import { loadManifest } from '../../src/knowledge/fetch-sources.js';
import { checkKnowledgeBase } from '../../src/knowledge/loader.js';
import { loadDefaultStopList } from '../../src/knowledge/stoplist.js';
import { CORPUS_LEXICON_FILES } from '../../src/knowledge/builders/corpus-lexicon.js';
import { CORPORA, DEFAULT_EVAL_DIR, runConceptEval } from '../concepts-eval.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SPLIT_DIR = join(repoRoot, '.cache', 'train-split');

/** PubTator documents as raw blocks (separated by blank lines). */
export function pubTatorBlocks(text: string): string[] {
  return text.split(/\r?\n\s*\r?\n/).map((b) => b.trim()).filter((b) => b !== '');
}

/** Even-position documents learn, odd-position documents are held out (`swapped`: the other way round). */
export function splitHalves(text: string, swapped = false): { learn: string; heldOut: string } {
  const blocks = pubTatorBlocks(text);
  const pick = (parity: number): string => `${blocks.filter((_, i) => i % 2 === parity).join('\n\n')}\n\n`;
  return swapped ? { learn: pick(1), heldOut: pick(0) } : { learn: pick(0), heldOut: pick(1) };
}

/** Writes `<root>/corpora` (learning halves, at the training paths) and `<root>/eval` (held-out halves at the dev paths). */
export function writeSplit(evalDir = DEFAULT_EVAL_DIR, root = SPLIT_DIR, swapped = false): void {
  for (const file of CORPUS_LEXICON_FILES) {
    const { learn, heldOut } = splitHalves(readFileSync(join(evalDir, file.path), 'utf8'), swapped);
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    };
    write(join(root, 'corpora', file.path), learn);
    write(join(root, 'eval', file.path), learn);
    const dev = CORPORA.find((c) => c.name.includes('dev') && c.file.split('/')[0] === file.path.split('/')[0]);
    if (dev !== undefined) write(join(root, 'eval', dev.file), heldOut);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  // --swapped: the odd half learns and the even half is held out (a second, disjoint held-out sample).
  const swapped = args.includes('--swapped');
  const [command, kbDirArg] = args.filter((a) => a !== '--swapped');
  const kbDir = resolve(kbDirArg ?? join(repoRoot, '.cache', 'kb-split'));
  const splitDir = swapped ? `${SPLIT_DIR}-swapped` : SPLIT_DIR;
  if (command === 'build') {
    writeSplit(DEFAULT_EVAL_DIR, splitDir, swapped);
    const result = await buildDefaultKnowledgeBase({ outDir: kbDir, corporaDirOverride: join(splitDir, 'corpora'), onProgress: (m) => process.stderr.write(`[kb] ${m}\n`) });
    console.log(result.reportLine);
  } else if (command === 'eval') {
    // The evaluation builds a missing or stale knowledge base itself, but from the FULL training files: a split
    // built by older code must be rebuilt here instead, or the held-out rows would silently be seen ones.
    const status = await checkKnowledgeBase(kbDir);
    const reason = status.state !== 'ok' ? status.reason
      : status.header.info.version !== DEFAULT_KB_VERSION ? `builder version ${status.header.info.version}, expected ${DEFAULT_KB_VERSION}`
      : status.header.info.sourceVersion !== loadManifest().version ? `sources ${status.header.info.sourceVersion}, expected ${loadManifest().version}`
      : status.header.stoplistVersion !== loadDefaultStopList().version ? `stop-list ${status.header.stoplistVersion}, expected ${loadDefaultStopList().version}`
      : undefined;
    if (reason !== undefined) {
      console.error(`${kbDir}: ${reason}; rebuild it with: tsx eval/lib/train-split.ts build ${kbDirArg ?? kbDir}${swapped ? ' --swapped' : ''}`);
      process.exit(2);
    }
    const { text } = await runConceptEval({ evalDir: join(splitDir, 'eval'), kbDir, corpora: ['dev'] });
    console.log(text.replace(/ dev\b/g, ' held-out half'));
  } else {
    console.error('usage: tsx eval/lib/train-split.ts build|eval <kbDir> [--swapped]');
    process.exitCode = 2;
  }
}
