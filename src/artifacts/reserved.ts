// Reserved artifact namespaces and the system tenant. Ids under a reserved prefix belong to
// published cartridges (ACD's `acd.` and `wh_acd.`) or to this service's own defaults
// (`clinical_annotator.`); only operators may create, replace or delete them (403 otherwise).
// The system tenant holds artifacts visible read-only to every tenant; HTTP writes never touch it.
import { DomainError } from '../errors.js';

/** This service's own artifact namespace (ids of the artifacts it ships). */
export const OWN_NAMESPACE_PREFIX = 'clinical_annotator.';

export const RESERVED_PREFIXES: readonly string[] = ['acd.', 'wh_acd.', OWN_NAMESPACE_PREFIX];

/** Tenant whose artifacts every tenant reads as a fallback (ACD's supertenant). Not a valid client tenant id. */
export const SYSTEM_TENANT = '__system__';

/** True when the id starts with a reserved prefix (compared case-insensitively, so `ACD.x` is reserved too). */
export function isReservedId(id: string): boolean {
  const lower = id.toLowerCase();
  return RESERVED_PREFIXES.some((p) => lower.startsWith(p));
}

/** Throws RESERVED_PREFIX (403) when a non-operator writes a reserved id. */
export function assertWritable(id: string, operator: boolean): void {
  if (!operator && isReservedId(id)) {
    throw new DomainError('RESERVED_PREFIX', `Cannot persist artifact with a reserved prefix: "${id}" starts with one of ${RESERVED_PREFIXES.join(', ')}.`);
  }
}
