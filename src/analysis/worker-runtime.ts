// The worker side of src/analysis/worker-pool.ts: receives tasks on the port the pool sends first, runs
// them with the module's handler, and answers each with its id on the parent port (a result, its
// transferable parts moved rather than copied, or the error). It also reports once whether the thread's
// resources loaded (the pool's ready()).
//
// Between tasks an idle thread blocks in Atomics.wait on the pool's counter of posted tasks and reads the
// next task straight off its port (as piscina's workers do), instead of returning to its event loop:
// a task then costs no event-loop wake-up and no message event, and V8 runs no young-generation
// collection as an event-loop task between tasks (those come only when the young generation is full:
// fewer collections, each finding less of a running analysis alive). Until the resources have loaded,
// and while a task waits for I/O, the event loop runs as usual and delivers tasks as message events.
import { parentPort, receiveMessageOnPort, type MessagePort, type TransferListItem } from 'node:worker_threads';
import type { AnswerMessage, InitMessage, ReadyMessage, ReplyMessage, RequestMessage, TaskMessage } from './worker-pool.js';

export interface TaskResult {
  readonly value: unknown;
  /** Parts of value moved to the main thread (e.g. the ArrayBuffer of a Uint8Array). */
  readonly transfer?: readonly TransferListItem[];
}

/** Requests sent to the main thread and not yet answered, by number. */
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
let nextRequest = 1;
let answersFollowed = false;

/**
 * Asks the pool's main thread (WorkerPoolOptions.onRequest) and resolves with its answer. Call it while a
 * task (or the thread's loading) runs: an idle thread blocks between tasks and reads no answers.
 */
export function requestFromPool(body: unknown): Promise<unknown> {
  const parent = parentPort;
  if (parent === null) return Promise.reject(new Error('requestFromPool runs in a worker thread'));
  if (!answersFollowed) {
    answersFollowed = true;
    parent.on('message', (message: AnswerMessage | InitMessage) => {
      if (!('answer' in message)) return;
      const waiting = pending.get(message.answer);
      if (waiting === undefined) return;
      pending.delete(message.answer);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(message.error);
    });
  }
  const request = nextRequest++;
  return new Promise((resolve, reject) => {
    pending.set(request, { resolve, reject });
    parent.postMessage({ id: -2, request, body } satisfies RequestMessage);
  });
}

export function serveTasks(handle: (task: unknown) => Promise<TaskResult>, ready: Promise<unknown>): void {
  const parent = parentPort;
  if (parent === null) throw new Error('serveTasks runs in a worker thread');
  let port: MessagePort | undefined;
  let posted: Int32Array | undefined;
  let seen = 0;
  let loaded = false;
  let running = 0;

  function reply(message: ReplyMessage, transfer?: readonly TransferListItem[]): void {
    try {
      parent!.postMessage(message, transfer);
    } catch (error) {
      if (message.ok) throw error;
      // The error itself does not clone (a function or a symbol in it): its message does.
      const cause = message.error;
      parent!.postMessage({ id: message.id, ok: false, error: new Error(cause instanceof Error ? cause.message : String(cause)) } satisfies ReplyMessage);
    }
  }

  async function run(message: TaskMessage): Promise<void> {
    running += 1;
    try {
      const result = await handle(message.task);
      reply({ id: message.id, ok: true, value: result.value }, result.transfer);
    } catch (error) {
      reply({ id: message.id, ok: false, error });
    }
    running -= 1;
    if (running === 0) waitForTasks();
  }

  /** Blocks until the pool posts a task, and starts the tasks posted (only once the resources loaded). */
  function waitForTasks(): void {
    if (!loaded || port === undefined || posted === undefined) return;
    while (running === 0) {
      Atomics.wait(posted, 0, seen);
      seen = Atomics.load(posted, 0);
      for (let entry = receiveMessageOnPort(port); entry !== undefined; entry = receiveMessageOnPort(port)) {
        void run(entry.message as TaskMessage);
      }
    }
  }

  parent.once('message', (init: InitMessage) => {
    port = init.port;
    posted = new Int32Array(init.posted);
    port.on('message', (message: TaskMessage) => void run(message));
    if (loaded && running === 0) queueMicrotask(waitForTasks);
  });
  ready.then(
    () => {
      loaded = true;
      parent.postMessage({ id: -1, ok: true } satisfies ReadyMessage);
      if (running === 0) queueMicrotask(waitForTasks);
    },
    (error: unknown) => parent.postMessage({ id: -1, ok: false, error } satisfies ReadyMessage),
  );
}
