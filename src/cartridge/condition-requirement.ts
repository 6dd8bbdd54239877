// What a filter condition (filter-condition.ts) needs of an annotation for it to hold, read from the
// condition once: equality values, a numeric bound (conditionRequirements) or the presence of a value at a
// plain dotted path. attribute_detection indexes a document's annotations by them (candidate-index.ts) so
// a field's condition is tested only on annotations that can satisfy it. A requirement is necessary,
// never sufficient: callers still test the condition.
import { leafText } from './filter-condition.js';
import { NUMERIC_OPERATORS, toNumber } from './filter-condition-validation.js';
import { isJsonObject } from './json-value.js';

/**
 * A necessary condition of a compiled condition, on the plain dotted path `field`: with `values`, the
 * annotation has a scalar value there whose leafText is one of them (an `equals` match); without, the
 * annotation has some value there (any other non-negated match: fieldExists, contains, numeric, ...).
 */
export interface FieldRequirement {
  readonly field: string;
  readonly fold: boolean;
  readonly values?: readonly string[];
  /**
   * (conditionRequirements only) A numeric match: the annotation has a numeric value there (a number, or a
   * string that reads as one) that compares with `value` as `operator` says.
   */
  readonly bound?: NumericBound;
}

export interface NumericBound {
  readonly operator: 'greaterThan' | 'greaterThanOrEqualTo' | 'lessThan' | 'lessThanOrEqualTo';
  readonly value: number;
}

/** Alternatives, one of which holds for every annotation the condition keeps. */
export type RequirementAlternatives = readonly FieldRequirement[];

/** How many annotations a requirement is guessed to let through, to pick the narrowest of an `all`. */
function breadth(alternatives: readonly FieldRequirement[]): number {
  return alternatives.reduce((sum, r) => sum + (r.values === undefined ? 1000 : r.values.length), 0);
}

/**
 * Alternatives of which at least one must hold for the condition to hold, read from a validated
 * condition; undefined when none is known (a negation, a wildcard path, an expression, an overlaps, an
 * empty or notAny group). Callers use it to test candidates only (attribute_detection's candidate index).
 */
export function conditionRequirement(condition: unknown): readonly FieldRequirement[] | undefined {
  if (!isJsonObject(condition) || condition.not === true) return undefined;
  const type = condition.type ?? 'match';
  if (type === 'match') {
    const field = condition.field;
    if (typeof field !== 'string' || field.startsWith('*.')) return undefined;
    const operator = condition.operator ?? 'equals';
    const fold = condition.caseInsensitive === true;
    if ((operator === 'equals' || operator === 'equal') && Array.isArray(condition.values)) {
      return [{ field, fold, values: condition.values.map((v) => leafText(v, fold) ?? '') }];
    }
    return [{ field, fold }];
  }
  const children = Array.isArray(condition.conditions) ? condition.conditions : [];
  if (children.length === 0) return undefined;
  if (type === 'any') {
    const out: FieldRequirement[] = [];
    for (const child of children) {
      const r = conditionRequirement(child);
      if (r === undefined) return undefined;
      out.push(...r);
    }
    return out;
  }
  if (type !== 'all') return undefined;
  let best: readonly FieldRequirement[] | undefined;
  for (const child of children) {
    const r = conditionRequirement(child);
    if (r !== undefined && (best === undefined || breadth(r) < breadth(best))) best = r;
  }
  return best;
}

/**
 * Necessary conditions of a validated condition, all of which hold for every annotation it keeps: each
 * entry lists alternatives (as conditionRequirement does), and numeric matches give bounds (`score >= 0.7`
 * requires a value of at least 0.7, not just a value). Every child of an `all` with a requirement adds
 * its own; an `any` gives the union of one requirement of each child (the narrowest). Empty when nothing
 * is known (a negation, a wildcard path, an expression, an overlaps, an empty or notAny group). Entries
 * come narrowest first (equality values before numeric bounds before mere presence).
 */
export function conditionRequirements(condition: unknown): readonly RequirementAlternatives[] {
  const out = requirementsOf(condition);
  return [...out].sort((a, b) => breadthOf(a) - breadthOf(b));
}

/** Guessed share of annotations a requirement lets through (smaller first). */
function breadthOf(alternatives: RequirementAlternatives): number {
  return alternatives.reduce((sum, r) => sum + (r.values !== undefined ? r.values.length : r.bound !== undefined ? 500 : 1000), 0);
}

function requirementsOf(condition: unknown): RequirementAlternatives[] {
  if (!isJsonObject(condition) || condition.not === true) return [];
  const type = condition.type ?? 'match';
  if (type === 'match') {
    const field = condition.field;
    if (typeof field !== 'string' || field.startsWith('*.')) return [];
    const operator = condition.operator ?? 'equals';
    const fold = condition.caseInsensitive === true;
    const values = Array.isArray(condition.values) ? condition.values : undefined;
    if ((operator === 'equals' || operator === 'equal') && values !== undefined) {
      return [[{ field, fold, values: values.map((v) => leafText(v, fold) ?? '') }]];
    }
    if (typeof operator === 'string' && NUMERIC_OPERATORS.has(operator) && values !== undefined && values.length > 0) {
      const bounds = values.map((v) => toNumber(String(v)));
      if (bounds.every((b): b is number => b !== undefined)) {
        // Some bound holds: above the lowest lower bound, below the highest upper bound.
        const lower = operator === 'greaterThan' || operator === 'greaterThanOrEqualTo';
        const value = lower ? Math.min(...bounds) : Math.max(...bounds);
        return [[{ field, fold, bound: { operator: operator as NumericBound['operator'], value } }]];
      }
    }
    return [[{ field, fold }]];
  }
  const children = Array.isArray(condition.conditions) ? condition.conditions : [];
  if (children.length === 0) return [];
  if (type === 'all') return children.flatMap((child) => requirementsOf(child));
  if (type !== 'any') return [];
  const union: FieldRequirement[] = [];
  for (const child of children) {
    const own = requirementsOf(child);
    if (own.length === 0) return [];
    let best = own[0] as RequirementAlternatives;
    for (const r of own) if (breadthOf(r) < breadthOf(best)) best = r;
    union.push(...best);
  }
  return [union];
}
