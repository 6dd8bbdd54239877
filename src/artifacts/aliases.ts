// Compatibility aliases: the ids ACD clients hard-code (the SDK tests use
// `wh_acd.ibm_clinical_insights_v1.0_standard_flow` and friends) resolve, read-only, to the artifacts of
// this service's default cartridge. The alias applies only when neither the tenant nor the system tenant
// has an artifact (or deployment) of the requested id itself: a real deployed ACD cartridge always wins.
// The table lives here once; the read paths (profiles, flows, cartridge status, analysis) call
// `readWithAlias`. Writes never follow aliases. The lists (GET /v1/profiles, GET /v1/flows) show each
// alias whose target exists beside it, the target's summary marked `"aliasOf": "<target id>"`
// (persisted-artifacts.ts listArtifacts), so a client that looks an ACD id up in the list finds it.

/** Id of the default cartridge this service builds from resources/cartridges and deploys at start. */
export const DEFAULT_CARTRIDGE_ID = 'clinical_annotator.clinical_insights_v1.0';
export const DEFAULT_FLOW_ID = `${DEFAULT_CARTRIDGE_ID}_standard_flow`;
export const DEFAULT_PROFILE_ID = `${DEFAULT_CARTRIDGE_ID}_profile`;

export type AliasKind = 'profile' | 'flow' | 'cartridge';

const ACD_CARTRIDGES = ['wh_acd.ibm_clinical_insights_v1.0', 'acd.acd_clinical_insights_v1.0'] as const;

/** alias id → id of the default cartridge's artifact (or the cartridge itself), per kind. */
export const ALIASES: Readonly<Record<AliasKind, ReadonlyMap<string, string>>> = {
  flow: new Map(ACD_CARTRIDGES.map((c) => [`${c}_standard_flow`, DEFAULT_FLOW_ID])),
  profile: new Map(ACD_CARTRIDGES.map((c) => [`${c}_profile`, DEFAULT_PROFILE_ID])),
  cartridge: new Map(ACD_CARTRIDGES.map((c) => [c, DEFAULT_CARTRIDGE_ID])),
};

/** The id an alias stands for, or undefined when `id` is no alias of this kind. */
export function aliasTarget(kind: AliasKind, id: string): string | undefined {
  return ALIASES[kind].get(id);
}

/**
 * Reads `id` with `read` (which already does the tenant → system-tenant fallback); when nothing has that
 * id and it is an alias, reads the alias target instead. `aliased` tells the caller to present the result
 * under the requested id.
 */
export async function readWithAlias<T>(kind: AliasKind, id: string, read: (id: string) => Promise<T | undefined>): Promise<{ value: T; aliased: boolean } | undefined> {
  const own = await read(id);
  if (own !== undefined) return { value: own, aliased: false };
  const target = aliasTarget(kind, id);
  if (target === undefined) return undefined;
  const value = await read(target);
  return value === undefined ? undefined : { value, aliased: true };
}
