// The SQLite writer thread (writer-thread.ts starts one per large write): opens its own connection to the
// store's file, applies the cartridge in one IMMEDIATE transaction, checkpoints the write-ahead log (so the
// event loop's next commit does not copy tens of MB into the database file), answers and ends.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { applyCartridgeTransaction } from './apply-cartridge.js';
import type { WriterReply, WriterTask } from './writer-thread.js';

function run(task: WriterTask): WriterReply {
  let db: Database.Database | undefined;
  try {
    db = new Database(task.file, { fileMustExist: true });
    db.pragma(`busy_timeout = ${Math.trunc(task.busyTimeoutMs)}`);
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    const applied = applyCartridgeTransaction(db).immediate(task.tenant, task.cartridgeId, task.artifacts, task.job);
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy readers or writers of other processes: the log is checkpointed by a later commit instead.
    }
    return { ok: true, applied };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { ok: false, message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
  } finally {
    db?.close();
  }
}

const port = parentPort;
if (port === null) throw new Error('writer-worker runs in a worker thread');
port.postMessage(run(workerData as WriterTask));
