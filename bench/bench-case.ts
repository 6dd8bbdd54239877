// What a benchmark section is. bench/run.ts prints the machine, then runs every case of BENCH_CASES
// (bench/cases.ts) in order and prints the figures each returns. Cases measure and report; they never
// assert (timing never decides pass/fail). To add a section: write bench/cases/<name>.ts exporting a
// BenchCase and append it to BENCH_CASES.

export interface BenchFigure {
  readonly name: string;
  readonly value: number | string;
  /** `ms`, `MiB`, `chars/s`, ... */
  readonly unit?: string;
  /** The target, when the project states one (`< 0.5 ms`). Shown, never enforced. */
  readonly goal?: string;
}

export interface BenchContext {
  /** Repository root. */
  readonly root: string;
  /** Shared corpora (the repository's sibling shared/eval, or EVAL_DIR). */
  readonly evalDir: string;
  /** Gitignored cache (compiled knowledge base, ...): `.cache/` or BENCH_CACHE_DIR. */
  readonly cacheDir: string;
  /** Command-line flags after `npm run bench --` (e.g. `--rebuild-kb`). */
  readonly flags: ReadonlySet<string>;
  /** Values one case computes once and later cases reuse (the loaded knowledge base), by key. */
  shared<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** A progress line on stderr (figures go to stdout). */
  log(message: string): void;
}

export interface BenchCase {
  readonly name: string;
  run(ctx: BenchContext): Promise<readonly BenchFigure[]>;
}
