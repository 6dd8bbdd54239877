// Turns the files of a cartridge archive into the typed model (cartridge-model.ts).
//
// Layout (ACD export):
//   metadata                                                 cartridge manifest
//   artifacts/<artifactId>/metadata                          artifact metadata (id, name, type, attachments[])
//   artifacts/<artifactId>/attachments/<folder>/metadata     attachment metadata (id, name)
//   artifacts/<artifactId>/attachments/<folder>/<attachmentId>   payload
// Attachments are identified by their metadata, never by folder name. Every problem is an issue
// value naming the artifact it belongs to.

import type { ArchiveFile } from './archive-reader.js';
import { cartridgeIssue, type CartridgeIssue } from './cartridge-issue.js';
import type {
  AttachmentRef,
  CartridgeArtifact,
  CartridgeManifest,
  ParsedCartridge,
} from './cartridge-model.js';
import { buildArtifact, skippedArtifact, type RawArtifact } from './artifact-bodies.js';
import { resolveReferences } from './artifact-references.js';
import { isJsonObject, optionalString, parseJson, stringList, stringOr, type JsonObject } from './json-value.js';

interface FolderFiles {
  metadata?: ArchiveFile;
  /** attachment folder → files in it */
  readonly attachments: Map<string, { metadata?: ArchiveFile; payloads: ArchiveFile[] }>;
}

/** Parses the archive files into a model. Never throws; look at `issues`. */
export function parseCartridge(files: readonly ArchiveFile[]): ParsedCartridge {
  const issues: CartridgeIssue[] = [];
  const { manifestFile, folders } = groupFiles(files, issues);
  if (manifestFile === undefined) {
    issues.push(cartridgeIssue('ERROR', 'MISSING_MANIFEST', 'the archive has no top-level "metadata" file', { path: 'metadata' }));
    return { artifacts: [], artifactIndex: new Map(), attachmentIndex: new Map(), issues };
  }
  const manifestJson = readJsonObject(manifestFile, undefined, issues);
  if (manifestJson === undefined) {
    return { artifacts: [], artifactIndex: new Map(), attachmentIndex: new Map(), issues };
  }

  const raws: RawArtifact[] = [];
  const rawIndex = new Map<string, RawArtifact>();
  const attachmentIndex = new Map<string, string>();
  for (const [folder, content] of [...folders.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const raw = readRawArtifact(folder, content, issues);
    if (raw === undefined) continue;
    if (rawIndex.has(raw.id)) {
      issues.push(cartridgeIssue('ERROR', 'DUPLICATE_ID', `artifact id "${raw.id}" is used by more than one artifact folder`, { artifact: raw.id, path: `artifacts/${folder}/metadata` }));
      continue;
    }
    rawIndex.set(raw.id, raw);
    raws.push(raw);
    for (const att of raw.attachments) {
      const owner = attachmentIndex.get(att.id);
      if (owner !== undefined) {
        issues.push(cartridgeIssue('ERROR', 'DUPLICATE_ID', `attachment id "${att.id}" is also used in artifact "${owner}"`, { artifact: raw.id, path: att.payloadPath ?? `artifacts/${folder}` }));
        continue;
      }
      attachmentIndex.set(att.id, raw.id);
    }
  }

  const manifest = readManifest(manifestJson, raws, issues);
  const listed = new Set(manifest.artifacts);
  const disabled = new Set(manifest.disabledArtifacts);
  const ordered: RawArtifact[] = [];
  for (const id of manifest.artifacts) {
    const raw = rawIndex.get(id);
    if (raw === undefined) {
      issues.push(cartridgeIssue('ERROR', 'MISSING_ARTIFACT_FOLDER', `the manifest lists "${id}" but the archive has no artifacts/${id}/ folder with that id`, { artifact: id, path: 'metadata' }));
    } else {
      ordered.push(raw);
    }
  }
  for (const raw of raws) if (!listed.has(raw.id)) ordered.push(raw);

  const artifacts: CartridgeArtifact[] = [];
  for (const raw of ordered) {
    if (disabled.has(raw.id) || (raw.originalId !== undefined && disabled.has(raw.originalId))) {
      issues.push(cartridgeIssue('INFO', 'DISABLED_ARTIFACT', 'listed in disabledArtifacts; not deployed', { artifact: raw.id }));
      artifacts.push(skippedArtifact(raw, 'skip', 'disabled in the manifest'));
    } else if (!listed.has(raw.id)) {
      issues.push(cartridgeIssue('WARNING', 'UNLISTED_ARTIFACT', 'the manifest "artifacts" list does not name this artifact; not deployed', { artifact: raw.id, path: `artifacts/${raw.folder}/metadata` }));
      artifacts.push(skippedArtifact(raw, 'skip', 'not listed in the manifest'));
    } else {
      artifacts.push(buildArtifact(raw, issues));
    }
  }

  const artifactIndex = new Map<string, CartridgeArtifact>(artifacts.map((a) => [a.id, a]));
  const resolved = resolveReferences(artifacts, artifactIndex, attachmentIndex, manifest.id, issues);
  const resolvedIndex = new Map<string, CartridgeArtifact>(resolved.map((a) => [a.id, a]));
  return { manifest: resolveManifestRefs(manifest, resolved, issues), artifacts: resolved, artifactIndex: resolvedIndex, attachmentIndex, issues };
}

function groupFiles(files: readonly ArchiveFile[], issues: CartridgeIssue[]): { manifestFile?: ArchiveFile; folders: Map<string, FolderFiles> } {
  let manifestFile: ArchiveFile | undefined;
  const folders = new Map<string, FolderFiles>();
  const folderOf = (name: string): FolderFiles => {
    let f = folders.get(name);
    if (f === undefined) {
      f = { attachments: new Map() };
      folders.set(name, f);
    }
    return f;
  };
  for (const file of files) {
    const parts = file.name.split('/');
    if (parts.length === 1 && parts[0] === 'metadata') {
      manifestFile = file;
      continue;
    }
    const [top, folder, third, attFolder, leaf] = parts;
    if (top === 'artifacts' && folder !== undefined && folder !== '') {
      if (parts.length === 3 && third === 'metadata') {
        folderOf(folder).metadata = file;
        continue;
      }
      if (parts.length === 5 && third === 'attachments' && attFolder !== undefined && attFolder !== '' && leaf !== undefined && leaf !== '') {
        const atts = folderOf(folder).attachments;
        let att = atts.get(attFolder);
        if (att === undefined) {
          att = { payloads: [] };
          atts.set(attFolder, att);
        }
        if (leaf === 'metadata') att.metadata = file;
        else att.payloads.push(file);
        continue;
      }
    }
    issues.push(cartridgeIssue('WARNING', 'STRAY_FILE', 'file is outside the cartridge layout; ignored', { path: file.name }));
  }
  return { manifestFile, folders };
}

function readRawArtifact(folder: string, content: FolderFiles, issues: CartridgeIssue[]): RawArtifact | undefined {
  const metaPath = `artifacts/${folder}/metadata`;
  if (content.metadata === undefined) {
    issues.push(cartridgeIssue('ERROR', 'INVALID_ARTIFACT_METADATA', 'artifact folder has no metadata file', { artifact: folder, path: metaPath }));
    return undefined;
  }
  const meta = readJsonObject(content.metadata, folder, issues);
  if (meta === undefined) return undefined;
  const id = optionalString(meta.id);
  const type = optionalString(meta.type);
  if (id === undefined || type === undefined) {
    issues.push(cartridgeIssue('ERROR', 'INVALID_ARTIFACT_METADATA', 'artifact metadata needs string "id" and "type"', { artifact: id ?? folder, path: metaPath }));
    return undefined;
  }
  if (id !== folder) {
    issues.push(cartridgeIssue('WARNING', 'FOLDER_ID_MISMATCH', `folder "${folder}" holds artifact "${id}"`, { artifact: id, path: metaPath }));
  }
  const attachments: AttachmentRef[] = [];
  const payloads = new Map<string, ArchiveFile>();
  const declared = Array.isArray(meta.attachments) ? meta.attachments.filter(isJsonObject) : [];
  const seenIds = new Set<string>();
  for (const [attFolder, att] of [...content.attachments.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const attPath = `artifacts/${folder}/attachments/${attFolder}`;
    let attId: string | undefined;
    let attName: string | undefined;
    if (att.metadata !== undefined) {
      const attMeta = readJsonObject(att.metadata, id, issues);
      attId = attMeta === undefined ? undefined : optionalString(attMeta.id);
      attName = attMeta === undefined ? undefined : optionalString(attMeta.name);
      if (attMeta !== undefined && attId === undefined) {
        issues.push(cartridgeIssue('ERROR', 'INVALID_ARTIFACT_METADATA', 'attachment metadata needs a string "id"', { artifact: id, path: `${attPath}/metadata` }));
      }
    } else {
      // No attachment metadata: fall back to the single payload's file name as its id.
      const only = att.payloads.length === 1 ? att.payloads[0] : undefined;
      attId = only?.name.slice(attPath.length + 1);
      issues.push(cartridgeIssue('WARNING', 'INVALID_ARTIFACT_METADATA', 'attachment folder has no metadata file', { artifact: id, path: attPath }));
    }
    if (attId === undefined) continue;
    if (seenIds.has(attId)) {
      issues.push(cartridgeIssue('ERROR', 'DUPLICATE_ID', `attachment id "${attId}" appears twice in this artifact`, { artifact: id, path: attPath }));
      continue;
    }
    seenIds.add(attId);
    const payload = att.payloads.find((p) => p.name === `${attPath}/${attId}`) ?? (att.payloads.length === 1 ? att.payloads[0] : undefined);
    if (payload !== undefined) payloads.set(attId, payload);
    else if (att.payloads.length > 1) {
      issues.push(cartridgeIssue('ERROR', 'MISSING_PAYLOAD', `attachment "${attId}" has several files and none is named after its id`, { artifact: id, path: attPath }));
    }
    attachments.push({ id: attId, name: attName ?? stringOr(declared.find((d) => d.id === attId)?.name, attId), folder: attFolder, ...(payload === undefined ? {} : { payloadPath: payload.name }) });
  }
  for (const d of declared) {
    const declaredId = optionalString(d.id);
    if (declaredId !== undefined && !seenIds.has(declaredId)) {
      attachments.push({ id: declaredId, name: stringOr(d.name, declaredId), folder: '' });
    }
  }
  return {
    id,
    type,
    folder,
    name: stringOr(meta.name, id),
    ...(typeof meta.description === 'string' && meta.description !== '' ? { description: meta.description } : {}),
    ...(optionalString(meta.originalId) === undefined ? {} : { originalId: meta.originalId as string }),
    metadata: meta,
    attachments,
    payloads,
  };
}

/**
 * Most artifact ids a manifest may list: an archive holds at most 5,000 entries (the default maxEntries)
 * and every artifact needs its own metadata entry (the real ACD cartridge lists 38).
 */
export const MAX_MANIFEST_ARTIFACTS = 5_000;

function readManifest(json: JsonObject, raws: readonly RawArtifact[], issues: CartridgeIssue[]): CartridgeManifest {
  const at = { path: 'metadata' };
  const id = optionalString(json.id) ?? '';
  if (id === '') issues.push(cartridgeIssue('ERROR', 'INVALID_MANIFEST', 'the manifest needs a string "id"', at));
  const name = optionalString(json.name) ?? id;
  if (optionalString(json.name) === undefined) issues.push(cartridgeIssue('WARNING', 'INVALID_MANIFEST', 'the manifest has no "name"; the id is used', at));
  let namespace = optionalString(json.namespace);
  if (namespace === undefined) {
    namespace = id.includes('.') ? id.slice(0, id.indexOf('.')) : '';
    issues.push(cartridgeIssue('WARNING', 'INVALID_MANIFEST', `the manifest has no "namespace"; "${namespace}" is taken from the id`, at));
  }
  let artifacts = stringList(json.artifacts);
  if (!Array.isArray(json.artifacts)) {
    issues.push(cartridgeIssue('WARNING', 'INVALID_MANIFEST', 'the manifest has no "artifacts" list; every artifact folder is deployed', at));
    artifacts = raws.map((r) => r.id);
  } else if (artifacts.length !== json.artifacts.length) {
    issues.push(cartridgeIssue('ERROR', 'INVALID_MANIFEST', '"artifacts" must be a list of strings', at));
  }
  let uniqueArtifacts = [...new Set(artifacts)];
  if (uniqueArtifacts.length !== artifacts.length) {
    issues.push(cartridgeIssue('WARNING', 'DUPLICATE_ID', 'the manifest lists some artifact ids more than once', at));
  }
  if (uniqueArtifacts.length > MAX_MANIFEST_ARTIFACTS) {
    // Checked here, not id by id: each missing id would become an issue and a stored artifactResponse.
    const count = (n: number) => n.toLocaleString('en-US');
    issues.push(cartridgeIssue('ERROR', 'INVALID_MANIFEST', `"artifacts" lists ${count(uniqueArtifacts.length)} ids; a cartridge has at most ${count(MAX_MANIFEST_ARTIFACTS)} artifacts`, at));
    uniqueArtifacts = [];
  }
  const profile = optionalString(json.profile);
  const preferredFlowId = optionalString(json.preferredFlowId);
  const publishDate = optionalString(json.publishDate);
  const originalId = optionalString(json.originalId);
  return {
    id,
    name,
    namespace,
    version: stringOr(json.version, ''),
    description: stringOr(json.description, ''),
    artifacts: uniqueArtifacts,
    disabledArtifacts: stringList(json.disabledArtifacts),
    ...(profile === undefined ? {} : { profile: resolveLocalId(profile, id, originalId, raws) }),
    ...(preferredFlowId === undefined ? {} : { preferredFlowId: resolveLocalId(preferredFlowId, id, originalId, raws), rawPreferredFlowId: preferredFlowId }),
    ...(publishDate === undefined ? {} : { publishDate }),
  };
}

/**
 * ACD manifests name the preferred flow (and possibly the profile) by its authoring id (`clinical_insights_standard_flow`,
 * where `clinical_insights` is the manifest originalId), not by artifact id. Maps it to the artifact id.
 */
function resolveLocalId(value: string, cartridgeId: string, originalId: string | undefined, raws: readonly RawArtifact[]): string {
  if (raws.some((r) => r.id === value)) return value;
  const byOriginal = raws.find((r) => r.originalId === value);
  if (byOriginal !== undefined) return byOriginal.id;
  if (originalId !== undefined && value.startsWith(`${originalId}_`)) {
    const candidate = `${cartridgeId}_${value.slice(originalId.length + 1)}`;
    if (raws.some((r) => r.id === candidate)) return candidate;
  }
  const prefixed = `${cartridgeId}_${value}`;
  if (raws.some((r) => r.id === prefixed)) return prefixed;
  return value;
}

function resolveManifestRefs(manifest: CartridgeManifest, artifacts: readonly CartridgeArtifact[], issues: CartridgeIssue[]): CartridgeManifest {
  const deployed = (type: string, id: string | undefined): boolean =>
    id !== undefined && artifacts.some((a) => a.id === id && a.type === type && a.disposition === 'deploy');
  if (manifest.profile !== undefined && !deployed('profile', manifest.profile)) {
    issues.push(cartridgeIssue('WARNING', 'MISSING_PROFILE', `the manifest profile "${manifest.profile}" is not a profile of this archive`, { path: 'metadata' }));
  }
  if (manifest.preferredFlowId !== undefined && !deployed('flow', manifest.preferredFlowId)) {
    issues.push(cartridgeIssue('WARNING', 'MISSING_PREFERRED_FLOW', `the manifest preferredFlowId "${manifest.rawPreferredFlowId ?? manifest.preferredFlowId}" is not a flow of this archive`, { path: 'metadata' }));
  }
  return manifest;
}

function readJsonObject(file: ArchiveFile, artifact: string | undefined, issues: CartridgeIssue[]): JsonObject | undefined {
  const where = artifact === undefined ? { path: file.name } : { path: file.name, artifact };
  const parsed = parseJson(file.data);
  if (!parsed.ok) {
    issues.push(cartridgeIssue('ERROR', 'MALFORMED_JSON', `malformed JSON: ${parsed.error}`, where));
    return undefined;
  }
  if (!isJsonObject(parsed.value)) {
    issues.push(cartridgeIssue('ERROR', 'MALFORMED_JSON', 'expected a JSON object', where));
    return undefined;
  }
  return parsed.value;
}
