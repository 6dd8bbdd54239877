// The corrector's words indexed by their deletions (the symmetric-delete idea of SymSpell), built once
// per vocabulary: every word is filed under each string obtained by deleting up to `maxDeletes` of its
// characters. Two strings within optimal-string-alignment distance k (edit-distance.ts) reach a common
// string by at most k deletions on each side (a substitution or a transposition deletes one character
// on both sides, an insertion one on one side), so the words within k of a query are among those filed
// under the query's own deletions: a lookup hashes those few dozen strings, reads their buckets and
// checks the distance of each word found once. No string is built: a deletion's hash is combined in
// O(1) from prefix hashes of the word (a polynomial hash mod 2^32), and the index is flat typed arrays
// (one 32-bit word per filing: word id and hash fingerprint, bucketed by hash; ~30 MB for 110,000 words, k = 2).

import { boundedDistance } from './edit-distance.js';

/**
 * The index proper: flat arrays and numbers only, so that it can live in shared memory (spell-tables.ts
 * builds it once per knowledge base for every analysis worker) or in a file.
 */
export interface DeleteIndexArrays {
  /** Deletions indexed per word (a search bound may not exceed it). */
  readonly maxDeletes: number;
  readonly maxWordLength: number;
  readonly bucketMask: number;
  readonly fingerprintBits: number;
  readonly idShift: number;
  /** Filings of bucket b: filing[bucketStart[b] .. bucketStart[b + 1] - 1]. */
  readonly bucketStart: Uint32Array;
  /**
   * One filing: the word id in the top bits (from idShift), then the filed string's mixed hash above
   * the bucket bits (fingerprintBits), then 1 when the filing deleted two characters.
   */
  readonly filing: Uint32Array;
  /** Per word: its length, capped at 255 (the length test of a candidate without reading the word). */
  readonly lengths: Uint8Array;
}

/** The arrays, the words they index and a searcher's scratch (one per thread). */
export interface DeleteIndex extends DeleteIndexArrays {
  /** Word `i` of the indexed list. */
  readonly wordAt: (i: number) => string;
  /** Per word: the last search that met it (dedupes a word filed under several of a query's deletions). */
  readonly seen: Int32Array;
  searches: number;
}

/** A searchable index over `arrays`, whose word i is `wordAt(i)`. */
export function deleteIndexOver(arrays: DeleteIndexArrays, wordAt: (i: number) => string): DeleteIndex {
  return { ...arrays, wordAt, seen: new Int32Array(arrays.lengths.length), searches: 0 };
}

/** Words within a bound of a query, optionally restricted to the words `admit` accepts (checked before the distance). */
export interface DeleteSearch {
  readonly query: string;
  readonly bound: number;
  readonly admit?: (wordIndex: number) => boolean;
}

const BASE = 0x01000193;

/** BASE^k mod 2^32 (grown on demand; single-threaded). */
let powers = new Int32Array(0);
/** Scratch: prefix hashes, per-position terms and deletion hashes of the current string. */
let prefix = new Int32Array(64);
let jTerm = new Int32Array(64);
let hashes = new Int32Array(1024);
/** Scratch of a search: each deletion's bucket range and fingerprint. */
let probeStart = new Uint32Array(1024);
let probeEnd = new Uint32Array(1024);
let probeFingerprint = new Uint32Array(1024);

function ensureCapacity(length: number, maxDeletes: number): void {
  if (powers.length <= length) {
    powers = new Int32Array(2 * (length + 1));
    let p = 1;
    for (let k = 0; k < powers.length; k++) {
      powers[k] = p;
      p = Math.imul(p, BASE);
    }
  }
  if (prefix.length <= length) {
    prefix = new Int32Array(2 * (length + 1));
    jTerm = new Int32Array(2 * (length + 1));
  }
  const count = deletionCount(length, maxDeletes);
  if (hashes.length < count) hashes = new Int32Array(2 * count);
}

function deletionCount(length: number, maxDeletes: number): number {
  return 1 + (maxDeletes >= 1 ? length : 0) + (maxDeletes >= 2 ? (length * (length - 1)) / 2 : 0);
}

/**
 * Fills `hashes` with the polynomial hash of `text` and of each string made by deleting one character
 * (when maxDeletes >= 1) and two characters (maxDeletes >= 2), in that order; returns how many.
 * The hash of s is H(s) = sum s[k]·BASE^(|s|-1-k) mod 2^32, so equal strings always hash equally.
 * With prefix hashes P[k] = H(text[0..k)), deleting characters i < j of a text of length n gives
 *   H = P[i]·B^(n-2-i) + H(text[i+1..j))·B^(n-1-j) + H(text[j+1..n))
 *     = (P[i] - P[i+1])·B^(n-2-i)  +  P[j]·B^(n-1-j) + H(text[j+1..n))
 * (as H(text[i+1..j)) = P[j] - P[i+1]·B^(j-i-1)): a term of i plus a term of j, one addition each.
 */
function deletionHashes(text: string, maxDeletes: number): number {
  const n = text.length;
  ensureCapacity(n, maxDeletes);
  prefix[0] = 0;
  for (let k = 0; k < n; k++) prefix[k + 1] = (Math.imul(prefix[k]!, BASE) + text.charCodeAt(k)) | 0;
  const whole = prefix[n]!;
  let count = 0;
  hashes[count++] = whole;
  if (maxDeletes < 1) return count;
  for (let j = 0; j < n; j++) {
    // H(text[j+1..n)), then the term of j: P[j]·B^(n-1-j) + H(text[j+1..n)), which is also the hash with j deleted.
    const tail = (whole - Math.imul(prefix[j + 1]!, powers[n - 1 - j]!)) | 0;
    const term = (Math.imul(prefix[j]!, powers[n - 1 - j]!) + tail) | 0;
    jTerm[j] = term;
    hashes[count++] = term;
  }
  if (maxDeletes < 2) return count;
  for (let i = 0; i + 1 < n; i++) {
    const iTerm = Math.imul(prefix[i]! - prefix[i + 1]!, powers[n - 2 - i]!);
    for (let j = i + 1; j < n; j++) hashes[count++] = (iTerm + jTerm[j]!) | 0;
  }
  return count;
}

/** Finaliser of MurmurHash3: spreads the polynomial hash over all bits. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The build scatters filings into 2^PARTITION_BITS partitions first, then sorts each one (within the cache) by bucket. */
const PARTITION_BITS = 8;

/**
 * Files every word under its deletions of up to `maxDeletes` (0–2) characters. Placing millions of
 * filings straight into their buckets is a cache miss each; instead they are hashed in word order,
 * copied out by partition (a range of buckets; a few hundred sequential streams), and each partition
 * is counting-sorted by bucket within the cache.
 */
export function buildDeleteIndex(words: readonly string[], maxDeletes: number): DeleteIndex {
  return deleteIndexOver(buildDeleteIndexArrays(words, maxDeletes), (i) => words[i]!);
}

/** The index's arrays for `words` (allocate: where they live, e.g. shared memory). */
export function buildDeleteIndexArrays(words: readonly string[], maxDeletes: number, allocate: (bytes: number) => ArrayBufferLike = (n) => new ArrayBuffer(n)): DeleteIndexArrays {
  if (!Number.isInteger(maxDeletes) || maxDeletes < 0 || maxDeletes > 2) throw new RangeError(`maxDeletes must be 0, 1 or 2, got ${maxDeletes}`);
  let filings = 0;
  let maxWordLength = 0;
  for (const w of words) {
    filings += deletionCount(w.length, maxDeletes);
    if (w.length > maxWordLength) maxWordLength = w.length;
  }
  let idBits = 1;
  while (2 ** idBits < words.length) idBits++;
  if (idBits > 24) throw new RangeError(`too many words for a delete index: ${words.length}`);
  let bucketBits = PARTITION_BITS + 2;
  while (bucketBits < 24 && 2 ** bucketBits < filings / 8) bucketBits++;
  const layout = { bucketMask: 2 ** bucketBits - 1, fingerprintBits: Math.min(31 - idBits, 32 - bucketBits), idShift: 32 - idBits };
  const { bucketMask, idShift } = layout;
  const fpShift = 32 - layout.fingerprintBits;
  const partitionShift = bucketBits - PARTITION_BITS;
  const partitions = 2 ** PARTITION_BITS;
  // 1. Every filing's mixed hash, in word order; filings per partition.
  const keys = new Uint32Array(filings);
  const partitionStart = new Uint32Array(partitions + 1);
  let at = 0;
  for (const w of words) {
    const count = deletionHashes(w, maxDeletes);
    for (let k = 0; k < count; k++) {
      const key = mix(hashes[k]!);
      keys[at++] = key;
      partitionStart[((key & bucketMask) >>> partitionShift) + 1]! += 1;
    }
  }
  for (let p = 1; p <= partitions; p++) partitionStart[p]! += partitionStart[p - 1]!;
  // 2. Filings by partition: mixed hash, and the filing less its fingerprint (word id, two-deletions flag).
  const scatteredKey = new Uint32Array(filings);
  const scatteredFiling = new Uint32Array(filings);
  const next = partitionStart.slice(0, partitions);
  at = 0;
  words.forEach((w, id) => {
    const count = deletionCount(w.length, maxDeletes);
    const deep = 1 + w.length; // filings from this one on deleted two characters
    const idPart = id * 2 ** idShift;
    for (let k = 0; k < count; k++) {
      const key = keys[at++]!;
      const to = next[(key & bucketMask) >>> partitionShift]!++;
      scatteredKey[to] = key;
      scatteredFiling[to] = idPart + (k >= deep ? 1 : 0);
    }
  });
  // 3. Each partition counting-sorted by bucket into the final filings.
  const bucketStart = new Uint32Array(allocate((bucketMask + 2) * 4));
  const filing = new Uint32Array(allocate(filings * 4));
  const perPartition = 2 ** partitionShift;
  const localMask = perPartition - 1;
  const local = new Uint32Array(perPartition + 1);
  for (let p = 0; p < partitions; p++) {
    const from = partitionStart[p]!;
    const to = partitionStart[p + 1]!;
    local.fill(0);
    for (let e = from; e < to; e++) local[(scatteredKey[e]! & localMask) + 1]! += 1;
    for (let b = 1; b <= perPartition; b++) local[b]! += local[b - 1]!;
    const firstBucket = p * perPartition;
    for (let b = 0; b < perPartition; b++) bucketStart[firstBucket + b] = from + local[b]!;
    for (let e = from; e < to; e++) {
      const key = scatteredKey[e]!;
      filing[from + local[key & localMask]!++] = scatteredFiling[e]! + ((key >>> fpShift) << 1);
    }
  }
  bucketStart[bucketMask + 1] = filings;
  const lengths = new Uint8Array(allocate(words.length));
  words.forEach((w, i) => { lengths[i] = Math.min(w.length, 255); });
  return { maxDeletes, maxWordLength, ...layout, bucketStart, filing, lengths };
}

/**
 * Calls `found(wordIndex, distance)` once for every admitted word within `bound` of the query
 * (distance 0 included), in no particular order. `bound` must not exceed the index's maxDeletes.
 */
export function searchDeleteIndex(index: DeleteIndex, search: DeleteSearch, found: (wordIndex: number, distance: number) => void): void {
  const { query, bound, admit } = search;
  if (bound > index.maxDeletes) throw new RangeError(`bound ${bound} exceeds the index's ${index.maxDeletes} deletions`);
  const n = query.length;
  if (bound < 0 || n - bound > index.maxWordLength) return;
  const { wordAt, bucketMask, bucketStart, filing, idShift, seen, lengths } = index;
  const fpShift = 32 - index.fingerprintBits;
  const fpMask = 2 ** index.fingerprintBits - 1;
  if (index.searches === 0x7fffffff) {
    seen.fill(0);
    index.searches = 0;
  }
  const stamp = ++index.searches;
  // Deeper filings only meet deeper query deletions: a bound-1 search skips the words' two-character deletions.
  const skipDeep = bound < 2 ? 1 : 0;
  const count = deletionHashes(query, bound);
  // Bucket ranges first: independent loads the processor overlaps (the buckets are spread over megabytes).
  if (probeStart.length < count) {
    probeStart = new Uint32Array(2 * count);
    probeEnd = new Uint32Array(2 * count);
    probeFingerprint = new Uint32Array(2 * count);
  }
  for (let k = 0; k < count; k++) {
    const key = mix(hashes[k]!);
    const b = key & bucketMask;
    probeFingerprint[k] = key >>> fpShift;
    probeStart[k] = bucketStart[b]!;
    probeEnd[k] = bucketStart[b + 1]!;
  }
  for (let k = 0; k < count; k++) {
    const fp = probeFingerprint[k]!;
    for (let e = probeStart[k]!, end = probeEnd[k]!; e < end; e++) {
      const f = filing[e]!;
      if (((f >>> 1) & fpMask) !== fp || (f & skipDeep) !== 0) continue;
      const w = f >>> idShift;
      if (seen[w] === stamp) continue;
      seen[w] = stamp;
      // Length first, from the dense lengths (a capped length of 255 may hide a longer word: read it then).
      const length = lengths[w]!;
      const gap = (length === 255 ? wordAt(w).length : length) - n;
      if (gap > bound || gap < -bound || (admit !== undefined && !admit(w))) continue;
      const d = boundedDistance(query, wordAt(w), bound);
      if (d <= bound) found(w, d);
    }
  }
}
