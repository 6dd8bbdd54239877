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

export interface PerNoteTiming {
  /** Per-call wall times in ms, sorted ascending. */
  readonly sorted: readonly number[];
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Characters processed over all timed calls. */
  readonly chars: number;
}

/** Calls `run` once per note as warm-up, then over passes of all notes until `minMs` of wall time are timed. */
export function timePerNote(notes: readonly string[], run: (note: string) => unknown, minMs: number): PerNoteTiming {
  for (const note of notes) run(note);
  const times: number[] = [];
  let wallMs = 0;
  let chars = 0;
  const cpuStart = cpuMs();
  while (wallMs < minMs) {
    for (const note of notes) {
      const t0 = nowMs();
      run(note);
      const dt = nowMs() - t0;
      times.push(dt);
      wallMs += dt;
      chars += note.length;
    }
  }
  return { sorted: times.sort((a, b) => a - b), wallMs, cpuMs: cpuMs() - cpuStart, chars };
}
