// Token-level dictionary matching against the compiled term index: every start piece walks the trie as
// far as the text allows (never across a hard break), so all matches — longest, nested and overlapping —
// are found in one pass; `longestSpan` then drops matches nested inside a longer one (ACD longest_span).
// Text is cut with the knowledge base's own normaliser, so names and text always share one key scheme.
import type { Token } from '../engine/document.js';
import type { CompiledKnowledgeBase } from './kb.js';
import { ACRONYM_MARK, isAcronymSurface, scanPieces, type Normalizer, type Piece } from './normalize.js';

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
  /**
   * The trie walk of `match` alone (no replacements): every match found, before the longest-span cut and
   * before tokens and concepts are read. `termMatches(scan, longestSpan)` then gives what `match` gives
   * for that option, so one walk serves both kinds.
   */
  scan(text: string, tokens: readonly Token[]): MatchScan;
  termMatches(scan: MatchScan, longestSpan: boolean): TermMatch[];
}

/** Opaque result of ConceptMatcher.scan. */
export interface MatchScan {
  readonly raw: readonly RawMatch[];
  readonly tokens: readonly Token[];
}

/** One match of the trie walk (exported for MatchScan only). */
export interface RawMatch {
  begin: number;
  end: number;
  /** Trie node of the name (concepts are read only for matches that are kept). */
  node: number;
  /** Node of the case-sensitive acronym key for the same span, or -1. */
  acronymNode: number;
}

/** The pieces of a text as the trie walk reads them, in parallel arrays. */
interface PieceRows {
  readonly begins: number[];
  readonly ends: number[];
  readonly tokenIds: number[];
  /** Acronym node of the piece (-1 when none, or in an all-caps heading line). */
  readonly acronymNodes: number[];
  readonly breaks: boolean[];
}

export function createMatcher(kb: CompiledKnowledgeBase, options: MatcherOptions = {}): ConceptMatcher {
  const longestSpan = options.longestSpan ?? true;
  const root = kb.rootNode;
  const hasConcepts = (node: number): boolean => kb.nodeConceptCount(node) > 0;
  const acronymNodeOf = (acronymKey: string): number => {
    const t = kb.tokenId(acronymKey);
    const node = t < 0 ? -1 : kb.childNode(root, t);
    return node >= 0 && hasConcepts(node) ? node : -1;
  };
  const surfaces = new SurfaceTable();

  /** The pieces of the text itself (no replacements): offsets from the normaliser's scan, ids memoised by surface. */
  const textRows = (text: string): PieceRows => {
    const rows: PieceRows = { begins: [], ends: [], tokenIds: [], acronymNodes: [], breaks: [] };
    const headings = new HeadingLines(text);
    scanPieces(text, (begin, end, breakBefore) => {
      let entry = surfaces.find(text, begin, end);
      if (entry < 0) {
        const surface = text.slice(begin, end);
        const tokenId = kb.tokenId(kb.normalizer.pieceKey(surface));
        entry = surfaces.add(surface, tokenId, isAcronymSurface(surface) ? acronymNodeOf(ACRONYM_MARK + surface) : -1);
      }
      const acronymNode = surfaces.acronymNodes[entry]!;
      rows.begins.push(begin);
      rows.ends.push(end);
      rows.tokenIds.push(surfaces.tokenIds[entry]!);
      rows.acronymNodes.push(acronymNode >= 0 && !headings.has(begin) ? acronymNode : -1);
      rows.breaks.push(breakBefore);
    });
    return rows;
  };

  /** Pieces with keys (the replacement path): ids looked up per key. */
  const pieceRows = (text: string, pieces: readonly Piece[]): PieceRows => {
    const rows: PieceRows = { begins: [], ends: [], tokenIds: [], acronymNodes: [], breaks: [] };
    const headings = new HeadingLines(text);
    for (const p of pieces) {
      rows.begins.push(p.begin);
      rows.ends.push(p.end);
      rows.tokenIds.push(kb.tokenId(p.key));
      rows.acronymNodes.push(p.acronymKey !== undefined && !headings.has(p.begin) ? acronymNodeOf(p.acronymKey) : -1);
      rows.breaks.push(p.breakBefore);
    }
    return rows;
  };

  /** All matches, sorted by begin, longer first (see `match`). */
  const walk = (text: string, replacements: readonly MatchReplacement[] | undefined): RawMatch[] => {
    const replaced = replacements !== undefined && replacements.length > 0;
    const rows = replaced ? pieceRows(text, replacePieces(kb.normalizer, text, replacements)) : textRows(text);
    const { begins, ends, tokenIds, acronymNodes, breaks } = rows;
    const n = begins.length;
    const raw: RawMatch[] = [];
    for (let i = 0; i < n; i++) {
      const groupStart = raw.length;
      const firstBegin = begins[i]!;
      let acronymNode = acronymNodes[i]!;
      let node = root;
      for (let j = i; j < n; j++) {
        if (j > i && breaks[j]) break;
        const t = tokenIds[j]!;
        if (t < 0) break;
        node = kb.childNode(node, t);
        if (node < 0) break;
        if (!hasConcepts(node)) continue;
        if (j === i && acronymNode >= 0) {
          raw.push({ begin: firstBegin, end: ends[i]!, node, acronymNode });
          acronymNode = -1;
        } else {
          raw.push({ begin: firstBegin, end: ends[j]!, node, acronymNode: -1 });
        }
      }
      // Without replacements pieces never overlap: each start piece's matches (ends ascending) reversed,
      // then its acronym-only match (the shortest), leave `raw` sorted by begin, longer first: no sort.
      if (!replaced) reverseFrom(raw, groupStart);
      if (acronymNode >= 0) raw.push({ begin: firstBegin, end: ends[i]!, node: acronymNode, acronymNode: -1 });
    }
    if (replaced) raw.sort((a, b) => a.begin - b.begin || b.end - a.end);
    return raw;
  };

  /** The kept matches with their tokens and concepts (`longest`: matches nested in an earlier, longer one are dropped). */
  const termMatches = (raw: readonly RawMatch[], tokens: readonly Token[], longest: boolean): TermMatch[] => {
    const out: TermMatch[] = [];
    let maxEnd = -1;
    for (const m of raw) {
      const nested = m.end <= maxEnd;
      if (m.end > maxEnd) maxEnd = m.end;
      if (nested && longest) continue;
      const tokenStart = tokens.length === 0 ? 0 : tokenAt(tokens, m.begin);
      const tokenEnd = tokens.length === 0 ? 0 : tokenAt(tokens, m.end - 1) + 1;
      const concepts = m.acronymNode < 0 ? kb.nodeConcepts(m.node) : union(kb.nodeConcepts(m.node), kb.nodeConcepts(m.acronymNode));
      out.push({ begin: m.begin, end: m.end, tokenStart, tokenEnd, concepts });
    }
    return out;
  };

  return {
    match: (text, tokens, replacements) => termMatches(walk(text, replacements), tokens, longestSpan),
    scan: (text, tokens) => ({ raw: walk(text, undefined), tokens }),
    termMatches: (scan, longest) => termMatches(scan.raw, scan.tokens, longest),
  };
}

/** Surfaces remembered per matcher; the table is emptied when full (notes reuse a small vocabulary). */
const SURFACE_CACHE_LIMIT = 100_000;

/**
 * Surface → (token id, acronym node) memo, looked up by text offsets: an open-addressing table keyed by
 * a hash of the characters, so a piece is found without cutting it out of the text.
 */
class SurfaceTable {
  readonly tokenIds: number[] = [];
  readonly acronymNodes: number[] = [];
  private surfaces: string[] = [];
  private hashes: number[] = [];
  /** Entry index + 1 per slot (0: empty); the length is a power of two. */
  private slots = new Int32Array(1024);

  /** The entry of text[begin, end), or -1. */
  find(text: string, begin: number, end: number): number {
    const hash = hashRange(text, begin, end);
    const mask = this.slots.length - 1;
    const length = end - begin;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const e = this.slots[slot]! - 1;
      if (e < 0) return -1;
      if (this.hashes[e] !== hash) continue;
      const surface = this.surfaces[e]!;
      if (surface.length !== length) continue;
      let k = 0;
      while (k < length && surface.charCodeAt(k) === text.charCodeAt(begin + k)) k++;
      if (k === length) return e;
    }
  }

  add(surface: string, tokenId: number, acronymNode: number): number {
    if (this.surfaces.length >= SURFACE_CACHE_LIMIT) this.clear();
    const e = this.surfaces.length;
    this.surfaces.push(surface);
    this.hashes.push(hashRange(surface, 0, surface.length));
    this.tokenIds.push(tokenId);
    this.acronymNodes.push(acronymNode);
    if (2 * this.surfaces.length > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(e);
    return e;
  }

  private place(e: number): void {
    const mask = this.slots.length - 1;
    let slot = this.hashes[e]! & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = e + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let e = 0; e < this.surfaces.length; e++) this.place(e);
  }

  private clear(): void {
    this.surfaces = [];
    this.hashes = [];
    this.tokenIds.length = 0;
    this.acronymNodes.length = 0;
    this.slots = new Int32Array(1024);
  }
}

/** FNV-1a over UTF-16 units. */
function hashRange(text: string, begin: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = begin; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** inHeadingLine answered once per line of one text (pieces are visited in text order). */
class HeadingLines {
  private lineStart = 0;
  private lineEnd = -1;
  private heading = false;

  constructor(private readonly text: string) {}

  has(offset: number): boolean {
    if (offset > this.lineEnd || offset < this.lineStart) {
      this.lineStart = lineStartOf(this.text, offset);
      this.lineEnd = lineEndOf(this.text, offset);
      this.heading = isHeadingLine(this.text, this.lineStart, this.lineEnd);
    }
    return this.heading;
  }
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

/** Reverses list[from..] in place. */
function reverseFrom<T>(list: T[], from: number): void {
  for (let a = from, b = list.length - 1; a < b; a++, b--) {
    const x = list[a]!;
    list[a] = list[b]!;
    list[b] = x;
  }
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
  return isHeadingLine(text, lineStartOf(text, offset), lineEndOf(text, offset));
}

function lineStartOf(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && text.charCodeAt(start - 1) !== 10) start--;
  return start;
}

function lineEndOf(text: string, offset: number): number {
  let end = offset;
  while (end < text.length && text.charCodeAt(end) !== 10) end++;
  return end;
}

function isHeadingLine(text: string, start: number, end: number): boolean {
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
