// /v1/profiles: list, create, read, replace, delete persisted profiles (src/artifacts/profiles.ts).
import { createProfile, deleteProfile, getProfile, listProfiles, replaceProfile } from '../../artifacts/profiles.js';
import type { RouteModule } from '../deps.js';
import { dropNullBodyFields } from '../null-body.js';
import { callerOf } from '../request-context.js';
import { ProfileListSchema, ProfileResultSchema, ProfileSchema } from '../schemas/artifacts.js';
import { IdParamsSchema, VersionQuerySchema, errorResponses } from '../schemas/common.js';

const tags = ['Profiles'];

export const profileRoutes: RouteModule = async (app, { store }) => {
  app.get('/v1/profiles', {
    schema: { tags, summary: 'List persisted profiles', querystring: VersionQuerySchema, response: { 200: ProfileListSchema, ...errorResponses(400, 401) } },
  }, async (request) => listProfiles(store, callerOf(request)));

  app.post('/v1/profiles', {
    config: { jsonBody: true },
    preValidation: dropNullBodyFields,
    schema: { tags, summary: 'Create a profile', querystring: VersionQuerySchema, body: ProfileSchema, response: { 201: ProfileResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415) } },
  }, async (request, reply) => reply.code(201).send(await createProfile(store, callerOf(request), request.body)));

  app.get('/v1/profiles/:id', {
    schema: { tags, summary: 'Get a profile', params: IdParamsSchema, querystring: VersionQuerySchema, response: { 200: ProfileResultSchema, ...errorResponses(400, 401, 404) } },
  }, async (request) => getProfile(store, callerOf(request), request.params.id));

  app.put('/v1/profiles/:id', {
    config: { jsonBody: true },
    preValidation: dropNullBodyFields,
    schema: { tags, summary: 'Replace a profile', params: IdParamsSchema, querystring: VersionQuerySchema, body: ProfileSchema, response: { 200: ProfileResultSchema, ...errorResponses(400, 401, 403, 404, 413, 415) } },
  }, async (request) => replaceProfile(store, callerOf(request), request.params.id, request.body));

  app.delete('/v1/profiles/:id', {
    schema: { tags, summary: 'Delete a profile', params: IdParamsSchema, querystring: VersionQuerySchema, response: { 200: ProfileResultSchema, ...errorResponses(400, 401, 403, 404) } },
  }, async (request) => deleteProfile(store, callerOf(request), request.params.id));
};
