// Lexicon keys as small integers, shared by every phrase trie of the engine (the clinical annotators'
// symptom-disease/phrase-trie.ts and medication/phrase-trie.ts, model_broker's cue phrases, the ConText
// trigger trie): each lower-cased token text that some compiled trie uses gets an id
// once, and a token list gets each token's id (-1: no trie uses its text) in one pass, the first time any
// trie reads it. The tries then step by integer (an array read at the root) instead of hashing the token's
// text again in each of the dozen tries that look at it. Ids only grow; a token list whose ids were taken
// before a newer trie was compiled gets them again.
import type { Token } from '../document.js';

/**
 * Every key of every compiled trie: an open-addressing table in typed arrays, 4 Int32 per slot (FNV-1a hash
 * of the text, id, offset of its characters in `chars`, length; -1 id: empty), probed without touching a
 * JS Map or string object: a token is hashed from its characters and settled by one slot read, plus one
 * read of the stored characters when the slot's hash and length agree.
 */
const keys: string[] = [];
let slots = new Int32Array(64 * 4).fill(-1);
let mask = 63;
let chars = new Uint16Array(256);
let charCount = 0;

function hashOf(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

function find(key: string, h: number): number {
  const n = key.length;
  for (let s = h & mask; ; s = (s + 1) & mask) {
    const base = s * 4;
    const id = slots[base + 1]!;
    if (id < 0) return -1;
    if (slots[base] !== h || slots[base + 3] !== n) continue;
    const from = slots[base + 2]!;
    let k = 0;
    while (k < n && chars[from + k] === key.charCodeAt(k)) k++;
    if (k === n) return id;
  }
}

function place(id: number, h: number, offset: number, length: number): void {
  let s = h & mask;
  while (slots[s * 4 + 1]! >= 0) s = (s + 1) & mask;
  slots[s * 4] = h;
  slots[s * 4 + 1] = id;
  slots[s * 4 + 2] = offset;
  slots[s * 4 + 3] = length;
}

/** The id of a lexicon key (assigned on first use, at compile time). */
export function lexiconKeyId(key: string): number {
  const h = hashOf(key);
  const found = find(key, h);
  if (found >= 0) return found;
  const id = keys.length;
  keys.push(key);
  if (charCount + key.length > chars.length) {
    const grown = new Uint16Array(2 * (charCount + key.length));
    grown.set(chars.subarray(0, charCount));
    chars = grown;
  }
  const offset = charCount;
  for (let k = 0; k < key.length; k++) chars[charCount++] = key.charCodeAt(k);
  if (keys.length * 2 > mask + 1) {
    const size = 2 * (mask + 1);
    slots = new Int32Array(size * 4).fill(-1);
    mask = size - 1;
    let at = 0;
    keys.forEach((k, i) => {
      place(i, hashOf(k), at, k.length);
      at += k.length;
    });
  } else place(id, h, offset, key.length);
  return id;
}

/** The id of a lexicon key already assigned one, else -1 (assigns nothing). */
export function knownKeyId(key: string): number {
  return find(key, hashOf(key));
}

/** How many keys have ids (a trie's root array covers the ids up to this when it is compiled). */
export function lexiconKeyCount(): number {
  return keys.length;
}

interface TokenKeys {
  /** lexiconKeyCount() when the ids were taken. */
  readonly known: number;
  readonly ids: Int32Array;
}

// The ids of the last token list asked for: the annotators of one flow run one after another on one
// Document, so they all hit it. (Not a WeakMap keyed by token lists: many short-lived WeakMap keys cost
// the busy worker's young-generation collections dearly; see Document.derived.)
let lastTokens: readonly Token[] | undefined;
let lastKeys: TokenKeys | undefined;

/** Each token's key id, or -1 when no compiled trie has a key for its text (computed once per token list). */
export function tokenKeyIds(tokens: readonly Token[]): Int32Array {
  let found = lastKeys;
  if (tokens !== lastTokens || found === undefined || found.known !== keys.length || found.ids.length !== tokens.length) {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const lower = tokens[i]!.lower;
      out[i] = find(lower, hashOf(lower));
    }
    found = { known: keys.length, ids: out };
    lastTokens = tokens;
    lastKeys = found;
  }
  return found.ids;
}
