import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isDomainError } from '../errors.js';
import { loadManifest, obtainSources, type SourcesManifest } from './fetch-sources.js';

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const plain = Buffer.from('id\tlabel\nDOID:1\tx\n');
const upstreamGz = Buffer.from('a\tb\n1\t2\n');
const mirroredGz = gzipSync(upstreamGz);

const manifest: SourcesManifest = {
  kind: 'knowledge-sources-manifest',
  version: 'test',
  files: [
    { path: 'doid/HumanDO.tsv', source: 'doid', repository: 'o/r', commit: 'c1', upstreamPath: 'DOreports/HumanDO.tsv', licence: 'CC0', attribution: 'x', sha256: sha(plain), bytes: plain.length },
    { path: 'mondo/m.sssom.tsv.gz', source: 'mondo', repository: 'o/m', commit: 'c2', upstreamPath: 'src/m.sssom.tsv', licence: 'CC0', attribution: 'y', sha256: sha(mirroredGz), bytes: mirroredGz.length, gzippedLocally: true, rawSha256: sha(upstreamGz), rawBytes: upstreamGz.length },
  ],
};

describe('obtainSources', () => {
  test('the shipped manifest pins commit, checksum, licence and attribution for every file', () => {
    const m = loadManifest();
    assert.ok(m.files.length > 50);
    for (const f of m.files) {
      assert.match(f.sha256, /^[0-9a-f]{64}$/, f.path);
      assert.match(f.commit, /^[0-9a-f]{40}$/, f.path);
      assert.ok(f.licence !== '' && f.attribution !== '' && f.repository.includes('/'), f.path);
    }
  });

  test('a mirror is verified file by file; a changed byte or a missing file is reported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mirror-'));
    try {
      await mkdir(join(dir, 'doid'));
      await mkdir(join(dir, 'mondo'));
      await writeFile(join(dir, 'doid/HumanDO.tsv'), plain);
      await writeFile(join(dir, 'mondo/m.sssom.tsv.gz'), mirroredGz);
      assert.deepEqual(await obtainSources({ mirror: dir, manifest }), { dir, verified: 2, downloaded: 0 });
      await writeFile(join(dir, 'doid/HumanDO.tsv'), Buffer.concat([plain, Buffer.from('x')]));
      await assert.rejects(obtainSources({ mirror: dir, manifest }), (e: unknown) => isDomainError(e) && e.description.includes('doid/HumanDO.tsv: sha256 mismatch'));
      await rm(join(dir, 'mondo/m.sssom.tsv.gz'));
      await assert.rejects(obtainSources({ mirror: dir, manifest }), (e: unknown) => isDomainError(e) && e.description.includes('mondo/m.sssom.tsv.gz: missing'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('downloads over HTTP at the pinned commit, verifies upstream checksums and gzips locally', async () => {
    const served = new Map([['/o/r/c1/DOreports/HumanDO.tsv', plain], ['/o/m/c2/src/m.sssom.tsv', upstreamGz]]);
    let corrupt = false;
    const server = createServer((req, res) => {
      const body = served.get(req.url ?? '');
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(200).end(corrupt ? Buffer.from('tampered') : body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cacheDir = await mkdtemp(join(tmpdir(), 'cache-'));
    try {
      assert.deepEqual(await obtainSources({ cacheDir, manifest, baseUrl }), { dir: cacheDir, verified: 2, downloaded: 2 });
      assert.deepEqual(gunzipSync(await readFile(join(cacheDir, 'mondo/m.sssom.tsv.gz'))), upstreamGz);
      assert.equal((await obtainSources({ cacheDir, manifest, baseUrl })).downloaded, 0); // cached and verified
      await rm(join(cacheDir, 'doid'), { recursive: true });
      corrupt = true;
      await assert.rejects(obtainSources({ cacheDir, manifest, baseUrl }), (e: unknown) => isDomainError(e) && e.description.startsWith('Checksum mismatch'));
    } finally {
      server.close();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
