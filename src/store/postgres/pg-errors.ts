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

/**
 * The connection the statement went out on was dropped (the server restarted or killed the backend, the
 * socket broke): the pool discards that client, and the same statement on a fresh connection usually works.
 * Not: the database refusing new connections or credentials (retrying at once would fail the same way).
 */
const DROPPED_SQLSTATE = /^(57P01|57P02|08003|08006)$/;
const DROPPED_NODE_CODES = new Set(['ECONNRESET', 'EPIPE']);
const DROPPED_MESSAGES = /Connection terminated|Client has encountered a connection error|terminating connection/i;

export function isDroppedConnection(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = sqlState(e);
  if (code !== undefined && (DROPPED_SQLSTATE.test(code) || DROPPED_NODE_CODES.has(code))) return true;
  return DROPPED_MESSAGES.test(e.message);
}
