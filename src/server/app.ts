// buildApp(deps): the Fastify application, without listen(). Order matters:
// logger and correlation id → error handling (405 table, x-correlation-id, 415) → auth → version date
// → tenancy → OpenAPI → route modules. Route modules are listed once in ROUTE_MODULES.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { installValidationMessages } from './validation-messages.js';
import { pino } from 'pino';
import { ANNOTATORS_VERSION } from '../engine/registry.js';
import type { AppDeps, AppInstance, ResolvedDeps, RouteModule } from './deps.js';
import { serviceErrorBody } from './error-body.js';
import { registerAuth } from './plugins/auth.js';
import { handleClientError, registerErrorHandling } from './plugins/error-handling.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerTenancy } from './plugins/tenancy.js';
import { registerVersionDate } from './plugins/version-date.js';
import { lazyChildLogger } from './request-logger.js';
import { analyzeRoutes } from './routes/analyze.js';
import { annotatorRoutes } from './routes/annotators.js';
import { cartridgeRoutes } from './routes/cartridges.js';
import { flowRoutes } from './routes/flows.js';
import { profileRoutes } from './routes/profiles.js';
import { statusRoutes } from './routes/status.js';
import { userDataRoutes } from './routes/user-data.js';
import { viewerRoutes } from './routes/viewer.js';
import { ServiceMetrics } from './service-metrics.js';
import { ServiceStats } from './service-stats.js';
import { metricsRoutes } from './routes/metrics.js';
import { readKbHeader } from '../knowledge/kb-files.js';

/** Every route module, registered in this order. Add a module with one line. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  statusRoutes,
  annotatorRoutes,
  profileRoutes,
  flowRoutes,
  userDataRoutes,
  analyzeRoutes,
  cartridgeRoutes,
  viewerRoutes,
];

/** The route label of requests no route matched (404s), so URLs never become label values. */
const UNMATCHED_ROUTE = 'unmatched';

/** The knowledge base's name and versions, from its header in `kbDir` (the workers load the same). */
async function knowledgeBaseInfo(kbDir: string): Promise<{ name: string; version: string; sourceVersion: string }> {
  const { info } = await readKbHeader(kbDir);
  return { name: info.name, version: info.version, sourceVersion: info.sourceVersion };
}

/** How often Node looks for requests past their headers or request timeout. */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/** The log field of the correlation id (request.log binds it; the access line in buildApp writes it first, by this name). */
const CORRELATION_ID_LABEL = 'correlationId';

/** Incoming X-Correlation-Id values are kept when they look like an id; otherwise a UUID is made. */
const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function correlationIdFor(req: IncomingMessage): string {
  const raw = req.headers['x-correlation-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value !== undefined && CORRELATION_ID_PATTERN.test(value) ? value : randomUUID();
}

/**
 * One access-log line per request (Fastify's default writes two, at arrival and at completion): half the
 * log volume and cost at analysis rates. The line is written by the onSend hook in buildApp, when the
 * response is ready and before it leaves, so it is in the log by the time the client has the answer; it
 * carries the correlation id, method, URL, status and time. It goes through the service logger with the
 * correlation id as its first field: the same line the request's child logger writes, without making
 * that child (request-logger.ts). A request that fails after that keeps Fastify's error line.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error !== null && error !== undefined) super.requestCompleted(error, request, reply, metadata);
  }
}

export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const resolved: ResolvedDeps = { ...deps, stats: deps.stats ?? new ServiceStats(), metrics: deps.metrics ?? new ServiceMetrics(), serviceVersion: deps.serviceVersion ?? ANNOTATORS_VERSION };
  resolved.metrics.attach({ store: deps.store, ...(deps.analysis === undefined ? {} : { analysis: deps.analysis }), knowledgeBase: () => knowledgeBaseInfo(config.analysis.kbDir) });
  const { config } = resolved;
  const app = Fastify({
    loggerInstance: deps.logger ?? pino({ level: config.server.logLevel }),
    requestIdHeader: false,
    genReqId: correlationIdFor,
    logController: new AccessLog({ requestIdLogLabel: CORRELATION_ID_LABEL }),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: config.server.bodyLimitBytes,
    // Ids are ≤ 256 characters; percent-encoded they still fit. Longer path parameters get a 414.
    routerOptions: { maxParamLength: 2048 },
    // Errors raised by the router before any route runs (bad URL encoding, over-long parameter).
    frameworkErrors: (error, request, reply) => {
      const body = serviceErrorBody(error, request.id);
      void (reply as FastifyReply).code(body.code).header('x-correlation-id', request.id).type('application/json; charset=utf-8').send(body);
    },
    // Requests refused by Node's HTTP parser (oversized headers, not HTTP): the service error body too.
    clientErrorHandler: handleClientError,
    return503OnClosing: true,
    // Slow or idle clients (src/config.ts ConnectionConfig): a request not received whole in time gets 408
    // from handleClientError; idle sockets close. Node checks the request timeouts every
    // connectionsCheckingInterval (default 30 s, which would let a slow body hold its socket that much longer).
    requestTimeout: config.server.connections.requestTimeoutMs,
    keepAliveTimeout: config.server.connections.keepAliveTimeoutMs,
    connectionTimeout: config.server.connections.connectionTimeoutMs,
    http: { headersTimeout: config.server.connections.headersTimeoutMs, connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (config.server.connections.maxConnections > 0) app.server.maxConnections = config.server.connections.maxConnections;
  installValidationMessages();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.addHook('onRequest', (_request, _reply, done) => {
    resolved.stats.requestStarted();
    done();
  });
  const serviceLog = app.log;
  app.addHook('onSend', (request, reply, payload, done) => {
    serviceLog.info({ correlationId: request.id, method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
    done(null, payload);
  });
  const { metrics } = resolved;
  app.addHook('onResponse', (request, reply, done) => {
    resolved.stats.requestEnded();
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime);
    done();
  });

  registerErrorHandling(app);
  const authenticate = registerAuth(app, config.auth);
  registerVersionDate(app);
  registerTenancy(app, config.tenancy);
  await registerOpenApi(app, resolved.serviceVersion);

  for (const routes of ROUTE_MODULES) await routes(app, resolved);
  await metricsRoutes(app, resolved, authenticate);
  return app;
}
