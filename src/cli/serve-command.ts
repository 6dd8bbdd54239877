// `clinical-annotator serve`: loads the configuration from the environment, opens the store (running
// migrations), builds the app and listens. SIGTERM/SIGINT close the app (in-flight requests finish,
// new ones get 503) and then the store; the command resolves with exit code 0 once both are closed.
import { destination, pino, type Logger } from 'pino';
import { createAnalysisService, type AnalysisService } from '../analysis/analysis-service.js';
import { prepareSpellTablesInChild } from '../analysis/spell-tables-prepare.js';
import { deployDefaultCartridge } from '../cartridge/default-cartridge.js';
import { createDeploymentService } from '../cartridge/deployment-service.js';
import { loadConfig, type Config } from '../config.js';
import { prepareKnowledgeBaseInChild } from '../knowledge/build-default.js';
import { loadKnowledgeBase } from '../knowledge/loader.js';
import type { Store } from '../store/store.js';
import { buildApp } from '../server/app.js';
import { ServiceMetrics } from '../server/service-metrics.js';
import { openStore } from '../store/open-store.js';
import type { CliCommand } from './main.js';

const HELP = `Usage: clinical-annotator serve

Starts the HTTP service. Configuration comes from environment variables (see README, "Configuration"):
PORT, HOST, DATA_DIR, DATABASE_URL, LOG_LEVEL, AUTH_MODE, API_KEYS, JWT_*, TENANT_HEADER, DEFAULT_TENANT, BODY_LIMIT_BYTES,
CARTRIDGE_MAX_* (archive limits), CARTRIDGE_VALIDATION_TIMEOUT_MS, CARTRIDGE_RUNNER, CARTRIDGE_POLL_INTERVAL_MS, CARTRIDGE_LEASE_MS, CARTRIDGE_MAX_ATTEMPTS,
REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, MAX_CONNECTIONS, METRICS, METRICS_AUTH,
ANALYSIS_TENANT_SHARE_PERCENT, ANALYSIS_MAX_RESPONSE_BYTES (see docs/operations.md).
The app runs this replica's cartridge deployment job runner; shutdown waits for the job in hand.
`;

/** Log lines are written in batches of at least this many bytes... */
const LOG_BUFFER_BYTES = 4096;
/** ...or at least this often (ms) when fewer have accumulated. */
const LOG_FLUSH_MS = 100;

/**
 * Builds the knowledge base when missing (first start), then starts the worker pool with it loaded; `ready`
 * settles when the first worker has loaded (the caller does other work meanwhile, and then serves: the pool
 * sends analyses only to loaded workers while the others load; the health check lists how many are ready).
 */
async function startAnalysis(config: Config, store: Store, logger: Logger, metrics: ServiceMetrics): Promise<{ analysis: AnalysisService; ready: Promise<void> }> {
  const { dataDir } = config.store;
  const kbDir = await prepareKnowledgeBaseInChild(dataDir, { kbDir: config.analysis.kbDir });
  // The spell checker's tables, once for every worker (built on the first start on a new knowledge base).
  const spell = await prepareSpellTablesInChild(kbDir);
  if (spell.reason !== undefined) logger[spell.built ? 'info' : 'warn']({ ...spell }, spell.built ? 'spell tables built' : 'spell tables not built: each worker builds its own');
  const analysis = createAnalysisService({
    store,
    storeConfig: { ...(config.store.databaseUrl === undefined ? {} : { databaseUrl: config.store.databaseUrl }), dataDir },
    kbDir,
    workers: config.analysis.workers,
    timeoutMs: config.analysis.timeoutMs,
    maxQueue: config.analysis.maxQueue,
    workerNice: config.analysis.workerNice,
    limits: config.analysis.limits,
    loadKb: () => loadKnowledgeBase(kbDir),
    tenantSharePercent: config.analysis.tenantSharePercent,
    maxResponseBytes: config.analysis.maxResponseBytes,
    onAnalysis: metrics.observeAnalysis,
  });
  const started = Date.now();
  const ready = analysis.ready().then(() => logger.info({ workers: config.analysis.workers, ms: Date.now() - started }, 'first analysis worker ready'));
  ready.catch(() => undefined);
  // Every worker: logged once all have loaded; one that failed to load is logged (the others serve).
  void ready.then(() => analysis.warmUp()).then(
    () => logger.info({ workers: config.analysis.workers, ms: Date.now() - started }, 'analysis workers ready'),
    (error: unknown) => logger.error({ err: error }, 'an analysis worker failed to load'),
  );
  return { analysis, ready };
}

export async function serve(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const config = loadConfig(env);
  // Asynchronous, buffered stdout: a synchronous write per access-log line costs the event loop ~0.1 ms per
  // request at analysis rates, and an asynchronous write per line still costs a thread-pool round trip
  // (a wake-up of a libuv thread and a completion callback on the event loop). Lines are gathered up to
  // LOG_BUFFER_BYTES (~16 access lines) and written together; a quiet service writes what it has within
  // LOG_FLUSH_MS. pino flushes the rest on exit, and serve flushes at shutdown.
  const logger = pino({ level: config.server.logLevel }, destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }));
  const store = await openStore({
    ...(config.store.databaseUrl === undefined ? {} : { databaseUrl: config.store.databaseUrl }),
    dataDir: config.store.dataDir,
    onBackgroundError: (error) => logger.warn({ err: error }, 'store background error'),
  });
  const metrics = new ServiceMetrics();
  // The workers start first: they load their modules and the knowledge base on their own threads while this
  // one deploys the default cartridge and builds the app (cold start: the two overlap instead of adding up).
  const { analysis, ready } = await startAnalysis(config, store, logger, metrics);
  // The default cartridge (src/cartridge/default-cartridge.ts): a normal deployment into the system tenant, run by the app's job runner.
  await deployDefaultCartridge(createDeploymentService({ store, limits: config.cartridges.limits, validation: config.cartridges.validation }), store).then(
    (result) => logger.info(result, 'default cartridge'),
    (error: unknown) => logger.error({ err: error }, 'default cartridge not deployed'),
  );
  const app = await buildApp({ config, store, logger, analysis, metrics });
  try {
    await ready;
    await app.listen({ port: config.server.port, host: config.server.host });
  } catch (error) {
    // Workers that failed to load, or listen() (which made the app ready first: its job runner and the analysis
    // workers would keep the process alive).
    await app.close();
    await analysis.close();
    await store.close();
    throw error;
  }
  logger.info({ store: store.dialect, authMode: config.auth.mode }, 'clinical-annotator ready');

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  logger.info({ signal }, 'shutting down');
  await app.close();
  await analysis.close();
  await store.close();
  logger.info('stopped');
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  return 0;
}

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Start the HTTP service (configuration from environment variables)',
  async run(argv) {
    if (argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(HELP);
      return 0;
    }
    return serve();
  },
};
