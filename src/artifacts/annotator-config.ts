// Validation of the annotator entries that profiles and flows carry:
// `{ name, parameters?, configurations? }` where `name` is an ACD annotator id
// (src/engine/acd-catalogue.ts) and `parameters` maps parameter names to arrays of strings.
// Validators return issues; callers decide which error kind to throw.
import type { ValidationIssue } from '../errors.js';
import { ACD_ANNOTATOR_IDS } from '../engine/acd-catalogue.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a parameters map: every value an array of strings. */
export function validateParameters(value: unknown, path: string): ValidationIssue[] {
  if (value === undefined) return [];
  if (!isPlainObject(value)) return [{ path, message: 'parameters must be an object mapping parameter names to arrays of strings' }];
  const issues: ValidationIssue[] = [];
  for (const [name, values] of Object.entries(value)) {
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) {
      // The same message as an analysis request gets (src/engine/pipeline.ts checkAnnotator).
      const hint = typeof values === 'string' ? `; write ${JSON.stringify({ [name]: [values] })}` : '';
      issues.push({ path: `${path}.${name}`, message: `parameter "${name}" must be an array of strings${hint}` });
    }
  }
  return issues;
}

/** Checks one annotator entry (`{name, parameters?, configurations?}`); extra fields are kept. */
export function validateAnnotatorEntry(value: unknown, path: string): ValidationIssue[] {
  if (!isPlainObject(value)) return [{ path, message: 'an annotator must be an object with a name' }];
  const { name } = value;
  const issues: ValidationIssue[] = [];
  if (typeof name !== 'string' || name === '') {
    issues.push({ path: `${path}.name`, message: 'annotator name is required' });
  } else if (!ACD_ANNOTATOR_IDS.has(name)) {
    issues.push({ path: `${path}.name`, message: `unknown annotator "${name}"` });
  }
  issues.push(...validateParameters(value.parameters, `${path}.parameters`));
  if (value.configurations !== undefined && !Array.isArray(value.configurations)) {
    issues.push({ path: `${path}.configurations`, message: 'configurations must be an array' });
  }
  return issues;
}

/** Checks the optional descriptive string fields every profile and flow may carry. */
export function validateCommonFields(body: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const field of ['name', 'description', 'version', 'cartridgeId'] as const) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string') {
      issues.push({ path: field, message: `${field} must be a string` });
    }
  }
  if (body.publish !== undefined && body.publish !== null && typeof body.publish !== 'boolean') {
    issues.push({ path: 'publish', message: 'publish must be a boolean' });
  }
  return issues;
}

/** Formats issues into one description line. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`)).join('; ');
}
