// Experiencer across clauses and sentences (experiencer.ts) on real Documents with the built-in ConText rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../create-document.js';
import { DomainError } from '../../errors.js';
import type { Annotation } from '../document.js';
import { runContext, hitTargets } from './context-assertions.js';
import { compileExperiencerLexicon, defaultExperiencerLexicon } from './experiencer.js';
import { compileDefaultContext } from './context-lexicon.js';

const compiled = compileDefaultContext();

/** The FAMILY flag of each phrase (its first occurrence) in `text`. */
function family(text: string, phrases: readonly string[]): boolean[] {
  const doc = createDocument(text);
  const targets: Annotation[] = phrases.map((p) => {
    const begin = text.indexOf(p);
    assert.ok(begin >= 0, p);
    return { type: 'test', begin, end: begin + p.length, coveredText: p } as Annotation;
  });
  const hit = hitTargets(runContext(doc, compiled, targets, ['FAMILY'], true), 'FAMILY');
  return targets.map((t) => hit.has(t));
}

test('a relative as subject covers the rest of the clause, past eight words', () => {
  assert.deepEqual(family('Her sister was diagnosed with breast cancer at age 45 and then underwent a mastectomy.', ['breast cancer', 'mastectomy']), [true, true]);
  assert.deepEqual(family('Her sister had a stroke, but the patient had a mastectomy.', ['stroke', 'mastectomy']), [true, false]);
});

test('the next sentence stays the relative\'s while it opens with a pronoun that cannot be the patient\'s', () => {
  assert.deepEqual(family('Her son has epilepsy. He takes Keppra twice a day. She takes aspirin.', ['Keppra', 'aspirin']), [true, false]);
  assert.deepEqual(family('Her mother had a stroke. She has hypertension herself.', ['hypertension']), [false]);
  assert.deepEqual(family('Mother had a stroke. She has hypertension.', ['hypertension']), [false]);
});

test('a relative named by the speaker (`my mom`) keeps her pronoun: the speaker is `I`', () => {
  assert.deepEqual(family('My mom has rheumatoid arthritis. She takes methotrexate every week. I take aspirin.', ['methotrexate', 'aspirin']), [true, false]);
  assert.deepEqual(family('My father has diabetes and I have asthma.', ['diabetes', 'asthma']), [true, false]);
});

test('a relative that is not the subject extends nothing', () => {
  assert.deepEqual(family('The patient lives with her father and takes aspirin every day for her heart condition.', ['heart condition']), [false]);
});

test('the rules are validated with closed keys', () => {
  assert.ok(defaultExperiencerLexicon().relatives.get('mother') === 'female');
  assert.throws(() => compileExperiencerLexicon({ kind: 'context-experiencer', version: '1', relatives: { female: ['mother'], male: ['father'], plural: ['parents'], other: ['x'] }, pronouns: {}, leading: [], stops: [], maxSentences: 2, extra: 1 }, 'x.json'),
    (e: unknown) => e instanceof DomainError && /x\.json: .*unknown key "extra".*relatives\.other/.test(e.description));
});

test('`and the patient` ends a relative\'s statement', () => {
  assert.deepEqual(family('His father has diabetes, and the patient also has prediabetes.', ['diabetes', 'prediabetes']), [true, false]);
  assert.deepEqual(family('Her mother had breast cancer and she has had a mammogram.', ['breast cancer', 'mammogram']), [true, false]);
});
