// AcdProfile and AcdFlow: request and response schemas of the profile and flow endpoints.
// Unknown fields are kept (additionalProperties), as ACD clients send extra fields (`publish`,
// `version`, `cartridgeId`, …); the domain validators (src/artifacts/) do the detailed checks.
import { Type } from '@sinclair/typebox';

const open = { additionalProperties: true } as const;

export const AnnotatorSchema = Type.Object(
  {
    name: Type.String({ description: 'Annotator id, e.g. concept_detection.' }),
    parameters: Type.Optional(Type.Object({}, { additionalProperties: Type.Array(Type.String()), description: 'Parameter name → array of string values.' })),
    configurations: Type.Optional(Type.Array(Type.Unknown())),
  },
  { ...open, title: 'Annotator' },
);

const common = {
  id: Type.Optional(Type.String({ maxLength: 256, description: 'Artifact id; an empty string on create asks the service to generate one from name.' })),
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  publishedDate: Type.Optional(Type.String({ description: 'Set by the service (ISO 8601 UTC with milliseconds); ignored on input.' })),
  publish: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.String()),
  cartridgeId: Type.Optional(Type.String()),
};

export const ProfileSchema = Type.Object(
  { ...common, annotators: Type.Optional(Type.Array(AnnotatorSchema)) },
  { ...open, title: 'AcdProfile' },
);

const FlowEntrySchema = Type.Object(
  {
    annotator: Type.Optional(AnnotatorSchema),
    flow: Type.Optional(Type.Object({}, { ...open, description: 'A nested flow: {elements, async}.' })),
  },
  { ...open, title: 'FlowEntry' },
);

export const FlowObjectSchema = Type.Object(
  { elements: Type.Optional(Type.Array(FlowEntrySchema)), async: Type.Optional(Type.Boolean()) },
  { ...open, title: 'Flow' },
);

export const AnnotatorFlowSchema = Type.Object(
  { profile: Type.Optional(Type.String()), flow: Type.Optional(FlowObjectSchema) },
  { ...open, title: 'AnnotatorFlow' },
);

export const FlowSchema = Type.Object(
  { ...common, annotatorFlows: Type.Optional(Type.Array(AnnotatorFlowSchema)) },
  { ...open, title: 'AcdFlow' },
);

/** Served definitions always carry id and publishedDate. */
const served = {
  id: Type.String(),
  publishedDate: Type.String({ description: 'ISO 8601 UTC with milliseconds.' }),
};
export const ProfileResultSchema = Type.Composite([Type.Omit(ProfileSchema, ['id', 'publishedDate']), Type.Object(served)], { ...open, title: 'AcdProfile' });
export const FlowResultSchema = Type.Composite([Type.Omit(FlowSchema, ['id', 'publishedDate']), Type.Object(served)], { ...open, title: 'AcdFlow' });

export const ProfileListSchema = Type.Object(
  {},
  {
    additionalProperties: Type.Object({ publishedDate: Type.String(), name: Type.Optional(Type.String()) }, open),
    description: 'Profile id → summary.',
  },
);

export const FlowListSchema = Type.Object(
  {},
  {
    additionalProperties: Type.Object({ description: Type.String(), publishedDate: Type.String(), name: Type.Optional(Type.String()) }, open),
    description: 'Flow id → summary.',
  },
);
