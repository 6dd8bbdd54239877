import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allowsBuiltInMatch, isShortAcronym, loadShortAcronyms, parseShortAcronyms, vouchedConcepts } from './short-acronyms.js';

test('the curated short-acronym list is valid, versioned and holds well-known clinical abbreviations only', () => {
  const list = loadShortAcronyms();
  assert.match(list.version, /^\d{4}-\d{2}-\d{2}\.\d+$/);
  for (const a of ['MI', 'CHF', 'HIV', 'ALL', 'MS', 'BP']) assert.ok(list.entries.has(a), a);
  // Gene symbols, Roman numerals and rare senses are not vouched for.
  for (const a of ['RB', 'II', 'WT1', 'APC', 'ARM', 'GS']) assert.equal(list.entries.has(a), false, a);
});

test('every short form the disambiguation annotator judges is listed (it needs the concepts found on them)', () => {
  const list = loadShortAcronyms();
  const inventory = JSON.parse(readFileSync(fileURLToPath(new URL('../../../../resources/disambiguation/en.json', import.meta.url)), 'utf8')) as { terms: { forms: string[] }[] };
  // ABC is mostly a de-identification placeholder (`Dr. ABC`): the knowledge base must not match it freely; the
  // annotator judges it on the turn-key annotations that find it themselves.
  const short = inventory.terms.flatMap((t) => t.forms).map((f) => f.toUpperCase()).filter(isShortAcronym).filter((f) => f !== 'ABC');
  assert.ok(short.length > 0);
  for (const form of short) assert.ok(list.entries.has(form), form);
});

test('isShortAcronym: 1-3 capitals and digits with a capital', () => {
  assert.deepEqual(['DM', 'WT1', 'II', 'X'].map(isShortAcronym), [true, true, true, true]);
  assert.deepEqual(['G6PD', 'IgA', 'dm', '12', 'Rb'].map(isShortAcronym), [false, false, false, false, false]);
});

test('allowsBuiltInMatch keeps listed and text-defined short acronyms and longer surfaces only', () => {
  const list = loadShortAcronyms();
  const text = 'WT1 and RB; CHF. Diabetes.';
  assert.equal(allowsBuiltInMatch(text, 0, 3, list, new Set()), false); // WT1 undefined
  assert.equal(allowsBuiltInMatch(text, 0, 3, list, new Set(['0:3'])), true); // WT1 defined in the text
  assert.equal(allowsBuiltInMatch(text, 8, 10, list, new Set()), false); // RB
  assert.equal(allowsBuiltInMatch(text, 12, 15, list, new Set()), true); // CHF is listed
  assert.equal(allowsBuiltInMatch(text, 17, 25, list, new Set()), true); // a word, not an acronym
});

test('parseShortAcronyms reports bad lines with file and line number', () => {
  const { list, issues } = parseShortAcronyms('# version: 1\nacronym\texpansion\nMI\tmyocardial infarction\nG6PD\tx\nHF\t \nMI\tdup\nA\tb\tc\n', 'x.tsv');
  assert.deepEqual([...list.entries.keys()], ['MI']);
  assert.deepEqual(issues.map((i) => i.path), ['x.tsv:4', 'x.tsv:5', 'x.tsv:6', 'x.tsv:7']);
  assert.equal(parseShortAcronyms('acronym\texpansion\n').issues[0]!.message, 'missing "# version: ..." line');
});

test('vouchedConcepts keeps the readings the expansion names, else every reading', () => {
  const list = parseShortAcronyms('# version: 1\nacronym\texpansion\nDIC\tdisseminated intravascular coagulation\nAS\taortic stenosis (disambiguated in context)\n').list;
  const names: Record<string, readonly number[]> = { 'disseminated intravascular coagulation': [7] };
  const lookup = (name: string): readonly number[] => names[name] ?? [];
  // DIC: the disorder (7), not the drug of that abbreviation (3).
  assert.deepEqual(vouchedConcepts('DIC', [3, 7], list, lookup), [7]);
  // An expansion written as a note names no concept: every reading stays for the context to judge.
  assert.deepEqual(vouchedConcepts('AS', [1, 2], list, lookup), [1, 2]);
  // Not listed, or one reading only: unchanged.
  assert.deepEqual(vouchedConcepts('WT1', [4, 5], list, lookup), [4, 5]);
  assert.deepEqual(vouchedConcepts('DIC', [3], list, lookup), [3]);
});
