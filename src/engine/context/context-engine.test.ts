import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../create-document.js';
import { tokenize } from '../text/tokenize.js';
import type { Annotation, Document } from '../document.js';
import { compileContext, findContextScopes, findTriggers, matchTargets, type CompiledContext } from './context-engine.js';
import { parseContextLexicon } from './context-lexicon.js';
import type { ContextCategory } from './context-rule.js';

const TEST_RULES = parseContextLexicon({
  kind: 'context-rules',
  version: 'test',
  language: 'en',
  rules: [
    { id: 't.no', literal: 'no', category: 'NEGATED_EXISTENCE', direction: 'FORWARD' },
    { id: 't.denies', literal: 'denies', category: 'NEGATED_EXISTENCE', direction: 'FORWARD' },
    { id: 't.free', literal: 'free', category: 'NEGATED_EXISTENCE', direction: 'BACKWARD', max_scope: 2 },
    { id: 't.ruled-out', literal: 'ruled out', pattern: [{ in: ['is', 'was'] }, 'ruled', 'out'], category: 'NEGATED_EXISTENCE', direction: 'BACKWARD' },
    { id: 't.none', literal: 'none', category: 'NEGATED_EXISTENCE', direction: 'BIDIRECTIONAL', max_scope: 2 },
    { id: 't.no-change', literal: 'no change', category: 'NEGATED_EXISTENCE', direction: 'PSEUDO' },
    { id: 't.without', literal: 'without', category: 'NEGATED_EXISTENCE', direction: 'FORWARD', max_scope: 3 },
    { id: 't.but', literal: 'but', category: 'TERMINATE', direction: 'TERMINATE' },
    { id: 't.semicolon', literal: ';', category: 'TERMINATE', direction: 'TERMINATE' },
    { id: 't.neg-which', literal: 'which', category: 'NEGATED_EXISTENCE', direction: 'TERMINATE' },
    { id: 't.if', literal: 'if', category: 'HYPOTHETICAL', direction: 'FORWARD' },
    { id: 't.or', literal: 'or', category: 'POSSIBLE_EXISTENCE', direction: 'BIDIRECTIONAL', max_scope: 4, stop_at: [',', 'of', 'in', 'is'] },
  ],
}, 'test-rules.json');

const compiled: CompiledContext = compileContext(TEST_RULES, tokenize);
const NEG = new Set<ContextCategory>(['NEGATED_EXISTENCE']);

function scoped(text: string, categories: ReadonlySet<ContextCategory> = NEG, rules: CompiledContext = compiled): string[] {
  const doc = createDocument(text);
  return findContextScopes(doc, rules, categories).map((s) => `${s.rule.id}:${text.slice(s.begin, s.end)}`);
}

function withTargets(text: string, phrases: readonly string[]): { doc: Document; targets: Annotation[] } {
  const targets: Annotation[] = [];
  let from = 0;
  for (const p of phrases) {
    const begin = text.indexOf(p, from);
    assert.ok(begin >= 0, `phrase "${p}" not in text`);
    targets.push({ type: 'umls.Test', begin, end: begin + p.length, coveredText: p });
    from = begin + p.length;
  }
  return { doc: { ...createDocument(text), layers: new Map([['concepts', targets]]) }, targets };
}

describe('ConText engine scopes', () => {
  test('a forward trigger reaches the end of its sentence', () => {
    assert.deepEqual(scoped('Patient denies fever, chills or night sweats.'), ['t.denies:fever, chills or night sweats']);
  });

  test('termination terms end a scope (category TERMINATE and the category itself)', () => {
    assert.deepEqual(scoped('No fever but has a cough.'), ['t.no:fever']);
    assert.deepEqual(scoped('No mass which is seen on CT.'), ['t.no:mass']);
    // a termination term of another category does not end the scope
    assert.deepEqual(scoped('If fever which persists.', new Set<ContextCategory>(['HYPOTHETICAL'])), ['t.if:fever which persists']);
  });

  test('a semicolon ends the clause', () => {
    assert.deepEqual(scoped('No effusion; small pneumothorax.'), ['t.no:effusion']);
  });

  test('scopes never cross a sentence boundary', () => {
    assert.deepEqual(scoped('No fever. Cough is present.'), ['t.no:fever']);
  });

  test('pseudo-triggers hide the trigger inside them', () => {
    assert.deepEqual(scoped('No change in the effusion.'), []);
    const triggers = findTriggers(createDocument('No change in the effusion.'), compiled).flat();
    assert.deepEqual(triggers.map((t) => t.rules.map((r) => r.id)), [['t.no-change']]);
  });

  test('post-triggers scope backward, limited by max_scope', () => {
    assert.deepEqual(scoped('Pulmonary embolism was ruled out.'), ['t.ruled-out:Pulmonary embolism']);
    assert.deepEqual(scoped('The patient is now chest pain free.'), ['t.free:chest pain']);
  });

  test('max_scope counts words, not punctuation', () => {
    // three words after the trigger; the comma is not counted
    assert.deepEqual(scoped('Healed without scarring, redness or swelling today.'), ['t.without:scarring, redness or']);
  });

  test('stop_at ends a rule\'s scope at the listed tokens', () => {
    const spec = new Set<ContextCategory>(['POSSIBLE_EXISTENCE']);
    assert.deepEqual(scoped('There is evidence of air trapping or hyperinflation in the left lung.', spec).sort(), ['t.or:air trapping', 't.or:hyperinflation'].sort());
  });

  test('bidirectional triggers scope both ways', () => {
    assert.deepEqual(scoped('Complications none reported today.').sort(), ['t.none:Complications', 't.none:reported today'].sort());
  });

  test('a scope stays inside the brackets its trigger stands in', () => {
    assert.deepEqual(scoped('Report (no slides submitted) shows leukemia.'), ['t.no:slides submitted']);
  });
});

describe('matching targets', () => {
  test('fully covered: a target must lie wholly in the scope', () => {
    const { doc, targets } = withTargets('The lesion is small and no mass is seen; large effusion.', ['mass', 'large effusion']);
    const scopes = findContextScopes(doc, compiled, NEG);
    const hits = matchTargets(scopes, targets, { fullyCovered: true });
    assert.deepEqual(hits.map((h) => h.target.coveredText), ['mass']);
  });

  test('partial cover counts only when fullyCovered is false', () => {
    const { doc, targets } = withTargets('No fever; chills today.', ['fever; chills']);
    const scopes = findContextScopes(doc, compiled, NEG);
    assert.equal(matchTargets(scopes, targets, { fullyCovered: true }).length, 0);
    assert.equal(matchTargets(scopes, targets, { fullyCovered: false }).length, 1);
  });

  test('a trigger inside the target does not modify it', () => {
    const { doc, targets } = withTargets('She has no known allergies.', ['no known allergies']);
    const scopes = findContextScopes(doc, compiled, NEG);
    assert.equal(matchTargets(scopes, targets, { fullyCovered: false }).length, 0);
  });

  test('the nearest trigger of a category wins', () => {
    const { doc, targets } = withTargets('No cough and denies fever.', ['fever']);
    const hits = matchTargets(findContextScopes(doc, compiled, NEG), targets, { fullyCovered: true });
    assert.equal(hits.length, 1);
    assert.equal(hits[0]?.scope.rule.id, 't.denies');
  });
});

