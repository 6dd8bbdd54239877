// What the foundation plugins attach to every request, declared once (fastify declaration merging):
// `principal` (auth.ts), `tenant` (tenancy.ts) and `apiVersion` (version-date.ts). Route modules read
// them through callerOf(request) and never parse headers themselves.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
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
  const { url, config } = request.routeOptions;
  return isGuardedRouteOptions({ url, config });
}

/** The same decision from a route's options, once when the route is added (fastify's onRoute hook). */
export function isGuardedRouteOptions(route: { readonly url?: string | undefined; readonly config?: FastifyContextConfig | undefined }): boolean {
  return route.url !== undefined && route.url.startsWith('/v1/') && route.config?.openAccess !== true;
}

type OnRequestHook = onRequestHookHandler | onRequestAsyncHookHandler;

/**
 * Adds `hook` to the onRequest hooks of every guarded route added from now on (after hooks the route
 * already has), so open routes, 404s and the rest never run it nor ask whether they are guarded.
 */
export function onGuardedRequest(app: FastifyInstance, hook: OnRequestHook): void {
  app.addHook('onRoute', (route) => {
    if (!isGuardedRouteOptions(route)) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [hook] : [...(Array.isArray(own) ? own : [own]), hook] as typeof route.onRequest;
  });
}
