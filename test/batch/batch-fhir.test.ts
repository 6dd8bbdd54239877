// `batch --format fhir` end to end on the ACI-Bench development notes: the real analysis service on the
// default knowledge base (.cache/kb, prepared by `npm test`), every annotator, NDJSON in with a per-note
// FHIR subject, one Bundle per note out; each Bundle validated (FHIR R4 schema and the mapping's invariants).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { parseCsv } from '../../eval/lib/csv.js';
import { runBatchCommand } from '../../src/cli/batch-command.js';
import { checkKnowledgeBase } from '../../src/knowledge/loader.js';
import { REPOSITORY_ROOT } from '../../src/repository-root.js';
import { validateFhir } from '../fhir/fhir-validator.js';

const KB_DIR = join(REPOSITORY_ROOT, '.cache/kb');
const ACI_BENCH = join(REPOSITORY_ROOT, '..', 'shared', 'eval', 'aci-bench', 'valid.csv');
const skip = (await checkKnowledgeBase(KB_DIR)).state !== 'ok' ? 'no knowledge base in .cache/kb (npm test prepares it)'
  : !existsSync(ACI_BENCH) ? 'ACI-Bench not beside the repository' : false;

describe('batch --format fhir', { skip }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ca-batch-fhir-'));
    mkdirSync(join(dir, 'data'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the ACI-Bench development notes: one valid Bundle per note, 0 invalid; a bad subject is an error record', async () => {
    const rows = parseCsv(readFileSync(ACI_BENCH, 'utf8')).filter((r) => (r.note ?? '').trim() !== '');
    const lines = rows.map((r, i) => JSON.stringify({ id: r.encounter_id, text: r.note, subject: `Patient/aci-${i}` }));
    lines.push(JSON.stringify({ id: 'bad-subject', text: 'Asthma.', subject: 'not a reference' }));
    const input = join(dir, 'notes.ndjson');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const outDir = join(dir, 'out');
    const stderr = new PassThrough();
    const errors: Buffer[] = [];
    stderr.on('data', (c: Buffer) => errors.push(c));
    const code = await runBatchCommand([input, '--format', 'fhir', '--out-dir', outDir, '--kb-dir', KB_DIR, '--workers', '2', '--no-progress'], {
      env: { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' }, stderr,
    });
    assert.equal(code, 3, Buffer.concat(errors).toString('utf8'));
    const bundles = readdirSync(outDir).filter((f) => f.endsWith('.json') && !f.endsWith('.error.json'));
    assert.equal(bundles.length, rows.length);
    const invalid: string[] = [];
    for (const file of bundles) {
      const bundle = JSON.parse(readFileSync(join(outDir, file), 'utf8')) as { resourceType: string; entry: { resource: { subject?: unknown; patient?: unknown } }[] };
      assert.equal(bundle.resourceType, 'Bundle');
      const problems = validateFhir(bundle);
      if (problems.length > 0) invalid.push(`${file}: ${problems.slice(0, 3).join('; ')}`);
    }
    assert.deepEqual(invalid, []);
    const first = JSON.parse(readFileSync(join(outDir, `${rows[0]!.encounter_id}.json`), 'utf8')) as { entry: { resource: Record<string, any> }[] };
    assert.ok(first.entry.some((e) => e.resource.subject?.reference === 'Patient/aci-0'));
    const failure = JSON.parse(readFileSync(join(outDir, 'bad-subject.error.json'), 'utf8')) as { error: { kind: string; description: string } };
    assert.equal(failure.error.kind, 'INVALID_REQUEST');
    assert.match(failure.error.description, /subject must be a FHIR reference/);
  });
});
