// Builds a cartridge zip in the real ACD layout from a folder of sources:
//   cartridge.json                       manifest: id, name, namespace, version, description, profile, preferredFlowId
//   profiles/*.json  flows/*.json  filters/*.json  concept_filters/*.json  attribute_sets/*.json
//   inference_rules/*.json  concept_inference_rules/*.json  libraries/*.json
//   dictionaries/*.json | *.csv          ACD dictionary JSON, or CSV (see csv-dictionary.ts)
// An artifact's id is the `id` in its JSON when given, else `<cartridgeId>_<file name without extension>`.
// Output is deterministic: entries sorted by path, fixed timestamps and modes.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import yazl from 'yazl';
import type { ValidationIssue } from '../errors.js';
import type { ArtifactKind } from '../store/store.js';
import { csvToDictionarySource } from './csv-dictionary.js';
import { isJsonObject, optionalString, parseJson, type JsonObject } from './json-value.js';

/** Source subfolder → artifact type. */
export const SOURCE_FOLDERS: Readonly<Record<string, ArtifactKind>> = {
  profiles: 'profile',
  flows: 'flow',
  filters: 'filter',
  concept_filters: 'concept_filter',
  attribute_sets: 'attribute_set',
  inference_rules: 'inference_rules',
  concept_inference_rules: 'concept_inference_rules',
  libraries: 'library',
  dictionaries: 'dictionary',
};

export interface SourceFile {
  /** Path relative to the source folder, with forward slashes (e.g. `flows/standard.json`). */
  readonly path: string;
  readonly text: string;
}

export interface BuildResult {
  readonly ok: boolean;
  readonly archive?: Buffer;
  readonly cartridgeId?: string;
  /** Problems in the sources; `path` names the source file (and line for CSV). */
  readonly issues: readonly ValidationIssue[];
}

/** Reads `cartridge.json` and the known subfolders of `dir`, then builds the archive. */
export async function buildCartridge(dir: string): Promise<BuildResult> {
  const files: SourceFile[] = [];
  const issues: ValidationIssue[] = [];
  let top: string[];
  try {
    top = await readdir(dir);
  } catch (e) {
    return { ok: false, issues: [{ path: dir, message: `cannot read the source folder: ${e instanceof Error ? e.message : String(e)}` }] };
  }
  for (const name of top.sort()) {
    if (name === 'cartridge.json') files.push({ path: name, text: await readFile(join(dir, name), 'utf8') });
    else if (name in SOURCE_FOLDERS) {
      for (const f of (await readdir(join(dir, name), { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name).sort()) {
        files.push({ path: `${name}/${f}`, text: await readFile(join(dir, name, f), 'utf8') });
      }
    } else if (!name.startsWith('.')) {
      issues.push({ path: name, message: 'not a cartridge source (ignored)' });
    }
  }
  const built = await buildCartridgeFromSources(files);
  return { ...built, issues: [...issues, ...built.issues] };
}

interface PlannedEntry {
  readonly path: string;
  readonly data: Buffer;
}

interface SourceArtifact {
  readonly id: string;
  readonly base: string;
  readonly type: ArtifactKind;
  readonly name: string;
  readonly description?: string;
  readonly payload: JsonObject;
  readonly file: string;
}

/** Builds the archive from in-memory sources (what buildCartridge read). */
export async function buildCartridgeFromSources(files: readonly SourceFile[]): Promise<BuildResult> {
  const issues: ValidationIssue[] = [];
  const manifestFile = files.find((f) => f.path === 'cartridge.json');
  if (manifestFile === undefined) return { ok: false, issues: [{ path: 'cartridge.json', message: 'missing cartridge.json' }] };
  const manifestJson = readObject(manifestFile, issues);
  const cartridgeId = optionalString(manifestJson?.id);
  if (manifestJson === undefined || cartridgeId === undefined) {
    if (manifestJson !== undefined) issues.push({ path: 'cartridge.json', message: 'cartridge.json needs a string "id" (<namespace>.<name>)' });
    return { ok: false, issues };
  }
  const artifacts: SourceArtifact[] = [];
  for (const file of files) {
    if (file === manifestFile) continue;
    const slash = file.path.indexOf('/');
    const folder = file.path.slice(0, slash);
    const fileName = file.path.slice(slash + 1);
    const type = SOURCE_FOLDERS[folder];
    const dot = fileName.lastIndexOf('.');
    const ext = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
    const base = dot < 0 ? fileName : fileName.slice(0, dot);
    if (type === undefined) continue;
    const fallbackId = `${cartridgeId}_${base}`;
    if (type === 'dictionary' && ext === 'csv') {
      const csv = csvToDictionarySource(file.text, { file: file.path, id: fallbackId, name: base });
      issues.push(...csv.issues);
      if (csv.source !== undefined) artifacts.push({ id: fallbackId, base, type, name: base, payload: csv.source, file: file.path });
      continue;
    }
    if (ext !== 'json') {
      issues.push({ path: file.path, message: type === 'dictionary' ? 'dictionaries must be .json or .csv' : 'sources must be .json' });
      continue;
    }
    const json = readObject(file, issues);
    if (json === undefined) continue;
    const id = optionalString(json.id) ?? fallbackId;
    const description = optionalString(json.description);
    artifacts.push({ id, base, type, name: optionalString(json.name) ?? base, ...(description === undefined ? {} : { description }), payload: json, file: file.path });
  }
  const seen = new Map<string, string>();
  for (const a of artifacts) {
    const other = seen.get(a.id);
    if (other !== undefined) issues.push({ path: a.file, message: `artifact id "${a.id}" is also used by ${other}` });
    seen.set(a.id, a.file);
  }
  const profile = resolveRef(manifestJson.profile, 'profile', artifacts, 'cartridge.json', issues);
  const preferredFlowId = resolveRef(manifestJson.preferredFlowId, 'flow', artifacts, 'cartridge.json', issues);
  if (issues.length > 0) return { ok: false, cartridgeId, issues };

  const sorted = [...artifacts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const namespace = optionalString(manifestJson.namespace) ?? cartridgeId.slice(0, Math.max(cartridgeId.indexOf('.'), 0));
  const manifest = {
    id: cartridgeId,
    name: optionalString(manifestJson.name) ?? cartridgeId,
    namespace,
    version: optionalString(manifestJson.version) ?? 'v1.0',
    description: typeof manifestJson.description === 'string' ? manifestJson.description : '',
    artifacts: sorted.map((a) => a.id),
    disabledArtifacts: [],
    dependencies: [],
    ...(profile === undefined ? {} : { profile }),
    ...(preferredFlowId === undefined ? {} : { preferredFlowId }),
  };
  const entries: PlannedEntry[] = [{ path: 'metadata', data: jsonBytes(manifest) }];
  for (const a of sorted) entries.push(...artifactEntries(a));
  entries.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return { ok: true, cartridgeId, archive: await zipEntries(entries), issues };
}

/** Manifest references may name an artifact id or a source file name (without extension). */
function resolveRef(value: unknown, type: ArtifactKind, artifacts: readonly SourceArtifact[], path: string, issues: ValidationIssue[]): string | undefined {
  const ofType = artifacts.filter((a) => a.type === type);
  if (value === undefined) return ofType.length === 1 ? ofType[0]?.id : undefined;
  if (typeof value !== 'string') {
    issues.push({ path, message: `${type === 'profile' ? 'profile' : 'preferredFlowId'} must be a string` });
    return undefined;
  }
  const hit = ofType.find((a) => a.id === value) ?? ofType.find((a) => a.base === value);
  if (hit === undefined) issues.push({ path, message: `no ${type} source has id or file name "${value}"` });
  return hit?.id;
}

function artifactEntries(a: SourceArtifact): PlannedEntry[] {
  const dir = `artifacts/${a.id}`;
  if (a.type === 'dictionary') {
    const attId = `${a.id}_${a.base}.json`;
    const folder = `${dir}/attachments/${a.base}_json`;
    const source = { ...a.payload, name: optionalString(a.payload.name) ?? a.name };
    return [
      { path: `${dir}/metadata`, data: jsonBytes({ ...metadata(a, [{ id: attId, name: `${a.base}.json` }]), layout: optionalString(a.payload.layout) ?? 'umls' }) },
      { path: `${folder}/metadata`, data: jsonBytes({ id: attId, name: `${a.base}.json` }) },
      { path: `${folder}/${attId}`, data: jsonBytes(source) },
    ];
  }
  const attId = `${a.id}_content`;
  const filterType = a.type === 'filter' ? optionalString(a.payload.filterType) : undefined;
  const payload = a.type === 'filter' ? a.payload : { ...a.payload, id: a.id };
  return [
    { path: `${dir}/metadata`, data: jsonBytes({ ...metadata(a, [{ id: attId, name: 'content' }]), ...(filterType === undefined ? {} : { filterType }) }) },
    { path: `${dir}/attachments/content/metadata`, data: jsonBytes({ id: attId, name: 'content' }) },
    { path: `${dir}/attachments/content/${attId}`, data: jsonBytes(payload) },
  ];
}

function metadata(a: SourceArtifact, attachments: readonly { id: string; name: string }[]): JsonObject {
  return { id: a.id, name: a.name, type: a.type, ...(a.description === undefined ? {} : { description: a.description }), attachments, displayOnly: false };
}

function readObject(file: SourceFile, issues: ValidationIssue[]): JsonObject | undefined {
  const parsed = parseJson(file.text);
  if (!parsed.ok) {
    issues.push({ path: file.path, message: `malformed JSON: ${parsed.error}` });
    return undefined;
  }
  if (!isJsonObject(parsed.value)) {
    issues.push({ path: file.path, message: 'expected a JSON object' });
    return undefined;
  }
  return parsed.value;
}

function jsonBytes(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
}

/** Fixed local-time timestamp: DOS dates are local time, so this encodes identically in every time zone. */
const FIXED_MTIME = new Date(2020, 0, 1, 0, 0, 0);

function zipEntries(entries: readonly PlannedEntry[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    for (const e of entries) zip.addBuffer(e.data, e.path, { mtime: FIXED_MTIME, mode: 0o100644, compress: true, forceDosTimestamp: true });
    zip.end();
  });
}
