// Regression guard on the public corpora (eval/context-eval.ts). Thresholds sit a little under the figures
// reported in docs/context.md, so a lexicon change that loses ground fails here.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { DEFAULT_EVAL_DIR, locateConcept, runContextEval, score, splitBioscopeByDocument } from '../../../eval/context-eval.js';

const available = existsSync(`${DEFAULT_EVAL_DIR}/negex`) && existsSync(`${DEFAULT_EVAL_DIR}/bioscope-clinical`);

describe('context evaluation', () => {
  test('scoring arithmetic', () => {
    const s = score({ tp: 8, fp: 2, fn: 2, tn: 88 });
    assert.equal(s.precision, 0.8);
    assert.equal(s.recall, 0.8);
    assert.ok(Math.abs(s.f1 - 0.8) < 1e-12);
    assert.equal(s.accuracy, 0.96);
  });

  test('the kit target is the upper-case occurrence of the concept', () => {
    assert.deepEqual(locateConcept('Pain in chest; no CHEST   PAIN today.', 'chest pain'), { begin: 18, end: 30 });
  });

  test('the held-out protocol splits BioScope by document, alternating in file order', () => {
    const s = (doc_id: string, text: string) => ({ doc_id, text, cues: [], scopes: [] });
    const { even, odd } = splitBioscopeByDocument([s('a', '1'), s('a', '2'), s('b', '3'), s('c', '4'), s('b', '5'), s('d', '6')]);
    assert.deepEqual(even.map((x) => x.text), ['1', '2', '4']);
    assert.deepEqual(odd.map((x) => x.text), ['3', '5', '6']);
  });

  test('NegEx kit and BioScope figures stay at their level', { skip: !available && 'shared eval data not present' }, () => {
    const r = runContextEval();
    assert.ok(r.negex.negation.f1 >= 0.97, `negation F1 ${r.negex.negation.f1}`);
    assert.ok(r.negex.hypothetical.f1 >= 0.9, `hypothetical F1 ${r.negex.hypothetical.f1}`);
    assert.ok(r.negex.historical.f1 >= 0.72, `historical F1 ${r.negex.historical.f1}`);
    assert.ok(r.bioscope.negation.cues.f1 >= 0.9, `BioScope negation cue F1 ${r.bioscope.negation.cues.f1}`);
    assert.ok(r.bioscope.negation.scopeTokens.f1 >= 0.85, `BioScope negation token F1 ${r.bioscope.negation.scopeTokens.f1}`);
    assert.ok(r.bioscopeRadiology.speculation.scopeTokens.f1 >= 0.89, `BioScope speculation token F1 ${r.bioscopeRadiology.speculation.scopeTokens.f1}`);
    // the held-out half (odd-numbered documents) must hold up too
    assert.ok(r.halves.bioscope.odd.negation.scopeTokens.f1 >= 0.84, `held-out negation token F1 ${r.halves.bioscope.odd.negation.scopeTokens.f1}`);
    assert.ok(r.halves.bioscopeRadiology.odd.speculation.scopeTokens.f1 >= 0.87, `held-out speculation token F1 ${r.halves.bioscopeRadiology.odd.speculation.scopeTokens.f1}`);
  });
});
