import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeResponse } from './analysis-task.js';

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
