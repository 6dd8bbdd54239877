// The corrector's vocabulary, built once per knowledge base: the KB's term keys (every piece of every
// concept name; weighted by how many name paths use the piece — the trie's edge count, a name-count
// proxy) merged with the common English word list (weighted by frequency level). A word is known when
// it, or its normalised KB key (plural stem, UK → US spelling), is in either; known words are never
// corrected. Candidates for an unknown word are the entries within a bounded edit distance, found in a
// delete index of the entries (delete-index.ts; a trie search, word-trie.ts, for bounds beyond it), and
// ranked by distance and weight.
import type { KnowledgeBase, TermIndex } from '../../../knowledge/kb.js';
import { createNormalizer, type Normalizer } from '../../../knowledge/normalize.js';
import { tokenIdIn, tokenKey } from '../../../knowledge/token-table.js';
import { deleteIndexOver, searchDeleteIndex } from './delete-index.js';
import { buildSpellTables, MAX_KB_SUGGESTION_KEYS, termData, type SpellTables } from './spell-tables.js';
import { buildWordTrie, searchWordTrie, type WordTrie } from './word-trie.js';
import { wordSetOver } from './word-set.js';
import type { EnglishWords, SpellingRules } from './spelling-rules.js';

export { MAX_KB_SUGGESTION_KEYS };

export interface Candidate {
  /** The corrected word, lower case, re-inflated like the original (`ovariectomies`). */
  readonly text: string;
  readonly distance: number;
  readonly confidence: number;
  readonly fromKb: boolean;
}

interface Entry {
  readonly text: string;
  readonly weight: number;
  readonly fromKb: boolean;
}

export interface Vocabulary {
  readonly size: number;
  /** True when the word (any case) is a known English or KB word. */
  isKnown(word: string): boolean;
  /**
   * For each lower-case word, 1 in `out` when the word itself is a known English word or KB key, else 0 (a
   * quick `isKnown` that skips normalisation; a note's words at once, see WordSet.hasEach).
   */
  areKnownLower(lowers: readonly string[], out: Uint8Array): void;
  /** Ranked candidates (best first) for an unknown lower-case word; empty when nothing is close enough. */
  suggest(lower: string, maxDistance: number, limit: number): readonly Candidate[];
  /** Candidates for OCR confusions (`pneum0nia` → `pneumonia`): known words one confusion away. */
  ocrVariants(lower: string, rules: SpellingRules, limit: number): Candidate[];
}

function normalizerOf(kb: KnowledgeBase): Normalizer {
  return (kb as { normalizer?: Normalizer }).normalizer ?? createNormalizer();
}

const ALPHA = /^[a-z]+$/;

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

const DISTANCE_FACTOR = [1, 1, 0.3, 0.1];

function sortedLetters(s: string): string {
  return [...s].sort().join('');
}

/** Common typing slips weigh more: swapped letters (`pateint`), a doubled letter dropped or added (`amoxicilin`). */
function typoBonus(query: string, candidate: string): number {
  if (query.length === candidate.length && sortedLetters(query) === sortedLetters(candidate)) return 1.6;
  const [short, long] = query.length < candidate.length ? [query, candidate] : [candidate, query];
  if (long.length === short.length + 1) {
    for (let i = 1; i < long.length; i++) {
      if (long[i] === long[i - 1] && long.slice(0, i) + long.slice(i + 1) === short) return 1.6;
    }
  }
  return 1;
}
const DISTANCE_CEILING = [1, 0.98, 0.8, 0.6];

/** `word[i]` equals `query[j]`, or one of them is past its end (no constraint then). */
function sameAt(word: string, i: number, query: string, j: number): boolean {
  return i >= word.length || j >= query.length || word.charCodeAt(i) === query.charCodeAt(j);
}

/**
 * A candidate shares the query's first letter, or differs by an edit at the first position: same length
 * and same letters 2-3 (substitution), one shorter starting with letters 2-3 (deletion), or one longer
 * with letters 2-3 equal to the query's 1-2 (insertion).
 */
function sharesLeadingLetters(query: string, word: string): boolean {
  if (word.charCodeAt(0) === query.charCodeAt(0)) return true;
  const n = query.length;
  const m = word.length;
  if (m === n) return sameAt(word, 1, query, 1) && sameAt(word, 2, query, 2);
  if (m === n - 1) return sameAt(word, 0, query, 1) && sameAt(word, 1, query, 2);
  if (m === n + 1) return sameAt(word, 1, query, 0) && sameAt(word, 2, query, 1);
  return false;
}

/** The same candidates by a trie search (for bounds beyond the delete index): group 0 shares the first letter. */
function searchTrie(trie: WordTrie, q: string, bound: number, found: (index: number, distance: number, length: number, group: number) => void): void {
  const n = q.length;
  const c0 = q.charCodeAt(0);
  const c1 = q.charCodeAt(1);
  const c2 = q.charCodeAt(2);
  const collect = (group: number) => (index: number, distance: number, length: number): void => { found(index, distance, length, group); };
  searchWordTrie(trie, { query: q, bound, required: [c0, -1, -1], minLength: n - bound, maxLength: n + bound }, collect(0));
  searchWordTrie(trie, { query: q, bound, required: [-1, c1, c2], minLength: n, maxLength: n }, collect(1));
  searchWordTrie(trie, { query: q, bound, required: [c1, c2, -1], minLength: n - 1, maxLength: n - 1 }, collect(1));
  searchWordTrie(trie, { query: q, bound, required: [-1, c0, c1], minLength: n + 1, maxLength: n + 1 }, collect(1));
}

/** Prefixes and suffixes that make words of words: a word built of a known word and one of them is known. */
const PREFIXES = ['non', 'un', 're', 'pre', 'post', 'de'] as const;
const MIN_STEM = 4;

/**
 * True when `lower` is a known word with a productive prefix or suffix: `nontender` (tender),
 * `unassisted`, `decompress`, `postoperatively` (postoperative + ly), `radiographical` (radiographic + al),
 * `dermatologist` (dermatology, y → ist). The checker would otherwise "correct" them to a near word
 * (`nontender` → `contender`, `dermatologist` → `dermatologic`).
 */
export function derivedFromKnown(lower: string, isWord: (lower: string) => boolean): boolean {
  for (const prefix of PREFIXES) {
    if (lower.length - prefix.length >= MIN_STEM && lower.startsWith(prefix) && isWord(lower.slice(prefix.length))) return true;
  }
  const stem = (suffix: string): string | undefined => (lower.length - suffix.length >= MIN_STEM && lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : undefined);
  const ly = stem('ly');
  const al = stem('al');
  const ist = stem('ist');
  return (ly !== undefined && isWord(ly)) || (al !== undefined && isWord(al)) || (ist !== undefined && isWord(`${ist}y`));
}

/** How many distinct unknown words a vocabulary remembers the suggestions of. */
const MEMO_LIMIT = 20_000;

/** The vocabulary of `kb` and the English list, built in this thread (without shared tables). */
export function buildVocabulary(kb: KnowledgeBase, english: EnglishWords): Vocabulary {
  return vocabularyOver(kb, buildSpellTables(kb, english, { allocate: (n) => new ArrayBuffer(n) }));
}

/** The vocabulary over its tables (spell-tables.ts), which may be shared with other threads: nothing of their size is built here. */
export function vocabularyOver(kb: KnowledgeBase, tables: SpellTables): Vocabulary {
  const normalizer = normalizerOf(kb);
  const count = tables.header.words;
  // Words are decoded from the shared characters as searches meet them, and kept (a search meets few).
  const texts = new Array<string | undefined>(count);
  const textOf = (i: number): string => (texts[i] ??= tokenKey(tables.words, i));
  const entryAt = (i: number): Entry => ({ text: textOf(i), weight: tables.weights[i]!, fromKb: tables.fromKb[i] === 1 });
  // Candidates of a query are the words that either share its first letter, or differ by an edit at the
  // first position (substitution: same letters 2-3; deletion or insertion: shifted by one). Found in
  // the delete index (bounds up to 2) or, beyond, in a trie of the entries built on first need. Listed
  // in a fixed order (length, then first-letter words before the others, then vocabulary order) so that
  // ties between equal surfaces resolve the same way on every run.
  const index = deleteIndexOver(tables.deletes, textOf);
  let trie: WordTrie | undefined;
  const candidatesOf = (q: string, bound: number): { entry: Entry; distance: number }[] => {
    const hits: { index: number; distance: number; length: number; group: number }[] = [];
    if (bound <= index.maxDeletes) {
      const admit = (w: number): boolean => sharesLeadingLetters(q, textOf(w));
      searchDeleteIndex(index, { query: q, bound, admit }, (w, distance) => {
        const text = textOf(w);
        hits.push({ index: w, distance, length: text.length, group: text.charCodeAt(0) === q.charCodeAt(0) ? 0 : 1 });
      });
    } else {
      trie ??= buildWordTrie(Array.from({ length: count }, (_, i) => textOf(i)));
      searchTrie(trie, q, bound, (index, distance, length, group) => { hits.push({ index, distance, length, group }); });
    }
    hits.sort((a, b) => a.length - b.length || a.group - b.group || a.index - b.index);
    return hits.map((h) => ({ entry: entryAt(h.index), distance: h.distance }));
  };

  // English words and KB keys in one flat set: the per-word test of every note (word-set.ts).
  const knownLower = wordSetOver(tables.known);
  // A KB key: the term index's own piece-key lookup when the KB has one (its keys are exactly the term data's).
  const hasTerms = tables.header.kbTerms;
  const tokenId = (kb as Partial<TermIndex>).tokenId;
  const kbKeys = !hasTerms || typeof tokenId === 'function' ? undefined : new Set(termData(kb)?.tokens ?? []);
  const isKbKey = (key: string): boolean => hasTerms && (kbKeys === undefined ? tokenId!.call(kb, key) >= 0 : kbKeys.has(key));
  const isWord = (lower: string): boolean => knownLower.has(lower) || isKbKey(normalizer.pieceKey(lower));
  const isKnown = (word: string): boolean => {
    const lower = word.toLowerCase();
    return isWord(lower) || derivedFromKnown(lower, isWord);
  };

  /** Re-inflates a candidate like the original: `ovariactomies` (key `ovariactomy`) → `ovariectomies`. */
  const inflect = (lower: string, key: string, text: string): string => {
    if (lower === key) return text;
    if (lower.endsWith('ies') && key.endsWith('y') && text.endsWith('y')) return `${text.slice(0, -1)}ies`;
    if (lower === `${key}es`) return `${text}es`;
    if (lower === `${key}s`) return `${text}s`;
    return text;
  };

  /** Best first; the top one's confidence says how clearly it beats the runner-up, each other one how it compares with the top. */
  const rank = (query: string, found: Map<string, { entry: Entry; distance: number; surface: string }>, limit: number): Candidate[] => {
    const scored = [...found.values()].map((f) => ({
      ...f,
      score: (DISTANCE_FACTOR[f.distance] ?? 0.05) * typoBonus(query, f.surface) * (1 + Math.log10(1 + f.entry.weight)),
    }));
    scored.sort((a, b) => b.score - a.score || a.surface.localeCompare(b.surface));
    const top = scored[0]!.score;
    const second = scored[1]?.score ?? 0;
    return scored.slice(0, limit).map((f, i) => ({
      text: f.surface,
      distance: f.distance,
      confidence: Math.max(0.001, round3((i === 0 ? top / (top + second) : f.score / (f.score + top)) * (DISTANCE_CEILING[f.distance] ?? 0.5))),
      fromKb: f.entry.fromKb,
    }));
  };

  /** Suggestions already computed (the vocabulary never changes; bounded, cleared when full). */
  const memo = new Map<string, readonly Candidate[]>();

  const search = (lower: string, maxDistance: number, limit: number): readonly Candidate[] => {
    const key = normalizer.pieceKey(lower);
    const queries = key === lower || !ALPHA.test(key) ? [lower] : [lower, key];
    const found = new Map<string, { entry: Entry; distance: number; surface: string }>();
    // Widen the bound only while nothing closer was found (distance-1 searches are cheap).
    for (let bound = 1; bound <= maxDistance && found.size === 0; bound++) {
      for (const q of queries) {
        for (const { entry, distance: d } of candidatesOf(q, bound)) {
          if (d === 0) continue;
          const surface = q === key && key !== lower ? inflect(lower, key, entry.text) : entry.text;
          const prior = found.get(surface);
          if (prior === undefined || d < prior.distance) found.set(surface, { entry, distance: d, surface });
        }
      }
    }
    return found.size === 0 ? [] : rank(lower, found, limit);
  };

  return {
    size: count,
    isKnown,
    areKnownLower: (lowers, out) => knownLower.hasEach(lowers, out),
    suggest(lower, maxDistance, limit) {
      const memoKey = `${maxDistance}|${limit}|${lower}`;
      const known = memo.get(memoKey);
      if (known !== undefined) return known;
      const result = search(lower, maxDistance, limit);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(memoKey, result);
      return result;
    },
    ocrVariants(lower, rules, limit) {
      const found = new Map<string, { entry: Entry; distance: number; surface: string }>();
      for (const { from, to } of rules.ocrConfusions) {
        let at = lower.indexOf(from);
        while (at >= 0) {
          const variant = lower.slice(0, at) + to + lower.slice(at + from.length);
          const id = tokenIdIn(tables.words, variant);
          const entry = id >= 0 ? entryAt(id) : isKnown(variant) ? { text: variant, weight: 1, fromKb: true } : undefined;
          if (entry !== undefined && !found.has(variant)) found.set(variant, { entry, distance: 1, surface: variant });
          at = lower.indexOf(from, at + 1);
        }
      }
      return found.size === 0 ? [] : rank(lower, found, limit);
    },
  };
}
