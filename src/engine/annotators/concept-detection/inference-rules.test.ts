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

  test('values that are not scalars are judged without the memo', () => {
    const set = compileRuleSet(ruleSet({ type: 'match', field: 'preferredName', values: ['tobacco'], operator: 'contains', caseInsensitive: true }));
    const listValued = { ...concept(0, 'smokes', 'x'), preferredName: ['Tobacco use'] } as Annotation;
    const out = applyInferenceRules([listValued, concept(5, 'smokes', 'Tobacco use')], [set]);
    assert.deepEqual(out.map((a) => a.insightModelCandidates), [['ICTobacco'], ['ICTobacco']]);
  });
});
