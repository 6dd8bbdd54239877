// /v1/flows: list, create, read, replace, delete persisted flows (src/artifacts/flows.ts).
import { createFlow, deleteFlow, getFlow, listFlows, replaceFlow } from '../../artifacts/flows.js';
import type { RouteModule } from '../deps.js';
import { dropNullBodyFields } from '../null-body.js';
import { callerOf } from '../request-context.js';
import { FlowListSchema, FlowResultSchema, FlowSchema } from '../schemas/artifacts.js';
import { IdParamsSchema, VersionQuerySchema, errorResponses } from '../schemas/common.js';

const tags = ['Flows'];

export const flowRoutes: RouteModule = async (app, { store }) => {
  app.get('/v1/flows', {
    schema: { tags, summary: 'List persisted flows', querystring: VersionQuerySchema, response: { 200: FlowListSchema, ...errorResponses(400, 401) } },
  }, async (request) => listFlows(store, callerOf(request)));

  app.post('/v1/flows', {
    config: { jsonBody: true },
    preValidation: dropNullBodyFields,
    schema: { tags, summary: 'Create a flow', querystring: VersionQuerySchema, body: FlowSchema, response: { 201: FlowResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415) } },
  }, async (request, reply) => reply.code(201).send(await createFlow(store, callerOf(request), request.body)));

  app.get('/v1/flows/:id', {
    schema: { tags, summary: 'Get a flow', params: IdParamsSchema, querystring: VersionQuerySchema, response: { 200: FlowResultSchema, ...errorResponses(400, 401, 404) } },
  }, async (request) => getFlow(store, callerOf(request), request.params.id));

  app.put('/v1/flows/:id', {
    config: { jsonBody: true },
    preValidation: dropNullBodyFields,
    schema: { tags, summary: 'Replace a flow', params: IdParamsSchema, querystring: VersionQuerySchema, body: FlowSchema, response: { 200: FlowResultSchema, ...errorResponses(400, 401, 403, 404, 413, 415) } },
  }, async (request) => replaceFlow(store, callerOf(request), request.params.id, request.body));

  app.delete('/v1/flows/:id', {
    schema: { tags, summary: 'Delete a flow', params: IdParamsSchema, querystring: VersionQuerySchema, response: { 200: FlowResultSchema, ...errorResponses(400, 401, 403, 404) } },
  }, async (request) => deleteFlow(store, callerOf(request), request.params.id));
};
