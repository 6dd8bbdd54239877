import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Annotation } from '../../document.js';
import { applyInferenceRules, compileRuleSet } from './inference-rules.js';

function ruleSet(condition: unknown): object {
  return {
    rules: [{
      id: 'tobacco',
      selections: [{ type: 'concept', condition, outputTarget: true }],
      outputFields: [{ name: 'insightModelCandidates', type: 'list', value: 'ICTobacco', append: true, unique: true }],
    }],
  };
}

const CONTAINS_TOBACCO = {
  type: 'any',
  conditions: [
    { type: 'match', field: 'preferredName', values: ['tobacco'], operator: 'contains', caseInsensitive: true },
    { type: 'match', field: 'coveredText', values: ['cigarette'], operator: 'contains', caseInsensitive: true },
  ],
};

function concept(begin: number, coveredText: string, preferredName: string): Annotation {
  return { type: 'umls.Finding', begin, end: begin + coveredText.length, coveredText, preferredName };
}

describe('inference rules', () => {
  test('a rule reading plain fields is memoised by their values; results do not change', () => {
    const set = compileRuleSet(ruleSet(CONTAINS_TOBACCO));
    assert.deepEqual(set.rules[0]?.fields, ['preferredName', 'coveredText']);
    const concepts = [concept(0, 'smokes', 'Tobacco use'), concept(10, 'fever', 'Fever'), concept(20, 'smokes', 'Tobacco use'), concept(30, 'Cigarettes', 'Cigarette')];
    for (let pass = 0; pass < 2; pass++) {
      const out = applyInferenceRules(concepts, [set]);
      assert.deepEqual(out.map((a) => a.insightModelCandidates), [['ICTobacco'], undefined, ['ICTobacco'], ['ICTobacco']]);
    }
  });

  test('a rule reading a dotted path or an expression is not memoised', () => {
    const dotted = compileRuleSet(ruleSet({ type: 'match', field: 'trigger.coveredText', values: ['x'], operator: 'equals' }));
    assert.equal(dotted.rules[0]?.fields, undefined);
    const anyDepth = compileRuleSet(ruleSet({ type: 'match', field: '*.preferredName', values: ['x'], operator: 'equals' }));
    assert.equal(anyDepth.rules[0]?.fields, undefined);
  });

  test('the memo keeps values of different types apart (a number, its text, a boolean, an absent field)', () => {
    const set = compileRuleSet(ruleSet({ type: 'match', field: 'code', values: ['1'], operator: 'equals' }));
    const at = (begin: number, code: unknown): Annotation => ({ ...concept(begin, 'x', 'x'), ...(code === undefined ? {} : { code }) }) as Annotation;
    const concepts = [at(0, 1), at(5, '1'), at(10, true), at(15, undefined), at(20, 'true'), at(25, '1')];
    for (let pass = 0; pass < 2; pass++) {
      // equals compares the value's text: the number 1 and the string "1" both match, true and "true" do not.
      const out = applyInferenceRules(concepts, [set]);
      assert.deepEqual(out.map((a) => a.insightModelCandidates), [['ICTobacco'], ['ICTobacco'], undefined, undefined, undefined, ['ICTobacco']]);
    }
    const negated = compileRuleSet(ruleSet({ type: 'match', field: 'code', values: ['true'], operator: 'equals' }));
    const out = applyInferenceRules(concepts, [negated]);
    assert.deepEqual(out.map((a) => a.insightModelCandidates), [undefined, undefined, ['ICTobacco'], undefined, ['ICTobacco'], undefined]);
  });

  test('consecutive rules reading the same fields share one memo, until a rule writes one of them', () => {
    const rule = (id: string, condition: unknown, output: { name: string; type?: string; value: string }): unknown => ({
      id, selections: [{ type: 'concept', condition, outputTarget: true }], outputFields: [output],
    });
    const tag = (value: string): { name: string; type: string; value: string } => ({ name: 'insightModelCandidates', type: 'list', value });
    const set = compileRuleSet({
      rules: [
        rule('tobacco', { type: 'match', field: 'preferredName', values: ['tobacco'], operator: 'contains', caseInsensitive: true }, tag('ICTobacco')),
        rule('use', { type: 'match', field: 'preferredName', values: ['use'], operator: 'contains', caseInsensitive: true }, tag('ICUse')),
        rule('rename', { type: 'match', field: 'preferredName', values: ['Tobacco use'], operator: 'equals' }, { name: 'preferredName', value: 'Nicotine' }),
        rule('nicotine', { type: 'match', field: 'preferredName', values: ['Nicotine'], operator: 'equals' }, tag('ICNicotine')),
        rule('fever', { type: 'match', field: 'coveredText', values: ['fever'], operator: 'equals' }, tag('ICFever')),
      ],
    });
    const [tobacco, use, rename, nicotine, fever] = set.rules;
    assert.equal(tobacco?.memo, use?.memo);
    assert.equal(use?.memo, rename?.memo);
    assert.deepEqual([tobacco?.slot, use?.slot, rename?.slot], [0, 1, 2]);
    assert.notEqual(nicotine?.memo, rename?.memo, 'rename writes preferredName: the next rule starts its own memo');
    assert.notEqual(fever?.memo, nicotine?.memo);
    const concepts = [concept(0, 'smokes', 'Tobacco use'), concept(10, 'nicotine', 'Nicotine'), concept(20, 'fever', 'Fever'), concept(30, 'tobacco', 'Tobacco')];
    for (let pass = 0; pass < 2; pass++) {
      const out = applyInferenceRules(concepts, [set]);
      assert.deepEqual(out.map((a) => a.preferredName), ['Nicotine', 'Nicotine', 'Fever', 'Tobacco']);
      assert.deepEqual(out.map((a) => a.insightModelCandidates), [['ICTobacco', 'ICUse', 'ICNicotine'], ['ICNicotine'], ['ICFever'], ['ICTobacco']]);
    }
  });

  test('values that are not scalars are judged without the memo', () => {
    const set = compileRuleSet(ruleSet({ type: 'match', field: 'preferredName', values: ['tobacco'], operator: 'contains', caseInsensitive: true }));
    const listValued = { ...concept(0, 'smokes', 'x'), preferredName: ['Tobacco use'] } as Annotation;
    const out = applyInferenceRules([listValued, concept(5, 'smokes', 'Tobacco use')], [set]);
    assert.deepEqual(out.map((a) => a.insightModelCandidates), [['ICTobacco'], ['ICTobacco']]);
  });
});
