// The profiles and flows analyses name, remembered per (tenant, kind, id) until the store announces a
// definition change of that tenant (or of the system tenant, or ANY_TENANT after a lost notification
// connection): a request naming a persisted flow then costs no store read. Resolving an id takes up to
// four reads (the tenant's own, the system tenant's, then the same for a compatibility alias's target),
// per flow and per profile: eight synchronous SQLite reads on the event loop, or eight round trips to
// PostgreSQL, for the flow ids ACD clients hard-code. The store announces a write to this process before
// the write resolves, so a client that replaces a flow and then analyses with it sees the new one.
import { SYSTEM_TENANT } from '../artifacts/reserved.js';
import { ANY_TENANT, type Store } from '../store/store.js';

export type DefinitionKind = 'profile' | 'flow';

/** Reads a definition body (undefined when there is none), with the tenant → system → alias fallbacks. */
export type DefinitionLoader = (tenant: string, kind: DefinitionKind, id: string) => Promise<unknown>;

interface Entry {
  /** The generations the value was read under (system epoch and tenant). */
  readonly stamp: string;
  readonly value: Promise<unknown>;
}

/** Bound on remembered entries; past it the cache starts over (ids come from a few flows in practice). */
const DEFAULT_MAX_ENTRIES = 10_000;

export class DefinitionCache {
  readonly #load: DefinitionLoader;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Entry>();
  readonly #tenants = new Map<string, number>();
  #epoch = 0;

  constructor(load: DefinitionLoader, maxEntries = DEFAULT_MAX_ENTRIES) {
    this.#load = load;
    this.#maxEntries = maxEntries;
  }

  /** The definition body (frozen: shared by every request that reads it), or undefined when there is none. */
  read(tenant: string, kind: DefinitionKind, id: string): Promise<unknown> {
    const key = `${tenant}\u0000${kind}\u0000${id}`;
    const stamp = `${this.#epoch}.${this.#tenants.get(tenant) ?? 0}`;
    const cached = this.#entries.get(key);
    if (cached !== undefined && cached.stamp === stamp) return cached.value;
    const value = this.#load(tenant, kind, id).then(deepFreeze);
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { stamp, value });
    // A failed read is not remembered: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  /** Forgets what a tenant's analyses read (every tenant's, for the system tenant or ANY_TENANT). */
  changed(tenant: string): void {
    if (tenant === ANY_TENANT || tenant === SYSTEM_TENANT) {
      this.#epoch += 1;
      this.#entries.clear();
    } else {
      this.#tenants.set(tenant, (this.#tenants.get(tenant) ?? 0) + 1);
    }
  }

  /** Follows the store's definition-change announcements; returns the unsubscribe function. */
  follow(store: Store): Promise<() => Promise<void>> {
    return store.onDefinitionChange((tenant) => this.changed(tenant));
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
