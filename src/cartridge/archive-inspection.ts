// The check a cartridge submission makes while the client waits (POST/PUT /v1/cartridges), before the
// job is recorded. It runs on the validation thread (validation-thread.ts): reading the archive
// inflates every entry, dictionaries included.
import { readArchive, type ArchiveLimits } from './archive-reader.js';
import { cartridgeIssue, type CartridgeIssue } from './cartridge-issue.js';
import type { CartridgeManifest } from './cartridge-model.js';
import { checkCartridgeId } from './check-definitions.js';
import { parseCartridge } from './parse-cartridge.js';

/** What a submission needs to know before the job runs: the manifest, archive-level problems and the artifact ids. */
export interface ArchiveInspection {
  readonly manifest?: CartridgeManifest;
  /** ERROR issues of the archive as a whole; empty when the job may be recorded. */
  readonly problems: readonly CartridgeIssue[];
  /** Ids of the artifacts the archive would write or reject (skipped predefined ones excluded). */
  readonly artifactIds: readonly string[];
}

/**
 * The cheap check done while the client waits: the whole archive is read under the limits (sizes,
 * entry count, compression ratio, unsafe names) but only the metadata files are parsed, so large
 * dictionaries are not compiled twice. The job runs the full validation (validateCartridge).
 */
export async function inspectArchive(archive: Buffer, limits: Partial<ArchiveLimits>): Promise<ArchiveInspection> {
  const read = await readArchive(archive, limits);
  if (!read.ok) return { problems: read.issues.filter((i) => i.level === 'ERROR'), artifactIds: [] };
  const parsed = parseCartridge(read.files.filter((f) => f.name === 'metadata' || f.name.endsWith('/metadata')));
  const problems = parsed.issues.filter((i) => i.level === 'ERROR' && i.artifact === undefined);
  const manifest = parsed.manifest;
  if (manifest === undefined) return { problems: problems.length > 0 ? problems : parsed.issues.filter((i) => i.level === 'ERROR'), artifactIds: [] };
  if (manifest.id !== '') {
    const bad = checkCartridgeId(manifest.id, manifest.namespace);
    if (bad !== null) problems.push(cartridgeIssue('ERROR', 'INVALID_ID', bad, { path: 'metadata' }));
  }
  const artifactIds = parsed.artifacts.filter((a) => a.disposition !== 'skip').map((a) => a.id);
  return { manifest, problems, artifactIds };
}

