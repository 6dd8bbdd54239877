// Obtains the upstream files of the default build (src/knowledge/manifest.json) and verifies their checksums:
// either from an offline mirror directory (KB_MIRROR, default ../shared/vocab next to the repository), or by
// HTTPS download from raw.githubusercontent.com at the pinned commit into a cache directory. Source files are
// never committed to this repository.
//
// The download path cannot be exercised on the build machine used so far (no internet); it verifies the
// upstream bytes against rawSha256/sha256 exactly like the mirror path does.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DomainError } from '../errors.js';
import { REPOSITORY_ROOT } from '../repository-root.js';

export interface ManifestFile {
  /** Path inside the mirror / cache directory. */
  readonly path: string;
  readonly source: string;
  readonly repository: string;
  readonly commit: string;
  readonly upstreamPath: string;
  readonly licence: string;
  readonly attribution: string;
  /** sha256 of the mirrored bytes. */
  readonly sha256: string;
  readonly bytes: number;
  /** The mirror holds a gzip of the upstream file; rawSha256 is the upstream file's checksum. */
  readonly gzippedLocally?: boolean;
  readonly rawSha256?: string;
  readonly rawBytes?: number;
  /**
   * The mirror collection holding the file: absent for the vocabulary mirror (KB_MIRROR, ../shared/vocab);
   * `corpora` for annotated corpora (KB_CORPORA_MIRROR, else the `eval` directory beside the vocabulary
   * mirror: ../shared/eval). Downloads of a collection go to `<cacheDir>/<collection>/<path>`.
   */
  readonly collection?: SourceCollection;
  /**
   * The mirrored file is derived from the upstream file (a zip member, an R data file rewritten as TSV): how.
   * Such files are verified in a mirror but cannot be downloaded and rebuilt.
   */
  readonly transformation?: string;
}

export type SourceCollection = 'corpora';

export interface SourcesManifest {
  readonly kind: 'knowledge-sources-manifest';
  readonly version: string;
  readonly files: readonly ManifestFile[];
}

export const MANIFEST_PATH = fileURLToPath(new URL('./manifest.json', import.meta.url));

export function loadManifest(path = MANIFEST_PATH): SourcesManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as SourcesManifest;
}

/** KB_MIRROR when set, else ../shared/vocab relative to the repository when it exists. */
export function defaultMirrorDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.KB_MIRROR !== undefined && env.KB_MIRROR !== '') return resolve(env.KB_MIRROR);
  const sibling = resolve(REPOSITORY_ROOT, '..', 'shared', 'vocab');
  return existsSync(sibling) ? sibling : undefined;
}

/** KB_CORPORA_MIRROR when set, else the `eval` directory beside the vocabulary mirror when it exists. */
export function defaultCorporaMirrorDir(vocabMirror: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.KB_CORPORA_MIRROR !== undefined && env.KB_CORPORA_MIRROR !== '') return resolve(env.KB_CORPORA_MIRROR);
  if (vocabMirror === undefined) return undefined;
  const sibling = resolve(vocabMirror, '..', 'eval');
  return existsSync(sibling) ? sibling : undefined;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** True when the bytes are the mirrored file, or (for locally gzipped files) gunzip to the upstream file. */
export function verifyBytes(file: ManifestFile, bytes: Buffer): boolean {
  if (sha256(bytes) === file.sha256) return true;
  if (file.gzippedLocally === true && file.rawSha256 !== undefined) {
    try {
      return sha256(gunzipSync(bytes)) === file.rawSha256;
    } catch {
      return false;
    }
  }
  return false;
}

export interface ObtainOptions {
  /** Offline mirror to read and verify. */
  readonly mirror?: string;
  /** Offline mirror of the `corpora` collection (default: defaultCorporaMirrorDir(mirror)). */
  readonly corporaMirror?: string;
  /** Cache directory for downloads (used when no mirror is given). */
  readonly cacheDir?: string;
  readonly manifest?: SourcesManifest;
  readonly onProgress?: (message: string) => void;
  /** Where raw files are served as `<baseUrl>/<repository>/<commit>/<path>` (default https://raw.githubusercontent.com). */
  readonly baseUrl?: string;
}

export interface ObtainResult {
  /** Directory the builders read from. */
  readonly dir: string;
  /** Directory of each other collection the manifest names (only present when it names one). */
  readonly collections?: Readonly<Partial<Record<SourceCollection, string>>>;
  readonly verified: number;
  readonly downloaded: number;
}

/** Verifies (mirror) or downloads and verifies (cache) every manifest file; throws when one is missing or corrupt. */
export async function obtainSources(options: ObtainOptions): Promise<ObtainResult> {
  const manifest = options.manifest ?? loadManifest();
  const named = [...new Set(manifest.files.flatMap((f) => (f.collection === undefined ? [] : [f.collection])))];
  if (options.mirror !== undefined) {
    const problems: string[] = [];
    const collections: Partial<Record<SourceCollection, string>> = {};
    for (const c of named) {
      const dir = c === 'corpora' ? options.corporaMirror ?? defaultCorporaMirrorDir(options.mirror) : undefined;
      if (dir === undefined) problems.push(`no mirror of the ${c} collection (set KB_CORPORA_MIRROR)`);
      else collections[c] = dir;
    }
    for (const file of manifest.files) {
      const root = file.collection === undefined ? options.mirror : collections[file.collection];
      if (root === undefined) continue;
      const path = join(root, file.path);
      if (!existsSync(path)) problems.push(`${file.path}: missing`);
      else if (!verifyBytes(file, await readFile(path))) problems.push(`${file.path}: sha256 mismatch`);
    }
    if (problems.length > 0) {
      throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Mirror ${options.mirror} does not match the source manifest: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? ` (+${problems.length - 10} more)` : ''}`);
    }
    options.onProgress?.(`verified ${manifest.files.length} source files in ${[options.mirror, ...Object.values(collections)].join(', ')}`);
    return { dir: options.mirror, ...(named.length > 0 ? { collections } : {}), verified: manifest.files.length, downloaded: 0 };
  }
  if (options.cacheDir === undefined) throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', 'Neither a source mirror (KB_MIRROR) nor a download cache directory was given.');
  const baseUrl = options.baseUrl ?? 'https://raw.githubusercontent.com';
  let downloaded = 0;
  for (const file of manifest.files) {
    const path = join(options.cacheDir, ...(file.collection === undefined ? [] : [file.collection]), file.path);
    if (existsSync(path) && verifyBytes(file, await readFile(path))) continue;
    if (file.transformation !== undefined) {
      throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `${file.path} is derived from ${file.repository}/${file.upstreamPath} (${file.transformation}) and cannot be downloaded; set KB_MIRROR to a mirror holding it`);
    }
    const url = `${baseUrl}/${file.repository}/${file.commit}/${file.upstreamPath.split('/').map(encodeURIComponent).join('/')}`;
    options.onProgress?.(`downloading ${url}`);
    let response: Response;
    try {
      response = await fetch(url);
    } catch (error) {
      throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Download of ${url} failed: ${error instanceof Error ? error.message : String(error)} (no internet? set KB_MIRROR to an offline mirror)`, { cause: error });
    }
    if (!response.ok) throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Download of ${url} failed: HTTP ${response.status}`);
    const upstream = Buffer.from(await response.arrayBuffer());
    const expected = file.gzippedLocally === true ? file.rawSha256 : file.sha256;
    if (sha256(upstream) !== expected) throw new DomainError('KNOWLEDGE_BASE_UNAVAILABLE', `Checksum mismatch for ${url}`);
    const bytes = file.gzippedLocally === true ? gzipSync(upstream) : upstream;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
    downloaded++;
  }
  const cacheDir = options.cacheDir;
  const collections = Object.fromEntries(named.map((c) => [c, join(cacheDir, c)]));
  return { dir: cacheDir, ...(named.length > 0 ? { collections } : {}), verified: manifest.files.length, downloaded };
}
