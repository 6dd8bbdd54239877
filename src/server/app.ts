// buildApp(deps): the Fastify application, without listen(). Order matters:
// logger and correlation id → error handling (405 table, x-correlation-id, 415) → auth → version date
// → tenancy → OpenAPI → route modules. Route modules are listed once in ROUTE_MODULES.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyReply } from 'fastify';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { pino } from 'pino';
import { ANNOTATORS_VERSION } from '../engine/registry.js';
import type { AppDeps, AppInstance, ResolvedDeps, RouteModule } from './deps.js';
import { serviceErrorBody } from './error-body.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/error-handling.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerTenancy } from './plugins/tenancy.js';
import { registerVersionDate } from './plugins/version-date.js';
import { analyzeRoutes } from './routes/analyze.js';
import { annotatorRoutes } from './routes/annotators.js';
import { cartridgeRoutes } from './routes/cartridges.js';
import { flowRoutes } from './routes/flows.js';
import { profileRoutes } from './routes/profiles.js';
import { statusRoutes } from './routes/status.js';
import { userDataRoutes } from './routes/user-data.js';
import { viewerRoutes } from './routes/viewer.js';
import { ServiceStats } from './service-stats.js';

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

/** Incoming X-Correlation-Id values are kept when they look like an id; otherwise a UUID is made. */
const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function correlationIdFor(req: IncomingMessage): string {
  const raw = req.headers['x-correlation-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value !== undefined && CORRELATION_ID_PATTERN.test(value) ? value : randomUUID();
}

export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const resolved: ResolvedDeps = { ...deps, stats: deps.stats ?? new ServiceStats(), serviceVersion: deps.serviceVersion ?? ANNOTATORS_VERSION };
  const { config } = resolved;
  const app = Fastify({
    loggerInstance: deps.logger ?? pino({ level: config.server.logLevel }),
    requestIdHeader: false,
    genReqId: correlationIdFor,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    bodyLimit: config.server.bodyLimitBytes,
    // Ids are ≤ 256 characters; percent-encoded they still fit. Longer path parameters get a 414.
    routerOptions: { maxParamLength: 2048 },
    // Errors raised by the router before any route runs (bad URL encoding, over-long parameter).
    frameworkErrors: (error, request, reply) => {
      const body = serviceErrorBody(error, request.id);
      void (reply as FastifyReply).code(body.code).header('x-correlation-id', request.id).type('application/json; charset=utf-8').send(body);
    },
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.addHook('onRequest', async () => resolved.stats.requestStarted());
  app.addHook('onResponse', async () => resolved.stats.requestEnded());

  registerErrorHandling(app);
  registerAuth(app, config.auth);
  registerVersionDate(app);
  registerTenancy(app, config.tenancy);
  await registerOpenApi(app, resolved.serviceVersion);

  for (const routes of ROUTE_MODULES) await routes(app, resolved);
  return app;
}
