// Error listing of the medication evaluation (diagnostics; never used to score): for one attribute of one PHEE
// corpus, each missed gold span and each wrong predicted span with its sentence, classed as `miss` (nothing
// predicted over it), `partial` (a prediction overlaps it with other bounds) or `fp` (a prediction over no gold).
// Run it on TRAIN only, so rules are designed on training sentences:
//
//   npx tsx eval/medication-eval.ts --errors dosage            (PHEE train)
//   npx tsx eval/medication-eval.ts --errors route --counts    (class counts and the most frequent texts only)
import type { ScoredSpan } from './scoring.js';

export interface ErrorLine {
  readonly cls: 'miss' | 'partial' | 'fp';
  readonly docId: string;
  readonly text: string;
  /** For `partial`: the predicted text(s) overlapping the gold span. */
  readonly other?: string;
  readonly sentence: string;
}

const overlaps = (a: ScoredSpan, b: ScoredSpan): boolean => a.begin < b.end && b.begin < a.end;
const key = (s: ScoredSpan): string => `${s.docId}:${s.begin}:${s.end}`;

export function listErrors(gold: readonly ScoredSpan[], predicted: readonly ScoredSpan[], sentences: ReadonlyMap<string, string>): ErrorLine[] {
  const goldKeys = new Set(gold.map(key));
  const predKeys = new Set(predicted.map(key));
  const out: ErrorLine[] = [];
  const seen = new Set<string>();
  const textOf = (s: ScoredSpan): string => (sentences.get(s.docId) ?? '').slice(s.begin, s.end);
  for (const g of gold) {
    if (predKeys.has(key(g)) || seen.has(key(g))) continue;
    seen.add(key(g));
    const over = predicted.filter((p) => p.docId === g.docId && overlaps(p, g));
    const sentence = sentences.get(g.docId) ?? '';
    if (over.length === 0) out.push({ cls: 'miss', docId: g.docId, text: textOf(g), sentence });
    else out.push({ cls: 'partial', docId: g.docId, text: textOf(g), other: [...new Set(over.map(textOf))].join(' | '), sentence });
  }
  for (const p of predicted) {
    if (goldKeys.has(key(p)) || seen.has(key(p))) continue;
    seen.add(key(p));
    if (gold.some((g) => g.docId === p.docId && overlaps(p, g))) continue; // reported as `partial` above
    out.push({ cls: 'fp', docId: p.docId, text: textOf(p), sentence: sentences.get(p.docId) ?? '' });
  }
  return out;
}

export function formatErrors(errors: readonly ErrorLine[], countsOnly: boolean): string {
  const lines: string[] = [];
  for (const cls of ['miss', 'partial', 'fp'] as const) {
    const items = errors.filter((e) => e.cls === cls);
    lines.push(`== ${cls}: ${items.length}`);
    if (countsOnly) {
      const counts = new Map<string, number>();
      for (const e of items) {
        const k = e.other === undefined ? e.text.toLowerCase() : `${e.text.toLowerCase()}  <- ${e.other.toLowerCase()}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1])) lines.push(`  ${String(n).padStart(3)}  ${k}`);
      continue;
    }
    for (const e of items) {
      lines.push(`  [${e.text}]${e.other === undefined ? '' : ` pred [${e.other}]`}  ${e.docId}`);
      lines.push(`      ${e.sentence}`);
    }
  }
  return lines.join('\n');
}
