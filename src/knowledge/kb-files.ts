// The on-disk layout of a compiled knowledge base: a small JSON header and flat little-endian binary
// arrays, written to a temporary directory and renamed into place so readers never see half a build.
//   header.json          KbHeader (format, info incl. buildId and normalizerVersion, stats, counts)
//   tokens.txt           piece keys, one per line (line number = token id)
//   edge-start.i32, edge-token.i32, edge-child.i32, concept-start.i32, concept-ids.i32   the trie (CSR)
//   concepts.txt + concept-offsets.u32   concept lines (UTF-8, tab-separated) and their byte offsets
//   spelling.tsv         the UK<TAB>US table the normaliser used
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompiledKb, KbData, KbHeader } from './compiled-kb.js';
import { readSideTables } from './side-tables.js';

export const KB_FILES = {
  header: 'header.json',
  tokens: 'tokens.txt',
  edgeStart: 'edge-start.i32',
  edgeToken: 'edge-token.i32',
  edgeChild: 'edge-child.i32',
  conceptStart: 'concept-start.i32',
  conceptIds: 'concept-ids.i32',
  conceptText: 'concepts.txt',
  conceptOffsets: 'concept-offsets.u32',
  spelling: 'spelling.tsv',
} as const;

function bytesOf(a: Int32Array | Uint32Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

export async function writeKnowledgeBase(kb: CompiledKb, dir: string): Promise<void> {
  const d = kb.data;
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  const spelling = [...d.spelling].map(([uk, us]) => `${uk}\t${us}\n`).join('');
  await Promise.all([
    writeFile(join(tmp, KB_FILES.tokens), d.tokens.join('\n')),
    writeFile(join(tmp, KB_FILES.edgeStart), bytesOf(d.edgeStart)),
    writeFile(join(tmp, KB_FILES.edgeToken), bytesOf(d.edgeToken)),
    writeFile(join(tmp, KB_FILES.edgeChild), bytesOf(d.edgeChild)),
    writeFile(join(tmp, KB_FILES.conceptStart), bytesOf(d.conceptStart)),
    writeFile(join(tmp, KB_FILES.conceptIds), bytesOf(d.conceptIds)),
    writeFile(join(tmp, KB_FILES.conceptText), d.conceptText),
    writeFile(join(tmp, KB_FILES.conceptOffsets), bytesOf(d.conceptOffsets)),
    writeFile(join(tmp, KB_FILES.spelling), spelling),
  ]);
  // The header goes last: a directory without header.json is never taken for a knowledge base.
  await writeFile(join(tmp, KB_FILES.header), `${JSON.stringify(d.header, null, 2)}\n`);
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
}

function int32s(buf: Buffer): Int32Array {
  const copy = buf.byteOffset % 4 === 0 ? buf : Buffer.from(buf);
  return new Int32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
}

function uint32s(buf: Buffer): Uint32Array {
  const copy = buf.byteOffset % 4 === 0 ? buf : Buffer.from(buf);
  return new Uint32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
}

export async function readKbHeader(dir: string): Promise<KbHeader> {
  return JSON.parse(await readFile(join(dir, KB_FILES.header), 'utf8')) as KbHeader;
}

export async function readKbData(dir: string, header: KbHeader): Promise<KbData> {
  const f = (name: string): Promise<Buffer> => readFile(join(dir, name));
  const [tokens, edgeStart, edgeToken, edgeChild, conceptStart, conceptIds, conceptText, conceptOffsets, spelling] = await Promise.all([
    readFile(join(dir, KB_FILES.tokens), 'utf8'),
    f(KB_FILES.edgeStart), f(KB_FILES.edgeToken), f(KB_FILES.edgeChild), f(KB_FILES.conceptStart), f(KB_FILES.conceptIds),
    f(KB_FILES.conceptText), f(KB_FILES.conceptOffsets),
    readFile(join(dir, KB_FILES.spelling), 'utf8'),
  ]);
  const table = new Map<string, string>();
  for (const line of spelling.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) table.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return {
    header,
    tokens: tokens === '' ? [] : tokens.split('\n'),
    edgeStart: int32s(edgeStart),
    edgeToken: int32s(edgeToken),
    edgeChild: int32s(edgeChild),
    conceptStart: int32s(conceptStart),
    conceptIds: int32s(conceptIds),
    conceptText,
    conceptOffsets: uint32s(conceptOffsets),
    spelling: table,
    sideTables: await readSideTables(dir),
  };
}
