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
// - The returned tree shares nested objects and arrays with the Document's annotations wherever writing
//   them would change nothing (plain objects and arrays whose JSON.stringify text is already what the wire
//   needs): it is read-only, made to be stringified (copying every nested object took a tenth of a
//   standard-flow serialisation).
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

function isSpan(a: unknown): a is Annotation {
  return isRecord(a) && typeof a.begin === 'number' && typeof a.end === 'number';
}
const MAX_DEPTH = 32;

const HTML_SPECIAL = /[&<>"']/;

/** HTML-entity encodes `& < > " '` (the characters ACD encodes at least, reference §2.3). */
export function encodeHtml(value: string): string {
  // The compiled regex finds the first special character faster than a charCodeAt loop.
  const match = HTML_SPECIAL.exec(value);
  if (match === null) return value;
  let i = match.index;
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

function position(a: unknown, field: 'begin' | 'end'): number {
  if (typeof a !== 'object' || a === null) return 0;
  const v = (a as Record<string, unknown>)[field];
  return typeof v === 'number' ? v : 0;
}

function identity(s: string): string {
  return s;
}

/** What one serialisation needs at every depth (module functions take it instead of per-call closures). */
interface Writer {
  readonly encode: (s: string) => string;
  readonly uidOf: ReadonlyMap<unknown, number>;
  readonly negationRan: boolean;
  readonly hypotheticalRan: boolean;
  /** objectPrototypeIsClean(), asked once per serialisation. */
  readonly plainPrototype: boolean;
  /** Neither Object.prototype nor Array.prototype has a toJSON: JSON.stringify writes a plain object or array as its fields. */
  readonly reuse: boolean;
}

/** A layer in output order with the positions of its annotations (read once: layers mix many object shapes). */
interface SortedLayer {
  readonly list: readonly Annotation[];
  /** Plain arrays (on the heap; a typed array this size would get a buffer of its own). */
  readonly begins: readonly number[];
  readonly ends: readonly number[];
}

/** The layer sorted by (begin, end), stable (the list itself when it already is), with its positions. */
function sortedLayer(layer: readonly Annotation[]): SortedLayer {
  let list = layer;
  let begins: number[] = [];
  let ends: number[] = [];
  let sorted = true;
  for (let i = 0; i < list.length; i++) {
    const a = list[i];
    begins.push(position(a, 'begin'));
    ends.push(position(a, 'end'));
    if (i > 0 && sorted) {
      const d = begins[i - 1]! - begins[i]! || ends[i - 1]! - ends[i]!;
      if (d > 0 || Number.isNaN(d)) sorted = false;
    }
  }
  if (!sorted) {
    list = [...layer].sort((x, y) => position(x, 'begin') - position(y, 'begin') || position(x, 'end') - position(y, 'end'));
    begins = [];
    ends = [];
    for (let i = 0; i < list.length; i++) {
      begins.push(position(list[i], 'begin'));
      ends.push(position(list[i], 'end'));
    }
  }
  return { list, begins, ends };
}

/**
 * Uids in document order over all layers: by (begin, end), then layer order, then order in the layer
 * (a k-way merge of the sorted layers). An annotation listed in two layers keeps its first uid.
 */
function assignUids(layers: readonly SortedLayer[], uids: UidCounter): Map<unknown, number> {
  const uidOf = new Map<unknown, number>();
  const k = layers.length;
  const heads = new Int32Array(k);
  for (;;) {
    let best = -1;
    let bestBegin = 0;
    let bestEnd = 0;
    for (let l = 0; l < k; l++) {
      const layer = layers[l]!;
      const h = heads[l]!;
      if (h >= layer.list.length) continue;
      const begin = layer.begins[h]!;
      const end = layer.ends[h]!;
      if (best < 0 || begin < bestBegin || (begin === bestBegin && end < bestEnd)) {
        best = l;
        bestBegin = begin;
        bestEnd = end;
      }
    }
    if (best < 0) return uidOf;
    const a = layers[best]!.list[heads[best]!];
    heads[best]!++;
    // Only span annotations get uids and context flags; span-less records (spellCorrectedText) are data.
    if (isSpan(a) && !uidOf.has(a)) uidOf.set(a, uids.next());
  }
}

/**
 * The wire form of `v`: `v` itself when JSON.stringify would write it as the wire needs it (see
 * unchanged), else a copy with the changes (encoded strings, `{uid}` references, `_` fields dropped...).
 */
function writeValue(w: Writer, v: unknown, field: string, depth: number): JsonValue | undefined {
  switch (typeof v) {
    case 'string':
      return w.encode(v);
    case 'number':
      return Number.isFinite(v) ? v : null;
    case 'boolean':
      return v;
    case 'bigint':
      return v.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  if (v === null) return null;
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(v)) return writeArray(w, v, field, depth);
  const record = v as Record<string, unknown>;
  const uid = w.uidOf.get(record);
  if (uid !== undefined) return field === 'uid' ? uid : { uid };
  // A reference to an annotation that was removed from the Document.
  if (REFERENCE_FIELDS.has(field) && typeof record.type === 'string' && typeof record.begin === 'number') return undefined;
  return writeObject(w, record, depth + 1);
}

/** No enumerable key on Object.prototype (asked once per serialisation). */
function objectPrototypeIsClean(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}

/**
 * Fields are read with for-in: V8 reads the values of a for-in over a plain object from its enum cache,
 * much faster than keyed loads over annotations of many shapes. for-in lists own keys in Object.keys order,
 * then inherited enumerable ones; those are skipped, and need a check only when the prototype may have some.
 */
function mayInheritKeys(w: Writer, record: object): boolean {
  const proto: unknown = Object.getPrototypeOf(record);
  return proto === Object.prototype ? !w.plainPrototype : proto !== null;
}

/** True when JSON.stringify writes a field whose value is `v` as the field's wire form `written` (undefined: no field). */
function unchanged(v: unknown, written: JsonValue | undefined): boolean {
  // JSON.stringify leaves out fields whose value is undefined, a function or a symbol, as writeValue does.
  return written === undefined ? v === undefined || typeof v === 'function' || typeof v === 'symbol' : written === v;
}

/** Items without a wire form (undefined, functions, beyond MAX_DEPTH) are left out: JSON.stringify would write null. */
function writeArray(w: Writer, v: readonly unknown[], field: string, depth: number): JsonValue[] {
  let out: JsonValue[] | undefined;
  for (let i = 0; i < v.length; i++) {
    const item = writeValue(w, v[i], field, depth + 1);
    if (out === undefined) {
      if (item !== undefined && item === v[i]) continue;
      out = itemsBefore(v, i);
    }
    if (item !== undefined) out.push(item);
  }
  if (out !== undefined) return out;
  return w.reuse && Object.getPrototypeOf(v) === Array.prototype ? (v as JsonValue[]) : itemsBefore(v, v.length);
}

/** The first `end` items of `v` (their own wire form) in a plain array (slice would keep an Array subclass). */
function itemsBefore(v: readonly unknown[], end: number): JsonValue[] {
  const out: JsonValue[] = [];
  for (let i = 0; i < end; i++) out.push(v[i] as JsonValue);
  return out;
}

function writeObject(w: Writer, record: Record<string, unknown>, depth: number): JsonObject {
  let out: JsonObject | undefined;
  const inherits = mayInheritKeys(w, record);
  for (const k in record) {
    if (inherits && !Object.hasOwn(record, k)) continue;
    const internal = k.charCodeAt(0) === 0x5f;
    const v = record[k];
    const value = internal ? undefined : writeValue(w, v, k, depth);
    if (out === undefined) {
      // (A record with a toJSON field is copied: JSON.stringify would call that instead of writing the fields.)
      if (!internal && k !== 'toJSON' && unchanged(v, value)) continue;
      out = fieldsBefore(record, k, inherits);
    }
    if (value !== undefined) out[k] = value;
  }
  if (out !== undefined) return out;
  return w.reuse && Object.getPrototypeOf(record) === Object.prototype ? (record as JsonObject) : fieldsBefore(record, undefined, inherits);
}

/** A copy of the fields of `record` that come before `stop` (all of them without one), which are their own wire form. */
function fieldsBefore(record: Record<string, unknown>, stop: string | undefined, inherits: boolean): JsonObject {
  const out: JsonObject = {};
  for (const k in record) {
    if (k === stop) break;
    if (inherits && !Object.hasOwn(record, k)) continue;
    const v = record[k];
    if (v !== undefined && typeof v !== 'function' && typeof v !== 'symbol') out[k] = v as JsonValue;
  }
  return out;
}

function writeAnnotation(w: Writer, a: Annotation): JsonObject {
  if (!isSpan(a)) return writeObject(w, a, 1);
  const type = writeValue(w, a.type, 'type', 1);
  const uid = w.uidOf.get(a) as number;
  const begin = writeValue(w, a.begin, 'begin', 1) as JsonValue;
  const end = writeValue(w, a.end, 'end', 1) as JsonValue;
  const coveredText = writeValue(w, a.coveredText, 'coveredText', 1);
  let out: JsonObject;
  if (type !== undefined && coveredText !== undefined) {
    // The usual case: one literal, so every annotation starts from the same object shape.
    out = { type, uid, begin, end, coveredText };
  } else {
    out = {};
    if (type !== undefined) out.type = type;
    out.uid = uid;
    out.begin = begin;
    out.end = end;
    if (coveredText !== undefined) out.coveredText = coveredText;
  }
  let negated = false;
  let hypothetical = false;
  const inherits = mayInheritKeys(w, a);
  for (const k in a) {
    // type / begin / end / coveredText are written above (or have no value: writing them again gives none).
    if ((inherits && !Object.hasOwn(a, k)) || k.charCodeAt(0) === 0x5f || k === 'uid' || k === 'type' || k === 'begin' || k === 'end' || k === 'coveredText') continue;
    const value = writeValue(w, a[k], k, 1);
    if (value === undefined) continue;
    out[k] = value;
    if (k === 'negated') negated = true;
    else if (k === 'hypothetical') hypothetical = true;
  }
  if (w.negationRan && !negated) out.negated = false;
  if (w.hypotheticalRan && !hypothetical) out.hypothetical = false;
  return out;
}

export function serializeDocument(doc: Document, options: SerializeOptions, echo: ContainerEcho = {}): JsonObject {
  // Layers in output order, each sorted by (begin, end); stable for equal spans.
  const keys = [...(options.producedKeys ?? [])];
  for (const key of doc.layers.keys()) if (!keys.includes(key)) keys.push(key);
  const layers = keys.map((key) => sortedLayer(doc.layers.get(key) ?? []));

  const w: Writer = {
    encode: options.returnAnalyzedText ? identity : encodeHtml,
    uidOf: assignUids(layers, options.uids ?? createUidCounter()),
    negationRan: options.ran?.has('negation') === true,
    hypotheticalRan: options.ran?.has('hypothetical') === true,
    plainPrototype: objectPrototypeIsClean(),
    reuse: !('toJSON' in Object.prototype) && !('toJSON' in Array.prototype),
  };

  const data: JsonObject = {};
  for (let l = 0; l < keys.length; l++) {
    const list = layers[l]!.list;
    const out: JsonValue[] = new Array<JsonValue>(list.length);
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      out[i] = isRecord(a) ? writeAnnotation(w, a) : (writeValue(w, a, keys[l]!, 1) ?? null);
    }
    data[keys[l]!] = out;
  }

  const container: JsonObject = {};
  if (echo.id !== undefined) container.id = echo.id;
  if (echo.type !== undefined) container.type = echo.type;
  if (options.returnAnalyzedText) container.text = doc.text;
  if (echo.metadata !== undefined) {
    const m = writeValue(w, echo.metadata, 'metadata', 1);
    if (m !== undefined) container.metadata = m;
  }
  container.data = data;
  return container;
}
