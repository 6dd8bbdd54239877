// Shared pieces of the store contract suite (see ../store.contract.ts).
import { randomUUID } from 'node:crypto';
import type { Store } from '../store.js';

export interface StoreUnderTest {
  readonly store: Store;
  /** Closes the store (and any replica it opened) and removes its database, file or schema. */
  readonly cleanup: () => Promise<void>;
  /** Opens a second, migrated store on the same database: another replica. */
  readonly openReplica: () => Promise<Store>;
}

export type MakeStore = () => Promise<StoreUnderTest>;

export interface ContractOptions {
  /** Skip the whole suite, with this reason. */
  readonly skip?: string;
  /** Whether a knowledge change published by one store reaches listeners of another (true for PostgreSQL). */
  readonly crossReplicaNotifications: boolean;
}

export const ISO_MILLIS_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Each test works in tenants of its own, as if other tests were running beside it. */
export function uniqueTenant(label = 't'): string {
  return `${label}-${randomUUID()}`;
}

/** Opens a fresh store for one test and always cleans it up. */
export async function withStore(make: MakeStore, work: (s: StoreUnderTest) => Promise<void>): Promise<void> {
  const s = await make();
  try {
    await work(s);
  } finally {
    await s.cleanup();
  }
}

/** Polls until `check` holds; fails (not a timing assertion: a guard against hanging) after `limitMs`. */
export async function waitFor(check: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
