// The one error handler and the not-found handler. Every error leaves as the service error body
// (src/server/error-body.ts) with `code` = HTTP status; unexpected errors are logged with their stack
// and answered with a generic 500. A path that exists with other methods answers 405 with `Allow`.
// Also: `x-correlation-id` on every response, 415 for non-JSON bodies on JSON-only routes, and the
// answer to requests Node's HTTP parser refuses (handleClientError).
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import { DomainError } from '../../errors.js';
import { clientErrorStatus, serviceErrorBody, toDomainError, toXml } from '../error-body.js';

/** True when the request asks for XML (`format=xml` or an Accept header preferring XML). */
export function wantsXml(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.xml !== true) return false;
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (typeof format === 'string') return format.toLowerCase() === 'xml';
  const accept = request.headers.accept ?? '';
  return /\b(application|text)\/xml\b/.test(accept) && !accept.includes('application/json');
}

/** Route table kept for 405 detection: concrete path → methods registered for its pattern. */
class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(url: string, methods: readonly string[]): void {
    let set = this.byUrl.get(url);
    if (set === undefined) {
      set = new Set();
      this.byUrl.set(url, set);
      const source = url
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      this.routes.push({ pattern: new RegExp(`^${source}$`), methods: set });
    }
    for (const m of methods) set.add(m.toUpperCase());
  }

  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    return [...methods].sort();
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const body = serviceErrorBody(error, request.id);
  void reply.code(body.code);
  if (wantsXml(request)) return reply.type('application/xml').send(toXml('serviceError', body));
  return reply.type('application/json; charset=utf-8').send(body);
}

type JsonBodyParser = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => void;

/**
 * The service's application/json body parser (Fastify's, which refuses `__proto__` keys). SDKs send
 * `Content-Type: application/json` on DELETE and GET too, without a body: an empty JSON body is no body
 * (a POST/PUT without one then fails its schema with a 400 naming `body`). Registered with
 * `parseAs: 'buffer'`: bytes that are not UTF-8 are refused (400 INVALID_ENCODING) instead of being
 * decoded to U+FFFD and stored so (a profile name with a Latin-1 byte).
 */
export function jsonBodyParser(app: FastifyInstance): JsonBodyParser {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  return (request, body, done) => {
    const text = typeof body === 'string' ? body : utf8Text(body);
    if (text instanceof DomainError) {
      done(text);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  };
}

/** The bytes as text, or INVALID_ENCODING naming the first byte offset that is not UTF-8. */
export function utf8Text(bytes: Buffer): string | DomainError {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const decoded = bytes.toString('utf8');
  const bad = decoded.indexOf('\uFFFD');
  const offset = bad < 0 ? 0 : Buffer.byteLength(decoded.slice(0, bad), 'utf8');
  return new DomainError('INVALID_ENCODING', `The request body is not valid UTF-8: the byte at offset ${offset} (0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')}) starts no UTF-8 character. Send the body encoded as UTF-8.`);
}

/**
 * Fastify's clientErrorHandler: requests Node's HTTP parser refuses before any route runs (headers over
 * 16 KiB, a request that is not HTTP, a request timeout) are answered with the service error body and a
 * fresh x-correlation-id, like every other error, and the connection is closed.
 */
export function handleClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const domain = error.code === 'HPE_HEADER_OVERFLOW'
    ? new DomainError('HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts (16 KiB).')
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new DomainError('REQUEST_TIMEOUT', 'The request was not received completely in time.')
      : new DomainError('INVALID_REQUEST', 'Malformed HTTP request.');
  const correlationId = randomUUID();
  const body = JSON.stringify(serviceErrorBody(domain, correlationId));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${domain.status} ${STATUS_CODES[domain.status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nx-correlation-id: ${correlationId}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

export function registerErrorHandling(app: FastifyInstance): void {
  const routes = new RouteMethods();
  app.addHook('onRoute', (route) => {
    routes.add(route.url, Array.isArray(route.method) ? route.method : [route.method]);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-correlation-id', request.id);
    done(null, payload);
  });

  // JSON-only routes (config.jsonBody): anything but application/json or +json is a 415, checked
  // before the body is parsed. A request without a body passes on (its schema then asks for one).
  // The hook is added to those routes only, as they are registered.
  const requireJson: preParsingHookHandler = (request, _reply, payload, done) => {
    const type = request.headers['content-type'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] ?? '0') !== '0';
    if (type === undefined && !hasBody) {
      done(null, payload);
      return;
    }
    const mediaType = (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) {
      done(new DomainError('UNSUPPORTED_MEDIA_TYPE', `This operation accepts only application/json, got "${type ?? '(none)'}".`));
      return;
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.jsonBody !== true) return;
    const own = route.preParsing;
    route.preParsing = own === undefined ? [requireJson] : [...(Array.isArray(own) ? own : [own]), requireJson] as typeof route.preParsing;
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser(app));
  // Structured-syntax JSON types (RFC 6839: application/merge-patch+json, application/vnd.x+json) are JSON too.
  app.addContentTypeParser(/^application\/[\w.-]+\+json$/i, { parseAs: 'buffer' }, jsonBodyParser(app));

  app.setErrorHandler((error, request, reply) => {
    if (toDomainError(error) === undefined && clientErrorStatus(error) === undefined) {
      request.log.error({ err: error }, 'unexpected error');
    } else {
      const body = serviceErrorBody(error, request.id);
      request.log.info({ code: body.code, description: body.description }, 'request failed');
    }
    return sendError(request, reply, error);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = (request.raw.url ?? '/').split('?')[0] ?? '/';
    const allowed = routes.allowed(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      void reply.header('allow', allowed.join(', '));
      return sendError(request, reply, new DomainError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}.`));
    }
    return sendError(request, reply, new DomainError('ROUTE_NOT_FOUND', `No operation at ${request.method} ${path}.`));
  });
}
