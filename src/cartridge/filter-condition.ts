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

import { DomainError, type ValidationIssue } from '../errors.js';
import type { FilterDefinition } from './cartridge-model.js';
import { compileExpression } from './condition-expression.js';
import { isJsonObject } from './json-value.js';

export type Annotation = Readonly<Record<string, unknown>>;

export interface ConditionContext {
  /** The container's `data` object (annotation lists by key); needed by `overlaps` conditions. */
  readonly data?: Readonly<Record<string, unknown>>;
  /**
   * Results of the costly conditions (`*.` wildcard matches, `overlaps`) by condition and annotation, kept
   * across predicates for one run over data that does not change meanwhile (createConditionCache).
   * Without it nothing is kept.
   */
  readonly cache?: ConditionCache;
}

/** See ConditionContext.cache: condition text (without its `not`) → annotation → result. */
export type ConditionCache = Map<string, Map<Annotation, boolean>>;

export function createConditionCache(): ConditionCache {
  return new Map();
}

export type AnnotationPredicate = (annotation: Annotation, context?: ConditionContext) => boolean;

export const CONDITION_TYPES = ['match', 'all', 'any', 'notAny', 'notany', 'expression', 'overlaps'] as const;
export const CONDITION_OPERATORS = [
  'equals', 'equal', 'contains', 'containsOneOf', 'startsWith', 'fieldExists',
  'greaterThan', 'greaterThanOrEqualTo', 'lessThan', 'lessThanOrEqualTo',
] as const;
type Operator = (typeof CONDITION_OPERATORS)[number];

const NUMERIC_OPERATORS: ReadonlySet<string> = new Set(['greaterThan', 'greaterThanOrEqualTo', 'lessThan', 'lessThanOrEqualTo']);
const MAX_DEPTH = 64;
const MAX_WILDCARD_DEPTH = 16;
const TARGET_PREFIX = 'unstructured.data.';

/** Returns the issues of a condition (empty when it can be compiled). */
export function validateCondition(condition: unknown, path = 'condition'): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  check(condition, path, 0, issues);
  return issues;
}

/** Returns the issues of one filter object `{target, condition, serviceFiltered?}`. */
export function validateFilter(filter: unknown, path = 'filter'): ValidationIssue[] {
  if (!isJsonObject(filter)) return [{ path, message: 'a filter must be an object' }];
  const issues: ValidationIssue[] = [];
  if (typeof filter.target !== 'string' || filterTargetKey(filter.target) === undefined) {
    issues.push({ path: `${path}.target`, message: `target must be "${TARGET_PREFIX}<key>"` });
  }
  if (filter.condition === undefined) issues.push({ path: `${path}.condition`, message: 'a filter needs a condition' });
  else check(filter.condition, `${path}.condition`, 0, issues);
  if (filter.serviceFiltered !== undefined && typeof filter.serviceFiltered !== 'boolean') {
    issues.push({ path: `${path}.serviceFiltered`, message: 'serviceFiltered must be a boolean' });
  }
  return issues;
}

/** `unstructured.data.concepts` → `concepts`; undefined when the target is not of that form. */
export function filterTargetKey(target: string): string | undefined {
  if (!target.startsWith(TARGET_PREFIX)) return undefined;
  const key = target.slice(TARGET_PREFIX.length);
  return key !== '' && !key.includes('.') ? key : undefined;
}

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
}

/** Compiles one filter definition. Throws DomainError INVALID_FILTER when malformed. */
export function compileFilter(filter: FilterDefinition): CompiledFilter {
  const issues = validateFilter(filter);
  if (issues.length > 0) throw new DomainError('INVALID_FILTER', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  return {
    ...(filter.name === undefined ? {} : { name: filter.name }),
    target: filter.target,
    key: filterTargetKey(filter.target) as string,
    keep: build(filter.condition as Record<string, unknown>),
  };
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

// ---- validation ----

function check(c: unknown, path: string, depth: number, issues: ValidationIssue[]): void {
  if (depth > MAX_DEPTH) {
    issues.push({ path, message: `conditions nested deeper than ${MAX_DEPTH}` });
    return;
  }
  if (!isJsonObject(c)) {
    issues.push({ path, message: 'a condition must be an object' });
    return;
  }
  const type = c.type ?? (c.field !== undefined ? 'match' : undefined);
  if (typeof type !== 'string' || !(CONDITION_TYPES as readonly string[]).includes(type)) {
    issues.push({ path: `${path}.type`, message: `type must be one of ${CONDITION_TYPES.join(', ')}` });
    return;
  }
  for (const flag of ['not', 'caseInsensitive'] as const) {
    if (c[flag] !== undefined && typeof c[flag] !== 'boolean') issues.push({ path: `${path}.${flag}`, message: `${flag} must be a boolean` });
  }
  switch (type) {
    case 'match':
      checkMatch(c, path, issues);
      return;
    case 'expression': {
      if (typeof c.expression !== 'string') {
        issues.push({ path: `${path}.expression`, message: 'expression must be a string' });
        return;
      }
      const compiled = compileExpression(c.expression, () => undefined);
      if (!compiled.ok) issues.push({ path: `${path}.expression`, message: compiled.error });
      return;
    }
    case 'overlaps':
      if (typeof c.target !== 'string' || filterTargetKey(c.target) === undefined) {
        issues.push({ path: `${path}.target`, message: `target must be "${TARGET_PREFIX}<key>"` });
      }
      check(c.condition, `${path}.condition`, depth + 1, issues);
      return;
    default: // all, any, notAny, notany
      if (c.conditions === undefined) return;
      if (!Array.isArray(c.conditions)) {
        issues.push({ path: `${path}.conditions`, message: 'conditions must be an array' });
        return;
      }
      c.conditions.forEach((child, i) => check(child, `${path}.conditions[${i}]`, depth + 1, issues));
  }
}

function checkMatch(c: Record<string, unknown>, path: string, issues: ValidationIssue[]): void {
  if (typeof c.field !== 'string' || c.field === '' || c.field.split('.').some((s, i) => s === '' || (s === '*' && i > 0))) {
    issues.push({ path: `${path}.field`, message: 'field must be a dotted path (optionally starting with "*.")' });
  } else if (c.field === '*') {
    issues.push({ path: `${path}.field`, message: 'field "*" needs a path after the wildcard' });
  }
  const operator = c.operator ?? 'equals';
  if (typeof operator !== 'string' || !(CONDITION_OPERATORS as readonly string[]).includes(operator)) {
    issues.push({ path: `${path}.operator`, message: `operator must be one of ${CONDITION_OPERATORS.join(', ')}` });
    return;
  }
  if (operator === 'fieldExists') return;
  if (!Array.isArray(c.values) || c.values.length === 0) {
    issues.push({ path: `${path}.values`, message: `operator ${operator} needs a non-empty values array` });
    return;
  }
  c.values.forEach((v, i) => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      issues.push({ path: `${path}.values[${i}]`, message: 'values must be strings (numbers and booleans are accepted)' });
    } else if (NUMERIC_OPERATORS.has(operator) && toNumber(String(v)) === undefined) {
      issues.push({ path: `${path}.values[${i}]`, message: `operator ${operator} needs numeric values` });
    }
  });
}

// ---- compilation (input already validated) ----
//
// A compiled node carries an estimated evaluation cost. Groups test their children cheapest first: every
// predicate is pure and total (no side effects, never throws), so the order changes the time, not the
// result. Leaves are visited in place (no arrays of found values) and a test stops at the first hit.

interface CompiledNode {
  readonly test: AnnotationPredicate;
  /** Rough relative cost: a plain path 1, a wildcard path 8, an overlaps scan 40 plus its condition. */
  readonly cost: number;
}

type LeafTest = (leaf: unknown) => boolean;

function build(c: Record<string, unknown>): AnnotationPredicate {
  return buildNode(c).test;
}

/** Nodes at least this costly (wildcard matches, overlaps) keep their results in ConditionContext.cache. */
const MEMO_COST = 8;

function buildNode(c: Record<string, unknown>): CompiledNode {
  const type = (c.type ?? 'match') as string;
  let inner = buildPositive(type, c);
  if ((type === 'match' || type === 'overlaps') && inner.cost >= MEMO_COST) inner = memoized(JSON.stringify({ ...c, not: undefined }), inner);
  if (c.not !== true) return inner;
  const test = inner.test;
  return { test: (a, ctx) => !test(a, ctx), cost: inner.cost };
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
      let result = results.get(a);
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
      const readers = new Map<string, (a: Annotation) => number | undefined>();
      const readNumber = (a: Annotation, path: string): number | undefined => {
        let read = readers.get(path);
        if (read === undefined) readers.set(path, (read = numberReader(path)));
        return read(a);
      };
      const compiled = compileExpression(c.expression as string, readNumber);
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
      const children = nodes.map((n, i) => ({ n, i })).sort((x, y) => x.n.cost - y.n.cost || x.i - y.i).map((x) => x.n.test);
      if (children.length === 1) {
        const only = children[0] as AnnotationPredicate;
        return { test: type === 'all' || type === 'any' ? only : (a, ctx) => !only(a, ctx), cost };
      }
      const n = children.length;
      if (type === 'all') {
        return {
          test: (a, ctx) => {
            for (let i = 0; i < n; i++) if (!(children[i] as AnnotationPredicate)(a, ctx)) return false;
            return true;
          },
          cost,
        };
      }
      const some = (a: Annotation, ctx: ConditionContext | undefined): boolean => {
        for (let i = 0; i < n; i++) if ((children[i] as AnnotationPredicate)(a, ctx)) return true;
        return false;
      };
      return { test: type === 'any' ? some : (a, ctx) => !some(a, ctx), cost }; // notAny / notany
    }
  }
}

function buildMatch(c: Record<string, unknown>): CompiledNode {
  const field = c.field as string;
  const some = leafVisitor(field);
  const cost = field.startsWith('*.') ? 8 : 1;
  const operator = (c.operator ?? 'equals') as Operator;
  const fold = c.caseInsensitive === true;
  if (operator === 'fieldExists') return { test: (a) => some(a, isNonEmpty), cost };
  const values = (c.values as unknown[]).map((v) => (fold ? String(v).toLowerCase() : String(v)));
  if (NUMERIC_OPERATORS.has(operator)) {
    const bounds = values.map((v) => toNumber(v) as number);
    const holds = numericTest(operator);
    const leafTest: LeafTest = (leaf) => {
      const n = typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
      if (n === undefined) return false;
      for (const b of bounds) if (holds(n, b)) return true;
      return false;
    };
    return { test: (a) => some(a, leafTest), cost };
  }
  if ((operator === 'equals' || operator === 'equal') && fold) {
    const isMember = foldedMembership(values);
    const leafTest: LeafTest = (leaf) => (typeof leaf === 'string' ? isMember(leaf) : (typeof leaf === 'number' || typeof leaf === 'boolean') && isMember(String(leaf)));
    return { test: (a) => some(a, leafTest), cost };
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
  return { test: (a) => some(a, leafTest), cost };
}

/**
 * Whether `text.toLowerCase()` is one of `lowerValues`. Lower-casing keeps the length of ASCII text, so an
 * ASCII text of a length no value has is out without lower-casing it.
 */
function foldedMembership(lowerValues: readonly string[]): (text: string) => boolean {
  const set = new Set(lowerValues);
  const lengths = new Set(lowerValues.map((v) => v.length));
  return (text) => (lengths.has(text.length) || NON_ASCII.test(text)) && set.has(text.toLowerCase());
}

const NON_ASCII = /[^\u0000-\u007f]/;

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
  const some = leafVisitor(field);
  return (a) => {
    const out: unknown[] = [];
    some(a, (leaf) => {
      out.push(leaf);
      return false;
    });
    return out;
  };
}

/**
 * Compiles a dotted path (optionally `*.`-prefixed) into a visitor: true as soon as `test` holds for a value
 * found, in the order fieldReader lists them. Arrays on the way are searched element by element.
 */
function leafVisitor(field: string): (annotation: Annotation, test: LeafTest) => boolean {
  const wildcard = field.startsWith('*.');
  const segments = (wildcard ? field.slice(2) : field).split('.');
  if (!wildcard) return (a, test) => someAt(a, segments, 0, test, 0);
  return (a, test) => someAnywhere(a, segments, 0, test);
}

function someAt(value: unknown, segments: readonly string[], i: number, test: LeafTest, depth: number): boolean {
  // Walks down plain objects in a loop; arrays on the way recurse into each element.
  for (;;) {
    if (depth > MAX_WILDCARD_DEPTH + segments.length) return false; // arrays nested absurdly deep are not searched
    if (Array.isArray(value)) {
      for (const v of value) if (someAt(v, segments, i, test, depth + 1)) return true;
      return false;
    }
    if (i === segments.length) return value !== undefined && value !== null && test(value);
    if (typeof value !== 'object' || value === null) return false;
    const seg = segments[i] as string;
    const next = (value as Record<string, unknown>)[seg];
    if (next === undefined || !Object.hasOwn(value, seg)) return false;
    value = next;
    i++;
    depth++;
  }
}

function someAnywhere(value: unknown, segments: readonly string[], depth: number, test: LeafTest): boolean {
  if (depth > MAX_WILDCARD_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (someAnywhere(v, segments, depth + 1, test)) return true;
    return false;
  }
  if (!isJsonObject(value)) return false;
  if (someAt(value, segments, 0, test, 0)) return true;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = value[k];
    if (typeof v === 'object' && v !== null && someAnywhere(v, segments, depth + 1, test)) return true;
  }
  return false;
}

/** The first number found at `path` (numbers, or strings that parse as numbers), in fieldReader's order. */
function numberReader(path: string): (a: Annotation) => number | undefined {
  const wildcard = path.startsWith('*.');
  if (wildcard) {
    const some = leafVisitor(path);
    return (a) => {
      let found: number | undefined;
      some(a, (leaf) => {
        found = numberOf(leaf);
        return found !== undefined;
      });
      return found;
    };
  }
  const segments = path.split('.');
  return (a) => firstNumberAt(a, segments, 0, 0);
}

function numberOf(leaf: unknown): number | undefined {
  return typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
}

/** someAt's walk, returning the first leaf that is a number. */
function firstNumberAt(value: unknown, segments: readonly string[], i: number, depth: number): number | undefined {
  for (;;) {
    if (depth > MAX_WILDCARD_DEPTH + segments.length) return undefined;
    if (Array.isArray(value)) {
      for (const v of value) {
        const n = firstNumberAt(v, segments, i, depth + 1);
        if (n !== undefined) return n;
      }
      return undefined;
    }
    if (i === segments.length) return value === undefined || value === null ? undefined : numberOf(value);
    if (typeof value !== 'object' || value === null) return undefined;
    const seg = segments[i] as string;
    const next = (value as Record<string, unknown>)[seg];
    if (next === undefined || !Object.hasOwn(value, seg)) return undefined;
    value = next;
    i++;
    depth++;
  }
}

function toNumber(s: string): number | undefined {
  if (s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

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
