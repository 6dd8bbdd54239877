// Token-level dictionary matching against the compiled term index: every start piece walks the trie as
// far as the text allows (never across a hard break), so all matches — longest, nested and overlapping —
// are found in one pass; `longestSpan` then drops matches nested inside a longer one (ACD longest_span).
// Text is cut with the knowledge base's own normaliser, so names and text always share one key scheme.
import type { Token } from '../engine/document.js';
import type { CompiledKnowledgeBase, TermIndex } from './kb.js';
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
  /** Surface-table entry of the piece (-1 on the replacement path). */
  entries = new Int32Array(256);
  /** Trie node of the piece alone (the root's child along its token id; -1 when none). */
  rootNodes = new Int32Array(256);
  /** 1 when that node has concepts (the piece alone is a name). */
  rootConcepts = new Uint8Array(256);
  /** Acronym node of the piece (-1 when none, or in an all-caps heading line). */
  acronymNodes = new Int32Array(256);
  breaks = new Uint8Array(256);

  reset(): void {
    this.length = 0;
  }

  push(begin: number, end: number, entry: number, tokenId: number, rootNode: number, rootConcepts: number, acronymNode: number, breakBefore: boolean): void {
    const i = this.length;
    if (i === this.begins.length) this.grow();
    this.begins[i] = begin;
    this.ends[i] = end;
    this.entries[i] = entry;
    this.tokenIds[i] = tokenId;
    this.rootNodes[i] = rootNode;
    this.rootConcepts[i] = rootConcepts;
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
    this.entries = grown(this.entries, (n) => new Int32Array(n));
    this.rootNodes = grown(this.rootNodes, (n) => new Int32Array(n));
    this.rootConcepts = grown(this.rootConcepts, (n) => new Uint8Array(n));
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
    const generation = surfaces.generation;
    scanPieces(text, (begin, end, breakBefore, hash) => {
      let entry = surfaces.find(text, begin, end, hash);
      if (entry < 0) {
        const surface = text.slice(begin, end);
        const tokenId = kb.tokenId(kb.normalizer.pieceKey(surface));
        const rootNode = tokenId < 0 ? -1 : kb.childNode(root, tokenId);
        entry = surfaces.add(surface, hash, tokenId, rootNode, rootNode >= 0 && hasConcepts(rootNode) ? 1 : 0, isAcronymSurface(surface) ? acronymNodeOf(ACRONYM_MARK + surface) : -1);
      }
      const info = surfaces.info;
      const o = entry * INFO_FIELDS;
      const acronymNode = info[o + INFO_ACRONYM_NODE]!;
      rows.push(begin, end, entry, info[o + INFO_TOKEN_ID]!, info[o + INFO_ROOT_NODE]!, info[o + INFO_ROOT_CONCEPTS]!, acronymNode >= 0 && !headings.has(begin) ? acronymNode : -1, breakBefore);
    });
    // The table was emptied during the scan: the earlier pieces' entries name other surfaces now.
    if (surfaces.generation !== generation) rows.entries.fill(-1, 0, rows.length);
  };

  /** Pieces with keys (the replacement path): ids looked up per key. */
  const pieceRows = (text: string, pieces: readonly Piece[]): void => {
    rows.reset();
    const headings = new HeadingLines(text);
    for (const p of pieces) {
      const tokenId = kb.tokenId(p.key);
      const rootNode = tokenId < 0 ? -1 : kb.childNode(root, tokenId);
      rows.push(p.begin, p.end, -1, tokenId, rootNode, rootNode >= 0 && hasConcepts(rootNode) ? 1 : 0, p.acronymKey !== undefined && !headings.has(p.begin) ? acronymNodeOf(p.acronymKey) : -1, p.breakBefore);
    }
  };

  /** All matches, sorted by begin, longer first (see `match`). */
  const walk = (text: string, replacements: readonly MatchReplacement[] | undefined): readonly number[] => {
    const replaced = replacements !== undefined && replacements.length > 0;
    if (replaced) pieceRows(text, replacePieces(kb.normalizer, text, replacements));
    else textRows(text);
    const { begins, ends, entries, tokenIds, rootNodes, rootConcepts, acronymNodes, breaks } = rows;
    const n = rows.length;
    const raw = rawRows;
    raw.reset();
    for (let i = 0; i < n; i++) {
      const groupStart = raw.length;
      const firstBegin = begins[i]!;
      let acronymNode = acronymNodes[i]!;
      // The first step (the piece alone) is remembered per surface: no trie read for it.
      let node = rootNodes[i]!;
      if (node >= 0) {
        if (rootConcepts[i] === 1) {
          raw.push(firstBegin, ends[i]!, node, acronymNode);
          acronymNode = -1;
        }
        for (let j = i + 1; j < n; j++) {
          if (breaks[j] === 1) break;
          const t = tokenIds[j]!;
          if (t < 0) break;
          // The second step (a pair of surfaces) is remembered too; deeper steps read the trie.
          node = j === i + 1 && entries[i]! >= 0 && entries[j]! >= 0 ? surfaces.secondNode(entries[i]!, entries[j]!, kb) : kb.childNode(node, t);
          if (node < 0) break;
          if (hasConcepts(node)) raw.push(firstBegin, ends[j]!, node, -1);
        }
      }
      // Without replacements pieces never overlap: each start piece's matches (ends ascending) reversed,
      // then its acronym-only match (the shortest), leave the list sorted by begin, longer first: no sort.
      if (!replaced) raw.reverseFrom(groupStart);
      if (acronymNode >= 0) raw.push(firstBegin, ends[i]!, acronymNode, -1);
    }
    return replaced ? sortedRaw(raw.take()) : raw.take();
  };

  /**
   * kb.nodeConcepts, remembered for the nodes met last (direct-mapped by node): one list per node, handed
   * to every match of it (TermMatch.concepts is read-only).
   */
  const conceptNodes = new Int32Array(CONCEPT_SLOTS).fill(-1);
  const conceptLists: (readonly number[])[] = new Array<readonly number[]>(CONCEPT_SLOTS).fill([]);
  const nodeConcepts = (node: number): readonly number[] => {
    const slot = Math.imul(node, 0x9e3779b1) >>> (32 - CONCEPT_BITS);
    if (conceptNodes[slot] === node) return conceptLists[slot]!;
    const list = kb.nodeConcepts(node);
    conceptNodes[slot] = node;
    conceptLists[slot] = list;
    return list;
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
      const concepts = acronymNode < 0 ? nodeConcepts(node) : union(nodeConcepts(node), nodeConcepts(acronymNode));
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

/** SurfaceTable.info: numbers per entry, and their offsets. */
const INFO_FIELDS = 4;
const INFO_TOKEN_ID = 0;
const INFO_ROOT_NODE = 1;
const INFO_ROOT_CONCEPTS = 2;
const INFO_ACRONYM_NODE = 3;

/** Slots of the node → concepts memo of termMatches: 2^CONCEPT_BITS. */
const CONCEPT_BITS = 12;
const CONCEPT_SLOTS = 1 << CONCEPT_BITS;

/** Slots of the surface-pair memo (SurfaceTable.secondNode): 2^PAIR_BITS. */
const PAIR_BITS = 14;
const PAIR_SLOTS = 1 << PAIR_BITS;

/** Numbers per slot of the surface-pair memo: first entry, second entry, node. */
const PAIR_FIELDS = 3;

function emptyPairs(): Int32Array {
  const pairs = new Int32Array(PAIR_SLOTS * PAIR_FIELDS);
  for (let o = 0; o < pairs.length; o += PAIR_FIELDS) pairs[o] = -1;
  return pairs;
}

/** Surfaces remembered per matcher; the table is emptied when full (notes reuse a small vocabulary). */
const SURFACE_CACHE_LIMIT = 100_000;

/**
 * Surface → (token id, root node, acronym node) memo, looked up by text offsets: an open-addressing table keyed by
 * a hash of the characters, so a piece is found without cutting it out of the text.
 */
class SurfaceTable {
  /**
   * Per entry, INFO_FIELDS numbers side by side (one memory read serves a piece): its token id, the trie
   * node of the piece alone (-1 when none), 1 when that node has concepts, and its acronym node (-1 when none).
   */
  info = new Int32Array(1024 * INFO_FIELDS);
  private count = 0;
  /** Counts the times the table was emptied (entry indexes are reused after that). */
  generation = 0;
  private surfaces: string[] = [];
  /** Per slot, two numbers: the entry's hash and its index + 1 (0: empty); 2 × a power of two long. */
  private slots = new Int32Array(2 * 1024);
  /**
   * secondNode memo, direct-mapped: per slot, PAIR_FIELDS numbers side by side (a lookup reads one place
   * in memory, not three): the two entries (first -1: empty) and the node.
   */
  private pairs = emptyPairs();

  /**
   * The trie node of surface `first` followed by surface `second` (the child of first's root node along
   * second's token id; both must exist), remembered for the pairs met last: notes repeat word pairs, and
   * the trie's edge lists are large and scattered in memory.
   */
  secondNode(first: number, second: number, kb: TermIndex): number {
    const o = ((Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) >>> (32 - PAIR_BITS)) * PAIR_FIELDS;
    const pairs = this.pairs;
    if (pairs[o] === first && pairs[o + 1] === second) return pairs[o + 2]!;
    const node = kb.childNode(this.info[first * INFO_FIELDS + INFO_ROOT_NODE]!, this.info[second * INFO_FIELDS + INFO_TOKEN_ID]!);
    pairs[o] = first;
    pairs[o + 1] = second;
    pairs[o + 2] = node;
    return node;
  }

  /** The entry of text[begin, end) (`hash`: its hashRange, which the scan computes), or -1. */
  find(text: string, begin: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    const length = end - begin;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const e = slots[2 * slot + 1]! - 1;
      if (e < 0) return -1;
      if (slots[2 * slot] !== hash) continue;
      const surface = this.surfaces[e]!;
      if (surface.length !== length) continue;
      let k = 0;
      while (k < length && surface.charCodeAt(k) === text.charCodeAt(begin + k)) k++;
      if (k === length) return e;
    }
  }

  /** Adds `surface` (`hash`: its hashRange) with its numbers; returns its entry. */
  add(surface: string, hash: number, tokenId: number, rootNode: number, rootConcepts: number, acronymNode: number): number {
    if (this.count >= SURFACE_CACHE_LIMIT) this.clear();
    const e = this.count++;
    this.surfaces.push(surface);
    if ((e + 1) * INFO_FIELDS > this.info.length) {
      const grown = new Int32Array(this.info.length * 2);
      grown.set(this.info);
      this.info = grown;
    }
    const o = e * INFO_FIELDS;
    this.info[o + INFO_TOKEN_ID] = tokenId;
    this.info[o + INFO_ROOT_NODE] = rootNode;
    this.info[o + INFO_ROOT_CONCEPTS] = rootConcepts;
    this.info[o + INFO_ACRONYM_NODE] = acronymNode;
    if (2 * this.count > this.slots.length >> 1) this.rehash(this.slots.length);
    this.place(this.slots, hash, e);
    return e;
  }

  private place(slots: Int32Array, hash: number, e: number): void {
    const mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    slots[2 * slot] = hash;
    slots[2 * slot + 1] = e + 1;
  }

  /** Doubles the slot table (`size`: the new number of slots), re-placing every entry. */
  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(2 * size);
    for (let s = 0; s < old.length; s += 2) if (old[s + 1] !== 0) this.place(this.slots, old[s]!, old[s + 1]! - 1);
  }

  private clear(): void {
    this.generation++;
    this.count = 0;
    this.surfaces = [];
    this.slots = new Int32Array(2 * 1024);
    this.pairs = emptyPairs();
  }
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
