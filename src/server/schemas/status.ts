// ServiceStatus (reference §2.1) and the annotator descriptor (§2.2).
import { Type } from '@sinclair/typebox';

export const ServiceStatusSchema = Type.Object(
  {
    version: Type.String({ description: 'Build timestamp of the service.' }),
    upTime: Type.String({ description: 'Time since start, `<days>d HH:MM:SS`.', examples: ['0d 01:01:19'] }),
    serviceState: Type.Union([Type.Literal('OK'), Type.Literal('WARNING'), Type.Literal('ERROR')]),
    stateDetails: Type.String(),
    hostName: Type.String(),
    requestCount: Type.Integer(),
    maxMemoryMb: Type.Integer(),
    commitedMemoryMb: Type.Integer({ description: 'Spelled as ACD spells it.' }),
    inUseMemoryMb: Type.Integer(),
    availableProcessors: Type.Integer(),
    concurrentRequests: Type.Integer(),
    maxConcurrentRequests: Type.Integer({ description: 'Peak of concurrent requests since start.' }),
    totalRejectedRequests: Type.Integer(),
    totalBlockedRequests: Type.Integer(),
  },
  { title: 'ServiceStatus' },
);

export const StatusQuerySchema = Type.Object(
  {
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('xml')])),
    liveness_check: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true: shallow check, the store is not probed.' })),
  },
  { additionalProperties: true },
);

export const AnnotatorDescriptorSchema = Type.Object(
  { description: Type.String(), version: Type.String({ description: 'Build timestamp of the annotator.' }) },
  { title: 'Annotator' },
);
