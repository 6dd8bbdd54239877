// The cartridge validation thread (src/cartridge/validation-thread.ts starts one per task): reads the
// task from workerData (the archive's bytes were moved here, not copied), runs it, posts the result
// and ends, so the heap that validation built (the inflated entries, the parsed dictionaries) goes
// with the thread. Bad input never throws (it comes back as issues); anything thrown is a bug, and
// reaches the caller as the thread's 'error' event.
import { parentPort, workerData } from 'node:worker_threads';
import { inspectArchive } from './archive-inspection.js';
import { planBuffers, planCartridgeDeployment, type DeploymentPlan } from './deployment-plan.js';
import type { ValidationTask } from './validation-thread.js';

async function run(task: ValidationTask): Promise<unknown> {
  switch (task.op) {
    case 'inspect':
      return inspectArchive(Buffer.from(task.archive.buffer, task.archive.byteOffset, task.archive.byteLength), task.limits);
    case 'plan':
      return planCartridgeDeployment(task.archive, task.limits);
  }
}

const port = parentPort;
if (port === null) throw new Error('validation-worker runs in a worker thread');
const task = workerData as ValidationTask;
const result = await run(task);
// A plan's bodies (tens of MB for large dictionaries) are moved to the event loop, not copied.
port.postMessage(result, task.op === 'plan' ? planBuffers(result as DeploymentPlan) : []);
