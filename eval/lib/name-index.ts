// Every indexed name of a compiled knowledge base, read back from its term trie (the knowledge base keeps names
// only as key paths), and an inverted index from word keys to names with IDF-weighted unit word vectors, for
// approximate phrase lookup (eval/lib/phrase-ranker.ts). Names are sequences of the knowledge base's own piece
// keys (plural, UK/US spelling and case folded by its normaliser), so a phrase scanned by the same normaliser
// compares word for word; word order and repetition are ignored.
import type { CompiledKb } from '../../src/knowledge/compiled-kb.js';
import type { CompiledKnowledgeBase } from '../../src/knowledge/kb.js';
import { ACRONYM_MARK } from '../../src/knowledge/normalize.js';

/** The trie arrays of a compiled knowledge base (CompiledKb.tables) and its token keys. */
interface TrieArrays {
  readonly tokenKey: (id: number) => string;
  readonly edgeStart: Int32Array;
  readonly edgeToken: Int32Array;
  readonly edgeChild: Int32Array;
}

function trieArrays(kb: CompiledKnowledgeBase): TrieArrays | undefined {
  const compiled = kb as Partial<CompiledKb>;
  if (compiled.tables === undefined || typeof compiled.tokenKey !== 'function') return undefined;
  const { edgeStart, edgeToken, edgeChild } = compiled.tables;
  return { tokenKey: (id) => compiled.tokenKey!(id), edgeStart, edgeToken, edgeChild };
}

/** A name: its piece keys and the concept indexes it names. */
export interface TrieName {
  readonly words: readonly string[];
  readonly concepts: readonly number[];
}

/**
 * The names of the trie (depth first, in token-id order) naming at least one concept `accept` takes, with those
 * concepts. Case-sensitive acronym keys are left out (an acronym is matched exactly or not at all).
 */
export function trieNames(kb: CompiledKnowledgeBase, accept: (conceptIndex: number) => boolean): TrieName[] {
  const t = trieArrays(kb);
  if (t === undefined) return [];
  const out: TrieName[] = [];
  const path: string[] = [];
  const visit = (node: number): void => {
    if (node !== kb.rootNode && kb.nodeConceptCount(node) > 0) {
      const concepts = kb.nodeConcepts(node).filter(accept);
      if (concepts.length > 0) out.push({ words: [...path], concepts });
    }
    for (let e = t.edgeStart[node]!; e < t.edgeStart[node + 1]!; e++) {
      const token = t.tokenKey(t.edgeToken[e]!);
      if (token.startsWith(ACRONYM_MARK)) continue;
      path.push(token);
      visit(t.edgeChild[e]!);
      path.pop();
    }
  };
  visit(kb.rootNode);
  return out;
}

/** A sparse word vector (word key → weight). */
export type WordVector = ReadonlyMap<string, number>;

/** One entry of the index: a name (its distinct word keys, sorted) and the ids it names. */
export interface IndexedName {
  readonly key: string;
  readonly words: readonly string[];
  readonly ids: readonly string[];
  /** IDF-weighted, unit length. */
  readonly vector: WordVector;
}

/**
 * Names by word key, with IDF weights over the names. Words in more than `maxShare` of the names ("disease",
 * "syndrome") weigh in a score but bring no candidates on their own (`candidates`).
 */
export class NameIndex {
  readonly names: readonly IndexedName[];
  private readonly postings = new Map<string, number[]>();
  private readonly byId = new Map<string, number[]>();
  private readonly idfOf = new Map<string, number>();
  private readonly maxPostings: number;

  constructor(entries: readonly { words: readonly string[]; ids: readonly string[] }[], maxShare = 0.02) {
    const byKey = new Map<string, { words: string[]; ids: Set<string> }>();
    for (const e of entries) {
      const words = [...new Set(e.words)].sort();
      if (words.length === 0 || e.ids.length === 0) continue;
      const key = words.join(' ');
      const found = byKey.get(key);
      if (found === undefined) byKey.set(key, { words, ids: new Set(e.ids) });
      else for (const id of e.ids) found.ids.add(id);
    }
    const df = new Map<string, number>();
    for (const e of byKey.values()) for (const w of e.words) df.set(w, (df.get(w) ?? 0) + 1);
    const n = byKey.size;
    for (const [w, k] of df) this.idfOf.set(w, Math.log((n + 1) / k));
    this.maxPostings = Math.max(1, Math.floor(n * maxShare));
    const names: IndexedName[] = [];
    for (const [key, e] of [...byKey].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      const i = names.length;
      const ids = [...e.ids].sort();
      names.push({ key, words: e.words, ids, vector: this.vector(e.words) });
      for (const w of e.words) push(this.postings, w, i);
      for (const id of ids) push(this.byId, id, i);
    }
    this.names = names;
  }

  /** IDF of a word key (a word no name has weighs as the rarest). */
  idf(word: string): number {
    return this.idfOf.get(word) ?? Math.log(this.names.length + 1);
  }

  /** The IDF-weighted unit vector of a word list (order and repetition ignored). */
  vector(words: readonly string[]): WordVector {
    const distinct = [...new Set(words)];
    const norm = Math.sqrt(distinct.reduce((s, w) => s + this.idf(w) ** 2, 0));
    return new Map(distinct.map((w) => [w, norm === 0 ? 0 : this.idf(w) / norm]));
  }

  /** Indexes of the names having one of `words` (words of too many names left out), ascending. */
  candidates(words: Iterable<string>): number[] {
    const out = new Set<number>();
    for (const w of words) {
      const list = this.postings.get(w);
      if (list === undefined || list.length > this.maxPostings) continue;
      for (const i of list) out.add(i);
    }
    return [...out].sort((a, b) => a - b);
  }

  /** Indexes of the names naming `id`. */
  namesOf(id: string): readonly number[] {
    return this.byId.get(id) ?? [];
  }
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
