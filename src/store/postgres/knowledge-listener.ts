// Cross-replica knowledge-change notifications: LISTEN on a dedicated connection (never a pooled
// one), reconnecting with backoff when it drops. After a reconnect, changes may have been missed,
// so listeners are told ANY_TENANT once.
import pg from 'pg';
import { ANY_TENANT } from '../store.js';
import { translatePgError } from './pg-errors.js';

export interface KnowledgeListenerOptions {
  readonly connectionString: string;
  /** An identifier made only of [a-z0-9_] (validated by the caller). */
  readonly channel: string;
  readonly connectTimeoutMs: number;
  readonly onBackgroundError: (error: Error) => void;
}

export interface KnowledgeListener {
  subscribe(listener: (tenant: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIN_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

export function createKnowledgeListener(options: KnowledgeListenerOptions): KnowledgeListener {
  const listeners = new Set<(tenant: string) => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = MIN_RETRY_MS;
  let closed = false;

  function deliver(tenant: string): void {
    for (const listener of listeners) queueMicrotask(() => listener(tenant));
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: options.connectTimeoutMs });
    next.on('error', (e) => dropped(next, e));
    next.on('end', () => dropped(next, undefined));
    next.on('notification', (msg) => {
      if (msg.channel === options.channel && msg.payload !== undefined) deliver(msg.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${options.channel}"`);
    } catch (e) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw translatePgError(e);
    }
    if (closed || listeners.size === 0) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }

  /** Shares one connection attempt between concurrent callers. */
  function ensureConnected(): Promise<void> {
    if (client !== undefined) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function dropped(which: pg.Client, error: Error | undefined): void {
    if (which !== client) return;
    client = undefined;
    if (error !== undefined) options.onBackgroundError(error);
    which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || listeners.size === 0 || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed || listeners.size === 0) return;
      ensureConnected().then(
        () => {
          retryMs = MIN_RETRY_MS;
          deliver(ANY_TENANT);
        },
        (e: unknown) => {
          options.onBackgroundError(e as Error);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  async function disconnect(): Promise<void> {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    const current = client;
    client = undefined;
    if (current !== undefined) await current.end().catch(() => undefined);
  }

  return {
    async subscribe(listener) {
      if (closed) throw translatePgError(new Error('Client was closed and is not queryable'));
      const own = (tenant: string): void => listener(tenant);
      listeners.add(own);
      try {
        await ensureConnected();
      } catch (e) {
        listeners.delete(own);
        throw e;
      }
      return async () => {
        listeners.delete(own);
        if (listeners.size === 0) await disconnect();
      };
    },

    async close() {
      closed = true;
      listeners.clear();
      await connecting?.catch(() => undefined);
      await disconnect();
    },
  };
}
