// The deployed knowledge a tenant's analyses read: every non-profile/flow artifact of the system
// tenant (the service's own and operator-deployed cartridges) overlaid by the tenant's own. A
// snapshot is immutable; a cartridge redeploy produces a new snapshot, so an analysis running at that
// moment sees either the old or the new knowledge, never a mix.
import { SYSTEM_TENANT } from '../artifacts/reserved.js';
import type { ArtifactLookup } from '../engine/resources.js';
import type { ArtifactKind, Store } from '../store/store.js';

/** Artifact kinds annotators read at analysis time (profiles and flows are resolved before). */
export const KNOWLEDGE_KINDS: readonly ArtifactKind[] = [
  'attribute_set', 'inference_rules', 'concept_inference_rules', 'concept_filter', 'filter', 'dictionary', 'library',
];

export class ArtifactSnapshot implements ArtifactLookup {
  readonly #byKind: ReadonlyMap<ArtifactKind, ReadonlyMap<string, unknown>>;

  constructor(byKind: ReadonlyMap<ArtifactKind, ReadonlyMap<string, unknown>>) {
    this.#byKind = byKind;
  }

  get(kind: ArtifactKind, id: string): unknown | undefined {
    return this.#byKind.get(kind)?.get(id);
  }

  /** The same snapshot with each body of `kind` replaced by what `replace` makes of it. */
  replacing(kind: ArtifactKind, replace: (body: unknown) => unknown): ArtifactSnapshot {
    const byKind = new Map(this.#byKind);
    const bodies = this.#byKind.get(kind);
    if (bodies !== undefined) byKind.set(kind, new Map([...bodies].map(([id, body]) => [id, replace(body)])));
    return new ArtifactSnapshot(byKind);
  }

  /** Every artifact body of `kind`. */
  bodies(kind: ArtifactKind): Iterable<unknown> {
    return this.#byKind.get(kind)?.values() ?? [];
  }

  get size(): number {
    let n = 0;
    for (const m of this.#byKind.values()) n += m.size;
    return n;
  }
}

export async function loadArtifactSnapshot(store: Store, tenant: string): Promise<ArtifactSnapshot> {
  const tenants = tenant === SYSTEM_TENANT ? [SYSTEM_TENANT] : [SYSTEM_TENANT, tenant];
  const byKind = new Map<ArtifactKind, Map<string, unknown>>();
  await Promise.all(KNOWLEDGE_KINDS.map(async (kind) => {
    const map = new Map<string, unknown>();
    // System first, then the tenant's own, so the tenant's artifacts take precedence.
    for (const t of tenants) for (const a of await store.listArtifacts(t, kind)) map.set(a.id, a.body);
    byKind.set(kind, map);
  }));
  return new ArtifactSnapshot(byKind);
}
