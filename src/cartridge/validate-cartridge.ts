// validateCartridge: the one entry point the deployment job, the HTTP routes and the CLI call.
// Reads the archive under limits, parses the layout, checks every artifact, and plans what a
// deployment writes (store records, preferred flow last) and answers (artifactResponse entries).

import type { ValidationIssue } from '../errors.js';
import type { ArtifactResponse, NewArtifact } from '../store/store.js';
import { readArchive, type ArchiveLimits } from './archive-reader.js';
import { NOT_APPLIED_CODES, cartridgeIssue, hasErrors, type CartridgeIssue, type CartridgeIssueCode } from './cartridge-issue.js';
import type { CartridgeArtifact, CartridgeManifest, DeployableArtifact, ParsedCartridge, PlannedArtifact } from './cartridge-model.js';
import {
  EMPTY_ELEMENTS,
  checkCartridgeId,
  isValidArtifactId,
  validateAttributeSetBody,
  validateConceptRulesBody,
  validateFilterBody,
  validateFlowBody,
  validateLibraryBody,
  validateProfileBody,
} from './check-definitions.js';
import { validateFilter } from './filter-condition.js';
import { MAX_BODY_DEPTH, jsonDepthExceeds } from './json-value.js';
import { parseCartridge } from './parse-cartridge.js';

export interface CartridgeValidation {
  /** True when no ERROR issue was found: the cartridge can be deployed. */
  readonly ok: boolean;
  readonly manifest?: CartridgeManifest;
  /** Store writes a deployment must apply, in order (the preferred flow last). Empty when the archive is unreadable. */
  readonly artifacts: readonly PlannedArtifact[];
  /** One planned artifactResponse entry per artifact of the archive (and per listed-but-missing artifact). */
  readonly responses: readonly ArtifactResponse[];
  readonly issues: readonly CartridgeIssue[];
  /** The full parsed model (artifacts with their dispositions, attachment index). */
  readonly parsed?: ParsedCartridge;
}

/**
 * Reads, parses and checks a cartridge archive. Never throws for bad input.
 * @example
 *   const v = await validateCartridge(zipBytes);
 *   if (v.ok) await store.applyCartridge(tenant, v.manifest!.id, toNewArtifacts(v.artifacts, tenant));
 */
export async function validateCartridge(archive: Buffer, limits: Partial<ArchiveLimits> = {}): Promise<CartridgeValidation> {
  const read = await readArchive(archive, limits);
  if (!read.ok) return { ok: false, artifacts: [], responses: [], issues: read.issues };
  const parsed = parseCartridge(read.files);
  const issues: CartridgeIssue[] = [...parsed.issues];
  if (parsed.manifest !== undefined) checkIds(parsed.manifest, parsed.artifacts, issues);
  for (const a of parsed.artifacts) if (a.disposition === 'deploy') checkBody(a, issues);
  const plan = planDeployment(parsed, issues);
  return {
    ok: parsed.manifest !== undefined && !hasErrors(issues),
    ...(parsed.manifest === undefined ? {} : { manifest: parsed.manifest }),
    artifacts: plan.artifacts,
    responses: plan.responses,
    issues,
    parsed,
  };
}

/** Adds the tenant to planned artifacts, giving the records Store.applyCartridge takes. */
export function toNewArtifacts(planned: readonly PlannedArtifact[], tenant: string): NewArtifact[] {
  return planned.map((p) => ({ ...p, tenant }));
}

function checkIds(manifest: CartridgeManifest, artifacts: readonly CartridgeArtifact[], issues: CartridgeIssue[]): void {
  if (manifest.id !== '') {
    const problem = checkCartridgeId(manifest.id, manifest.namespace);
    if (problem !== null) issues.push(cartridgeIssue('ERROR', 'INVALID_ID', problem, { path: 'metadata' }));
  }
  for (const a of artifacts) {
    if (!isValidArtifactId(a.id)) {
      issues.push(cartridgeIssue(a.disposition === 'deploy' ? 'ERROR' : 'WARNING', 'INVALID_ID', 'artifact ids are 1-256 letters, digits, ".", "_", "-" and do not start with a dot', { artifact: a.id }));
    }
  }
}

function checkBody(a: DeployableArtifact, issues: CartridgeIssue[]): void {
  if (jsonDepthExceeds(a.body, MAX_BODY_DEPTH)) {
    issues.push(cartridgeIssue('ERROR', 'INVALID_ARTIFACT_BODY', `body nests deeper than ${MAX_BODY_DEPTH} levels`, { artifact: a.id }));
    return;
  }
  const add = (code: CartridgeIssueCode, list: readonly ValidationIssue[], level: 'ERROR' | 'WARNING' = 'ERROR'): void => {
    for (const i of list) issues.push(cartridgeIssue(level, code, i.message, { artifact: a.id, path: i.path }));
  };
  switch (a.type) {
    case 'profile': {
      const found = validateProfileBody(a.body);
      add('UNKNOWN_ANNOTATOR', found.filter(isUnknownAnnotator));
      add('INVALID_PROFILE', found.filter((i) => !isUnknownAnnotator(i)));
      return;
    }
    case 'flow': {
      const found = validateFlowBody(a.body);
      const empty = (i: ValidationIssue): boolean => i.message === EMPTY_ELEMENTS;
      add('UNKNOWN_ANNOTATOR', found.filter(isUnknownAnnotator));
      add('EMPTY_FLOW', found.filter(empty), 'WARNING');
      add('INVALID_FLOW', found.filter((i) => !isUnknownAnnotator(i) && !empty(i)));
      return;
    }
    case 'filter':
      add('INVALID_FILTER', validateFilterBody(a.body));
      return;
    case 'concept_filter':
      add('INVALID_FILTER', validateFilter(a.body, ''));
      return;
    case 'attribute_set': {
      const r = validateAttributeSetBody(a.body);
      add('INVALID_ARTIFACT_BODY', r.shape);
      add('INVALID_CONDITION', r.conditions);
      return;
    }
    case 'concept_inference_rules': {
      const r = validateConceptRulesBody(a.body);
      add('INVALID_ARTIFACT_BODY', r.shape);
      add('INVALID_CONDITION', r.conditions);
      return;
    }
    case 'library':
      add('INVALID_ARTIFACT_BODY', validateLibraryBody(a.body));
      return;
    case 'inference_rules':
    case 'dictionary':
      return; // inference_rules: free-form rule definitions; dictionaries were checked while parsing
  }
}

function isUnknownAnnotator(i: ValidationIssue): boolean {
  return i.message.startsWith('unknown annotator');
}

const WRITE_ORDER: Readonly<Record<string, number>> = {
  dictionary: 0, library: 1, filter: 2, concept_filter: 3, concept_inference_rules: 4, inference_rules: 5, attribute_set: 6, profile: 7, flow: 8,
};

const KIND_LABEL: Readonly<Record<string, string>> = {
  profile: 'Profile', flow: 'Flow', attribute_set: 'Attribute set', inference_rules: 'Inference rules',
  concept_inference_rules: 'Concept inference rules', concept_filter: 'Concept filter', filter: 'Filter',
  dictionary: 'Dictionary', library: 'Library', model: 'Model', document: 'Document',
};

/**
 * Store writes (without tenant) and artifactResponse entries. Artifacts with an ERROR issue are not
 * written and answer code 400; skipped artifacts answer 200 "Skipped" at level WARNING; the others
 * answer 201 "Created" (the job turns them into 200 "OK" ... "updated." when they already existed).
 */
export function planDeployment(parsed: ParsedCartridge, issues: readonly CartridgeIssue[]): { artifacts: PlannedArtifact[]; responses: ArtifactResponse[] } {
  const cartridgeId = parsed.manifest?.id ?? '';
  const preferred = parsed.manifest?.preferredFlowId;
  // The first ERROR message of each failed artifact, indexed once (a search per artifact is quadratic).
  const firstErrors = new Map<string, string>();
  for (const i of issues) if (i.level === 'ERROR' && i.artifact !== undefined && !firstErrors.has(i.artifact)) firstErrors.set(i.artifact, i.message);
  const firstError = (id: string): string => firstErrors.get(id) ?? 'invalid artifact';
  // What of a deployed artifact is not applied (lenient-bodies.ts): its response is a WARNING that says so.
  const notApplied = new Map<string, string[]>();
  for (const i of issues) {
    if (i.artifact === undefined || !NOT_APPLIED_CODES.has(i.code)) continue;
    const list = notApplied.get(i.artifact) ?? [];
    list.push(i.path === '' ? i.message : `${i.path}: ${i.message}`);
    notApplied.set(i.artifact, list);
  }
  const responses: ArtifactResponse[] = [];
  const writes: DeployableArtifact[] = [];
  const known = new Set<string>();
  for (const a of parsed.artifacts) {
    known.add(a.id);
    const label = KIND_LABEL[a.type] ?? `Artifact (${a.type})`;
    if (a.disposition === 'error' || firstErrors.has(a.id)) {
      responses.push({ code: 400, message: 'Bad Request', level: 'ERROR', description: `${label} ${a.id} not deployed: ${firstError(a.id)}`, artifact: a.id });
    } else if (a.disposition === 'skip') {
      responses.push({ code: 200, message: 'Skipped', level: 'WARNING', description: `${label} ${a.id} skipped: ${a.reason}.`, artifact: a.id });
    } else if (a.disposition === 'deploy') {
      const partial = notApplied.get(a.id);
      responses.push(partial === undefined
        ? { code: 201, message: 'Created', level: 'INFO', description: `${label} ${a.id} created.`, artifact: a.id }
        : { code: 201, message: 'Created', level: 'WARNING', description: `${label} ${a.id} created; not applied: ${partial.join('; ')}.`, artifact: a.id });
      writes.push(a);
    }
  }
  for (const id of firstErrors.keys()) {
    if (!known.has(id)) responses.push({ code: 404, message: 'Not Found', level: 'ERROR', description: `Artifact ${id} not deployed: ${firstError(id)}`, artifact: id });
  }
  const rank = (a: DeployableArtifact): number => (a.type === 'flow' && a.id === preferred ? 9 : WRITE_ORDER[a.type] ?? 8);
  const artifacts = writes
    .map((a, index) => ({ a, index }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.index - y.index)
    .map(({ a }): PlannedArtifact => ({ kind: a.type, id: a.id, body: a.body, cartridgeId }));
  return { artifacts, responses };
}
