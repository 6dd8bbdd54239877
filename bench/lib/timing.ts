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
