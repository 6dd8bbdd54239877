// /v1/cartridges (asynchronous deployment, status, list) and the deprecated synchronous /v1/deploy.
// The archive comes as the raw body (application/octet-stream, also application/zip) or as the
// multipart/form-data part `archive_file` (what the ACD SDKs send); larger than CARTRIDGE_MAX_BYTES
// → 413. Domain logic: src/cartridge/deployment-service.ts. Unless deps bring their own runner, the
// app owns this replica's job runner: started when the app is ready, stopped when it closes.
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { createDeploymentRunner, type DeploymentRunner } from '../../cartridge/deployment-runner.js';
import { createDeploymentService } from '../../cartridge/deployment-service.js';
import { DomainError } from '../../errors.js';
import type { AppInstance, ResolvedDeps, RouteModule } from '../deps.js';
import { clientErrorStatus } from '../error-body.js';
import { callerOf } from '../request-context.js';
import { CartridgeListSchema, CartridgeStatusSchema, CartridgeSubmitSchema, DeployQuerySchema, DeployResultSchema } from '../schemas/cartridges.js';
import { IdParamsSchema, VersionQuerySchema, errorResponses } from '../schemas/common.js';

const tags = ['Cartridges'];
const ARCHIVE_PART = 'archive_file';
const RAW_TYPES = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'];
/** A proxy that mounts the service under a path prefix may say so (used for the Location header). */
const FORWARDED_PREFIX = /^(\/[A-Za-z0-9._~-]+)+$/;

export const cartridgeRoutes: RouteModule = async (app, deps) => {
  const { store, config } = deps;
  const maxBytes = config.cartridges.limits.maxArchiveBytes;
  const runner = deps.deploymentRunner ?? ownRunner(app, deps);
  const deployments = createDeploymentService({ store, limits: config.cartridges.limits, validation: config.cartridges.validation, onSubmitted: () => runner?.kick() });

  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<TypeBoxTypeProvider>();
    await routes.register(multipart, { limits: { fileSize: maxBytes, files: 2, fields: 16, parts: 20 } });
    routes.addContentTypeParser(RAW_TYPES, async (request: FastifyRequest, payload: Readable) => readRaw(request, payload, maxBytes));
    // A body without a Content-Type (or with another one) is read too, so that the answer can say what
    // was sent and what to send: a zip archive without a Content-Type is taken as the raw archive.
    routes.addContentTypeParser('*', async (request: FastifyRequest, payload: Readable) => {
      const bytes = await readRaw(request, payload, maxBytes);
      if (request.headers['content-type'] === undefined && isZip(bytes)) return bytes;
      throw wrongMediaType(request, bytes);
    });
    const refuseJson = async (request: FastifyRequest, payload: Readable): Promise<never> => {
      throw wrongMediaType(request, await readRaw(request, payload, maxBytes));
    };
    routes.removeContentTypeParser('application/json');
    routes.addContentTypeParser('application/json', refuseJson);
    const upload = { bodyLimit: maxBytes };
    const submitResponses = { 202: CartridgeSubmitSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) };
    const submitDescription = `Body: the cartridge zip as application/octet-stream, or multipart/form-data with the part "${ARCHIVE_PART}".`;

    for (const [method, mode] of [['POST', 'create'], ['PUT', 'update']] as const) {
      routes.route({
        method,
        url: '/v1/cartridges',
        ...upload,
        schema: { tags, summary: mode === 'create' ? 'Deploy a cartridge (asynchronous)' : 'Redeploy a cartridge (asynchronous)', description: submitDescription, querystring: VersionQuerySchema, response: submitResponses },
        handler: async (request, reply) => {
          const archive = await readArchiveBody(request, maxBytes);
          const status = await deployments.submit({ tenant: request.tenant, archive, mode, correlationId: request.id, isOperator: request.principal.operator });
          return reply.code(202).header('location', locationOf(request, status.id)).send(status);
        },
      });
    }

    routes.post('/v1/deploy', {
      ...upload,
      schema: { tags, summary: 'Deploy a cartridge synchronously (deprecated)', description: submitDescription, deprecated: true, querystring: DeployQuerySchema, response: { 200: DeployResultSchema, 201: DeployResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415) } },
    }, async (request, reply) => {
      const archive = await readArchiveBody(request, maxBytes);
      const result = await deployments.deploySync({ tenant: request.tenant, archive, update: request.query.update === 'true', isOperator: request.principal.operator });
      return reply.code(result.code).send(result);
    });
  });

  app.get('/v1/cartridges', {
    schema: { tags, summary: 'List cartridge deployments', querystring: VersionQuerySchema, response: { 200: CartridgeListSchema, ...errorResponses(400, 401) } },
  }, async (request) => deployments.list(callerOf(request)));

  app.get('/v1/cartridges/:id', {
    schema: { tags, summary: 'Get a cartridge deployment status', params: IdParamsSchema, querystring: VersionQuerySchema, response: { 200: CartridgeStatusSchema, ...errorResponses(400, 401, 404) } },
  }, async (request) => deployments.get(callerOf(request), request.params.id));
};

/** The app's own runner (CARTRIDGE_RUNNER=on): started on ready, stopped on close. */
function ownRunner(app: AppInstance, { store, config, analysis }: ResolvedDeps): DeploymentRunner | undefined {
  const { runner: settings, limits, validation } = config.cartridges;
  if (!settings.enabled) return undefined;
  const runner = createDeploymentRunner({
    store, limits, validation, pollIntervalMs: settings.pollIntervalMs, leaseMs: settings.leaseMs, maxAttempts: settings.maxAttempts, logger: app.log,
    ...(analysis === undefined ? {} : { prepareTenant: analysis.prepareTenant }),
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  return runner;
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `The cartridge archive is larger than ${maxBytes} bytes (CARTRIDGE_MAX_BYTES).`, {
    moreInfo: 'Send a smaller archive (fewer or smaller dictionaries; deploy the rest as a second cartridge), or raise CARTRIDGE_MAX_BYTES in the service configuration.',
  });
}

/** A zip archive starts with a local file header (or, empty, with the end of central directory). */
function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

const SEND_ARCHIVE = `Send the cartridge zip as the body with Content-Type application/octet-stream (or application/zip), or as the file part "${ARCHIVE_PART}" of multipart/form-data.`;

/** 415 for a body in another media type, saying what was sent (a zip under a wrong or missing type is named as such). */
function wrongMediaType(request: FastifyRequest, bytes: Buffer): DomainError {
  const type = request.headers['content-type'];
  const sent = type === undefined ? 'no Content-Type' : `Content-Type "${type}"`;
  const what = isZip(bytes) ? `The body is a zip archive but the request has ${sent}.` : `The request has ${sent}, and its body is not a zip archive.`;
  return new DomainError('UNSUPPORTED_MEDIA_TYPE', `${what} ${SEND_ARCHIVE}`, { moreInfo: SEND_ARCHIVE });
}

/** The multipart plugin's part-count limits, said as what to send instead. */
const MULTIPART_LIMITS: Readonly<Record<string, string>> = {
  FST_FILES_LIMIT: 'The multipart request has more than 2 file parts.',
  FST_PARTS_LIMIT: 'The multipart request has more than 20 parts.',
  FST_FIELDS_LIMIT: 'The multipart request has more than 16 non-file fields.',
};

/** Reads a raw archive body, refusing more than maxBytes (declared or actual). */
async function readRaw(request: FastifyRequest, payload: Readable, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The archive of an upload: the raw body, or the multipart part `archive_file` (else the only file part). */
async function readArchiveBody(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(request.body)) return request.body;
  if (!request.isMultipart()) {
    if (request.body === undefined || request.body === null) throw new DomainError('CARTRIDGE_NOT_ACCESSIBLE', 'The request carries no cartridge archive.');
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `The request has Content-Type "${request.headers['content-type'] ?? '(none)'}". ${SEND_ARCHIVE}`, { moreInfo: SEND_ARCHIVE });
  }
  let chosen: Buffer | undefined;
  let named = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === ARCHIVE_PART && !named) [chosen, named] = [data, true];
      else chosen ??= data;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    const limit = typeof code === 'string' ? MULTIPART_LIMITS[code] : undefined;
    if (limit !== undefined) throw new DomainError('PAYLOAD_TOO_LARGE', `${limit} Send the cartridge archive as the one file part "${ARCHIVE_PART}".`, { moreInfo: SEND_ARCHIVE });
    if (clientErrorStatus(error) !== undefined) throw error; // the plugin's own limits (413) and violations (400)
    // Parser errors of a body that is not well-formed multipart (no boundary, truncated part) carry no status.
    throw new DomainError('INVALID_REQUEST', `Malformed multipart/form-data body: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (chosen === undefined) throw new DomainError('CARTRIDGE_NOT_ACCESSIBLE', `The multipart request has no file part "${ARCHIVE_PART}". ${SEND_ARCHIVE}`);
  return chosen;
}

/** Location of the status resource: absolute path, under the proxy's X-Forwarded-Prefix when one is sent. */
function locationOf(request: FastifyRequest, id: string): string {
  const raw = request.headers['x-forwarded-prefix'];
  const prefix = typeof raw === 'string' && FORWARDED_PREFIX.test(raw) ? raw : '';
  return `${prefix}/v1/cartridges/${encodeURIComponent(id)}`;
}
