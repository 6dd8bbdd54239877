// Builds the ACD response container (reference §4) from an analysed Document.
// - `data` is keyed by layer: first the keys the flow's annotators produce (as empty arrays when they
//   found nothing, reference §4.2), then any other layer (e.g. annotations the request carried).
// - Annotations are listed by (begin, end); every annotation of the response gets a `uid` > 0, unique in
//   the response, in document order (all layers merged), starting at 2 like the ACD samples.
// - References are object identity: a nested value that is an annotation of the Document is written
//   `{ "uid": n }`; a field `uid` whose value is an annotation is written as that annotation's uid
//   (evidence spans); a reference to an annotation no longer in the Document is dropped.
// - `negated: false` is added to every annotation once negation ran, `hypothetical: false` once
//   hypothetical ran (unless set).
// - `return_analyzed_text=false`: `text` is omitted and every string of `data` and of the echoed
//   `metadata` is HTML-entity encoded (`&`, `<`, `>`, `"`, `'`); offsets are unchanged (they refer to
//   the original text). Container `id` / `type` are echoed as sent.
//   `true`: `text` is echoed and nothing is encoded.
// - Key order: `type`, `uid`, `begin`, `end`, `coveredText`, then the other fields as the annotator set
//   them. Fields whose name starts with `_` are internal and never written, at any depth.
import type { Annotation, Document } from './document.js';

export interface UidCounter {
  next(): number;
}

/** One counter per response: uids stay unique across its containers. */
export function createUidCounter(first = 2): UidCounter {
  let n = first;
  return { next: () => n++ };
}

export interface SerializeOptions {
  readonly returnAnalyzedText: boolean;
  /** Layer keys written even when empty (the keys the flow's annotators produce), in this order. */
  readonly producedKeys?: readonly string[];
  /** Ids of the annotators that ran (negation / hypothetical add their default flags). */
  readonly ran?: ReadonlySet<string>;
  readonly uids?: UidCounter;
}

/** Container fields echoed from the request. */
export interface ContainerEcho {
  readonly id?: string;
  readonly type?: string;
  readonly metadata?: unknown;
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

const REFERENCE_FIELDS: ReadonlySet<string> = new Set(['concept', 'conceptValue', 'derivedFrom', 'entity']);
const LEADING_KEYS = ['type', 'uid', 'begin', 'end', 'coveredText'] as const;

function isSpan(a: unknown): a is Annotation {
  return isRecord(a) && typeof a.begin === 'number' && typeof a.end === 'number';
}
const MAX_DEPTH = 32;

/** HTML-entity encodes `& < > " '` (the characters ACD encodes at least, reference §2.3). */
export function encodeHtml(value: string): string {
  let i = 0;
  for (; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x26 || c === 0x3c || c === 0x3e || c === 0x22 || c === 0x27) break;
  }
  if (i === value.length) return value;
  let out = value.slice(0, i);
  for (; i < value.length; i++) {
    const c = value.charCodeAt(i);
    switch (c) {
      case 0x26: out += '&amp;'; break;
      case 0x3c: out += '&lt;'; break;
      case 0x3e: out += '&gt;'; break;
      case 0x22: out += '&quot;'; break;
      case 0x27: out += '&#39;'; break;
      default: out += value[i];
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function position(a: Annotation, field: 'begin' | 'end'): number {
  const v = a[field];
  return typeof v === 'number' ? v : 0;
}

export function serializeDocument(doc: Document, options: SerializeOptions, echo: ContainerEcho = {}): JsonObject {
  const uids = options.uids ?? createUidCounter();
  const encode = options.returnAnalyzedText ? (s: string): string => s : encodeHtml;

  // Layers in output order, each sorted by (begin, end); stable for equal spans.
  const keys = [...(options.producedKeys ?? [])];
  for (const key of doc.layers.keys()) if (!keys.includes(key)) keys.push(key);
  const layers = keys.map((key) => {
    const list = [...(doc.layers.get(key) ?? [])];
    list.sort((a, b) => position(a, 'begin') - position(b, 'begin') || position(a, 'end') - position(b, 'end'));
    return { key, list };
  });

  // Uids in document order over all layers.
  const all = layers.flatMap(({ list }, layerIndex) => list.map((a, i) => ({ a, layerIndex, i })));
  all.sort((x, y) => position(x.a, 'begin') - position(y.a, 'begin') || position(x.a, 'end') - position(y.a, 'end')
    || x.layerIndex - y.layerIndex || x.i - y.i);
  // Only span annotations get uids and context flags; span-less records (spellCorrectedText) are data.
  const uidOf = new Map<Annotation, number>();
  for (const { a } of all) if (isSpan(a) && !uidOf.has(a)) uidOf.set(a, uids.next());

  const negationRan = options.ran?.has('negation') === true;
  const hypotheticalRan = options.ran?.has('hypothetical') === true;

  const value = (v: unknown, field: string, depth: number): JsonValue | undefined => {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (typeof v === 'string') return encode(v);
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'boolean' || v === null) return v;
    if (typeof v === 'bigint') return v.toString();
    if (depth > MAX_DEPTH) return undefined;
    if (Array.isArray(v)) {
      const out: JsonValue[] = [];
      for (const item of v) {
        const w = value(item, field, depth + 1);
        if (w !== undefined) out.push(w);
      }
      return out;
    }
    if (isRecord(v)) {
      const uid = uidOf.get(v as Annotation);
      if (uid !== undefined) return field === 'uid' ? uid : { uid };
      // A reference to an annotation that was removed from the Document.
      if (REFERENCE_FIELDS.has(field) && typeof v.type === 'string' && typeof v.begin === 'number') return undefined;
      return object(v, depth + 1);
    }
    return undefined;
  };

  const object = (record: Record<string, unknown>, depth: number): JsonObject => {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(record)) {
      if (k.startsWith('_')) continue;
      const w = value(v, k, depth);
      if (w !== undefined) out[k] = w;
    }
    return out;
  };

  const annotation = (a: Annotation): JsonObject => {
    if (!isSpan(a)) return object(a, 1);
    const out: JsonObject = {};
    for (const k of LEADING_KEYS) {
      if (k === 'uid') {
        out.uid = uidOf.get(a) as number;
        continue;
      }
      const w = value(a[k], k, 1);
      if (w !== undefined) out[k] = w;
    }
    for (const [k, v] of Object.entries(a)) {
      if (k.startsWith('_') || k === 'uid' || out[k] !== undefined) continue;
      const w = value(v, k, 1);
      if (w !== undefined) out[k] = w;
    }
    if (negationRan && out.negated === undefined) out.negated = false;
    if (hypotheticalRan && out.hypothetical === undefined) out.hypothetical = false;
    return out;
  };

  const data: JsonObject = {};
  for (const { key, list } of layers) data[key] = list.map((a) => (isRecord(a) ? annotation(a) : (value(a, key, 1) ?? null)));

  const container: JsonObject = {};
  if (echo.id !== undefined) container.id = echo.id;
  if (echo.type !== undefined) container.type = echo.type;
  if (options.returnAnalyzedText) container.text = doc.text;
  if (echo.metadata !== undefined) {
    const m = value(echo.metadata, 'metadata', 1);
    if (m !== undefined) container.metadata = m;
  }
  container.data = data;
  return container;
}
