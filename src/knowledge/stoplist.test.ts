import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadDefaultStopList, parseStopList } from './stoplist.js';

test('the authored stop-list is valid, versioned and holds the common-word synonyms', () => {
  const s = loadDefaultStopList();
  assert.match(s.version, /^\d{4}-\d{2}-\d{2}\.\d+$/);
  for (const word of ['all', 'was', 'cold', 'left', 'same', 'may', 'said', 'lead', 'ms', 'or', 'it']) assert.ok(s.entries.has(word), word);
  assert.equal(s.entries.get('all'), 'lower');
  assert.equal(s.entries.get('or'), 'any');
  // HPO clinical modifiers of pain and triggers: qualifiers, not symptoms.
  for (const word of ['sharp', 'dull', 'tender', 'aggravated by', 'exacerbated by', 'spinning']) assert.equal(s.entries.get(word), 'lower', word);
});

test('parseStopList reports bad lines with file and line number', () => {
  const { stopList, issues } = parseStopList('# version: 1\nterm\tscope\treason\nall\tlower\tdeterminer\nbad\tsome\tx\nnoreason\tlower\t \nall\tany\tdup\ntwo\tcols\n', 'x.tsv');
  assert.deepEqual([...stopList.entries], [['all', 'lower']]);
  assert.deepEqual(issues.map((i) => i.path), ['x.tsv:4', 'x.tsv:5', 'x.tsv:6', 'x.tsv:7']);
  assert.equal(parseStopList('term\tscope\treason\n').issues[0]!.message, 'missing "# version: ..." line');
});
