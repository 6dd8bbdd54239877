// What annotators may read besides the Document: the compiled knowledge base and the calling tenant's
// deployed artifacts (dictionaries, filters, attribute sets, rules). A snapshot is immutable: a
// cartridge redeploy produces a new snapshot, so one analysis sees old or new knowledge, never a mix.
import type { KnowledgeBase } from '../knowledge/kb.js';
import type { ArtifactKind } from '../store/store.js';

export interface ArtifactLookup {
  /** The body of a deployed artifact of this tenant (or of the service's own cartridge), by id. */
  get(kind: ArtifactKind, id: string): unknown | undefined;
}

export interface EngineResources {
  readonly kb: KnowledgeBase;
  readonly artifacts: ArtifactLookup;
}

export const NO_ARTIFACTS: ArtifactLookup = { get: () => undefined };
