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

function build(c: Record<string, unknown>): AnnotationPredicate {
  const type = (c.type ?? 'match') as string;
  const negate = c.not === true;
  const inner = buildPositive(type, c);
  return negate ? (a, ctx) => !inner(a, ctx) : inner;
}

function buildPositive(type: string, c: Record<string, unknown>): AnnotationPredicate {
  switch (type) {
    case 'match':
      return buildMatch(c);
    case 'expression': {
      const compiled = compileExpression(c.expression as string, firstNumber);
      if (!compiled.ok) return () => false; // unreachable after validation
      return (a) => compiled.evaluate(a);
    }
    case 'overlaps':
      return buildOverlaps(c);
    default: {
      const children = (Array.isArray(c.conditions) ? c.conditions : []).map((child) => build(child as Record<string, unknown>));
      if (children.length === 0) return () => true; // empty groups reject nothing
      if (type === 'all') return (a, ctx) => children.every((p) => p(a, ctx));
      if (type === 'any') return (a, ctx) => children.some((p) => p(a, ctx));
      return (a, ctx) => !children.some((p) => p(a, ctx)); // notAny / notany
    }
  }
}

function buildMatch(c: Record<string, unknown>): AnnotationPredicate {
  const read = fieldReader(c.field as string);
  const operator = (c.operator ?? 'equals') as Operator;
  const fold = c.caseInsensitive === true;
  const norm = (s: string): string => (fold ? s.toLowerCase() : s);
  if (operator === 'fieldExists') return (a) => read(a).some(isNonEmpty);
  const values = (c.values as unknown[]).map((v) => norm(String(v)));
  if (NUMERIC_OPERATORS.has(operator)) {
    const bounds = values.map((v) => toNumber(v) as number);
    const test = numericTest(operator);
    return (a) => read(a).some((leaf) => {
      const n = typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
      return n !== undefined && bounds.some((b) => test(n, b));
    });
  }
  const texts = (a: Annotation): string[] => read(a).flatMap((leaf) => (isScalar(leaf) ? [norm(String(leaf))] : []));
  if (operator === 'equals' || operator === 'equal') {
    const set = new Set(values);
    return (a) => texts(a).some((t) => set.has(t));
  }
  if (operator === 'startsWith') return (a) => texts(a).some((t) => values.some((v) => t.startsWith(v)));
  return (a) => texts(a).some((t) => values.some((v) => t.includes(v))); // contains, containsOneOf
}

function buildOverlaps(c: Record<string, unknown>): AnnotationPredicate {
  const key = filterTargetKey(c.target as string) as string;
  const inner = build(c.condition as Record<string, unknown>);
  return (a, ctx) => {
    const list = ctx?.data?.[key];
    const begin = a.begin;
    const end = a.end;
    if (!Array.isArray(list) || typeof begin !== 'number' || typeof end !== 'number') return false;
    return list.some((o: unknown) =>
      isJsonObject(o) && o !== a && typeof o.begin === 'number' && typeof o.end === 'number' &&
      o.begin < end && begin < o.end && inner(o, ctx));
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
  const wildcard = field.startsWith('*.');
  const segments = (wildcard ? field.slice(2) : field).split('.');
  if (!wildcard) {
    return (a) => {
      const out: unknown[] = [];
      collect(a, segments, 0, out);
      return out;
    };
  }
  return (a) => {
    const out: unknown[] = [];
    collectAnywhere(a, segments, 0, out);
    return out;
  };
}

function collect(value: unknown, segments: readonly string[], i: number, out: unknown[], depth = 0): void {
  if (depth > MAX_WILDCARD_DEPTH + segments.length) return; // arrays nested absurdly deep are not searched
  if (Array.isArray(value)) {
    for (const v of value) collect(v, segments, i, out, depth + 1);
    return;
  }
  if (i === segments.length) {
    if (value !== undefined && value !== null) out.push(value);
    return;
  }
  const seg = segments[i] as string;
  if (isJsonObject(value) && Object.hasOwn(value, seg)) collect(value[seg], segments, i + 1, out, depth + 1);
}

function collectAnywhere(value: unknown, segments: readonly string[], depth: number, out: unknown[]): void {
  if (depth > MAX_WILDCARD_DEPTH) return;
  if (Array.isArray(value)) {
    for (const v of value) collectAnywhere(v, segments, depth + 1, out);
    return;
  }
  if (!isJsonObject(value)) return;
  collect(value, segments, 0, out);
  for (const v of Object.values(value)) {
    if (typeof v === 'object' && v !== null) collectAnywhere(v, segments, depth + 1, out);
  }
}

function firstNumber(a: Annotation, path: string): number | undefined {
  for (const leaf of fieldReader(path)(a)) {
    const n = typeof leaf === 'number' ? leaf : typeof leaf === 'string' ? toNumber(leaf) : undefined;
    if (n !== undefined) return n;
  }
  return undefined;
}

function toNumber(s: string): number | undefined {
  if (s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function isNonEmpty(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  if (isJsonObject(v)) return Object.keys(v).length > 0;
  return v !== undefined && v !== null;
}
