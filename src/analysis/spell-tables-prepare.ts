// The spell checker's shared tables at service start (engine/annotators/spell-checker/spell-tables.ts): built
// once per knowledge base, in a child process, when the knowledge base's directory has none that fit it
// (the first start on a new build; `kb build` writes them with the build). Without them (a read-only
// directory, a failed build) every worker builds its own vocabulary, as it always could.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spellTablesStaleReason } from '../engine/annotators/spell-checker/spell-tables.js';
import type { KbHeader } from '../knowledge/compiled-kb.js';
import { KB_FILES } from '../knowledge/kb-files.js';

/** Builds the tables of the knowledge base in `kbDir` when missing or stale; resolves with why they were built, or undefined. */
export async function prepareSpellTablesInChild(kbDir: string): Promise<{ readonly built: boolean; readonly reason?: string; readonly error?: string }> {
  const header = JSON.parse(readFileSync(join(kbDir, KB_FILES.header), 'utf8')) as KbHeader;
  const reason = spellTablesStaleReason(kbDir, header.info.buildId);
  if (reason === undefined) return { built: false };
  // Under tsx the sources are .ts (and process.execArgv carries its loader); built, the compiled .js.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const entry = fileURLToPath(new URL(`./spell-tables-child${ext}`, import.meta.url));
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry, kbDir], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(signal === null ? exitCode : null));
  });
  return code === 0 ? { built: true, reason } : { built: false, reason, error: `the spell-table build ${code === null ? 'was killed' : `exited with ${code}`}` };
}
