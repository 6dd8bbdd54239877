// What a deployment writes and answers, in the form the validation thread hands to the event loop
// (src/cartridge/validation-thread.ts): the artifact bodies as JSON text, not as object graphs. A
// structured clone of the validated bodies of a 100,000-term dictionary took ~370 ms (and a main-thread
// JSON.stringify of them ~80 ms more, in the store); its JSON text (~20 MB) crosses in ~20 ms, and the
// store writes it as is (Store.applyCartridge takes EncodedArtifact records).
import type { ArtifactKind, ArtifactResponse, EncodedArtifact } from '../store/store.js';
import type { ArchiveLimits } from './archive-reader.js';
import type { CartridgeIssue } from './cartridge-issue.js';
import type { CartridgeManifest } from './cartridge-model.js';
import { validateCartridge } from './validate-cartridge.js';

/** A planned store write whose body is already JSON text. */
export interface EncodedPlannedArtifact {
  readonly kind: ArtifactKind;
  readonly id: string;
  readonly bodyJson: string;
  readonly cartridgeId?: string | null;
}

/** The parts of a CartridgeValidation a deployment needs (no parsed model), with encoded bodies. */
export interface DeploymentPlan {
  /** True when no ERROR issue was found: the cartridge can be deployed. */
  readonly ok: boolean;
  readonly manifest?: CartridgeManifest;
  /** Store writes, in order (the preferred flow last). */
  readonly artifacts: readonly EncodedPlannedArtifact[];
  readonly responses: readonly ArtifactResponse[];
  readonly issues: readonly CartridgeIssue[];
}

/** Validates the archive (validateCartridge) and encodes the bodies of what it would write. */
export async function planCartridgeDeployment(archive: Uint8Array, limits: Partial<ArchiveLimits>): Promise<DeploymentPlan> {
  const validation = await validateCartridge(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength), limits);
  return {
    ok: validation.ok,
    ...(validation.manifest === undefined ? {} : { manifest: validation.manifest }),
    artifacts: validation.artifacts.map(({ body, ...rest }) => ({ ...rest, bodyJson: JSON.stringify(body) })),
    responses: validation.responses,
    issues: validation.issues,
  };
}

/** Adds the tenant to planned artifacts, giving the records Store.applyCartridge takes. */
export function toEncodedArtifacts(planned: readonly EncodedPlannedArtifact[], tenant: string): EncodedArtifact[] {
  return planned.map((p) => ({ ...p, tenant }));
}
