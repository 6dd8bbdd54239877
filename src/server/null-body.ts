// preValidation hook of the profile and flow writes: a JSON null in the body means the field is absent
// (src/engine/null-fields.ts), so null fields are dropped before the route's schema validates the body.
import type { preValidationHookHandler } from 'fastify';
import { dropNullFields } from '../engine/null-fields.js';

export const dropNullBodyFields: preValidationHookHandler = (request, _reply, done) => {
  if (typeof request.body === 'object' && request.body !== null) request.body = dropNullFields(request.body);
  done();
};
