import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ACRONYM_MARK, createNormalizer, hashRange, parseSpellingTable, parseSpellingTsv, scanPieces, stemPlural, termKey } from './normalize.js';

describe('termKey', () => {
  test('folds case and joins pieces with one space', () => {
    assert.equal(termKey('  Type 2   DIABETES\tMellitus '), 'type 2 diabete mellitus'); // plural stem applies to -es words too
  });

  test('removes diacritics and applies NFKD (ligatures, full-width)', () => {
    assert.equal(termKey('Sjögren syndrome'), 'sjogren syndrome');
    assert.equal(termKey('Ménière disease'), 'meniere disease');
    assert.equal(termKey('ﬁbrosis'), 'fibrosis'); // U+FB01 ligature
    assert.equal(termKey('ＨＩＶ'), 'hiv'); // full-width letters
    assert.equal(termKey('Me\u0301nie\u0300re'), 'meniere'); // combining marks
  });

  test('hyphens, slashes and spaces are equivalent separators', () => {
    assert.equal(termKey('non-small-cell lung cancer'), termKey('non small cell lung cancer'));
    assert.equal(termKey('leukemia/lymphoma'), 'leukemia lymphoma');
    assert.equal(termKey('T-cell'), termKey('T cell'));
  });

  test('plurals meet their singular', () => {
    for (const [plural, singular] of [['allergies', 'allergy'], ['abscesses', 'abscess'], ['viruses', 'virus'], ['headaches', 'headache'], ['kidney stones', 'kidney stone']]) {
      assert.equal(termKey(plural!), termKey(singular!), plural);
    }
    assert.equal(stemPlural('diagnosis'), 'diagnosis');
    assert.equal(stemPlural('loss'), 'loss');
    assert.equal(stemPlural('gas'), 'gas');
  });

  test('possessive \'s (straight or curly apostrophe) is dropped', () => {
    assert.equal(termKey("Crohn's disease"), 'crohn disease');
    assert.equal(termKey('Crohn’s disease'), 'crohn disease');
    assert.equal(termKey('Crohn disease'), 'crohn disease');
    assert.equal(termKey("Down's"), 'down');
  });

  test('British spellings map to US with a spelling table, before and after the plural stem', () => {
    const n = createNormalizer(parseSpellingTable('be,ae\noedema,edema\ntumour,tumor\nhaemorrhage,hemorrhage\n'));
    assert.equal(n.termKey('Oedema of the legs'), 'edema of the leg');
    assert.equal(n.termKey('brain tumours'), n.termKey('brain tumor'));
    assert.equal(n.termKey('Haemorrhage'), 'hemorrhage');
    assert.equal(termKey('oedema'), 'oedema'); // the table-free termKey leaves it alone
  });

  test('spelling TSV parser skips comments and header', () => {
    const t = parseSpellingTsv('# kind: x\nuk\tus\nAnaemia\tanemia\n');
    assert.deepEqual([...t], [['anaemia', 'anemia']]);
  });
});

describe('scan', () => {
  const n = createNormalizer();

  test('scanPieces reports each piece with the FNV-1a hash of its characters', () => {
    const text = 'Crohn’s disease, 😀 Ménière\u0301 糖尿病 B12 x';
    const seen: [string, number][] = [];
    scanPieces(text, (begin, end, _breakBefore, hash) => seen.push([text.slice(begin, end), hash]));
    assert.deepEqual(seen.map(([s]) => s), ['Crohn', 'disease', 'Ménière\u0301', '糖尿病', 'B12', 'x']);
    for (const [surface, hash] of seen) assert.equal(hash, hashRange(surface, 0, surface.length), surface);
    // FNV-1a reference values: the empty range is the offset basis; 'a' is 0xe40c292c.
    assert.equal(hashRange('', 0, 0), 0x811c9dc5 | 0);
    assert.equal(hashRange('xa', 1, 2), 0xe40c292c | 0);
  });

  test('short all-caps pieces carry a case-sensitive acronym key', () => {
    const [a, b, c, d] = n.scan('ALL all CHF Hypertension');
    assert.equal(a!.acronymKey, `${ACRONYM_MARK}ALL`);
    assert.equal(b!.acronymKey, undefined);
    assert.equal(c!.acronymKey, `${ACRONYM_MARK}CHF`);
    assert.equal(d!.acronymKey, undefined);
    assert.equal(n.scan('T2DM')[0]!.acronymKey, `${ACRONYM_MARK}T2DM`);
    assert.equal(n.scan('DIABETES')[0]!.acronymKey, undefined); // too long for an acronym
    assert.equal(n.scan('aRMS')[0]!.acronymKey, `${ACRONYM_MARK}aRMS`); // mixed case with two capitals
    assert.equal(n.scan('IgA')[0]!.acronymKey, `${ACRONYM_MARK}IgA`);
    assert.equal(n.scan('Arm')[0]!.acronymKey, undefined);
    assert.equal(n.scan('2DM')[0]!.acronymKey, undefined);
  });

  test('sentence punctuation and blank lines are hard breaks; single newlines are not', () => {
    const pieces = n.scan('fever. cough, pain\nnausea\n\nrash (itchy)');
    assert.deepEqual(pieces.map((p) => [p.key, p.breakBefore]), [
      ['fever', false], ['cough', true], ['pain', true], ['nausea', false], ['rash', true], ['itchy', true],
    ]);
  });

  test('offsets are UTF-16 offsets into the original text (emoji, CJK, combining marks, CRLF)', () => {
    const text = '😀 Ménière\u0301 糖尿病\r\nCrohn’s 🩺fever';
    const pieces = n.scan(text);
    for (const p of pieces) assert.equal(n.pieceKey(text.slice(p.begin, p.end)), p.key);
    assert.deepEqual(pieces.map((p) => text.slice(p.begin, p.end)), ['Ménière\u0301', '糖尿病', 'Crohn', 'fever']);
    assert.equal(pieces[0]!.begin, 3);
  });
});
