// What a filter condition (filter-condition.ts) needs of an annotation for it to hold, read from the
// condition once: equality values or the presence of a value at a plain dotted path. attribute_detection
// indexes a document's annotations by them (candidate-index.ts) so a field's condition is tested only on
// annotations that can satisfy it. A requirement is necessary, never sufficient: callers still test the
// condition.
import { leafText } from './filter-condition.js';
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
}

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
