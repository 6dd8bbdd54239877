import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDomainError } from '../errors.js';
import { compileKnowledge } from '../knowledge/compile.js';
import { NO_ARTIFACTS, type EngineResources } from '../engine/resources.js';
import { ANNOTATORS } from '../engine/registry.js';
import { annotatorFlowsOf, runAnalyzeCommand, type AnalyzeCommandDeps } from './analyze-command.js';

let dir = '';
let resourcesCreated = 0;

// Every ACD annotator is implemented; the tests of unimplemented ones use a registry without relation.
const WITHOUT_RELATION = ANNOTATORS.filter((a) => a.id !== 'relation');

function deps(out: string[], stdin = ''): AnalyzeCommandDeps {
  return {
    annotators: WITHOUT_RELATION,
    createResources: async (): Promise<EngineResources> => {
      resourcesCreated++;
      return { kb: compileKnowledge([], { name: 'empty', version: '1', sourceVersion: '1' }), artifacts: NO_ARTIFACTS };
    },
    readStdin: async () => Buffer.from(stdin),
    write: (text) => out.push(text),
  };
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analyze-cli-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('analyze command', () => {
  test('--help prints usage and exits 0', async () => {
    const out: string[] = [];
    assert.equal(await runAnalyzeCommand(['--help'], deps(out)), 0);
    assert.match(out.join(''), /Usage: clinical-annotator analyze/);
  });

  test('bad arguments exit 2', async () => {
    assert.equal(await runAnalyzeCommand(['--nope'], deps([])), 2);
    assert.equal(await runAnalyzeCommand(['a.txt', 'b.txt'], deps([])), 2);
    assert.equal(await runAnalyzeCommand(['--flow', 'f.json', '--annotators', 'negation'], deps([])), 2);
    assert.equal(await runAnalyzeCommand(['--max-chars', '0'], deps([])), 2);
  });

  test('an unimplemented annotator is a coded error; --skip-unimplemented skips it', async () => {
    await assert.rejects(runAnalyzeCommand(['-', '--annotators', 'relation'], deps([], 'text')),
      (e: unknown) => isDomainError(e) && e.kind === 'INVALID_ANNOTATOR_FLOW' && e.description.includes('relation'));
    const out: string[] = [];
    assert.equal(await runAnalyzeCommand(['-', '--annotators', 'relation', '--skip-unimplemented', '--compact'], deps(out, 'No <pain>.')), 0);
    const response = JSON.parse(out.join('')) as { annotatorFlows: unknown[]; unstructured: { text?: string; data: object }[] };
    assert.deepEqual(response.annotatorFlows, [{ flow: { elements: [{ annotator: { name: 'relation' } }], async: false } }]);
    assert.deepEqual(response.unstructured, [{ data: {} }]);
  });

  test('reads a file, a flow file and echoes the text with --return-analyzed-text', async () => {
    const textFile = join(dir, 'note.txt');
    await writeFile(textFile, 'Chest pain.\r\n');
    const flowFile = join(dir, 'flow.json');
    await writeFile(flowFile, JSON.stringify({ id: 'f', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'relation' } }] } }] }));
    const out: string[] = [];
    assert.equal(await runAnalyzeCommand([textFile, '--flow', flowFile, '--skip-unimplemented', '--return-analyzed-text'], deps(out)), 0);
    const response = JSON.parse(out.join('')) as { unstructured: { text: string }[] };
    assert.equal(response.unstructured[0]?.text, 'Chest pain.\r\n');
  });

  test('a JSON input file is read as containers', async () => {
    const input = join(dir, 'input.json');
    await writeFile(input, JSON.stringify({ unstructured: [{ text: 'a', id: 'one' }, { text: 'b', id: 'two' }] }));
    const out: string[] = [];
    assert.equal(await runAnalyzeCommand([input, '--annotators', 'relation', '--skip-unimplemented'], deps(out)), 0);
    const response = JSON.parse(out.join('')) as { unstructured: { id: string }[] };
    assert.deepEqual(response.unstructured.map((c) => c.id), ['one', 'two']);
  });

  test('the text limit is checked before the knowledge base is loaded', async () => {
    const before = resourcesCreated;
    await assert.rejects(runAnalyzeCommand(['-', '--max-chars', '3', '--annotators', 'relation'], deps([], 'too long')),
      (e: unknown) => isDomainError(e) && e.kind === 'PAYLOAD_TOO_LARGE');
    assert.equal(resourcesCreated, before);
  });

  test('invalid flow and profile files are coded errors', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{nope');
    await assert.rejects(runAnalyzeCommand(['-', '--flow', bad], deps([], 'x')), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_JSON');
    await assert.rejects(runAnalyzeCommand(['-', '--profile', bad], deps([], 'x')), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_JSON');
    assert.throws(() => annotatorFlowsOf({ nothing: 1 }, 'x.json'), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_FLOW');
  });

  test('flow file shapes', () => {
    const flow = { elements: [{ annotator: { name: 'negation' } }] };
    assert.deepEqual(annotatorFlowsOf(flow, 'f'), [{ flow }]);
    assert.deepEqual(annotatorFlowsOf({ flow }, 'f'), [{ flow }]);
    assert.deepEqual(annotatorFlowsOf([{ flow }], 'f'), [{ flow }]);
    assert.deepEqual(annotatorFlowsOf({ annotatorFlows: [{ flow, profile: 'p' }] }, 'f'), [{ flow, profile: 'p' }]);
  });
});
