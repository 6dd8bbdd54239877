// The default cartridge's artifacts in memory, without a store: built from its sources and validated by
// the same functions a deployment uses. For in-process runs of the standard flow (evaluation, bench);
// the service itself deploys the cartridge through the store.
import { DEFAULT_FLOW_ID, DEFAULT_PROFILE_ID } from '../artifacts/aliases.js';
import type { AcdAnnotatorFlow, AcdProfile } from '../engine/flow-types.js';
import type { ArtifactLookup } from '../engine/resources.js';
import type { ArtifactKind } from '../store/store.js';
import { buildCartridge } from './build-cartridge.js';
import { defaultCartridgeDir } from './default-cartridge.js';
import { validateCartridge } from './validate-cartridge.js';

export interface DefaultCartridgeArtifacts {
  readonly artifacts: ArtifactLookup;
  /** The standard flow's annotator flows (they name the default profile). */
  readonly standardFlow: readonly AcdAnnotatorFlow[];
  readonly profiles: Readonly<Record<string, AcdProfile>>;
}

export async function loadDefaultCartridgeArtifacts(dir = defaultCartridgeDir()): Promise<DefaultCartridgeArtifacts> {
  const built = await buildCartridge(dir);
  if (!built.ok || built.archive === undefined) throw new Error(`default cartridge does not build: ${JSON.stringify(built.issues)}`);
  const validation = await validateCartridge(built.archive);
  if (!validation.ok) throw new Error(`default cartridge is invalid: ${JSON.stringify(validation.issues)}`);
  const byKind = new Map<ArtifactKind, Map<string, unknown>>();
  for (const a of validation.artifacts) {
    let map = byKind.get(a.kind);
    if (map === undefined) byKind.set(a.kind, (map = new Map()));
    map.set(a.id, a.body);
  }
  const flow = byKind.get('flow')?.get(DEFAULT_FLOW_ID) as { annotatorFlows?: AcdAnnotatorFlow[] } | undefined;
  const profile = byKind.get('profile')?.get(DEFAULT_PROFILE_ID) as AcdProfile | undefined;
  if (flow?.annotatorFlows === undefined || profile === undefined) throw new Error('default cartridge lacks its standard flow or profile');
  return {
    artifacts: { get: (kind, id) => byKind.get(kind)?.get(id) },
    standardFlow: flow.annotatorFlows,
    profiles: { [DEFAULT_PROFILE_ID]: profile },
  };
}
