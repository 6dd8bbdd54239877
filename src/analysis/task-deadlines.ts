// Time budgets of analysis tasks without a timer per task. Every task of a pool has the same budget, so
// deadlines fall in submission order: one timer, armed for the oldest task still running, walks the
// tasks from the oldest and aborts those past their deadline. At hundreds of tasks per second this
// replaces an AbortSignal.timeout() per task (a timer, an EventTarget and its listeners) with a small
// object and a Set entry. The abort side is the EventEmitter shape the worker pool accepts as a task's signal.

/** One task's cancellation signal: the worker pool listens with once('abort') and stops with off. */
export class TaskAbort {
  aborted = false;
  reason: unknown = undefined;
  #listener: (() => void) | undefined;

  once(_event: 'abort', listener: () => void): void {
    this.#listener = listener;
  }

  off(_event: 'abort', listener: () => void): void {
    if (this.#listener === listener) this.#listener = undefined;
  }

  removeListener(event: 'abort', listener: () => void): void {
    this.off(event, listener);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
}

interface Pending {
  readonly deadlineMs: number;
  readonly signal: TaskAbort;
}

export class TaskDeadlines {
  readonly #budgetMs: number;
  readonly #pending = new Set<Pending>();
  #timer: NodeJS.Timeout | undefined;

  constructor(budgetMs: number) {
    this.#budgetMs = budgetMs;
  }

  /** Starts a task's budget; call the returned function when the task settles. */
  start(): { readonly signal: TaskAbort; readonly settle: () => void } {
    const entry: Pending = { deadlineMs: performance.now() + this.#budgetMs, signal: new TaskAbort() };
    this.#pending.add(entry);
    if (this.#timer === undefined) this.#arm(this.#budgetMs);
    return { signal: entry.signal, settle: () => this.#pending.delete(entry) };
  }

  /** Tasks whose budget is running. */
  get size(): number {
    return this.#pending.size;
  }

  close(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(delayMs: number): void {
    // Unref'd like AbortSignal.timeout(): a pending budget does not keep the process alive.
    this.#timer = setTimeout(() => this.#expire(), Math.max(1, Math.ceil(delayMs))).unref();
  }

  #expire(): void {
    this.#timer = undefined;
    const now = performance.now();
    for (const entry of this.#pending) {
      if (entry.deadlineMs > now) {
        this.#arm(entry.deadlineMs - now);
        return;
      }
      this.#pending.delete(entry);
      entry.signal.abort(new Error(`time budget of ${this.#budgetMs} ms exceeded`));
    }
  }
}
