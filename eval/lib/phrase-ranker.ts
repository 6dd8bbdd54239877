// A learned phrase → name ranking in the manner of DNorm (Leaman, Islamaj Doğan & Lu 2013): a phrase and a
// knowledge-base name are IDF-weighted unit word vectors m, n (eval/lib/name-index.ts) and score
// s(m, n) = mᵀ (I + D) n, where D is a sparse word-pair matrix learned by pairwise ranking on the training
// mentions: for a mention with its gold id, when the best name of the gold id does not beat the best name of
// another id by `margin`, D += rate · m (n⁺ − n⁻)ᵀ. The identity scores shared words (cosine); D learns which
// mention words go with which name words ("renal" with "kidney", "tumors" with "neoplasm") and which shared
// words matter less. A mention's own surface form is hidden from its ranking while learning (names with its word
// set are skipped), as an unseen phrase would find no name of its own.
import type { IndexedName, NameIndex, WordVector } from './name-index.js';

/** A training mention: its word keys and its gold id. */
export interface RankingExample {
  readonly words: readonly string[];
  readonly id: string;
}

export interface RankingOptions {
  readonly epochs?: number;
  readonly rate?: number;
  readonly margin?: number;
}

export interface RankedName {
  readonly name: IndexedName;
  readonly score: number;
}

const wordSetKey = (words: readonly string[]): string => [...new Set(words)].sort().join(' ');

export class PhraseRanker {
  /** D: mention word → name word → weight. */
  private readonly pairs = new Map<string, Map<string, number>>();

  constructor(readonly index: NameIndex) {}

  /** Number of learned word pairs. */
  get pairCount(): number {
    let n = 0;
    for (const row of this.pairs.values()) n += row.size;
    return n;
  }

  score(m: WordVector, n: WordVector): number {
    let s = 0;
    for (const [i, mi] of m) {
      const ni = n.get(i);
      if (ni !== undefined) s += mi * ni;
      const row = this.pairs.get(i);
      if (row === undefined) continue;
      for (const [j, nj] of n) {
        const d = row.get(j);
        if (d !== undefined) s += mi * d * nj;
      }
    }
    return s;
  }

  /** True when the name has the word or a word learned to go with it. */
  explains(word: string, name: IndexedName): boolean {
    if (name.vector.has(word)) return true;
    const row = this.pairs.get(word);
    if (row === undefined) return false;
    for (const w of name.words) if ((row.get(w) ?? 0) > 0) return true;
    return false;
  }

  /** True when some phrase word is the name word or learned to go with it. */
  explainedBy(nameWord: string, phrase: WordVector): boolean {
    if (phrase.has(nameWord)) return true;
    for (const i of phrase.keys()) if ((this.pairs.get(i)?.get(nameWord) ?? 0) > 0) return true;
    return false;
  }

  /** Names sharing a word with the phrase or with a word learned to go with one of its words. */
  private candidates(m: WordVector): number[] {
    const words = new Set(m.keys());
    for (const i of m.keys()) for (const [j, d] of this.pairs.get(i) ?? []) if (d > 0) words.add(j);
    return this.index.candidates(words);
  }

  /** The best name of the phrase among those `keep` accepts (ties: index order). */
  best(m: WordVector, keep: (name: IndexedName) => boolean = () => true): RankedName | undefined {
    let best: RankedName | undefined;
    for (const i of this.candidates(m)) {
      const name = this.index.names[i]!;
      if (!keep(name)) continue;
      const score = this.score(m, name.vector);
      if (best === undefined || score > best.score) best = { name, score };
    }
    return best;
  }

  /** The best name of the phrase among the names of `ids` (all of them, shared words or not). */
  bestOf(m: WordVector, ids: readonly string[], keep: (name: IndexedName) => boolean = () => true): RankedName | undefined {
    let best: RankedName | undefined;
    for (const i of [...new Set(ids.flatMap((id) => this.index.namesOf(id)))].sort((a, b) => a - b)) {
      const name = this.index.names[i]!;
      if (!keep(name)) continue;
      const score = this.score(m, name.vector);
      if (best === undefined || score > best.score) best = { name, score };
    }
    return best;
  }

  /** Pairwise ranking updates over the examples, in their order (deterministic). */
  learn(examples: readonly RankingExample[], options: RankingOptions = {}): void {
    const { epochs = 3, rate = 0.2, margin = 0.1 } = options;
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (const ex of examples) {
        const own = wordSetKey(ex.words);
        const m = this.index.vector(ex.words);
        const unseen = (name: IndexedName): boolean => name.key !== own;
        const pos = this.bestOf(m, [ex.id], unseen);
        if (pos === undefined) continue;
        const neg = this.best(m, (name) => unseen(name) && !name.ids.includes(ex.id));
        if (neg === undefined || pos.score - neg.score >= margin) continue;
        for (const [i, mi] of m) {
          let row = this.pairs.get(i);
          if (row === undefined) this.pairs.set(i, (row = new Map()));
          for (const [j, nj] of pos.name.vector) row.set(j, (row.get(j) ?? 0) + rate * mi * nj);
          for (const [j, nj] of neg.name.vector) row.set(j, (row.get(j) ?? 0) - rate * mi * nj);
        }
      }
    }
  }
}
