// The one Store interface. Two implementations: SQLite (embedded default, src/store/sqlite/)
// and PostgreSQL (src/store/postgres/). Both pass the same contract suite (store.contract.ts).
// The store knows nothing of HTTP; it translates driver errors at its edge into result values
// (a unique violation becomes { ok: false, reason: 'conflict' }) or DomainError STORE_UNAVAILABLE.

/** Every kind of persisted artifact. Profiles and flows are served by their own endpoints; the rest
 * arrive through cartridges and are read by annotators. */
export const ARTIFACT_KINDS = [
  'profile',
  'flow',
  'attribute_set',
  'inference_rules',
  'concept_inference_rules',
  'concept_filter',
  'filter',
  'dictionary',
  'library',
] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

export interface StoredArtifact<T = unknown> {
  readonly tenant: string;
  readonly kind: ArtifactKind;
  readonly id: string;
  /** The artifact's JSON definition, exactly as it will be served (profiles and flows include their own fields). */
  readonly body: T;
  /** ISO 8601 UTC with milliseconds, e.g. 2024-05-01T10:00:00.000Z. */
  readonly publishedDate: string;
  /** The cartridge that deployed it; null for artifacts written through the profile/flow endpoints. */
  readonly cartridgeId: string | null;
}

export interface NewArtifact<T = unknown> {
  readonly tenant: string;
  readonly kind: ArtifactKind;
  readonly id: string;
  readonly body: T;
  readonly cartridgeId?: string | null;
}

/**
 * A NewArtifact whose body is already JSON text: the cartridge validation thread encodes large bodies
 * (a dictionary of 100,000 concepts is ~20 MB of JSON) so that the event loop neither encodes them
 * nor receives them as object graphs. The text must be valid JSON (the database checks it).
 */
export interface EncodedArtifact {
  readonly tenant: string;
  readonly kind: ArtifactKind;
  readonly id: string;
  /**
   * The JSON text, or its UTF-8 bytes. Bytes that own their whole ArrayBuffer may be moved (transferred,
   * not copied) to the SQLite store's writer thread: the caller's view is then empty.
   */
  readonly bodyJson: string | Uint8Array;
  readonly cartridgeId?: string | null;
}

export type CreateResult<T> = { readonly ok: true; readonly artifact: StoredArtifact<T> } | { readonly ok: false; readonly reason: 'conflict' };

/** Status of one cartridge deployment (the wire fields of AcdCartridges live in `status`). */
export type DeploymentState = 'submitted' | 'processing' | 'completed' | 'failed';

export interface ArtifactResponse {
  readonly code: number;
  readonly message: string;
  readonly level: 'INFO' | 'WARNING' | 'ERROR';
  readonly description?: string;
  readonly artifact: string;
}

export interface Deployment {
  readonly tenant: string;
  readonly id: string;
  readonly state: DeploymentState;
  readonly startTime: string;
  readonly endTime: string | null;
  readonly correlationId: string;
  readonly artifactResponseCode: number;
  readonly artifactResponse: readonly ArtifactResponse[];
  /** The archive bytes are kept until the job has run, so a restart can resume it. */
  readonly hasArchive: boolean;
  /** Which replica holds the job, and until when (lease); null when nobody does. */
  readonly lockedBy: string | null;
  readonly lockedUntil: string | null;
  readonly attempts: number;
}

export type SubmitDeploymentResult =
  | { readonly ok: true; readonly deployment: Deployment }
  | { readonly ok: false; readonly reason: 'exists' | 'not_found' | 'in_progress' };

/** Passed to knowledge-change listeners when changes of any tenant may have been missed. */
export const ANY_TENANT = '*';

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';

  /** Applies pending versioned migrations (idempotent; safe when several replicas start at once). */
  migrate(): Promise<void>;
  /** Throws DomainError STORE_UNAVAILABLE when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;

  listArtifacts(tenant: string, kind: ArtifactKind): Promise<StoredArtifact[]>;
  getArtifact(tenant: string, kind: ArtifactKind, id: string): Promise<StoredArtifact | undefined>;
  /** Whether the tenant has this artifact, without reading (and decoding) its body. */
  hasArtifact(tenant: string, kind: ArtifactKind, id: string): Promise<boolean>;
  /** Exactly one of several concurrent creates of the same (tenant, kind, id) succeeds. */
  createArtifact<T>(artifact: NewArtifact<T>): Promise<CreateResult<T>>;
  /** Full replacement; undefined when absent (nothing is created). */
  replaceArtifact<T>(artifact: NewArtifact<T>): Promise<StoredArtifact<T> | undefined>;
  /** Returns the removed artifact, or undefined when absent. */
  deleteArtifact(tenant: string, kind: ArtifactKind, id: string): Promise<StoredArtifact | undefined>;
  /** Removes every artifact and deployment of the tenant; returns how many rows went. */
  deleteTenant(tenant: string): Promise<number>;

  /**
   * Replaces, in one transaction, every artifact a cartridge owns for a tenant: artifacts of this
   * cartridge not in `artifacts` are removed, the others are upserted. Readers see all or nothing.
   * With `job`, the write is fenced: it happens only while that deployment of the tenant is still
   * processing under `job.owner` (checked in the same transaction); false, and nothing written, when the
   * job was lost meanwhile (its tenant's data was deleted, or its lease expired and another replica took it).
   * Bodies come as values (NewArtifact) or as JSON text (EncodedArtifact, written as is).
   */
  applyCartridge(tenant: string, cartridgeId: string, artifacts: readonly (NewArtifact | EncodedArtifact)[], job?: { readonly id: string; readonly owner: string }): Promise<boolean>;

  // Cartridge deployments: durable jobs whose state lives here (the specification's state table).
  /** POST semantics (`mode: 'create'`) or PUT semantics (`mode: 'update'`), checked and written atomically. */
  submitDeployment(input: { tenant: string; id: string; correlationId: string; archive: Uint8Array; mode: 'create' | 'update' }): Promise<SubmitDeploymentResult>;
  getDeployment(tenant: string, id: string): Promise<Deployment | undefined>;
  listDeployments(tenant: string): Promise<Deployment[]>;
  /** Deployments of every tenant by state (GET /metrics); states without any are 0. */
  countDeploymentsByState(): Promise<Record<DeploymentState, number>>;
  /** Claims the oldest runnable job (submitted, or processing with an expired lease) for `owner`; exactly one claimant wins. */
  claimDeployment(owner: string, leaseMs: number): Promise<(Deployment & { readonly archive: Uint8Array }) | undefined>;
  /**
   * Extends the lease of a job `owner` still holds (call it well before `lockedUntil` for long jobs).
   * False when the owner lost the job (its lease expired and another replica claimed it).
   */
  renewDeploymentLease(input: { tenant: string; id: string; owner: string; leaseMs: number }): Promise<boolean>;
  /**
   * Ends a job: writes the final state and responses, sets endTime, drops the archive, releases the lease.
   * Only the current lease holder can finish: returns false (and writes nothing) when `owner` lost the job.
   */
  finishDeployment(input: { tenant: string; id: string; owner: string; state: 'completed' | 'failed'; artifactResponseCode: number; artifactResponse: readonly ArtifactResponse[] }): Promise<boolean>;

  /** Tells every replica that a tenant's knowledge changed (PostgreSQL: NOTIFY; SQLite: in-process). */
  publishKnowledgeChange(tenant: string): Promise<void>;
  /**
   * Subscribes to knowledge changes made by any replica; returns an unsubscribe function. Listeners are
   * called asynchronously. After the PostgreSQL listening connection was lost and restored (changes may
   * have been missed), listeners are called once with ANY_TENANT: reload everything.
   */
  onKnowledgeChange(listener: (tenant: string) => void): Promise<() => Promise<void>>;
  /**
   * Subscribes to changes of the profiles and flows a tenant's analyses read (its own or, for the system
   * tenant, everyone's): every write that may touch one (create/replace/delete of a profile or flow, a
   * cartridge applied, a tenant deleted) announces it, to this process before the write resolves and to
   * other replicas through the database. ANY_TENANT as for onKnowledgeChange.
   */
  onDefinitionChange(listener: (tenant: string) => void): Promise<() => Promise<void>>;
}

/** Artifact kinds whose writes onDefinitionChange announces. */
export const DEFINITION_KINDS: ReadonlySet<ArtifactKind> = new Set<ArtifactKind>(['profile', 'flow']);
