// Row shapes shared by both dialects and their mapping to the Store's records. Both dialects select
// JSON columns as text and timestamps as ISO strings (SQLite) or Date (pg), normalised here.
import { ARTIFACT_KINDS, type ArtifactKind, type ArtifactResponse, type Deployment, type DeploymentState, type EncodedArtifact, type NewArtifact, type StoredArtifact } from './store.js';

export interface ArtifactRow {
  tenant: string;
  kind: string;
  id: string;
  body: string;
  published_date: string | Date;
  cartridge_id: string | null;
}

export interface DeploymentRow {
  tenant: string;
  id: string;
  state: string;
  start_time: string | Date;
  end_time: string | Date | null;
  correlation_id: string;
  artifact_response: string;
  artifact_response_code: number;
  has_archive: number | boolean;
  locked_by: string | null;
  locked_until: string | Date | null;
  attempts: number;
}

const KIND_SET: ReadonlySet<string> = new Set(ARTIFACT_KINDS);

/** Kinds are a closed set; TypeScript guards callers, this guards data that came from elsewhere. */
export function assertArtifactKind(kind: string): asserts kind is ArtifactKind {
  if (!KIND_SET.has(kind)) throw new TypeError(`unknown artifact kind '${kind}'`);
}

/** JSON text of a body; throws (TypeError) for values JSON cannot represent (BigInt, cycles, undefined). */
export function encodeJson(value: unknown): string {
  const text: string | undefined = JSON.stringify(value);
  if (text === undefined) throw new TypeError('artifact body is not representable as JSON');
  return text;
}

/** The JSON text to store for an artifact: its encoded body as given (decoded from UTF-8 bytes), or its body encoded here. */
export function bodyTextOf(artifact: NewArtifact | EncodedArtifact): string {
  if (!('bodyJson' in artifact)) return encodeJson(artifact.body);
  const json = artifact.bodyJson;
  return typeof json === 'string' ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8');
}

/**
 * What SQLite binds for an artifact's body: its JSON text, or the UTF-8 bytes of it as they are (the
 * statement casts them to TEXT, so the database decodes nothing and the JavaScript side copies nothing).
 */
export function sqliteBodyOf(artifact: NewArtifact | EncodedArtifact): string | Buffer {
  if (!('bodyJson' in artifact)) return encodeJson(artifact.body);
  const json = artifact.bodyJson;
  return typeof json === 'string' ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** ISO string `leaseMs` from now; the application clock is the only clock leases use. */
export function isoAfter(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

function isoOf(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : value;
}

export function toStoredArtifact<T>(row: ArtifactRow): StoredArtifact<T> {
  assertArtifactKind(row.kind);
  return {
    tenant: row.tenant,
    kind: row.kind,
    id: row.id,
    body: JSON.parse(row.body) as T,
    publishedDate: isoOf(row.published_date),
    cartridgeId: row.cartridge_id,
  };
}

export function toDeployment(row: DeploymentRow): Deployment {
  return {
    tenant: row.tenant,
    id: row.id,
    state: row.state as DeploymentState,
    startTime: isoOf(row.start_time),
    endTime: row.end_time === null ? null : isoOf(row.end_time),
    correlationId: row.correlation_id,
    artifactResponseCode: row.artifact_response_code,
    artifactResponse: JSON.parse(row.artifact_response) as ArtifactResponse[],
    hasArchive: row.has_archive === true || row.has_archive === 1,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until === null ? null : isoOf(row.locked_until),
    attempts: row.attempts,
  };
}

/** `SELECT state, COUNT(*)` rows as a count per deployment state, every state present. */
export function countsByState(rows: readonly { readonly state: DeploymentState; readonly n: number | string }[]): Record<DeploymentState, number> {
  const counts: Record<DeploymentState, number> = { submitted: 0, processing: 0, completed: 0, failed: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}
