// How responsive the event loop stays while a bench case works on it: the loop's own delay
// (perf_hooks.monitorEventLoopDelay) and the latency of real HTTP requests to the service, sent by a
// probe on a thread of its own (its timers and its client do not wait for the loop being measured, so
// a request sent while that loop is blocked counts the whole wait).
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { percentile } from './timing.js';

export interface LoopDelay {
  readonly maxMs: number;
  readonly p99Ms: number;
  /**
   * The longest gap between two turns of a 10 ms timer on the loop, split by where the main thread's time
   * went (Linux, /proc/thread-self/schedstat; undefined elsewhere): running on a CPU (its own work: what the
   * service can shorten) or runnable but waiting for a CPU (other threads and processes had the cores: what a
   * loaded host adds). The rest of the gap the thread slept (the timer's own wait, or blocking I/O).
   */
  readonly worstGap?: StallAttribution;
  /** Of every gap, the most time the main thread spent running on a CPU: its longest stretch of own work (Linux). */
  readonly maxOnCpuMs?: number;
}

export interface StallAttribution {
  readonly gapMs: number;
  readonly onCpuMs: number;
  readonly waitingForCpuMs: number;
}

/** Nanoseconds the calling thread ran, and waited runnable for a CPU; undefined where /proc has no schedstat. */
function threadSchedule(): readonly [number, number] | undefined {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(run), Number(wait)];
  } catch {
    return undefined;
  }
}

export interface ProbeLatencies {
  /** Requests answered (sent one after the other, at most one every intervalMs). */
  readonly count: number;
  readonly maxMs: number;
  readonly p99Ms: number;
  readonly p50Ms: number;
}

const RESOLUTION_MS = 10;

/**
 * Measures the event loop's delay (10 ms resolution) from now until the returned function is called.
 * A block that ends right before the call is only recorded when the histogram's timer runs after it,
 * so the stop first lets the loop turn (two resolutions).
 */
export function watchLoopDelay(): () => Promise<LoopDelay> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The attribution: a timer of the same resolution reads the thread's schedule at every turn.
  let last = performance.now();
  let lastSchedule = threadSchedule();
  let worstGap: StallAttribution | undefined;
  let maxOnCpuMs = 0;
  const timer = lastSchedule === undefined ? undefined : setInterval(() => {
    const now = performance.now();
    const schedule = threadSchedule();
    if (schedule !== undefined && lastSchedule !== undefined) {
      const gap: StallAttribution = { gapMs: now - last, onCpuMs: (schedule[0] - lastSchedule[0]) / 1e6, waitingForCpuMs: (schedule[1] - lastSchedule[1]) / 1e6 };
      if (worstGap === undefined || gap.gapMs > worstGap.gapMs) worstGap = gap;
      maxOnCpuMs = Math.max(maxOnCpuMs, gap.onCpuMs);
    }
    last = now;
    lastSchedule = schedule;
  }, RESOLUTION_MS);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 2 * RESOLUTION_MS));
    histogram.disable();
    if (timer !== undefined) clearInterval(timer);
    return { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, ...(worstGap === undefined ? {} : { worstGap, maxOnCpuMs }) };
  };
}

// The probe thread: GET `url` one request at a time, each at least intervalMs after the previous one
// was sent, until told to stop; then it posts the latencies (ms).
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, intervalMs } = workerData;
const latencies = [];
let stopping = false;
parentPort.once('message', () => { stopping = true; });
(async () => {
  while (!stopping) {
    const sent = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
    const wait = intervalMs - (performance.now() - sent);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  parentPort.postMessage(latencies);
})().catch((error) => { throw error; });
`;

/** Starts GETting `url` from another thread; the returned function stops the probe and summarises the latencies. */
export function startProbe(url: string, intervalMs: number): () => Promise<ProbeLatencies> {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, intervalMs } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const sorted = (await done).sort((a, b) => a - b);
    await worker.terminate();
    return { count: sorted.length, maxMs: sorted.at(-1) ?? Number.NaN, p99Ms: percentile(sorted, 99), p50Ms: percentile(sorted, 50) };
  };
}
