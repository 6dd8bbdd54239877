// How a caller asks for FHIR R4 output (query parameters of /v1/analyze, options of `analyze` and `batch`),
// validated into FhirOptions. Bad values are 400s that name the parameter and what it takes.
import { DomainError } from '../errors.js';

export type OutputFormat = 'acd' | 'fhir';
export type BundleType = 'collection' | 'transaction';

export interface FhirOptions {
  readonly bundleType: BundleType;
  /** `Patient/<id>` or `Group/<id>`: the subject every resource points to (absent: a display-only reference). */
  readonly subject?: string;
  /** `Encounter/<id>` the note belongs to. */
  readonly encounter?: string;
  /** Put the note's text (base64) in the DocumentReference's attachment. */
  readonly includeText: boolean;
}

export const DEFAULT_FHIR_OPTIONS: FhirOptions = { bundleType: 'collection', includeText: false };

/** A FHIR literal reference: type/id, where an id is 1-64 of [A-Za-z0-9-.] (FHIR id datatype). */
const ID = '[A-Za-z0-9\\-.]{1,64}';
const SUBJECT = new RegExp(`^(Patient|Group)/${ID}$`);
const ENCOUNTER = new RegExp(`^Encounter/${ID}$`);

function invalid(description: string): DomainError {
  return new DomainError('INVALID_REQUEST', description);
}

export interface RawFhirParameters {
  readonly output?: string;
  readonly fhir_bundle_type?: string;
  readonly subject?: string;
  readonly encounter?: string;
  readonly include_text?: string;
}

export function parseOutputFormat(value: string | undefined): OutputFormat {
  if (value === undefined || value === '' || value === 'acd') return 'acd';
  if (value === 'fhir') return 'fhir';
  throw invalid(`output must be "acd" (the ACD container group, the default) or "fhir" (a FHIR R4 Bundle per container); got "${value}".`);
}

/** FhirOptions from query parameters or command-line values (strings); throws INVALID_REQUEST naming the bad one. */
export function parseFhirOptions(raw: RawFhirParameters): FhirOptions {
  const bundleType = raw.fhir_bundle_type ?? 'collection';
  if (bundleType !== 'collection' && bundleType !== 'transaction') {
    throw invalid(`fhir_bundle_type must be "collection" or "transaction"; got "${bundleType}".`);
  }
  if (raw.subject !== undefined && !SUBJECT.test(raw.subject)) {
    throw invalid(`subject must be a FHIR reference "Patient/<id>" or "Group/<id>" (id: 1-64 letters, digits, "-" or "."); got "${raw.subject.slice(0, 80)}".`);
  }
  if (raw.encounter !== undefined && !ENCOUNTER.test(raw.encounter)) {
    throw invalid(`encounter must be a FHIR reference "Encounter/<id>" (id: 1-64 letters, digits, "-" or "."); got "${raw.encounter.slice(0, 80)}".`);
  }
  if (raw.include_text !== undefined && raw.include_text !== 'true' && raw.include_text !== 'false') {
    throw invalid(`include_text must be "true" or "false"; got "${raw.include_text}".`);
  }
  return {
    bundleType,
    includeText: raw.include_text === 'true',
    ...(raw.subject === undefined ? {} : { subject: raw.subject }),
    ...(raw.encounter === undefined ? {} : { encounter: raw.encounter }),
  };
}
