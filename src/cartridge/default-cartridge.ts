// The service's own default cartridge (`clinical_annotator.clinical_insights_v1.0`: the standard clinical
// insights flow and profile, attribute sets, rules, filters). Its sources live in
// resources/cartridges/<id>/; at start the service builds the archive with the same function as
// `clinical-annotator cartridge build` and deploys it into the system tenant as a normal asynchronous
// deployment (status at GET /v1/cartridges/<id>), which this replica's job runner then applies.
//
// Idempotent: the submission's correlation id carries a hash of the archive bytes (the build is
// deterministic), so a restart with unchanged sources submits nothing, and changed sources redeploy
// (PUT semantics). Replicas starting together race harmlessly: the loser gets "exists"/"in progress".
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CARTRIDGE_ID } from '../artifacts/aliases.js';
import { SYSTEM_TENANT } from '../artifacts/reserved.js';
import { DomainError } from '../errors.js';
import type { Store } from '../store/store.js';
import { buildCartridge } from './build-cartridge.js';
import type { DeploymentService } from './deployment-service.js';

/** The source folder: resources/cartridges/<id> of the repository (from src/ under tsx, or dist/src/ when built). */
export function defaultCartridgeDir(): string {
  for (const up of ['../../', '../../../']) {
    const dir = fileURLToPath(new URL(`${up}resources/cartridges/${DEFAULT_CARTRIDGE_ID}`, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error(`default cartridge sources not found (resources/cartridges/${DEFAULT_CARTRIDGE_ID})`);
}

export interface DefaultCartridgeResult {
  readonly id: string;
  /** `submitted`: a deployment job was recorded; `unchanged`: this archive is already deployed or being deployed;
   *  `busy`: another deployment of the id is in progress (another replica won the race). */
  readonly action: 'submitted' | 'unchanged' | 'busy';
  /** First 16 hex digits of the archive's SHA-256. */
  readonly hash: string;
}

const CORRELATION_PREFIX = 'default-cartridge:';

/** Builds the default cartridge from its sources and submits it for deployment into the system tenant when needed. */
export async function deployDefaultCartridge(deployments: DeploymentService, store: Store, dir = defaultCartridgeDir()): Promise<DefaultCartridgeResult> {
  const built = await buildCartridge(dir);
  if (!built.ok || built.archive === undefined || built.cartridgeId === undefined) {
    throw new Error(`default cartridge sources in ${dir} do not build: ${built.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
  const id = built.cartridgeId;
  const hash = createHash('sha256').update(built.archive).digest('hex').slice(0, 16);
  const marker = `${CORRELATION_PREFIX}${hash}`;
  const existing = await store.getDeployment(SYSTEM_TENANT, id);
  if (existing !== undefined && existing.correlationId === marker && existing.state !== 'failed') return { id, action: 'unchanged', hash };
  if (existing !== undefined && (existing.state === 'submitted' || existing.state === 'processing')) return { id, action: 'busy', hash };
  try {
    await deployments.submit({ tenant: SYSTEM_TENANT, archive: built.archive, mode: existing === undefined ? 'create' : 'update', correlationId: marker, isOperator: true });
  } catch (error) {
    if (error instanceof DomainError && (error.kind === 'CARTRIDGE_EXISTS' || error.kind === 'CARTRIDGE_IN_PROGRESS')) return { id, action: 'busy', hash };
    throw error;
  }
  return { id, action: 'submitted', hash };
}
