// GET /metrics: the Prometheus text exposition of the service's metrics (src/server/service-metrics.ts).
// Outside /v1 (scrapers send no version date and no tenant); with authentication on it asks for the same
// credentials as the /v1 operations unless METRICS_AUTH=off. Not in the OpenAPI document (not an ACD operation).
import type { AuthenticateHook } from '../plugins/auth.js';
import type { AppInstance, ResolvedDeps } from '../deps.js';

export async function metricsRoutes(app: AppInstance, deps: ResolvedDeps, authenticate: AuthenticateHook | undefined): Promise<void> {
  const { metrics: settings } = deps.config.server;
  if (!settings.enabled) return;
  const metrics = deps.metrics;
  app.get('/metrics', {
    schema: { hide: true },
    config: { openAccess: true },
    onRequest: settings.requireAuth && authenticate !== undefined ? [authenticate] : [],
  }, async (_request, reply) => {
    const text = await metrics.text();
    return reply.type(metrics.contentType).send(text);
  });
}
