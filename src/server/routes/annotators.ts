// GET /v1/annotators and GET /v1/annotators/{id}: the annotators this service implements
// (src/engine/registry.ts), keyed by id, each {description, version}.
import { Type } from '@sinclair/typebox';
import { DomainError } from '../../errors.js';
import { ANNOTATORS, ANNOTATORS_VERSION, findAnnotator } from '../../engine/registry.js';
import type { RouteModule } from '../deps.js';
import { VersionQuerySchema, errorResponses } from '../schemas/common.js';
import { AnnotatorDescriptorSchema } from '../schemas/status.js';

const tags = ['Annotators'];

export const annotatorRoutes: RouteModule = async (app) => {
  app.get('/v1/annotators', {
    schema: { tags, summary: 'List annotators', querystring: VersionQuerySchema, response: { 200: Type.Record(Type.String(), AnnotatorDescriptorSchema), ...errorResponses(400, 401) } },
  }, async () => Object.fromEntries(ANNOTATORS.map((a) => [a.id, { description: a.description, version: ANNOTATORS_VERSION }])));

  app.get('/v1/annotators/:id', {
    schema: { tags, summary: 'Get one annotator', params: Type.Object({ id: Type.String() }), querystring: VersionQuerySchema, response: { 200: AnnotatorDescriptorSchema, ...errorResponses(400, 401, 404) } },
  }, async (request) => {
    const annotator = findAnnotator(request.params.id);
    if (annotator === undefined) throw new DomainError('ANNOTATOR_NOT_FOUND', `Annotator "${request.params.id}" is not available.`);
    return { description: annotator.description, version: ANNOTATORS_VERSION };
  });
};
