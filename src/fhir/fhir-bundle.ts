// The analysis of a note as a FHIR R4 Bundle (docs/fhir.md): a DocumentReference for the note, then one
// resource per clinical statement of the analysed container. Entry ids are name-based UUIDs of the note's
// text and the statement (same note, same ids), so re-running an analysis gives the same bundle.
import { createHash } from 'node:crypto';
import { readStatements, type Statement } from './acd-statements.js';
import type { FhirOptions } from './fhir-options.js';
import {
  allergyIntoleranceOf, conditionOf, familyMemberHistoriesOf, medicationStatementOf, observationOf, procedureOf, smokingStatusOf,
  type FhirResource, type Reference, type ResourceContext,
} from './fhir-resources.js';

/** What a bundle is made from: one container of an ACD response (`text` needed; echoed or given). */
export interface AnalysedContainer {
  readonly text: string;
  readonly id?: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** A UUID (version 5 layout) from a SHA-1 of the parts: stable for the same note and statement. */
function nameUuid(...parts: readonly string[]): string {
  const h = createHash('sha1').update(parts.join('\u0000')).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

function resourceOf(s: Statement, ctx: ResourceContext): FhirResource | undefined {
  // A relative's medication or procedure has no place in the patient's record (FamilyMemberHistory holds conditions).
  if (s.family !== undefined) return undefined;
  switch (s.kind) {
    case 'condition': return conditionOf(s, ctx);
    case 'medication': return medicationStatementOf(s, ctx);
    case 'allergy': return allergyIntoleranceOf(s, ctx);
    case 'procedure': return procedureOf(s, ctx);
    case 'observation': return observationOf(s, ctx);
    case 'smoking': return smokingStatusOf(s, ctx);
  }
}

function documentReferenceOf(container: AnalysedContainer, options: FhirOptions, subject: Reference, encounter: Reference | undefined): FhirResource {
  const bytes = Buffer.from(container.text, 'utf8');
  return {
    resourceType: 'DocumentReference',
    ...(container.id === undefined ? {} : { identifier: [{ value: container.id }] }),
    status: 'current',
    subject,
    content: [{
      attachment: {
        contentType: 'text/plain; charset=utf-8',
        size: bytes.length,
        hash: createHash('sha1').update(bytes).digest('base64'),
        ...(options.includeText ? { data: bytes.toString('base64') } : {}),
      },
    }],
    ...(encounter === undefined ? {} : { context: { encounter: [encounter] } }),
  };
}

/** The Bundle of one analysed container. */
export function containerBundle(container: AnalysedContainer, options: FhirOptions): FhirResource {
  const noteKey = createHash('sha1').update(container.text).digest('hex');
  const subject: Reference = options.subject === undefined ? { display: 'The patient the note is about' } : { reference: options.subject };
  const encounter: Reference | undefined = options.encounter === undefined ? undefined : { reference: options.encounter };
  const documentUrl = `urn:uuid:${nameUuid(noteKey, 'DocumentReference')}`;
  const ctx: ResourceContext = { subject, ...(encounter === undefined ? {} : { encounter }), document: { reference: documentUrl } };

  const statements = readStatements(container.text, container.data);
  const resources: { key: string; resource: FhirResource }[] = [];
  for (const s of statements) {
    const resource = resourceOf(s, ctx);
    if (resource !== undefined) resources.push({ key: `${s.kind}|${s.begin}|${s.end}|${s.name}`, resource });
  }
  for (const history of familyMemberHistoriesOf(statements, ctx)) {
    resources.push({ key: `family|${JSON.stringify((history['relationship'] as { text: string }).text)}`, resource: history });
  }

  const entries = [
    { fullUrl: documentUrl, resource: documentReferenceOf(container, options, subject, encounter) },
    ...resources.map(({ key, resource }) => ({ fullUrl: `urn:uuid:${nameUuid(noteKey, key)}`, resource })),
  ];
  return {
    resourceType: 'Bundle',
    type: options.bundleType,
    entry: entries.map((e) => (options.bundleType === 'transaction'
      ? { ...e, request: { method: 'POST', url: e.resource.resourceType } }
      : e)),
  };
}

/** The fullUrl of the i-th container's Bundle in a response of several (from its JSON text). */
function responseEntryUrl(index: number, bundleJson: string): string {
  return `urn:uuid:${nameUuid('response', String(index), bundleJson)}`;
}

/**
 * The FHIR response of an analysis, as JSON text, from its containers' Bundles (each already JSON text): the
 * Bundle of its one container, or, for several, a `collection` Bundle whose entries are the containers'
 * Bundles in request order.
 */
export function fhirResponseText(bundles: readonly string[]): string {
  if (bundles.length === 1) return bundles[0]!;
  const entries = bundles.map((b, i) => `{"fullUrl":"${responseEntryUrl(i, b)}","resource":${b}}`);
  return `{"resourceType":"Bundle","type":"collection","entry":[${entries.join(',')}]}`;
}

/** The Bundle of one container of an ACD response, given the request's container (its text and id). */
export function containerBundleOf(input: { readonly text: string; readonly id?: string }, container: Readonly<Record<string, unknown>>, options: FhirOptions): FhirResource {
  return containerBundle({
    text: input.text,
    ...(typeof input.id === 'string' ? { id: input.id } : {}),
    data: (container['data'] ?? {}) as Readonly<Record<string, unknown>>,
  }, options);
}

/** fhirResponseText as an object (the CLI's analyze, which prints it). */
export function fhirResponseOf(inputs: readonly { readonly text: string; readonly id?: string }[], unstructured: readonly Readonly<Record<string, unknown>>[], options: FhirOptions): FhirResource {
  return JSON.parse(fhirResponseText(unstructured.map((c, i) => JSON.stringify(containerBundleOf(inputs[i]!, c, options))))) as FhirResource;
}
