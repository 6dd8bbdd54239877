import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeKnowledgeBase } from '../knowledge/compile.js';
import { compileTestKb } from '../knowledge/test-kb.js';
import { runKbCommand } from './kb-command.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) }, out, err };
}

test('kb lookup prints the matching concepts; kb info prints the header; unknown terms exit 4', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kb-cli-'));
  try {
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    const a = capture();
    assert.equal(await runKbCommand(['lookup', 'Crohns', 'disease', '--out', kbDir], a.io), 0);
    assert.match(a.out.join(''), /^C0010346\tCrohn's disease\tdsyn\tDOID\t\tDOID:8778,UMLS:C0010346\n$/);
    const b = capture();
    assert.equal(await runKbCommand(['info', '--data-dir', dir], b.io), 0);
    assert.equal(JSON.parse(b.out.join('')).info.name, 'test-kb');
    const c = capture();
    assert.equal(await runKbCommand(['lookup', 'no such thing', '--out', kbDir], c.io), 4);
    assert.match(c.err.join(''), /no concept named "no such thing"/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('kb usage errors exit 2; --help exits 0; info without a knowledge base exits 6', async () => {
  const h = capture();
  assert.equal(await runKbCommand(['--help'], h.io), 0);
  assert.match(h.out.join(''), /kb <build\|info\|lookup>/);
  assert.equal(await runKbCommand([], capture().io), 2);
  assert.equal(await runKbCommand(['frobnicate'], capture().io), 2);
  assert.equal(await runKbCommand(['lookup'], capture().io), 2);
  assert.equal(await runKbCommand(['--bogus'], capture().io), 2);
  const dir = await mkdtemp(join(tmpdir(), 'kb-cli-'));
  try {
    assert.equal(await runKbCommand(['info', '--data-dir', dir], capture().io), 6);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
