// Tenant resolution for guarded routes, in this order: the tenant bound to the verified credential
// (API key binding or JWT claim) > the configured header (TENANT_HEADER, default X-IBM-Client-ID) >
// `X-Watson-UserInfo: bluemix-instance-id=<id>` > DEFAULT_TENANT. Ids are validated; the system
// tenant can never be named by a client (its id does not match TENANT_ID_PATTERN).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { TENANT_ID_PATTERN, type Config } from '../../config.js';
import { DomainError } from '../../errors.js';
import { onGuardedRequest, type Principal } from '../request-context.js';

const WATSON_USER_INFO = 'x-watson-userinfo';

/** Reads `bluemix-instance-id` from an X-Watson-UserInfo value (`k=v` pairs split by `;` or `,`). */
export function instanceIdFromUserInfo(value: string): string | undefined {
  for (const pair of value.split(/[;,]/)) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim().toLowerCase() === 'bluemix-instance-id') return pair.slice(eq + 1).trim();
  }
  return undefined;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** The tenant of a request; throws INVALID_TENANT for a malformed id. */
export function resolveTenant(headers: IncomingHttpHeaders, principal: Principal, tenancy: Config['tenancy']): string {
  const userInfo = headerValue(headers, WATSON_USER_INFO);
  const candidate = principal.tenant
    ?? headerValue(headers, tenancy.header)
    ?? (userInfo === undefined ? undefined : instanceIdFromUserInfo(userInfo))
    ?? tenancy.defaultTenant;
  if (!TENANT_ID_PATTERN.test(candidate)) {
    throw new DomainError('INVALID_TENANT', `Invalid tenant id "${candidate.slice(0, 60)}".`);
  }
  return candidate;
}

/** Adds the hook that sets request.tenant on guarded routes (only they run it, after authentication). */
export function registerTenancy(app: FastifyInstance, tenancy: Config['tenancy']): void {
  app.decorateRequest('tenant', '');
  onGuardedRequest(app, (request: FastifyRequest, _reply, done) => {
    let tenant: string;
    try {
      tenant = resolveTenant(request.headers, request.principal, tenancy);
    } catch (error) {
      done(error as Error);
      return;
    }
    request.tenant = tenant;
    done();
  });
}
