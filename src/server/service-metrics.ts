// The service's Prometheus metrics (prom-client), one registry per app (no global registry): HTTP requests
// by route and status, analysis queue time and duration per flow, annotator time per flow and annotator,
// worker-pool use, deployments by state and the knowledge base's version. Gauges that describe state
// (pool, deployments, knowledge base) are read when /metrics is scraped, not kept up to date.
// Served by src/server/routes/metrics.ts; documented in docs/operations.md.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AnalysisEvent, AnalysisService } from '../analysis/analysis-service.js';
import type { Store } from '../store/store.js';

const PREFIX = 'clinical_annotator_';

/** Seconds: from a fraction of a millisecond (an annotator on a short note) to the analysis time budget. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** What the scrape-time gauges read. */
export interface MetricsSources {
  readonly store: Store;
  readonly analysis?: AnalysisService;
  /** The knowledge base the workers load (name, version, sourceVersion), read once when first scraped. */
  readonly knowledgeBase?: () => Promise<{ readonly name: string; readonly version: string; readonly sourceVersion: string } | undefined>;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #requestSeconds: Histogram<'method' | 'route'>;
  readonly #queueSeconds: Histogram<'flow'>;
  readonly #analysisSeconds: Histogram<'flow'>;
  readonly #annotatorSeconds: Histogram<'flow' | 'annotator'>;
  #sources: MetricsSources | undefined;

  constructor(options: { readonly processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    this.#requests = new Counter({ name: `${PREFIX}http_requests_total`, help: 'HTTP requests answered, by method, route template and status code.', labelNames: ['method', 'route', 'status'], registers });
    this.#requestSeconds = new Histogram({ name: `${PREFIX}http_request_duration_seconds`, help: 'Time from request to response, by method and route template.', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers });
    this.#queueSeconds = new Histogram({ name: `${PREFIX}analysis_queue_seconds`, help: 'Time an analysis waited for a worker thread, by flow (flow id, or "inline" for flows in the request body).', labelNames: ['flow'], buckets: LATENCY_BUCKETS, registers });
    this.#analysisSeconds = new Histogram({ name: `${PREFIX}analysis_duration_seconds`, help: 'Time an analysis ran on its worker thread, by flow.', labelNames: ['flow'], buckets: LATENCY_BUCKETS, registers });
    this.#annotatorSeconds = new Histogram({ name: `${PREFIX}annotator_duration_seconds`, help: 'Time one annotator took in one analysis (all its containers), by flow and annotator.', labelNames: ['flow', 'annotator'], buckets: LATENCY_BUCKETS, registers });
    const sources = (): MetricsSources | undefined => this.#sources;
    new Gauge({
      name: `${PREFIX}analysis_workers`, help: 'Analysis worker threads, by state (busy: holding a task; idle).', labelNames: ['state'], registers,
      collect() {
        const workers = sources()?.analysis?.workers();
        this.set({ state: 'busy' }, workers?.busy ?? 0);
        this.set({ state: 'idle' }, (workers?.size ?? 0) - (workers?.busy ?? 0));
      },
    });
    new Gauge({
      name: `${PREFIX}analysis_worker_utilization_ratio`, help: 'Share of the analysis worker threads holding a task (0-1).', registers,
      collect() {
        const workers = sources()?.analysis?.workers();
        this.set(workers === undefined || workers.size === 0 ? 0 : workers.busy / workers.size);
      },
    });
    new Gauge({
      name: `${PREFIX}analysis_queue_length`, help: 'Analyses waiting for a worker thread.', registers,
      collect() {
        this.set(sources()?.analysis?.queued() ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}deployments`, help: 'Cartridge deployments of every tenant, by state.', labelNames: ['state'], registers,
      async collect() {
        const store = sources()?.store;
        if (store === undefined) return;
        for (const [state, n] of Object.entries(await store.countDeploymentsByState())) this.set({ state }, n);
      },
    });
    let kb: Promise<{ name: string; version: string; sourceVersion: string } | undefined> | undefined;
    new Gauge({
      name: `${PREFIX}knowledge_base_info`, help: 'The knowledge base the analysis workers load (value 1; name, version and source version as labels).', labelNames: ['name', 'version', 'source_version'], registers,
      async collect() {
        kb ??= sources()?.knowledgeBase?.().catch(() => undefined) ?? Promise.resolve(undefined);
        const info = await kb;
        this.reset();
        if (info !== undefined) this.set({ name: info.name, version: info.version, source_version: info.sourceVersion }, 1);
      },
    });
  }

  /** Sets what the scrape-time gauges read (buildApp calls it). */
  attach(sources: MetricsSources): void {
    this.#sources = sources;
  }

  /** One answered request; `route` is the route template (`/v1/analyze/:flow_id`), not the URL. */
  observeRequest(method: string, route: string, status: number, ms: number): void {
    this.#requests.inc({ method, route, status: String(status) });
    this.#requestSeconds.observe({ method, route }, ms / 1000);
  }

  /** One analysis that ran on the pool (AnalysisServiceOptions.onAnalysis). */
  readonly observeAnalysis = (event: AnalysisEvent): void => {
    const { flow, stats } = event;
    this.#queueSeconds.observe({ flow }, stats.queueMs / 1000);
    this.#analysisSeconds.observe({ flow }, stats.runMs / 1000);
    for (let i = 0; i + 1 < stats.steps.length; i += 2) {
      this.#annotatorSeconds.observe({ flow, annotator: String(stats.steps[i]) }, Number(stats.steps[i + 1]) / 1000);
    }
  };

  /** The Prometheus text exposition. */
  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
