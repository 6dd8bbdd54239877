// Deletion of a tenant's data (DELETE /v1/user_data): every artifact and cartridge deployment of the
// tenant goes; replicas are told so that knowledge compiled from its cartridges is dropped. The system
// tenant's artifacts are never touched.
import { DomainError } from '../errors.js';
import type { Store } from '../store/store.js';
import { SYSTEM_TENANT } from './reserved.js';

/** Returns how many rows were removed. */
export async function deleteUserData(store: Store, tenant: string): Promise<number> {
  if (tenant === '' || tenant === SYSTEM_TENANT) throw new DomainError('TENANT_UNKNOWN', 'The tenant whose data is to be deleted could not be determined.');
  const removed = await store.deleteTenant(tenant);
  await store.publishKnowledgeChange(tenant);
  return removed;
}
