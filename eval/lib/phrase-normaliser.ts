// Learned phrase normalisation of the modifier phrase around a normalised span (DNorm-like; a diagnostic,
// eval/lib/phrase-ranking-survey.ts, not a rule of the concept evaluation: it did not help on the held-out halves).
// A span found inside a longer mention ("nodular hyperplasia" in "focal nodular hyperplasia") is extended over
// the modifier words before it (up to three, not function words) and over a following "of/in (the) X (Y)"; each
// extension is ranked against the knowledge base's names (eval/lib/phrase-ranker.ts), and its best name, when it
// names other ids than the span, takes the extension if its score beats that of the span's own ids by a
// threshold. The best name must account for the phrase word for word both ways (each phrase word is in the name
// or learned to go with one of its words, and each name word is in the phrase or learned to go with one of its
// words): without that, names that add words ("primary pulmonary hypertension" → "pulmonary hypertension,
// primary, 5"), or that keep only the modifier, win. Acronym spans are left to the abbreviation definitions.
import { NOT_A_MODIFIER, wordsBefore } from './phrase-variants.js';
import type { PhraseRanker, RankingExample } from './phrase-ranker.js';

export interface PhraseSpan {
  readonly begin: number;
  readonly end: number;
  readonly ids: readonly string[];
}

/** Words that carry no meaning for the comparison (prepositions of "H of the S"). */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'in', 'a', 'an', 'to', 'and', 'or', 'with', 'by', 'for', 'on']);

export type ScanKeys = (text: string) => string[];

export const contentWords = (text: string, scanKeys: ScanKeys): string[] => scanKeys(text).filter((w) => !FUNCTION_WORDS.has(w));

export interface PhraseCandidate {
  readonly begin: number;
  readonly end: number;
  readonly words: readonly string[];
  /** The words the extension adds to the span. */
  readonly extra: readonly string[];
}

/** Extensions of a span over the modifier words before it and a following "of/in (the) X (Y)". */
export function phraseCandidates(text: string, span: { begin: number; end: number }, scanKeys: ScanKeys, maxLeft = 3): PhraseCandidate[] {
  const own = contentWords(text.slice(span.begin, span.end), scanKeys);
  const out: PhraseCandidate[] = [];
  const left = wordsBefore(text, span.begin, maxLeft);
  for (let k = 1; k <= left.length; k++) {
    const ws = left.slice(left.length - k);
    const extra = ws.flatMap((w) => contentWords(w.text, scanKeys));
    if (extra.length > 0) out.push({ begin: ws[0]!.begin, end: span.end, words: [...extra, ...own], extra });
  }
  const m = /^\s+(?:of|in)\s+(?:the\s+)?([\p{L}][\p{L}-]*)(?:\s+([\p{L}][\p{L}-]*))?/du.exec(text.slice(span.end, span.end + 60));
  if (m !== null && m.indices !== undefined && !NOT_A_MODIFIER.has(m[1]!.toLowerCase())) {
    const w1 = contentWords(m[1]!, scanKeys);
    if (w1.length > 0) out.push({ begin: span.begin, end: span.end + m.indices[1]![1], words: [...own, ...w1], extra: w1 });
    if (m[2] !== undefined && !NOT_A_MODIFIER.has(m[2].toLowerCase())) {
      const w2 = contentWords(m[2], scanKeys);
      if (w1.length > 0 && w2.length > 0) out.push({ begin: span.begin, end: span.end + m.indices[2]![1], words: [...own, ...w1, ...w2], extra: [...w1, ...w2] });
    }
  }
  return out;
}

/** Training mentions of single ids as ranking examples (distinct word set and id, in first-seen order). */
export function rankingExamples(mentions: Iterable<{ text: string; ids: readonly string[] }>, scanKeys: ScanKeys): RankingExample[] {
  const seen = new Set<string>();
  const out: RankingExample[] = [];
  for (const m of mentions) {
    if (m.ids.length !== 1) continue;
    const words = contentWords(m.text, scanKeys);
    if (words.length === 0) continue;
    const key = `${[...new Set(words)].sort().join(' ')}\t${m.ids[0]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ words, id: m.ids[0]! });
  }
  return out;
}

export interface PhraseChoice {
  readonly score: number;
  readonly exactWords: boolean;
  readonly candidate: PhraseCandidate;
  readonly ids: readonly string[];
  readonly gain: number;
  readonly nameKey: string;
}

/** The extension of a span whose best name (another id) beats the span's own ids by the most, if any. */
export function phraseChoice(text: string, span: PhraseSpan, ranker: PhraseRanker, scanKeys: ScanKeys): PhraseChoice | undefined {
  let best: PhraseChoice | undefined;
  const spanText = text.slice(span.begin, span.end);
  // Acronyms are read by abbreviation definitions, not composed.
  if (/^[A-Z0-9-]{2,6}s?$/.test(spanText)) return undefined;
  const own = contentWords(spanText, scanKeys);
  const head = own[own.length - 1];
  if (head === undefined) return undefined;
  for (const c of phraseCandidates(text, span, scanKeys)) {
    const m = ranker.index.vector(c.words);
    // A name that keeps the head and explains every word the extension adds.
    const top = ranker.best(m, (n) => c.words.every((w) => ranker.explains(w, n)) && n.words.every((w) => ranker.explainedBy(w, m)));
    if (top === undefined || top.name.ids.some((id) => span.ids.includes(id))) continue;
    const current = ranker.bestOf(m, span.ids)?.score ?? 0;
    const gain = top.score - current;
    const exactWords = top.name.key === [...new Set(c.words)].sort().join(' ');
    if (best === undefined || gain > best.gain) best = { candidate: c, ids: top.name.ids, gain, nameKey: top.name.key, score: top.score, exactWords };
  }
  return best;
}

/** Spans whose extension's best name beats their ids by `threshold` take that phrase and its ids. */
export function phraseNormalisedSpans<S extends PhraseSpan>(spans: readonly S[], text: string, ranker: PhraseRanker, scanKeys: ScanKeys, make: (begin: number, end: number, ids: string[]) => S, threshold: number): S[] {
  const found: S[] = [];
  for (const s of spans) {
    const choice = phraseChoice(text, s, ranker, scanKeys);
    if (choice === undefined || choice.gain < threshold) continue;
    if (found.some((f) => f.begin <= choice.candidate.begin && choice.candidate.end <= f.end)) continue;
    found.push(make(choice.candidate.begin, choice.candidate.end, [...choice.ids]));
  }
  if (found.length === 0) return [...spans];
  const inside = (s: { begin: number; end: number }): boolean => found.some((f) => f.begin <= s.begin && s.end <= f.end);
  return [...spans.filter((s) => !inside(s)), ...found];
}

