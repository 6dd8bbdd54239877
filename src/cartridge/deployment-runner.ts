// The cartridge deployment job runner of one replica. Jobs live in the store (Store.submitDeployment),
// so they survive restarts and are shared by every replica:
//  - the runner polls Store.claimDeployment (every pollIntervalMs, and at once when kick() is called
//    after a local submit); exactly one replica wins each job (row locks / SKIP LOCKED on PostgreSQL);
//  - while working it renews its lease every leaseMs/3;
//  - it validates and parses the archive on a thread of its own (validation-thread.ts; the event loop,
//    and with it the lease renewal, keeps running) and writes every artifact with Store.applyCartridge
//    in ONE transaction, then finishes the job (`completed`, 200, per-artifact responses; or `failed`,
//    400/500, responses with reasons) and publishes a knowledge change for the tenant.
// Crash safety: a process killed mid-deployment leaves no half-applied artifacts (the transaction
// either committed or not), and its job stays `processing` with a lease that expires; the next
// claim by any runner (this replica after a restart, or another one) sees the expired lease and
// runs the job again from the stored archive. A job claimed more than maxAttempts times (it keeps
// killing its process) is failed with 500 instead of being retried forever.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ArtifactResponse, Deployment, Store } from '../store/store.js';
import type { ArchiveLimits } from './archive-reader.js';
import { deployCartridgeArchive, type DeploymentOutcome } from './deployment-apply.js';
import type { ValidationThreadOptions } from './validation-thread.js';

/** The subset of a pino logger the runner uses. */
export interface RunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeploymentRunnerOptions {
  readonly store: Store;
  readonly limits?: Partial<ArchiveLimits>;
  /** The validation thread's time budget and heap limit; a thread that fails fails the job (500). */
  readonly validation?: ValidationThreadOptions;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly maxAttempts: number;
  readonly logger?: RunnerLogger;
  /** Default: `<hostname>:<pid>:<random hex>`. */
  readonly replicaId?: string;
  /** Called after every job this runner finished (or lost); for metrics and tests. */
  readonly onJobFinished?: (event: JobFinishedEvent) => void;
  /**
   * Prepares the analyses of a tenant whose knowledge a job changed (loads it and compiles its dictionaries
   * on every analysis worker), before the job is recorded as finished: the first analysis after a deployment
   * then costs what any other does. A failure is logged and does not fail the job.
   */
  readonly prepareTenant?: (tenant: string) => Promise<void>;
}

export interface JobFinishedEvent {
  readonly tenant: string;
  readonly id: string;
  readonly replicaId: string;
  readonly state: 'completed' | 'failed';
  /** False when the lease was lost before finishing (another replica owns the job now). */
  readonly recorded: boolean;
  readonly applied: boolean;
}

export interface DeploymentRunner {
  readonly replicaId: string;
  /** Starts the poll loop (idempotent); jobs left by a crashed process are picked up once their lease expired. */
  start(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  /** Looks for work now instead of at the next poll. */
  kick(): void;
  /** Claims and runs at most one job; true when one was run. */
  runOnce(): Promise<boolean>;
}

const SILENT: RunnerLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function defaultReplicaId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function createDeploymentRunner(options: DeploymentRunnerOptions): DeploymentRunner {
  const { store, limits = {}, validation = {}, pollIntervalMs, leaseMs, maxAttempts } = options;
  const log = options.logger ?? SILENT;
  const replicaId = options.replicaId ?? defaultReplicaId();
  let running = false;
  let loop: Promise<void> | undefined;
  let kicked = false;
  let wake: (() => void) | undefined;

  function idle(): Promise<void> {
    if (kicked) {
      kicked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      timer.unref(); // an idle runner never keeps the process alive on its own
      function done(): void {
        clearTimeout(timer);
        wake = undefined;
        kicked = false;
        resolve();
      }
      wake = done;
    });
  }

  async function runLoop(): Promise<void> {
    while (running) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (error) {
        log.error({ err: error, replicaId }, 'cartridge runner: claiming a job failed');
      }
      if (running && !worked) await idle();
    }
  }

  async function runOnce(): Promise<boolean> {
    const job = await store.claimDeployment(replicaId, leaseMs);
    if (job === undefined) return false;
    await runJob(job, job.archive);
    return true;
  }

  /** Runs a claimed job; the archive's memory moves to the validation thread. */
  async function runJob(job: Deployment, archive: Uint8Array): Promise<void> {
    const key = { tenant: job.tenant, id: job.id, replicaId, attempt: job.attempts };
    log.info(key, 'cartridge deployment started');
    const startedMs = Date.now();
    const renewal = setInterval(() => {
      store.renewDeploymentLease({ tenant: job.tenant, id: job.id, owner: replicaId, leaseMs }).then(
        (held) => {
          if (!held) log.warn(key, 'cartridge deployment lease lost; another replica owns the job now');
        },
        (error: unknown) => log.warn({ ...key, err: error }, 'cartridge deployment lease renewal failed'),
      );
    }, Math.max(Math.floor(leaseMs / 3), 10));
    renewal.unref();
    let outcome: DeploymentOutcome;
    try {
      outcome = job.attempts > maxAttempts ? gaveUp(job) : await deployCartridgeArchive(store, job.tenant, archive, limits, { id: job.id, owner: replicaId }, validation);
    } catch (error) {
      log.error({ ...key, err: error }, 'cartridge deployment failed');
      outcome = internalFailure(job);
    }
    try {
      // Announced before the job is recorded as finished, so its knowledge is prepared (and served) by then.
      if (outcome.applied) await store.publishKnowledgeChange(job.tenant);
      if (outcome.applied && options.prepareTenant !== undefined) {
        const preparing = Date.now();
        await options.prepareTenant(job.tenant).then(
          () => log.info({ ...key, ms: Date.now() - preparing }, 'cartridge deployment: analyses prepared'),
          (error: unknown) => log.warn({ ...key, err: error }, 'cartridge deployment: preparing the analyses failed; the first analyses will compile'),
        );
      }
    } finally {
      clearInterval(renewal);
    }
    const recorded = await store.finishDeployment({
      tenant: job.tenant, id: job.id, owner: replicaId, state: outcome.state, artifactResponseCode: outcome.code, artifactResponse: outcome.responses,
    });
    // Not recorded: the job is no longer this runner's (its lease passed to another replica, or the tenant's data
    // was deleted with the job); nothing of it was written (the write checks that the job is still held).
    if (!recorded) log.warn(key, 'cartridge deployment finished but the job is no longer held by this runner (lease lost, or the tenant data was deleted); its outcome is not recorded here');
    log.info({ ...key, state: outcome.state, code: outcome.code, ms: Date.now() - startedMs }, 'cartridge deployment finished');
    options.onJobFinished?.({ tenant: job.tenant, id: job.id, replicaId, state: outcome.state, recorded, applied: outcome.applied });
  }

  return {
    replicaId,
    start() {
      if (running) return;
      running = true;
      loop = runLoop();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = undefined;
    },
    kick() {
      kicked = true;
      wake?.();
    },
    runOnce,
  };
}

function failure(job: Deployment, description: string): DeploymentOutcome {
  const response: ArtifactResponse = { code: 500, message: 'Internal Server Error', level: 'ERROR', description, artifact: job.id };
  return { state: 'failed', code: 500, responses: [response], applied: false, updated: 0 };
}

function internalFailure(job: Deployment): DeploymentOutcome {
  return failure(job, `Deployment of cartridge ${job.id} failed with an internal error; nothing was changed. Retry with PUT /v1/cartridges; report correlation id ${job.correlationId} if it persists.`);
}

function gaveUp(job: Deployment): DeploymentOutcome {
  return failure(job, `Deployment of cartridge ${job.id} was abandoned after ${job.attempts - 1} attempts that did not finish (the process running it stopped each time); nothing was changed.`);
}
