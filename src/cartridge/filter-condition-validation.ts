// Validation of ACD filter conditions and filters (reference §6.3): the issues of a condition or filter as
// values (STYLE.md: validators return lists of issues), before filter-condition.ts compiles it. The
// semantics are documented at the top of filter-condition.ts, which re-exports everything here.
import type { ValidationIssue } from '../errors.js';
import { compileExpression } from './condition-expression.js';
import { isJsonObject } from './json-value.js';

export const CONDITION_TYPES = ['match', 'all', 'any', 'notAny', 'notany', 'expression', 'overlaps'] as const;
export const CONDITION_OPERATORS = [
  'equals', 'equal', 'contains', 'containsOneOf', 'startsWith', 'fieldExists',
  'greaterThan', 'greaterThanOrEqualTo', 'lessThan', 'lessThanOrEqualTo',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const NUMERIC_OPERATORS: ReadonlySet<string> = new Set(['greaterThan', 'greaterThanOrEqualTo', 'lessThan', 'lessThanOrEqualTo']);
const MAX_DEPTH = 64;
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
      const compiled = compileExpression(c.expression, () => () => undefined);
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

/** A number written as text (not blank, finite); undefined otherwise. */
export function toNumber(s: string): number | undefined {
  if (s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}
