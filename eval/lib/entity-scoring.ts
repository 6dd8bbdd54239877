// Per-category span scoring and assertion scoring of the entity evaluation (eval/entities-eval.ts).
//  * overlap: precision counts predictions that overlap a gold fragment of their category; recall counts gold
//    mentions overlapped by a prediction of their category (each side counted once, as in eval/lib/scoring.ts);
//  * exact: a prediction whose begin and end equal a gold mention's extent (first fragment's begin, last
//    fragment's end), or one of its fragments;
//  * predictions that match no gold and overlap a span the annotators excluded (GoldDocument.ignored) are not counted;
//  * assertion: over gold mentions matched (overlap) by predictions of their category, a gold flag (negated,
//    uncertain) against the same flag of any of those predictions.
import type { BratFragment } from './brat.js';
import { CATEGORIES, type Category, type GoldDocument, type Mention } from './entity-categories.js';

export interface Counts { gold: number; predicted: number; matchedGold: number; matchedPredicted: number }
export interface FlagCounts { tp: number; fp: number; fn: number }

export interface CategoryTally {
  readonly overlap: Counts;
  readonly exact: Counts;
  readonly negated: FlagCounts;
  readonly uncertain: FlagCounts;
  /** Lower-cased text → count. */
  readonly misses: Map<string, number>;
  readonly falsePositives: Map<string, number>;
}

export type Tallies = Map<Category, CategoryTally>;

export function emptyTallies(categories: readonly Category[] = CATEGORIES): Tallies {
  const counts = (): Counts => ({ gold: 0, predicted: 0, matchedGold: 0, matchedPredicted: 0 });
  const flags = (): FlagCounts => ({ tp: 0, fp: 0, fn: 0 });
  return new Map(categories.map((c) => [c, { overlap: counts(), exact: counts(), negated: flags(), uncertain: flags(), misses: new Map(), falsePositives: new Map() }]));
}

const overlaps = (a: BratFragment, b: BratFragment): boolean => a.begin < b.end && b.begin < a.end;
const touches = (p: Mention, g: Mention): boolean => g.fragments.some((f) => overlaps(p, f));
const equals = (p: Mention, g: Mention): boolean => (p.begin === g.begin && p.end === g.end) || g.fragments.some((f) => f.begin === p.begin && f.end === p.end);

function bump(map: Map<string, number>, text: string): void {
  const key = text.toLowerCase().replace(/\s+/g, ' ').trim();
  map.set(key, (map.get(key) ?? 0) + 1);
}

function tallyFlag(counts: FlagCounts, gold: boolean, predicted: boolean): void {
  if (gold && predicted) counts.tp += 1;
  else if (predicted) counts.fp += 1;
  else if (gold) counts.fn += 1;
}

/** Adds one document's gold and (merged) predicted mentions to the tallies of the categories present in `tallies`. */
export function scoreDocument(gold: GoldDocument, predicted: readonly Mention[], tallies: Tallies): void {
  for (const [category, t] of tallies) {
    const g = gold.mentions.filter((m) => m.category === category);
    const p = predicted.filter((m) => m.category === category);
    for (const m of g) {
      const hits = p.filter((q) => touches(q, m));
      t.overlap.gold += 1;
      t.exact.gold += 1;
      if (hits.length === 0) {
        bump(t.misses, m.text);
        continue;
      }
      t.overlap.matchedGold += 1;
      if (hits.some((q) => equals(q, m))) t.exact.matchedGold += 1;
      tallyFlag(t.negated, m.negated, hits.some((q) => q.negated));
      tallyFlag(t.uncertain, m.uncertain, hits.some((q) => q.uncertain));
    }
    for (const q of p) {
      const hit = g.some((m) => touches(q, m));
      if (!hit && gold.ignored.some((f) => overlaps(q, f))) continue;
      t.overlap.predicted += 1;
      t.exact.predicted += 1;
      if (hit) t.overlap.matchedPredicted += 1;
      else bump(t.falsePositives, q.text);
      if (g.some((m) => equals(q, m))) t.exact.matchedPredicted += 1;
    }
  }
}

/** Micro sums over categories. */
export function sumCounts(list: readonly Counts[]): Counts {
  return list.reduce((s, c) => ({ gold: s.gold + c.gold, predicted: s.predicted + c.predicted, matchedGold: s.matchedGold + c.matchedGold, matchedPredicted: s.matchedPredicted + c.matchedPredicted }), { gold: 0, predicted: 0, matchedGold: 0, matchedPredicted: 0 });
}

export function sumFlags(list: readonly FlagCounts[]): FlagCounts {
  return list.reduce((s, c) => ({ tp: s.tp + c.tp, fp: s.fp + c.fp, fn: s.fn + c.fn }), { tp: 0, fp: 0, fn: 0 });
}

export interface Scores { readonly precision: number; readonly recall: number; readonly f1: number }

const f1Of = (precision: number, recall: number): number => (precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall));

export function spanScores(c: Counts): Scores {
  const precision = c.predicted === 0 ? 0 : c.matchedPredicted / c.predicted;
  const recall = c.gold === 0 ? 0 : c.matchedGold / c.gold;
  return { precision, recall, f1: f1Of(precision, recall) };
}

export function flagScores(c: FlagCounts): Scores {
  const precision = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  return { precision, recall, f1: f1Of(precision, recall) };
}

/** The `n` most frequent keys of a count map, as `text ×count`. */
export function topCounts(map: ReadonlyMap<string, number>, n: number): string[] {
  return [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n).map(([k, v]) => `${k} ×${v}`);
}
