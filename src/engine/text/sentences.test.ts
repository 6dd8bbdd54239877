import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../create-document.js';

function sentences(text: string): string[] {
  return createDocument(text).sentences.map((s) => text.slice(s.begin, s.end));
}

describe('splitSentences', () => {
  test('no tokens, no sentences', () => {
    assert.deepEqual(createDocument('').sentences, []);
    assert.deepEqual(createDocument('  \n ').sentences, []);
  });

  test('ends at . ! ? and keeps closing quotes and brackets', () => {
    assert.deepEqual(sentences('He has pain. Any fever? No! She said "stop." (Then left.) Next'),
      ['He has pain.', 'Any fever?', 'No!', 'She said "stop."', '(Then left.)', 'Next']);
  });

  test('token indices match the offsets', () => {
    const doc = createDocument('One two. Three four five.');
    assert.deepEqual(doc.sentences.map((s) => [s.tokenStart, s.tokenEnd]), [[0, 3], [3, 7]]);
    for (const s of doc.sentences) {
      assert.equal(doc.tokens[s.tokenStart]?.begin, s.begin);
      assert.equal(doc.tokens[s.tokenEnd - 1]?.end, s.end);
    }
  });

  test('does not end after non-terminal abbreviations, decimals or initials', () => {
    assert.deepEqual(sentences('Seen by Dr. Smith e.g. Today vs. Yesterday. Temp 37.5 today. J. R. Smith agreed.'),
      ['Seen by Dr. Smith e.g. Today vs. Yesterday.', 'Temp 37.5 today.', 'J. R. Smith agreed.']);
  });

  test('a capital letter and a period before a sentence starter is not an initial', () => {
    assert.deepEqual(sentences('Positive for Hepatitis B. The patient agrees. Seen by John F. Kennedy today.'),
      ['Positive for Hepatitis B.', 'The patient agrees.', 'Seen by John F. Kennedy today.']);
  });

  test('terminal abbreviations end a sentence before a capitalised word only', () => {
    assert.deepEqual(sentences('Take aspirin 81 mg p.o. b.i.d. Patient agrees. Give 5 mg. then stop.'),
      ['Take aspirin 81 mg p.o. b.i.d.', 'Patient agrees.', 'Give 5 mg. then stop.']);
  });

  test('ideographic and full-width sentence ends', () => {
    assert.deepEqual(sentences('患者は糖尿病です。Fever now！Next？ok'), ['患者は糖尿病です。', 'Fever now！', 'Next？', 'ok']);
    assert.deepEqual(sentences('He waited… and left… Then slept.'), ['He waited… and left…', 'Then slept.']);
  });

  test('a numbered item in running text after a terminal abbreviation starts a sentence', () => {
    assert.deepEqual(sentences('Discrepancy of 1 cm. 2. Mild pyelectasis. CF. Yearly evaluation.'),
      ['Discrepancy of 1 cm.', '2. Mild pyelectasis.', 'CF.', 'Yearly evaluation.']);
  });

  test('an ellipsis followed by lower case continues', () => {
    assert.deepEqual(sentences('He waited... and then left... Then slept.'), ['He waited... and then left...', 'Then slept.']);
  });

  test('blank lines end sentences', () => {
    assert.deepEqual(sentences('no period here\n\nnext block\r\n\r\nthird'), ['no period here', 'next block', 'third']);
  });

  test('headings in capitals followed by a colon end a sentence', () => {
    assert.deepEqual(sentences('HISTORY OF PRESENT ILLNESS: The patient is a 45 year old male.'),
      ['HISTORY OF PRESENT ILLNESS:', 'The patient is a 45 year old male.']);
    assert.deepEqual(sentences('Past Medical History: diabetes and hypertension'), ['Past Medical History:', 'diabetes and hypertension']);
  });

  test('a label followed by a number is not a heading', () => {
    assert.deepEqual(sentences('BP: 120/80 and TEMP: 98.6 today.'), ['BP: 120/80 and TEMP: 98.6 today.']);
  });

  test('list items start new sentences', () => {
    assert.deepEqual(sentences('MEDICATIONS:\n1. Aspirin 81 mg daily\n2) Metoprolol\n- Lisinopril\n* Insulin\n• Statin'),
      ['MEDICATIONS:', '1. Aspirin 81 mg daily', '2) Metoprolol', '- Lisinopril', '* Insulin', '• Statin']);
  });

  test('wrapped lines stay in one sentence; complete lines end it', () => {
    const wrapped = 'This is a long line that has been wrapped because the author typed\ninto a narrow window and continued.';
    assert.deepEqual(sentences(wrapped), [wrapped]);
    assert.deepEqual(sentences('Allergies: none;\nno known drug allergies'), ['Allergies: none;', 'no known drug allergies']);
    assert.deepEqual(sentences('CHIEF COMPLAINT\nChest pain for two days'), ['CHIEF COMPLAINT', 'Chest pain for two days']);
  });

  test('short lines followed by a capitalised line or a number end the sentence', () => {
    assert.deepEqual(sentences('BP 120/80\nHR 72\n98.6 F'), ['BP 120/80', 'HR 72', '98.6 F']);
  });

  test('a line followed by a heading line ends the sentence', () => {
    const first = 'The patient was admitted for observation overnight and remained stable throughout';
    assert.deepEqual(sentences(`${first}\nAssessment and Plan: discharge home`), [first, 'Assessment and Plan:', 'discharge home']);
  });

  test('CRLF, emoji and CJK keep exact offsets', () => {
    const text = 'Pain 😀 here.\r\n糖尿病。Fine.';
    const doc = createDocument(text);
    for (const s of doc.sentences) {
      assert.equal(text.slice(s.begin, s.end).trim(), text.slice(s.begin, s.end));
    }
    assert.equal(doc.sentences[0]?.end, text.indexOf('.') + 1);
  });

  test('sentences cover every token exactly once, in order', () => {
    const doc = createDocument('A. B? C!\n\n- d\n1. e f. G h.i. j');
    let next = 0;
    for (const s of doc.sentences) {
      assert.equal(s.tokenStart, next);
      assert.ok(s.tokenEnd > s.tokenStart);
      next = s.tokenEnd;
    }
    assert.equal(next, doc.tokens.length);
  });
});
