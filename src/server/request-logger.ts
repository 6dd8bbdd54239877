// The request's logger (request.log), made only when something logs through it. Fastify gives every
// request a child of the service logger bound to its correlation id; pino builds a child by copying the
// parent's state and serialising the bindings, ~2 µs per request, although a request that succeeds logs
// only its access line, which buildApp writes through the service logger itself with the same fields in
// the same order (src/server/app.ts). This stand-in holds the parent and the bindings, and makes the
// real child the first time a line goes through it (an error, a route's own line).
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

function forward(logger: FastifyBaseLogger, method: LevelMethod, args: unknown[]): void {
  (logger[method] as (...a: unknown[]) => void).apply(logger, args);
}

class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  // Each method forwards whatever arguments pino's LogFn overloads accept (prototype methods: nothing is
  // allocated per request until a line is written).
  fatal(...args: unknown[]): void {
    forward(this.#real(), 'fatal', args);
  }

  error(...args: unknown[]): void {
    forward(this.#real(), 'error', args);
  }

  warn(...args: unknown[]): void {
    forward(this.#real(), 'warn', args);
  }

  info(...args: unknown[]): void {
    forward(this.#real(), 'info', args);
  }

  debug(...args: unknown[]): void {
    forward(this.#real(), 'debug', args);
  }

  trace(...args: unknown[]): void {
    forward(this.#real(), 'trace', args);
  }

  silent(...args: unknown[]): void {
    forward(this.#real(), 'silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: request.log as a child made on first use. */
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options);
}
