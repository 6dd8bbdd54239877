// spell_checker over real Documents and a real compiled knowledge base (small fixture KB + the real
// word lists): offsets stay in the original text while concept_detection matches the corrected words.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeRequest } from '../../analyze.js';
import { createDocument } from '../../create-document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import { NO_ARTIFACTS } from '../../resources.js';
import { compileClinicalTestKb } from './clinical-test-kb.js';
import { boundedDistance } from './edit-distance.js';
import { checkSpelling, compileSpellChecker, type SpellCheckerParams } from './spell-checker.js';
import { defaultEnglishWords, parseEnglishWords, parseSpellingRules } from './spelling-rules.js';
import { derivedFromKnown } from './vocabulary.js';

const kb = compileClinicalTestKb();
const compiled = compileSpellChecker(kb);
const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
const DEFAULTS: SpellCheckerParams = { spell_check_profile: 'default', apply_spell_corrections: true, debug: false, filters: [] };

interface Suggestion { applied: boolean; confidence: number; text: string; semtypes: string[] }
interface Correction { begin: number; end: number; coveredText: string; suggestions: Suggestion[] }

function analyze(text: string, spellParameters: Record<string, string[]>, debugTextRestore = false): Record<string, any> {
  const response = analyzeRequest({
    containers: [{ text }],
    annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'spell_checker', parameters: spellParameters } }, { annotator: { name: 'concept_detection' } }] } }],
    profileResolver: () => undefined,
    options: { returnAnalyzedText: true, debugTextRestore },
    resources,
  });
  return response.unstructured[0] as Record<string, any>;
}

describe('spell_checker', () => {
  test('"The patient had an ovariactomy": corrected, applied, and concept_detection finds Ovariectomy at the original offsets', () => {
    const text = 'The patient had an ovariactomy';
    const container = analyze(text, { apply_spell_corrections: ['true'] });
    const corrections = container.data.spellingCorrections as Correction[];
    assert.equal(corrections.length, 1);
    const [c] = corrections as [Correction];
    assert.deepEqual([c.begin, c.end, c.coveredText], [19, 30, 'ovariactomy']);
    assert.equal(c.suggestions[0]!.text, 'ovariectomy');
    assert.equal(c.suggestions[0]!.applied, true);
    assert.ok(c.suggestions[0]!.confidence > 0.6 && c.suggestions[0]!.confidence <= 1);
    assert.deepEqual(c.suggestions[0]!.semtypes, ['topp']);
    assert.equal(container.data.spellCorrectedText[0].correctedText, 'The patient had an ovariectomy');
    const concept = (container.data.concepts as any[]).find((x) => x.cui === 'C0029936');
    assert.ok(concept !== undefined, 'the corrected word is matched');
    assert.deepEqual([concept.begin, concept.end, concept.coveredText], [19, 30, 'ovariactomy']);
    assert.equal(text.slice(concept.begin, concept.end), concept.coveredText);
    assert.equal(container.data.ReplaceTextChange, undefined, 'internal replacements are dropped without debug_text_restore');
    assert.equal(container.text, text, 'the text itself never changes');
  });

  test('without apply_spell_corrections the suggestion is not applied and later annotators see the original word', () => {
    const container = analyze('The patient had an ovariactomy', {});
    const [c] = container.data.spellingCorrections as [Correction];
    assert.equal(c.suggestions[0]!.applied, false);
    assert.equal((container.data.concepts as unknown[]).length, 0);
    assert.equal(container.data.spellCorrectedText[0].correctedText, 'The patient had an ovariectomy');
  });

  test('debug_text_restore keeps ReplaceTextChange annotations and puts the modified text in metadata', () => {
    const container = analyze('Pnuemonia and ovariactomy.', { apply_spell_corrections: ['true'], debug: ['true'] }, true);
    assert.equal(container.metadata.modifiedText, 'Pneumonia and ovariectomy.');
    const changes = container.data.ReplaceTextChange as { begin: number; end: number; coveredText: string; newText: string }[];
    assert.deepEqual(changes.map((r) => [r.begin, r.end, r.coveredText, r.newText]), [[0, 9, 'Pnuemonia', 'Pneumonia'], [14, 25, 'ovariactomy', 'ovariectomy']]);
    assert.equal(container.data.spellCorrectedText[0].debugText, '[Pnuemonia\u2192Pneumonia] and [ovariactomy\u2192ovariectomy].');
    const cuis = (container.data.concepts as { cui: string; begin: number }[]).map((x) => `${x.cui}@${x.begin}`).sort();
    assert.deepEqual(cuis, ['C0029936@14', 'C0032285@0']);
  });

  test('a knowledge-base word that is no English word is a candidate, with its semantic types', () => {
    const r = checkSpelling(createDocument('Started tofacitnib last week.'), DEFAULTS, compiled, NO_ARTIFACTS);
    assert.equal(r.corrections.length, 1);
    const s = (r.corrections[0]!.suggestions as Suggestion[])[0]!;
    assert.equal(s.text, 'tofacitinib');
    assert.deepEqual(s.semtypes, ['phsu']);
  });

  test('known English and KB words, acronyms, listed shorthand and short words are never corrected', () => {
    const text = 'Yesterday the patient reported shortness of breath; tofacitinib, Xeljanz, COPD, afib and meds reviewed. Pt ok.';
    const r = checkSpelling(createDocument(text), DEFAULTS, compiled, NO_ARTIFACTS);
    assert.deepEqual(r.corrections.map((c) => c.coveredText), []);
    assert.equal((r.correctedText as unknown as { correctedText: string }).correctedText, text);
  });

  test('case follows the original word and only confident corrections are applied', () => {
    const r = checkSpelling(createDocument('PNUEMONIA noted. Pnuemonia again.'), DEFAULTS, compiled, NO_ARTIFACTS);
    assert.deepEqual(r.replacements.map((x) => x.text), ['PNEUMONIA', 'Pneumonia']);
    for (const c of r.corrections) for (const s of c.suggestions as Suggestion[]) assert.ok(s.confidence > 0);
  });

  test('the ocr profile repairs OCR confusions such as 0 for o', () => {
    const doc = createDocument('Chest film shows pneum0nia on the left.');
    assert.deepEqual(checkSpelling(doc, DEFAULTS, compiled, NO_ARTIFACTS).corrections, []);
    const r = checkSpelling(doc, { ...DEFAULTS, spell_check_profile: 'ocr' }, compiled, NO_ARTIFACTS);
    assert.equal(r.corrections.length, 1);
    assert.equal((r.corrections[0]!.suggestions as Suggestion[])[0]!.text, 'pneumonia');
  });

  test('a deployed spell_checker filter removes corrections and they are not applied', () => {
    const filter = { id: 'f', filters: [{ target: 'unstructured.data.spellingCorrections', condition: { type: 'match', field: 'coveredText', values: ['pnuemonia'], caseInsensitive: true, not: true } }] };
    const artifacts: ArtifactLookup = { get: (kind, id) => (kind === 'filter' && id === 'f' ? filter : undefined) };
    const r = checkSpelling(createDocument('Pnuemonia after ovariactomy.'), { ...DEFAULTS, filters: ['f'] }, compiled, artifacts);
    assert.deepEqual(r.corrections.map((c) => c.coveredText), ['ovariactomy']);
    assert.deepEqual(r.replacements.map((x) => x.text), ['ovariectomy']);
    assert.throws(() => checkSpelling(createDocument('x'), { ...DEFAULTS, filters: ['missing'] }, compiled, NO_ARTIFACTS), (e: { kind?: string; description?: string }) => e.kind === 'INVALID_ANNOTATOR_PARAMETER' && /"missing"/.test(e.description ?? ''));
  });
});

describe('vocabulary suggestions', () => {
  test('a word three edits away is found beyond the delete index (trie search) when nothing is closer', () => {
    const { vocabulary } = compiled;
    assert.deepEqual(vocabulary.suggest('ovarzzztomy', 2, 3), []);
    const far = vocabulary.suggest('ovarzzztomy', 3, 3);
    assert.deepEqual(far.map((c) => [c.text, c.distance]).slice(0, 1), [['ovariectomy', 3]]);
    const near = vocabulary.suggest('ovariactomy', 3, 3);
    assert.deepEqual([near[0]?.text, near.every((c) => c.distance === 1)], ['ovariectomy', true], 'closer words stop the widening');
  });
});

describe('spelling data', () => {
  test('boundedDistance counts substitutions, insertions, deletions and transpositions, and stops past the bound', () => {
    assert.equal(boundedDistance('ovariactomy', 'ovariectomy', 2), 1);
    assert.equal(boundedDistance('pateint', 'patient', 2), 1);
    assert.equal(boundedDistance('amoxicilin', 'amoxicillin', 2), 1);
    assert.equal(boundedDistance('hypertenion', 'hypertension', 1), 1);
    assert.equal(boundedDistance('abc', 'xyz', 1), 2);
    assert.equal(boundedDistance('same', 'same', 1), 0);
  });

  test('capitalised words inside a statement are names and left alone; a statement\'s first word is still checked', () => {
    const corrected = (text: string): string[] => checkSpelling(createDocument(text), DEFAULTS, compiled, NO_ARTIFACTS).replacements.map((r) => `${text.slice(r.begin, r.end)}→${r.text}`);
    assert.deepEqual(corrected('She saw Dr. Tyler Sanchez and Karen on Saturday, covered by Medicare.'), []);
    assert.deepEqual(corrected('Brian White is a 58-year-old man.'), [], 'first word, but the next one is capitalised too: a full name');
    assert.deepEqual(corrected('Brian is a 58-year-old man.'), [], 'first word, but a given name');
    assert.equal(compiled.names.has('karen') && compiled.names.has('camila'), true, 'English and Spanish given names');
    assert.deepEqual(corrected('Positive McMurray test.'), []);
    assert.deepEqual(corrected('Had an ovariactomy. Ovariactomy was uneventful.\nAbdomen: Ovariactomy scar.'), ['ovariactomy→ovariectomy', 'Ovariactomy→Ovariectomy', 'Ovariactomy→Ovariectomy']);
  });

  test('a statement starts the text, a sentence, a line or follows `:` / `;`; numbers and punctuation before its first word do not count', () => {
    const begins = (text: string): number[] => checkSpelling(createDocument(text), DEFAULTS, compiled, NO_ARTIFACTS).replacements.map((r) => r.begin);
    const text = '1. Ovariactomy done; Ovariactomy again.\n- Ovariactomy\nHad 2 Ovariactomy scars, (Ovariactomy) and "Ovariactomy".';
    assert.deepEqual(begins(text), [3, 21, 42], 'after `1.`, after `;`, after a line break and `-`; not after `Had 2`, `(` or `"` inside a sentence');
    assert.deepEqual(begins('Ovariactomy'), [0]);
    assert.deepEqual(begins('  \n\n(Ovariactomy) x'), [5]);
    assert.deepEqual(begins('Seen - Ovariactomy'), [], '`-` inside a statement starts none');
  });

  test('words made of a known word and a productive prefix or suffix are known (nontender is not contender)', () => {
    const corrected = (text: string): string[] => checkSpelling(createDocument(text), DEFAULTS, compiled, NO_ARTIFACTS).replacements.map((r) => r.text);
    assert.deepEqual(corrected('abdomen nontender, walks unassisted, seen by the dermatologist and the nephrologist postoperatively'), []);
    assert.deepEqual(corrected('referral for hydration, lightheaded since monday'), [], 'less common English words (SCOWL 50-55) and weekdays are known');
    const isWord = (w: string): boolean => ['tender', 'dermatology', 'operative', 'radiographic'].includes(w);
    assert.equal(derivedFromKnown('nontender', isWord), true);
    assert.equal(derivedFromKnown('dermatologist', isWord), true);
    assert.equal(derivedFromKnown('radiographical', isWord), true);
    assert.equal(derivedFromKnown('contender', isWord), false);
    assert.equal(derivedFromKnown('nonx', isWord), false);
  });

  test('the rules file has a closed key set and errors name the file and field', () => {
    const valid = { kind: 'spelling_rules', version: '1', minWordLength: 4, maxDistance: [{ minLength: 4, distance: 1 }], minConfidence: 0.5, maxSuggestions: 3, neverCorrect: [], ocrConfusions: [] };
    assert.equal(parseSpellingRules(valid, 'x.json').minWordLength, 4);
    assert.throws(() => parseSpellingRules({ ...valid, extra: 1 }, 'x.json'), /x\.json: extra: unknown key/);
    assert.throws(() => parseSpellingRules({ ...valid, minConfidence: 2 }, 'x.json'), /x\.json: minConfidence/);
    assert.throws(() => parseSpellingRules({ ...valid, maxDistance: [{ minLength: 4, distance: 9 }] }, 'x.json'), /maxDistance\[0\]\.distance/);
  });

  test('the word lists load with frequency weights, and bad lines name file and line', () => {
    const words = defaultEnglishWords();
    assert.ok(words.size > 40_000);
    assert.ok((words.get('the') ?? 0) > (words.get('ovariectomy') ?? 0));
    assert.ok(words.has('ovariectomy'), 'clinical supplement');
    assert.throws(() => parseEnglishWords('@level 10\nfine\nNot Fine\n', 'w.txt'), /w\.txt:3/);
  });
});
