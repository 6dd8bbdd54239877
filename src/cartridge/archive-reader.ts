// Reads an untrusted zip archive held in memory, under explicit resource limits. Nothing is written
// to disk. Every problem comes back as a CartridgeIssue value; bad input never throws.
//
// Defences: archive size, entry count, per-entry and total inflated size, compression ratio per
// entry and overall (counted on the bytes actually inflated, never trusting the headers), unsafe
// names (absolute, "..", backslash, NUL, empty or "." segments), symlinks and other special files
// (unix mode in the external attributes), duplicate names, encryption, unknown compression.

import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import type { Readable } from 'node:stream';
import { cartridgeIssue, type CartridgeIssue } from './cartridge-issue.js';

export interface ArchiveLimits {
  /** Largest accepted archive, in bytes. Default 64 MiB. */
  readonly maxArchiveBytes: number;
  /** Most entries (files and directories) in the central directory. Default 5,000. */
  readonly maxEntries: number;
  /** Largest inflated size of one entry, in bytes. Default 64 MiB. */
  readonly maxEntryBytes: number;
  /** Largest inflated size of all entries together, in bytes. Default 512 MiB. */
  readonly maxTotalUncompressedBytes: number;
  /** Largest inflated:compressed ratio of one entry. Default 100. */
  readonly maxCompressionRatio: number;
  /** Largest (total inflated bytes):(archive bytes) ratio. Default 100. */
  readonly maxTotalCompressionRatio: number;
  /** Ratios are only enforced once this many bytes were inflated (tiny files compress very well). Default 1 MiB. */
  readonly ratioGraceBytes: number;
  /** Longest entry name, in characters. Default 1,024. */
  readonly maxNameLength: number;
}

export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  maxArchiveBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalUncompressedBytes: 512 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxTotalCompressionRatio: 100,
  ratioGraceBytes: 1024 * 1024,
  maxNameLength: 1_024,
});

export interface ArchiveFile {
  /** Entry name exactly as in the archive (forward slashes, relative). */
  readonly name: string;
  readonly data: Buffer;
}

export type ReadArchiveResult =
  | { readonly ok: true; readonly files: readonly ArchiveFile[]; readonly directories: readonly string[]; readonly uncompressedBytes: number }
  | { readonly ok: false; readonly issues: readonly CartridgeIssue[] };

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/**
 * Reads every file of a zip archive into memory, enforcing `limits` (merged over the defaults).
 * @example
 *   const r = await readArchive(buffer, { maxEntries: 100 });
 *   if (!r.ok) for (const i of r.issues) console.log(i.code, i.message);
 */
export async function readArchive(buffer: Buffer, limits: Partial<ArchiveLimits> = {}): Promise<ReadArchiveResult> {
  const lim: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...limits };
  if (buffer.length > lim.maxArchiveBytes) {
    return fail(cartridgeIssue('ERROR', 'ARCHIVE_TOO_LARGE', `archive is ${buffer.length} bytes; the limit is ${lim.maxArchiveBytes}`));
  }
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false });
  } catch (e) {
    return fail(cartridgeIssue('ERROR', 'NOT_A_ZIP', `not a readable zip archive: ${errorText(e)}`));
  }
  try {
    return await readEntries(zip, buffer.length, lim);
  } finally {
    zip.close();
  }
}

async function readEntries(zip: ZipFile, archiveBytes: number, lim: ArchiveLimits): Promise<ReadArchiveResult> {
  if (zip.entryCount > lim.maxEntries) {
    return fail(cartridgeIssue('ERROR', 'TOO_MANY_ENTRIES', `archive has ${zip.entryCount} entries; the limit is ${lim.maxEntries}`));
  }
  const issues: CartridgeIssue[] = [];
  const files: ArchiveFile[] = [];
  const directories: string[] = [];
  const seen = new Set<string>();
  const total = { bytes: 0 };
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      const problem = checkEntryName(name, lim.maxNameLength);
      if (problem !== null) {
        issues.push(cartridgeIssue('ERROR', 'UNSAFE_PATH', problem, { path: printable(name) }));
        continue;
      }
      if (seen.has(name)) {
        issues.push(cartridgeIssue('ERROR', 'DUPLICATE_ENTRY', 'entry name occurs more than once', { path: name }));
        continue;
      }
      seen.add(name);
      const fileType = ((entry.externalFileAttributes >>> 16) & 0xffff) & S_IFMT;
      if (fileType === S_IFLNK) {
        issues.push(cartridgeIssue('ERROR', 'SYMLINK', 'entry is a symbolic link', { path: name }));
        continue;
      }
      if (fileType !== 0 && fileType !== S_IFREG && fileType !== S_IFDIR) {
        issues.push(cartridgeIssue('ERROR', 'SYMLINK', `entry is a special file (mode ${fileType.toString(8)})`, { path: name }));
        continue;
      }
      if (name.endsWith('/') || fileType === S_IFDIR) {
        directories.push(name);
        continue;
      }
      if (entry.isEncrypted()) {
        issues.push(cartridgeIssue('ERROR', 'ENCRYPTED_ENTRY', 'entry is encrypted', { path: name }));
        continue;
      }
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        issues.push(cartridgeIssue('ERROR', 'UNSUPPORTED_COMPRESSION', `compression method ${entry.compressionMethod} is not supported`, { path: name }));
        continue;
      }
      if (issues.length > 0) continue; // already rejected: only keep scanning names, do not inflate
      const read = await inflateEntry(zip, entry, name, archiveBytes, total, lim);
      if ('issue' in read) return fail(...issues, read.issue); // resource limits stop the scan at once
      files.push({ name, data: read.data });
    }
  } catch (e) {
    issues.push(cartridgeIssue('ERROR', 'NOT_A_ZIP', `corrupt zip structure: ${errorText(e)}`));
  }
  if (issues.length > 0) return fail(...issues);
  return { ok: true, files, directories, uncompressedBytes: total.bytes };
}

type InflateResult = { readonly data: Buffer } | { readonly issue: CartridgeIssue };

async function inflateEntry(
  zip: ZipFile,
  entry: Entry,
  name: string,
  archiveBytes: number,
  total: { bytes: number },
  lim: ArchiveLimits,
): Promise<InflateResult> {
  const at = { path: name };
  // Cheap checks on the declared sizes first; the same limits are enforced again while inflating.
  if (entry.uncompressedSize > lim.maxEntryBytes) {
    return { issue: cartridgeIssue('ERROR', 'ENTRY_TOO_LARGE', `entry declares ${entry.uncompressedSize} bytes; the limit is ${lim.maxEntryBytes}`, at) };
  }
  if (total.bytes + entry.uncompressedSize > lim.maxTotalUncompressedBytes) {
    return { issue: cartridgeIssue('ERROR', 'TOTAL_TOO_LARGE', `entries declare more than ${lim.maxTotalUncompressedBytes} bytes in total`, at) };
  }
  if (entry.uncompressedSize > lim.ratioGraceBytes && entry.uncompressedSize > lim.maxCompressionRatio * Math.max(entry.compressedSize, 1)) {
    return { issue: cartridgeIssue('ERROR', 'COMPRESSION_RATIO', `entry declares a compression ratio above ${lim.maxCompressionRatio}:1`, at) };
  }
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (e) {
    return { issue: cartridgeIssue('ERROR', 'CORRUPT_ENTRY', `cannot open entry: ${errorText(e)}`, at) };
  }
  const compressed = Math.max(entry.compressedSize, 1);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      total.bytes += chunk.length;
      const breach = limitBreach(bytes, compressed, total.bytes, archiveBytes, lim);
      if (breach !== null) {
        stream.destroy();
        return { issue: cartridgeIssue('ERROR', breach.code, breach.message, at) };
      }
      chunks.push(chunk);
    }
  } catch (e) {
    stream.destroy();
    return { issue: cartridgeIssue('ERROR', 'CORRUPT_ENTRY', `cannot inflate entry: ${errorText(e)}`, at) };
  }
  return { data: Buffer.concat(chunks, bytes) };
}

function limitBreach(
  bytes: number,
  compressed: number,
  totalBytes: number,
  archiveBytes: number,
  lim: ArchiveLimits,
): { code: 'ENTRY_TOO_LARGE' | 'TOTAL_TOO_LARGE' | 'COMPRESSION_RATIO'; message: string } | null {
  if (bytes > lim.maxEntryBytes) return { code: 'ENTRY_TOO_LARGE', message: `entry inflates to more than ${lim.maxEntryBytes} bytes` };
  if (totalBytes > lim.maxTotalUncompressedBytes) {
    return { code: 'TOTAL_TOO_LARGE', message: `entries inflate to more than ${lim.maxTotalUncompressedBytes} bytes in total` };
  }
  if (bytes > lim.ratioGraceBytes && bytes > lim.maxCompressionRatio * compressed) {
    return { code: 'COMPRESSION_RATIO', message: `entry inflates beyond ${lim.maxCompressionRatio}:1 (${bytes} bytes from ${compressed})` };
  }
  if (totalBytes > lim.ratioGraceBytes && totalBytes > lim.maxTotalCompressionRatio * archiveBytes) {
    return { code: 'COMPRESSION_RATIO', message: `archive inflates beyond ${lim.maxTotalCompressionRatio}:1 overall` };
  }
  return null;
}

/** Decodes the raw name (UTF-8 flag, Info-ZIP unicode path field or CP437), keeping backslashes. */
function entryName(entry: Entry): string {
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

/** Null when the name is a safe relative path; otherwise why it is not. */
export function checkEntryName(name: string, maxLength: number = DEFAULT_ARCHIVE_LIMITS.maxNameLength): string | null {
  if (name.length === 0) return 'empty entry name';
  if (name.length > maxLength) return `entry name longer than ${maxLength} characters`;
  if (name.includes('\u0000')) return 'entry name contains NUL';
  if (name.includes('\\')) return 'entry name contains a backslash';
  if (name.startsWith('/') || isDriveLetterPath(name)) return 'absolute path';
  const segments = name.split('/');
  const last = segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const s = segments[i];
    if (s === '..') return 'path climbs out of the archive ("..")';
    if (s === '.') return 'path has a "." segment';
    if (s === '' && i !== last) return 'path has an empty segment';
  }
  return null;
}

function isDriveLetterPath(name: string): boolean {
  const c = name.charCodeAt(0);
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return letter && name.charCodeAt(1) === 58; // "C:"
}

function printable(name: string): string {
  return name.replace(/\u0000/g, '\\0');
}

function fail(...issues: CartridgeIssue[]): ReadArchiveResult {
  return { ok: false, issues };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
