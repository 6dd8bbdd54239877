// Timing helpers for bench cases (process.hrtime.bigint, milliseconds as floating point).

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export async function timeAsync<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = nowMs();
  const value = await fn();
  return { value, ms: nowMs() - start };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function mib(bytes: number): number {
  return bytes / 2 ** 20;
}

/** CPU time (user + system) this process has used, in milliseconds: unlike wall time, it excludes time the
 * process waited for a core, so it stays meaningful on a machine shared with other work. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export interface PassTiming {
  /** Per-call wall times in ms, sorted ascending. */
  readonly sorted: readonly number[];
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Complete passes over the items. */
  readonly passes: number;
  /** Wall ms of the untimed warm-up pass over all items (cold caches and JIT), when there was one. */
  readonly warmUpMs?: number;
}

/** Times `run` on every item, pass after pass, until `minMs` of wall time are timed (after one untimed warm-up pass unless told not to). */
export function timePasses<T>(items: readonly T[], run: (item: T) => unknown, minMs: number, options: { warmUp?: boolean } = {}): PassTiming {
  let warmUpMs: number | undefined;
  if (options.warmUp !== false) {
    const t0 = nowMs();
    for (const item of items) run(item);
    warmUpMs = nowMs() - t0;
  }
  const times: number[] = [];
  let wallMs = 0;
  let passes = 0;
  const cpuStart = cpuMs();
  while (wallMs < minMs) {
    for (const item of items) {
      const t0 = nowMs();
      run(item);
      const dt = nowMs() - t0;
      times.push(dt);
      wallMs += dt;
    }
    passes++;
  }
  return { sorted: times.sort((a, b) => a - b), wallMs, cpuMs: cpuMs() - cpuStart, passes, ...(warmUpMs === undefined ? {} : { warmUpMs }) };
}

export interface UnseenTiming {
  /** Wall ms of each timed call (one per unseen item), sorted ascending. */
  readonly sorted: readonly number[];
  readonly wallMs: number;
  readonly cpuMs: number;
}

/**
 * What a service sees: a stream of items it has never analysed. Warms up (JIT, per-knowledge-base memos)
 * on the even-numbered items, pass after pass for `warmMs`, then times each odd-numbered item exactly once,
 * so no memo holds a result for the very item being timed (repeated passes over the same items would).
 */
export function timeUnseen<T>(items: readonly T[], run: (item: T) => unknown, warmMs: number): UnseenTiming {
  const { seen, unseen } = seenAndUnseen(items);
  warmUpOn(seen, run, warmMs);
  const times: number[] = [];
  const cpuStart = cpuMs();
  for (const item of unseen) {
    const t0 = nowMs();
    run(item);
    times.push(nowMs() - t0);
  }
  return { sorted: times.sort((a, b) => a - b), wallMs: times.reduce((a, b) => a + b, 0), cpuMs: cpuMs() - cpuStart };
}

/** The warm-up half (even-numbered items) and the timed half (odd-numbered ones) of timeUnseen. */
export function seenAndUnseen<T>(items: readonly T[]): { seen: T[]; unseen: T[] } {
  return { seen: items.filter((_, i) => i % 2 === 0), unseen: items.filter((_, i) => i % 2 === 1) };
}

/** Runs passes over `items` until `warmMs` have passed (at least one pass). */
export function warmUpOn<T>(items: readonly T[], run: (item: T) => unknown, warmMs: number): void {
  const start = nowMs();
  do for (const item of items) run(item); while (nowMs() - start < warmMs);
}
