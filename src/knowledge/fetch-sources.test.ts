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

  test('files of the corpora collection are read from their own mirror (or <cache>/corpora when downloaded)', async () => {
    const corpusText = Buffer.from('1|t|T\n1|a|A\n');
    const withCorpus: SourcesManifest = {
      ...manifest,
      files: [manifest.files[0]!, { path: 'ncbi/train.txt', source: 'ncbi', collection: 'corpora', repository: 'o/c', commit: 'c3', upstreamPath: 'train.txt', licence: 'PD', attribution: 'z', sha256: sha(corpusText), bytes: corpusText.length }],
    };
    const root = await mkdtemp(join(tmpdir(), 'mirrors-'));
    const savedEnv = process.env.KB_CORPORA_MIRROR;
    delete process.env.KB_CORPORA_MIRROR; // the default (beside the vocabulary mirror) is under test
    const vocab = join(root, 'vocab');
    const corpora = join(root, 'eval');
    try {
      await mkdir(join(vocab, 'doid'), { recursive: true });
      await writeFile(join(vocab, 'doid/HumanDO.tsv'), plain);
      // No corpora mirror beside the vocabulary mirror: reported like a missing file.
      await assert.rejects(obtainSources({ mirror: vocab, manifest: withCorpus }), (e: unknown) => isDomainError(e) && e.description.includes('no mirror of the corpora collection'));
      await mkdir(join(corpora, 'ncbi'), { recursive: true });
      await writeFile(join(corpora, 'ncbi/train.txt'), corpusText);
      // The default corpora mirror is the `eval` directory beside the vocabulary mirror.
      assert.deepEqual(await obtainSources({ mirror: vocab, manifest: withCorpus }), { dir: vocab, collections: { corpora }, verified: 2, downloaded: 0 });
      assert.deepEqual(await obtainSources({ mirror: vocab, corporaMirror: corpora, manifest: withCorpus }), { dir: vocab, collections: { corpora }, verified: 2, downloaded: 0 });
      await writeFile(join(corpora, 'ncbi/train.txt'), 'changed');
      await assert.rejects(obtainSources({ mirror: vocab, manifest: withCorpus }), (e: unknown) => isDomainError(e) && e.description.includes('ncbi/train.txt: sha256 mismatch'));

      const served = new Map([['/o/r/c1/DOreports/HumanDO.tsv', plain], ['/o/c/c3/train.txt', corpusText]]);
      const server = createServer((req, res) => {
        const body = served.get(req.url ?? '');
        if (body === undefined) return void res.writeHead(404).end();
        res.writeHead(200).end(body);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const cacheDir = join(root, 'cache');
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        assert.deepEqual(await obtainSources({ cacheDir, manifest: withCorpus, baseUrl }), { dir: cacheDir, collections: { corpora: join(cacheDir, 'corpora') }, verified: 2, downloaded: 2 });
        assert.deepEqual(await readFile(join(cacheDir, 'corpora/ncbi/train.txt')), corpusText);
      } finally {
        server.close();
      }
    } finally {
      if (savedEnv !== undefined) process.env.KB_CORPORA_MIRROR = savedEnv;
      await rm(root, { recursive: true, force: true });
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
