// The domain error catalogue: every error the service can answer with is declared here once,
// with its HTTP status, level and message. Domain code throws DomainError(kind, ...); the HTTP
// layer (src/server/error-body.ts) and the CLI map the kind; nothing else invents statuses.
// Kinds are never reused for a different meaning.

export type ErrorLevel = 'ERROR' | 'WARNING' | 'INFO';

interface ErrorSpec {
  readonly status: number;
  readonly level: ErrorLevel;
  /** Short, stable message (the ACD wording where the reference quotes one). */
  readonly message: string;
  /** What to do about it: surfaced as moreInfo when the thrower gives none. */
  readonly howToSolve: string;
}

export const ERRORS = {
  // 400
  INVALID_REQUEST: { status: 400, level: 'ERROR', message: 'Invalid request.', howToSolve: 'Correct the request as the description says.' },
  INVALID_ENCODING: { status: 400, level: 'ERROR', message: 'The request body is not valid UTF-8.', howToSolve: 'Encode the body as UTF-8 (JSON is always UTF-8); check the client\'s character set.' },
  INVALID_JSON: { status: 400, level: 'ERROR', message: 'Malformed JSON in request body.', howToSolve: 'Send a syntactically valid JSON document.' },
  MISSING_VERSION: { status: 400, level: 'ERROR', message: 'Missing required query parameter: version.', howToSolve: 'Add ?version=YYYY-MM-DD (for example version=2023-02-22).' },
  INVALID_VERSION: { status: 400, level: 'ERROR', message: 'Invalid version date.', howToSolve: 'Use a date in the form YYYY-MM-DD on or after the first interface version.' },
  INVALID_ID: { status: 400, level: 'ERROR', message: 'Invalid artifact id.', howToSolve: 'Ids are 1-256 characters of letters, digits, ".", "_", "-" and must not start with a dot.' },
  INVALID_PROFILE: { status: 400, level: 'ERROR', message: 'Invalid profile definition.', howToSolve: 'Check the profile body against the AcdProfile schema in /openapi.json.' },
  INVALID_FLOW: { status: 400, level: 'ERROR', message: 'Invalid flow definition.', howToSolve: 'Check the flow body against the AcdFlow schema in /openapi.json.' },
  INVALID_ANNOTATOR_FLOW: { status: 400, level: 'ERROR', message: 'Invalid annotator ID, invalid (missing) annotatorFlow object, or invalid request for the annotator.', howToSolve: 'Name only annotators listed by GET /v1/annotators, with parameters as arrays of strings.' },
  INVALID_ANNOTATOR_PARAMETER: { status: 400, level: 'ERROR', message: 'Invalid annotator parameter.', howToSolve: 'See the parameter list of the annotator in the documentation.' },
  INVALID_FILTER: { status: 400, level: 'ERROR', message: 'Invalid filter or filter condition.', howToSolve: 'Give a target "unstructured.data.<key>" and a condition as described in docs/cartridges.md (Filters).' },
  CARTRIDGE_NOT_ACCESSIBLE: { status: 400, level: 'ERROR', message: 'Cartridge is not accessible.', howToSolve: 'Send a valid cartridge zip archive with a top-level metadata file.' },
  TENANT_UNKNOWN: { status: 400, level: 'ERROR', message: 'The tenant could not be determined.', howToSolve: 'Send the configured tenant header.' },
  INVALID_TENANT: { status: 400, level: 'ERROR', message: 'Invalid tenant id.', howToSolve: 'Tenant ids are 1-128 letters, digits, ".", "_", ":", "@" or "-", starting with a letter or digit.' },
  // 401 / 403
  UNAUTHORIZED: { status: 401, level: 'ERROR', message: 'Unauthorized.', howToSolve: 'Send Authorization: Bearer <token> with a valid API key or token.' },
  RESERVED_PREFIX: { status: 403, level: 'ERROR', message: 'Cannot persist artifact with a reserved prefix', howToSolve: 'Choose an id that does not start with a reserved namespace (acd., wh_acd., or the service\'s own).' },
  FORBIDDEN: { status: 403, level: 'ERROR', message: 'Forbidden.', howToSolve: 'This operation needs operator rights.' },
  // 404
  ROUTE_NOT_FOUND: { status: 404, level: 'ERROR', message: 'Not found.', howToSolve: 'Check the path; all operations live under /v1.' },
  PROFILE_NOT_FOUND: { status: 404, level: 'ERROR', message: 'Profile ID not found.', howToSolve: 'List profiles with GET /v1/profiles.' },
  FLOW_NOT_FOUND: { status: 404, level: 'ERROR', message: 'Flow ID not found.', howToSolve: 'List flows with GET /v1/flows.' },
  ANNOTATOR_NOT_FOUND: { status: 404, level: 'ERROR', message: 'Annotator ID not found.', howToSolve: 'List annotators with GET /v1/annotators.' },
  CARTRIDGE_NOT_FOUND: { status: 404, level: 'ERROR', message: 'Cartridge deployment is NOT found (use POST for creation).', howToSolve: 'Deploy the cartridge with POST /v1/cartridges first.' },
  CARTRIDGE_ID_NOT_FOUND: { status: 404, level: 'ERROR', message: 'Cartridge ID not found.', howToSolve: 'List the deployments of your tenant with GET /v1/cartridges.' },
  // 405 / 408 / 409 / 413 / 415 / 431
  REQUEST_TIMEOUT: { status: 408, level: 'ERROR', message: 'Request Timeout', howToSolve: 'Send the whole request without pausing; check the client and any proxy in between.' },
  HEADERS_TOO_LARGE: { status: 431, level: 'ERROR', message: 'Request Header Fields Too Large', howToSolve: 'Send smaller request headers (all together at most 16 KiB): check cookies and token sizes.' },
  METHOD_NOT_ALLOWED: { status: 405, level: 'ERROR', message: 'Method not allowed.', howToSolve: 'See /openapi.json for the methods of this path.' },
  PROFILE_CONFLICT: { status: 409, level: 'ERROR', message: 'Profile ID conflict.', howToSolve: 'Use PUT to replace an existing profile, or choose another id.' },
  FLOW_CONFLICT: { status: 409, level: 'ERROR', message: 'Flow ID conflict.', howToSolve: 'Use PUT to replace an existing flow, or choose another id.' },
  CARTRIDGE_EXISTS: { status: 409, level: 'ERROR', message: 'Cartridge deployment already exists (Use PUT for updating).', howToSolve: 'Use PUT /v1/cartridges to redeploy.' },
  CARTRIDGE_IN_PROGRESS: { status: 409, level: 'ERROR', message: 'Cartridge deployment in progress.', howToSolve: 'Wait until GET /v1/cartridges/{id} reports a finished status.' },
  PAYLOAD_TOO_LARGE: { status: 413, level: 'ERROR', message: 'Payload Too Large', howToSolve: 'Send less text per request, or raise the limit in the service configuration.' },
  RESPONSE_TOO_LARGE: { status: 413, level: 'ERROR', message: 'Response Too Large', howToSolve: 'Split the request: send fewer containers or shorter texts per request (or fewer annotators), or raise ANALYSIS_MAX_RESPONSE_BYTES.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, level: 'ERROR', message: 'Unsupported Media Type', howToSolve: 'Send the Content-Type this operation documents.' },
  // 5xx
  INTERNAL: { status: 500, level: 'ERROR', message: 'Internal server error.', howToSolve: 'Retry; if it persists, report the correlation id to the operator.' },
  SERVICE_NOT_OK: { status: 500, level: 'ERROR', message: 'Service state is not OK.', howToSolve: 'See stateDetails in GET /v1/status.' },
  STORE_UNAVAILABLE: { status: 503, level: 'ERROR', message: 'Artifact store unavailable.', howToSolve: 'Check the database connection (DATABASE_URL or DATA_DIR).' },
  ANALYSIS_UNAVAILABLE: { status: 503, level: 'ERROR', message: 'Analysis is temporarily unavailable.', howToSolve: 'Retry later; the knowledge base may still be loading.' },
  KNOWLEDGE_BASE_UNAVAILABLE: { status: 503, level: 'ERROR', message: 'Knowledge base is missing, invalid or stale.', howToSolve: 'Run `clinical-annotator kb build` (or restart the service, which rebuilds it).' },
  ANALYSIS_TIMEOUT: { status: 504, level: 'ERROR', message: 'Analysis timed out.', howToSolve: 'Send shorter text or raise ANALYSIS_TIMEOUT_MS.' },
  INVALID_RESOURCE_FILE: { status: 500, level: 'ERROR', message: 'A built-in rule or lexicon file is invalid.', howToSolve: 'Fix the resource file named in the description (resources/<kind>/<lang>.json); it is validated when the engine starts.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorKind = keyof typeof ERRORS;

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly level: ErrorLevel;
  /** Human explanation specific to this occurrence. */
  readonly description: string;
  readonly moreInfo: string;

  constructor(kind: ErrorKind, description?: string, options?: { moreInfo?: string; cause?: unknown }) {
    const spec: ErrorSpec = ERRORS[kind];
    super(spec.message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.kind = kind;
    this.status = spec.status;
    this.level = spec.level;
    this.description = description ?? spec.message;
    this.moreInfo = options?.moreInfo ?? spec.howToSolve;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}

/** Errors as values at module edges: validators return these lists instead of throwing. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}
