// Schemas shared by every route: the service error body, the `version` query parameter and `{id}`.
import { Type, type TSchema } from '@sinclair/typebox';

export const ServiceErrorSchema = Type.Object(
  {
    code: Type.Integer({ description: 'HTTP status code, repeated.' }),
    message: Type.String(),
    level: Type.Union([Type.Literal('ERROR'), Type.Literal('WARNING'), Type.Literal('INFO')]),
    description: Type.String(),
    moreInfo: Type.String(),
    correlationId: Type.String({ description: 'Identifier of the request; equals the x-correlation-id response header.' }),
  },
  { $id: 'ServiceError', title: 'ServiceError', additionalProperties: false },
);

/** `version=YYYY-MM-DD`; the onRequest hook (plugins/version-date.ts) gives the precise 400s. */
export const VersionQuerySchema = Type.Object(
  { version: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Interface version date, YYYY-MM-DD.', examples: ['2023-02-22'] }) },
  { additionalProperties: true },
);

export const IdParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 256, description: 'Artifact id.' }),
});

/**
 * An optional field that may also be sent as JSON `null`, which means absent (ACD treats a null field as
 * absent; the Python SDK sends `"parameters": null`, `"configurations": null` for every annotator it
 * builds). The OpenAPI document shows it `nullable: true`; the routes drop null fields before the schema
 * validates the body (null-body.ts), so the schema itself checks the field's type and the messages name
 * the exact path of a wrong value.
 */
export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Optional({ ...schema, ...options, nullable: true } as T);
}

/** Error responses of a route, each documented with the ServiceError body. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, Type.Ref(ServiceErrorSchema)]));
}
