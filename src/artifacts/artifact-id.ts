// Artifact ids (profiles, flows; also cartridge-deployed artifacts): validation and the rule that
// derives an id from a name when a client sends `id: ""`.
import { DomainError } from '../errors.js';

export const MAX_ARTIFACT_ID_LENGTH = 256;

/** 1-256 characters of letters, digits, `.`, `_`, `-`; not starting with a dot. */
export const ARTIFACT_ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,255}$/;

export function isValidArtifactId(id: string): boolean {
  return ARTIFACT_ID_PATTERN.test(id);
}

/** Throws INVALID_ID (400) unless the id is valid. */
export function assertArtifactId(id: string): void {
  if (!isValidArtifactId(id)) {
    const shown = id.length > 60 ? `${id.slice(0, 60)}…` : id;
    throw new DomainError('INVALID_ID', `Invalid artifact id "${shown}": ids are 1-${MAX_ARTIFACT_ID_LENGTH} characters of letters, digits, ".", "_" and "-", not starting with ".".`);
  }
}

/**
 * The id generated for a create with an empty `id`: the name lower-cased and trimmed, every run of
 * characters outside `[a-z0-9._-]` replaced by one `_`, then leading and trailing `_` removed.
 * Example: `  My Profile (v2)! ` → `my_profile_v2`. Returns '' when nothing is left.
 */
export function idFromName(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
