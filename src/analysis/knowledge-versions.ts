// Per-tenant knowledge version numbers, bumped by the store's change notifications (LISTEN/NOTIFY
// between PostgreSQL replicas). Analysis tasks carry the version they were submitted under; a worker
// holding an older snapshot reloads. A change of the system tenant, or ANY_TENANT after a lost
// notification connection, bumps the epoch and so invalidates every tenant.
import { SYSTEM_TENANT } from '../artifacts/reserved.js';
import { ANY_TENANT, type Store } from '../store/store.js';

export class KnowledgeVersions {
  #epoch = 0;
  readonly #tenants = new Map<string, number>();

  version(tenant: string): string {
    return `${this.#epoch}.${this.#tenants.get(tenant) ?? 0}`;
  }

  changed(tenant: string): void {
    if (tenant === ANY_TENANT || tenant === SYSTEM_TENANT) this.#epoch += 1;
    else this.#tenants.set(tenant, (this.#tenants.get(tenant) ?? 0) + 1);
  }

  /** Follows the store's change notifications; returns the unsubscribe function. */
  follow(store: Store): Promise<() => Promise<void>> {
    return store.onKnowledgeChange((tenant) => this.changed(tenant));
  }
}
