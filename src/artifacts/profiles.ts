// Persisted profiles (AcdProfile): named sets of annotator configuration. A profile body carries
// `annotators`, an array of `{name, parameters?, configurations?}`; other client fields (`publish`,
// `version`, `cartridgeId`, …) are kept as sent, except `publishedDate`, which the server sets.
import type { ValidationIssue } from '../errors.js';
import type { Store } from '../store/store.js';
import { validateAnnotatorEntry, validateCommonFields } from './annotator-config.js';
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

export function validateProfile(body: Record<string, unknown>): ValidationIssue[] {
  const issues = validateCommonFields(body);
  const { annotators } = body;
  if (!Array.isArray(annotators)) {
    issues.push({ path: 'annotators', message: 'annotators must be an array of annotator configurations' });
    return issues;
  }
  annotators.forEach((entry, i) => issues.push(...validateAnnotatorEntry(entry, `annotators[${i}]`)));
  return issues;
}

export const PROFILE_SPEC: PersistedKindSpec = {
  kind: 'profile',
  label: 'Profile',
  notFound: 'PROFILE_NOT_FOUND',
  conflict: 'PROFILE_CONFLICT',
  invalid: 'INVALID_PROFILE',
  validate: validateProfile,
  summarize: (d) => ({ publishedDate: d.publishedDate, ...(typeof d.name === 'string' ? { name: d.name } : {}) }),
};

export const listProfiles = (store: Store, caller: Caller) => listArtifacts(store, PROFILE_SPEC, caller);
export const getProfile = (store: Store, caller: Caller, id: string): Promise<ArtifactDefinition> => getArtifact(store, PROFILE_SPEC, caller, id);
export const createProfile = (store: Store, caller: Caller, body: unknown): Promise<ArtifactDefinition> => createArtifact(store, PROFILE_SPEC, caller, body);
export const replaceProfile = (store: Store, caller: Caller, id: string, body: unknown): Promise<ArtifactDefinition> => replaceArtifact(store, PROFILE_SPEC, caller, id, body);
export const deleteProfile = (store: Store, caller: Caller, id: string): Promise<ArtifactDefinition> => deleteArtifact(store, PROFILE_SPEC, caller, id);
