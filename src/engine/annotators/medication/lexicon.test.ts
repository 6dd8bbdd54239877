import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isDomainError } from '../../../errors.js';
import { createDocument } from '../../create-document.js';
import lexiconBody from '../../../../resources/medication/en.json' with { type: 'json' };
import aliasesBody from '../../../../resources/medication/drug-aliases.json' with { type: 'json' };
import { drugClassAliases, loadDefaultMedicationLexicons, parseMedicationLexicon, validateDrugAliases, validateMedicationLexicon } from './lexicon.js';
import { createPhraseTrie, termVariants } from './phrase-trie.js';

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

describe('medication lexicons', () => {
  test('the shipped lexicons validate, with unique rule ids', () => {
    const { lexicon, aliases } = loadDefaultMedicationLexicons();
    assert.ok(lexicon.routes.length > 10 && lexicon.frequencies.length > 10);
    assert.ok(aliases.length > 100);
    assert.equal(new Set(aliases.map((a) => a.id)).size, aliases.length);
  });

  test('unknown keys, duplicate ids, bad directions and bad form references are reported with file and rule', () => {
    const bad = clone(lexiconBody) as Record<string, unknown>;
    bad.extra = true;
    (bad.routes as { id: string }[])[1]!.id = 'route-oral';
    (bad.doseChanges as { direction: string }[])[0]!.direction = 'sideways';
    (bad.doseUnits as { form?: string }[]).find((u) => u.form !== undefined)!.form = 'form-none';
    const { lexicon, issues } = validateMedicationLexicon(bad);
    assert.equal(lexicon, undefined);
    const text = issues.map((i) => `${i.path}: ${i.message}`).join('\n');
    assert.match(text, /resources\/medication\/en\.json.*extra: unknown key/);
    assert.match(text, /duplicate rule id "route-oral"/);
    assert.match(text, /doseChanges\[0\]\.direction/);
    assert.match(text, /unknown form id "form-none"/);
  });

  test('dose phrase words must be single tokens, in known lists', () => {
    const bad = clone(lexiconBody) as { dosePhrases: Record<string, unknown> };
    (bad.dosePhrases.qualifiers as string[]).push('very high', 'weight-based');
    bad.dosePhrases.adverbs = ['so'];
    const text = validateMedicationLexicon(bad).issues.map((i) => `${i.path}: ${i.message}`).join('\n');
    assert.match(text, /dosePhrases\.qualifiers: "very high" is not a single token/);
    assert.match(text, /"weight-based" is not a single token/);
    assert.match(text, /dosePhrases\.adverbs: unknown key/);
  });

  test('parse throws INVALID_RESOURCE_FILE naming the problems', () => {
    const bad = clone(lexiconBody) as Record<string, unknown>;
    delete bad.window;
    assert.throws(() => parseMedicationLexicon(bad), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_RESOURCE_FILE' && e.description.includes('window'));
  });

  test('alias entries need terms and a generic name', () => {
    const bad = clone(aliasesBody) as { aliases: Record<string, unknown>[] };
    bad.aliases[0]!.generic = '';
    bad.aliases[1]!.terms = [];
    bad.aliases[2]!.id = bad.aliases[3]!.id;
    const { issues } = validateDrugAliases(bad);
    assert.equal(issues.length, 3, JSON.stringify(issues));
  });
});

describe('phrase trie', () => {
  test('terms with periods also match without them, and without the final one', () => {
    assert.deepEqual(termVariants('b.i.d.').sort(), ['b.i.d', 'b.i.d.', 'bid']);
    assert.deepEqual(termVariants('twice daily'), ['twice daily']);
  });

  test('longest phrase wins; a phrase never crosses a line break; case-sensitive tries compare the surface', () => {
    const trie = createPhraseTrie([{ term: 'once', value: 1 }, { term: 'once a day', value: 2 }, { term: 'b.i.d.', value: 3 }]);
    const doc = createDocument('take once a day or B.I.D. or once a\nday');
    const at = (i: number): number | undefined => trie.longest(doc.text, doc.tokens, i, doc.tokens.length)?.value;
    assert.equal(at(1), 2);
    assert.equal(at(5), 3);
    assert.equal(at(7), 1, 'once a<newline>day is only `once`');
    const cs = createPhraseTrie([{ term: 'ASA', value: true }], true);
    const d2 = createDocument('asa ASA');
    assert.equal(cs.longest(d2.text, d2.tokens, 0, 2), undefined);
    assert.equal(cs.longest(d2.text, d2.tokens, 1, 2)?.tokenEnd, 2);
  });
});

describe('drug classes and generic drug words as drug aliases', () => {
  const body = {
    kind: 'drug-classes', version: '1', language: 'en', entries: [
      { id: 'ppi', forms: ['PPI', 'PPIs', 'proton pump inhibitors'], normalized: 'proton pump inhibitors', meshId: 'D054328' },
      { id: 'medication', forms: ['medications', 'study drugs'], normalized: 'pharmaceutical preparations' },
    ],
  };
  test('forms name the class; forms in capitals match case-sensitively as a second alias', () => {
    assert.deepEqual(drugClassAliases(body, 'drug-classes.json'), [
      { id: 'drug-class-ppi', terms: ['proton pump inhibitors'], generic: 'proton pump inhibitors', caseSensitive: false },
      { id: 'drug-class-ppi-abbreviation', terms: ['PPI', 'PPIs'], generic: 'proton pump inhibitors', caseSensitive: true },
      { id: 'drug-class-medication', terms: ['medications', 'study drugs'], generic: 'pharmaceutical preparations', caseSensitive: false },
    ]);
  });
  test('the shipped lexicon is among the default aliases; an unknown key fails naming the file', () => {
    const ids = new Set(loadDefaultMedicationLexicons().aliases.map((a) => a.id));
    for (const id of ['drug-class-medication', 'drug-class-investigational-drug', 'drug-class-beta-blocker', 'drug-class-corticosteroid', 'drug-class-anticoagulant']) assert.ok(ids.has(id), id);
    assert.throws(() => drugClassAliases({ ...body, entries: [{ id: 'x', forms: ['x'], normalized: 'x', mesh: 'D1' }] }, 'drug-classes.json'),
      (e: unknown) => isDomainError(e) && String((e as { description?: string }).description).includes('drug-classes.json'));
  });
});
