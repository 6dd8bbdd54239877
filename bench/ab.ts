// `npm run bench:ab -- --base <git ref> [--rounds N] [--flow standard|concepts]`: an A/B timing of the code at
// <ref> against this checkout, in one process, over the same notes (ACI-Bench cut to 2,000 characters), in
// alternating rounds (A B, B A, ...), so the host's drift between runs and sessions falls on both sides alike.
// The base is checked out as a detached git worktree in .cache/ab/<sha> (node_modules linked to this one's),
// with its own knowledge base built by its own code from the same offline mirror (../shared/vocab or KB_MIRROR).
// Each side runs through its own analyzeRequest with its own default cartridge; figures are CPU ms per note.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chunkTexts, loadAciBenchNotes } from './lib/notes.js';
import { cpuMs } from './lib/timing.js';
import { describeMachine } from './lib/machine.js';

const root = resolve(new URL('..', import.meta.url).pathname);
const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const baseRef = flag('--base');
if (baseRef === undefined) {
  console.error('usage: npm run bench:ab -- --base <git ref> [--rounds N] [--flow standard|concepts]');
  process.exit(2);
}
const rounds = Number(flag('--rounds') ?? '6');
const flowName = flag('--flow') ?? 'standard';
if (!Number.isInteger(rounds) || rounds < 1 || (flowName !== 'standard' && flowName !== 'concepts')) {
  console.error('--rounds must be a positive integer and --flow standard or concepts');
  process.exit(2);
}
const evalDir = resolve(process.env.EVAL_DIR ?? join(root, '..', 'shared', 'eval'));
const mirrorEnv = {
  ...process.env,
  KB_MIRROR: process.env.KB_MIRROR ?? join(root, '..', 'shared', 'vocab'),
  KB_CORPORA_MIRROR: process.env.KB_CORPORA_MIRROR ?? evalDir,
};

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

/** A detached worktree of the base commit, with node_modules linked and its knowledge base built. */
function prepareTree(dir: string, sha?: string): void {
  if (sha !== undefined && !existsSync(join(dir, 'package.json'))) {
    mkdirSync(join(root, '.cache', 'ab'), { recursive: true });
    git('worktree', 'add', '--detach', dir, sha);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  }
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const built = spawnSync(process.execPath, [tsx, 'src/cli/main.ts', 'kb', 'ensure', '--out', '.cache/kb'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env: mirrorEnv });
  if (built.status !== 0) throw new Error(`kb ensure failed in ${dir}`);
}

type Analyze = (text: string) => string;

async function loadSide(dir: string): Promise<Analyze> {
  const at = (path: string): string => pathToFileURL(join(dir, path)).href;
  const { analyzeRequest } = await import(at('src/engine/analyze.ts'));
  const { loadDefaultCartridgeArtifacts } = await import(at('src/cartridge/default-cartridge-artifacts.ts'));
  const { loadKnowledgeBase } = await import(at('src/knowledge/loader.ts'));
  const kb = await loadKnowledgeBase(join(dir, '.cache', 'kb'));
  const cartridge = await loadDefaultCartridgeArtifacts();
  const flows = flowName === 'standard' ? cartridge.standardFlow : [{ ...cartridge.standardFlow[0], flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }];
  const resources = { kb, artifacts: cartridge.artifacts };
  return (text) => JSON.stringify(analyzeRequest({
    containers: [{ text }], annotatorFlows: flows, profileResolver: (id: string) => cartridge.profiles[id],
    options: { returnAnalyzedText: false }, resources,
  }));
}

function pass(analyze: Analyze, notes: readonly string[]): number {
  const start = cpuMs();
  for (const note of notes) analyze(note);
  return (cpuMs() - start) / notes.length;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const baseSha = git('rev-parse', '--verify', `${baseRef}^{commit}`);
const baseDir = join(root, '.cache', 'ab', baseSha.slice(0, 12));
process.stderr.write(`preparing base ${baseRef} (${baseSha.slice(0, 12)}) in ${baseDir} and this checkout\n`);
prepareTree(baseDir, baseSha);
prepareTree(root);
const sides = [
  { name: `base ${baseRef} (${baseSha.slice(0, 7)})`, analyze: await loadSide(baseDir), ms: [] as number[] },
  { name: `this checkout (${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') === '' ? '' : ' + changes'})`, analyze: await loadSide(root), ms: [] as number[] },
];
const notes = chunkTexts(loadAciBenchNotes(evalDir));
for (const side of sides) pass(side.analyze, notes); // warm-up: JIT, per-knowledge-base annotator state
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) side.ms.push(pass(side.analyze, notes));
  process.stderr.write(`round ${r + 1}/${rounds}: ${sides.map((s) => s.ms.at(-1)!.toFixed(3)).join(' / ')} ms per note\n`);
}
const [a, b] = sides as [typeof sides[0], typeof sides[0]];
const ratios = a.ms.map((m, i) => b.ms[i]! / m);
const machine = describeMachine();
console.log(`machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, load average ${machine.loadAverage} at the end`);
console.log(`${flowName === 'standard' ? 'standard flow of the default cartridge' : 'concept_detection alone'}, ${notes.length} notes of <= 2,000 chars, ${rounds} alternating rounds, CPU ms per note (median of rounds)`);
for (const side of sides) console.log(`  ${side.name.padEnd(44)} ${median(side.ms).toFixed(3)} ms  (rounds ${Math.min(...side.ms).toFixed(3)}-${Math.max(...side.ms).toFixed(3)})`);
console.log(`  ratio this/base: ${median(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`);
