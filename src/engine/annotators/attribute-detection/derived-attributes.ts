// Derived attributes (`inference_rules` artifacts of attribute_detection, reference §6.1): `rules` lists the
// enabled rule ids, `ruleDefinitions{id → {scope, condition, assignment[{field, value}], enabled}}`.
// Semantics (ACD does not document them; docs/insights.md): per scope unit (`sentence`, the default, or
// `document`) the attribute values found there are gathered into a record keyed by attribute name, each
// entry `{name, preferredName, value, values, negated, hypothetical, begin, end, coveredText,
// insightModelData, sectionNormalizedName}`. The rule's `condition` (filter condition language; fields
// are paths such as `Diagnosis.value` or `PrescribedMedication.negated`) is tested on that record; when it
// holds, a new attribute value is made from the `assignment`: `name` (required), `value` (→ values),
// `preferredName` and any other string field. Assignment values may use `${Attr}` (the preferred name of
// the first `Attr` in scope) and `${Attr[path]}` (a field of it). The new value spans the attributes its
// condition and placeholders name, and lists them in `derivedFrom`.
import { DomainError } from '../../../errors.js';
import { compileCondition, type AnnotationPredicate } from '../../../cartridge/filter-condition.js';
import { fieldReader } from '../../../cartridge/filter-condition.js';
import { isJsonObject } from '../../../cartridge/json-value.js';
import type { Annotation, Document } from '../../document.js';
import { sentenceIndexAt } from '../model-broker/evidence.js';
import { ANNOTATOR_ID, ATTRIBUTE_VALUE_TYPE } from './attribute-value.js';

export interface DerivedRule {
  readonly id: string;
  readonly scope: 'sentence' | 'document';
  readonly condition: AnnotationPredicate;
  /** Attribute names the rule refers to (condition field heads and placeholders). */
  readonly names: readonly string[];
  readonly assignment: readonly { readonly field: string; readonly value: string }[];
}

export interface DerivedRuleSet {
  readonly id: string;
  readonly source: string;
  readonly rules: readonly DerivedRule[];
}

const PLACEHOLDER = /\$\{([^}[\]]+)(?:\[([^\]]+)\])?\}/g;

function invalid(id: string, message: string): DomainError {
  return new DomainError('INVALID_ANNOTATOR_PARAMETER', `attribute_detection: inference rules "${id}": ${message}`);
}

function conditionFields(c: unknown, out: Set<string>): void {
  if (!isJsonObject(c)) return;
  if (typeof c.field === 'string') out.add((c.field.startsWith('*.') ? c.field.slice(2) : c.field).split('.')[0] as string);
  if (Array.isArray(c.conditions)) for (const child of c.conditions) conditionFields(child, out);
  if (c.condition !== undefined) conditionFields(c.condition, out);
  if (typeof c.expression === 'string') for (const m of c.expression.matchAll(/\$\{([^}.]+)/g)) out.add(m[1] as string);
}

/** Compiles an `inference_rules` body; throws INVALID_ANNOTATOR_PARAMETER naming the rule on a bad definition. */
export function compileDerivedRules(id: string, body: unknown): DerivedRuleSet {
  if (!isJsonObject(body)) throw invalid(id, 'the body must be an object');
  const definitions = body.ruleDefinitions;
  if (!isJsonObject(definitions)) throw invalid(id, 'ruleDefinitions must be an object');
  const enabledIds = Array.isArray(body.rules) ? body.rules.filter((r): r is string => typeof r === 'string') : Object.keys(definitions);
  const rules: DerivedRule[] = [];
  for (const ruleId of enabledIds) {
    const def = definitions[ruleId];
    if (!isJsonObject(def)) throw invalid(id, `rule "${ruleId}" is listed but not defined`);
    if (def.enabled === false) continue;
    const scope = def.scope ?? 'sentence';
    if (scope !== 'sentence' && scope !== 'document') throw invalid(id, `rule "${ruleId}": scope must be "sentence" or "document"`);
    if (!Array.isArray(def.assignment) || def.assignment.length === 0) throw invalid(id, `rule "${ruleId}": assignment must be a non-empty array`);
    const assignment = def.assignment.map((a) => {
      if (!isJsonObject(a) || typeof a.field !== 'string' || typeof a.value !== 'string') throw invalid(id, `rule "${ruleId}": each assignment needs a string field and value`);
      return { field: a.field, value: a.value };
    });
    if (!assignment.some((a) => a.field === 'name')) throw invalid(id, `rule "${ruleId}": the assignment must set "name"`);
    let condition: AnnotationPredicate;
    try {
      condition = compileCondition(def.condition);
    } catch (error) {
      throw invalid(id, `rule "${ruleId}": ${error instanceof DomainError ? error.description : String(error)}`);
    }
    const names = new Set<string>();
    conditionFields(def.condition, names);
    for (const a of assignment) for (const m of a.value.matchAll(PLACEHOLDER)) names.add((m[1] as string).trim());
    rules.push({ id: ruleId, scope, condition, names: [...names], assignment });
  }
  return { id, source: typeof body.name === 'string' && body.name !== '' ? body.name : id, rules };
}

function view(a: Annotation): Record<string, unknown> {
  const values = Array.isArray(a.values) ? a.values : [];
  const first: unknown = values[0];
  return {
    name: a.name,
    preferredName: a.preferredName,
    value: isJsonObject(first) ? first.value : undefined,
    values,
    negated: a.negated === true,
    hypothetical: a.hypothetical === true,
    begin: a.begin,
    end: a.end,
    coveredText: a.coveredText,
    insightModelData: a.insightModelData,
    sectionNormalizedName: a.sectionNormalizedName,
  };
}

function fill(template: string, record: Record<string, Record<string, unknown>[]>): string {
  return template.replace(PLACEHOLDER, (_m, rawName: string, path: string | undefined) => {
    const first = record[rawName.trim()]?.[0];
    if (first === undefined) return '';
    const v = path === undefined ? first.preferredName : fieldReader(path.trim())(first)[0];
    return v === undefined || v === null ? '' : String(v);
  });
}

/** Applies derived rules to the attribute values already found; returns the new attribute values. */
export function applyDerivedRules(doc: Document, attributes: readonly Annotation[], sets: readonly DerivedRuleSet[]): Annotation[] {
  if (attributes.length === 0) return [];
  const units = new Map<string, Annotation[]>();
  for (const a of attributes) {
    const key = String(sentenceIndexAt(doc.sentences, a.begin));
    const list = units.get(key);
    if (list === undefined) units.set(key, [a]);
    else list.push(a);
  }
  const out: Annotation[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      const scopes = rule.scope === 'document' ? [attributes] : [...units.values()];
      for (const inScope of scopes) {
        const record: Record<string, Record<string, unknown>[]> = {};
        const byName = new Map<string, Annotation[]>();
        for (const a of inScope) {
          if (typeof a.name !== 'string') continue;
          (record[a.name] ??= []).push(view(a));
          const list = byName.get(a.name);
          if (list === undefined) byName.set(a.name, [a]);
          else list.push(a);
        }
        if (!rule.condition(record)) continue;
        const from = rule.names.flatMap((n) => byName.get(n) ?? []);
        if (from.length === 0) continue;
        const begin = Math.min(...from.map((a) => a.begin));
        const end = Math.max(...from.map((a) => a.end));
        const derived: Annotation = { type: ATTRIBUTE_VALUE_TYPE, begin, end, coveredText: doc.text.slice(begin, end), name: '' };
        let values: { value: string }[] | undefined;
        for (const { field, value } of rule.assignment) {
          const filled = fill(value, record);
          if (filled === '') continue; // a placeholder naming nothing in scope: the field is left out
          if (field === 'value') values = [{ value: filled }];
          else derived[field] = filled;
        }
        if (derived.name === '') continue;
        derived.preferredName ??= derived.name;
        derived.values = values ?? [{ value: 'true' }];
        derived.source = set.source;
        derived.negated = from.every((a) => a.negated === true);
        derived.derivedFrom = from;
        derived.ruleId = `${set.id}:${rule.id}`;
        derived.annotator = ANNOTATOR_ID;
        out.push(derived);
      }
    }
  }
  return out;
}
