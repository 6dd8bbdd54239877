// How the attribute evaluation reads a predicted attribute's extent (eval/attributes-eval.ts attributeExtent).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attributeExtent, scoreSentence, type AttributeScore } from '../../eval/attributes-eval.js';

test('an attribute made from a lab value matches a gold span on the lab name written before the value', () => {
  const text = 'Potassium was low at 3.1.';
  const labs = [{ uid: 4, begin: 21, labTypeSurfaceForm: 'Potassium' }];
  const abnormal = attributeExtent({ name: 'AbnormalFinding', begin: 21, end: 24, concept: { uid: 4 } }, labs, text);
  assert.deepEqual(abnormal, { name: 'AbnormalFinding', begin: 0, end: 24 });
  const scores = new Map<string, AttributeScore>([['AbnormalFinding', { name: 'AbnormalFinding', tp: 0, fp: 0, fn: 0 }]]);
  assert.deepEqual(scoreSentence([{ name: 'AbnormalFinding', begin: 0, end: 9 }], [abnormal], scores), []);
  // Other attributes, or a lab whose name is not written before it, keep their own span.
  assert.deepEqual(attributeExtent({ name: 'Diagnosis', begin: 5, end: 9, concept: { uid: 7 } }, labs, text), { name: 'Diagnosis', begin: 5, end: 9 });
  assert.deepEqual(attributeExtent({ name: 'LabValue', begin: 21, end: 24, concept: { uid: 4 } }, [{ uid: 4, begin: 21, labTypeSurfaceForm: 'Sodium' }], text), { name: 'LabValue', begin: 21, end: 24 });
});
