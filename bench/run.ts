// `npm run bench [-- <case-name-substring>...] [--rebuild-kb]` (scripts/bench.mjs compiles, then runs this):
// prints the machine, then the figures of every bench case (bench/cases.ts). Figures only: nothing here asserts or fails on timing.
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import type { BenchContext, BenchFigure } from './bench-case.js';
import { BENCH_CASES } from './cases.js';
import { describeMachine } from './lib/machine.js';

// The repository (scripts/bench.mjs runs the compiled copy of this file from .cache/bench-build).
const root = process.env.BENCH_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const filters = args.filter((a) => !a.startsWith('--'));

const sharedValues = new Map<string, Promise<unknown>>();
const ctx: BenchContext = {
  root,
  evalDir: process.env.EVAL_DIR ?? join(root, '..', 'shared', 'eval'),
  cacheDir: process.env.BENCH_CACHE_DIR ?? join(root, '.cache'),
  flags,
  shared<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = sharedValues.get(key);
    if (value === undefined) {
      value = make();
      sharedValues.set(key, value);
    }
    return value as Promise<T>;
  },
  log: (message) => process.stderr.write(`  … ${message}\n`),
};

function formatValue(f: BenchFigure): string {
  if (typeof f.value === 'string') return f.value;
  const v = f.value;
  const text = Number.isInteger(v) || Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(3);
  return f.unit === undefined ? text : `${text} ${f.unit}`;
}

function printFigures(name: string, figures: readonly BenchFigure[]): void {
  const width = Math.max(...figures.map((f) => f.name.length), 10);
  // Numbers are right-aligned in one column; text values (descriptions, reports) follow the name as they are.
  const valueWidth = Math.max(...figures.filter((f) => typeof f.value === 'number').map((f) => formatValue(f).length), 5);
  console.log(`\n## ${name}`);
  for (const f of figures) {
    const goal = f.goal === undefined ? '' : `   (goal ${f.goal})`;
    const value = typeof f.value === 'number' ? formatValue(f).padStart(valueWidth) : formatValue(f);
    console.log(`  ${f.name.padEnd(width)}  ${value}${goal}`);
  }
}

async function main(): Promise<void> {
  const m = describeMachine();
  console.log('# Clinical Annotator benchmark');
  console.log(`machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}, node ${m.node}`);
  console.log(`load average at start: ${m.loadAverage}${m.loadAverage > m.cores / 2 ? ' (busy machine: timings are pessimistic; p50 figures are the most robust)' : ''}`);
  console.log('single-threaded: every figure below is measured on one core (the main thread).');
  const cases = BENCH_CASES.filter((c) => filters.length === 0 || filters.some((f) => c.name.includes(f)));
  for (const benchCase of cases) {
    process.stderr.write(`running ${benchCase.name}\n`);
    try {
      printFigures(benchCase.name, await benchCase.run(ctx));
    } catch (error) {
      // A failing section is reported and the others still run (bench never decides pass/fail).
      console.log(`\n## ${benchCase.name}\n  not measured: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

await main();
