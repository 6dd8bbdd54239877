import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkEntryName, DEFAULT_ARCHIVE_LIMITS, readArchive, type ReadArchiveResult } from './archive-reader.js';
import { makeZip, markEncrypted, patchBytes, patchDeclaredSize } from './testing/zip-fixtures.js';

const REAL = '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';

function codes(r: ReadArchiveResult): string[] {
  assert.equal(r.ok, false, 'expected the archive to be rejected');
  return r.ok ? [] : r.issues.map((i) => i.code);
}

describe('readArchive', () => {
  test('reads the real ACD cartridge: 131 files, nothing flagged', async () => {
    const r = await readArchive(readFileSync(REAL));
    assert.ok(r.ok, JSON.stringify(!r.ok && r.issues));
    assert.equal(r.files.length, 131);
    assert.ok(r.files.some((f) => f.name === 'metadata'));
    assert.equal(r.uncompressedBytes, r.files.reduce((n, f) => n + f.data.length, 0));
  });

  test('reads file content byte for byte, and lists directory entries separately', async () => {
    const payload = randomBytes(5000);
    const zip = await makeZip([{ name: 'dir/', data: '', mode: 0o040755 }, { name: 'dir/a.bin', data: payload }, { name: 'b.txt', data: 'hello' }]);
    const r = await readArchive(zip);
    assert.ok(r.ok);
    assert.deepEqual(r.directories, ['dir/']);
    assert.deepEqual(r.files.map((f) => f.name), ['dir/a.bin', 'b.txt']);
    assert.ok(r.files[0]?.data.equals(payload));
    assert.equal(r.files[1]?.data.toString(), 'hello');
  });

  test('not-a-zip bytes, an empty buffer and a truncated archive are NOT_A_ZIP, never a throw', async () => {
    assert.deepEqual(codes(await readArchive(Buffer.from('this is certainly not a zip archive'))), ['NOT_A_ZIP']);
    assert.deepEqual(codes(await readArchive(Buffer.alloc(0))), ['NOT_A_ZIP']);
    const real = readFileSync(REAL);
    assert.deepEqual(codes(await readArchive(real.subarray(0, real.length - 100))), ['NOT_A_ZIP']);
  });

  test('an archive larger than maxArchiveBytes is rejected before it is opened', async () => {
    const zip = await makeZip([{ name: 'a.txt', data: randomBytes(4096) }]);
    assert.deepEqual(codes(await readArchive(zip, { maxArchiveBytes: 1024 })), ['ARCHIVE_TOO_LARGE']);
  });

  test('zip bomb: 64 MiB of zeros (about 1000:1) trips the compression ratio limit', async () => {
    const zip = await makeZip([{ name: 'metadata', data: '{}' }, { name: 'bomb.bin', data: Buffer.alloc(64 * 1024 * 1024) }]);
    assert.ok(zip.length < 200_000, `bomb archive is ${zip.length} bytes`);
    const r = await readArchive(zip);
    assert.deepEqual(codes(r), ['COMPRESSION_RATIO']);
    assert.equal(!r.ok && r.issues[0]?.path, 'bomb.bin');
  });

  test('zip bomb with a lying header (declares a tiny size) is still stopped while inflating', async () => {
    const honest = await makeZip([{ name: 'bomb.bin', data: Buffer.alloc(16 * 1024 * 1024) }]);
    const lying = patchDeclaredSize(honest, 1000);
    const r = await readArchive(lying, { maxCompressionRatio: 1e9, maxTotalCompressionRatio: 1e9 });
    const found = codes(r);
    assert.equal(found.length, 1);
    assert.ok(['CORRUPT_ENTRY', 'ENTRY_TOO_LARGE', 'COMPRESSION_RATIO'].includes(found[0] ?? ''), found.join());
  });

  test('ratio checks counted on inflated bytes: with ratios disabled, maxEntryBytes still stops a big entry mid-stream', async () => {
    const zip = await makeZip([{ name: 'big.bin', data: Buffer.alloc(8 * 1024 * 1024) }]);
    const lying = patchDeclaredSize(zip, 512 * 1024); // passes the declared-size check (limit 1 MiB)
    const r = await readArchive(lying, { maxEntryBytes: 1024 * 1024, maxCompressionRatio: 1e9, maxTotalCompressionRatio: 1e9 });
    assert.equal(r.ok, false);
  });

  test('an entry declaring more than maxEntryBytes is ENTRY_TOO_LARGE', async () => {
    const zip = await makeZip([{ name: 'big.bin', data: randomBytes(300_000) }]);
    assert.deepEqual(codes(await readArchive(zip, { maxEntryBytes: 100_000 })), ['ENTRY_TOO_LARGE']);
  });

  test('entries together beyond maxTotalUncompressedBytes are TOTAL_TOO_LARGE', async () => {
    const zip = await makeZip([1, 2, 3].map((i) => ({ name: `part${i}.bin`, data: randomBytes(400_000) })));
    assert.deepEqual(codes(await readArchive(zip, { maxTotalUncompressedBytes: 1_000_000 })), ['TOTAL_TOO_LARGE']);
  });

  test('more entries than maxEntries (default 5,000) are TOO_MANY_ENTRIES', async () => {
    const entries = Array.from({ length: DEFAULT_ARCHIVE_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `f${i}`, data: '', compress: false }));
    assert.deepEqual(codes(await readArchive(await makeZip(entries))), ['TOO_MANY_ENTRIES']);
  });

  test('"../evil" entry is UNSAFE_PATH', async () => {
    const zip = patchBytes(await makeZip([{ name: 'metadata', data: '{}' }, { name: 'xx/evil', data: 'x' }]), 'xx/evil', '../evil');
    const r = await readArchive(zip);
    assert.deepEqual(codes(r), ['UNSAFE_PATH']);
    assert.equal(!r.ok && r.issues[0]?.path, '../evil');
  });

  test('absolute paths (unix and drive letter) are UNSAFE_PATH', async () => {
    const unix = patchBytes(await makeZip([{ name: 'etc/passwdX', data: 'x' }]), 'etc/passwdX', '/etc/passwd');
    assert.deepEqual(codes(await readArchive(unix)), ['UNSAFE_PATH']);
    const drive = patchBytes(await makeZip([{ name: 'CC/evil', data: 'x' }]), 'CC/evil', 'C:/evil');
    assert.deepEqual(codes(await readArchive(drive)), ['UNSAFE_PATH']);
  });

  test('backslashes and NUL in names are UNSAFE_PATH', async () => {
    const back = patchBytes(await makeZip([{ name: 'dir/file', data: 'x' }]), 'dir/file', 'dir\\file');
    assert.deepEqual(codes(await readArchive(back)), ['UNSAFE_PATH']);
    const nul = patchBytes(await makeZip([{ name: 'nulXname', data: 'x' }]), 'nulXname', 'nul\u0000name');
    assert.deepEqual(codes(await readArchive(nul)), ['UNSAFE_PATH']);
  });

  test('a symlink entry (unix mode 120777) is SYMLINK', async () => {
    const zip = await makeZip([{ name: 'metadata', data: '{}' }, { name: 'link', data: '/etc/passwd', mode: 0o120777 }]);
    assert.deepEqual(codes(await readArchive(zip)), ['SYMLINK']);
  });

  test('duplicate entry names are DUPLICATE_ENTRY', async () => {
    const zip = await makeZip([{ name: 'metadata', data: '{"a":1}' }, { name: 'metadata', data: '{"a":2}' }]);
    assert.deepEqual(codes(await readArchive(zip)), ['DUPLICATE_ENTRY']);
  });

  test('encrypted entries are ENCRYPTED_ENTRY', async () => {
    const zip = markEncrypted(await makeZip([{ name: 'secret.txt', data: 'x'.repeat(100) }]));
    assert.deepEqual(codes(await readArchive(zip)), ['ENCRYPTED_ENTRY']);
  });

  test('every unsafe name is reported, not only the first', async () => {
    let zip = await makeZip([{ name: 'xx/a', data: '1' }, { name: 'link', data: 'x', mode: 0o120777 }, { name: 'ok.txt', data: 'fine' }]);
    zip = patchBytes(zip, 'xx/a', '../a');
    assert.deepEqual(codes(await readArchive(zip)).sort(), ['SYMLINK', 'UNSAFE_PATH']);
  });
});

describe('checkEntryName', () => {
  test('accepts normal relative paths and directory names', () => {
    for (const ok of ['metadata', 'artifacts/a/metadata', 'dir/', 'a.b/c-d_e']) assert.equal(checkEntryName(ok), null, ok);
  });
  test('rejects unsafe names with a reason', () => {
    for (const bad of ['', '/x', 'C:x', 'a/../b', '..', 'a\\b', 'a\u0000b', './a', 'a//b', 'x'.repeat(2000)]) {
      assert.equal(typeof checkEntryName(bad), 'string', JSON.stringify(bad));
    }
  });
});
