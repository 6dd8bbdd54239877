// Bounded optimal-string-alignment distance (Levenshtein plus adjacent transpositions), the measure
// of the spelling corrector: `ovariactomy` → `ovariectomy` is 1, `pateint` → `patient` is 1.
// Returns max + 1 as soon as the distance is known to exceed `max`; three scratch rows are reused
// across calls, so the hot loop allocates nothing.

/** Scratch rows reused across calls (single-threaded; grown on demand). */
const rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function boundedDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0 || m === 0) return Math.max(n, m) <= max ? Math.max(n, m) : max + 1;
  if (rows[0]!.length <= m) for (let k = 0; k < 3; k++) rows[k] = new Int32Array(2 * (m + 1));
  let [prevPrev, prev, row] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    row[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  const result = prev[m]!;
  return result <= max ? result : max + 1;
}
