// Artifact constructs that ACD deploys and that this service reads leniently (docs/cartridges.md,
// Validation): the stored body is rewritten once, at parse time, so the engine compiles only the forms it
// knows, and each rewrite is reported as an issue the artifact response carries.
//
// - Older attribute sets carry the match of a field directly in it, without a `condition` object:
//   `{"name": "type", "values": ["umls.Animal"], "operator": "equals", "target": "unstructured.data.concepts"}`.
//   Its meaning is a field match, so it is rewritten to `{target, condition: {type: "match", field, values,
//   operator, caseInsensitive?, not?}}` (INFO LEGACY_FIELD_MATCH).
// - Concept inference rules whose condition has a match with an empty `values` list (`equals []`) name no
//   value to compare with, so the engine cannot apply them: such a rule is left out of the stored body
//   (WARNING RULE_NOT_APPLIED, which makes the artifact's response a WARNING); the other rules deploy.
import { cartridgeIssue, type CartridgeIssue } from './cartridge-issue.js';
import { isJsonObject, type JsonObject } from './json-value.js';

/** Fields of a legacy field match that become the condition; the rest (target, valueField, …) stay on the field. */
const LEGACY_CONDITION_KEYS = ['values', 'operator', 'caseInsensitive', 'not'] as const;
const MAX_DEPTH = 64;

/** The attribute set with its legacy field matches rewritten to conditions; one INFO issue per attribute set. */
export function normalizeAttributeSet(body: JsonObject, artifact: string, issues: CartridgeIssue[]): JsonObject {
  if (!Array.isArray(body.attributes)) return body;
  const rewritten: string[] = [];
  const attributes = body.attributes.map((attr, i) => {
    if (!isJsonObject(attr) || !Array.isArray(attr.possibleValues)) return attr;
    const possibleValues = attr.possibleValues.map((pv, j) => {
      if (!isJsonObject(pv) || !Array.isArray(pv.fields)) return pv;
      const fields = pv.fields.map((f, k) => {
        const field = legacyFieldMatch(f);
        if (field !== undefined) rewritten.push(`attributes[${i}].possibleValues[${j}].fields[${k}]`);
        return field ?? f;
      });
      return { ...pv, fields };
    });
    return { ...attr, possibleValues };
  });
  if (rewritten.length === 0) return body;
  const shown = rewritten.length > 3 ? `${rewritten.slice(0, 3).join(', ')} and ${rewritten.length - 3} more` : rewritten.join(', ');
  issues.push(cartridgeIssue('INFO', 'LEGACY_FIELD_MATCH', `${rewritten.length} field(s) carry their match without a condition object (older attribute set format); read as field matches: ${shown}`, { artifact, path: 'attributes' }));
  return { ...body, attributes };
}

/** `{name, values, operator?, target}` without `condition` → `{target, condition: {type: "match", field: name, …}}`. */
function legacyFieldMatch(f: unknown): JsonObject | undefined {
  if (!isJsonObject(f) || f.condition !== undefined || typeof f.name !== 'string' || f.name === '') return undefined;
  if (!Array.isArray(f.values) && f.operator !== 'fieldExists') return undefined;
  const condition: JsonObject = { type: 'match', field: f.name };
  const rest: JsonObject = {};
  for (const [key, value] of Object.entries(f)) {
    if ((LEGACY_CONDITION_KEYS as readonly string[]).includes(key)) condition[key] = value;
    else if (key !== 'name') rest[key] = value;
  }
  return { ...rest, condition };
}

/** The rule set without the rules the engine cannot apply (a match with an empty values list). */
export function dropInapplicableRules(body: JsonObject, artifact: string, issues: CartridgeIssue[]): JsonObject {
  if (!Array.isArray(body.rules)) return body;
  const kept: unknown[] = [];
  body.rules.forEach((rule, i) => {
    const where = isJsonObject(rule) && Array.isArray(rule.selections) ? emptyValuesMatch(rule.selections, `rules[${i}].selections`, 0) : undefined;
    if (where === undefined) {
      kept.push(rule);
      return;
    }
    const label = isJsonObject(rule) && typeof rule.description === 'string' && rule.description !== '' ? ` ("${rule.description}")` : '';
    issues.push(cartridgeIssue('WARNING', 'RULE_NOT_APPLIED', `rule ${i + 1}${label} not applied: ${where} has an empty values list, so it names no value to compare with`, { artifact, path: `rules[${i}]` }));
  });
  if (kept.length === body.rules.length) return body;
  const { ruleIds, ...rest } = body;
  // `ruleIds` (the authoring tool's order list) would name the dropped rules: kept only for the rules left.
  const keptIds = new Set(kept.map((r) => (isJsonObject(r) ? r.id : undefined)));
  return Array.isArray(ruleIds) ? { ...rest, rules: kept, ruleIds: ruleIds.filter((id) => keptIds.has(id)) } : { ...rest, rules: kept };
}

/** The path of the first match (under any condition tree of these selections) whose values list is empty. */
function emptyValuesMatch(node: unknown, path: string, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const found = emptyValuesMatch(node[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isJsonObject(node)) return undefined;
  const isMatch = (node.type ?? (node.field !== undefined ? 'match' : undefined)) === 'match';
  if (isMatch && (node.operator ?? 'equals') !== 'fieldExists' && Array.isArray(node.values) && node.values.length === 0) {
    return `${path} (${String(node.operator ?? 'equals')} on field "${String(node.field)}")`;
  }
  for (const key of ['condition', 'conditions'] as const) {
    if (node[key] === undefined) continue;
    const found = emptyValuesMatch(node[key], `${path}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
