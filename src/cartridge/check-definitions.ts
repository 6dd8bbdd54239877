// Structural checks of artifact bodies: profiles and flows (also usable by the profile/flow
// endpoints), filters, attribute sets, rule sets and libraries. Each returns ValidationIssue values.

import type { ValidationIssue } from '../errors.js';
import { ACD_ANNOTATOR_IDS } from '../engine/acd-catalogue.js';
import { validateCondition, validateFilter } from './filter-condition.js';
import { isJsonObject, type JsonObject } from './json-value.js';

/** Artifact ids: 1-256 of letters, digits, ".", "_", "-", not starting with a dot. */
export function isValidArtifactId(id: string): boolean {
  if (id.length === 0 || id.length > 256 || id.charCodeAt(0) === 46) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 95 || c === 45;
    if (!ok) return false;
  }
  return true;
}

/** Cartridge ids are `<namespace>.<name>`: namespace of letters, digits, "_", "-"; name a valid artifact id. */
export function checkCartridgeId(id: string, namespace: string): string | null {
  const dot = id.indexOf('.');
  if (dot <= 0) return `cartridge id "${id}" must have the form <namespace>.<name>`;
  const ns = id.slice(0, dot);
  if (!isValidArtifactId(id) || ns.includes('.')) return `cartridge id "${id}" has characters other than letters, digits, ".", "_", "-" or is longer than 256`;
  if (id.slice(dot + 1) === '') return `cartridge id "${id}" has an empty name after the namespace`;
  if (namespace !== ns) return `cartridge id "${id}" does not start with its namespace "${namespace}."`;
  return null;
}

/** The message of a flow without elements, which validate-cartridge.ts reports as a WARNING (EMPTY_FLOW). */
export const EMPTY_ELEMENTS = 'elements is empty: analyses with this flow run no annotator';

/** An annotator of a profile or flow element: `name`, `parameters` (map of string arrays), `configurations`. */
export function validateAnnotator(an: unknown, path: string, knownIds: ReadonlySet<string> = ACD_ANNOTATOR_IDS): ValidationIssue[] {
  if (!isJsonObject(an)) return [{ path, message: 'an annotator must be an object' }];
  const issues: ValidationIssue[] = [];
  if (typeof an.name !== 'string' || an.name === '') issues.push({ path: `${path}.name`, message: 'annotator name is required' });
  else if (!knownIds.has(an.name)) issues.push({ path: `${path}.name`, message: `unknown annotator "${an.name}"` });
  if (an.parameters !== undefined) {
    if (!isJsonObject(an.parameters)) issues.push({ path: `${path}.parameters`, message: 'parameters must be a map of string arrays' });
    else {
      for (const [key, values] of Object.entries(an.parameters)) {
        if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) {
          issues.push({ path: `${path}.parameters.${key}`, message: 'parameter values must be an array of strings' });
        }
      }
    }
  }
  if (an.configurations !== undefined) {
    if (!Array.isArray(an.configurations)) issues.push({ path: `${path}.configurations`, message: 'configurations must be an array' });
    else {
      an.configurations.forEach((c, i) => {
        const at = `${path}.configurations[${i}]`;
        if (!isJsonObject(c)) issues.push({ path: at, message: 'a configuration must be an object' });
        else if (c.filter !== undefined) issues.push(...validateFilter(c.filter, `${at}.filter`));
      });
    }
  }
  return issues;
}

export function validateProfileBody(body: unknown, knownIds?: ReadonlySet<string>): ValidationIssue[] {
  if (!isJsonObject(body)) return [{ path: '', message: 'a profile must be an object' }];
  const issues: ValidationIssue[] = [];
  for (const key of ['id', 'name', 'description'] as const) {
    if (body[key] !== undefined && typeof body[key] !== 'string') issues.push({ path: key, message: `${key} must be a string` });
  }
  if (body.annotators === undefined) return issues;
  if (!Array.isArray(body.annotators)) return [...issues, { path: 'annotators', message: 'annotators must be an array' }];
  body.annotators.forEach((an, i) => issues.push(...validateAnnotator(an, `annotators[${i}]`, knownIds)));
  return issues;
}

export function validateFlowBody(body: unknown, knownIds?: ReadonlySet<string>): ValidationIssue[] {
  if (!isJsonObject(body)) return [{ path: '', message: 'a flow must be an object' }];
  const issues: ValidationIssue[] = [];
  for (const key of ['id', 'name', 'description'] as const) {
    if (body[key] !== undefined && typeof body[key] !== 'string') issues.push({ path: key, message: `${key} must be a string` });
  }
  if (!Array.isArray(body.annotatorFlows) || body.annotatorFlows.length === 0) {
    return [...issues, { path: 'annotatorFlows', message: 'annotatorFlows must be a non-empty array' }];
  }
  body.annotatorFlows.forEach((af, i) => {
    const at = `annotatorFlows[${i}]`;
    if (!isJsonObject(af)) {
      issues.push({ path: at, message: 'an annotatorFlow must be an object' });
      return;
    }
    if (af.profile !== undefined && typeof af.profile !== 'string') issues.push({ path: `${at}.profile`, message: 'profile must be a string' });
    if (!isJsonObject(af.flow)) issues.push({ path: `${at}.flow`, message: 'flow object is required' });
    else checkFlow(af.flow, `${at}.flow`, 0, issues, knownIds);
  });
  return issues;
}

function checkFlow(flow: JsonObject, path: string, depth: number, issues: ValidationIssue[], knownIds?: ReadonlySet<string>): void {
  if (depth > 16) {
    issues.push({ path, message: 'flows nested deeper than 16' });
    return;
  }
  if (flow.async !== undefined && typeof flow.async !== 'boolean') issues.push({ path: `${path}.async`, message: 'async must be a boolean' });
  if (!Array.isArray(flow.elements)) {
    issues.push({ path: `${path}.elements`, message: 'elements must be an array' });
    return;
  }
  // Accepted as over HTTP (POST /v1/flows, /v1/analyze): the cartridge check reports it as EMPTY_FLOW.
  if (flow.elements.length === 0) issues.push({ path: `${path}.elements`, message: EMPTY_ELEMENTS });
  flow.elements.forEach((el, i) => {
    const at = `${path}.elements[${i}]`;
    if (isJsonObject(el) && el.annotator !== undefined) issues.push(...validateAnnotator(el.annotator, `${at}.annotator`, knownIds));
    else if (isJsonObject(el) && isJsonObject(el.flow)) checkFlow(el.flow, `${at}.flow`, depth + 1, issues, knownIds);
    else issues.push({ path: at, message: 'an element must hold an "annotator" or a nested "flow"' });
  });
}

/** A stored filter body: `{filters:[{name?, target, condition}]}` (as normalised by the parser). */
export function validateFilterBody(body: JsonObject): ValidationIssue[] {
  if (!Array.isArray(body.filters) || body.filters.length === 0) return [{ path: 'filters', message: 'a filter artifact needs at least one filter' }];
  return body.filters.flatMap((f, i) => validateFilter(f, `filters[${i}]`));
}

/** Attribute set: `attributes[].possibleValues[].fields[]` of `{target, condition}`. */
export function validateAttributeSetBody(body: JsonObject): { shape: ValidationIssue[]; conditions: ValidationIssue[] } {
  const shape: ValidationIssue[] = [];
  const conditions: ValidationIssue[] = [];
  if (!Array.isArray(body.attributes)) return { shape: [{ path: 'attributes', message: 'attributes must be an array' }], conditions };
  body.attributes.forEach((attr, i) => {
    const at = `attributes[${i}]`;
    if (!isJsonObject(attr) || typeof attr.name !== 'string') {
      shape.push({ path: at, message: 'an attribute must be an object with a string name' });
      return;
    }
    const pvs = attr.possibleValues ?? [];
    if (!Array.isArray(pvs)) {
      shape.push({ path: `${at}.possibleValues`, message: 'possibleValues must be an array' });
      return;
    }
    pvs.forEach((pv, j) => {
      const fields = isJsonObject(pv) ? pv.fields ?? [] : undefined;
      if (!Array.isArray(fields)) {
        shape.push({ path: `${at}.possibleValues[${j}]`, message: 'a possible value must be an object with a fields array' });
        return;
      }
      fields.forEach((f, k) => {
        const fp = `${at}.possibleValues[${j}].fields[${k}]`;
        if (!isJsonObject(f)) shape.push({ path: fp, message: 'a field must be an object' });
        else if (f.condition === undefined) conditions.push({ path: `${fp}.condition`, message: 'a field needs a condition object (or, in the older form, the "name" and "values" of the field to match)' });
        else conditions.push(...validateFilter({ target: f.target, condition: f.condition }, fp));
      });
    });
  });
  return { shape, conditions };
}

/** Concept inference rules: `rules[].selections[].condition`. */
export function validateConceptRulesBody(body: JsonObject): { shape: ValidationIssue[]; conditions: ValidationIssue[] } {
  const shape: ValidationIssue[] = [];
  const conditions: ValidationIssue[] = [];
  if (!Array.isArray(body.rules)) return { shape: [{ path: 'rules', message: 'rules must be an array' }], conditions };
  body.rules.forEach((rule, i) => {
    const at = `rules[${i}]`;
    if (!isJsonObject(rule) || !Array.isArray(rule.selections)) {
      shape.push({ path: at, message: 'a rule must be an object with a selections array' });
      return;
    }
    rule.selections.forEach((sel, j) => {
      if (isJsonObject(sel) && sel.condition !== undefined) conditions.push(...validateCondition(sel.condition, `${at}.selections[${j}].condition`));
    });
  });
  return { shape, conditions };
}

/** Library: `dictionaries` must be a list of strings. */
export function validateLibraryBody(body: JsonObject): ValidationIssue[] {
  if (!Array.isArray(body.dictionaries) || body.dictionaries.some((d) => typeof d !== 'string')) {
    return [{ path: 'dictionaries', message: 'a library needs a dictionaries array of strings' }];
  }
  return [];
}
