// Applies a validated cartridge to one tenant: all or nothing. Used by the asynchronous job runner
// (deployment-runner.ts) and by the deprecated synchronous POST /v1/deploy (deployment-service.ts).
// Every artifact of the cartridge is written by Store.applyCartridge in ONE transaction, so a
// process killed mid-deployment leaves either the previous artifacts or the new ones, never a mix.
// The archive is validated on a thread of its own (validation-thread.ts); only the write runs on the
// event loop (with SQLite a synchronous one: ~0.2 s for a 100,000-term dictionary, see docs/cartridges.md).
import type { ArtifactResponse, Store } from '../store/store.js';
import type { ArchiveLimits } from './archive-reader.js';
import { formatIssue, type CartridgeIssue } from './cartridge-issue.js';
import { toEncodedArtifacts, type DeploymentPlan } from './deployment-plan.js';
import { planDeploymentOffThread, type ValidationThreadOptions } from './validation-thread.js';

/** How a deployment ended. `applied` is true when the store was written (knowledge changed). */
export interface DeploymentOutcome {
  readonly state: 'completed' | 'failed';
  /** artifactResponseCode: 200 completed; 400 invalid cartridge; 500 internal failure. */
  readonly code: number;
  readonly responses: readonly ArtifactResponse[];
  readonly applied: boolean;
  /** Of the written artifacts, how many replaced an existing one (the others were created). */
  readonly updated: number;
}

const MAX_LISTED_ISSUES = 20;

/** ERROR issues that concern the archive as a whole (unreadable, unsafe, no or bad manifest). */
export function archiveProblems(validation: Pick<DeploymentPlan, 'manifest' | 'issues'>): CartridgeIssue[] {
  const problems = validation.issues.filter((i) => i.level === 'ERROR' && i.artifact === undefined);
  if (validation.manifest === undefined && problems.length === 0) {
    return validation.issues.filter((i) => i.level === 'ERROR');
  }
  return problems;
}

/** One line listing issues (at most MAX_LISTED_ISSUES, then a count of the rest). */
export function describeCartridgeIssues(issues: readonly CartridgeIssue[]): string {
  const shown = issues.slice(0, MAX_LISTED_ISSUES).map(formatIssue);
  const more = issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}

/** A deployment job's lease, which fences its write (Store.applyCartridge). */
export interface JobLease {
  readonly id: string;
  readonly owner: string;
}

/**
 * Reads and checks the archive on the validation thread, then applies it for the job that holds `lease`
 * (see applyValidatedCartridge). The archive's memory is moved to the thread: the caller's view is empty afterwards.
 * Rejects with ValidationThreadError when the thread fails.
 */
export async function deployCartridgeArchive(store: Store, tenant: string, archive: Uint8Array, limits: Partial<ArchiveLimits>, lease?: JobLease, thread: ValidationThreadOptions = {}): Promise<DeploymentOutcome> {
  return applyValidatedCartridge(store, tenant, await planDeploymentOffThread(archive, limits, { ...thread, detach: true }), lease);
}

/**
 * Writes a validated cartridge for `tenant`. A cartridge with archive-level problems, or with any
 * invalid artifact, writes nothing and fails with code 400 (each artifact's response says why).
 * Responses of written artifacts are 201 "Created", or 200 "OK" when the artifact already existed.
 */
export async function applyValidatedCartridge(store: Store, tenant: string, validation: DeploymentPlan, lease?: JobLease): Promise<DeploymentOutcome> {
  const problems = archiveProblems(validation);
  const manifest = validation.manifest;
  if (manifest === undefined || problems.length > 0) {
    const description = `Cartridge is not accessible: ${describeCartridgeIssues(problems)}`;
    return { state: 'failed', code: 400, applied: false, updated: 0, responses: [{ code: 400, message: 'Bad Request', level: 'ERROR', description, artifact: manifest?.id ?? '' }] };
  }
  if (!validation.ok) {
    return { state: 'failed', code: 400, applied: false, updated: 0, responses: rolledBack(validation.responses) };
  }
  const existed = await existingIds(store, tenant, validation);
  if (!(await store.applyCartridge(tenant, manifest.id, toEncodedArtifacts(validation.artifacts, tenant), lease))) {
    // The job was lost while it ran (its tenant's data deleted, or its lease taken over): nothing was written.
    const description = `Deployment of cartridge ${manifest.id} was interrupted (the deployment was deleted or taken over by another replica); nothing was changed.`;
    return { state: 'failed', code: 500, applied: false, updated: 0, responses: [{ code: 500, message: 'Internal Server Error', level: 'ERROR', description, artifact: manifest.id }] };
  }
  const responses = validation.responses.map((r) => (r.code === 201 && existed.has(r.artifact) ? asUpdated(r) : r));
  return { state: 'completed', code: 200, applied: true, updated: existed.size, responses };
}

/** Ids of the planned artifacts that the tenant already has (same kind and id). */
export async function existingIds(store: Store, tenant: string, validation: DeploymentPlan): Promise<Set<string>> {
  // hasArtifact, not getArtifact: reading a deployed dictionary back decodes its body (~160 ms for 100,000 terms).
  const found = await Promise.all(validation.artifacts.map(async (a) => ((await store.hasArtifact(tenant, a.kind, a.id)) ? a.id : undefined)));
  return new Set(found.filter((id): id is string => id !== undefined));
}

function asUpdated(r: ArtifactResponse): ArtifactResponse {
  // "X created." or, with parts not applied, "X created; not applied: …".
  const description = r.description?.replace(/ created(?=\.$|; not applied: )/, ' updated');
  return { ...r, code: 200, message: 'OK', ...(description === undefined ? {} : { description }) };
}

/** Valid artifacts of a failed cartridge were not written: say so next to the invalid ones. */
function rolledBack(responses: readonly ArtifactResponse[]): ArtifactResponse[] {
  return responses.map((r) => (r.code === 201
    ? { code: 400, message: 'Not deployed', level: 'WARNING', description: `${r.description?.replace(/ created(\.|; not applied: .*)$/s, '') ?? r.artifact} not deployed: other artifacts of the cartridge are invalid, so nothing was changed.`, artifact: r.artifact }
    : r));
}
