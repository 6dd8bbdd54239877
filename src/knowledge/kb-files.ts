// The on-disk layout of a compiled knowledge base: a small JSON header and flat little-endian binary
// arrays, written to a temporary directory and renamed into place so readers never see half a build.
//   header.json          KbHeader (format, info incl. buildId and normalizerVersion, stats, counts)
//   token-chars.u16, token-starts.i32, token-slots.i32   the piece keys (token-table.ts)
//   root-children.i32    the root's child per token id
//   edge-start.i32, edge-token.i32, edge-child.i32, concept-start.i32, concept-ids.i32   the trie (CSR)
//   concepts.txt + concept-offsets.u32   concept lines (UTF-8, tab-separated) and their byte offsets
//   spelling.tsv         the UK<TAB>US table the normaliser used
// Reading puts every array in a SharedArrayBuffer of its own (one copy per process, shared by the workers),
// straight from the file: loading is reading, with nothing to parse or rebuild. concepts.txt (two thirds of
// the bytes) is not read but opened: its lines are read one by one as concepts are decoded.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompiledKb, KbHeader, KbTables } from './compiled-kb.js';
import { readSideTables } from './side-tables.js';
import { allocateShared } from './token-table.js';

export const KB_FILES = {
  header: 'header.json',
  tokenChars: 'token-chars.u16',
  tokenStarts: 'token-starts.i32',
  tokenSlots: 'token-slots.i32',
  rootChildren: 'root-children.i32',
  edgeStart: 'edge-start.i32',
  edgeToken: 'edge-token.i32',
  edgeChild: 'edge-child.i32',
  conceptStart: 'concept-start.i32',
  conceptIds: 'concept-ids.i32',
  conceptText: 'concepts.txt',
  conceptOffsets: 'concept-offsets.u32',
  spelling: 'spelling.tsv',
} as const;

function bytesOf(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

export async function writeKnowledgeBase(kb: CompiledKb, dir: string): Promise<void> {
  const t = kb.tables;
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  const spelling = t.spelling.map(([uk, us]) => `${uk}\t${us}\n`).join('');
  await Promise.all([
    writeFile(join(tmp, KB_FILES.tokenChars), bytesOf(t.tokens.chars)),
    writeFile(join(tmp, KB_FILES.tokenStarts), bytesOf(t.tokens.starts)),
    writeFile(join(tmp, KB_FILES.tokenSlots), bytesOf(t.tokens.slots)),
    writeFile(join(tmp, KB_FILES.rootChildren), bytesOf(t.rootChildren)),
    writeFile(join(tmp, KB_FILES.edgeStart), bytesOf(t.edgeStart)),
    writeFile(join(tmp, KB_FILES.edgeToken), bytesOf(t.edgeToken)),
    writeFile(join(tmp, KB_FILES.edgeChild), bytesOf(t.edgeChild)),
    writeFile(join(tmp, KB_FILES.conceptStart), bytesOf(t.conceptStart)),
    writeFile(join(tmp, KB_FILES.conceptIds), bytesOf(t.conceptIds)),
    writeFile(join(tmp, KB_FILES.conceptText), t.conceptText instanceof Uint8Array ? bytesOf(t.conceptText) : new Uint8Array(readWholeFile(t.conceptText.fd))),
    writeFile(join(tmp, KB_FILES.conceptOffsets), bytesOf(t.conceptOffsets)),
    writeFile(join(tmp, KB_FILES.spelling), spelling),
  ]);
  // The header goes last: a directory without header.json is never taken for a knowledge base.
  await writeFile(join(tmp, KB_FILES.header), `${JSON.stringify(t.header, null, 2)}\n`);
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
}

export async function readKbHeader(dir: string): Promise<KbHeader> {
  return JSON.parse(await readFile(join(dir, KB_FILES.header), 'utf8')) as KbHeader;
}

/** The whole of open file `fd` (positional reads: the descriptor may be shared by threads). */
function readWholeFile(fd: number): ArrayBufferLike {
  const size = fstatSync(fd).size;
  const view = new Uint8Array(size);
  for (let at = 0; at < size;) {
    const n = readSync(fd, view, at, size - at, at);
    if (n === 0) throw new Error(`file ended at ${at} of ${size} bytes`);
    at += n;
  }
  return view.buffer;
}

/** A whole file into a SharedArrayBuffer of its size. */
export function readSharedFile(path: string): ArrayBufferLike {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = allocateShared(size);
    const view = new Uint8Array(buffer);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, view, at, size - at, at);
      if (n === 0) throw new Error(`${path}: file ended at ${at} of ${size} bytes`);
      at += n;
    }
    return buffer;
  } finally {
    closeSync(fd);
  }
}

/**
 * The tables of the knowledge base in `dir`, every array in shared memory (synchronous: the service reads
 * it once at start, before its workers exist).
 */
export function readKbTables(dir: string, header: KbHeader): KbTables {
  const i32 = (name: string): Int32Array => new Int32Array(readSharedFile(join(dir, name)));
  const spelling: [string, string][] = [];
  for (const line of readFileSync(join(dir, KB_FILES.spelling), 'utf8').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) spelling.push([line.slice(0, tab), line.slice(tab + 1)]);
  }
  return {
    header,
    tokens: { chars: new Uint16Array(readSharedFile(join(dir, KB_FILES.tokenChars))), starts: i32(KB_FILES.tokenStarts), slots: i32(KB_FILES.tokenSlots) },
    rootChildren: i32(KB_FILES.rootChildren),
    edgeStart: i32(KB_FILES.edgeStart),
    edgeToken: i32(KB_FILES.edgeToken),
    edgeChild: i32(KB_FILES.edgeChild),
    conceptStart: i32(KB_FILES.conceptStart),
    conceptIds: i32(KB_FILES.conceptIds),
    // Not read: concepts are decoded a line at a time from the file (CompiledKb), by every thread of the process.
    conceptText: { fd: openSync(join(dir, KB_FILES.conceptText), 'r') },
    conceptOffsets: new Uint32Array(readSharedFile(join(dir, KB_FILES.conceptOffsets))),
    spelling,
    sideTables: readSideTables(dir),
  };
}
