// Converts ACD annotator parameters (name → array of strings, booleans written "true"/"false") into the
// typed parameters of an annotator's TypeBox schema, applying the schema defaults. Supported property
// schemas: Boolean, String (one value), Number / Integer (one value, minimum/maximum honoured),
// Union of literals (one value among them), Array of String or of a Union of literals (all values).
// Unknown parameter names are ignored and returned so the caller can report them (debug).
import { KindGuard, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { DomainError } from '../errors.js';

/** Raw wire value of one parameter; the ACD form is an array of strings, scalars are tolerated. */
export type RawParameterValue = readonly unknown[] | string | number | boolean | null | undefined;

export interface ParsedParameters<P extends TObject> {
  readonly params: Static<P>;
  /** Parameter names the annotator does not declare (ignored). */
  readonly unknown: readonly string[];
}

function invalid(annotatorId: string, name: string, detail: string): DomainError {
  return new DomainError('INVALID_ANNOTATOR_PARAMETER', `Annotator ${annotatorId}, parameter ${name}: ${detail}`);
}

function toStrings(annotatorId: string, name: string, raw: RawParameterValue): string[] {
  const values = Array.isArray(raw) ? raw : [raw];
  return values.map((v: unknown) => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    throw invalid(annotatorId, name, 'values must be strings (an array of strings)');
  });
}

function literalValues(schema: TSchema): (string | number | boolean)[] | undefined {
  if (!KindGuard.IsUnion(schema)) return undefined;
  const out: (string | number | boolean)[] = [];
  for (const member of schema.anyOf) {
    if (!KindGuard.IsLiteral(member)) return undefined;
    out.push(member.const);
  }
  return out;
}

function parseBoolean(annotatorId: string, name: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(annotatorId, name, `expected "true" or "false", got "${value}"`);
}

function parseNumber(annotatorId: string, name: string, value: string, schema: TSchema): number {
  const trimmed = value.trim();
  const n = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(n)) throw invalid(annotatorId, name, `expected a number, got "${value}"`);
  if (KindGuard.IsInteger(schema) && !Number.isInteger(n)) throw invalid(annotatorId, name, `expected an integer, got "${value}"`);
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (minimum !== undefined && n < minimum) throw invalid(annotatorId, name, `must be at least ${minimum}, got ${n}`);
  if (maximum !== undefined && n > maximum) throw invalid(annotatorId, name, `must be at most ${maximum}, got ${n}`);
  return n;
}

function parseLiteral(annotatorId: string, name: string, value: string, allowed: readonly (string | number | boolean)[]): string | number | boolean {
  const found = allowed.find((a) => String(a) === value) ?? allowed.find((a) => String(a).toLowerCase() === value.trim().toLowerCase());
  if (found === undefined) throw invalid(annotatorId, name, `"${value}" is not one of ${allowed.map((a) => `"${String(a)}"`).join(', ')}`);
  return found;
}

/** One value expected; repetitions of the same value are tolerated. */
function single(annotatorId: string, name: string, values: readonly string[]): string {
  const first = values[0] as string;
  if (values.some((v) => v !== first)) throw invalid(annotatorId, name, `expected one value, got ${values.length}`);
  return first;
}

function checkString(annotatorId: string, name: string, value: string, schema: TSchema): string {
  const { minLength, maxLength } = schema as { minLength?: number; maxLength?: number };
  if (minLength !== undefined && value.length < minLength) throw invalid(annotatorId, name, `values must have at least ${minLength} characters`);
  if (maxLength !== undefined && value.length > maxLength) throw invalid(annotatorId, name, `values must have at most ${maxLength} characters`);
  return value;
}

function parseValue(annotatorId: string, name: string, values: readonly string[], schema: TSchema): unknown {
  if (KindGuard.IsBoolean(schema)) return parseBoolean(annotatorId, name, single(annotatorId, name, values));
  if (KindGuard.IsString(schema)) return checkString(annotatorId, name, single(annotatorId, name, values), schema);
  if (KindGuard.IsNumber(schema) || KindGuard.IsInteger(schema)) return parseNumber(annotatorId, name, single(annotatorId, name, values), schema);
  const literals = literalValues(schema);
  if (literals !== undefined) return parseLiteral(annotatorId, name, single(annotatorId, name, values), literals);
  if (KindGuard.IsArray(schema)) {
    const item = schema.items;
    if (KindGuard.IsString(item)) return values.map((v) => checkString(annotatorId, name, v, item));
    const itemLiterals = literalValues(item);
    if (itemLiterals !== undefined) return values.map((v) => parseLiteral(annotatorId, name, v, itemLiterals));
  }
  throw new Error(`annotator ${annotatorId}: parameter ${name} has a schema kind the parameter parser does not support`);
}

function defaultOf(schema: TSchema): unknown {
  const value: unknown = (schema as { default?: unknown }).default;
  return Array.isArray(value) ? [...(value as unknown[])] : value;
}

/**
 * Parses the wire parameters of one annotator against its schema. Missing or empty parameters take the
 * schema default. Throws DomainError INVALID_ANNOTATOR_PARAMETER naming the annotator and parameter.
 */
export function parseAnnotatorParams<P extends TObject>(
  annotatorId: string,
  schema: P,
  raw: Readonly<Record<string, RawParameterValue>> | undefined,
): ParsedParameters<P> {
  const params: Record<string, unknown> = {};
  const known = schema.properties;
  for (const [name, property] of Object.entries(known)) {
    const given = raw?.[name];
    const values = given === undefined || given === null ? [] : toStrings(annotatorId, name, given);
    if (values.length === 0) {
      const fallback = defaultOf(property);
      if (fallback !== undefined) params[name] = fallback;
      continue;
    }
    params[name] = parseValue(annotatorId, name, values, property);
  }
  const unknown = raw === undefined ? [] : Object.keys(raw).filter((name) => !Object.hasOwn(known, name));
  return { params: params as Static<P>, unknown };
}
