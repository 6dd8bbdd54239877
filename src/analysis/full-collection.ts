// A full garbage collection of the calling thread's heap, on demand. Preparing a tenant after a deployment
// (analysis-task.ts prepareTenant) compiles its dictionaries: for 200,000 terms the compile leaves hundreds of
// MB of garbage in the worker's heap, which V8 then collects in the middle of the next analysis (the first one
// after the deployment, a major collection: 0.2-1 s). Collecting at the end of the preparation moves that
// cost into the deployment job, off the request path. Measured after a 200,000-term deployment (2 workers,
// loaded 2-core host): each worker's heap went from 720 MB to 227 MB in one full collection.
//
// V8 exposes gc() only with --expose-gc. The flag may be set at run time; the function then exists in contexts
// created afterwards, so it is taken from a new one. (The flag exposes a function and changes nothing else.)
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** Runs a full (major) collection of this thread's heap; false when this runtime offers none. */
export function collectGarbageFully(): boolean {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
    if (typeof gc !== 'function') return false;
    collect = gc as () => void;
  }
  // A collection's sweeping goes on after it, on V8's background threads (shared with the event loop's heap):
  // after 700 MB of compile garbage, seconds of CPU that then contend with the next analysis. The second
  // collection first finishes that sweeping on this thread, and is itself short (the heap is compact now).
  collect();
  collect();
  return true;
}
