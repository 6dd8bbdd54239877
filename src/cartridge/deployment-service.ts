// Cartridge deployments, framework-free (the HTTP routes and the CLI call these). Implements the
// specification's deployment state table on top of the Store's durable jobs:
//   POST (create): new id → 202 `submitted`; existing → 409 CARTRIDGE_EXISTS
//   PUT (update):  unknown → 404 CARTRIDGE_NOT_FOUND; submitted/processing → 409 CARTRIDGE_IN_PROGRESS;
//                  finished → 202 `submitted`
// The archive is read and checked before anything is stored: an unreadable or unsafe archive, or
// one without a valid manifest, answers 400 CARTRIDGE_NOT_ACCESSIBLE (issues in the description).
// Invalid artifacts inside a readable archive do not stop the submission: the job then fails with
// artifactResponseCode 400 and one response per artifact saying why.
//
// Reserved namespaces (`acd.`, `wh_acd.`, `clinical_annotator.`): only operators may deploy them,
// and they deploy them into the system tenant (`__system__`), whose artifacts and deployment
// statuses every tenant reads (read-only). Everybody else gets 403 RESERVED_PREFIX.
//
// Archives are read and validated on a thread of their own (validation-thread.ts); if it fails (crash,
// heap limit, time budget), the request answers 500 with the service error body and nothing is recorded.
import { readWithAlias } from '../artifacts/aliases.js';
import type { Caller } from '../artifacts/persisted-artifacts.js';
import { RESERVED_PREFIXES, SYSTEM_TENANT, isReservedId } from '../artifacts/reserved.js';
import { DomainError } from '../errors.js';
import type { ArtifactResponse, Deployment, Store } from '../store/store.js';
import type { ArchiveLimits } from './archive-reader.js';
import type { CartridgeIssue } from './cartridge-issue.js';
import type { CartridgeManifest } from './cartridge-model.js';
import { applyValidatedCartridge, archiveProblems, describeCartridgeIssues, existingIds } from './deployment-apply.js';
import type { DeploymentPlan } from './deployment-plan.js';
import { statusLocationOf, toCartridgeStatus, toStatusDetail, toSubmittedStatus, type CartridgeStatus, type CartridgeStatusDetail, type SubmittedCartridgeStatus } from './deployment-status.js';
import { inspectArchiveOffThread, planDeploymentOffThread, type ValidationThreadOptions } from './validation-thread.js';

export interface SubmitDeploymentInput {
  /** The caller's tenant. */
  readonly tenant: string;
  readonly archive: Buffer;
  /** `create` = POST, `update` = PUT. */
  readonly mode: 'create' | 'update';
  readonly correlationId: string;
  readonly isOperator: boolean;
}

export interface SyncDeployInput {
  readonly tenant: string;
  readonly archive: Buffer;
  /** `update=true`: replace artifacts that exist; otherwise existing artifacts answer 409. */
  readonly update: boolean;
  readonly isOperator: boolean;
}

/** Body of the deprecated POST /v1/deploy; `code` is also the HTTP status (201 created, 200 updated). */
export interface SyncDeployResult {
  readonly code: 200 | 201;
  readonly artifactResponse: ArtifactResponse[];
}

export interface DeploymentService {
  /** Validates, then records a job (202 status object); throws DomainError for every other row of the state table. */
  submit(input: SubmitDeploymentInput): Promise<SubmittedCartridgeStatus>;
  /** The caller's deployment, else the system tenant's; 404 CARTRIDGE_ID_NOT_FOUND. */
  get(caller: Caller, id: string): Promise<CartridgeStatusDetail>;
  /** The caller's deployments plus the system tenant's (the caller's win on equal ids), sorted by id. */
  list(caller: Caller): Promise<{ cartridges: CartridgeStatus[] }>;
  /** Deprecated synchronous deployment: applies the cartridge before answering. */
  deploySync(input: SyncDeployInput): Promise<SyncDeployResult>;
}

export interface DeploymentServiceOptions {
  readonly store: Store;
  readonly limits?: Partial<ArchiveLimits>;
  /** The validation thread's time budget and heap limit. */
  readonly validation?: ValidationThreadOptions;
  /** Called after a job was recorded (wakes the local runner so it does not wait for its next poll). */
  readonly onSubmitted?: () => void;
  /** Called after the synchronous deployment changed a tenant's knowledge (publish it). */
  readonly onKnowledgeChanged?: (tenant: string) => Promise<void>;
}

export function createDeploymentService(options: DeploymentServiceOptions): DeploymentService {
  const { store, limits = {}, validation: thread = {} } = options;
  const publish = options.onKnowledgeChanged ?? ((tenant: string) => store.publishKnowledgeChange(tenant));

  /** Throws 400 (or 413) for archive-level problems and 403 for reserved ids; returns the cartridge id and target tenant. */
  function admit(problems: readonly CartridgeIssue[], manifest: CartridgeManifest | undefined, artifactIds: readonly string[], tenant: string, isOperator: boolean): { id: string; target: string } {
    if (problems.some((p) => p.code === 'ARCHIVE_TOO_LARGE')) throw new DomainError('PAYLOAD_TOO_LARGE', `The cartridge archive is too large: ${describeCartridgeIssues(problems)}`);
    if (problems.length > 0 || manifest === undefined) {
      throw new DomainError('CARTRIDGE_NOT_ACCESSIBLE', `Cartridge is not accessible: ${describeCartridgeIssues(problems)}`);
    }
    const id = manifest.id;
    const reserved = [id, ...artifactIds].filter(isReservedId);
    if (reserved.length > 0 && !isOperator) {
      throw new DomainError('RESERVED_PREFIX', `Cannot deploy cartridge "${id}": ${reserved.length === 1 ? 'the id' : 'ids'} ${reserved.slice(0, 5).map((r) => `"${r}"`).join(', ')} start${reserved.length === 1 ? 's' : ''} with a reserved prefix (${RESERVED_PREFIXES.join(', ')}); only operators deploy these.`);
    }
    return { id, target: isReservedId(id) ? SYSTEM_TENANT : tenant };
  }

  /** Full validation (the synchronous deployment applies it at once). */
  async function checkArchive(archive: Buffer, tenant: string, isOperator: boolean): Promise<{ validation: DeploymentPlan; id: string; target: string }> {
    const validation = await planDeploymentOffThread(archive, limits, thread);
    const { id, target } = admit(archiveProblems(validation), validation.manifest, validation.artifacts.map((a) => a.id), tenant, isOperator);
    return { validation, id, target };
  }

  async function findDeployment(caller: Caller, id: string): Promise<Deployment | undefined> {
    return (await store.getDeployment(caller.tenant, id)) ?? (caller.tenant === SYSTEM_TENANT ? undefined : await store.getDeployment(SYSTEM_TENANT, id));
  }

  return {
    async submit(input) {
      const inspection = await inspectArchiveOffThread(input.archive, limits, thread);
      const { id, target } = admit(inspection.problems, inspection.manifest, inspection.artifactIds, input.tenant, input.isOperator);
      const result = await store.submitDeployment({ tenant: target, id, correlationId: input.correlationId, archive: input.archive, mode: input.mode });
      if (!result.ok) {
        switch (result.reason) {
          case 'exists':
            throw new DomainError('CARTRIDGE_EXISTS', `A deployment of cartridge "${id}" already exists; use PUT /v1/cartridges to redeploy it.`);
          case 'not_found':
            throw new DomainError('CARTRIDGE_NOT_FOUND', `Cartridge "${id}" has no deployment; use POST /v1/cartridges to create it.`);
          case 'in_progress':
            throw new DomainError('CARTRIDGE_IN_PROGRESS', `Cartridge "${id}" is being deployed; wait until GET /v1/cartridges/${id} reports a finished status.`);
        }
      }
      options.onSubmitted?.();
      return toSubmittedStatus(result.deployment);
    },

    async get(caller, id) {
      // Compatibility aliases (src/artifacts/aliases.ts): the status of the default cartridge, under the requested id.
      const found = await readWithAlias('cartridge', id, (i) => findDeployment(caller, i));
      if (found === undefined) throw new DomainError('CARTRIDGE_ID_NOT_FOUND', `Cartridge id not found: no deployment of "${id}" in this tenant.`);
      return found.aliased ? { ...toStatusDetail(found.value), id, statusLocation: statusLocationOf(id) } : toStatusDetail(found.value);
    },

    async list(caller) {
      const [system, own] = await Promise.all([
        caller.tenant === SYSTEM_TENANT ? Promise.resolve([]) : store.listDeployments(SYSTEM_TENANT),
        store.listDeployments(caller.tenant),
      ]);
      const merged = new Map<string, Deployment>();
      for (const d of [...system, ...own]) merged.set(d.id, d);
      const ids = [...merged.keys()].sort();
      return { cartridges: ids.map((id) => toCartridgeStatus(merged.get(id)!)) };
    },

    async deploySync(input) {
      const { validation, id, target } = await checkArchive(input.archive, input.tenant, input.isOperator);
      const job = await store.getDeployment(target, id);
      if (job !== undefined && (job.state === 'submitted' || job.state === 'processing')) {
        throw new DomainError('CARTRIDGE_IN_PROGRESS', `Cartridge "${id}" is being deployed; wait until GET /v1/cartridges/${id} reports a finished status.`);
      }
      if (!validation.ok) {
        const invalid = validation.responses.filter((r) => r.level === 'ERROR').map((r) => r.description ?? r.artifact);
        throw new DomainError('CARTRIDGE_NOT_ACCESSIBLE', `Cartridge "${id}" has invalid artifacts; nothing was deployed: ${invalid.slice(0, 20).join('; ')}`);
      }
      if (!input.update) {
        const existing = job !== undefined ? [id] : [...(await existingIds(store, target, validation))];
        if (existing.length > 0) {
          throw new DomainError('CARTRIDGE_EXISTS', `Cartridge "${id}" is already deployed (${existing.slice(0, 5).join(', ')}); send update=true to replace it.`);
        }
      }
      const outcome = await applyValidatedCartridge(store, target, validation);
      if (outcome.applied) await publish(target);
      return { code: outcome.updated > 0 ? 200 : 201, artifactResponse: [...outcome.responses] };
    },
  };
}
