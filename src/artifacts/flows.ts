// Persisted flows (AcdFlow): which annotators run, in which order. A flow body carries
// `annotatorFlows` (≥ 1), each `{profile?, flow: {elements, async?}}`; an element is
// `{annotator: {name, parameters?, configurations?}}` or a nested `{flow: {elements, …}}`.
import type { ValidationIssue } from '../errors.js';
import type { Store } from '../store/store.js';
import { isPlainObject, validateAnnotatorEntry, validateCommonFields } from './annotator-config.js';
import {
  type ArtifactDefinition,
  type Caller,
  type PersistedKindSpec,
  createArtifact,
  deleteArtifact,
  getArtifact,
  listArtifacts,
  replaceArtifact,
} from './persisted-artifacts.js';

/** Nested flows deeper than this are rejected (guards against pathological bodies). */
export const MAX_FLOW_DEPTH = 8;

/** Validates a Flow object (`{elements, async?}`); also used for flows supplied in analysis requests. */
export function validateFlowObject(flow: unknown, path: string, depth = 0): ValidationIssue[] {
  if (!isPlainObject(flow)) return [{ path, message: 'flow must be an object with elements' }];
  if (depth > MAX_FLOW_DEPTH) return [{ path, message: `flows may nest at most ${MAX_FLOW_DEPTH} levels` }];
  const issues: ValidationIssue[] = [];
  if (flow.async !== undefined && typeof flow.async !== 'boolean') issues.push({ path: `${path}.async`, message: 'async must be a boolean' });
  if (!Array.isArray(flow.elements)) {
    issues.push({ path: `${path}.elements`, message: 'elements must be an array' });
    return issues;
  }
  flow.elements.forEach((element, i) => {
    const at = `${path}.elements[${i}]`;
    if (isPlainObject(element) && element.annotator !== undefined) issues.push(...validateAnnotatorEntry(element.annotator, `${at}.annotator`));
    else if (isPlainObject(element) && element.flow !== undefined) issues.push(...validateFlowObject(element.flow, `${at}.flow`, depth + 1));
    else issues.push({ path: at, message: 'an element must be {"annotator": {...}} or {"flow": {...}}' });
  });
  return issues;
}

/** Validates an `annotatorFlows` array (≥ 1 entry, each with a `flow`). */
export function validateAnnotatorFlows(annotatorFlows: unknown, path = 'annotatorFlows'): ValidationIssue[] {
  if (!Array.isArray(annotatorFlows) || annotatorFlows.length === 0) {
    return [{ path, message: 'annotatorFlows must be a non-empty array of {flow: {elements: [...]}}' }];
  }
  const issues: ValidationIssue[] = [];
  annotatorFlows.forEach((entry, i) => {
    const at = `${path}[${i}]`;
    if (!isPlainObject(entry)) {
      issues.push({ path: at, message: 'an annotatorFlow must be an object with a flow' });
      return;
    }
    if (entry.profile !== undefined && entry.profile !== null && typeof entry.profile !== 'string') issues.push({ path: `${at}.profile`, message: 'profile must be a string' });
    if (entry.flow === undefined) issues.push({ path: `${at}.flow`, message: 'missing flow object' });
    else issues.push(...validateFlowObject(entry.flow, `${at}.flow`));
  });
  return issues;
}

export function validateFlow(body: Record<string, unknown>): ValidationIssue[] {
  return [...validateCommonFields(body), ...validateAnnotatorFlows(body.annotatorFlows)];
}

export const FLOW_SPEC: PersistedKindSpec = {
  kind: 'flow',
  label: 'Flow',
  notFound: 'FLOW_NOT_FOUND',
  conflict: 'FLOW_CONFLICT',
  invalid: 'INVALID_FLOW',
  validate: validateFlow,
  summarize: (d) => ({
    description: typeof d.description === 'string' ? d.description : '',
    publishedDate: d.publishedDate,
    ...(typeof d.name === 'string' ? { name: d.name } : {}),
  }),
};

export const listFlows = (store: Store, caller: Caller) => listArtifacts(store, FLOW_SPEC, caller);
export const getFlow = (store: Store, caller: Caller, id: string): Promise<ArtifactDefinition> => getArtifact(store, FLOW_SPEC, caller, id);
export const createFlow = (store: Store, caller: Caller, body: unknown): Promise<ArtifactDefinition> => createArtifact(store, FLOW_SPEC, caller, body);
export const replaceFlow = (store: Store, caller: Caller, id: string, body: unknown): Promise<ArtifactDefinition> => replaceArtifact(store, FLOW_SPEC, caller, id, body);
export const deleteFlow = (store: Store, caller: Caller, id: string): Promise<ArtifactDefinition> => deleteArtifact(store, FLOW_SPEC, caller, id);
