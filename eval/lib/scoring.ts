// Scorers for entity recognition and normalisation, micro-averaged over documents.
//  * mention level, exact spans: a prediction is right when (doc, begin, end) equals a gold mention;
//  * mention level, overlapping spans ("approximate match"): precision counts predictions that overlap
//    any gold mention of the document, recall counts gold mentions overlapped by any prediction;
//  * document level ids (DNorm / TaggerOne / BioCreative V DNER convention): per document, the set of
//    gold ids against the set of predicted ids; true positives are (doc, id) pairs in both.

export interface Prf {
  /** Gold items and predicted items counted. */
  readonly gold: number;
  readonly predicted: number;
  /** Gold items found, and predictions judged right (equal for exact and set matching). */
  readonly matchedGold: number;
  readonly matchedPredicted: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export interface ScoredSpan {
  readonly docId: string;
  readonly begin: number;
  readonly end: number;
}

export type SpanMatch = 'exact' | 'overlap';

export function prf(gold: number, predicted: number, matchedGold: number, matchedPredicted: number): Prf {
  const precision = predicted === 0 ? 0 : matchedPredicted / predicted;
  const recall = gold === 0 ? 0 : matchedGold / gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { gold, predicted, matchedGold, matchedPredicted, precision, recall, f1 };
}

/** Duplicate spans (same doc, begin, end) count once on each side. */
export function scoreMentions(gold: readonly ScoredSpan[], predicted: readonly ScoredSpan[], match: SpanMatch): Prf {
  const goldByDoc = groupUnique(gold);
  const predByDoc = groupUnique(predicted);
  let goldCount = 0;
  let predCount = 0;
  let matchedGold = 0;
  let matchedPredicted = 0;
  for (const spans of goldByDoc.values()) goldCount += spans.length;
  for (const spans of predByDoc.values()) predCount += spans.length;
  for (const [docId, goldSpans] of goldByDoc) {
    const predSpans = predByDoc.get(docId) ?? [];
    if (match === 'exact') {
      const keys = new Set(predSpans.map((s) => `${s.begin}:${s.end}`));
      const hits = goldSpans.filter((s) => keys.has(`${s.begin}:${s.end}`)).length;
      matchedGold += hits;
      matchedPredicted += hits;
    } else {
      matchedGold += goldSpans.filter((g) => predSpans.some((p) => overlaps(g, p))).length;
      matchedPredicted += predSpans.filter((p) => goldSpans.some((g) => overlaps(g, p))).length;
    }
  }
  return prf(goldCount, predCount, matchedGold, matchedPredicted);
}

/** Document-level id sets: `gold` and `predicted` map a document id to its ids. Documents absent from `gold` are ignored. */
export function scoreDocumentIds(gold: ReadonlyMap<string, ReadonlySet<string>>, predicted: ReadonlyMap<string, ReadonlySet<string>>): Prf {
  let goldCount = 0;
  let predCount = 0;
  let hits = 0;
  for (const [docId, goldIds] of gold) {
    const predIds = predicted.get(docId) ?? new Set<string>();
    goldCount += goldIds.size;
    predCount += predIds.size;
    for (const id of predIds) if (goldIds.has(id)) hits++;
  }
  return prf(goldCount, predCount, hits, hits);
}

function overlaps(a: ScoredSpan, b: ScoredSpan): boolean {
  return a.begin < b.end && b.begin < a.end;
}

function groupUnique(spans: readonly ScoredSpan[]): Map<string, ScoredSpan[]> {
  const byDoc = new Map<string, ScoredSpan[]>();
  const seen = new Set<string>();
  for (const s of spans) {
    const key = `${s.docId}\u0000${s.begin}:${s.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byDoc.get(s.docId);
    if (list === undefined) byDoc.set(s.docId, [s]);
    else list.push(s);
  }
  return byDoc;
}
