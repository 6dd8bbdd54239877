// A phrase matcher over Document tokens (STYLE.md §5): phrases are tokenized with the engine tokenizer
// once, stored in a trie keyed by lower-case token text, and matched by a greedy longest-match walk over
// a sentence's tokens. No regex in the loop. Used for model_broker cues and attribute qualifiers.
import type { Token } from '../../document.js';
import { tokenize } from '../../text/tokenize.js';

interface Node<T> {
  readonly next: Map<string, Node<T>>;
  readonly payloads: T[];
}

export interface PhraseMatch<T> {
  readonly payloads: readonly T[];
  /** Token indices into Document.tokens, end exclusive. */
  readonly tokenBegin: number;
  readonly tokenEnd: number;
  readonly begin: number;
  readonly end: number;
}

export interface PhraseMatcher<T> {
  /**
   * Matches left to right over tokens [from, to): at a start, every phrase ending there (shorter ones too,
   * `compliant` within `compliant with`); the next start is after the longest, so a longer phrase hides
   * the phrases starting inside it (`abnormality` within `no abnormality`).
   */
  match(tokens: readonly Token[], from: number, to: number): PhraseMatch<T>[];
}

function fold(lower: string): string {
  return lower.includes('\u2019') ? lower.replaceAll('\u2019', "'") : lower;
}

/** Compiles (phrase, payload) pairs; a phrase that tokenizes to nothing is ignored. */
export function compilePhrases<T>(entries: Iterable<readonly [string, T]>): PhraseMatcher<T> {
  const root: Node<T> = { next: new Map(), payloads: [] };
  for (const [phrase, payload] of entries) {
    const words = tokenize(phrase).map((t) => fold(t.lower));
    if (words.length === 0) continue;
    let node = root;
    for (const w of words) {
      let child = node.next.get(w);
      if (child === undefined) {
        child = { next: new Map(), payloads: [] };
        node.next.set(w, child);
      }
      node = child;
    }
    if (!node.payloads.includes(payload)) node.payloads.push(payload);
  }
  return {
    match(tokens, from, to) {
      const out: PhraseMatch<T>[] = [];
      let i = from;
      while (i < to) {
        let node: Node<T> | undefined = root;
        let longest = i;
        for (let j = i; j < to && node !== undefined; j++) {
          node = node.next.get(fold((tokens[j] as Token).lower));
          if (node !== undefined && node.payloads.length > 0) {
            out.push({ payloads: node.payloads, tokenBegin: i, tokenEnd: j + 1, begin: (tokens[i] as Token).begin, end: (tokens[j] as Token).end });
            longest = j + 1;
          }
        }
        i = longest > i ? longest : i + 1;
      }
      return out;
    },
  };
}

