// The typed model of a parsed ACD cartridge archive (see docs/cartridges.md for the layout).
// Pure data: produced by parse-cartridge.ts, checked by validate-cartridge.ts, and turned into
// store writes (NewArtifact) and planned artifactResponse entries for the deployment job.

import { ARTIFACT_KINDS, type ArtifactKind, type ArtifactResponse, type NewArtifact } from '../store/store.js';
import type { CartridgeIssue } from './cartridge-issue.js';

/** Every artifact `type` that appears in ACD cartridges: the deployed ones (store kinds), then models and documents. */
export const CARTRIDGE_ARTIFACT_TYPES = [...ARTIFACT_KINDS, 'model', 'document'] as const;
export type CartridgeArtifactType = (typeof CARTRIDGE_ARTIFACT_TYPES)[number];

/** The top-level `metadata` file. Authoring fields the service ignores are not modelled. */
export interface CartridgeManifest {
  readonly id: string;
  readonly name: string;
  readonly namespace: string;
  readonly version: string;
  readonly description: string;
  /** Profile artifact id (resolved to an artifact of this archive when possible). */
  readonly profile?: string;
  /** Preferred (default) flow id, resolved to the flow artifact id when the raw value is an originalId. */
  readonly preferredFlowId?: string;
  /** The value exactly as written in the manifest. */
  readonly rawPreferredFlowId?: string;
  readonly artifacts: readonly string[];
  readonly disabledArtifacts: readonly string[];
  readonly publishDate?: string;
}

export interface AttachmentRef {
  readonly id: string;
  readonly name: string;
  /** Folder under attachments/ (informational: attachments are identified by their metadata). */
  readonly folder: string;
  /** Archive path of the payload, when present. */
  readonly payloadPath?: string;
}

/** Dictionary concept in the stored (normalised) form that concept_detection compiles into its matcher. */
export interface DictionaryConcept {
  readonly id: string;
  readonly cui?: string;
  readonly preferredName: string;
  /** ACD keeps attributes as a list of maps (semanticType, type, icd10Code, snomedConceptId, rxNormId, ...). */
  readonly attributes: readonly Readonly<Record<string, string>>[];
  /** Surface texts; with defaultTransforms.detectPreferredName the preferredName is matched as well. */
  readonly surfaceForms: readonly string[];
  /** Regular-expression sources (Java syntax in ACD exports, e.g. inline `(?i)`). */
  readonly regexes: readonly string[];
}

/** Stored body of a `dictionary` artifact. */
export interface DictionaryBody {
  readonly id: string;
  readonly name: string;
  /** `umls`, `drug_whitelist`, `procedure_whitelist`, `symptom_disease_whitelist`, `lab_type_whitelist`, `section_whitelist`. */
  readonly layout: string;
  readonly defaultTransforms: Readonly<Record<string, boolean>>;
  readonly concepts: readonly DictionaryConcept[];
}

/** One filter: a keep-predicate over the annotations under `target`. */
export interface FilterDefinition {
  readonly name?: string;
  /** `unstructured.data.<key>` */
  readonly target: string;
  readonly condition: unknown;
  readonly serviceFiltered?: boolean;
}

/** Stored body of a `filter` artifact (normalised: one or many filters, always as a list). */
export interface FilterBody {
  readonly id: string;
  readonly name: string;
  readonly filterType?: string;
  readonly filters: readonly FilterDefinition[];
}

interface ArtifactBase {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  /** Archive folder: artifacts/<folder>/ */
  readonly folder: string;
  readonly attachments: readonly AttachmentRef[];
}

/** An artifact that will be written to the store. */
export interface DeployableArtifact extends ArtifactBase {
  readonly disposition: 'deploy';
  readonly type: ArtifactKind;
  readonly body: Record<string, unknown>;
}

/** An artifact that is recognised but not written (predefined, model, document, unknown type, disabled, broken). */
export interface SkippedArtifact extends ArtifactBase {
  readonly disposition: 'skip' | 'error';
  /** The metadata `type` as written (may be an unknown type). */
  readonly type: string;
  readonly reason: string;
}

export type CartridgeArtifact = DeployableArtifact | SkippedArtifact;

export interface ParsedCartridge {
  readonly manifest?: CartridgeManifest;
  /** In archive order of the manifest, then unlisted folders. */
  readonly artifacts: readonly CartridgeArtifact[];
  /** Artifact id → artifact. */
  readonly artifactIndex: ReadonlyMap<string, CartridgeArtifact>;
  /** Attachment id → owning artifact id (profiles and libraries reference some artifacts by attachment id). */
  readonly attachmentIndex: ReadonlyMap<string, string>;
  readonly issues: readonly CartridgeIssue[];
}

export type PlannedArtifactResponse = ArtifactResponse;

/** What a deployment must write for a tenant, in order (the preferred flow last). */
export type PlannedArtifact = Omit<NewArtifact<Record<string, unknown>>, 'tenant'>;
