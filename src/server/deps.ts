// What buildApp needs (AppDeps) and the shape of a route module. Route modules are plain async
// functions registered by buildApp in ROUTE_MODULES (src/server/app.ts); they receive the app typed
// with the TypeBox provider and the same deps object.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DeploymentRunner } from '../cartridge/deployment-runner.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { AnalysisService } from '../analysis/analysis-service.js';
import type { ServiceMetrics } from './service-metrics.js';
import type { ServiceStats } from './service-stats.js';

export interface AppDeps {
  readonly config: Config;
  readonly store: Store;
  /** A pino logger to use; default: a new pino JSON logger at config.server.logLevel. */
  readonly logger?: FastifyBaseLogger;
  /** Request counters for GET /v1/status; default: a fresh ServiceStats. */
  readonly stats?: ServiceStats;
  /** Runs analyses (src/analysis); without it the analysis routes answer 503. */
  readonly analysis?: AnalysisService;
  /** Prometheus metrics (GET /metrics); default: a fresh ServiceMetrics. Pass the one whose observeAnalysis the analysis service reports to. */
  readonly metrics?: ServiceMetrics;
  /** Shown as `version` in the status record (ACD shows a build timestamp). */
  readonly serviceVersion?: string;
  /** This replica's cartridge deployment runner, started and stopped by the caller; default: the app
   * owns one (when CARTRIDGE_RUNNER=on), started when the app is ready and stopped when it closes. */
  readonly deploymentRunner?: DeploymentRunner;
}

/** AppDeps after buildApp filled in the defaults. */
export interface ResolvedDeps extends AppDeps {
  readonly stats: ServiceStats;
  readonly metrics: ServiceMetrics;
  readonly serviceVersion: string;
}

export type AppInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** A route module: registers its routes (schema + thin handler) on the app. */
export type RouteModule = (app: AppInstance, deps: ResolvedDeps) => Promise<void>;
