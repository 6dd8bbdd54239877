// Gives an analysis the EngineResources of its tenant at a knowledge version: the shared knowledge
// base plus the tenant's artifact snapshot. One EngineResources object per (tenant, version), so
// annotators' compiled state (cached by resources identity in the pipeline) is built once per snapshot.
import type { EngineResources } from '../engine/resources.js';
import { NO_ARTIFACTS } from '../engine/resources.js';
import type { KnowledgeBase } from '../knowledge/kb.js';
import type { Store } from '../store/store.js';
import { loadArtifactSnapshot, type ArtifactSnapshot } from './tenant-artifacts.js';

export interface ResourceProviderOptions {
  /** Applied to each tenant snapshot as it loads (an analysis worker shares its dictionaries: shared-dictionaries.ts). */
  readonly prepareSnapshot?: (snapshot: ArtifactSnapshot) => Promise<ArtifactSnapshot>;
}

interface Cached {
  readonly version: string;
  readonly resources: Promise<EngineResources>;
}

export class ResourceProvider {
  readonly #kb: KnowledgeBase;
  readonly #store: Store | undefined;
  readonly #byTenant = new Map<string, Cached>();
  readonly #prepareSnapshot: ResourceProviderOptions['prepareSnapshot'];

  /** Without a store (CLI), analyses see the knowledge base only. */
  constructor(kb: KnowledgeBase, store?: Store, options: ResourceProviderOptions = {}) {
    this.#kb = kb;
    this.#store = store;
    this.#prepareSnapshot = options.prepareSnapshot;
  }

  get kb(): KnowledgeBase {
    return this.#kb;
  }

  resourcesFor(tenant: string, version: string): Promise<EngineResources> {
    const cached = this.#byTenant.get(tenant);
    if (cached !== undefined && cached.version === version) return cached.resources;
    const resources = this.#load(tenant);
    this.#byTenant.set(tenant, { version, resources });
    // A failed load must not stay cached: the next request retries.
    resources.catch(() => {
      if (this.#byTenant.get(tenant)?.resources === resources) this.#byTenant.delete(tenant);
    });
    return resources;
  }

  async #load(tenant: string): Promise<EngineResources> {
    if (this.#store === undefined) return { kb: this.#kb, artifacts: NO_ARTIFACTS };
    const snapshot = await loadArtifactSnapshot(this.#store, tenant);
    return { kb: this.#kb, artifacts: this.#prepareSnapshot === undefined ? snapshot : await this.#prepareSnapshot(snapshot) };
  }
}
