// /v1/analyze and /v1/analyze/{flow_id}: thin adapters over src/analysis/analysis-service.ts. The
// worker returns the response already serialised and UTF-8 encoded, so it is sent as-is (no response
// schema serialisation, no copy on the event loop). Scoped in its own plugin so
// its content-type parsers (raw text, and a body sent with no content type, as the Node SDK may do)
// and its larger body limit do not leak into other routes.
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { parseAnalyzeBody } from '../../engine/analyze.js';
import type { AnalysisService, AnalyzeOptions } from '../../analysis/analysis-service.js';
import { DomainError } from '../../errors.js';
import { parseFhirOptions, parseOutputFormat, type RawFhirParameters } from '../../fhir/fhir-options.js';
import type { RouteModule } from '../deps.js';
import { jsonBodyParser, utf8Text } from '../plugins/error-handling.js';
import { errorResponses } from '../schemas/common.js';

const tags = ['Analysis'];
const BooleanString = Type.Union([Type.Literal('true'), Type.Literal('false')]);

const AnalyzeQuerySchema = Type.Object({
  version: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Interface version date, YYYY-MM-DD.' }),
  return_analyzed_text: Type.Optional(BooleanString),
  debug_text_restore: Type.Optional(BooleanString),
  debug: Type.Optional(BooleanString),
  output: Type.Optional(Type.Union([Type.Literal('acd'), Type.Literal('fhir')], { description: 'acd (default): the ACD container group; fhir: a FHIR R4 Bundle per container (docs/fhir.md).' })),
  fhir_bundle_type: Type.Optional(Type.Union([Type.Literal('collection'), Type.Literal('transaction')], { description: 'With output=fhir: the Bundle type (default collection).' })),
  subject: Type.Optional(Type.String({ maxLength: 200, description: 'With output=fhir: the reference of the patient, Patient/<id> or Group/<id>.' })),
  encounter: Type.Optional(Type.String({ maxLength: 200, description: 'With output=fhir: the reference of the encounter, Encounter/<id>.' })),
  include_text: Type.Optional(BooleanString),
}, { additionalProperties: true });

const FlowIdParamsSchema = Type.Object({ flow_id: Type.String({ minLength: 1, maxLength: 256 }) });

const ContainerGroupSchema = Type.Object({}, {
  additionalProperties: true,
  description: 'ContainerGroup: `unstructured` (containers with `text`) and, for /v1/analyze, `annotatorFlows`.',
});

const AnalyzeRequestSchema = Type.Object({}, {
  additionalProperties: true,
  description: 'ContainerGroup: `unstructured` (containers `{text, id?, type?, metadata?, data?}`), `annotatorFlows` (`[{profile?, flow: {elements, async?}}]`, '
    + 'elements `{annotator: {name, parameters?, configurations?}}` or a nested `{flow}`), `profile?`. A JSON null anywhere in the flows, a container\'s '
    + '`id`/`type`/`metadata`/`data` or `profile` means the field is absent. Parameter values are arrays of strings (`{"expanded": ["true"]}`).',
});

type AnalyzeQuery = { return_analyzed_text?: string; debug_text_restore?: string } & RawFhirParameters;

function optionsOf(query: AnalyzeQuery): AnalyzeOptions {
  const fhir = parseOutputFormat(query.output) === 'fhir' ? parseFhirOptions(query) : undefined;
  return { returnAnalyzedText: query.return_analyzed_text === 'true', debugTextRestore: query.debug_text_restore === 'true', ...(fhir === undefined ? {} : { fhir }) };
}

/** The media type of the response: FHIR's own for Bundles (R4). */
function mediaTypeOf(options: AnalyzeOptions): string {
  return options.fhir === undefined ? 'application/json; charset=utf-8' : 'application/fhir+json; fhirVersion=4.0; charset=utf-8';
}

const unavailable = async (): Promise<never> => {
  throw new DomainError('ANALYSIS_UNAVAILABLE', 'This instance runs without an analysis service.');
};
const unavailableAnalysis: Pick<AnalysisService, 'analyzeWithFlowsUtf8' | 'analyzeWithFlowIdUtf8'> = { analyzeWithFlowsUtf8: unavailable, analyzeWithFlowIdUtf8: unavailable };

/** A request of this scope: the JSON text of its parsed body, kept for the worker (AnalysisTask.body). */
type WithBodyText = FastifyRequest & { bodyText: string };

/** The worker's bytes as a Buffer over the same memory (no copy), which Fastify sends without serialising. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export const analyzeRoutes: RouteModule = async (app, deps) => {
  const analysis = deps.analysis ?? unavailableAnalysis;
  const bodyLimit = deps.config.analysis.bodyLimitBytes;
  await app.register(async (untyped) => {
    const scope = untyped.withTypeProvider<TypeBoxTypeProvider>();
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));
    // The service's JSON parser, which also keeps the text of what it parsed: the worker reads the
    // containers from the text rather than from a structured clone of the parsed body.
    const parseJson = jsonBodyParser(scope);
    scope.decorateRequest('bodyText', '');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : utf8Text(body);
      if (typeof text !== 'string') {
        done(text); // not UTF-8: 400, as for every JSON body (plugins/error-handling.ts)
        return;
      }
      (request as WithBodyText).bodyText = text;
      parseJson(request, text, done);
    });

    scope.post('/v1/analyze', {
      bodyLimit,
      config: { jsonBody: true },
      schema: {
        tags, summary: 'Analyze text with annotator flows given in the request',
        querystring: AnalyzeQuerySchema, body: AnalyzeRequestSchema,
        response: { 200: ContainerGroupSchema, ...errorResponses(400, 401, 404, 413, 415, 503, 504) },
      },
    }, async (request, reply) => {
      const text = (request as WithBodyText).bodyText;
      const options = optionsOf(request.query);
      const json = await analysis.analyzeWithFlowsUtf8(request.tenant, request.body, options, text === '' ? undefined : text);
      return reply.type(mediaTypeOf(options)).send(asBuffer(json));
    });

    scope.post('/v1/analyze/:flow_id', {
      bodyLimit,
      schema: {
        tags, summary: 'Analyze text (text/plain, or JSON with `unstructured`) with a persisted flow',
        params: FlowIdParamsSchema, querystring: AnalyzeQuerySchema,
        response: { 200: ContainerGroupSchema, ...errorResponses(400, 401, 404, 413, 415, 503, 504) },
      },
    }, async (request, reply) => {
      const parsed = parseAnalyzeBody(request.body, request.headers['content-type']);
      const options = optionsOf(request.query);
      const json = await analysis.analyzeWithFlowIdUtf8(request.tenant, request.params.flow_id, parsed.containers, parsed.profile, options);
      return reply.type(mediaTypeOf(options)).send(asBuffer(json));
    });
  });
};
