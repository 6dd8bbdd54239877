// Token-level dictionary matching against the compiled term index: every start piece walks the trie as
// far as the text allows (never across a hard break), so all matches — longest, nested and overlapping —
// are found in one pass; `longestSpan` then drops matches nested inside a longer one (ACD longest_span).
// Text is cut with the knowledge base's own normaliser, so names and text always share one key scheme.
import type { Token } from '../engine/document.js';
import type { CompiledKnowledgeBase } from './kb.js';
import type { Normalizer, Piece } from './normalize.js';

export interface TermMatch {
  /** UTF-16 offsets into the text (end exclusive). */
  readonly begin: number;
  readonly end: number;
  /** Tokens covered: tokens[tokenStart] .. tokens[tokenEnd - 1] (0, 0 when no tokens were given). */
  readonly tokenStart: number;
  readonly tokenEnd: number;
  /** Concept indexes (ascending) named by the covered text. */
  readonly concepts: readonly number[];
}

export interface MatcherOptions {
  /** Drop matches nested inside a longer match (default true, as ACD's longest_span). Overlaps are kept. */
  readonly longestSpan?: boolean;
}

/** A span of the text read as other words (an applied spelling correction); matches keep the original offsets. */
export interface MatchReplacement {
  readonly begin: number;
  readonly end: number;
  readonly text: string;
}

export interface ConceptMatcher {
  /** Matches sorted by begin, longer first. `replacements` (non-overlapping) are matched as their `text`. */
  match(text: string, tokens: readonly Token[], replacements?: readonly MatchReplacement[]): TermMatch[];
}

interface RawMatch {
  begin: number;
  end: number;
  /** Trie node of the name (concepts are read only for matches that are kept). */
  node: number;
  /** Node of the case-sensitive acronym key for the same span, or -1. */
  acronymNode: number;
}

export function createMatcher(kb: CompiledKnowledgeBase, options: MatcherOptions = {}): ConceptMatcher {
  const longestSpan = options.longestSpan ?? true;
  const root = kb.rootNode;
  const hasConcepts = (node: number): boolean => kb.nodeConceptCount(node) > 0;
  return {
    match(text, tokens, replacements) {
      const pieces = replacements === undefined || replacements.length === 0 ? kb.normalizer.scan(text) : replacePieces(kb.normalizer, text, replacements);
      const n = pieces.length;
      const ids = new Int32Array(n);
      for (let i = 0; i < n; i++) ids[i] = kb.tokenId(pieces[i]!.key);
      const raw: RawMatch[] = [];
      for (let i = 0; i < n; i++) {
        const first = pieces[i]!;
        let acronymNode = -1;
        if (first.acronymKey !== undefined && !inHeadingLine(text, first.begin)) {
          const t = kb.tokenId(first.acronymKey);
          const node = t < 0 ? -1 : kb.childNode(root, t);
          if (node >= 0 && hasConcepts(node)) acronymNode = node;
        }
        let node = root;
        for (let j = i; j < n; j++) {
          if (j > i && pieces[j]!.breakBefore) break;
          const t = ids[j]!;
          if (t < 0) break;
          node = kb.childNode(node, t);
          if (node < 0) break;
          if (!hasConcepts(node)) continue;
          if (j === i && acronymNode >= 0) {
            raw.push({ begin: first.begin, end: first.end, node, acronymNode });
            acronymNode = -1;
          } else {
            raw.push({ begin: first.begin, end: pieces[j]!.end, node, acronymNode: -1 });
          }
        }
        if (acronymNode >= 0) raw.push({ begin: first.begin, end: first.end, node: acronymNode, acronymNode: -1 });
      }
      raw.sort((a, b) => a.begin - b.begin || b.end - a.end);
      const out: TermMatch[] = [];
      let maxEnd = -1;
      for (const m of raw) {
        const nested = m.end <= maxEnd;
        if (m.end > maxEnd) maxEnd = m.end;
        if (nested && longestSpan) continue;
        const tokenStart = tokens.length === 0 ? 0 : tokenAt(tokens, m.begin);
        const tokenEnd = tokens.length === 0 ? 0 : tokenAt(tokens, m.end - 1) + 1;
        const concepts = m.acronymNode < 0 ? kb.nodeConcepts(m.node) : union(kb.nodeConcepts(m.node), kb.nodeConcepts(m.acronymNode));
        out.push({ begin: m.begin, end: m.end, tokenStart, tokenEnd, concepts });
      }
      return out;
    },
  };
}

/**
 * The pieces of `text` with each replaced span's pieces swapped for the pieces of its replacement text,
 * all spanning the original span (so a match over a corrected word reports the word's original offsets).
 */
function replacePieces(normalizer: Normalizer, text: string, replacements: readonly MatchReplacement[]): Piece[] {
  const sorted = [...replacements].sort((a, b) => a.begin - b.begin);
  const out: Piece[] = [];
  let r = 0;
  for (const piece of normalizer.scan(text)) {
    while (r < sorted.length && sorted[r]!.end <= piece.begin) r++;
    const rep = sorted[r];
    if (rep === undefined || piece.end <= rep.begin) {
      out.push(piece);
      continue;
    }
    // The piece lies in (or overlaps) a replaced span: emit the replacement once, at its first piece.
    if (out.length > 0 && out[out.length - 1]!.begin === rep.begin && out[out.length - 1]!.end === rep.end) continue;
    normalizer.scan(rep.text).forEach((p, i) => {
      out.push({ begin: rep.begin, end: rep.end, key: p.key, acronymKey: undefined, breakBefore: i === 0 ? piece.breakBefore : false });
    });
  }
  return out;
}

/** Index of the last token whose begin is <= offset (0 when none). */
function tokenAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]!.begin <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function union(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/**
 * True when the line holding `offset` is an all-caps heading ("ASSESSMENT AND PLAN"): no lower-case
 * letter and at least one run of six or more capitals. Acronym keys are not tried there.
 */
export function inHeadingLine(text: string, offset: number): boolean {
  let start = offset;
  while (start > 0 && text.charCodeAt(start - 1) !== 10) start--;
  let end = offset;
  while (end < text.length && text.charCodeAt(end) !== 10) end++;
  let run = 0;
  let longRun = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) return false;
    if (c >= 65 && c <= 90) {
      run++;
      if (run >= 6) longRun = true;
    } else run = 0;
  }
  return longRun;
}
