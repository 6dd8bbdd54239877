// `clinical-annotator batch` end to end: real notes on disk, the real analysis service with worker
// threads on the small test knowledge base written to disk, a real SQLite store in a temp data dir.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { outputNameOf, progressLine, runBatchCommand } from '../../src/cli/batch-command.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';

interface Captured {
  readonly stdout: PassThrough;
  readonly stderr: PassThrough;
  out(): string;
  err(): string;
}

function capture(): Captured {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  stdout.on('data', (c: Buffer) => chunks.out.push(c));
  stderr.on('data', (c: Buffer) => chunks.err.push(c));
  return { stdout, stderr, out: () => Buffer.concat(chunks.out).toString('utf8'), err: () => Buffer.concat(chunks.err).toString('utf8') };
}

const NOTES: Record<string, string> = {
  'a.txt': 'Patient denies headache. Type 2 diabetes mellitus on metformin.',
  'b.txt': 'Edema of the legs; started metformin.',
  'c.txt': 'No evidence of lung cancer.',
};

describe('batch command', () => {
  let dir: string;
  let kbDir: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-batch-'));
    kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    env = { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' };
    mkdirSync(env.DATA_DIR!, { recursive: true });
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  function notesDir(name: string, notes: Record<string, string>): string {
    const folder = join(dir, name);
    mkdirSync(folder, { recursive: true });
    for (const [file, text] of Object.entries(notes)) writeFileSync(join(folder, file), text);
    writeFileSync(join(folder, 'ignored.md'), 'not a note');
    return folder;
  }

  test('a folder of notes → one JSON file per note; a rerun skips done notes; a bad note is reported and the batch goes on', async () => {
    const input = notesDir('notes', { ...NOTES, 'huge.txt': `metformin ${'x'.repeat(400)}` });
    const outDir = join(dir, 'out');
    const io = capture();
    const code = await runBatchCommand([input, '--out-dir', outDir, '--kb-dir', kbDir, '--workers', '2', '--max-chars', '300', '--annotators', 'concept_detection,negation'], { env, stdout: io.stdout, stderr: io.stderr });
    assert.equal(code, 3, 'some note failed');
    assert.deepEqual(readdirSync(outDir).sort(), ['a.json', 'b.json', 'c.json', 'huge.error.json']);
    const a = JSON.parse(readFileSync(join(outDir, 'a.json'), 'utf8')) as { unstructured: { data: { concepts: { coveredText: string; negated: boolean; begin: number; end: number }[] } }[] };
    const concepts = a.unstructured[0]!.data.concepts;
    assert.equal(concepts.find((c) => c.coveredText === 'headache')?.negated, true);
    assert.equal(concepts.find((c) => c.coveredText === 'metformin')?.negated, false);
    for (const c of concepts) assert.equal(NOTES['a.txt']!.slice(c.begin, c.end), c.coveredText);
    const failure = JSON.parse(readFileSync(join(outDir, 'huge.error.json'), 'utf8')) as { id: string; error: { code: number; kind: string } };
    assert.equal(failure.id, 'huge.txt');
    assert.equal(failure.error.code, 413);
    assert.match(io.err(), /huge\.txt: \w+/, 'the failure is on stderr');
    assert.match(io.err(), /3 analysed, 1 failed, 0 skipped .* notes\/s/);
    assert.doesNotMatch(io.err(), /\r/, 'no progress bar when stderr is not a terminal');

    // Resume: done notes are skipped (their files untouched), the failed one is tried again.
    const before = statSync(join(outDir, 'a.json')).mtimeMs;
    const again = capture();
    const code2 = await runBatchCommand([input, '--out-dir', outDir, '--kb-dir', kbDir, '--workers', '2', '--max-chars', '1000', '--annotators', 'concept_detection,negation'], { env, stdout: again.stdout, stderr: again.stderr });
    assert.equal(code2, 0, again.err());
    assert.match(again.err(), /1 analysed, 0 failed, 3 skipped/);
    assert.equal(statSync(join(outDir, 'a.json')).mtimeMs, before);
    assert.deepEqual(readdirSync(outDir).sort(), ['a.json', 'b.json', 'c.json', 'huge.json']);
  });

  test('NDJSON on stdin → NDJSON records with ids; bad lines become error records; --output resumes by id', async () => {
    const lines = [
      JSON.stringify({ id: 'n1', text: NOTES['a.txt'] }),
      'not json',
      JSON.stringify({ id: 'n2', text: NOTES['c.txt'] }),
      JSON.stringify({ id: 'n3' }),
      '',
    ].join('\n');
    const io = capture();
    const code = await runBatchCommand(['--kb-dir', kbDir, '--workers', '1', '--annotators', 'concept_detection,negation'], { env, stdin: Readable.from([lines]), stdout: io.stdout, stderr: io.stderr });
    assert.equal(code, 3);
    const records = io.out().trim().split('\n').map((l) => JSON.parse(l) as { id: string; response?: { unstructured: unknown[] }; error?: { kind: string } });
    assert.deepEqual(records.map((r) => r.id).sort(), ['line-2', 'n1', 'n2', 'n3']);
    assert.ok(records.find((r) => r.id === 'n1')?.response?.unstructured.length === 1);
    assert.ok(records.find((r) => r.id === 'line-2')?.error !== undefined);
    assert.ok(records.find((r) => r.id === 'n3')?.error !== undefined);

    // --output: a second run appends only what is missing.
    const output = join(dir, 'out.ndjson');
    writeFileSync(output, `${JSON.stringify({ id: 'n1', response: { unstructured: [] } })}\n{"id":"n2","resp`);
    const io2 = capture();
    const code2 = await runBatchCommand(['-', '--output', output, '--kb-dir', kbDir, '--workers', '1'], { env, stdin: Readable.from([lines]), stdout: io2.stdout, stderr: io2.stderr });
    assert.equal(code2, 3);
    assert.equal(io2.out(), '', 'records go to the file');
    const ids = readFileSync(output, 'utf8').split('\n').flatMap((l) => {
      try {
        return [(JSON.parse(l) as { id: string }).id];
      } catch {
        return [];
      }
    });
    assert.deepEqual(ids.sort(), ['line-2', 'n1', 'n2', 'n3'], 'n1 skipped, the torn n2 redone');
  });

  test('a persisted flow id that does not exist fails every note, reported per note', async () => {
    const input = notesDir('one', { 'x.txt': 'metformin' });
    const io = capture();
    const code = await runBatchCommand([join(input, 'x.txt'), '--flow', 'no_such_flow', '--kb-dir', kbDir, '--workers', '1'], { env, stdout: io.stdout, stderr: io.stderr });
    assert.equal(code, 3);
    const record = JSON.parse(io.out()) as { id: string; error: { code: number; kind: string } };
    assert.equal(record.id, 'x.txt');
    assert.equal(record.error.code, 404);
  });

  test('a flow JSON file and --return-analyzed-text apply to every note', async () => {
    const input = notesDir('flowfile', { 'f.txt': NOTES['a.txt']! });
    const flowFile = join(dir, 'flow.json');
    writeFileSync(flowFile, JSON.stringify({ annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] }));
    const io = capture();
    const code = await runBatchCommand([join(input, 'f.txt'), '--flow', flowFile, '--return-analyzed-text', '--kb-dir', kbDir, '--workers', '1'], { env, stdout: io.stdout, stderr: io.stderr });
    assert.equal(code, 0, io.err());
    const record = JSON.parse(io.out()) as { id: string; response: { unstructured: { text: string; data: Record<string, unknown> }[] } };
    assert.equal(record.id, 'f.txt');
    assert.equal(record.response.unstructured[0]?.text, NOTES['a.txt']);
    assert.ok(Array.isArray(record.response.unstructured[0]?.data.concepts));
    assert.equal(record.response.unstructured[0]?.data.negatedSpans, undefined, 'only the flow file\'s annotators ran');
  });

  test('on a terminal a progress bar is drawn on stderr; --no-progress turns it off', async () => {
    const input = notesDir('tty', { 'p.txt': NOTES['a.txt']!, 'q.txt': NOTES['b.txt']! });
    for (const [flag, expected] of [[[], true], [['--no-progress'], false]] as const) {
      const io = capture();
      Object.assign(io.stderr, { isTTY: true });
      const code = await runBatchCommand([input, '--kb-dir', kbDir, '--workers', '1', '--annotators', 'concept_detection', ...flag], { env, stdout: io.stdout, stderr: io.stderr });
      assert.equal(code, 0, io.err());
      assert.equal(/\r\x1b\[2K\[#{24}\] 2\/2 · [\d.]+ notes\/s · ETA 0:00/.test(io.err()), expected, io.err());
      assert.match(io.err(), /2 analysed, 0 failed, 0 skipped/);
      assert.equal(io.out().trim().split('\n').length, 2);
    }
  });

  test('--help, usage errors, names and the progress line', async () => {
    const io = capture();
    assert.equal(await runBatchCommand(['--help'], { env, stdout: io.stdout, stderr: io.stderr }), 0);
    assert.match(io.out(), /Usage: clinical-annotator batch/);
    assert.equal(await runBatchCommand(['a', 'b'], { env, stdout: io.stdout, stderr: io.stderr }), 2);
    assert.equal(await runBatchCommand(['x', '--output', 'o', '--out-dir', 'd'], { env, stdout: io.stdout, stderr: io.stderr }), 2);
    assert.equal(outputNameOf('notes/a b.txt'), 'notes_a_b');
    assert.equal(outputNameOf('..'), '_', 'no hidden or parent names');
    assert.equal(existsSync(join(dir, 'o')), false);
    const line = progressLine({ finished: 5, failed: 1, skipped: 2, total: 12, elapsedMs: 2000 });
    assert.match(line, /^\[#{12}\.{12}\] 5\/10, 1 failed, 2 skipped · 2\.5 notes\/s · ETA 0:02$/);
  });
});
