import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readLines, readTsv, splitLines } from './read-lines.js';

describe('readLines', () => {
  test('streams a file larger than one chunk, keeping multi-byte characters across chunk boundaries', () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-lines-'));
    try {
      const lines = Array.from({ length: 40_000 }, (_, i) => `C${String(i).padStart(7, '0')}|ENG|Diabète sucré ✓ ${i}`);
      const path = join(dir, 'big.RRF');
      writeFileSync(path, lines.join('\r\n') + '\r\n');
      const read = [...readLines(path)];
      assert.equal(read.length, lines.length);
      assert.deepEqual(read, lines);
      writeFileSync(join(dir, 'small.tsv.gz'), gzipSync('# meta\na\tb\n1\t2\n\n3\n'));
      assert.deepEqual([...readTsv(join(dir, 'small.tsv.gz'))], [{ a: '1', b: '2' }, { a: '3', b: '' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('splitLines drops only the final empty line', () => {
    assert.deepEqual([...splitLines('a\r\n\nb')], ['a', '', 'b']);
    assert.deepEqual([...splitLines('a\n')], ['a']);
  });
});
