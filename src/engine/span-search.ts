// Binary searches over the Document's ordered spans (tokens, sentences: sorted by offset, not overlapping),
// shared by the annotators that look up "the token at" or "the sentence of" a position.

/** Index of the first span whose end is after `offset` (spans.length when none). */
export function firstEndingAfter(spans: readonly { readonly end: number }[], offset: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the sentence holding token `index` (over sentence token ranges; -1 when none). */
export function sentenceOfToken(sentences: readonly { readonly tokenStart: number; readonly tokenEnd: number }[], index: number): number {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const s = sentences[mid]!;
    if (index < s.tokenStart) hi = mid - 1;
    else if (index >= s.tokenEnd) lo = mid + 1;
    else return mid;
  }
  return -1;
}
