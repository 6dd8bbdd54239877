// Synchronous line readers shared by the knowledge-source builders. Plain files are streamed in fixed-size chunks
// (UMLS MRCONSO.RRF is several GB, so it is never read whole); `.gz` files are small in every staged source and are
// inflated in one call. Lines come without their terminator (`\n` or `\r\n`).

import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { gunzipSync } from 'node:zlib';

const CHUNK_BYTES = 1 << 20;

/** Reads a whole file as UTF-8 text, inflating it first when the name ends in `.gz`. */
export function readText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** Yields the lines of a text file (gz-aware), streaming plain files chunk by chunk. */
export function* readLines(path: string): Generator<string> {
  if (path.endsWith('.gz')) {
    yield* splitLines(readText(path));
    return;
  }
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      const n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (n === 0) break;
      const text = rest + decoder.write(buffer.subarray(0, n));
      let start = 0;
      for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
        yield stripCr(text.slice(start, nl));
        start = nl + 1;
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest !== '') yield stripCr(rest);
  } finally {
    closeSync(fd);
  }
}

/** Splits text into lines; a final empty line after the last terminator is not yielded. */
export function* splitLines(text: string): Generator<string> {
  let start = 0;
  for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
    yield stripCr(text.slice(start, nl));
    start = nl + 1;
  }
  if (start < text.length) yield stripCr(text.slice(start));
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * Reads a TSV file with a header row into objects keyed by column name. Lines starting with `#` (SSSOM metadata)
 * are skipped. No quoting: the staged TSVs (obo-db-ingest, SSSOM) never quote.
 */
export function* readTsv(path: string): Generator<Readonly<Record<string, string>>> {
  let columns: string[] | undefined;
  for (const line of readLines(path)) {
    if (line === '' || line.startsWith('#')) continue;
    const cells = line.split('\t');
    if (columns === undefined) {
      columns = cells;
      continue;
    }
    const row: Record<string, string> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = cells[i] ?? '';
    yield row;
  }
}
