// CPU time of another process (per thread, from /proc) and of the whole machine, so an HTTP bench can say
// how much CPU the server spent per request (its main thread apart from the rest) and how busy the
// machine was with other work while it measured. Linux only; elsewhere the readers return undefined.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

function clockTicksPerSecond(): number {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
}

const TICK_MS = 1000 / clockTicksPerSecond();

export interface ProcessCpu {
  /** User + system time of the process's main thread (thread id = process id), ms. */
  readonly mainMs: number;
  /** User + system time of all its threads (workers, GC, libuv pool included), ms. */
  readonly totalMs: number;
}

/** utime + stime of one /proc/.../stat line, in ms (fields 14 and 15; the name in parentheses may hold spaces). */
function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

export function readProcessCpu(pid: number): ProcessCpu | undefined {
  try {
    let mainMs = 0;
    let totalMs = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let ms: number;
      try {
        ms = statCpuMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
      } catch {
        continue; // the thread ended between the listing and the read
      }
      totalMs += ms;
      if (tid === String(pid)) mainMs = ms;
    }
    // Threads that already ended are not listed; the process line counts them too.
    totalMs = Math.max(totalMs, statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8')));
    return { mainMs, totalMs };
  } catch {
    return undefined;
  }
}

export interface MachineCpu {
  /** Busy time summed over all cores, ms. */
  readonly busyMs: number;
  /** Elapsed time summed over all cores (busy + idle), ms. */
  readonly allMs: number;
}

export function readMachineCpu(): MachineCpu | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const all = ticks.reduce((a, b) => a + b, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busyMs: (all - idle) * TICK_MS, allMs: all * TICK_MS };
  } catch {
    return undefined;
  }
}
