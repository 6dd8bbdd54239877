import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeKnowledgeBase } from '../knowledge/kb-files.js';
import { loadKnowledgeBase } from '../knowledge/loader.js';
import { compileTestKb } from '../knowledge/test-kb.js';
import { encodeResponse, runAnalysisTask } from './analysis-task.js';
import { ResourceProvider } from './resource-provider.js';

const SAMPLES = [
  '',
  '{"text":"plain ASCII, with \\"escapes\\" and \\n"}',
  '{"coveredText":"naïve café"}', // Latin-1 beyond ASCII: two UTF-8 bytes each
  '{"preferredName":"Łódź"}', // beyond Latin-1: a byte copy would cut Ł to A
  '{"emoji":"pain 😖 10/10"}',
  '{"lone":"\ud83d"}', // an unpaired surrogate: U+FFFD, as TextEncoder writes it (the transcoder refuses it)
  'x'.repeat(10_000) + 'é',
  '{"text":"' + '• item’s “quoted” 😖 '.repeat(2_000) + '"}', // long text beyond Latin-1 (the transcoder's path)
];

test('encodeResponse gives the UTF-8 bytes TextEncoder gives, for ASCII and any other text', () => {
  const encoder = new TextEncoder();
  for (const json of SAMPLES) assert.deepEqual(Buffer.from(encodeResponse(json)), Buffer.from(encoder.encode(json)), JSON.stringify(json.slice(0, 40)));
});

test('encodeResponse bytes own their whole buffer (transferable, never a shared pool slice)', () => {
  for (const json of SAMPLES) {
    const bytes = encodeResponse(json);
    assert.equal(bytes.byteOffset, 0);
    assert.equal(bytes.buffer.byteLength, bytes.byteLength);
    assert.equal(Object.getPrototypeOf(bytes), Uint8Array.prototype);
  }
});

test('a task carrying the body JSON text answers exactly as one carrying the parsed containers and flows', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ca-analysis-task-'));
  try {
    await writeKnowledgeBase(compileTestKb(), dir);
    const provider = new ResourceProvider(await loadKnowledgeBase(dir));
    const flows = [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'negation' } }], async: false } }];
    const body = { unstructured: [{ text: 'Patient denies headache. Type 2 diabetes mellitus, naïve “quoted” 😖.' }, { text: 'No fever.' }], annotatorFlows: flows };
    const base = {
      tenant: 't1', knowledgeVersion: 'v', profiles: {}, returnAnalyzedText: true, debugTextRestore: false, echoAnnotatorFlows: true,
      limits: { maxCharsPerContainer: 10_000, maxCharsPerRequest: 20_000, maxContainers: 5 }, format: 'text' as const,
    };
    const parsed = await runAnalysisTask({ ...base, containers: body.unstructured, annotatorFlows: flows }, provider);
    assert.match(parsed, /headache/);
    const text = `\ufeff ${JSON.stringify(body, null, 1)}`;
    assert.equal(await runAnalysisTask({ ...base, containers: undefined, annotatorFlows: [], body: { json: text, flows: true } }, provider), parsed);
    assert.equal(await runAnalysisTask({ ...base, containers: undefined, annotatorFlows: flows, body: { json: text, flows: false } }, provider), parsed);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
