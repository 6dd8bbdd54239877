// Builds the stored body of each artifact kind from its metadata and attachment payloads, and
// decides what is skipped (predefined, models, documents, unknown types) and why.

import type { ArchiveFile } from './archive-reader.js';
import { cartridgeIssue, type CartridgeIssue } from './cartridge-issue.js';
import type { AttachmentRef, CartridgeArtifact, FilterBody, FilterDefinition, SkippedArtifact } from './cartridge-model.js';
import { parseDictionarySource } from './dictionary-source.js';
import { isJsonObject, optionalString, parseJson, type JsonObject } from './json-value.js';
import { dropInapplicableRules, normalizeAttributeSet } from './lenient-bodies.js';
import { dropNullFields } from '../engine/null-fields.js';
import { ARTIFACT_KINDS, type ArtifactKind } from '../store/store.js';

/** An artifact as read from its folder, before its body is built. */
export interface RawArtifact {
  readonly id: string;
  readonly type: string;
  readonly folder: string;
  readonly name: string;
  readonly description?: string;
  readonly originalId?: string;
  readonly metadata: JsonObject;
  readonly attachments: readonly AttachmentRef[];
  /** attachment id → payload file */
  readonly payloads: ReadonlyMap<string, ArchiveFile>;
}

const BINARY_DICTIONARY = /\.(dic|pdic)$/i;
const JSON_SOURCE = /\.json$/i;

export function isStoreKind(type: string): type is ArtifactKind {
  return (ARTIFACT_KINDS as readonly string[]).includes(type);
}

/** Decides the disposition of one listed artifact and builds its body. Issues are appended. */
export function buildArtifact(raw: RawArtifact, issues: CartridgeIssue[]): CartridgeArtifact {
  const at = { artifact: raw.id, path: `artifacts/${raw.folder}/metadata` };
  const predefined = raw.metadata.predefined === true || raw.metadata.displayOnly === true;
  if (raw.type === 'model') {
    if (predefined) {
      issues.push(cartridgeIssue('WARNING', 'PREDEFINED_SKIPPED', `predefined model "${String(raw.metadata.predefinedId ?? raw.id)}" is built into model_broker; skipped`, at));
      return skippedArtifact(raw, 'skip', 'predefined model provided by the service');
    }
    issues.push(cartridgeIssue('WARNING', 'MODEL_SKIPPED', 'custom models cannot be deployed; skipped', at));
    return skippedArtifact(raw, 'skip', 'custom models are not supported');
  }
  if (raw.type === 'document') {
    issues.push(cartridgeIssue('INFO', 'DOCUMENT_SKIPPED', 'sample document of the authoring tool; not deployed', at));
    return skippedArtifact(raw, 'skip', 'sample document, not deployed');
  }
  if (!isStoreKind(raw.type)) {
    issues.push(cartridgeIssue('WARNING', 'UNKNOWN_TYPE', `artifact type "${raw.type}" is not deployed by this service; skipped`, at));
    return skippedArtifact(raw, 'skip', `unknown artifact type "${raw.type}"`);
  }
  if (predefined) {
    issues.push(cartridgeIssue('WARNING', 'PREDEFINED_SKIPPED', `predefined ${raw.type} "${String(raw.metadata.predefinedId ?? raw.id)}" is provided by the service; skipped`, at));
    return skippedArtifact(raw, 'skip', `predefined ${raw.type} provided by the service`);
  }
  const before = issues.length;
  const body = raw.type === 'dictionary' ? dictionaryBody(raw, issues) : contentBody(raw, raw.type, issues);
  if (body === undefined) {
    const firstError = issues.slice(before).find((i) => i.level === 'ERROR');
    return skippedArtifact(raw, 'error', firstError?.message ?? 'no usable payload');
  }
  return {
    disposition: 'deploy',
    type: raw.type,
    id: raw.id,
    name: raw.name,
    folder: raw.folder,
    attachments: raw.attachments,
    ...(raw.description === undefined ? {} : { description: raw.description }),
    body,
  };
}

export function skippedArtifact(raw: RawArtifact, disposition: 'skip' | 'error', reason: string): SkippedArtifact {
  return {
    disposition,
    type: raw.type,
    reason,
    id: raw.id,
    name: raw.name,
    folder: raw.folder,
    attachments: raw.attachments,
    ...(raw.description === undefined ? {} : { description: raw.description }),
  };
}

/** Single-content kinds: the payload JSON (attachment named `content`, or the only attachment). */
function contentBody(raw: RawArtifact, kind: Exclude<ArtifactKind, 'dictionary'>, issues: CartridgeIssue[]): Record<string, unknown> | undefined {
  const payload = pickContent(raw, issues);
  if (payload === undefined) return undefined;
  const parsed = parseJson(payload.data);
  const at = { artifact: raw.id, path: payload.name };
  if (!parsed.ok) {
    issues.push(cartridgeIssue('ERROR', 'MALFORMED_JSON', `malformed JSON: ${parsed.error}`, at));
    return undefined;
  }
  if (!isJsonObject(parsed.value)) {
    issues.push(cartridgeIssue('ERROR', 'MALFORMED_JSON', 'expected a JSON object', at));
    return undefined;
  }
  const json = parsed.value;
  const innerId = optionalString(json.id);
  if (innerId !== undefined && innerId !== raw.id) {
    issues.push(cartridgeIssue('WARNING', 'ID_MISMATCH', `payload id "${innerId}" differs from the artifact id; the artifact id is used`, at));
  }
  if (kind === 'filter') return filterBody(raw, json) as unknown as Record<string, unknown>;
  const { publishedDate: _published, href: _href, ...rest } = json;
  if (kind === 'profile' || kind === 'flow') {
    // Null means absent, as in the profile and flow endpoints (src/engine/null-fields.ts).
    return { ...dropNullFields(rest), id: raw.id, name: optionalString(json.name) ?? raw.name, description: typeof json.description === 'string' ? json.description : raw.description ?? '' };
  }
  if (kind === 'attribute_set') return { ...normalizeAttributeSet(rest, raw.id, issues), id: raw.id };
  if (kind === 'concept_inference_rules') return { ...dropInapplicableRules(rest, raw.id, issues), id: raw.id };
  return { ...rest, id: raw.id };
}

function pickContent(raw: RawArtifact, issues: CartridgeIssue[]): ArchiveFile | undefined {
  const withPayload = raw.attachments.filter((a) => raw.payloads.has(a.id));
  const chosen = withPayload.find((a) => a.name === 'content') ?? withPayload[0];
  for (const a of raw.attachments) {
    if (!raw.payloads.has(a.id) && (chosen === undefined || a.name === 'content')) {
      issues.push(cartridgeIssue('ERROR', 'MISSING_PAYLOAD', `attachment "${a.id}" has no payload file`, { artifact: raw.id, path: `artifacts/${raw.folder}/attachments/${a.folder}` }));
    }
  }
  if (chosen === undefined) {
    if (raw.attachments.length === 0) {
      issues.push(cartridgeIssue('ERROR', 'MISSING_PAYLOAD', 'artifact has no attachment with its content', { artifact: raw.id, path: `artifacts/${raw.folder}` }));
    }
    return undefined;
  }
  if (withPayload.length > 1) {
    issues.push(cartridgeIssue('WARNING', 'STRAY_FILE', `artifact has ${withPayload.length} attachments; "${chosen.id}" is used as its content`, { artifact: raw.id, path: `artifacts/${raw.folder}` }));
  }
  return raw.payloads.get(chosen.id);
}

/** Filter payloads are `{filters:[...]}` or one filter object; stored normalised as a list. */
function filterBody(raw: RawArtifact, json: JsonObject): FilterBody {
  const list = Array.isArray(json.filters) ? json.filters : [json];
  const filters: FilterDefinition[] = list.filter(isJsonObject).map((f) => ({
    ...(optionalString(f.name) === undefined ? {} : { name: f.name as string }),
    target: typeof f.target === 'string' ? f.target : '',
    condition: f.condition,
    ...(typeof f.serviceFiltered === 'boolean' ? { serviceFiltered: f.serviceFiltered } : {}),
  }));
  const filterType = optionalString(raw.metadata.filterType);
  return { id: raw.id, name: optionalString(json.name) ?? raw.name, ...(filterType === undefined ? {} : { filterType }), filters };
}

/** Dictionaries: the JSON source is parsed; compiled .dic/.pdic attachments are reported and ignored. */
function dictionaryBody(raw: RawArtifact, issues: CartridgeIssue[]): Record<string, unknown> | undefined {
  let source: ArchiveFile | undefined;
  let fallback: ArchiveFile | undefined;
  for (const att of raw.attachments) {
    const file = raw.payloads.get(att.id);
    const where = { artifact: raw.id, path: file?.name ?? `artifacts/${raw.folder}/attachments/${att.folder}` };
    if (BINARY_DICTIONARY.test(att.name) || BINARY_DICTIONARY.test(att.id)) {
      issues.push(cartridgeIssue('WARNING', 'BINARY_DICTIONARY', `binary dictionary not readable; using JSON source (${att.name})`, where));
    } else if (JSON_SOURCE.test(att.name) || JSON_SOURCE.test(att.id)) {
      if (file === undefined) issues.push(cartridgeIssue('ERROR', 'MISSING_PAYLOAD', `dictionary source "${att.id}" has no payload file`, where));
      else source ??= file;
    } else if (file !== undefined) {
      fallback ??= file; // an attachment not named *.json may still hold the JSON source
    }
  }
  source ??= fallback;
  if (source === undefined) {
    issues.push(cartridgeIssue('ERROR', 'NO_DICTIONARY_SOURCE', 'dictionary has no JSON source attachment; compiled .dic/.pdic files cannot be used', { artifact: raw.id, path: `artifacts/${raw.folder}` }));
    return undefined;
  }
  const parsed = parseJson(source.data);
  if (!parsed.ok) {
    issues.push(cartridgeIssue('ERROR', 'MALFORMED_JSON', `malformed JSON: ${parsed.error}`, { artifact: raw.id, path: source.name }));
    return undefined;
  }
  const result = parseDictionarySource(parsed.value, { artifact: raw.id, name: raw.name, path: source.name });
  issues.push(...result.issues);
  return result.body === undefined ? undefined : (result.body as unknown as Record<string, unknown>);
}
