import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { validateContextLexicon } from './context-rule.js';
import { compileDefaultContext, CONTEXT_LEXICON_FILE, parseContextLexicon } from './context-lexicon.js';
import { isDomainError } from '../../errors.js';

const FILE = 'resources/context/test.json';

function lexicon(rules: unknown[], extra: Record<string, unknown> = {}): unknown {
  return { kind: 'context-rules', version: '1', language: 'en', rules, ...extra };
}

describe('context rule validation', () => {
  test('the built-in rule sets validate and compile', () => {
    const compiled = compileDefaultContext(['default', 'radiology']);
    assert.equal(compiled.lexicons.length, 2);
    assert.equal(compiled.lexicons[0]?.file, CONTEXT_LEXICON_FILE);
    assert.ok(compiled.trie.sequenceCount > 500);
  });

  test('a valid rule with a token pattern is accepted', () => {
    const { lexicon: lex, issues } = validateContextLexicon(lexicon([
      { id: 'neg.deny', literal: 'denies', pattern: [{ in: ['deny', 'denies'] }, { text: 'any', optional: true }], category: 'NEGATED_EXISTENCE', direction: 'FORWARD', max_scope: 5 },
    ]), FILE);
    assert.deepEqual(issues, []);
    assert.equal(lex?.rules[0]?.maxScope, 5);
    assert.deepEqual(lex?.rules[0]?.pattern?.[1], { in: ['any'], optional: true });
  });

  test('issues name the file and the rule id', () => {
    const { lexicon: lex, issues } = validateContextLexicon(lexicon([
      { id: 'neg.ok', literal: 'no', category: 'NEGATED_EXISTENCE', direction: 'FORWARD' },
      { id: 'neg.bad', literal: 'not', category: 'NEGATION', direction: 'FORWARD', scope: 3 },
    ]), FILE);
    assert.equal(lex, undefined);
    const paths = issues.map((i) => i.path);
    assert.ok(paths.includes(`${FILE}: rules[1] (rule "neg.bad").category`), paths.join(' | '));
    assert.ok(paths.includes(`${FILE}: rules[1] (rule "neg.bad").scope`), paths.join(' | '));
  });

  test('unknown file keys, wrong kind and missing version are reported', () => {
    const { issues } = validateContextLexicon({ kind: 'rules', language: 'en', rules: [], extra: 1 }, FILE);
    const paths = issues.map((i) => i.path);
    assert.deepEqual(paths.sort(), [`${FILE}: extra`, `${FILE}: kind`, `${FILE}: version`]);
  });

  test('bad combinations fail when the rule is read', () => {
    const { issues } = validateContextLexicon(lexicon([
      { id: 'a', literal: 'x', category: 'PSEUDO', direction: 'FORWARD' },
      { id: 'b', literal: 'y', category: 'TERMINATE', direction: 'BACKWARD' },
      { id: 'c', literal: 'but', category: 'TERMINATE', direction: 'TERMINATE', max_scope: 3 },
      { id: 'd', literal: 'z', category: 'HYPOTHETICAL', direction: 'FORWARD', max_scope: 0 },
      { id: 'e', literal: 'w', category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: [{ text: 'w', optional: true }] },
      { id: 'f', literal: 'v', category: 'HYPOTHETICAL', direction: 'FORWARD', pattern: [{ in: [], text: 'v' }] },
      { id: 'g', literal: 'or', category: 'POSSIBLE_EXISTENCE', direction: 'BIDIRECTIONAL', stop_at: ['Of', 'two words'] },
      { id: 'h', literal: 'and', category: 'TERMINATE', direction: 'TERMINATE', stop_at: ['of'] },
    ]), FILE);
    const byRule = (id: string): string[] => issues.filter((i) => i.path.includes(`(rule "${id}")`)).map((i) => i.message);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) assert.ok(byRule(id).length > 0, `rule ${id} should be rejected`);
    assert.match(byRule('a')[0] ?? '', /PSEUDO/);
    assert.match(byRule('c')[0] ?? '', /max_scope/);
  });

  test('duplicate ids and malformed ids are rejected', () => {
    const { issues } = validateContextLexicon(lexicon([
      { id: 'neg.no', literal: 'no', category: 'NEGATED_EXISTENCE', direction: 'FORWARD' },
      { id: 'neg.no', literal: 'not', category: 'NEGATED_EXISTENCE', direction: 'FORWARD' },
      { id: 'Bad Id', literal: 'never', category: 'NEGATED_EXISTENCE', direction: 'FORWARD' },
    ]), FILE);
    assert.ok(issues.some((i) => i.message.includes('duplicate rule id "neg.no"')));
    assert.ok(issues.some((i) => i.path.endsWith('(rule "Bad Id").id')));
  });

  test('parseContextLexicon throws INVALID_RESOURCE_FILE listing the issues', () => {
    assert.throws(
      () => parseContextLexicon(lexicon([{ id: 'x', literal: 'x', category: 'NEGATED_EXISTENCE', direction: 'SIDEWAYS' }]), FILE),
      (e: unknown) => isDomainError(e) && e.kind === 'INVALID_RESOURCE_FILE' && e.description.includes(`${FILE}: rules[0] (rule "x").direction`),
    );
  });
});
