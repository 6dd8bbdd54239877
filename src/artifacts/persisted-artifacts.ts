// Create/read/replace/delete of persisted profiles and flows, shared by both kinds and written once
// against the Store interface (framework-free; the HTTP routes and the CLI call these). Implements
// the specification's state table: 201/409/403/400 on create, 200/404/400/403 on replace,
// 200/404/403 on delete, 404 on read. Reads fall back to the system tenant; writes never touch it.
import { MAX_BODY_DEPTH, jsonDepthExceeds } from '../cartridge/json-value.js';
import { dropNullFields } from '../engine/null-fields.js';
import { DomainError, type ErrorKind, type ValidationIssue } from '../errors.js';
import type { Store, StoredArtifact } from '../store/store.js';
import { ALIASES, readWithAlias } from './aliases.js';
import { assertArtifactId, idFromName } from './artifact-id.js';
import { describeIssues, isPlainObject } from './annotator-config.js';
import { SYSTEM_TENANT, assertWritable } from './reserved.js';

/** Who is asking: the resolved tenant and whether the caller has operator rights. */
export interface Caller {
  readonly tenant: string;
  readonly operator: boolean;
}

/** A profile or flow definition as served: the client's fields plus `id` and `publishedDate`. */
export type ArtifactDefinition = Record<string, unknown> & { readonly id: string; readonly publishedDate: string };

export interface PersistedKindSpec {
  readonly kind: 'profile' | 'flow';
  readonly label: string;
  readonly notFound: ErrorKind;
  readonly conflict: ErrorKind;
  readonly invalid: ErrorKind;
  /** Checks the kind-specific fields of a body (the common ones are checked here). */
  validate(body: Record<string, unknown>): ValidationIssue[];
  /** The list entry of one artifact. */
  summarize(definition: ArtifactDefinition): Record<string, unknown>;
}

/** The served form: stored body, with the stored id and the server's publishedDate. */
export function toDefinition(artifact: StoredArtifact): ArtifactDefinition {
  const body = isPlainObject(artifact.body) ? artifact.body : {};
  return { ...body, id: artifact.id, publishedDate: artifact.publishedDate };
}

/** The body as an object, its null fields dropped (null means absent: src/engine/null-fields.ts). */
function requireObject(spec: PersistedKindSpec, body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw new DomainError(spec.invalid, `The ${spec.label.toLowerCase()} definition must be a JSON object.`);
  return dropNullFields(body);
}

/** Validated body ready to store: client `publishedDate` dropped (the server sets it), `id` set. */
function prepareBody(spec: PersistedKindSpec, body: Record<string, unknown>, id: string): Record<string, unknown> {
  // Checked first: the kind's validators and the store's JSON encoding recurse into the body.
  if (jsonDepthExceeds(body, MAX_BODY_DEPTH)) throw new DomainError(spec.invalid, `body: the ${spec.label.toLowerCase()} nests deeper than ${MAX_BODY_DEPTH} levels.`);
  const issues = spec.validate(body);
  if (issues.length > 0) throw new DomainError(spec.invalid, describeIssues(issues));
  const { publishedDate: _ignored, ...rest } = body;
  return { ...rest, id };
}

export async function listArtifacts(store: Store, spec: PersistedKindSpec, caller: Caller): Promise<Record<string, Record<string, unknown>>> {
  const [system, own] = await Promise.all([
    caller.tenant === SYSTEM_TENANT ? Promise.resolve([]) : store.listArtifacts(SYSTEM_TENANT, spec.kind),
    store.listArtifacts(caller.tenant, spec.kind),
  ]);
  const merged = new Map<string, StoredArtifact>();
  for (const artifact of [...system, ...own]) merged.set(artifact.id, artifact);
  const entries = new Map<string, Record<string, unknown>>();
  for (const [id, artifact] of merged) entries.set(id, spec.summarize(toDefinition(artifact)));
  // The ACD ids this service resolves (aliases.ts) are listed too, where their target is and no artifact of
  // their own id is: a client that looks the id up in the list finds it. `aliasOf` marks them.
  for (const [alias, target] of ALIASES[spec.kind]) {
    const summary = entries.get(target);
    if (summary !== undefined && !merged.has(alias)) entries.set(alias, { ...summary, aliasOf: target });
  }
  // Object.fromEntries defines own properties: an id such as `__proto__` is a key like any other.
  return Object.fromEntries([...entries.keys()].sort().map((id) => [id, entries.get(id) as Record<string, unknown>]));
}

export async function getArtifact(store: Store, spec: PersistedKindSpec, caller: Caller, id: string): Promise<ArtifactDefinition> {
  assertArtifactId(id);
  // Compatibility aliases (aliases.ts): served under the requested id, read-only.
  const found = await readWithAlias(spec.kind, id, async (i) => (await store.getArtifact(caller.tenant, spec.kind, i)) ?? (await store.getArtifact(SYSTEM_TENANT, spec.kind, i)));
  if (found === undefined) throw new DomainError(spec.notFound, `${spec.label} "${id}" not found.`);
  return found.aliased ? { ...toDefinition(found.value), id } : toDefinition(found.value);
}

export async function createArtifact(store: Store, spec: PersistedKindSpec, caller: Caller, input: unknown): Promise<ArtifactDefinition> {
  const body = requireObject(spec, input);
  const id = resolveCreateId(spec, body);
  assertArtifactId(id);
  assertWritable(id, caller.operator);
  const stored = prepareBody(spec, body, id);
  const result = await store.createArtifact({ tenant: caller.tenant, kind: spec.kind, id, body: stored, cartridgeId: null });
  if (!result.ok) throw new DomainError(spec.conflict, `${spec.label} "${id}" already exists; use PUT to replace it.`);
  return toDefinition(result.artifact);
}

function resolveCreateId(spec: PersistedKindSpec, body: Record<string, unknown>): string {
  const { id, name } = body;
  if (id !== undefined && id !== null && typeof id !== 'string') throw new DomainError(spec.invalid, 'id must be a string.');
  if (typeof id === 'string' && id !== '') return id;
  const generated = typeof name === 'string' ? idFromName(name) : '';
  if (generated === '') {
    throw new DomainError('INVALID_ID', 'The id is empty and no id can be generated from the name: send a non-empty id, or a name containing letters or digits.');
  }
  return generated;
}

export async function replaceArtifact(store: Store, spec: PersistedKindSpec, caller: Caller, id: string, input: unknown): Promise<ArtifactDefinition> {
  assertArtifactId(id);
  assertWritable(id, caller.operator);
  const body = requireObject(spec, input);
  if (body.id !== undefined && body.id !== null && body.id !== '' && body.id !== id) {
    throw new DomainError(spec.invalid, `The id in the body ("${String(body.id)}") differs from the id in the path ("${id}").`);
  }
  const stored = prepareBody(spec, body, id);
  const replaced = await store.replaceArtifact({ tenant: caller.tenant, kind: spec.kind, id, body: stored, cartridgeId: null });
  if (replaced === undefined) throw new DomainError(spec.notFound, `${spec.label} "${id}" not found; use POST to create it.`);
  return toDefinition(replaced);
}

export async function deleteArtifact(store: Store, spec: PersistedKindSpec, caller: Caller, id: string): Promise<ArtifactDefinition> {
  assertArtifactId(id);
  assertWritable(id, caller.operator);
  const removed = await store.deleteArtifact(caller.tenant, spec.kind, id);
  if (removed === undefined) throw new DomainError(spec.notFound, `${spec.label} "${id}" not found.`);
  return toDefinition(removed);
}
