// A phrase matcher over Document tokens (STYLE.md §5): phrases are tokenized with the engine tokenizer
// once, stored in a trie keyed by lower-case token text, and matched by a greedy longest-match walk over
// a sentence's tokens. No regex in the loop. Used for model_broker cues and attribute qualifiers.
// Token texts are the shared lexicon key ids of text/token-keys.ts: a token list's ids are
// computed once per Document, and a start that begins no phrase costs one array read.
import type { Token } from '../../document.js';
import { tokenize } from '../../text/tokenize.js';
import { knownKeyId, lexiconKeyCount, lexiconKeyId, tokenKeyIds } from '../../text/token-keys.js';

interface Node<T> {
  /** Children by lexicon key id. */
  readonly next: Map<number, Node<T>>;
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

/** Phrase words and token texts are compared with the typographic apostrophe written `'`. */
function fold(lower: string): string {
  return lower.includes('\u2019') ? lower.replaceAll('\u2019', "'") : lower;
}

// The folded key ids of the last token list asked for (tokenKeyIds of its lower-case texts, those with a
// typographic apostrophe looked up folded): the ids array tokenKeyIds returned, and the folded one.
let lastRaw: Int32Array | undefined;
let lastFolded: Int32Array = new Int32Array(0);

/** Each token's lexicon key id after fold(), or -1 when no compiled phrase word has its text. */
function foldedKeyIds(tokens: readonly Token[]): Int32Array {
  const raw = tokenKeyIds(tokens);
  if (raw === lastRaw) return lastFolded;
  let out = raw;
  for (let i = 0; i < tokens.length; i++) {
    const lower = (tokens[i] as Token).lower;
    if (!lower.includes('\u2019')) continue;
    if (out === raw) out = raw.slice();
    out[i] = knownKeyId(fold(lower));
  }
  lastRaw = raw;
  lastFolded = out;
  return out;
}

/** Compiles (phrase, payload) pairs; a phrase that tokenizes to nothing is ignored. */
export function compilePhrases<T>(entries: Iterable<readonly [string, T]>): PhraseMatcher<T> {
  const root: Node<T> = { next: new Map(), payloads: [] };
  for (const [phrase, payload] of entries) {
    const words = tokenize(phrase).map((t) => fold(t.lower));
    if (words.length === 0) continue;
    let node = root;
    for (const w of words) {
      const id = lexiconKeyId(w);
      let child = node.next.get(id);
      if (child === undefined) {
        child = { next: new Map(), payloads: [] };
        node.next.set(id, child);
      }
      node = child;
    }
    if (!node.payloads.includes(payload)) node.payloads.push(payload);
  }
  // The root's children by key id in an array: most tokens start no phrase, settled by one read.
  const first: (Node<T> | undefined)[] = new Array<Node<T> | undefined>(lexiconKeyCount()).fill(undefined);
  for (const [id, child] of root.next) first[id] = child;
  return {
    match(tokens, from, to) {
      const out: PhraseMatch<T>[] = [];
      if (from >= to) return out;
      const ids = foldedKeyIds(tokens);
      let i = from;
      while (i < to) {
        const id = ids[i] as number;
        let node = id >= 0 && id < first.length ? first[id] : undefined;
        if (node === undefined) {
          i++;
          continue;
        }
        let longest = i;
        for (let j = i; ;) {
          if (node.payloads.length > 0) {
            out.push({ payloads: node.payloads, tokenBegin: i, tokenEnd: j + 1, begin: (tokens[i] as Token).begin, end: (tokens[j] as Token).end });
            longest = j + 1;
          }
          j++;
          if (j >= to) break;
          const next = ids[j];
          node = next === undefined || next < 0 ? undefined : node.next.get(next);
          if (node === undefined) break;
        }
        i = longest > i ? longest : i + 1;
      }
      return out;
    },
  };
}
