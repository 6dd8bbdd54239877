// A trie over token texts: lexicon phrases (`by mouth`, `b.i.d.`, `twice a day`) are cut with the engine
// tokenizer once, and the scanners ask for the longest phrase starting at a token. Matching compares the
// lower-cased token text (or the exact surface text for case-sensitive phrases) and never looks at
// characters beyond the tokens, so it runs in time proportional to the phrase length.
import type { Token } from '../../document.js';
import { tokenize } from '../../text/tokenize.js';
import { lexiconKeyCount, lexiconKeyId, tokenKeyIds } from '../../text/token-keys.js';

interface TrieNode<V> {
  /** Children by lexicon key id (token-keys.ts) of the lower-cased piece, or by the piece as written (case-sensitive tries). */
  readonly children: Map<string | number, TrieNode<V>>;
  value?: V;
}

export interface PhraseMatch<V> {
  /** One past the last token of the phrase. */
  readonly tokenEnd: number;
  readonly value: V;
}

export interface PhraseTrie<V> {
  /** Longest phrase starting at token `start` and ending at or before token `limit` (exclusive). */
  longest(text: string, tokens: readonly Token[], start: number, limit: number): PhraseMatch<V> | undefined;
  /** False when no phrase can start at token `start` (its lower-case text is not a first piece). */
  startsAt(tokens: readonly Token[], start: number): boolean;
  /** startsAt by the token's key id (tokenKeyIds in text/token-keys.ts). */
  startsWithKey(id: number | undefined): boolean;
  readonly size: number;
  /** Lower-cased first tokens of the phrases: `longest` finds nothing at a token whose `lower` is not here. */
  readonly firstPieces: ReadonlySet<string>;
}

/**
 * The forms a lexicon term is matched in: as written; without its final period (`b.i.d`); without any
 * period (`bid`) when every period sits between single letters or ends the term.
 */
export function termVariants(term: string): string[] {
  const out = new Set<string>([term]);
  if (term.endsWith('.') && term.length > 1) out.add(term.slice(0, -1));
  if (term.includes('.') && /^[a-z0-9.\s]+$/i.test(term)) out.add(term.replace(/\./g, ''));
  return [...out].filter((t) => t.trim() !== '');
}

export function createPhraseTrie<V>(entries: Iterable<{ readonly term: string; readonly value: V }>, caseSensitive = false): PhraseTrie<V> {
  const root: TrieNode<V> = { children: new Map() };
  /** Lower-cased text of each first piece, by key id. */
  const firstTexts = new Map<number, string>();
  let size = 0;
  for (const { term, value } of entries) {
    for (const variant of termVariants(term)) {
      const tokens = tokenize(variant);
      if (tokens.length === 0) continue;
      const firstText = caseSensitive ? variant.slice(tokens[0]!.begin, tokens[0]!.end).toLowerCase() : tokens[0]!.lower;
      firstTexts.set(lexiconKeyId(firstText), firstText);
      const pieces = tokens.map((t) => (caseSensitive ? variant.slice(t.begin, t.end) : lexiconKeyId(t.lower)));
      let node = root;
      for (const piece of pieces) {
        let child = node.children.get(piece);
        if (child === undefined) {
          child = { children: new Map() };
          node.children.set(piece, child);
        }
        node = child;
      }
      // The first entry naming a phrase keeps it (lexicon order is priority order).
      if (node.value === undefined) {
        node.value = value;
        size++;
      }
    }
  }
  // The lower-cased first pieces: a token whose lower-case text starts no phrase is passed over without
  // cutting its surface text (most tokens, for a case-sensitive trie). By key id: one array read per token.
  const starts = new Uint8Array(lexiconKeyCount());
  for (const id of firstTexts.keys()) starts[id] = 1;
  const firstPieces = new Set<string>(firstTexts.values());
  const startsWithKey = (id: number | undefined): boolean => id !== undefined && id >= 0 && id < starts.length && starts[id] === 1;
  return {
    size,
    firstPieces,
    startsAt: (tokens, start) => startsWithKey(tokenKeyIds(tokens)[start]),
    startsWithKey,
    longest(text, tokens, start, limit) {
      const end = Math.min(limit, tokens.length);
      if (start >= end) return undefined;
      const ids = tokenKeyIds(tokens);
      const first = ids[start]!;
      if (first < 0 || first >= starts.length || starts[first] === 0) return undefined;
      let node: TrieNode<V> | undefined = root;
      let best: PhraseMatch<V> | undefined;
      for (let i = start; i < end; i++) {
        const t = tokens[i]!;
        // Phrase tokens must be written without a line break between them (a phrase never spans lines).
        if (i > start && t.newlineBefore) break;
        if (caseSensitive) node = node.children.get(text.slice(t.begin, t.end));
        else {
          const id = ids[i]!;
          node = id < 0 ? undefined : node.children.get(id);
        }
        if (node === undefined) break;
        if (node.value !== undefined) best = { tokenEnd: i + 1, value: node.value };
      }
      return best;
    },
  };
}
