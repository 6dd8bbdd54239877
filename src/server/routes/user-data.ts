// DELETE /v1/user_data: removes every artifact and cartridge deployment of the caller's tenant.
import { Type } from '@sinclair/typebox';
import { deleteUserData } from '../../artifacts/user-data.js';
import type { RouteModule } from '../deps.js';
import { VersionQuerySchema, errorResponses } from '../schemas/common.js';

export const userDataRoutes: RouteModule = async (app, { store }) => {
  app.delete('/v1/user_data', {
    schema: {
      tags: ['User data'],
      summary: "Delete the tenant's artifacts",
      description: 'Removes every profile, flow, cartridge artifact and deployment of the tenant. Artifacts of the system tenant stay.',
      querystring: VersionQuerySchema,
      response: { 204: Type.Null({ description: 'Deleted; no body.' }), ...errorResponses(400, 401) },
    },
  }, async (request, reply) => {
    const removed = await deleteUserData(store, request.tenant);
    request.log.info({ tenant: request.tenant, removed }, 'tenant data deleted');
    return reply.code(204).send(null);
  });
};
