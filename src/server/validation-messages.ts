// TypeBox says "Expected union value" for a value outside a union of literals (`format=yaml`), which does not
// tell the client what is allowed; this error function names the allowed values and keeps TypeBox's own message
// for everything else. TypeBox holds one error function per process, so buildApp installs it (idempotent).
import { DefaultErrorFunction, SetErrorFunction, ValueErrorType, type ErrorFunctionParameter } from '@sinclair/typebox/errors';

/** The literal values of a union of literals (`Type.Union([Type.Literal('json'), Type.Literal('xml')])`), else undefined. */
export function unionLiterals(schema: unknown): readonly (string | number | boolean)[] | undefined {
  const anyOf = (schema as { anyOf?: unknown } | undefined)?.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length === 0) return undefined;
  const values: (string | number | boolean)[] = [];
  for (const member of anyOf) {
    const constant = (member as { const?: unknown } | undefined)?.const;
    if (typeof constant !== 'string' && typeof constant !== 'number' && typeof constant !== 'boolean') return undefined;
    values.push(constant);
  }
  return values;
}

export function validationMessage(error: ErrorFunctionParameter): string {
  if (error.errorType === ValueErrorType.Union) {
    const values = unionLiterals(error.schema);
    if (values !== undefined) return `Expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return DefaultErrorFunction(error);
}

export function installValidationMessages(): void {
  SetErrorFunction(validationMessage);
}
