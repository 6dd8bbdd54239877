// Translation of pg driver errors at the store's edge: "the database cannot answer" becomes
// DomainError STORE_UNAVAILABLE; everything else (bugs, constraint violations) passes through.
import { DomainError } from '../../errors.js';

/** SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57P0x shutdown/cannot connect,
 * 28 invalid authorization, 3D000 unknown database. */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0|28|3D000$)/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Client was closed|not queryable/i;

export const UNIQUE_VIOLATION = '23505';

export function sqlState(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isUnavailable(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = sqlState(e);
  if (code !== undefined && (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (e instanceof AggregateError && e.errors.some(isUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.test(e.message);
}

export function translatePgError(e: unknown): unknown {
  if (isUnavailable(e)) return new DomainError('STORE_UNAVAILABLE', `PostgreSQL store: ${(e as Error).message}`, { cause: e });
  return e;
}
