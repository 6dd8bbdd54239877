import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NOT_A_MENTION, corpusLexiconRecords, corpusLexiconTable, dropFormsNamedElsewhere, joinUnknownIdsByName, formKey, parseCorpusLexiconTable, parsePubTatorDocuments, type CorpusLexiconFile } from './corpus-lexicon.js';
import type { SourceRecord } from './source-record.js';

const FILE: CorpusLexiconFile = { path: 'x.txt', source: 'TEST_TRAIN', classes: { Disease: 'disease', Chemical: 'chemical' } };

/** One PubTator document: title, abstract and mention lines computed from the phrases given. */
function doc(pmid: string, title: string, abstract: string, mentions: [string, string, string][]): string {
  const text = `${title} ${abstract}`;
  const lines = [`${pmid}|t|${title}`, `${pmid}|a|${abstract}`];
  let from = 0;
  for (const [phrase, type, id] of mentions) {
    const begin = text.indexOf(phrase, from);
    assert.ok(begin >= 0, phrase);
    lines.push([pmid, begin, begin + phrase.length, phrase, type, id].join('\t'));
    from = begin + phrase.length;
  }
  return `${lines.join('\n')}\n`;
}

const corpus = [
  doc('1', 'Seizures after cocaine.', 'Seizures and akathisia were seen; haloperidol (HAL) was given.', [
    ['Seizures', 'Disease', 'D012640'], ['cocaine', 'Chemical', 'D003042'], ['Seizures', 'Disease', 'D012640'], ['akathisia', 'Disease', 'D017109'], ['haloperidol', 'Chemical', 'D006220'], ['HAL', 'Chemical', 'D006220'],
  ]),
  doc('2', 'Pain in arm.', 'Injury of the arm. Pain and injury and injury again. Seizures. Tumour of breast and ovarian cancer.', [
    ['Pain', 'Disease', 'D010146'], ['Injury', 'Disease', 'D014947'], ['Pain', 'Disease', 'D010146'], ['Seizures', 'Disease', 'D012640'], ['breast and ovarian cancer', 'Disease', 'D001943|D010051'],
  ]),
  doc('3', 'Pain.', 'Pain was also called ache.', [['Pain', 'Disease', 'D010146'], ['Pain', 'Disease', 'D010144'], ['ache', 'Disease', 'D010146']]),
].join('\n');

describe('corpus training lexicon', () => {
  test('parses PubTator documents: text is title + space + abstract, composite ids split, -1 dropped', () => {
    const docs = parsePubTatorDocuments(`${corpus}\n9|t|T\n9|a|A\n9\t0\t1\tT\tDisease\t-1\n9\tCID\tD1\tD2\n`);
    assert.equal(docs.length, 4);
    assert.equal(docs[0]!.text.slice(docs[0]!.mentions[0]!.begin, docs[0]!.mentions[0]!.end), 'Seizures');
    assert.deepEqual(docs[1]!.mentions.at(-1)!.ids, ['D001943', 'D010051']);
    assert.deepEqual(docs[3]!.mentions.map((m) => m.ids), [[]]);
    assert.equal(formKey('Breast-Cancer  types'), 'breast - cancer types');
  });

  test('keeps consistent forms as attested names of their MeSH id, per entity class', () => {
    const { records, report } = corpusLexiconRecords([{ file: FILE, text: corpus }]);
    const of = (id: string): SourceRecord | undefined => records.find((r) => r.ids[0] === id);
    assert.deepEqual(of('MESH:D012640'), { source: 'TEST_TRAIN', ids: ['MESH:D012640', 'LEXICON:MESH:D012640'], names: [{ text: 'Seizures', kind: 'attested' }], semanticTypes: ['dsyn'], semanticTypesFallback: true });
    assert.deepEqual(of('MESH:D003042')?.semanticTypes, ['chem']);
    assert.deepEqual(of('MESH:D017109')?.names, [{ text: 'akathisia', kind: 'attested' }]);
    // "Pain": D010146 in 3 of 4 annotations → kept for D010146; its competitor gets nothing from it.
    assert.ok(of('MESH:D010146')?.names.some((n) => n.text === 'Pain'));
    assert.equal(of('MESH:D010144'), undefined);
    // "injury" is annotated once in three free occurrences: mostly not a mention.
    assert.equal(of('MESH:D014947'), undefined);
    // A composite mention names two ids: not a name of either.
    assert.ok(!records.some((r) => r.names.some((n) => n.text.includes('breast'))));
    // "HAL" is an acronym annotated in one document only: left to the text's own definitions.
    assert.ok(!records.some((r) => r.names.some((n) => n.text === 'HAL')));
    assert.ok(report.mostlyUnannotated >= 1 && report.tooShortOrRare >= 1 && report.ambiguous >= 1);
  });

  test('the form table: each kept form with its id per training corpus, and NOT_A_MENTION where a corpus has the form but never annotates it', () => {
    const other: CorpusLexiconFile = { path: 'y.txt', source: 'OTHER_TRAIN', classes: { Disease: 'disease' } };
    // The other corpus writes "akathisia" once, not annotated (still annotated in half of all occurrences: kept).
    const otherText = doc('7', 'Restlessness.', 'No Seizures; akathisia only.', [['Seizures', 'Disease', 'D012640']]);
    const { table } = corpusLexiconRecords([{ file: FILE, text: corpus }, { file: other, text: otherText }]);
    const entries = (form: string): string[] => table.filter((e) => e.form.toLowerCase() === form).map((e) => `${e.source} ${e.cls} ${e.id}`).sort();
    assert.deepEqual(entries('akathisia'), ['OTHER_TRAIN disease -', 'TEST_TRAIN disease MESH:D017109']);
    assert.deepEqual(entries('seizures'), ['OTHER_TRAIN disease MESH:D012640', 'TEST_TRAIN disease MESH:D012640']);
    assert.deepEqual(entries('cocaine'), ['TEST_TRAIN chemical MESH:D003042']);
    // Forms the records leave out are not in the table either (mostly unannotated, composite, one-document acronym).
    assert.deepEqual(entries('injury'), []);
    assert.deepEqual(entries('hal'), []);
    assert.equal(NOT_A_MENTION, '-');
    // The text form round-trips.
    assert.deepEqual(parseCorpusLexiconTable(corpusLexiconTable(table)), table);
    assert.equal(corpusLexiconTable([]), '');
  });

  test('an id no other source knows joins the one concept named like its attested form, not an ambiguous one', () => {
    const lexicon = (id: string, text: string, type = 'dsyn'): SourceRecord => ({ source: 'TEST_TRAIN', ids: [`MESH:${id}`, `LEXICON:MESH:${id}`], names: [{ text, kind: 'attested' }], semanticTypes: [type] });
    const records: SourceRecord[] = [
      { source: 'SYMP', ids: ['SYMP:0000504', 'UMLS:C0018681'], preferredName: 'headache', names: [], semanticTypes: ['sosy'] },
      { source: 'HPO', ids: ['HP:0002315', 'SYMP:0000504'], preferredName: 'Headache', names: [], semanticTypes: ['sosy'] },
      { source: 'SYMP', ids: ['SYMP:1'], preferredName: 'fever', names: [], semanticTypes: ['sosy'] },
      { source: 'HPO', ids: ['HP:1'], preferredName: 'Fever', names: [], semanticTypes: ['sosy'] },
      { source: 'DOID', ids: ['DOID:1', 'MESH:D000001'], preferredName: 'asthma', names: [], semanticTypes: ['dsyn'] },
      { source: 'RXNORM', ids: ['RXNORM:5640'], preferredName: 'vomiting', names: [], semanticTypes: ['phsu'] },
      lexicon('D006261', 'headache'),
      lexicon('D005334', 'fever'),
      lexicon('D000001', 'asthma'),
      lexicon('D014839', 'vomiting'),
    ];
    const { records: out, joined } = joinUnknownIdsByName(records, new Set(['TEST_TRAIN']), (t) => t.toLowerCase());
    assert.equal(joined, 1);
    // Two records, one concept (they share SYMP:0000504): joined.
    assert.deepEqual(out[6]!.ids, ['MESH:D006261', 'LEXICON:MESH:D006261', 'SYMP:0000504']);
    // Two unrelated "fever" concepts: ambiguous. A known MeSH id merges by itself. A chemical is not a disease.
    assert.deepEqual(out.slice(7).map((r) => r.ids.length), [2, 2, 2]);
  });
});

test('a lexicon form another source labels (with a MeSH id of its own) leaves the concept that only cites the id', () => {
  const records: SourceRecord[] = [
    { source: 'DOID', ids: ['DOID:1596', 'MESH:D003863'], preferredName: 'depressive disorder', names: [{ text: 'depression', kind: 'exact' }], semanticTypes: ['mobd'] },
    { source: 'DOID', ids: ['DOID:1595', 'MESH:D003866'], preferredName: 'melancholic depression', names: [], semanticTypes: ['mobd'] },
    { source: 'BC5CDR_TRAIN', ids: ['MESH:D003866', 'LEXICON:MESH:D003866'], names: [{ text: 'depression', kind: 'attested' }, { text: 'depressive disorders', kind: 'attested' }], semanticTypes: ['dsyn'], semanticTypesFallback: true },
  ];
  const { records: out, dropped } = dropFormsNamedElsewhere(records, new Set(['BC5CDR_TRAIN']), (t) => t.toLowerCase());
  assert.equal(dropped, 1);
  assert.deepEqual(out[2]!.names.map((n) => n.text), ['depressive disorders']);
  assert.equal(out[0], records[0]);
});
