// Counters behind GET /v1/status (ACD ServiceStatus): requests served, in flight, peak, and requests
// rejected or blocked by admission control (the analysis layer reports those through record*()).
// One instance per app (no globals); tests and the analysis layer may pass their own in AppDeps.
export class ServiceStats {
  readonly startedAtMs: number;
  private requests = 0;
  private inFlight = 0;
  private peak = 0;
  private rejected = 0;
  private blocked = 0;

  constructor(nowMs: number = Date.now()) {
    this.startedAtMs = nowMs;
  }

  requestStarted(): void {
    this.requests += 1;
    this.inFlight += 1;
    if (this.inFlight > this.peak) this.peak = this.inFlight;
  }

  requestEnded(): void {
    if (this.inFlight > 0) this.inFlight -= 1;
  }

  /** A request refused because the service was saturated (e.g. 503). */
  recordRejected(): void {
    this.rejected += 1;
  }

  /** A request that had to wait in a queue before it ran. */
  recordBlocked(): void {
    this.blocked += 1;
  }

  snapshot(nowMs: number = Date.now()) {
    return {
      upTimeMs: nowMs - this.startedAtMs,
      requestCount: this.requests,
      concurrentRequests: this.inFlight,
      peakConcurrentRequests: this.peak,
      totalRejectedRequests: this.rejected,
      totalBlockedRequests: this.blocked,
    };
  }
}

/** ACD's upTime format: `0d 01:01:19`. */
export function formatUpTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days}d ${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
