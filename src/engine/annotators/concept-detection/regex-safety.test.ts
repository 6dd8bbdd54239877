import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readArchive } from '../../../cartridge/archive-reader.js';
import { hasNestedUnboundedQuantifier } from './regex-safety.js';

test('nested unbounded repetition is found', () => {
  for (const source of ['(a+)+$', '(a*)*', '(\\w+\\s?)*x', '(?:x*y){2,}', '((a+))+', '(?i)(ab+)+c', '([a-z]+\\.)+com', '(a+?)+', '(\\d{1,}\\s)*!', '(?<w>a+)+']) {
    assert.equal(hasNestedUnboundedQuantifier(source), true, source);
  }
});

test('bounded or single repetition is not flagged', () => {
  for (const source of ['a+b*', '(ab)+', '(\\s|-)*', '(a+)?', '(a+){2}', '(a+){1,3}', '[(a+)]+', '\\(a+\\)+', '(x\\s?)?[0-9]+', 'a{2,}', '(?:ab)*c+', '\\b(?i)daily(?!(\\s+living))\\b', 'x{', '(a+)b+']) {
    assert.equal(hasNestedUnboundedQuantifier(source), false, source);
  }
});

test('every regex of the real ACD clinical insights cartridge passes', async () => {
  const read = await readArchive(readFileSync('/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip'));
  assert.ok(read.ok);
  const patterns: string[] = [];
  for (const file of read.files) {
    if (!file.name.endsWith('.json')) continue;
    const source = JSON.parse(file.data.toString('utf8')) as { concepts?: { regexes?: { pattern: string }[] }[] };
    for (const c of source.concepts ?? []) for (const r of c.regexes ?? []) patterns.push(r.pattern);
  }
  assert.ok(patterns.length >= 20, `${patterns.length} patterns`);
  assert.deepEqual(patterns.filter(hasNestedUnboundedQuantifier), []);
});
