// The corrector's words as a trie in flat typed arrays (built once per vocabulary), searched for every
// word within a bounded optimal-string-alignment distance of a query (the measure of edit-distance.ts).
// The search fills one dynamic-programming row per trie depth, only within the diagonal band that can
// stay under the bound, and abandons a branch as soon as no cell of the row can end under the bound
// (given the lengths of the words below the node): a query visits a few hundred to a few thousand
// nodes instead of scanning tens of thousands of words. Optional constraints keep the search to the
// words the caller asks for: a required character at depths 1–3 and a length range.

export interface WordTrie {
  /** Char code of the edge into each node (node 0 is the root). */
  readonly char: Uint16Array;
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  /** Index of the word ending at the node in the build list, or -1. */
  readonly word: Int32Array;
  /** Lengths of the shortest and the longest word in the node's subtree. */
  readonly minLength: Uint16Array;
  readonly maxLength: Uint16Array;
}

/** Builds the trie of `words` (a word's index in the list is what searches report; the first of equal words wins). */
export function buildWordTrie(words: readonly string[]): WordTrie {
  const char: number[] = [0];
  const firstChild: number[] = [-1];
  const nextSibling: number[] = [-1];
  const word: number[] = [-1];
  const minLength: number[] = [0xffff];
  const maxLength: number[] = [0];
  words.forEach((text, index) => {
    let node = 0;
    const n = text.length;
    for (let i = 0; ; i++) {
      if (n > maxLength[node]!) maxLength[node] = n;
      if (n < minLength[node]!) minLength[node] = n;
      if (i === n) break;
      const c = text.charCodeAt(i);
      let child = firstChild[node]!;
      while (child >= 0 && char[child] !== c) child = nextSibling[child]!;
      if (child < 0) {
        child = char.length;
        char.push(c);
        firstChild.push(-1);
        nextSibling.push(firstChild[node]!);
        word.push(-1);
        minLength.push(0xffff);
        maxLength.push(0);
        firstChild[node] = child;
      }
      node = child;
    }
    if (word[node]! < 0) word[node] = index;
  });
  return {
    char: Uint16Array.from(char),
    firstChild: Int32Array.from(firstChild),
    nextSibling: Int32Array.from(nextSibling),
    word: Int32Array.from(word),
    minLength: Uint16Array.from(minLength),
    maxLength: Uint16Array.from(maxLength),
  };
}

export interface TrieSearch {
  readonly query: string;
  readonly bound: number;
  /** Required char code of the word's 1st, 2nd and 3rd character; -1 (or NaN) for any. */
  readonly required: readonly [number, number, number];
  readonly minLength: number;
  readonly maxLength: number;
}

/** Reusable scratch buffers (single-threaded; grown on demand). */
let rows = new Int32Array(1024);
let path = new Int32Array(64);
let stackNode = new Int32Array(1024);
let stackDepth = new Int32Array(1024);
const queryCodes = new Int32Array(256);

/**
 * Calls `found(wordIndex, distance, length)` for every word of the trie that meets the constraints and
 * lies within `bound` (distance 0 included), in trie order. Queries longer than 255 characters find nothing.
 */
export function searchWordTrie(trie: WordTrie, search: TrieSearch, found: (wordIndex: number, distance: number, length: number) => void): void {
  const { query, bound, required } = search;
  const n = query.length;
  if (n > 255 || bound < 0) return;
  const { char, firstChild, nextSibling, word, minLength, maxLength } = trie;
  const lengthMin = Math.max(search.minLength, 0);
  const depthLimit = Math.min(search.maxLength, maxLength[0]!);
  if (depthLimit < lengthMin || maxLength[0]! < lengthMin) return;
  const width = n + 1;
  if (rows.length < (depthLimit + 1) * width) rows = new Int32Array(2 * (depthLimit + 1) * width);
  if (path.length <= depthLimit) path = new Int32Array(2 * (depthLimit + 1));
  for (let j = 0; j < n; j++) queryCodes[j] = query.charCodeAt(j);
  for (let j = 0; j <= n; j++) rows[j] = j;
  const over = bound + 1;
  const r0 = required[0];
  const r1 = required[1];
  const r2 = required[2];

  let top = 0;
  const push = (node: number, depth: number): void => {
    if (top === stackNode.length) {
      const grownNode = new Int32Array(2 * top);
      const grownDepth = new Int32Array(2 * top);
      grownNode.set(stackNode);
      grownDepth.set(stackDepth);
      stackNode = grownNode;
      stackDepth = grownDepth;
    }
    stackNode[top] = node;
    stackDepth[top] = depth;
    top++;
  };
  for (let child = firstChild[0]!; child >= 0; child = nextSibling[child]!) {
    if (r0 >= 0 && char[child] !== r0) continue;
    push(child, 1);
  }
  while (top > 0) {
    top--;
    const node = stackNode[top]!;
    const depth = stackDepth[top]!;
    // Lengths the words below this node may still have.
    const lo = Math.max(minLength[node]!, lengthMin);
    const hi = Math.min(maxLength[node]!, depthLimit);
    if (lo > hi) continue;
    const c = char[node]!;
    path[depth] = c;
    const before = depth > 1 ? path[depth - 1]! : -1;
    const base = depth * width;
    const prev = base - width;
    const prevPrev = prev - width;
    const first = depth - bound > 1 ? depth - bound : 1;
    const last = depth + bound < n ? depth + bound : n;
    rows[base] = depth;
    if (first > 1) rows[base + first - 1] = over;
    // Best final distance reachable from any cell, given the remaining lengths lo-depth..hi-depth.
    let reach = depth + gap(n, lo - depth, hi - depth);
    for (let j = first; j <= last; j++) {
      const qc = queryCodes[j - 1]!;
      let d = rows[prev + j - 1]! + (c === qc ? 0 : 1);
      const del = rows[prev + j]! + 1;
      if (del < d) d = del;
      const ins = rows[base + j - 1]! + 1;
      if (ins < d) d = ins;
      if (j > 1 && before === qc && c === queryCodes[j - 2]) {
        const t = rows[prevPrev + j - 2]! + 1;
        if (t < d) d = t;
      }
      if (d > over) d = over;
      rows[base + j] = d;
      if (d <= bound) {
        const r = d + gap(n - j, lo - depth, hi - depth);
        if (r < reach) reach = r;
      }
    }
    if (last < n) rows[base + last + 1] = over;
    if (reach > bound) continue;
    const w = word[node]!;
    if (w >= 0 && depth >= lengthMin && depth <= depthLimit && n - depth <= bound && depth - n <= bound) {
      const d = rows[base + n]!;
      if (d <= bound) found(w, d, depth);
    }
    if (depth >= hi) continue;
    const r = depth === 1 ? r1 : depth === 2 ? r2 : -1;
    for (let child = firstChild[node]!; child >= 0; child = nextSibling[child]!) {
      if (r >= 0 && char[child] !== r) continue;
      push(child, depth + 1);
    }
  }
}

/** How far `k` lies from the range [lo, hi]. */
function gap(k: number, lo: number, hi: number): number {
  return k < lo ? lo - k : k > hi ? k - hi : 0;
}
