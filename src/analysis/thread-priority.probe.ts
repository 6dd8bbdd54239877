// Test helper for thread-priority.test.ts, run as a worker-pool task (as the analysis worker runs): lowers
// the priority of the worker thread it runs on by `increment` and reports what lowerThreadPriority
// returned, the nice value the kernel holds for that thread, and the process's (main thread's) value.
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { lowerThreadPriority } from './thread-priority.js';
import { serveTasks } from './worker-runtime.js';

export interface ThreadPriorityProbe {
  readonly returned: number | undefined;
  readonly kernelNice: number;
  readonly processNice: number;
}

function probe(increment: number): ThreadPriorityProbe {
  const returned = lowerThreadPriority(increment);
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  // Field 19 of stat (the 17th after the parenthesised name) is the nice value.
  const kernelNice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  return { returned, kernelNice, processNice: getPriority(process.pid) };
}

serveTasks(async (increment) => ({ value: probe(increment as number) }), Promise.resolve());
