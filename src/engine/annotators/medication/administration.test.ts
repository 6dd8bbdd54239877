import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Annotation } from '../../document.js';
import { medicationFixture } from './medication-test-kb.js';

const { medications, administrationOf } = medicationFixture();

describe('medication: elements before the drug', () => {
  test('bridge words (`administration of`, `treatment with`) are not gap tokens', () => {
    const a = administrationOf('after the intravenous administration of the antibiotic vancomycin')!;
    assert.equal((a.route as Annotation[])[0]!.coveredText, 'intravenous');
    const b = administrationOf('weekly intravenous administration of 30 mg of methotrexate')!;
    assert.deepEqual([b.frequencyValue, b.dosageValue, (b.route as Annotation[])[0]!.coveredText], ['weekly', '30 mg', 'intravenous']);
  });

  test('an element followed by `of` and another word belongs to that word', () => {
    const found = medications('injected 1 cc of Celestone and 0.5 cc of vancomycin');
    assert.deepEqual(found.map((m) => (m.administration as Annotation[])[0]!.dosageValue), ['0.5 cc']);
  });

  test('a window stop still ends the backward scan', () => {
    assert.equal(administrationOf('500 mg daily; then the administration of vancomycin'), undefined);
  });
});
