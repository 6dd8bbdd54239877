import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCartridgeCommand } from '../cli/cartridge-command.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/cartridge-src/', import.meta.url));
const REAL = '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';

function capture(): { io: { out(t: string): void; err(t: string): void }; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { io: { out: (t) => { out += t; }, err: (t) => { err += t; } }, out: () => out, err: () => err };
}

describe('clinical-annotator cartridge', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cartridge-cli-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('build writes a valid archive (exit 0), validate accepts it (exit 0)', async () => {
    const zip = join(dir, 'demo.zip');
    const b = capture();
    assert.equal(await runCartridgeCommand(['build', FIXTURE, '-o', zip], b.io), 0, b.err());
    assert.ok(existsSync(zip));
    assert.match(b.out(), /wrote .*demo\.zip/);
    const v = capture();
    assert.equal(await runCartridgeCommand(['validate', zip], v.io), 0);
    assert.match(v.out(), /201 Created INFO demo\.demo_cartridge_v1\.0_profile/);
    assert.match(v.out(), /\nvalid\n/);
  });

  test('validate prints issues and planned responses of the real cartridge (exit 0)', async () => {
    const c = capture();
    assert.equal(await runCartridgeCommand(['validate', REAL], c.io), 0);
    assert.match(c.out(), /WARNING BINARY_DICTIONARY \[acd\.acd_clinical_insights_v1\.0_umls_extension_dictionary_dictionary\]/);
    assert.match(c.out(), /200 Skipped WARNING acd_diagnosis_model/);
    assert.match(c.out(), /issues: 0 error\(s\)/);
    assert.match(c.out(), /artifacts to write: 30/);
  });

  test('validate of an invalid archive exits 1', async () => {
    const bad = join(dir, 'bad.zip');
    writeFileSync(bad, 'not a zip');
    const c = capture();
    assert.equal(await runCartridgeCommand(['validate', bad], c.io), 1);
    assert.match(c.out(), /ERROR NOT_A_ZIP/);
    assert.match(c.out(), /\ninvalid\n/);
    assert.equal(await runCartridgeCommand(['validate', join(dir, 'missing.zip')], capture().io), 1);
  });

  test('build of broken sources exits 1 and writes nothing', async () => {
    const src = mkdtempSync(join(dir, 'src-'));
    writeFileSync(join(src, 'cartridge.json'), '{"id": ');
    const out = join(dir, 'never.zip');
    const c = capture();
    assert.equal(await runCartridgeCommand(['build', src, '-o', out], c.io), 1);
    assert.match(c.err(), /cartridge\.json: malformed JSON/);
    assert.equal(existsSync(out), false);
  });

  test('usage errors exit 2; --help exits 0 for the command and each subcommand', async () => {
    for (const argv of [[], ['frobnicate'], ['build'], ['build', FIXTURE], ['validate'], ['validate', 'a.zip', 'b.zip'], ['build', FIXTURE, '-o', 'x.zip', '--fast']]) {
      assert.equal(await runCartridgeCommand(argv, capture().io), 2, argv.join(' '));
    }
    for (const argv of [['--help'], ['build', '--help'], ['validate', '--help']]) {
      const c = capture();
      assert.equal(await runCartridgeCommand(argv, c.io), 0);
      assert.match(c.out(), /Usage: clinical-annotator cartridge/);
    }
  });
});
