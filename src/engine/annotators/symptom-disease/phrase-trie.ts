// A trie of phrases over engine tokens (the tokenizer of src/engine/text, lower-cased): lexicon phrases are
// tokenized once when compiled, and matching walks Document tokens from a start index, longest match
// first, never past `to` (a sentence end) and never across a line break unless the phrase itself spans
// one. Shared by the clinical annotators (symptom_disease modifiers, procedure, lab_value, concept_value,
// ejection_fraction, smoking) for every term list they read from resources/.
import type { Token } from '../../document.js';
import { tokenize } from '../../text/tokenize.js';
import { lexiconKeyCount, lexiconKeyId, tokenKeyIds } from '../../text/token-keys.js';

interface TrieNode {
  /** Children by lexicon key id (token-keys.ts). */
  readonly children: Map<number, TrieNode>;
  values: unknown[] | undefined;
}

export interface PhraseMatch<T> {
  /** Token indices, end exclusive. */
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly begin: number;
  readonly end: number;
  /** Values of every phrase spelled by the matched tokens (several entries may share a phrase). */
  readonly values: readonly T[];
}

export interface PhraseTrie<T> {
  /** Number of distinct phrases. */
  readonly size: number;
  /** The longest phrase starting at token `from` and ending at or before token `to`. */
  matchAt(tokens: readonly Token[], from: number, to: number): PhraseMatch<T> | undefined;
  /** Longest, non-overlapping matches left to right in tokens[from, to). */
  scan(tokens: readonly Token[], from: number, to: number): PhraseMatch<T>[];
  /** False when no phrase starts with the token whose key id (tokenKeyIds) is `id`: matchAt there finds nothing. */
  canStart(id: number | undefined): boolean;
  /** canStart as a table: 1 at the key ids a phrase starts with (ids past its end start none). */
  readonly starts: Uint8Array;
}

/** Lower-cased token keys of a phrase as the engine tokenizer cuts it. */
export function phraseKeys(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.lower);
}

export function compilePhraseTrie<T>(phrases: Iterable<readonly [phrase: string, value: T]>): PhraseTrie<T> {
  const root: TrieNode = { children: new Map(), values: undefined };
  let size = 0;
  for (const [phrase, value] of phrases) {
    const keys = phraseKeys(phrase);
    if (keys.length === 0) continue;
    let node = root;
    for (const key of keys) {
      const id = lexiconKeyId(key);
      let child = node.children.get(id);
      if (child === undefined) {
        child = { children: new Map(), values: undefined };
        node.children.set(id, child);
      }
      node = child;
    }
    if (node.values === undefined) {
      node.values = [];
      size++;
    }
    if (!node.values.includes(value)) node.values.push(value);
  }
  // The root's children by key id in an array (most tokens stop here: one read instead of a hash lookup).
  const first: (TrieNode | undefined)[] = new Array<TrieNode | undefined>(lexiconKeyCount()).fill(undefined);
  for (const [id, child] of root.children) first[id] = child;
  const starts = new Uint8Array(first.length);
  for (const id of root.children.keys()) starts[id] = 1;

  function matchAt(tokens: readonly Token[], from: number, to: number): PhraseMatch<T> | undefined {
    if (from >= to || from >= tokens.length) return undefined;
    const ids = tokenKeyIds(tokens);
    const id = ids[from]!;
    let node = id >= 0 && id < first.length ? first[id] : undefined;
    if (node === undefined) return undefined;
    let best: PhraseMatch<T> | undefined;
    for (let i = from; ;) {
      if (node.values !== undefined) {
        best = { tokenStart: from, tokenEnd: i + 1, begin: tokens[from]!.begin, end: tokens[i]!.end, values: node.values as T[] };
      }
      i++;
      if (i >= to || i >= tokens.length || tokens[i]!.newlineBefore) break;
      const next = ids[i]!;
      node = next < 0 ? undefined : node.children.get(next);
      if (node === undefined) break;
    }
    return best;
  }

  return {
    size,
    matchAt,
    canStart: (id) => id !== undefined && id >= 0 && id < first.length && first[id] !== undefined,
    starts,
    scan(tokens, from, to) {
      const out: PhraseMatch<T>[] = [];
      let i = from;
      while (i < to) {
        const m = matchAt(tokens, i, to);
        if (m === undefined) i++;
        else {
          out.push(m);
          i = m.tokenEnd;
        }
      }
      return out;
    },
  };
}

/** Index of the first token whose begin is >= offset (tokens.length when none). */
export function tokenAtOrAfter(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]!.begin < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Sentences with a heading-style sentence ending in `:` joined to the sentence after it (`Tobacco Use:` +
 * `Non-smoker.`, which the splitter cuts apart): token ranges, end exclusive.
 */
export function headedSentenceRanges(tokens: readonly Token[], sentences: readonly { tokenStart: number; tokenEnd: number }[]): { tokenStart: number; tokenEnd: number }[] {
  const out: { tokenStart: number; tokenEnd: number }[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    const last = tokens[s.tokenEnd - 1];
    const next = sentences[i + 1];
    if (last !== undefined && last.lower === ':' && next !== undefined && s.tokenEnd - s.tokenStart <= 6) {
      out.push({ tokenStart: s.tokenStart, tokenEnd: next.tokenEnd });
      i++;
    } else out.push({ tokenStart: s.tokenStart, tokenEnd: s.tokenEnd });
  }
  return out;
}
