#!/usr/bin/env node
// The command-line entry point: `clinical-annotator <command> [args]`. Each command lives in its own
// file (src/cli/<name>-command.ts) and is listed once in COMMANDS below; add a command with one line.
// A command returns its process exit code; domain errors map to exit codes via exitCodeFor().
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config.js';
import { isDomainError } from '../errors.js';
import { serveCommand } from './serve-command.js';
import { cartridgeCommand } from './cartridge-command.js';
import { kbCommand } from './kb-command.js';
import { analyzeCommand } from './analyze-command.js';
import { batchCommand } from './batch-command.js';

export interface CliCommand {
  /** The word typed after `clinical-annotator` (may contain a space for sub-commands, e.g. `kb build`). */
  readonly name: string;
  readonly summary: string;
  /** Receives the arguments after the command name; resolves to the process exit code. */
  run(argv: readonly string[]): Promise<number>;
}

export const COMMANDS: readonly CliCommand[] = [
  serveCommand,
  cartridgeCommand,
  kbCommand,
  analyzeCommand,
  batchCommand,
];

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 6);
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return ['Usage: clinical-annotator <command> [args]', '', 'Commands:', ...lines, `  ${'--help'.padEnd(width)}  Show this help`, ''].join('\n');
}

/** Finds the command whose (possibly multi-word) name is the longest prefix of argv. */
export function findCommand(argv: readonly string[]): { command: CliCommand; rest: readonly string[] } | undefined {
  let best: { command: CliCommand; rest: readonly string[] } | undefined;
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w) && (best === undefined || words.length > best.command.name.split(' ').length)) {
      best = { command, rest: argv.slice(words.length) };
    }
  }
  return best;
}

/** Exit codes: 0 ok, 1 unexpected, 2 usage, 3 invalid input (400-class), 4 not found, 5 conflict, 6 unavailable. */
export function exitCodeFor(error: unknown): number {
  if (!isDomainError(error)) return 1;
  if (error.status === 404) return 4;
  if (error.status === 409) return 5;
  if (error.status >= 500) return 6;
  return 3;
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    process.stdout.write(usage());
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (found === undefined) {
    process.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${usage()}`);
    return 2;
  }
  try {
    return await found.command.run(found.rest);
  } catch (error) {
    if (isDomainError(error)) {
      process.stderr.write(`${error.kind}: ${error.description}\n`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    return exitCodeFor(error);
  }
}

/** True when this file is the process entry point (also through the npm bin symlink). */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
