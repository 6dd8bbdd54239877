// The one contract every Store implementation passes (run by sqlite/sqlite-store.test.ts and
// postgres/postgres-store.test.ts against real databases). Each test opens a fresh store and
// works in tenants of its own.
import { describe } from 'node:test';
import { artifactContract } from './contract/artifacts.js';
import { deploymentContract } from './contract/deployments.js';
import type { ContractOptions, MakeStore } from './contract/harness.js';

export type { ContractOptions, MakeStore, StoreUnderTest } from './contract/harness.js';

export function runStoreContract(name: string, makeStore: MakeStore, options: ContractOptions): void {
  describe(`Store contract: ${name}`, { skip: options.skip ?? false }, () => {
    artifactContract(makeStore);
    deploymentContract(makeStore, options);
  });
}
