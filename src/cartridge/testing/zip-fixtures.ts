// Test helpers: real zip archives built with yazl, plus byte patches for what yazl refuses to write
// (absolute paths, "..", backslashes, NUL, encryption flags, lying size headers).
import yazl from 'yazl';

export interface ZipInput {
  readonly name: string;
  readonly data: Buffer | string;
  /** Unix mode, e.g. 0o120777 for a symlink. */
  readonly mode?: number;
  readonly compress?: boolean;
}

export function makeZip(entries: readonly ZipInput[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    for (const e of entries) {
      if (e.name.endsWith('/')) {
        zip.addEmptyDirectory(e.name, { mtime: new Date(2020, 0, 1), mode: e.mode ?? 0o040755, forceDosTimestamp: true });
        continue;
      }
      const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
      zip.addBuffer(data, e.name, {
        mtime: new Date(2020, 0, 1),
        mode: e.mode ?? 0o100644,
        compress: e.compress ?? true,
        forceDosTimestamp: true,
      });
    }
    zip.end();
  });
}

/** Replaces every occurrence of `from` by `to` (same byte length) - used to rename entries after yazl wrote them. */
export function patchBytes(zip: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from, 'utf8');
  const b = Buffer.from(to, 'utf8');
  if (a.length !== b.length) throw new Error('patchBytes needs equal lengths');
  const out = Buffer.from(zip);
  let count = 0;
  for (let i = out.indexOf(a); i >= 0; i = out.indexOf(a, i + a.length)) {
    b.copy(out, i);
    count++;
  }
  if (count === 0) throw new Error(`"${from}" not found in the archive`);
  return out;
}

const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** Offsets of every central directory file header. */
function centralHeaders(zip: Buffer): number[] {
  const out: number[] = [];
  for (let i = 0; i + 4 <= zip.length; i++) if (zip.readUInt32LE(i) === CENTRAL_HEADER) out.push(i);
  return out;
}

/** Sets the "encrypted" general-purpose flag (bit 0) on every entry, local and central headers. */
export function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === CENTRAL_HEADER) out.writeUInt16LE(out.readUInt16LE(i + 8) | 1, i + 8);
    else if (sig === LOCAL_HEADER) out.writeUInt16LE(out.readUInt16LE(i + 6) | 1, i + 6);
  }
  return out;
}

/** Makes the central directory claim `size` as every entry's uncompressed size (a lying header). */
export function patchDeclaredSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (const at of centralHeaders(out)) out.writeUInt32LE(size, at + 24);
  return out;
}
