// Concept inference rules (`concept_inference_rules` artifacts, reference §6.1; the `inference_rules`
// parameter of concept_detection). Supported form, which is every rule of the exported ACD cartridges:
// one `concept` selection whose `condition` (the filter condition language, filter-condition.ts) picks
// the concepts, `outputType: "none"` with `outputTarget` (the selected concept itself is the output), and
// `outputFields` that set or extend fields on it, e.g. `{name: "insightModelCandidates", type: "list",
// value: "ICMedication", append: true, unique: true}`. Rules run in order, each seeing the fields earlier
// rules wrote. Rules of other forms (several selections, derived concepts with a new span or type) are
// skipped and counted, never half-applied.
import { compileCondition, type AnnotationPredicate } from '../../../cartridge/filter-condition.js';
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
  readonly memo?: Map<string, boolean>;
}

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
  return { rules, skipped };
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
  return fields === undefined ? { id, select, outputs } : { id, select, outputs, fields, memo: new Map() };
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

/** The memo key of an annotation for a rule: its values at the rule's fields, when all are scalars (or absent). */
function selectionKey(a: Annotation, fields: readonly string[]): string | undefined {
  const values: unknown[] = [];
  for (const field of fields) {
    const v = a[field];
    if (v !== undefined && typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) return undefined;
    values.push(v);
  }
  // JSON writes an absent value as null; null itself is not a scalar here, so keys never collide.
  return JSON.stringify(values);
}

function selects(rule: CompiledInferenceRule, a: Annotation, data: { concepts: readonly Annotation[] }): boolean {
  const { fields, memo } = rule;
  const key = fields === undefined || memo === undefined ? undefined : selectionKey(a, fields);
  if (key === undefined) return rule.select(a, { data });
  let selected = memo!.get(key);
  if (selected === undefined) {
    selected = rule.select(a, { data });
    if (memo!.size >= SELECTION_MEMO_LIMIT) memo!.clear();
    memo!.set(key, selected);
  }
  return selected;
}

/**
 * Applies the rules in order and returns the annotations with their new fields (annotations no rule
 * selects are returned as they are; selected ones are copied, never mutated).
 */
export function applyInferenceRules(annotations: readonly Annotation[], ruleSets: readonly CompiledRuleSet[]): Annotation[] {
  let current = annotations.slice();
  for (const set of ruleSets) {
    for (const rule of set.rules) {
      const data = { concepts: current };
      current = current.map((a) => (selects(rule, a, data) ? withOutputs(a, rule.outputs) : a));
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
