// The term index's piece keys as flat arrays that threads can share: every key's UTF-16 code units in one
// array, their start offsets, and an open-addressing hash table of key ids (linear probing, at most half
// full). A Map of a UMLS-size key set costs each analysis worker ~100 MB of its own heap; these arrays,
// in SharedArrayBuffers, are held once per process whatever the number of workers.
export interface TokenTable {
  /** UTF-16 code units of all keys, key i at chars[starts[i] .. starts[i + 1]). */
  readonly chars: Uint16Array;
  readonly starts: Int32Array;
  /** Key ids by hash slot; -1 is empty. Its length is a power of two. */
  readonly slots: Int32Array;
}

/** FNV-1a over UTF-16 code units. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function slotCount(keys: number): number {
  let n = 2;
  while (n < keys * 2) n *= 2;
  return n;
}

/** Shared memory when the platform has it (analysis workers), plain memory otherwise. */
export function allocateShared(bytes: number): ArrayBufferLike {
  return typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/** The table of `keys` (key i gets id i). */
export function buildTokenTable(keys: readonly string[], allocate: (bytes: number) => ArrayBufferLike = allocateShared): TokenTable {
  let total = 0;
  for (const k of keys) total += k.length;
  const chars = new Uint16Array(allocate(total * 2));
  const starts = new Int32Array(allocate((keys.length + 1) * 4));
  let at = 0;
  keys.forEach((k, i) => {
    starts[i] = at;
    for (let c = 0; c < k.length; c++) chars[at + c] = k.charCodeAt(c);
    at += k.length;
  });
  starts[keys.length] = at;
  const slots = new Int32Array(allocate(slotCount(keys.length) * 4)).fill(-1);
  const mask = slots.length - 1;
  keys.forEach((k, i) => {
    let s = hashOf(k) & mask;
    while (slots[s] !== -1) s = (s + 1) & mask;
    slots[s] = i;
  });
  return { chars, starts, slots };
}

/** The id of `key`, or -1. */
export function tokenIdIn(table: TokenTable, key: string): number {
  const { chars, starts, slots } = table;
  const mask = slots.length - 1;
  const length = key.length;
  for (let s = hashOf(key) & mask; ; s = (s + 1) & mask) {
    const id = slots[s]!;
    if (id < 0) return -1;
    const begin = starts[id]!;
    if (starts[id + 1]! - begin !== length) continue;
    let i = 0;
    while (i < length && chars[begin + i] === key.charCodeAt(i)) i++;
    if (i === length) return id;
  }
}

export function tokenCount(table: TokenTable): number {
  return table.starts.length - 1;
}

/** The key of id `id`. */
export function tokenKey(table: TokenTable, id: number): string {
  return String.fromCharCode(...table.chars.subarray(table.starts[id]!, table.starts[id + 1]!));
}
