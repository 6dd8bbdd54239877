// Maps every error to the ACD service error body {code, message, level, description, moreInfo,
// correlationId}: DomainErrors from the catalogue, Fastify's own errors (validation, malformed JSON,
// body too large, unsupported media type, …) and, for anything else, a generic 500 (the caller logs it).
import { STATUS_CODES } from 'node:http';
import { DomainError, isDomainError, type ErrorLevel } from '../errors.js';

export interface ServiceErrorBody {
  readonly code: number;
  readonly message: string;
  readonly level: ErrorLevel;
  readonly description: string;
  readonly moreInfo: string;
  readonly correlationId: string;
}

interface FastifyLikeError {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  validation?: ReadonlyArray<{ instancePath?: string; message?: string }>;
  validationContext?: string;
}

const PART_PREFIX: Readonly<Record<string, string>> = { body: '', querystring: 'query', params: 'path', headers: 'header' };

/** `/annotators/0/name` in the body → `annotators[0].name` (the form the domain validators use). */
export function validationPath(context: string | undefined, instancePath: string): string {
  const prefix = PART_PREFIX[context ?? ''] ?? context ?? '';
  let path = prefix;
  for (const segment of instancePath.split('/').filter((s) => s !== '')) {
    const name = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(name) ? `[${name}]` : path === '' ? name : `.${name}`;
  }
  return path === '' ? 'body' : path;
}

/** The DomainError an error stands for, or undefined when it is unexpected (→ logged 500). */
export function toDomainError(error: unknown): DomainError | undefined {
  if (isDomainError(error)) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as FastifyLikeError;
  if (Array.isArray(e.validation)) {
    const seen = new Set<string>();
    const details: string[] = [];
    for (const v of e.validation) {
      const path = validationPath(e.validationContext, v.instancePath ?? '');
      if (seen.has(path)) continue;
      seen.add(path);
      details.push(`${path}: ${v.message ?? 'invalid'}`);
    }
    return new DomainError('INVALID_REQUEST', details.join('; '));
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new DomainError('INVALID_JSON', String(e.message));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new DomainError('PAYLOAD_TOO_LARGE', 'The request body is larger than the configured limit (ANALYSIS_BODY_LIMIT_BYTES for /v1/analyze, BODY_LIMIT_BYTES for other operations).');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new DomainError('UNSUPPORTED_MEDIA_TYPE', String(e.message));
    default:
      break;
  }
  // The JSON parser reports syntax errors as SyntaxError with statusCode 400.
  if (error instanceof SyntaxError && e.statusCode === 400) return new DomainError('INVALID_JSON', error.message);
  return undefined;
}

/** Builds the wire body. `fallbackStatus` applies to non-domain client errors (e.g. Fastify's 4xx). */
export function serviceErrorBody(error: unknown, correlationId: string): ServiceErrorBody {
  const domain = toDomainError(error);
  if (domain !== undefined) {
    return { code: domain.status, message: domain.message, level: domain.level, description: domain.description, moreInfo: domain.moreInfo, correlationId };
  }
  const status = clientErrorStatus(error);
  if (status !== undefined) {
    const message = STATUS_CODES[status] ?? 'Error';
    const description = typeof (error as FastifyLikeError).message === 'string' ? String((error as FastifyLikeError).message) : message;
    return { code: status, message, level: 'ERROR', description, moreInfo: 'Correct the request as the description says.', correlationId };
  }
  const internal = new DomainError('INTERNAL');
  return { code: 500, message: internal.message, level: 'ERROR', description: internal.description, moreInfo: internal.moreInfo, correlationId };
}

/** The 4xx status a framework error carries, if any (5xx never leak their message). */
export function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as FastifyLikeError).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Minimal XML rendering of a flat record (status resources answer XML on request). */
export function toXml(root: string, record: object): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  const children = Object.entries(record)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `<${k}>${escape(String(v))}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><${root}>${children}</${root}>`;
}
