// GET /v1/status (always 200 with ServiceStatus) and GET /v1/status/health_check (200 when the
// state is OK, else 500 with the service error body). Both are open: no auth, no version.
import { hostname, availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors.js';
import type { ResolvedDeps, RouteModule } from '../deps.js';
import { toXml } from '../error-body.js';
import { wantsXml } from '../plugins/error-handling.js';
import { errorResponses } from '../schemas/common.js';
import { ServiceStatusSchema, StatusQuerySchema } from '../schemas/status.js';
import { formatUpTime } from '../service-stats.js';

const MiB = 1024 * 1024;

/** Builds the status record; probes the store unless `shallow`. */
export async function readServiceStatus({ store, stats, serviceVersion, analysis }: ResolvedDeps, shallow: boolean) {
  let serviceState: 'OK' | 'ERROR' = 'OK';
  let stateDetails = shallow ? 'Liveness check: the store was not probed.' : `Store (${store.dialect}) reachable.`;
  // The service serves once one analysis worker has loaded; the others may still be loading.
  const workers = analysis?.workers();
  if (workers !== undefined && workers.size > 0) stateDetails += ` Analysis workers ready: ${workers.ready} of ${workers.size}.`;
  if (!shallow) {
    try {
      await store.ping();
    } catch (error) {
      serviceState = 'ERROR';
      stateDetails = `Store (${store.dialect}) unavailable: ${error instanceof DomainError ? error.description : String(error)}`;
    }
  }
  const s = stats.snapshot();
  const memory = process.memoryUsage();
  return {
    version: serviceVersion,
    upTime: formatUpTime(s.upTimeMs),
    serviceState,
    stateDetails,
    hostName: hostname(),
    requestCount: s.requestCount,
    maxMemoryMb: Math.round(getHeapStatistics().heap_size_limit / MiB),
    commitedMemoryMb: Math.round(memory.rss / MiB),
    inUseMemoryMb: Math.round(memory.heapUsed / MiB),
    availableProcessors: availableParallelism(),
    concurrentRequests: s.concurrentRequests,
    maxConcurrentRequests: s.peakConcurrentRequests,
    totalRejectedRequests: s.totalRejectedRequests,
    totalBlockedRequests: s.totalBlockedRequests,
  };
}

function send(request: FastifyRequest, reply: FastifyReply, status: Awaited<ReturnType<typeof readServiceStatus>>) {
  if (wantsXml(request)) return reply.type('application/xml').send(toXml('serviceStatus', status));
  return reply.send(status);
}

export const statusRoutes: RouteModule = async (app, deps) => {
  const config = { openAccess: true, xml: true };
  const tags = ['Status'];

  app.get('/v1/status', {
    config,
    schema: { tags, summary: 'Service status', querystring: StatusQuerySchema, response: { 200: ServiceStatusSchema } },
  }, async (request, reply) => send(request, reply, await readServiceStatus(deps, request.query.liveness_check === 'true')));

  app.get('/v1/status/health_check', {
    config,
    schema: { tags, summary: 'Health check: 200 when OK, 500 otherwise', querystring: StatusQuerySchema, response: { 200: ServiceStatusSchema, ...errorResponses(500) } },
  }, async (request, reply) => {
    const status = await readServiceStatus(deps, false);
    if (status.serviceState !== 'OK') throw new DomainError('SERVICE_NOT_OK', status.stateDetails);
    return send(request, reply, status);
  });
};
