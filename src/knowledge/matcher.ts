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
  /** The walk's matches, sorted by begin, longer first: RAW_FIELDS numbers each (begin, end, node, acronym node). */
  readonly raw: readonly number[];
  readonly tokens: readonly Token[];
}

/** One match of the trie walk (the replacement path builds these, then packs them). */
interface RawMatch {
  begin: number;
  end: number;
  /** Trie node of the name (concepts are read only for matches that are kept). */
  node: number;
  /** Node of the case-sensitive acronym key for the same span, or -1. */
  acronymNode: number;
}

/** Numbers per match in MatchScan.raw: begin, end, node, acronym node (-1 when none). */
const RAW_FIELDS = 4;

/**
 * The pieces of a text as the trie walk reads them, in parallel typed arrays, reused from walk to walk
 * (a walk is synchronous and its rows are read before it returns).
 */
class PieceRows {
  length = 0;
  begins = new Int32Array(256);
  ends = new Int32Array(256);
  tokenIds = new Int32Array(256);
  /** Acronym node of the piece (-1 when none, or in an all-caps heading line). */
  acronymNodes = new Int32Array(256);
  breaks = new Uint8Array(256);

  reset(): void {
    this.length = 0;
  }

  push(begin: number, end: number, tokenId: number, acronymNode: number, breakBefore: boolean): void {
    const i = this.length;
    if (i === this.begins.length) this.grow();
    this.begins[i] = begin;
    this.ends[i] = end;
    this.tokenIds[i] = tokenId;
    this.acronymNodes[i] = acronymNode;
    this.breaks[i] = breakBefore ? 1 : 0;
    this.length = i + 1;
  }

  private grow(): void {
    const size = this.begins.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.begins = grown(this.begins, (n) => new Int32Array(n));
    this.ends = grown(this.ends, (n) => new Int32Array(n));
    this.tokenIds = grown(this.tokenIds, (n) => new Int32Array(n));
    this.acronymNodes = grown(this.acronymNodes, (n) => new Int32Array(n));
    this.breaks = grown(this.breaks, (n) => new Uint8Array(n));
  }
}

/**
 * Matches of one walk, RAW_FIELDS numbers each, in a plain array reused from walk to walk; `take` copies
 * them out (a plain array: a typed array of this size would get an off-heap buffer of its own).
 */
class RawRows {
  length = 0;
  readonly data: number[] = [];

  reset(): void {
    this.length = 0;
    this.data.length = 0;
  }

  push(begin: number, end: number, node: number, acronymNode: number): void {
    this.data.push(begin, end, node, acronymNode);
    this.length++;
  }

  /** Reverses the matches from index `from` to the end, in place. */
  reverseFrom(from: number): void {
    const d = this.data;
    for (let a = from, b = this.length - 1; a < b; a++, b--) {
      const oa = a * RAW_FIELDS;
      const ob = b * RAW_FIELDS;
      for (let f = 0; f < RAW_FIELDS; f++) {
        const x = d[oa + f]!;
        d[oa + f] = d[ob + f]!;
        d[ob + f] = x;
      }
    }
  }

  take(): number[] {
    return this.data.slice();
  }
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
  const rows = new PieceRows();
  const rawRows = new RawRows();

  /** The pieces of the text itself (no replacements): offsets from the normaliser's scan, ids memoised by surface. */
  const textRows = (text: string): void => {
    rows.reset();
    const headings = new HeadingLines(text);
    scanPieces(text, (begin, end, breakBefore) => {
      let entry = surfaces.find(text, begin, end);
      if (entry < 0) {
        const surface = text.slice(begin, end);
        const tokenId = kb.tokenId(kb.normalizer.pieceKey(surface));
        entry = surfaces.add(surface, tokenId, isAcronymSurface(surface) ? acronymNodeOf(ACRONYM_MARK + surface) : -1);
      }
      const acronymNode = surfaces.acronymNodes[entry]!;
      rows.push(begin, end, surfaces.tokenIds[entry]!, acronymNode >= 0 && !headings.has(begin) ? acronymNode : -1, breakBefore);
    });
  };

  /** Pieces with keys (the replacement path): ids looked up per key. */
  const pieceRows = (text: string, pieces: readonly Piece[]): void => {
    rows.reset();
    const headings = new HeadingLines(text);
    for (const p of pieces) {
      rows.push(p.begin, p.end, kb.tokenId(p.key), p.acronymKey !== undefined && !headings.has(p.begin) ? acronymNodeOf(p.acronymKey) : -1, p.breakBefore);
    }
  };

  /** All matches, sorted by begin, longer first (see `match`). */
  const walk = (text: string, replacements: readonly MatchReplacement[] | undefined): readonly number[] => {
    const replaced = replacements !== undefined && replacements.length > 0;
    if (replaced) pieceRows(text, replacePieces(kb.normalizer, text, replacements));
    else textRows(text);
    const { begins, ends, tokenIds, acronymNodes, breaks } = rows;
    const n = rows.length;
    const raw = rawRows;
    raw.reset();
    for (let i = 0; i < n; i++) {
      const groupStart = raw.length;
      const firstBegin = begins[i]!;
      let acronymNode = acronymNodes[i]!;
      let node = root;
      for (let j = i; j < n; j++) {
        if (j > i && breaks[j] === 1) break;
        const t = tokenIds[j]!;
        if (t < 0) break;
        node = kb.childNode(node, t);
        if (node < 0) break;
        if (!hasConcepts(node)) continue;
        if (j === i && acronymNode >= 0) {
          raw.push(firstBegin, ends[i]!, node, acronymNode);
          acronymNode = -1;
        } else {
          raw.push(firstBegin, ends[j]!, node, -1);
        }
      }
      // Without replacements pieces never overlap: each start piece's matches (ends ascending) reversed,
      // then its acronym-only match (the shortest), leave the list sorted by begin, longer first: no sort.
      if (!replaced) raw.reverseFrom(groupStart);
      if (acronymNode >= 0) raw.push(firstBegin, ends[i]!, acronymNode, -1);
    }
    return replaced ? sortedRaw(raw.take()) : raw.take();
  };

  /** The kept matches with their tokens and concepts (`longest`: matches nested in an earlier, longer one are dropped). */
  const termMatches = (raw: readonly number[], tokens: readonly Token[], longest: boolean): TermMatch[] => {
    const out: TermMatch[] = [];
    let maxEnd = -1;
    // Matches come by begin: the token of each begin is found by walking forward from the previous one,
    // the token of its end by walking forward from there (a match covers a few tokens). Both give what
    // tokenAt (binary search) gives.
    let cursor = 0;
    for (let o = 0; o < raw.length; o += RAW_FIELDS) {
      const begin = raw[o]!;
      const end = raw[o + 1]!;
      const nested = end <= maxEnd;
      if (end > maxEnd) maxEnd = end;
      if (nested && longest) continue;
      const node = raw[o + 2]!;
      const acronymNode = raw[o + 3]!;
      let tokenStart = 0;
      let tokenEnd = 0;
      if (tokens.length > 0) {
        if (tokens[cursor]!.begin > begin) cursor = tokenAt(tokens, begin); // not ascending (never, but stay exact)
        while (cursor + 1 < tokens.length && tokens[cursor + 1]!.begin <= begin) cursor++;
        tokenStart = cursor;
        let last = cursor;
        while (last + 1 < tokens.length && tokens[last + 1]!.begin <= end - 1) last++;
        tokenEnd = last + 1;
      }
      const concepts = acronymNode < 0 ? kb.nodeConcepts(node) : union(kb.nodeConcepts(node), kb.nodeConcepts(acronymNode));
      out.push({ begin, end, tokenStart, tokenEnd, concepts });
    }
    return out;
  };

  return {
    match: (text, tokens, replacements) => termMatches(walk(text, replacements), tokens, longestSpan),
    scan: (text, tokens) => ({ raw: walk(text, undefined), tokens }),
    termMatches: (scan, longest) => termMatches(scan.raw, scan.tokens, longest),
  };
}

/** Packed matches sorted by begin, longer first (stable: equal spans keep their order). */
function sortedRaw(packed: readonly number[]): number[] {
  const list: RawMatch[] = [];
  for (let o = 0; o < packed.length; o += RAW_FIELDS) {
    list.push({ begin: packed[o]!, end: packed[o + 1]!, node: packed[o + 2]!, acronymNode: packed[o + 3]! });
  }
  list.sort((a, b) => a.begin - b.begin || b.end - a.end);
  const out: number[] = [];
  for (const m of list) out.push(m.begin, m.end, m.node, m.acronymNode);
  return out;
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

/**
 * FNV-1a over the length and up to six UTF-16 units of the range (the first three, the middle one and
 * the last two): a piece's surface is compared in full on a hash hit anyway, so sampling its characters
 * keeps the table exact while reading each surface about once instead of twice.
 */
function hashRange(text: string, begin: number, end: number): number {
  const n = end - begin;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  if (n <= 6) {
    for (let i = begin; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h >>> 0;
  }
  h = Math.imul(h ^ text.charCodeAt(begin), 0x01000193);
  h = Math.imul(h ^ text.charCodeAt(begin + 1), 0x01000193);
  h = Math.imul(h ^ text.charCodeAt(begin + 2), 0x01000193);
  h = Math.imul(h ^ text.charCodeAt(begin + (n >> 1)), 0x01000193);
  h = Math.imul(h ^ text.charCodeAt(end - 2), 0x01000193);
  h = Math.imul(h ^ text.charCodeAt(end - 1), 0x01000193);
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
