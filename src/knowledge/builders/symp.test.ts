import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sympRecords } from './symp.js';

const OBO = `format-version: 1.2

[Term]
id: SYMP:0020063
name: blood pressure
is_a: SYMP:0000567 ! general symptom

[Term]
id: SYMP:0020064
name: high blood pressure
is_a: SYMP:0020063 ! blood pressure

[Term]
id: SYMP:0000692
name: low blood pressure
is_a: SYMP:0020063 ! blood pressure

[Term]
id: SYMP:0000613
name: fever
is_a: SYMP:0000567 ! general symptom

[Term]
id: SYMP:0000614
name: high fever
is_a: SYMP:0000613 ! fever
`;

test('a grouping term over "high X" and "low X" names a measured quantity (clna); the others are symptoms', () => {
  const types = Object.fromEntries(sympRecords(OBO).map((r) => [r.preferredName, r.semanticTypes]));
  assert.deepEqual(types, {
    'blood pressure': ['clna'],
    'high blood pressure': ['sosy'],
    'low blood pressure': ['sosy'],
    fever: ['sosy'],
    'high fever': ['sosy'],
  });
});
