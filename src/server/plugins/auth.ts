// Authentication of guarded /v1 routes. AUTH_MODE:
//  - none:   no check (ACD's container edition behind a proxy); any Authorization header is ignored.
//  - apikey: `Authorization: Bearer <key>` or HTTP Basic `apikey:<key>` (what the official SDKs and
//            the legacy `curl -u apikey:<key>` send). API_KEYS entries may bind a tenant and the
//            operator role: `key=tenant:operator`.
//  - jwt:    `Authorization: Bearer <jwt>` verified with jose against JWT_SECRET (HS256),
//            JWT_PUBLIC_KEY (PEM) or JWT_JWKS_URL; expiry (`exp` required unless JWT_REQUIRE_EXP=off),
//            `nbf` and `iat` (neither later than now + JWT_CLOCK_TOLERANCE_SEC), issuer and audience are checked, unsigned
//            (`alg: none`) and symmetric-vs-asymmetric confusion are rejected. The tenant comes from
//            the JWT_TENANT_CLAIM claim (required with JWT_REQUIRE_TENANT_CLAIM=on); the caller is an operator when the JWT_OPERATOR_CLAIM claim
//            (string, space-separated string or array) contains JWT_OPERATOR_ROLE.
// Failures answer 401 with the service error body and a WWW-Authenticate header.
import { createHash, createPublicKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { ApiKeyEntry, Config, JwtConfig } from '../../config.js';
import { DomainError } from '../../errors.js';
import { ANONYMOUS, onGuardedRequest, type Principal } from '../request-context.js';

export type Authenticator = (authorization: string | undefined) => Promise<Principal>;

type Credential = { scheme: 'bearer' | 'basic-apikey'; secret: string };

/** Splits an Authorization header into a bearer token or a Basic `apikey:<key>` secret. */
export function parseAuthorization(header: string | undefined): Credential | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (match === null) return undefined;
  const scheme = match[1]?.toLowerCase();
  const value = match[2] ?? '';
  if (scheme === 'bearer') return { scheme: 'bearer', secret: value };
  if (scheme === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0 && decoded.slice(0, colon).toLowerCase() === 'apikey') return { scheme: 'basic-apikey', secret: decoded.slice(colon + 1) };
  }
  return undefined;
}

function unauthorized(description: string): DomainError {
  return new DomainError('UNAUTHORIZED', description);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** API-key authenticator: keys are compared by SHA-256 digest in constant time. */
export function createApiKeyAuthenticator(keys: readonly ApiKeyEntry[]): Authenticator {
  const table = keys.map((entry) => ({ entry, digest: sha256(entry.key) }));
  return async (authorization) => {
    const credential = parseAuthorization(authorization);
    if (credential === undefined) throw unauthorized('Missing or malformed credentials: send Authorization: Bearer <api key> or Basic apikey:<api key>.');
    const digest = sha256(credential.secret);
    let found: ApiKeyEntry | undefined;
    for (const row of table) if (timingSafeEqual(row.digest, digest)) found = row.entry;
    if (found === undefined) throw unauthorized('Invalid API key.');
    return { method: 'apikey', subject: `apikey:${digest.toString('hex').slice(0, 12)}`, tenant: found.tenant, operator: found.operator };
  };
}

const ASYMMETRIC_ALGORITHMS: Readonly<Record<string, readonly string[]>> = {
  rsa: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
  'rsa-pss': ['PS256', 'PS384', 'PS512'],
  ec: ['ES256', 'ES384', 'ES512'],
  ed25519: ['EdDSA', 'Ed25519'],
};
const ALL_ASYMMETRIC = [...new Set(Object.values(ASYMMETRIC_ALGORITHMS).flat())];

type JwtKey = { key: Uint8Array | KeyObject | JWTVerifyGetKey; algorithms: string[] };

function jwtKey(jwt: JwtConfig): JwtKey {
  if (jwt.secret !== null) return { key: new TextEncoder().encode(jwt.secret), algorithms: ['HS256'] };
  if (jwt.publicKeyPem !== null) {
    const key = createPublicKey(jwt.publicKeyPem);
    const algorithms = ASYMMETRIC_ALGORITHMS[key.asymmetricKeyType ?? ''];
    if (algorithms === undefined) throw new Error(`JWT_PUBLIC_KEY: unsupported key type ${key.asymmetricKeyType ?? 'unknown'}`);
    return { key, algorithms: [...algorithms] };
  }
  if (jwt.jwksUrl !== null) return { key: createRemoteJWKSet(new URL(jwt.jwksUrl), { timeoutDuration: 5000 }), algorithms: ALL_ASYMMETRIC };
  throw new Error('AUTH_MODE=jwt needs JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL');
}

function hasRole(claim: unknown, role: string): boolean {
  if (typeof claim === 'string') return claim.split(/\s+/).includes(role);
  if (Array.isArray(claim)) return claim.includes(role);
  return false;
}

function describeJwtFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The token has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `Token claim check failed: ${error.message}.`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'The token signature algorithm is not allowed.';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'The token signature is invalid.';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'No key of the key set matches the token.';
  if (error instanceof joseErrors.JOSEError) return `Invalid token (${error.code}).`;
  return 'Invalid token.';
}

/** JWT authenticator (jose). */
export function createJwtAuthenticator(jwt: JwtConfig): Authenticator {
  const { key, algorithms } = jwtKey(jwt);
  const options = {
    algorithms,
    clockTolerance: jwt.clockToleranceSec,
    ...(jwt.requireExp ? { requiredClaims: ['exp'] } : {}),
    ...(jwt.issuer === null ? {} : { issuer: jwt.issuer }),
    ...(jwt.audience === null ? {} : { audience: jwt.audience }),
  };
  return async (authorization) => {
    const credential = parseAuthorization(authorization);
    if (credential?.scheme !== 'bearer') throw unauthorized('Missing or malformed credentials: send Authorization: Bearer <token>.');
    let payload: JWTPayload;
    try {
      // Two branches only so TypeScript picks the matching jwtVerify overload (key vs key-set function).
      payload = typeof key === 'function'
        ? (await jwtVerify(credential.secret, key, options)).payload
        : (await jwtVerify(credential.secret, key, options)).payload;
    } catch (error) {
      throw unauthorized(describeJwtFailure(error));
    }
    // jose checks `nbf` against the tolerance but not `iat`: a token issued in the future is forged or
    // comes from a clock that is wrong, and either way it would outlive its intended lifetime.
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + jwt.clockToleranceSec) {
      throw unauthorized('Token claim check failed: "iat" (issued at) is in the future.');
    }
    const tenant = payload[jwt.tenantClaim];
    if (tenant === undefined && jwt.requireTenantClaim) {
      throw unauthorized(`The token has no "${jwt.tenantClaim}" claim; this service requires one (JWT_REQUIRE_TENANT_CLAIM=on).`);
    }
    // An absent claim leaves the tenant to the header; a claim of another shape (a number, a list, "") is an
    // error: read as absent, it would let the caller pick any tenant with the header.
    if (tenant !== undefined && (typeof tenant !== 'string' || tenant === '')) {
      throw unauthorized(`The token's "${jwt.tenantClaim}" claim must be a non-empty string.`);
    }
    return {
      method: 'jwt',
      subject: typeof payload.sub === 'string' ? payload.sub : null,
      tenant: tenant ?? null,
      operator: hasRole(payload[jwt.operatorClaim], jwt.operatorRole),
    };
  };
}

export function createAuthenticator(auth: Config['auth']): Authenticator {
  switch (auth.mode) {
    case 'none':
      return async () => ANONYMOUS;
    case 'apikey':
      return createApiKeyAuthenticator(auth.apiKeys);
    case 'jwt':
      return createJwtAuthenticator(auth.jwt);
  }
}

/** Authenticates a request (sets request.principal) or fails it with 401; also used by routes outside /v1 (GET /metrics). */
export type AuthenticateHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Adds the hooks that set request.principal: every request starts anonymous, and guarded routes (only
 * they: the hook is added to each guarded route as it is registered) authenticate, with a 401 without
 * valid credentials. AUTH_MODE=none authenticates nobody: every caller stays anonymous (and no hook is returned).
 */
export function registerAuth(app: FastifyInstance, auth: Config['auth']): AuthenticateHook | undefined {
  const authenticate = createAuthenticator(auth);
  const challenge = auth.mode === 'apikey' ? 'Bearer realm="clinical-annotator", Basic realm="clinical-annotator"' : 'Bearer realm="clinical-annotator"';
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', (request, _reply, done) => {
    request.principal = ANONYMOUS;
    done();
  });
  if (auth.mode === 'none') return undefined;
  const hook: AuthenticateHook = async (request, reply) => {
    try {
      request.principal = await authenticate(request.headers.authorization);
    } catch (error) {
      void reply.header('www-authenticate', challenge);
      throw error;
    }
  };
  onGuardedRequest(app, hook);
  return hook;
}
