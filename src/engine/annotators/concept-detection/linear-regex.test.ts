import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readArchive } from '../../../cartridge/archive-reader.js';
import { compileLinearRegex, requiredLiteral, type LinearRegex } from './linear-regex.js';

function compiled(source: string): LinearRegex {
  const result = compileLinearRegex(source);
  assert.ok(result.ok, `${source}: ${result.ok ? '' : result.reason}`);
  return result.regex;
}

function matches(source: string, text: string): string[] {
  const out: string[] = [];
  compiled(source).forEachMatch(text, (begin, end) => out.push(text.slice(begin, end)));
  return out;
}

/** Patterns that backtrack exponentially or polynomially on V8's engine (with the input that triggers them). */
const CATASTROPHIC: readonly [string, string][] = [
  ['(?:a|a)*b', 'a'],
  ['(a|aa)+$', 'a'],
  ['(a+)+b', 'a'],
  ['(a*)*b', 'a'],
  ['(\\w+\\s?)*x', 'ab '],
  ['(x+x+)+y', 'x'],
  ['(.*a){12}', 'a'],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', 'aa'],
  ['(\\d+|\\d+\\.\\d+)*!', '1.'],
  ['\\s*\\s*\\s*x', ' '],
  ['(?i)(a|A|b)*c\\b(?!d)', 'aB'],
];

test('known catastrophic patterns compile and match a 100,000-character worst case (the run completing is the check; timing is in bench/)', () => {
  for (const [source, unit] of CATASTROPHIC) {
    const text = unit.repeat(Math.ceil(100_000 / unit.length)) + '!';
    const found: number[] = [];
    compiled(source).forEachMatch(text, (begin) => found.push(begin));
    assert.ok(found.length < text.length, source);
  }
});

test('matches are found with UTF-16 offsets, inline (?i), classes and alternation', () => {
  assert.deepEqual(matches('(?i)chem\\-\\d{1,2}', '😀 CHEM-7 and chem-10'), ['CHEM-7', 'chem-10']);
  const text = '😀 x';
  compiled('x').forEachMatch(text, (begin, end) => assert.deepEqual([begin, end], [3, 4]));
  assert.deepEqual(matches('(\\d{2})[\\/.-](\\d{2})[\\/.-](\\d{4})', 'on 01/02/2020 and 3.4.5'), ['01/02/2020']);
  assert.deepEqual(matches('(?<y>\\d{4})-x', '2020-x'), ['2020-x']);
});

test('lookbehinds with capturing groups run (groups become non-capturing)', () => {
  assert.deepEqual(matches("(?<!\\w)('[0-9]{2})\\b", "in '98 and x'97"), ["'98"]);
  assert.deepEqual(matches('\\b(?<!(?i)(positive\\sat\\s))[0-9]{1,2}\\b', 'positive at 12, then 14'), ['14']);
});

test('a trailing lookahead is checked at the end of the match', () => {
  assert.deepEqual(matches('\\b(?i)daily(?!(\\s+living))\\b', 'Daily living, daily pills'), ['daily']);
  assert.deepEqual(matches('\\b(?i)(yr|yer|year)(?!(s|(\\s*|-)old))\\b', 'one year-old, a year ago'), ['year']);
  assert.deepEqual(matches('\\b\\d+(?= mg)', '5 mg and 7 ml'), ['5']);
  assert.deepEqual(matches('\\b(?i)(a(?!x))\\b', 'a b'), ['a']);
});

test('what the engine cannot run is refused with a reason', () => {
  for (const source of ['(a)\\1', 'a++b', 'x(?=y)z', '(a(?!b)|c)d', 'a|b(?!c)', 'x*', '(?>ab)c', '(']) {
    const result = compileLinearRegex(source);
    assert.equal(result.ok, false, source);
    assert.ok(!result.ok && result.reason.length > 0);
  }
});

test('regexes of the real ACD clinical insights cartridge: nearly all run on the linear-time engine', async () => {
  const read = await readArchive(readFileSync('/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip'));
  assert.ok(read.ok);
  const patterns: string[] = [];
  for (const file of read.files) {
    if (!file.name.endsWith('.json')) continue;
    const source = JSON.parse(file.data.toString('utf8')) as { concepts?: { regexes?: { pattern: string }[] }[] };
    for (const c of source.concepts ?? []) for (const r of c.regexes ?? []) patterns.push(r.pattern);
  }
  const refused = patterns.filter((p) => !compileLinearRegex(p).ok);
  assert.ok(patterns.length >= 20);
  assert.ok(refused.length <= 1, refused.join('\n'));
});

test('the literal every match must contain: outside groups, not optional, case-folded only where folding is plain ASCII', () => {
  const cases: [string, string | undefined, boolean?][] = [
    ['(?:a|a)*b', 'b'], ['(?:a|aa)+$', undefined], ['(?:\\w+\\s?)*x', 'x'], ['\\s*\\s*\\s*x', 'x'],
    ['ab+c', 'ab'], ['colou?r', 'colo'], ['x{0,3}yz', 'yz'], ['x{2}yz', 'yz'], ['\\d+ mg\\b', ' mg'], ['a\\.b', 'a.b'],
    ['(?i)Heart\\s+attack', 'attac', true], ['(?i)ASK', 'a', true], ['\ud83d\ude00?ab', 'ab'], ['\ud83d\ude00ab', '\ud83d\ude00ab'],
    ['a|b', undefined], ['\\x41bc', undefined], ['\\Qa.b\\E', undefined], ['(?x) a b c', undefined], ['(?:u|v)w', 'w'], ['[abc]+d?', undefined],
  ];
  for (const [source, text, lowerCase = false] of cases) {
    const found = requiredLiteral(source);
    assert.deepEqual(found, text === undefined ? undefined : { text, lowerCase }, source);
  }
});

test('the literal prefilter changes no match: the same matches as a backtracking engine on the same patterns', () => {
  const patterns = ['colou?r', 'ab+c', '\\d+ mg\\b', '(?i)heart\\s+attack', 'x{0,2}yz', '(?:a|b)c', '[0-9]+\\.[0-9]', '\ud83d\ude00?ab', '(?i)stroke'];
  const texts = ['color colour colr', 'abbc ac abc', '5 mg, 10 mgs, 7 mg', 'Heart  ATTACK and heart attack', 'yz xyz xxxyz', 'ac bc cc', '1.5 and 2.', 'ab \ud83d\ude00ab', 'STROKE, Stroke and stroKe'];
  for (const source of patterns) {
    const js = new RegExp(source.replace('(?i)', ''), source.startsWith('(?i)') ? 'gu' + 'i' : 'gu');
    for (const text of texts) {
      const expected = [...text.matchAll(js)].map((m) => m[0]);
      assert.deepEqual(matches(source, text), expected, `${source} on ${text}`);
    }
  }
});
