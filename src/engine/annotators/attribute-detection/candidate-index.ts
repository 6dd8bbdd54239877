// The annotations of one Document seen by attribute-set fields, indexed once per document run: a field
// whose condition requires values (condition-requirement.ts: `semanticType` one of dsyn, neop, ...;
// `insightModelCandidates` = ICMedication; `insightModelData.normality.usage.abnormalScore` >= 0.7) tests
// only the annotations the index lists for it, in layer order, instead of every annotation of the layer
// (attribute-set.ts gives it only the equality requirements: see CompiledField.requirements).
// Columns (the values of one layer at one field path) are read once per document and shared by every field
// and set of the run. Also holds the condition context: the layers by key (`overlaps` conditions read
// them) and a cache of what costly conditions found (wildcard path values, overlaps results).
import type { FieldRequirement, NumericBound, RequirementAlternatives } from '../../../cartridge/condition-requirement.js';
import { createConditionCache, fieldCollector, leafText, type ConditionContext } from '../../../cartridge/filter-condition.js';
import { toNumber } from '../../../cartridge/filter-condition-validation.js';
import type { Annotation, Document } from '../../document.js';

const NONE: readonly Annotation[] = [];
const NO_POSITIONS: readonly number[] = [];
/** Layers with fewer annotations are not indexed: every annotation is a candidate. */
const MIN_INDEXED = 16;
/** Further equality entries of conditionRequirements are intersected while more candidates are left. */
const FEW_CANDIDATES = 2;

type Collector = (annotation: Annotation, out: unknown[]) => void;

/** Positions (ascending) in one layer of the annotations with a value at a field, and by value text. */
interface TextColumn {
  readonly present: readonly number[];
  readonly byText: ReadonlyMap<string, readonly number[]>;
}

/** The numeric values of one layer at a field: `positions[i]` holds `values[i]` (positions ascending). */
interface NumericColumn {
  readonly positions: readonly number[];
  readonly values: readonly number[];
}

/** A stable key of a requirement (fields whose conditions require the same thing share candidate lists). */
export function requirementKey(requirement: readonly FieldRequirement[]): string {
  return JSON.stringify(requirement.map((r) => (r.bound === undefined ? [r.field, r.fold, r.values ?? null] : [r.field, r.bound.operator, r.bound.value])));
}

/** A stable key of conditionRequirements' result. */
export function requirementsKey(requirements: readonly RequirementAlternatives[]): string {
  return requirements.map(requirementKey).join('&');
}

/** requirementKey of compiled requirements (they live as long as their compiled attribute set). */
const keys = new WeakMap<RequirementAlternatives, string>();

function keyOf(alternatives: RequirementAlternatives): string {
  let key = keys.get(alternatives);
  if (key === undefined) keys.set(alternatives, (key = requirementKey(alternatives)));
  return key;
}

/** Compiled field collectors by path (paths come from deployed cartridges: few, and reused by every run). */
const collectors = new Map<string, Collector>();
const MAX_COLLECTORS = 10_000;

function collectorOf(field: string): Collector {
  let collect = collectors.get(field);
  if (collect === undefined) {
    if (collectors.size >= MAX_COLLECTORS) collectors.clear();
    collect = fieldCollector(field);
    collectors.set(field, collect);
  }
  return collect;
}

/** The number a numeric condition reads from a value (filter-condition.ts): a number, or a string that reads as one. */
function numberOf(leaf: unknown): number | undefined {
  return typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
}

/** Ascending positions in either list. */
function union(lists: readonly (readonly number[])[]): readonly number[] {
  if (lists.length === 0) return NO_POSITIONS;
  let out = lists[0] as readonly number[];
  for (let k = 1; k < lists.length; k++) out = merge(out, lists[k] as readonly number[]);
  return out;
}

/** Ascending positions in either of two ascending lists. */
function merge(a: readonly number[], b: readonly number[]): readonly number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Infinity;
    const y = j < b.length ? (b[j] as number) : Infinity;
    if (x <= y) {
      out.push(x);
      i++;
      if (x === y) j++;
    } else {
      out.push(y);
      j++;
    }
  }
  return out;
}

/** Ascending positions in both lists. */
function intersect(a: readonly number[], b: readonly number[]): readonly number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}

/** The layers of a Document as an object by key (a plain loop: Object.fromEntries costs several times more). */
function layersByKey(doc: Document): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, layer] of doc.layers) {
    // `__proto__` would set the prototype: defined as an own property, as Object.fromEntries does.
    if (key === '__proto__') Object.defineProperty(out, key, { value: layer, enumerable: true, writable: true, configurable: true });
    else out[key] = layer;
  }
  return out;
}

/**
 * The condition context of one run; `data` (the layers by key) is built on first use (only `overlaps`
 * conditions read it). A class: its getter is one function for every run, where a getter in an object
 * literal is a new closure per Document that the property-load caches calling it keep, and with it the
 * whole last Document, alive into the next young-generation collections, each of which then promoted a
 * finished Document to the old generation (standard flow: GC 0.20 -> 0.05-0.11 ms per note).
 */
class LazyConditionContext implements ConditionContext {
  readonly cache = createConditionCache();
  private layers: Readonly<Record<string, unknown>> | undefined;

  constructor(private readonly doc: Document) {}

  get data(): Readonly<Record<string, unknown>> {
    return (this.layers ??= layersByKey(this.doc));
  }
}

export class CandidateIndex {
  readonly context: ConditionContext;
  /** `key\0field\0fold` → text column. */
  private readonly textColumns = new Map<string, TextColumn>();
  /** `key\0field` → numeric column. */
  private readonly numericColumns = new Map<string, NumericColumn>();
  /** key → requirement key → positions. */
  private readonly positionLists = new Map<string, Map<string, readonly number[]>>();
  /** key → requirement(s) key → candidates. */
  private readonly lists = new Map<string, Map<string, readonly Annotation[]>>();

  constructor(private readonly doc: Document) {
    this.context = new LazyConditionContext(doc);
  }

  /**
   * The annotations under `key` that can satisfy `requirement` (conditionRequirement's alternatives;
   * `requirementKey` its key), in layer order; every annotation of the layer without a requirement or when
   * the layer is small.
   */
  candidates(key: string, requirement: readonly FieldRequirement[] | undefined, requirementId = ''): readonly Annotation[] {
    if (requirement === undefined) return this.layer(key);
    return this.candidatesOfAll(key, [requirement], requirementId === '' ? requirementKey(requirement) : requirementId);
  }

  /**
   * The annotations under `key` that can satisfy every entry of `requirements` (conditionRequirements;
   * `requirementsKey` its key), in layer order; every annotation of the layer without requirements or when
   * the layer is small. Entries are intersected in order until few candidates are left (testing those
   * costs less than reading another column).
   */
  candidatesOfAll(key: string, requirements: readonly RequirementAlternatives[], requirementsId = ''): readonly Annotation[] {
    const layer = this.layer(key);
    // A small layer costs less to test whole than to index.
    if (requirements.length === 0 || layer.length < MIN_INDEXED) return layer;
    const id = requirementsId === '' ? requirementsKey(requirements) : requirementsId;
    let byRequirement = this.lists.get(key);
    if (byRequirement === undefined) this.lists.set(key, (byRequirement = new Map()));
    let list = byRequirement.get(id);
    if (list === undefined) {
      // The first (narrowest) entry, then further equality entries while many candidates are left: an
      // equality entry's column is usually read for other fields anyway, while reading a numeric column
      // costs about what testing the candidates does.
      let at = this.positionsOf(key, layer, requirements[0] as RequirementAlternatives);
      for (let i = 1; i < requirements.length && at.length > FEW_CANDIDATES; i++) {
        const alternatives = requirements[i] as RequirementAlternatives;
        if (!alternatives.every((r) => r.values !== undefined)) break;
        at = intersect(at, this.positionsOf(key, layer, alternatives));
      }
      list = at.length === 0 ? NONE : at.map((p) => layer[p] as Annotation);
      byRequirement.set(id, list);
    }
    return list;
  }

  private layer(key: string): readonly Annotation[] {
    const layer = this.doc.layers.get(key);
    return layer === undefined || layer.length === 0 ? NONE : layer;
  }

  /** Positions of the annotations meeting one of the alternatives. */
  private positionsOf(key: string, layer: readonly Annotation[], alternatives: RequirementAlternatives): readonly number[] {
    const id = keyOf(alternatives);
    let byRequirement = this.positionLists.get(key);
    if (byRequirement === undefined) this.positionLists.set(key, (byRequirement = new Map()));
    let positions = byRequirement.get(id);
    if (positions !== undefined) return positions;
    const found: (readonly number[])[] = [];
    for (const r of alternatives) {
      if (r.bound !== undefined) {
        const at = this.boundPositions(key, layer, r.field, r.bound);
        if (at.length > 0) found.push(at);
        continue;
      }
      const column = this.textColumn(key, layer, r.field, r.fold);
      if (r.values === undefined) {
        if (column.present.length > 0) found.push(column.present);
        continue;
      }
      for (const v of r.values) {
        const list = column.byText.get(v);
        if (list !== undefined) found.push(list);
      }
    }
    positions = union(found);
    byRequirement.set(id, positions);
    return positions;
  }

  private boundPositions(key: string, layer: readonly Annotation[], field: string, bound: NumericBound): readonly number[] {
    const { positions, values } = this.numericColumn(key, layer, field);
    const out: number[] = [];
    const b = bound.value;
    const operator = bound.operator;
    let last = -1;
    for (let i = 0; i < positions.length; i++) {
      const v = values[i] as number;
      const ok = operator === 'greaterThanOrEqualTo' ? v >= b : operator === 'lessThan' ? v < b : operator === 'greaterThan' ? v > b : v <= b;
      if (!ok) continue;
      const p = positions[i] as number;
      if (p !== last) out.push((last = p));
    }
    return out;
  }

  private numericColumn(key: string, layer: readonly Annotation[], field: string): NumericColumn {
    const id = `${key}\u0000${field}`;
    let column = this.numericColumns.get(id);
    if (column !== undefined) return column;
    const collect = collectorOf(field);
    const positions: number[] = [];
    const values: number[] = [];
    const leaves: unknown[] = [];
    for (let p = 0; p < layer.length; p++) {
      collect(layer[p] as Annotation, leaves);
      for (const leaf of leaves) {
        const n = numberOf(leaf);
        if (n !== undefined) {
          positions.push(p);
          values.push(n);
        }
      }
      leaves.length = 0;
    }
    column = { positions, values };
    this.numericColumns.set(id, column);
    return column;
  }

  private textColumn(key: string, layer: readonly Annotation[], field: string, fold: boolean): TextColumn {
    const id = `${key}\u0000${field}\u0000${fold ? 1 : 0}`;
    let column = this.textColumns.get(id);
    if (column !== undefined) return column;
    const collect = collectorOf(field);
    const present: number[] = [];
    const byText = new Map<string, number[]>();
    const leaves: unknown[] = [];
    for (let p = 0; p < layer.length; p++) {
      collect(layer[p] as Annotation, leaves);
      if (leaves.length === 0) continue;
      present.push(p);
      for (const leaf of leaves) {
        const t = leafText(leaf, fold);
        if (t === undefined) continue;
        const at = byText.get(t);
        if (at === undefined) byText.set(t, [p]);
        else if (at[at.length - 1] !== p) at.push(p);
      }
      leaves.length = 0;
    }
    column = { present, byText };
    this.textColumns.set(id, column);
    return column;
  }
}
