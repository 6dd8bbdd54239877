// Span → segment algorithm of the viewer, pure (no DOM) so node tests import it directly.
// The text is cut at every span boundary; each segment lists the spans covering it. Spans get a lane
// (an underline row): overlapping spans never share a lane, shorter spans take the lower lanes, so
// nested spans show as stacked underlines with the innermost closest to the text.

export interface SpanLike {
  readonly begin: number;
  readonly end: number;
}

export interface Segment<T extends SpanLike> {
  readonly begin: number;
  readonly end: number;
  /** Spans covering the whole segment, outermost (highest lane) first. */
  readonly spans: readonly T[];
}

/** Lane of each span (same index as `spans`); zero-length spans get lane 0 and cover no segment. */
export function assignLanes<T extends SpanLike>(spans: readonly T[]): number[] {
  const order = spans.map((_, i) => i).sort((a, b) => {
    const sa = spans[a]!, sb = spans[b]!;
    return (sa.end - sa.begin) - (sb.end - sb.begin) || sa.begin - sb.begin || a - b;
  });
  const lanes: SpanLike[][] = [];
  const result = new Array<number>(spans.length).fill(0);
  for (const i of order) {
    const span = spans[i]!;
    if (span.end <= span.begin) continue;
    let lane = 0;
    while (lane < lanes.length && lanes[lane]!.some((o) => o.begin < span.end && span.begin < o.end)) lane += 1;
    (lanes[lane] ??= []).push(span);
    result[i] = lane;
  }
  return result;
}

/**
 * Cuts [0, textLength) at every span boundary. Segments without spans are kept (plain text), so the
 * concatenation of all segments is the whole text. Offsets outside the text are clamped.
 */
export function toSegments<T extends SpanLike>(textLength: number, spans: readonly T[], laneOf: (span: T) => number): Segment<T>[] {
  const clamp = (n: number): number => Math.max(0, Math.min(textLength, n));
  const valid = spans.filter((s) => clamp(s.end) > clamp(s.begin));
  const cuts = new Set<number>([0, textLength]);
  for (const s of valid) {
    cuts.add(clamp(s.begin));
    cuts.add(clamp(s.end));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const byBegin = [...valid].sort((a, b) => a.begin - b.begin);
  const segments: Segment<T>[] = [];
  let active: T[] = [];
  let next = 0;
  for (let p = 0; p + 1 < points.length; p += 1) {
    const begin = points[p]!, end = points[p + 1]!;
    active = active.filter((s) => clamp(s.end) > begin);
    while (next < byBegin.length && clamp(byBegin[next]!.begin) <= begin) {
      const s = byBegin[next]!;
      if (clamp(s.end) > begin) active.push(s);
      next += 1;
    }
    const covering = active.filter((s) => clamp(s.begin) <= begin && clamp(s.end) >= end);
    covering.sort((a, b) => laneOf(b) - laneOf(a));
    segments.push({ begin, end, spans: covering });
  }
  return segments;
}
