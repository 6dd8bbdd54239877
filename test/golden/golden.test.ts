// Golden references (see golden-run.ts). The sentence part (engine core) is always compared. The analysis
// part needs the default knowledge base, which `npm test` prepares (pretest, .cache/kb): it is compared
// whenever one is available (never built here); GOLDEN_ANALYSIS=0 turns it off.
// Update with `npm run golden:accept` after review.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_DIR, findKnowledgeBase, goldenCases, goldenOutput, sentencesOf, sortKeys } from './golden-run.js';

const cases = goldenCases();
const analysisWanted = process.env.GOLDEN_ANALYSIS !== '0';
const kb = analysisWanted ? await findKnowledgeBase() : undefined;
const skipAnalysis = !analysisWanted ? 'GOLDEN_ANALYSIS=0' : kb === undefined ? 'no knowledge base (GOLDEN_KB_DIR / .cache/kb / DATA_DIR/kb; npm test prepares .cache/kb)' : false;

describe('golden', () => {
  test('every case has a reference', () => {
    assert.ok(cases.length > 0);
    for (const c of cases) assert.ok(existsSync(join(REFERENCE_DIR, `${c.name}.json`)), `missing reference/${c.name}.json (npm run golden:accept)`);
  });

  for (const c of cases) {
    const path = join(REFERENCE_DIR, `${c.name}.json`);
    const reference = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { sentences: unknown; response: unknown }) : undefined;

    test(`${c.name}: sentences`, () => {
      assert.ok(reference);
      assert.deepEqual(sortKeys(sentencesOf(c.text)), reference.sentences);
    });

    test(`${c.name}: analysis`, { skip: skipAnalysis }, () => {
      assert.ok(reference && kb);
      assert.deepEqual(sortKeys(goldenOutput(c.text, kb).response), reference.response);
    });
  }
});
