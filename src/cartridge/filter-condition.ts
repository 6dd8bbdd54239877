// ACD filter conditions (reference §6.3): validated once, compiled once into a predicate, then
// applied to annotations. A filter's condition is a keep-predicate: annotations under its target
// (`unstructured.data.<key>`) that fail it are removed.
//
// Semantics (documented in docs/cartridges.md):
// - `match` (the default type): `field` is a dotted path; arrays on the way are searched element by
//   element; a leading `*.` searches the rest of the path at any depth (the top level included).
//   The match holds when SOME value found satisfies the operator against SOME entry of `values`.
//   A missing field never matches (so `not: true` keeps annotations without the field).
// - operators: equals (alias equal), contains, containsOneOf (same as contains), startsWith,
//   fieldExists (present and non-empty; `values` unused), greaterThan, greaterThanOrEqualTo,
//   lessThan, lessThanOrEqualTo (numeric: values and fields parsed as numbers).
// - `caseInsensitive` folds case for string operators; `not` negates any condition, groups included.
// - groups: `all` (every child), `any` (some child), `notAny`/`notany` (no child). Empty `all`,
//   `any` and `notAny` groups hold, so a generated "Include Conditions" group left empty rejects nothing.
// - `expression` (condition-expression.ts) and `overlaps` (another annotation under `target` that
//   satisfies `condition` overlaps this one's span; needs the container data as context).
// - `label`, `displayValues`, `sources`, `selectedValues` are authoring aids and are ignored.

import { DomainError } from '../errors.js';
import type { FilterDefinition } from './cartridge-model.js';
import { compileExpression } from './condition-expression.js';
import { filterTargetKey, NUMERIC_OPERATORS, toNumber, validateCondition, validateFilter, type ConditionOperator } from './filter-condition-validation.js';
import { isJsonObject } from './json-value.js';

export { CONDITION_OPERATORS, CONDITION_TYPES, filterTargetKey, validateCondition, validateFilter } from './filter-condition-validation.js';

export type Annotation = Readonly<Record<string, unknown>>;

export interface ConditionContext {
  /** The container's `data` object (annotation lists by key); needed by `overlaps` conditions. */
  readonly data?: Readonly<Record<string, unknown>>;
  /**
   * What the costly conditions found, kept across predicates for one run over data that does not change
   * meanwhile (createConditionCache): the values at a `*.` wildcard path by annotation (one walk serves
   * every condition on that path), the results of `overlaps` conditions by annotation. Without it nothing
   * is kept.
   */
  readonly cache?: ConditionCache;
}

/**
 * See ConditionContext.cache: a `*.` path → annotation → the values found there (in fieldReader's order);
 * an overlaps condition's text (without its `not`) → annotation → its result.
 */
export type ConditionCache = Map<string, Map<Annotation, unknown>>;

export function createConditionCache(): ConditionCache {
  return new Map();
}

export type AnnotationPredicate = (annotation: Annotation, context?: ConditionContext) => boolean;

type Operator = ConditionOperator;
const MAX_WILDCARD_DEPTH = 16;

/**
 * Compiles a condition into a predicate. Throws DomainError INVALID_FILTER naming every problem
 * when the condition is malformed (call validateCondition first to get them as values).
 */
export function compileCondition(condition: unknown): AnnotationPredicate {
  const issues = validateCondition(condition);
  if (issues.length > 0) throw new DomainError('INVALID_FILTER', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  return build(condition as Record<string, unknown>);
}

export interface CompiledFilter {
  readonly name?: string;
  readonly target: string;
  /** The `data` key the filter acts on. */
  readonly key: string;
  readonly keep: AnnotationPredicate;
  /**
   * The top-level fields of an annotation `keep` reads (conditionFields); undefined when it may read any
   * (a `*.` path, an `overlaps`). A copy of an annotation with just these fields is kept alike.
   */
  readonly reads?: readonly string[];
}

/** Compiles one filter definition. Throws DomainError INVALID_FILTER when malformed. */
export function compileFilter(filter: FilterDefinition): CompiledFilter {
  const issues = validateFilter(filter);
  if (issues.length > 0) throw new DomainError('INVALID_FILTER', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const reads = conditionFields(filter.condition);
  return {
    ...(filter.name === undefined ? {} : { name: filter.name }),
    target: filter.target,
    key: filterTargetKey(filter.target) as string,
    keep: build(filter.condition as Record<string, unknown>),
    ...(reads === undefined ? {} : { reads: [...reads] }),
  };
}

/**
 * The top-level fields of an annotation a validated condition reads (the first segment of each `field`
 * and expression path); undefined when it may read any field (a `*.` wildcard path, an `overlaps`, which
 * reads other annotations).
 */
export function conditionFields(condition: unknown): ReadonlySet<string> | undefined {
  const out = new Set<string>();
  return collectFields(condition, out) ? out : undefined;
}

function collectFields(c: unknown, out: Set<string>): boolean {
  if (!isJsonObject(c)) return true;
  const type = c.type ?? 'match';
  if (type === 'overlaps') return false;
  if (type === 'expression') {
    const compiled = compileExpression(typeof c.expression === 'string' ? c.expression : '', () => () => undefined);
    if (!compiled.ok) return true; // unreachable after validation (it holds for nothing)
    for (const path of compiled.fields) {
      if (path.startsWith('*.')) return false;
      out.add(path.split('.')[0] as string);
    }
    return true;
  }
  if (type === 'match') {
    if (typeof c.field !== 'string' || c.field.startsWith('*.')) return false;
    out.add(c.field.split('.')[0] as string);
    return true;
  }
  for (const child of Array.isArray(c.conditions) ? c.conditions : []) if (!collectFields(child, out)) return false;
  return true;
}

/**
 * Returns a copy of `data` in which the annotations under the filter's target that fail its
 * condition are removed. `data` itself is not modified; other keys are shared.
 */
export function applyFilter(filter: CompiledFilter | FilterDefinition, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const compiled = 'keep' in filter ? filter : compileFilter(filter);
  const list = data[compiled.key];
  if (!Array.isArray(list)) return { ...data };
  const context: ConditionContext = { data };
  const kept = list.filter((a: unknown) => isJsonObject(a) && compiled.keep(a, context));
  return { ...data, [compiled.key]: kept };
}

/** The filters of a stored `filter` body (`{filters:[...]}`) or of a single filter / concept_filter body. */
export function filtersOf(body: unknown): FilterDefinition[] {
  if (!isJsonObject(body)) return [];
  const list = Array.isArray(body.filters) ? body.filters : [body];
  return list.filter(isJsonObject).map((f) => ({
    ...(typeof f.name === 'string' ? { name: f.name } : {}),
    target: typeof f.target === 'string' ? f.target : '',
    condition: f.condition,
    ...(typeof f.serviceFiltered === 'boolean' ? { serviceFiltered: f.serviceFiltered } : {}),
  }));
}

// ---- compilation (input already validated) ----
//
// A compiled node carries an estimated evaluation cost. Groups test their children cheapest first, then in
// the order the data shows settles them soonest (adaptiveGroup): every predicate is pure and total (no side
// effects, never throws), so the order changes the time, not the result. Leaves are visited in place (no
// arrays of found values, except the values of a `*.` path kept in the context cache) and a test stops at
// the first hit.

interface CompiledNode {
  readonly test: AnnotationPredicate;
  /** Rough relative cost: a plain path 1, a wildcard path 8, an overlaps scan 40 plus its condition. */
  readonly cost: number;
  /**
   * Built with `not: true`. Such a test (`validity is not INVALID`) usually holds, so an `all` group tests
   * it after the positive children of the same cost, which are likelier to reject.
   */
  readonly negated?: boolean;
}

type LeafTest = (leaf: unknown) => boolean;

function build(c: Record<string, unknown>): AnnotationPredicate {
  return buildNode(c).test;
}

function buildNode(c: Record<string, unknown>): CompiledNode {
  const type = (c.type ?? 'match') as string;
  let inner = buildPositive(type, c);
  // Overlaps keep their results in ConditionContext.cache (wildcard matches keep the values they read).
  if (type === 'overlaps') inner = memoized(JSON.stringify({ ...c, not: undefined }), inner);
  if (c.not !== true) return inner;
  const test = inner.test;
  return { test: (a, ctx) => !test(a, ctx), cost: inner.cost, negated: true };
}

/** `node`, its results kept under `key` (the condition's text) in the context's cache when there is one. */
function memoized(key: string, node: CompiledNode): CompiledNode {
  const test = node.test;
  return {
    test: (a, ctx) => {
      const cache = ctx?.cache;
      if (cache === undefined) return test(a, ctx);
      let results = cache.get(key);
      if (results === undefined) cache.set(key, (results = new Map()));
      let result = results.get(a) as boolean | undefined;
      if (result === undefined) {
        result = test(a, ctx);
        results.set(a, result);
      }
      return result;
    },
    cost: node.cost,
  };
}

function buildPositive(type: string, c: Record<string, unknown>): CompiledNode {
  switch (type) {
    case 'match':
      return buildMatch(c);
    case 'expression': {
      const compiled = compileExpression(c.expression as string, numberReader);
      if (!compiled.ok) return { test: () => false, cost: 0 }; // unreachable after validation
      const evaluate = compiled.evaluate;
      return { test: (a) => evaluate(a), cost: 2 + compiled.fields.length };
    }
    case 'overlaps':
      return buildOverlaps(c);
    default: {
      const nodes = (Array.isArray(c.conditions) ? c.conditions : []).map((child) => buildNode(child as Record<string, unknown>));
      if (nodes.length === 0) return { test: () => true, cost: 0 }; // empty groups reject nothing
      const cost = nodes.reduce((sum, n) => sum + n.cost, 0);
      const negatedLast = type === 'all';
      const rank = (n: CompiledNode): number => (negatedLast && n.negated === true ? 1 : 0);
      const children = nodes.map((n, i) => ({ n, i })).sort((x, y) => x.n.cost - y.n.cost || rank(x.n) - rank(y.n) || x.i - y.i).map((x) => x.n);
      if (children.length === 1) {
        const only = (children[0] as CompiledNode).test;
        return { test: type === 'all' || type === 'any' ? only : (a, ctx) => !only(a, ctx), cost };
      }
      if (type === 'all') return { test: adaptiveGroup(children, false), cost };
      const some = adaptiveGroup(children, true);
      return { test: type === 'any' ? some : (a, ctx) => !some(a, ctx), cost }; // notAny / notany
    }
  }
}

/** Evaluations of a group between two reorderings of its children (adaptiveGroup). */
const REORDER_EVERY = 256;

/**
 * A group test that stops at the first child whose result is `settlesOn` (false for `all`, true for
 * `any`) and returns it; without one, the other value. Its children are tried in an order that follows
 * the data: the ones that settle the group most often for their cost first. It starts from the order
 * given (cheapest first); every REORDER_EVERY evaluations the order is recomputed from how often each child
 * was tried and settled the group (counts then halve, so recent evaluations weigh most). Every predicate is
 * pure and total, so the order changes the time, never the result.
 */
function adaptiveGroup(children: readonly CompiledNode[], settlesOn: boolean): AnnotationPredicate {
  const n = children.length;
  const tests = children.map((c) => c.test);
  const costs = Float64Array.from(children, (c) => Math.max(c.cost, 0.5));
  const tried = new Float64Array(n);
  const settled = new Float64Array(n);
  const worth = new Float64Array(n);
  let calls = 0;
  const reorder = (): void => {
    // Settling rate (a prior of one in two for a child not tried yet) per unit of cost. An insertion sort in
    // place (groups are small), moving the child's entries together; equal worth keeps the order.
    for (let i = 0; i < n; i++) worth[i] = ((settled[i] as number) + 1) / ((tried[i] as number) + 2) / (costs[i] as number);
    for (let i = 1; i < n; i++) {
      for (let j = i; j > 0 && (worth[j] as number) > (worth[j - 1] as number); j--) {
        swap(worth, j);
        swap(costs, j);
        swap(tried, j);
        swap(settled, j);
        const t = tests[j] as AnnotationPredicate;
        tests[j] = tests[j - 1] as AnnotationPredicate;
        tests[j - 1] = t;
      }
    }
    for (let i = 0; i < n; i++) {
      tried[i] = (tried[i] as number) / 2;
      settled[i] = (settled[i] as number) / 2;
    }
    calls = 0;
  };
  return (a, ctx) => {
    if (++calls === REORDER_EVERY) reorder();
    for (let i = 0; i < n; i++) {
      tried[i] = (tried[i] as number) + 1;
      if ((tests[i] as AnnotationPredicate)(a, ctx) === settlesOn) {
        settled[i] = (settled[i] as number) + 1;
        return settlesOn;
      }
    }
    return !settlesOn;
  };
}

/** Swaps entries j - 1 and j. */
function swap(values: Float64Array, j: number): void {
  const t = values[j] as number;
  values[j] = values[j - 1] as number;
  values[j - 1] = t;
}

function buildMatch(c: Record<string, unknown>): CompiledNode {
  const field = c.field as string;
  const wildcard = field.startsWith('*.');
  const some: Visitor = wildcard ? cachedWildcardVisitor(field) : leafVisitor(field);
  const cost = wildcard ? 8 : 1;
  const operator = (c.operator ?? 'equals') as Operator;
  const fold = c.caseInsensitive === true;
  if (operator === 'fieldExists') return { test: (a, ctx) => some(a, isNonEmpty, ctx), cost };
  const values = (c.values as unknown[]).map((v) => (fold ? String(v).toLowerCase() : String(v)));
  if (NUMERIC_OPERATORS.has(operator)) {
    const bounds = values.map((v) => toNumber(v) as number);
    const holds = numericTest(operator);
    if (bounds.length === 1) {
      const bound = bounds[0] as number;
      const oneBound: LeafTest = (leaf) => {
        const n = typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
        return n !== undefined && holds(n, bound);
      };
      return { test: (a, ctx) => some(a, oneBound, ctx), cost };
    }
    const leafTest: LeafTest = (leaf) => {
      const n = typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
      if (n === undefined) return false;
      for (const b of bounds) if (holds(n, b)) return true;
      return false;
    };
    return { test: (a, ctx) => some(a, leafTest, ctx), cost };
  }
  if ((operator === 'equals' || operator === 'equal') && fold) {
    const isMember = foldedMembership(values);
    const leafTest: LeafTest = (leaf) => (typeof leaf === 'string' ? isMember(leaf) : (typeof leaf === 'number' || typeof leaf === 'boolean') && isMember(String(leaf)));
    return { test: (a, ctx) => some(a, leafTest, ctx), cost };
  }
  let textTest: (t: string) => boolean;
  if (operator === 'equals' || operator === 'equal') {
    const set = new Set(values);
    textTest = (t) => set.has(t);
  } else if (operator === 'startsWith') {
    textTest = (t) => values.some((v) => t.startsWith(v));
  } else {
    textTest = (t) => values.some((v) => t.includes(v)); // contains, containsOneOf
  }
  const leafTest: LeafTest = (leaf) => {
    const t = leafText(leaf, fold);
    return t !== undefined && textTest(t);
  };
  return { test: (a, ctx) => some(a, leafTest, ctx), cost };
}

/**
 * Whether `text.toLowerCase()` is one of `lowerValues`. Lower-casing keeps the length of ASCII text, so an
 * ASCII text of a length no value has is out without lower-casing it.
 */
function foldedMembership(lowerValues: readonly string[]): (text: string) => boolean {
  const set = new Set(lowerValues);
  // Values that lower-casing leaves as they are: a text equal to one is a member without lower-casing it.
  const exact = new Set(lowerValues.filter((v) => v.toLowerCase() === v));
  const lengths = new Set(lowerValues.map((v) => v.length));
  return (text) => exact.has(text) || ((lengths.has(text.length) || !isAscii(text)) && set.has(text.toLowerCase()));
}

/** Whether every character of `text` is ASCII (a character loop: the texts are short, and a regex test costs more). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

function buildOverlaps(c: Record<string, unknown>): CompiledNode {
  const key = filterTargetKey(c.target as string) as string;
  const inner = buildNode(c.condition as Record<string, unknown>);
  const test = inner.test;
  return {
    test: (a, ctx) => {
      const list = ctx?.data?.[key];
      const begin = a.begin;
      const end = a.end;
      if (!Array.isArray(list) || typeof begin !== 'number' || typeof end !== 'number') return false;
      for (const o of list as unknown[]) {
        if (!isJsonObject(o) || o === a) continue;
        const ob = o.begin;
        const oe = o.end;
        if (typeof ob === 'number' && typeof oe === 'number' && ob < end && begin < oe && test(o, ctx)) return true;
      }
      return false;
    },
    cost: 40 + inner.cost,
  };
}

function numericTest(op: Operator): (n: number, bound: number) => boolean {
  switch (op) {
    case 'greaterThan': return (n, b) => n > b;
    case 'greaterThanOrEqualTo': return (n, b) => n >= b;
    case 'lessThan': return (n, b) => n < b;
    default: return (n, b) => n <= b;
  }
}

/** Compiles a dotted path (optionally `*.`-prefixed) into a function returning every value found. */
export function fieldReader(field: string): (annotation: Annotation) => unknown[] {
  const collect = fieldCollector(field);
  return (a) => {
    const out: unknown[] = [];
    collect(a, out);
    return out;
  };
}

/** Where collectLeaf appends (set for the duration of one fieldCollector call, `idle` otherwise). */
const idle: unknown[] = [];
let collected = idle;
const collectLeaf: LeafTest = (leaf) => {
  collected.push(leaf);
  return false;
};

/**
 * Compiles a dotted path (optionally `*.`-prefixed) into a collector: `collect(annotation, out)` appends
 * every value found to `out`, in fieldReader's order (the same walk, without a new array or closure per
 * annotation).
 */
export function fieldCollector(field: string): (annotation: Annotation, out: unknown[]) => void {
  const visit = leafVisitor(field);
  return (a, out) => {
    collected = out;
    visit(a, collectLeaf);
    collected = idle;
  };
}

/** leafVisitor's visitor; a `*.` path's may keep what it reads in the context's cache. */
type Visitor = (annotation: Annotation, test: LeafTest, context?: ConditionContext) => boolean;

/**
 * leafVisitor of a `*.` path whose walk (every nested object of the annotation) is made once per
 * annotation and path while a context cache is given: the values found are kept there and tested in
 * their order, which gives the visitor's answer (tests are pure).
 */
function cachedWildcardVisitor(field: string): Visitor {
  const visit = leafVisitor(field);
  const collect = fieldCollector(field);
  return (a, test, ctx) => {
    const cache = ctx?.cache;
    if (cache === undefined) return visit(a, test);
    let byAnnotation = cache.get(field);
    if (byAnnotation === undefined) cache.set(field, (byAnnotation = new Map()));
    let values = byAnnotation.get(a) as unknown[] | undefined;
    if (values === undefined) {
      values = [];
      collect(a, values);
      byAnnotation.set(a, values);
    }
    for (let i = 0; i < values.length; i++) if (test(values[i])) return true;
    return false;
  };
}

/**
 * Compiles a dotted path (optionally `*.`-prefixed) into a visitor: true as soon as `test` holds for a value
 * found, in the order fieldReader lists them. Arrays on the way are searched element by element.
 */
function leafVisitor(field: string): (annotation: Annotation, test: LeafTest) => boolean {
  const visit = plainLeafVisitor(field);
  if (!LIST_VALUED_FIELDS.has(field.slice(field.lastIndexOf('.') + 1))) return visit;
  return (a, test) => visit(a, commaListTest(test));
}

/**
 * Fields whose string value is a comma-joined list: a concept of several semantic types is one annotation with
 * `semanticType: "dsyn,sosy"`, and `semanticType equals sosy` holds for it as it held for the per-type copies.
 */
const LIST_VALUED_FIELDS: ReadonlySet<string> = new Set(['semanticType']);
const commaListTests = new WeakMap<LeafTest, LeafTest>();

/** `test`, applied to each item of a comma-joined string (tests are compiled once: the wrapper is remembered). */
function commaListTest(test: LeafTest): LeafTest {
  let wrapped = commaListTests.get(test);
  if (wrapped === undefined) {
    wrapped = (leaf) => {
      if (typeof leaf !== 'string' || !leaf.includes(',')) return test(leaf);
      for (const item of leaf.split(',')) if (test(item)) return true;
      return false;
    };
    commaListTests.set(test, wrapped);
  }
  return wrapped;
}

function plainLeafVisitor(field: string): (annotation: Annotation, test: LeafTest) => boolean {
  const wildcard = field.startsWith('*.');
  const segments = (wildcard ? field.slice(2) : field).split('.');
  const own = segments.map(mayBeInherited);
  if (!wildcard) {
    // One- and two-segment paths on a plain object read their properties directly; anything else (arrays
    // on the way, non-objects) takes the general walk, which gives the same result. Inherited values are
    // not fields: a name Object.prototype has (`constructor`, `__proto__`, ...) when the condition is
    // compiled is checked to be an own property; another name read from plain data (annotations are
    // JSON-like objects with Object.prototype or no prototype) can only be one.
    const first = segments[0] as string;
    const ownFirst = own[0] as boolean;
    if (segments.length === 1) {
      return (a, test) => {
        if (typeof a !== 'object' || a === null || Array.isArray(a)) return someAt(a, segments, own, 0, test, 0);
        const v = a[first];
        if (v === undefined || (ownFirst && !Object.hasOwn(a, first))) return false;
        if (typeof v === 'object') return v !== null && (Array.isArray(v) ? someAt(v, segments, own, 1, test, 1) : test(v));
        return test(v);
      };
    }
    if (segments.length === 2) {
      const second = segments[1] as string;
      const ownSecond = own[1] as boolean;
      return (a, test) => {
        if (typeof a !== 'object' || a === null || Array.isArray(a)) return someAt(a, segments, own, 0, test, 0);
        const v = a[first];
        if (v === undefined || (ownFirst && !Object.hasOwn(a, first))) return false;
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return someAt(v, segments, own, 1, test, 1);
        const w = (v as Record<string, unknown>)[second];
        if (w === undefined || (ownSecond && !Object.hasOwn(v, second))) return false;
        if (typeof w === 'object') return w !== null && (Array.isArray(w) ? someAt(w, segments, own, 2, test, 2) : test(w));
        return test(w);
      };
    }
    // Longer paths: plain objects are walked in a loop; the first array or non-object on the way hands over
    // to the general walk at that segment (with someAt's depth there), which gives the same result.
    const n = segments.length;
    return (a, test) => {
      let v: unknown = a;
      for (let i = 0; i < n; i++) {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return someAt(v, segments, own, i, test, i);
        const seg = segments[i] as string;
        const next: unknown = (v as Record<string, unknown>)[seg];
        if (next === undefined || (own[i] === true && !Object.hasOwn(v, seg))) return false;
        v = next;
      }
      if (typeof v === 'object') return v !== null && (Array.isArray(v) ? someAt(v, segments, own, n, test, n) : test(v));
      return test(v);
    };
  }
  return (a, test) => someAnywhere(a, segments, own, 0, test, objectPrototypeIsClean());
}

/** No enumerable key on Object.prototype: a for-in over a plain object then lists only its own keys. */
function objectPrototypeIsClean(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}

/** Whether a plain object may inherit a value under `name` (Object.prototype has it, or it is `__proto__`). */
function mayBeInherited(name: string): boolean {
  return name === '__proto__' || name in Object.prototype;
}

/** `own`: mayBeInherited of each segment (an own-property check is needed only for those names). */
function someAt(value: unknown, segments: readonly string[], own: readonly boolean[], i: number, test: LeafTest, depth: number): boolean {
  // Walks down plain objects in a loop; arrays on the way recurse into each element.
  for (;;) {
    if (depth > MAX_WILDCARD_DEPTH + segments.length) return false; // arrays nested absurdly deep are not searched
    if (Array.isArray(value)) {
      for (const v of value) if (someAt(v, segments, own, i, test, depth + 1)) return true;
      return false;
    }
    if (i === segments.length) return value !== undefined && value !== null && test(value);
    if (typeof value !== 'object' || value === null) return false;
    const seg = segments[i] as string;
    const next = (value as Record<string, unknown>)[seg];
    if (next === undefined || (own[i] === true && !Object.hasOwn(value, seg))) return false;
    value = next;
    i++;
    depth++;
  }
}

/** `clean`: objectPrototypeIsClean(), asked once per walk (keys a plain object lists are then its own). */
function someAnywhere(value: unknown, segments: readonly string[], own: readonly boolean[], depth: number, test: LeafTest, clean: boolean): boolean {
  if (depth > MAX_WILDCARD_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (someAnywhere(v, segments, own, depth + 1, test, clean)) return true;
    return false;
  }
  if (!isJsonObject(value)) return false;
  if (someAt(value, segments, own, 0, test, 0)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  const ownOnly = proto === null || (clean && proto === Object.prototype);
  for (const k in value) {
    if (!ownOnly && !Object.hasOwn(value, k)) continue;
    const v = value[k];
    if (typeof v === 'object' && v !== null && someAnywhere(v, segments, own, depth + 1, test, clean)) return true;
  }
  return false;
}

/** The first number found at `path` (numbers, or strings that parse as numbers), in fieldReader's order. */
function numberReader(path: string): (a: Annotation) => number | undefined {
  const some = path.startsWith('*.') ? leafVisitor(path) : undefined;
  const segments = path.split('.');
  const own = segments.map(mayBeInherited);
  return (a) => {
    foundNumber = undefined;
    if (some === undefined) someAt(a, segments, own, 0, takeNumber, 0);
    else some(a, takeNumber);
    return foundNumber;
  };
}

function numberOf(leaf: unknown): number | undefined {
  return typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
}

// The walk's first number, kept outside the test so that reading one allocates no closure per call
// (evaluation is synchronous and numberOf calls back into nothing).
let foundNumber: number | undefined;
const takeNumber: LeafTest = (leaf) => (foundNumber = numberOf(leaf)) !== undefined;

function isNonEmpty(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  if (isJsonObject(v)) return Object.keys(v).length > 0;
  return v !== undefined && v !== null;
}

/** The text a string operator compares: a scalar leaf as a string, lower-cased when the condition folds case. */
export function leafText(leaf: unknown, fold: boolean): string | undefined {
  if (typeof leaf === 'string') return fold ? leaf.toLowerCase() : leaf;
  return typeof leaf === 'number' || typeof leaf === 'boolean' ? (fold ? String(leaf).toLowerCase() : String(leaf)) : undefined;
}
