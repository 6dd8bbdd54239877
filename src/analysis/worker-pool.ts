// A fixed pool of worker threads that run one kind of task, in submission order, with what the analysis
// service needs and nothing more: a bounded wait queue, a time budget per task (a late task that already
// runs terminates its thread, and a fresh thread takes the place), transferred results, and a ready signal
// per thread (tasks go only to threads that have loaded, so the pool serves as soon as its first thread is
// ready while the others load), and requests from a thread to the main thread (onRequest: state one thread
// makes and every thread shares). It replaced piscina,
// the library used before: per task, piscina builds an AsyncResource, asks a balancer over freshly built
// worker descriptors (objects with seven getters) and queues two microtasks; here a task is a small record,
// an array slot and one postMessage each way.
// Measured on 2 cores (bench HTTP case, the same code on either pool, runs alternated): 64 clients p99
// 69-107 ms here against 151-201 ms on piscina, server CPU per request 10-20% lower.
// The worker side is src/analysis/worker-runtime.ts.
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';

/** Thrown by run() when every thread is busy and maxQueue tasks already wait. */
export class PoolQueueFullError extends Error {
  constructor() {
    super('Task queue is at limit');
    this.name = 'PoolQueueFullError';
  }
}

/** Rejects a task over the pool's taskTimeoutMs (waiting: dropped; running: its thread was terminated). */
export class PoolTimeoutError extends Error {
  constructor() {
    super('The task exceeded its time budget');
    this.name = 'TimeoutError';
  }
}

export interface WorkerPoolOptions {
  /** The worker module (it calls serveTasks of worker-runtime.ts). */
  readonly filename: URL;
  readonly workerData: unknown;
  readonly threads: number;
  /** Tasks allowed to wait for a thread; one more is refused with PoolQueueFullError. */
  readonly maxQueue: number;
  /** Tasks handed to one thread at a time; with 2, the next waits in the thread's port, so the thread
   * starts it right after answering instead of blocking and being woken (and never idles while the event
   * loop is busy). A task posted behind one whose thread is recycled runs elsewhere. Default 1. */
  readonly tasksPerThread?: number;
  /**
   * Time budget of every task, counted from run() (waiting included): past it the task is rejected with
   * PoolTimeoutError, and a thread running it is terminated and replaced. The pool keeps the budgets
   * itself (a deadline per task, one timer for the pool) rather than taking a cancellation signal per
   * task: the listener it made for a signal, a closure over the task's job, kept whole requests alive
   * into the old generation of the event loop's heap (measured: createPool in analysis-service.ts).
   * Default: no budget.
   */
  readonly taskTimeoutMs?: number;
  /**
   * Threads the tasks of one key (a tenant) may hold at once; default: all. A key at its limit may still
   * borrow a free thread for a task run() marks `small` (it frees the thread soon), but only when no task of
   * a key under its limit waits; and a thread holding one key's tasks takes no other key's task behind them.
   * So one tenant's long tasks never occupy every thread, nor delay another tenant's task by more than a
   * small task, while a tenant alone still uses the whole pool for ordinary requests.
   */
  readonly maxThreadsPerKey?: number;
  /**
   * Answers a request a thread makes with requestFromPool (worker-runtime.ts), e.g. for tables one thread
   * compiles into shared memory and every other thread then uses; `threadId` is the asking thread's. What it
   * resolves to is posted back (structured clone: SharedArrayBuffers are shared, not copied).
   */
  readonly onRequest?: (request: unknown, threadId: number) => unknown;
  /** Told when a thread has exited or was terminated (after a late task, or as the pool closes). */
  readonly onThreadExit?: (threadId: number) => void;
  /**
   * Starts one thread, and the others once it has loaded (or failed to): threads loading at once share the
   * cores with each other and with the main thread's own start, so on a machine with few cores the first
   * thread is ready sooner this way (the pool serves from then on), and the pool is full a little later.
   */
  readonly staggerStart?: boolean;
}

/** How run() places a task among the keys (tenants). */
export interface TaskPlacement {
  readonly key: string;
  /** A task that finishes soon (e.g. short text): it may borrow a thread beyond the key's share. */
  readonly small: boolean;
}

/** main → worker, first: the port tasks come on, and the counter of tasks posted to it (wake-ups). */
export interface InitMessage {
  readonly port: MessagePort;
  readonly posted: SharedArrayBuffer;
}

/** main → worker, on the task port */
export interface TaskMessage {
  readonly id: number;
  readonly task: unknown;
}

/** worker → main */
export type ReplyMessage =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: unknown };

/** worker → main, once: the thread loaded what it needs (or failed to). Task ids start at 1. */
export interface ReadyMessage {
  readonly id: -1;
  readonly ok: boolean;
  readonly error?: unknown;
}

/** worker → main: a request for WorkerPoolOptions.onRequest, numbered by the thread. */
export interface RequestMessage {
  readonly id: -2;
  readonly request: number;
  readonly body: unknown;
}

/** main → worker (on the thread's parent port): the answer to a RequestMessage. */
export type AnswerMessage =
  | { readonly answer: number; readonly ok: true; readonly value: unknown }
  | { readonly answer: number; readonly ok: false; readonly error: unknown };

interface Job {
  readonly id: number;
  readonly task: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  /** performance.now() past which the task is cancelled (Infinity without a budget). */
  readonly deadlineMs: number;
  readonly key: string;
  readonly small: boolean;
  /** Posted to a free thread beyond its key's share (maxThreadsPerKey): the thread then takes only small tasks behind it. */
  borrowed: boolean;
  thread: Thread | undefined;
}

const NO_PLACEMENT: TaskPlacement = { key: '', small: true };

interface Thread {
  readonly worker: Worker;
  /** Tasks go here; `posted` counts them, so an idle thread blocked in Atomics.wait wakes without its event loop. */
  readonly port: MessagePort;
  readonly posted: Int32Array;
  /** Jobs posted to the thread, oldest first (it answers in that order). */
  readonly jobs: Job[];
  readonly ready: Promise<void>;
  /** Set once the thread's loading settled (ready or failed): only then does it take tasks (a failed one answers each with its error). */
  loaded: boolean;
  /** Set once the thread is being terminated (late task, pool closing) or has exited. */
  gone: boolean;
}

export class WorkerPool {
  readonly #options: WorkerPoolOptions;
  readonly #perThread: number;
  readonly #threads: Thread[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  /** Threads not started yet (staggerStart), and when the last of them has been. */
  #unstarted = 0;
  readonly #started: Promise<void>;
  /** Armed for the earliest deadline while tasks with a budget are waiting or running. */
  #timer: NodeJS.Timeout | undefined;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
    this.#perThread = Math.max(1, options.tasksPerThread ?? 1);
    const first = options.staggerStart === true ? Math.min(1, options.threads) : options.threads;
    for (let i = 0; i < first; i++) this.#threads.push(this.#spawn());
    this.#unstarted = options.threads - first;
    this.#started = this.#unstarted === 0 ? Promise.resolve() : this.#threads[0]!.ready.catch(() => undefined).then(() => {
      if (this.#closed) return;
      for (; this.#unstarted > 0; this.#unstarted--) this.#threads.push(this.#spawn());
    });
  }

  /** Tasks waiting for a thread. */
  get queueSize(): number {
    return this.#queue.length;
  }

  /** Threads in the pool (started or not). */
  get size(): number {
    return this.#threads.length + this.#unstarted;
  }

  /** Threads holding at least one task (running, or posted and about to run). */
  get busyThreads(): number {
    let busy = 0;
    for (const thread of this.#threads) if (thread.jobs.length > 0) busy++;
    return busy;
  }

  /** Threads that have loaded what they need and take tasks. */
  get readyThreads(): number {
    let ready = 0;
    for (const thread of this.#threads) if (thread.loaded && !thread.gone) ready++;
    return ready;
  }

  /** Resolves once every current thread has loaded what it needs (rejects if one failed to). */
  async ready(): Promise<void> {
    await this.#started;
    await Promise.all(this.#threads.map((t) => t.ready));
  }

  /**
   * Resolves once one thread has loaded what it needs: the pool then runs tasks (on the threads that are
   * ready) while the others load. Rejects only when every thread failed to load.
   */
  async firstReady(): Promise<void> {
    await Promise.any(this.#threads.map((t) => t.ready)).catch((error: unknown) => {
      throw error instanceof AggregateError ? error.errors[0] : error;
    });
  }

  run(task: unknown, placement: TaskPlacement = NO_PLACEMENT): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('The worker pool is closed'));
    const thread = this.#options.maxThreadsPerKey === undefined ? this.#freeThread() : this.#threadFor(placement);
    if (thread === undefined && this.#queue.length >= this.#options.maxQueue) return Promise.reject(new PoolQueueFullError());
    const budget = this.#options.taskTimeoutMs;
    const deadlineMs = budget === undefined ? Infinity : performance.now() + budget;
    if (budget !== undefined && this.#timer === undefined) this.#arm(budget);
    return new Promise<unknown>((resolve, reject) => {
      const job: Job = { id: this.#nextId++, task, resolve, reject, deadlineMs, key: placement.key, small: placement.small, borrowed: false, thread: undefined };
      if (thread === undefined) this.#queue.push(job);
      else this.#post(thread, job);
    });
  }

  /**
   * Runs `task` once on every thread, each behind what that thread already holds (no queue, no key share):
   * for work every thread must do itself, such as loading and compiling what later tasks need.
   */
  broadcast(task: unknown): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error('The worker pool is closed'));
    const budget = this.#options.taskTimeoutMs;
    const deadlineMs = budget === undefined ? Infinity : performance.now() + budget;
    if (budget !== undefined && this.#timer === undefined) this.#arm(budget);
    return Promise.all(this.#threads.filter((t) => !t.gone).map((thread) => new Promise<unknown>((resolve, reject) => {
      const job: Job = { id: this.#nextId++, task, resolve, reject, deadlineMs, key: '', small: true, borrowed: false, thread: undefined };
      this.#post(thread, job);
    })));
  }

  /** Terminates every thread; tasks still waiting or running are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const error = new Error('The worker pool was closed');
    for (const job of this.#queue.splice(0)) this.#settle(job, false, error);
    const exits: Promise<unknown>[] = [];
    for (const thread of this.#threads.splice(0)) {
      thread.gone = true;
      thread.port.close();
      for (const job of thread.jobs.splice(0)) this.#settle(job, false, error);
      exits.push(thread.worker.terminate());
    }
    await Promise.all(exits);
  }

  /** The least busy thread that takes another task, if any. */
  #freeThread(): Thread | undefined {
    let best: Thread | undefined;
    for (const thread of this.#threads) {
      if (!thread.loaded) continue;
      const n = thread.jobs.length;
      if (n === 0) return thread;
      if (n < this.#perThread && (best === undefined || n < best.jobs.length)) best = thread;
    }
    return best;
  }

  /** Threads holding tasks of `key`. */
  #threadsOf(key: string): number {
    let n = 0;
    for (const thread of this.#threads) if (thread.jobs[0]?.key === key) n++;
    return n;
  }

  /** Whether `thread` may take a task of `placement` now (with maxThreadsPerKey; see the option). */
  #accepts(thread: Thread, placement: TaskPlacement, borrowing: boolean): boolean {
    if (thread.gone || !thread.loaded || thread.jobs.length >= this.#perThread) return false;
    if (thread.jobs.length > 0) return thread.jobs[0]!.key === placement.key && (placement.small || !thread.jobs.some((j) => j.borrowed));
    return this.#threadsOf(placement.key) < this.#options.maxThreadsPerKey! || (borrowing && placement.small);
  }

  /** A thread for a new task under maxThreadsPerKey: a free one first, then one running the same key's tasks. */
  #threadFor(placement: TaskPlacement): Thread | undefined {
    // Borrowing only when nothing waits: a waiting task may be another key's, under its share.
    const borrowing = this.#queue.length === 0;
    let best: Thread | undefined;
    for (const thread of this.#threads) {
      if (!this.#accepts(thread, placement, borrowing)) continue;
      if (thread.jobs.length === 0) return thread;
      if (best === undefined || thread.jobs.length < best.jobs.length) best = thread;
    }
    return best;
  }

  /** Index of the waiting task `thread` should take next under maxThreadsPerKey, or -1. */
  #nextFor(thread: Thread): number {
    // Keys under their share first (in submission order); then small tasks borrowing the thread.
    for (let i = 0; i < this.#queue.length; i++) if (this.#accepts(thread, this.#queue[i]!, false)) return i;
    for (let i = 0; i < this.#queue.length; i++) if (this.#accepts(thread, this.#queue[i]!, true)) return i;
    return -1;
  }

  #post(thread: Thread, job: Job): void {
    const limit = this.#options.maxThreadsPerKey;
    job.borrowed = limit !== undefined && thread.jobs.length === 0 && this.#threadsOf(job.key) >= limit;
    job.thread = thread;
    if (thread.jobs.push(job) === 1) thread.worker.ref();
    const message: TaskMessage = { id: job.id, task: job.task };
    thread.port.postMessage(message);
    Atomics.add(thread.posted, 0, 1);
    Atomics.notify(thread.posted, 0, 1);
  }

  #settle(job: Job, ok: boolean, value: unknown): void {
    job.thread = undefined;
    if (ok) job.resolve(value);
    else job.reject(value);
  }

  #onReply(thread: Thread, reply: ReplyMessage): void {
    if (thread.gone) return;
    const at = thread.jobs.findIndex((j) => j.id === reply.id);
    if (at < 0) return; // an answer to a task already settled elsewhere
    const job = thread.jobs.splice(at, 1)[0]!;
    this.#fill(thread);
    // The key of the finished task may now hold one thread fewer: an idle thread may take its waiting tasks.
    if (this.#options.maxThreadsPerKey !== undefined && this.#queue.length > 0) for (const t of this.#threads) if (t !== thread) this.#fill(t);
    if (thread.jobs.length === 0) thread.worker.unref();
    this.#settle(job, reply.ok, reply.ok ? reply.value : reply.error);
  }

  /** Hands waiting tasks to a thread while it takes more. */
  #fill(thread: Thread): void {
    if (this.#options.maxThreadsPerKey !== undefined) {
      for (let at = this.#nextFor(thread); at >= 0; at = this.#nextFor(thread)) this.#post(thread, this.#queue.splice(at, 1)[0]!);
      return;
    }
    while (this.#queue.length > 0 && thread.jobs.length < this.#perThread && !thread.gone && thread.loaded) {
      this.#post(thread, this.#queue.shift()!);
    }
  }

  #arm(delayMs: number): void {
    // Unref'd: a pending budget does not keep the process alive.
    this.#timer = setTimeout(() => this.#expire(), Math.max(1, Math.ceil(delayMs))).unref();
  }

  /**
   * Cancels the tasks past their deadline and re-arms the timer for the earliest one left. Waiting tasks
   * are dropped; a thread holding one (running, or posted behind the running task) is retired with it,
   * which puts the thread's other tasks back at the head of the queue, so the queue is checked again.
   */
  #expire(): void {
    this.#timer = undefined;
    if (this.#closed) return;
    const now = performance.now();
    for (let again = true; again;) {
      again = false;
      for (let i = 0; i < this.#queue.length;) {
        const job = this.#queue[i]!;
        if (job.deadlineMs > now) i++;
        else {
          this.#queue.splice(i, 1);
          this.#settle(job, false, new PoolTimeoutError());
        }
      }
      for (const thread of this.#threads) {
        const late = thread.jobs.find((j) => j.deadlineMs <= now);
        if (late !== undefined) {
          this.#retire(thread, late, new PoolTimeoutError());
          again = true;
          break; // #retire replaced an entry of #threads
        }
      }
    }
    let next = Infinity;
    for (const job of this.#queue) next = Math.min(next, job.deadlineMs);
    for (const thread of this.#threads) for (const job of thread.jobs) next = Math.min(next, job.deadlineMs);
    if (next !== Infinity) this.#arm(next - now);
  }

  /**
   * Takes a thread out of service and starts its replacement: `failed` is rejected with `error`; the other
   * tasks posted to the thread had not finished and run again elsewhere (a task has no effect but its
   * answer), in their order and ahead of the waiting ones.
   */
  #retire(thread: Thread, failed: Job | undefined, error: unknown): void {
    if (thread.gone) return;
    thread.gone = true;
    const at = this.#threads.indexOf(thread);
    const jobs = thread.jobs.splice(0);
    thread.port.close();
    void thread.worker.terminate();
    if (this.#closed || at < 0) {
      for (const job of jobs) this.#settle(job, false, error);
      return;
    }
    const replacement = this.#spawn();
    this.#threads[at] = replacement;
    const again: Job[] = [];
    for (const job of jobs) {
      if (job === failed) this.#settle(job, false, error);
      else {
        job.thread = undefined;
        again.push(job);
      }
    }
    this.#queue.unshift(...again);
    for (const t of this.#threads) this.#fill(t);
  }

  #spawn(): Thread {
    const { filename, workerData } = this.#options;
    // Under tsx (tests, dev) the worker module is TypeScript: its thread registers tsx before importing it.
    const worker = filename.pathname.endsWith('.ts')
      ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(filename.href)}); })`, { eval: true, workerData })
      : new Worker(filename, { workerData });
    worker.unref();
    const channel = new MessageChannel();
    const posted = new SharedArrayBuffer(4);
    const init: InitMessage = { port: channel.port2, posted };
    worker.postMessage(init, [channel.port2]);
    let markReady: () => void = () => undefined;
    let markFailed: (error: unknown) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    ready.catch(() => undefined);
    const thread: Thread = { worker, port: channel.port1, posted: new Int32Array(posted), jobs: [], ready, loaded: false, gone: false };
    worker.on('message', (reply: ReplyMessage | ReadyMessage | RequestMessage) => {
      if (reply.id === -1) {
        if (reply.ok) markReady();
        else markFailed((reply as ReadyMessage).error);
        this.#onLoaded(thread);
        return;
      }
      if (reply.id === -2) {
        this.#answer(thread, reply as RequestMessage);
        return;
      }
      this.#onReply(thread, reply as ReplyMessage);
    });
    worker.on('error', (error) => {
      markFailed(error);
      // An uncaught error ends the thread: its oldest task is the one that failed.
      this.#retire(thread, thread.jobs[0], error);
    });
    const threadId = worker.threadId;
    worker.on('exit', (code) => {
      const error = new Error(`An analysis worker thread exited (code ${code})`);
      markFailed(error);
      this.#retire(thread, thread.jobs[0], error);
      this.#options.onThreadExit?.(threadId);
    });
    return thread;
  }

  /** A thread finished loading: it takes the tasks that waited for a ready thread. */
  #onLoaded(thread: Thread): void {
    if (thread.loaded || thread.gone) return;
    thread.loaded = true;
    this.#fill(thread);
  }

  /** Answers a thread's request with onRequest's result (or its error). */
  #answer(thread: Thread, message: RequestMessage): void {
    const post = (answer: AnswerMessage): void => {
      if (thread.gone) return;
      try {
        thread.worker.postMessage(answer);
      } catch (error) {
        thread.worker.postMessage({ answer: message.request, ok: false, error: new Error(error instanceof Error ? error.message : String(error)) } satisfies AnswerMessage);
      }
    };
    const handler = this.#options.onRequest;
    new Promise<unknown>((resolve) => {
      if (handler === undefined) throw new Error('The worker pool answers no requests (no onRequest)');
      resolve(handler(message.body, thread.worker.threadId));
    }).then(
      (value) => post({ answer: message.request, ok: true, value }),
      (error: unknown) => post({ answer: message.request, ok: false, error }),
    );
  }
}
