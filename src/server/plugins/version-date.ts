// The `version=YYYY-MM-DD` query parameter required on every guarded /v1 route (status and health
// check are open). The date picks the most recent interface version not after it (API_VERSIONS);
// a missing, malformed or impossible date, or one before the first version, is a 400.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors.js';
import { onGuardedRequest } from '../request-context.js';

/**
 * Interface version dates this service recognises, ascending. A request's date resolves to the
 * latest entry not after it. All currently behave identically; a new entry is added only when the
 * interface changes incompatibly (then routes branch on request.apiVersion).
 */
export const API_VERSIONS: readonly string[] = ['2017-10-13', '2021-08-27', '2023-02-22'];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in the form YYYY-MM-DD (2017-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The interface version a `version` query value selects; throws MISSING_VERSION / INVALID_VERSION. */
export function resolveApiVersion(value: unknown, versions: readonly string[] = API_VERSIONS): string {
  if (value === undefined || value === '') throw new DomainError('MISSING_VERSION', 'The query parameter version (YYYY-MM-DD) is required.');
  if (typeof value !== 'string') throw new DomainError('INVALID_VERSION', 'Send the query parameter version exactly once.');
  if (!isCalendarDate(value)) throw new DomainError('INVALID_VERSION', `"${value.slice(0, 40)}" is not a valid date in the form YYYY-MM-DD.`);
  let resolved: string | undefined;
  for (const v of versions) if (v <= value) resolved = v;
  if (resolved === undefined) throw new DomainError('INVALID_VERSION', `Version ${value} is before the first interface version ${versions[0] ?? ''}.`);
  return resolved;
}

/** Valid `version` values already resolved, remembered up to this many (clients send one or two). */
const MAX_REMEMBERED_VERSIONS = 64;

/** Adds the hook that resolves request.apiVersion on guarded routes (only they run it). */
export function registerVersionDate(app: FastifyInstance): void {
  app.decorateRequest('apiVersion', '');
  const resolved = new Map<string, string>();
  onGuardedRequest(app, (request: FastifyRequest, _reply, done) => {
    const value = (request.query as Record<string, unknown> | undefined)?.version;
    let version = typeof value === 'string' ? resolved.get(value) : undefined;
    if (version === undefined) {
      try {
        version = resolveApiVersion(value);
      } catch (error) {
        done(error as Error);
        return;
      }
      if (resolved.size < MAX_REMEMBERED_VERSIONS) resolved.set(value as string, version);
    }
    request.apiVersion = version;
    done();
  });
}
