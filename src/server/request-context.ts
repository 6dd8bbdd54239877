// What the foundation plugins attach to every request, declared once (fastify declaration merging):
// `principal` (auth.ts), `tenant` (tenancy.ts) and `apiVersion` (version-date.ts). Route modules read
// them through callerOf(request) and never parse headers themselves.
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../artifacts/persisted-artifacts.js';

/** The authenticated caller. `tenant` is the tenant bound to the credential (API key binding or
 * verified JWT claim), null when the credential does not name one. */
export interface Principal {
  readonly method: 'none' | 'apikey' | 'jwt';
  readonly subject: string | null;
  readonly tenant: string | null;
  readonly operator: boolean;
}

export const ANONYMOUS: Principal = { method: 'none', subject: null, tenant: null, operator: false };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
    /** Resolved tenant ('' on open routes, which do not resolve one). */
    tenant: string;
    /** Interface version date resolved from `?version=` (one of API_VERSIONS; '' on open routes). */
    apiVersion: string;
  }
  interface FastifyContextConfig {
    /** Open routes (status, health check) skip authentication, `version` and tenant resolution. */
    openAccess?: boolean;
    /** Requests to this route must send a JSON body (415 otherwise). */
    jsonBody?: boolean;
    /** Route may answer XML (`format=xml` or `Accept: application/xml`), errors included. */
    xml?: boolean;
  }
}

/** The domain-level caller of a request: its tenant and operator right. */
export function callerOf(request: FastifyRequest): Caller {
  return { tenant: request.tenant, operator: request.principal.operator };
}

/** True for routes under /v1 that need authentication, a version date and a tenant. */
export function isGuardedRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && url.startsWith('/v1/') && request.routeOptions.config.openAccess !== true;
}
