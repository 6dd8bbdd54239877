import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../text/tokenize.js';
import { compilePhrases } from './phrase-matcher.js';

function texts(text: string, matches: readonly { begin: number; end: number; payloads: readonly string[] }[]): string[] {
  return matches.map((m) => `${text.slice(m.begin, m.end)}=${m.payloads.join('|')}`);
}

describe('model-broker phrase matcher', () => {
  const matcher = compilePhrases<string>([
    ['compliant', 'c'],
    ['compliant with', 'cw'],
    ['no abnormality', 'na'],
    ['abnormality', 'a'],
    ["doesn't", 'neg'],
    ['Denies', 'deny'],
  ]);

  test('every phrase ending at a start is listed; the next start is after the longest', () => {
    const text = 'Patient compliant with meds, no abnormality seen; abnormality elsewhere.';
    const tokens = tokenize(text);
    assert.deepEqual(texts(text, matcher.match(tokens, 0, tokens.length)), ['compliant=c', 'compliant with=cw', 'no abnormality=na', 'abnormality=a']);
  });

  test('phrases match case-insensitively and never past `to`', () => {
    const text = 'DENIES pain. Compliant with diet.';
    const tokens = tokenize(text);
    const within = tokens.findIndex((t) => t.lower === 'with');
    assert.deepEqual(texts(text, matcher.match(tokens, 0, within)), ['DENIES=deny', 'Compliant=c']);
    assert.deepEqual(matcher.match(tokens, 3, 3), []);
  });

  test("a typographic apostrophe matches a phrase written with '", () => {
    const curly = 'He doesn\u2019t smoke.';
    const straight = "He doesn't smoke.";
    for (const text of [curly, straight, curly]) {
      const tokens = tokenize(text);
      assert.deepEqual(texts(text, matcher.match(tokens, 0, tokens.length)).map((t) => t.split('=')[1]), ['neg'], text);
    }
  });
});
