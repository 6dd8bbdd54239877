// AcdProfile and AcdFlow: request and response schemas of the profile and flow endpoints.
// Unknown fields are kept (additionalProperties), as ACD clients send extra fields (`publish`,
// `version`, `cartridgeId`, …); the domain validators (src/artifacts/) do the detailed checks.
// Every optional field may be JSON `null`, which means absent (Nullable): the routes drop null fields
// before validating and storing (src/server/null-body.ts, src/engine/null-fields.ts), so a null is never
// stored or served back.
import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

const open = { additionalProperties: true } as const;

export const AnnotatorSchema = Type.Object(
  {
    name: Type.String({ description: 'Annotator id, e.g. concept_detection.' }),
    parameters: Nullable(Type.Object({}, { additionalProperties: Type.Array(Type.String()) }), { description: 'Parameter name → array of string values (a boolean is written ["true"]); a single string is refused. A null parameter is absent.' }),
    configurations: Nullable(Type.Array(Type.Unknown())),
  },
  { ...open, title: 'Annotator' },
);

const common = {
  id: Nullable(Type.String({ maxLength: 256 }), { description: 'Artifact id; an empty string (or null) on create asks the service to generate one from name.' }),
  name: Nullable(Type.String()),
  description: Nullable(Type.String()),
  publishedDate: Nullable(Type.String(), { description: 'Set by the service (ISO 8601 UTC with milliseconds); ignored on input.' }),
  publish: Nullable(Type.Boolean()),
  version: Nullable(Type.String()),
  cartridgeId: Nullable(Type.String()),
};

export const ProfileSchema = Type.Object(
  { ...common, annotators: Nullable(Type.Array(AnnotatorSchema)) },
  { ...open, title: 'AcdProfile' },
);

const FlowEntrySchema = Type.Object(
  {
    annotator: Nullable(AnnotatorSchema),
    flow: Nullable(Type.Object({}, open), { description: 'A nested flow: {elements, async}.' }),
  },
  { ...open, title: 'FlowEntry' },
);

export const FlowObjectSchema = Type.Object(
  { elements: Type.Optional(Type.Array(FlowEntrySchema, { description: 'May be empty: a flow without elements runs no annotator.' })), async: Nullable(Type.Boolean()) },
  { ...open, title: 'Flow' },
);

export const AnnotatorFlowSchema = Type.Object(
  { profile: Nullable(Type.String()), flow: Type.Optional(FlowObjectSchema) },
  { ...open, title: 'AnnotatorFlow' },
);

export const FlowSchema = Type.Object(
  { ...common, annotatorFlows: Nullable(Type.Array(AnnotatorFlowSchema)) },
  { ...open, title: 'AcdFlow' },
);

/** Served definitions always carry id and publishedDate. */
const served = {
  id: Type.String(),
  publishedDate: Type.String({ description: 'ISO 8601 UTC with milliseconds.' }),
};
export const ProfileResultSchema = Type.Composite([Type.Omit(ProfileSchema, ['id', 'publishedDate']), Type.Object(served)], { ...open, title: 'AcdProfile' });
export const FlowResultSchema = Type.Composite([Type.Omit(FlowSchema, ['id', 'publishedDate']), Type.Object(served)], { ...open, title: 'AcdFlow' });

/** Set only on list entries of compatibility alias ids (src/artifacts/aliases.ts): the id of the artifact the alias reads. */
const AliasOf = Type.Optional(Type.String({ description: 'Only on an ACD alias id (e.g. wh_acd.ibm_clinical_insights_v1.0_standard_flow): the id of the artifact it resolves to, whose summary it shows. Aliases are read-only.' }));

export const ProfileListSchema = Type.Object(
  {},
  {
    additionalProperties: Type.Object({ publishedDate: Type.String(), name: Type.Optional(Type.String()), aliasOf: AliasOf }, open),
    description: 'Profile id → summary. The ACD default ids this service resolves (`wh_acd.*`, `acd.*`) are listed too, with `aliasOf`.',
  },
);

export const FlowListSchema = Type.Object(
  {},
  {
    additionalProperties: Type.Object({ description: Type.String(), publishedDate: Type.String(), name: Type.Optional(Type.String()), aliasOf: AliasOf }, open),
    description: 'Flow id → summary. The ACD default ids this service resolves (`wh_acd.*`, `acd.*`) are listed too, with `aliasOf`.',
  },
);
