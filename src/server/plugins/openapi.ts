// OpenAPI 3 document generated from the route schemas (@fastify/swagger), served at /openapi.json,
// and the API docs page at /api-docs (@fastify/swagger-ui; its assets are served from the package,
// nothing is fetched from the internet). Must be registered before any route.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ServiceErrorSchema } from '../schemas/common.js';

export async function registerOpenApi(app: FastifyInstance, serviceVersion: string): Promise<void> {
  app.addSchema(ServiceErrorSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Clinical Annotator',
        description: 'Clinical NLP service speaking the Annotator for Clinical Data (ACD) HTTP interface. Every /v1 operation except the status resources takes `version=YYYY-MM-DD`.',
        version: serviceVersion,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'API key or JWT, depending on AUTH_MODE.' },
          apikeyBasic: { type: 'http', scheme: 'basic', description: 'User `apikey`, password the API key (AUTH_MODE=apikey).' },
        },
      },
      security: [{ bearer: [] }, { apikeyBasic: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
