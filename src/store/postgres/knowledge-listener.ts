// Cross-replica change notifications (knowledge, and profile/flow definitions): LISTEN on one dedicated
// connection (never a pooled one) to every channel, reconnecting with backoff when it drops. After a
// reconnect, changes may have been missed, so the listeners of every channel are told ANY_TENANT once.
import pg from 'pg';
import { ANY_TENANT } from '../store.js';
import { translatePgError } from './pg-errors.js';

export interface KnowledgeListenerOptions {
  readonly connectionString: string;
  /** Identifiers made only of [a-z0-9_] (validated by the caller). */
  readonly channels: readonly string[];
  readonly connectTimeoutMs: number;
  readonly onBackgroundError: (error: Error) => void;
}

export interface KnowledgeListener {
  subscribe(channel: string, listener: (tenant: string) => void): Promise<() => Promise<void>>;
  /** Tells this process's listeners of a channel at once (a writer's own notification arrives later). */
  deliverLocally(channel: string, tenant: string): void;
  close(): Promise<void>;
}

const MIN_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

export function createKnowledgeListener(options: KnowledgeListenerOptions): KnowledgeListener {
  const byChannel = new Map<string, Set<(tenant: string) => void>>(options.channels.map((c) => [c, new Set()]));
  const listenerCount = (): number => [...byChannel.values()].reduce((n, set) => n + set.size, 0);
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = MIN_RETRY_MS;
  let closed = false;

  function deliver(channel: string, tenant: string): void {
    for (const listener of byChannel.get(channel) ?? []) queueMicrotask(() => listener(tenant));
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: options.connectTimeoutMs });
    next.on('error', (e) => dropped(next, e));
    next.on('end', () => dropped(next, undefined));
    next.on('notification', (msg) => {
      if (byChannel.has(msg.channel) && msg.payload !== undefined) deliver(msg.channel, msg.payload);
    });
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN "${channel}"`);
    } catch (e) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw translatePgError(e);
    }
    if (closed || listenerCount() === 0) {
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
    if (closed || listenerCount() === 0 || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed || listenerCount() === 0) return;
      ensureConnected().then(
        () => {
          retryMs = MIN_RETRY_MS;
          for (const channel of byChannel.keys()) deliver(channel, ANY_TENANT);
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
    async subscribe(channel, listener) {
      if (closed) throw translatePgError(new Error('Client was closed and is not queryable'));
      const listeners = byChannel.get(channel);
      if (listeners === undefined) throw new TypeError(`not a listened channel: ${channel}`);
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
        if (listenerCount() === 0) await disconnect();
      };
    },

    deliverLocally: deliver,

    async close() {
      closed = true;
      for (const listeners of byChannel.values()) listeners.clear();
      await connecting?.catch(() => undefined);
      await disconnect();
    },
  };
}
