// Lowers the scheduling priority of the calling thread. With ANALYSIS_WORKER_NICE > 0 the analysis
// workers run below the event loop's priority: on a machine with fewer cores than busy threads (the
// main thread, the workers, other processes), the kernel then gives the event loop the CPU as soon as
// it has something to do (a request to read, a response or health check to write, a task to hand over)
// instead of letting it wait behind a worker it has just woken. The trade-off, measured on 2 cores: a
// prompter event loop handles fewer events per wake-up (more CPU per request), and niced workers yield
// to every other process on a shared machine; hence off by default. Linux only: a thread's nice value
// is set with setpriority() on its thread id, read from /proc/thread-self; elsewhere nothing changes.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The highest nice value (lowest priority) Linux knows. */
const MAX_NICE = 19;

/** Raises this thread's nice value by `increment` (capped at 19); returns the new value, or undefined when unchanged. */
export function lowerThreadPriority(increment: number): number | undefined {
  if (increment <= 0 || process.platform !== 'linux') return undefined;
  let tid: number;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined; // no /proc (e.g. a sandbox without it): keep the inherited priority
  }
  if (!Number.isSafeInteger(tid) || tid <= 0) return undefined;
  const nice = Math.min(MAX_NICE, getPriority(tid) + increment);
  setPriority(tid, nice);
  return nice;
}
