// Concept inference rules (`concept_inference_rules` artifacts, reference §6.1; the `inference_rules`
// parameter of concept_detection). Supported form, which is every rule of the exported ACD cartridges:
// one `concept` selection whose `condition` (the filter condition language, filter-condition.ts) picks
// the concepts, `outputType: "none"` with `outputTarget` (the selected concept itself is the output), and
// `outputFields` that set or extend fields on it, e.g. `{name: "insightModelCandidates", type: "list",
// value: "ICMedication", append: true, unique: true}`. Rules run in order, each seeing the fields earlier
// rules wrote. Rules of other forms (several selections, derived concepts with a new span or type) are
// skipped and counted, never half-applied.
import { compileCondition, type AnnotationPredicate, type ConditionContext } from '../../../cartridge/filter-condition.js';
import { isJsonObject } from '../../../cartridge/json-value.js';
import type { Annotation } from '../../document.js';

export interface OutputField {
  readonly name: string;
  readonly list: boolean;
  readonly value: string;
  readonly append: boolean;
  readonly unique: boolean;
}

export interface CompiledInferenceRule {
  readonly id: string;
  readonly select: AnnotationPredicate;
  readonly outputs: readonly OutputField[];
  /**
   * The top-level fields the condition reads, when it reads nothing else (plain `match` fields, no
   * expression, overlaps or dotted path): `select` is then a function of their values and is memoised.
   */
  readonly fields?: readonly string[];
  /** Shared by the consecutive rules of a set that read the same fields (none of them writing one). */
  readonly memo?: SelectionMemo;
  /** This rule's place in the result lists of `memo`. */
  readonly slot?: number;
}

/**
 * Selection results by the values of the fields a run of rules reads: nested maps, one level per field,
 * the last level holding each rule's result by slot (a lookup hashes the values themselves and builds no
 * key; applyInferenceRules looks the list up once per annotation for the whole run). Map keys compare by
 * SameValueZero: `1`, `"1"` and `true` stay apart, an absent value is `undefined`.
 */
export interface SelectionMemo {
  readonly root: Map<unknown, unknown>;
  /** Result lists held. */
  size: number;
}

/** Results of the rules sharing a memo, by slot (undefined: not judged yet). */
type SelectionResults = (boolean | undefined)[];

/** Selection results remembered per rule (keyed by the values of the fields it reads); emptied when full. */
const SELECTION_MEMO_LIMIT = 50_000;

export interface CompiledRuleSet {
  readonly rules: readonly CompiledInferenceRule[];
  /** Enabled rules of a form this engine does not apply (reported, not applied). */
  readonly skipped: readonly string[];
}

const cache = new WeakMap<object, CompiledRuleSet>();

/** Compiles a stored concept_inference_rules body once per body object. */
export function compileRuleSet(body: object): CompiledRuleSet {
  let compiled = cache.get(body);
  if (compiled === undefined) {
    compiled = build(body);
    cache.set(body, compiled);
  }
  return compiled;
}

function build(body: object): CompiledRuleSet {
  const rules: CompiledInferenceRule[] = [];
  const skipped: string[] = [];
  const list = (body as { rules?: unknown }).rules;
  for (const [index, raw] of (Array.isArray(list) ? list : []).entries()) {
    if (!isJsonObject(raw) || raw.enabled === false) continue;
    const id = typeof raw.id === 'string' ? raw.id : `rule-${index}`;
    const rule = compileRule(id, raw);
    if (rule === undefined) skipped.push(id);
    else rules.push(rule);
  }
  return { rules: shareMemos(rules), skipped };
}

/**
 * Gives consecutive memoised rules reading the same fields one memo (each its own slot), as long as no
 * rule of the run writes one of those fields: the values an annotation has there then stay the same
 * through the run, and so does its result list.
 */
function shareMemos(rules: readonly CompiledInferenceRule[]): CompiledInferenceRule[] {
  const out: CompiledInferenceRule[] = [];
  let memo: SelectionMemo | undefined;
  let fields: readonly string[] | undefined;
  let slot = 0;
  for (const rule of rules) {
    if (rule.fields === undefined) {
      out.push(rule);
      memo = undefined;
      continue;
    }
    if (memo === undefined || fields === undefined || !sameFields(fields, rule.fields)) {
      memo = { root: new Map(), size: 0 };
      fields = rule.fields;
      slot = 0;
    }
    out.push({ ...rule, memo, slot: slot++ });
    // A rule writing one of the fields ends the run: the next rule starts a memo of its own.
    const read = fields;
    if (rule.outputs.some((o) => read.includes(o.name))) memo = undefined;
  }
  return out;
}

function sameFields(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((f, i) => f === b[i]);
}

function compileRule(id: string, raw: Record<string, unknown>): CompiledInferenceRule | undefined {
  const selections = raw.selections;
  if (!Array.isArray(selections) || selections.length !== 1) return undefined;
  const selection: unknown = selections[0];
  if (!isJsonObject(selection) || (selection.type ?? 'concept') !== 'concept' || selection.outputTarget === false) return undefined;
  if ((raw.outputType ?? 'none') !== 'none' || (raw.outputSpan ?? 'target') !== 'target') return undefined;
  const outputs: OutputField[] = [];
  for (const f of Array.isArray(raw.outputFields) ? raw.outputFields : []) {
    if (!isJsonObject(f) || typeof f.name !== 'string' || f.name === '' || typeof f.value !== 'string' || f.copyFromOutputTarget === true) return undefined;
    outputs.push({ name: f.name, list: f.type === 'list', value: f.value, append: f.append !== false, unique: f.unique !== false });
  }
  if (outputs.length === 0) return undefined;
  let select: AnnotationPredicate;
  try {
    select = compileCondition(selection.condition);
  } catch {
    return undefined;
  }
  const fields = conditionFields(selection.condition);
  return fields === undefined ? { id, select, outputs } : { id, select, outputs, fields };
}

/** The plain top-level field names a condition reads, or undefined when it may read anything else. */
function conditionFields(condition: unknown, out: string[] = []): string[] | undefined {
  if (!isJsonObject(condition)) return undefined;
  const type = condition.type ?? 'match';
  if (type === 'match') {
    const field = condition.field;
    if (typeof field !== 'string' || field === '' || field.includes('.') || field.includes('*')) return undefined;
    if (!out.includes(field)) out.push(field);
    return out;
  }
  if (type !== 'all' && type !== 'any' && type !== 'notAny' && type !== 'notany') return undefined;
  if (!Array.isArray(condition.conditions)) return undefined;
  for (const child of condition.conditions) if (conditionFields(child, out) === undefined) return undefined;
  return out;
}

/** Whether a field value can key the memo: absent, a string, a boolean or a finite number. */
function isScalar(v: unknown): boolean {
  return v === undefined || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/** resultsFor's values of the fields read (reused: resultsFor runs to its end without calling out). */
const fieldValues: unknown[] = [];

/** A key for the result of a rule reading no field (an empty group): every annotation shares it. */
const NO_FIELDS = Symbol('no fields');

/**
 * Whether `rule` selects `a`. `lists[j]` (j: the annotation's position) keeps the result list found for it
 * by an earlier rule sharing the memo, so the rest of the run reads it without another lookup.
 */
function selects(rule: CompiledInferenceRule, a: Annotation, context: ConditionContext, lists: (SelectionResults | undefined)[], j: number): boolean {
  const { fields, memo } = rule;
  if (fields === undefined || memo === undefined) return rule.select(a, context);
  const slot = rule.slot ?? 0;
  let results = lists[j];
  if (results === undefined) {
    results = resultsFor(fields, memo, a);
    if (results === undefined) return rule.select(a, context);
    lists[j] = results;
  }
  let selected = results[slot];
  if (selected === undefined) results[slot] = selected = rule.select(a, context);
  return selected;
}

/** The memo's result list for `a`'s values at `fields` (made when new); undefined when one is not a scalar. */
function resultsFor(fields: readonly string[], memo: SelectionMemo, a: Annotation): SelectionResults | undefined {
  const last = fields.length - 1;
  // Every value is read (once) and checked before the memo is touched: a non-scalar one is judged without it.
  const values = fieldValues;
  for (let i = 0; i <= last; i++) {
    const v = a[fields[i] as string];
    if (!isScalar(v)) return undefined;
    values[i] = v;
  }
  if (memo.size >= SELECTION_MEMO_LIMIT) {
    memo.root.clear();
    memo.size = 0;
  }
  let level = memo.root;
  for (let i = 0; i < last; i++) {
    const v = values[i];
    let next = level.get(v) as Map<unknown, unknown> | undefined;
    if (next === undefined) level.set(v, (next = new Map()));
    level = next;
  }
  const v = last < 0 ? NO_FIELDS : values[last];
  let results = level.get(v) as SelectionResults | undefined;
  if (results === undefined) {
    level.set(v, (results = []));
    memo.size++;
  }
  return results;
}

/**
 * Applies the rules in order and returns the annotations with their new fields (annotations no rule
 * selects are returned as they are; selected ones are copied, never mutated).
 */
export function applyInferenceRules(annotations: readonly Annotation[], ruleSets: readonly CompiledRuleSet[]): Annotation[] {
  let current = annotations.slice();
  for (const set of ruleSets) {
    let memo: SelectionMemo | undefined;
    let lists: (SelectionResults | undefined)[] = [];
    for (const rule of set.rules) {
      // Result lists found by the previous rule serve the next one while they share a memo (positions
      // stay: each rule maps the list in place).
      if (rule.memo !== memo) {
        memo = rule.memo;
        lists = [];
      }
      // One condition context per rule (the concepts as the rule sees them), shared by its tests.
      const context: ConditionContext = { data: { concepts: current } };
      const next = new Array<Annotation>(current.length);
      for (let j = 0; j < current.length; j++) {
        const a = current[j] as Annotation;
        next[j] = selects(rule, a, context, lists, j) ? withOutputs(a, rule.outputs) : a;
      }
      current = next;
    }
  }
  return current;
}

function withOutputs(a: Annotation, outputs: readonly OutputField[]): Annotation {
  const out: Annotation = { ...a };
  for (const f of outputs) {
    if (!f.list) {
      out[f.name] = f.value;
      continue;
    }
    const existing = Array.isArray(out[f.name]) ? (out[f.name] as unknown[]).map(String) : [];
    if (f.unique && existing.includes(f.value)) continue;
    out[f.name] = f.append ? [...existing, f.value] : [f.value];
  }
  return out;
}
