// Cartridge deployment status (AcdCartridges), the list, and the deprecated /v1/deploy result.
import { Type } from '@sinclair/typebox';

export const ArtifactResponseSchema = Type.Object(
  {
    code: Type.Integer({ description: '201 created, 200 updated or skipped, 400 invalid / not deployed, 500 internal failure.' }),
    message: Type.String(),
    level: Type.Union([Type.Literal('INFO'), Type.Literal('WARNING'), Type.Literal('ERROR')]),
    description: Type.Optional(Type.String()),
    artifact: Type.String({ description: 'Artifact id.' }),
  },
  { title: 'ArtifactResponse' },
);

const statusFields = {
  id: Type.String({ description: 'Cartridge id (from the archive manifest).' }),
  status: Type.Union([Type.Literal('submitted'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
  statusLocation: Type.String({ description: 'Relative path of the status resource: api/v1/cartridges/<id>.' }),
  startTime: Type.String({ description: 'ISO 8601 UTC with milliseconds.' }),
  endTime: Type.Optional(Type.String({ description: 'Once finished.' })),
  duration: Type.Optional(Type.String({ description: 'Once finished: whole seconds between startTime and endTime.' })),
  correlationId: Type.String(),
  artifactResponseCode: Type.Integer({ description: '0 until finished; 200 completed; 400 or 500 failed.' }),
};

/** The 202 answer to POST/PUT /v1/cartridges. */
export const CartridgeSubmitSchema = Type.Object(
  { ...statusFields, statusCode: Type.Integer({ description: 'Always 202.' }) },
  { title: 'AcdCartridgesSubmitted' },
);

/** GET /v1/cartridges/{id}. */
export const CartridgeStatusSchema = Type.Object(
  { ...statusFields, artifactResponse: Type.Array(ArtifactResponseSchema) },
  { title: 'AcdCartridges' },
);

export const CartridgeListSchema = Type.Object(
  { cartridges: Type.Array(Type.Object(statusFields, { title: 'AcdCartridgesEntry' })) },
  { title: 'AcdCartridgesList' },
);

export const DeployQuerySchema = Type.Object(
  {
    version: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Interface version date, YYYY-MM-DD.' }),
    update: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'Replace artifacts that exist (default false).' })),
  },
  { additionalProperties: true },
);

export const DeployResultSchema = Type.Object(
  {
    code: Type.Integer({ description: '201 when the artifacts were created, 200 when existing ones were replaced.' }),
    artifactResponse: Type.Array(ArtifactResponseSchema),
  },
  { title: 'DeployResult' },
);
