import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from './tokenize.js';
import { compileAbbreviations, validateAbbreviations } from './abbreviations.js';
import { isDomainError } from '../../errors.js';

/** Surface forms of the tokens (sliced from the text by offsets, so offsets are checked too). */
function surfaces(text: string): string[] {
  return tokenize(text).map((t) => text.slice(t.begin, t.end));
}

function kinds(text: string): string[] {
  return tokenize(text).map((t) => `${text.slice(t.begin, t.end)}:${t.kind}`);
}

describe('tokenize', () => {
  test('empty and whitespace-only text give no tokens', () => {
    assert.deepEqual(tokenize(''), []);
    assert.deepEqual(tokenize(' \n\t\r\n '), []);
  });

  test('words, punctuation and lower-cased forms', () => {
    const tokens = tokenize('Patient DENIES pain, fever.');
    assert.deepEqual(tokens.map((t) => t.lower), ['patient', 'denies', 'pain', ',', 'fever', '.']);
    assert.deepEqual(tokens.map((t) => t.kind), ['word', 'word', 'word', 'punct', 'word', 'punct']);
  });

  test('clinical abbreviations with periods are one token', () => {
    assert.deepEqual(surfaces('aspirin p.o. b.i.d. or q.d. e.g. i.e. vs. Dr. Smith t.i.d. q.h.s.'),
      ['aspirin', 'p.o.', 'b.i.d.', 'or', 'q.d.', 'e.g.', 'i.e.', 'vs.', 'Dr.', 'Smith', 't.i.d.', 'q.h.s.']);
    assert.deepEqual(surfaces('400 mg. Then'), ['400', 'mg.', 'Then']);
    assert.deepEqual(surfaces('U.S.A. based'), ['U.S.A.', 'based']);
  });

  test('a word that is not an abbreviation keeps its period separate', () => {
    assert.deepEqual(surfaces('pain. Fever.'), ['pain', '.', 'Fever', '.']);
    assert.deepEqual(surfaces('mg...'), ['mg', '...']);
    assert.deepEqual(surfaces('Dr.Smith'), ['Dr.', 'Smith']);
  });

  test('numbers: decimals, thousands, ratios, dates, ordinals', () => {
    assert.deepEqual(kinds('12.2 0.5 100,000 3,500,000.25 5/10 120/80 01/02/2020 2nd .5'),
      ['12.2:number', '0.5:number', '100,000:number', '3,500,000.25:number', '5/10:number', '120/80:number',
        '01/02/2020:number', '2nd:number', '.5:number']);
  });

  test('commas that are not thousands separators split numbers', () => {
    assert.deepEqual(surfaces('1,2,3 and 10,20 and 1000,000'), ['1', ',', '2', ',', '3', 'and', '10', ',', '20', 'and', '1000', ',', '000']);
  });

  test('a number glued to a unit is split into number and word', () => {
    assert.deepEqual(kinds('400mg 5ml 2x'), ['400:number', 'mg:word', '5:number', 'ml:word', '2:number', 'x:word']);
  });

  test('sentence-final periods after numbers are separate', () => {
    assert.deepEqual(surfaces('BP 120/80. HR 72.'), ['BP', '120/80', '.', 'HR', '72', '.']);
  });

  test('hyphenated words: parts and the hyphen as punctuation; runs of dashes are one token', () => {
    assert.deepEqual(kinds('well-being -- x'), ['well:word', '-:punct', 'being:word', '--:punct', 'x:word']);
    assert.deepEqual(surfaces('non–small'), ['non', '–', 'small']);
  });

  test("apostrophes: the clitic 's is split, other apostrophes stay in the word", () => {
    assert.deepEqual(surfaces("Crohn's disease"), ['Crohn', "'s", 'disease']);
    assert.deepEqual(surfaces('Crohn’s'), ['Crohn', '’s']);
    assert.deepEqual(surfaces("don't O'Brien patients' 'quoted'"), ["don't", "O'Brien", 'patients', "'", "'", 'quoted', "'"]);
    assert.deepEqual(surfaces("it's"), ['it', "'s"]);
  });

  test('words with digits stay whole, decimals inside them too', () => {
    assert.deepEqual(surfaces('HbA1c B12 COVID19 R9.2; L10.0cm. V1.'), ['HbA1c', 'B12', 'COVID19', 'R9.2', ';', 'L10.0cm', '.', 'V1', '.']);
  });

  test('a word in capitals before a period is an acronym, not an abbreviation', () => {
    assert.deepEqual(surfaces('CF. Dr. DR. cf. U.S.'), ['CF', '.', 'Dr.', 'DR', '.', 'cf.', 'U.S.']);
  });

  test('newlineBefore marks the first token of each line', () => {
    const tokens = tokenize('a b\r\nc\n\nd');
    assert.deepEqual(tokens.map((t) => t.newlineBefore), [false, false, true, true]);
  });

  test('CRLF keeps exact offsets', () => {
    const text = 'Line one.\r\nLine two.';
    const tokens = tokenize(text);
    const two = tokens.find((t) => t.lower === 'two');
    assert.ok(two);
    assert.equal(two.begin, text.indexOf('two'));
  });

  test('surrogate pairs and emoji: offsets exact, emoji sequences are one symbol', () => {
    const text = 'pain 👍🏽 👨‍👩‍👧 🇫🇷 ok 😀x';
    const tokens = tokenize(text);
    assert.deepEqual(tokens.map((t) => text.slice(t.begin, t.end)), ['pain', '👍🏽', '👨‍👩‍👧', '🇫🇷', 'ok', '😀', 'x']);
    assert.deepEqual(tokens.map((t) => t.kind), ['word', 'symbol', 'symbol', 'symbol', 'word', 'symbol', 'word']);
    assert.equal(tokens[4]?.begin, text.indexOf('ok'));
  });

  test('combining marks stay with their base letter', () => {
    const nfd = 'nai\u0308ve cafe\u0301';
    assert.deepEqual(surfaces(nfd), ['nai\u0308ve', 'cafe\u0301']);
    assert.deepEqual(surfaces('1\ufe0f\u20e3 x'), ['1\ufe0f\u20e3', 'x']);
    assert.deepEqual(surfaces('.\u0301'), ['.\u0301']);
  });

  test('CJK ideographs are one token each; kana too', () => {
    assert.deepEqual(kinds('糖尿病 カタ'), ['糖:word', '尿:word', '病:word', 'カ:word', 'タ:word']);
    assert.deepEqual(surfaces('CT检查'), ['CT', '检', '查']);
    assert.deepEqual(surfaces('𠀀x'), ['𠀀', 'x']);
  });

  test('other scripts form words', () => {
    assert.deepEqual(surfaces('Лихорадка нет; ανεμοβλογιά'), ['Лихорадка', 'нет', ';', 'ανεμοβλογιά']);
  });

  test('symbols and brackets', () => {
    assert.deepEqual(kinds('>40% (x) ±2 °C'), ['>:symbol', '40:number', '%:punct', '(:punct', 'x:word', '):punct', '±:symbol', '2:number', '°:symbol', 'C:word']);
  });

  test('lone surrogates do not break offsets', () => {
    const text = 'a\ud800 b';
    const tokens = tokenize(text);
    assert.deepEqual(tokens.map((t) => [t.begin, t.end]), [[0, 1], [1, 2], [3, 4]]);
  });

  test('tokens are ordered, non-overlapping and cover every non-space character', () => {
    const text = 'Pt. 45 y.o. M w/ h/o CHF (EF 35%), DM2 — A1c 7.2%… 👍 x\u0301y 糖 "q.d."';
    const tokens = tokenize(text);
    let covered = 0;
    let prev = 0;
    for (const t of tokens) {
      assert.ok(t.begin >= prev && t.end > t.begin, `token ${t.begin}-${t.end}`);
      prev = t.end;
      covered += t.end - t.begin;
    }
    let nonSpace = 0;
    for (const ch of text) if (ch.trim() !== '') nonSpace += ch.length;
    assert.equal(covered, nonSpace);
  });
});

describe('abbreviation table', () => {
  test('validation reports unknown keys, bad entries, duplicates and overlap', () => {
    const issues = validateAbbreviations({ kind: 'abbreviations', version: '1', extra: 1, nonTerminal: ['dr.', 'Dr.', 'dr.', 'x y.'], terminal: ['dr.', 'mg'] });
    const paths = issues.map((i) => i.path);
    assert.ok(paths.includes('extra'));
    assert.ok(paths.includes('nonTerminal[1]'));
    assert.ok(paths.includes('nonTerminal[2]'));
    assert.ok(paths.includes('nonTerminal[3]'));
    assert.ok(paths.includes('terminal[1]'));
    assert.ok(paths.includes('nonTerminal[0]'));
    assert.deepEqual(validateAbbreviations([]), [{ path: '', message: 'must be an object' }]);
    assert.throws(() => compileAbbreviations({ kind: 'x' }, 'f.json'),
      (e: unknown) => isDomainError(e) && e.kind === 'INVALID_RESOURCE_FILE' && e.description.includes('f.json'));
  });

  test('a custom table changes tokenisation', () => {
    const table = compileAbbreviations({ kind: 'abbreviations', version: '1', nonTerminal: ['pain.'], terminal: [] }, 't');
    assert.deepEqual(tokenize('pain. mg.', table).map((t) => t.lower), ['pain.', 'mg', '.']);
  });
});
