// The corrector's vocabulary, built once per knowledge base: the KB's term keys (every piece of every
// concept name; weighted by how many name paths use the piece — the trie's edge count, a name-count
// proxy) merged with the common English word list (weighted by frequency level). A word is known when
// it, or its normalised KB key (plural stem, UK → US spelling), is in either; known words are never
// corrected. Candidates for an unknown word are the entries within a bounded edit distance, searched in
// buckets keyed by length and leading letters, and ranked by distance and weight.
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import { createNormalizer, type Normalizer } from '../../../knowledge/normalize.js';
import { boundedDistance } from './edit-distance.js';
import type { EnglishWords, SpellingRules } from './spelling-rules.js';

export interface Candidate {
  /** The corrected word, lower case, re-inflated like the original (`ovariectomies`). */
  readonly text: string;
  readonly distance: number;
  readonly confidence: number;
  readonly fromKb: boolean;
}

interface Entry {
  readonly text: string;
  /** Which letters a–z occur (bit 0 = a): a cheap lower bound on the edit distance. */
  readonly letters: number;
  weight: number;
  fromKb: boolean;
}

function letterMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) - 97;
    if (c >= 0 && c < 26) mask |= 1 << c;
  }
  return mask;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface Vocabulary {
  readonly size: number;
  /** True when the word (any case) is a known English or KB word. */
  isKnown(word: string): boolean;
  /** Ranked candidates (best first) for an unknown lower-case word; empty when nothing is close enough. */
  suggest(lower: string, maxDistance: number, limit: number): Candidate[];
  /** Candidates for OCR confusions (`pneum0nia` → `pneumonia`): known words one confusion away. */
  ocrVariants(lower: string, rules: SpellingRules, limit: number): Candidate[];
}

/** The raw term index arrays of a compiled knowledge base (CompiledKb.data), when the KB has them. */
interface TermData {
  readonly tokens: readonly string[];
  readonly edgeToken: Int32Array;
}

function termData(kb: KnowledgeBase): TermData | undefined {
  const data = (kb as { data?: Partial<TermData> }).data;
  if (data === undefined || !Array.isArray(data.tokens) || !(data.edgeToken instanceof Int32Array)) return undefined;
  return data as TermData;
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

export function buildVocabulary(kb: KnowledgeBase, english: EnglishWords): Vocabulary {
  const normalizer = normalizerOf(kb);
  const kbKeys = new Set<string>();
  const entries = new Map<string, Entry>();
  for (const [word, weight] of english) entries.set(word, { text: word, letters: letterMask(word), weight, fromKb: false });
  const data = termData(kb);
  if (data !== undefined) {
    const counts = new Uint32Array(data.tokens.length);
    for (const t of data.edgeToken) counts[t]! += 1;
    data.tokens.forEach((key, i) => {
      kbKeys.add(key);
      if (key.length < 3 || !ALPHA.test(key)) return;
      const found = entries.get(key);
      if (found === undefined) entries.set(key, { text: key, letters: letterMask(key), weight: counts[i]!, fromKb: true });
      else {
        found.weight += counts[i]!;
        found.fromKb = true;
      }
    });
  }
  // Buckets by length and leading letters: a candidate either shares the first letter, or differs by an
  // edit at the first position (substitution: same letters 2-3; deletion or insertion: shifted by one).
  const buckets = new Map<string, Entry[]>();
  const put = (key: string, e: Entry): void => {
    const list = buckets.get(key);
    if (list === undefined) buckets.set(key, [e]);
    else list.push(e);
  };
  for (const e of entries.values()) {
    const n = e.text.length;
    put(`${n}|${e.text[0]!}`, e);
    put(`${n}|_${e.text.slice(1, 3)}`, e);
    put(`${n}|${e.text.slice(0, 2)}_`, e);
  }
  const candidatesOf = (q: string, len: number): Entry[][] => {
    const lists = [buckets.get(`${len}|${q[0]!}`)];
    if (len === q.length) lists.push(buckets.get(`${len}|_${q.slice(1, 3)}`));
    if (len === q.length - 1) lists.push(buckets.get(`${len}|${q.slice(1, 3)}_`));
    if (len === q.length + 1) lists.push(buckets.get(`${len}|_${q.slice(0, 2)}`));
    return lists.filter((l): l is Entry[] => l !== undefined);
  };

  const isKnown = (word: string): boolean => {
    const lower = word.toLowerCase();
    return english.has(lower) || kbKeys.has(lower) || kbKeys.has(normalizer.pieceKey(word));
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

  return {
    size: entries.size,
    isKnown,
    suggest(lower, maxDistance, limit) {
      const key = normalizer.pieceKey(lower);
      const queries = key === lower || !ALPHA.test(key) ? [lower] : [lower, key];
      const found = new Map<string, { entry: Entry; distance: number; surface: string }>();
      // Widen the bound only while nothing closer was found (distance-1 searches are cheap).
      for (let bound = 1; bound <= maxDistance && found.size === 0; bound++) {
        for (const q of queries) {
          const qLetters = letterMask(q);
          for (let len = q.length - bound; len <= q.length + bound; len++) {
            for (const entry of candidatesOf(q, len).flat()) {
              // Each edit changes the presence of at most two letters.
              if (popcount(qLetters ^ entry.letters) > 2 * bound) continue;
              const d = boundedDistance(q, entry.text, bound);
              if (d === 0 || d > bound) continue;
              const surface = q === key && key !== lower ? inflect(lower, key, entry.text) : entry.text;
              const prior = found.get(surface);
              if (prior === undefined || d < prior.distance) found.set(surface, { entry, distance: d, surface });
            }
          }
        }
      }
      return found.size === 0 ? [] : rank(lower, found, limit);
    },
    ocrVariants(lower, rules, limit) {
      const found = new Map<string, { entry: Entry; distance: number; surface: string }>();
      for (const { from, to } of rules.ocrConfusions) {
        let at = lower.indexOf(from);
        while (at >= 0) {
          const variant = lower.slice(0, at) + to + lower.slice(at + from.length);
          const entry = entries.get(variant) ?? (isKnown(variant) ? { text: variant, letters: letterMask(variant), weight: 1, fromKb: true } : undefined);
          if (entry !== undefined && !found.has(variant)) found.set(variant, { entry, distance: 1, surface: variant });
          at = lower.indexOf(from, at + 1);
        }
      }
      return found.size === 0 ? [] : rank(lower, found, limit);
    },
  };
}
