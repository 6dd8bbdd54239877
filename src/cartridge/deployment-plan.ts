// What a deployment writes and answers, in the form the validation thread hands to the event loop
// (src/cartridge/validation-thread.ts): the artifact bodies as the UTF-8 bytes of their JSON text, not as
// object graphs. A structured clone of the validated bodies of a 100,000-term dictionary took ~370 ms
// (and a main-thread JSON.stringify of them ~80 ms more, in the store); their JSON text (~20 MB) as a
// string still cost the event loop 200-300 ms per 40 MB to receive on a loaded host, while bytes are
// moved (transferred) to it, and on to the SQLite store's writer thread, without a copy
// (Store.applyCartridge takes EncodedArtifact records).
import type { ArtifactKind, ArtifactResponse, EncodedArtifact } from '../store/store.js';
import type { ArchiveLimits } from './archive-reader.js';
import type { CartridgeIssue } from './cartridge-issue.js';
import type { CartridgeManifest } from './cartridge-model.js';
import { validateCartridge } from './validate-cartridge.js';

/** A planned store write whose body is already encoded: the UTF-8 bytes of its JSON text, in an ArrayBuffer of their own. */
export interface EncodedPlannedArtifact {
  readonly kind: ArtifactKind;
  readonly id: string;
  readonly bodyUtf8: Uint8Array;
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
    artifacts: validation.artifacts.map(({ body, ...rest }) => ({ ...rest, bodyUtf8: utf8Of(JSON.stringify(body)) })),
    responses: validation.responses,
    issues: validation.issues,
  };
}

/** Adds the tenant to planned artifacts, giving the records Store.applyCartridge takes (which may move their bytes). */
export function toEncodedArtifacts(planned: readonly EncodedPlannedArtifact[], tenant: string): EncodedArtifact[] {
  return planned.map(({ bodyUtf8, ...rest }) => ({ ...rest, bodyJson: bodyUtf8, tenant }));
}

/** The buffers of a plan's bodies, to move them rather than copy them between threads. */
export function planBuffers(plan: DeploymentPlan): ArrayBuffer[] {
  return plan.artifacts.map((a) => a.bodyUtf8.buffer as ArrayBuffer);
}

/** UTF-8 of `text` in an ArrayBuffer of its own (never Buffer's shared pool), so it can be transferred. */
function utf8Of(text: string): Uint8Array {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
