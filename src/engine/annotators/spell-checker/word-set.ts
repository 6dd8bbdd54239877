// A read-only set of words in flat typed arrays, for the corrector's "is this word known?" test that every
// word of every note goes through. A JS Set of 130,000 strings costs several cache misses per lookup
// (bucket, entry, key string; the key's hash computed on first sight); here a lookup hashes the query's
// characters, reads one 8-byte slot (hash, position of the stored word) and compares the stored word (its
// length, then its characters, contiguous): two memory reads for a known word, usually one for an unknown
// one. Exact: a hit compares every character.

export interface WordSet {
  readonly size: number;
  has(word: string): boolean;
  /** `out[k] = has(words[k]) ? 1 : 0` for every word: the same answers, faster than one `has` after another (see hasEach). */
  hasEach(words: readonly string[], out: Uint8Array): void;
}

/** Scratch of hasEach: each word's hash and the first slot's stored position (grown on demand; single-threaded). */
let batchHashes = new Int32Array(256);
let batchFirst = new Int32Array(256);

/** FNV-1a over UTF-16 code units (32-bit). */
function hashOf(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * Slot s: slots[2s] the word's hash, slots[2s + 1] one past the position of its length in `chars` (0: empty).
 * `chars` holds each stored word as its length (one code unit; longer words are not stored, see `long`)
 * followed by its code units.
 */
function stored(chars: Uint16Array, at: number, word: string): boolean {
  const n = word.length;
  if (chars[at] !== n) return false;
  for (let k = 0; k < n; k++) if (chars[at + 1 + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** A word set's contents: flat arrays (shareable between threads, see spell-tables.ts) and the rare long words. */
export interface WordSetArrays {
  readonly size: number;
  readonly slots: Int32Array;
  readonly chars: Uint16Array;
  /** Words of 65,535 or more code units (none in practice). */
  readonly long: readonly string[];
}

/** The set of `words` (duplicates allowed: each word is stored once). */
export function buildWordSet(words: readonly string[]): WordSet {
  return wordSetOver(buildWordSetArrays(words));
}

/** The arrays of the set of `words` (allocate: where they live, e.g. shared memory). */
export function buildWordSetArrays(words: readonly string[], allocate: (bytes: number) => ArrayBufferLike = (n) => new ArrayBuffer(n)): WordSetArrays {
  let capacity = 16;
  while (capacity < words.length * 2) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(allocate(capacity * 2 * 4));
  let total = 0;
  for (const w of words) total += w.length + 1;
  const chars = new Uint16Array(allocate(total * 2));
  /** Words of 65,535 or more code units (none in practice): a plain Set. */
  const long = new Set<string>();
  let at = 0;
  let size = 0;
  for (const w of words) {
    if (w.length >= 0xffff) {
      if (!long.has(w)) size++;
      long.add(w);
      continue;
    }
    const h = hashOf(w);
    let s = h & mask;
    let present = false;
    for (let p = slots[2 * s + 1]!; p !== 0; s = (s + 1) & mask, p = slots[2 * s + 1]!) {
      if (slots[2 * s] === h && stored(chars, p - 1, w)) {
        present = true;
        break;
      }
    }
    if (present) continue;
    slots[2 * s] = h;
    slots[2 * s + 1] = at + 1;
    chars[at++] = w.length;
    for (let k = 0; k < w.length; k++) chars[at++] = w.charCodeAt(k);
    size++;
  }
  return { size, slots, chars, long: [...long] };
}

/** The set over its arrays. */
export function wordSetOver(arrays: WordSetArrays): WordSet {
  const { size, slots, chars } = arrays;
  const mask = slots.length / 2 - 1;
  const long = new Set(arrays.long);
  /** `has`, from the word's hash. */
  const hasHashed = (word: string, h: number): boolean => {
    if (word.length >= 0xffff) return long.has(word);
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const p = slots[2 * s + 1]!;
      if (p === 0) return false;
      if (slots[2 * s] === h && stored(chars, p - 1, word)) return true;
    }
  };
  return {
    size,
    has: (word) => hasHashed(word, hashOf(word)),
    hasEach(words, out) {
      // A note's words land on slots and stored words spread over megabytes that the rest of a flow has
      // pushed out of the caches: one lookup after another waits for each of those reads in turn. Hashing
      // every word first, then reading every word's first slot, then every stored word a slot points to,
      // in loops whose reads do not depend on one another, lets the processor have many of them in flight
      // at once; the lookups proper then find their memory cached (same-process A/B in the standard flow:
      // spell_checker 0.78-0.83x).
      const n = words.length;
      if (batchHashes.length < n) {
        batchHashes = new Int32Array(2 * n);
        batchFirst = new Int32Array(2 * n);
      }
      for (let k = 0; k < n; k++) batchHashes[k] = hashOf(words[k]!);
      for (let k = 0; k < n; k++) batchFirst[k] = slots[2 * (batchHashes[k]! & mask) + 1]!;
      // (Each stored word's length is written back into the scratch: a read whose value is kept.)
      for (let k = 0; k < n; k++) {
        const p = batchFirst[k]!;
        batchFirst[k] = p === 0 ? 0 : chars[p - 1]!;
      }
      for (let k = 0; k < n; k++) out[k] = hasHashed(words[k]!, batchHashes[k]!) ? 1 : 0;
    },
  };
}
