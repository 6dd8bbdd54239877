import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { conditionRequirement, conditionRequirements } from '../../../cartridge/condition-requirement.js';
import { compileCondition } from '../../../cartridge/filter-condition.js';
import { CandidateIndex } from './candidate-index.js';
import { documentWith } from './insight-fixture.js';

describe('CandidateIndex', () => {
  // Layers under 16 annotations are not indexed: pad with unrelated concepts so this one is.
  const padding = Array.from({ length: 16 }, (_, i) => ({ text: `w${i}`, fields: { semanticType: 'qlco' } }));
  const { doc, annotations: all } = documentWith(`fever cough rash pain ${padding.map((p) => p.text).join(' ')}`, [
    { text: 'fever', fields: { semanticType: 'sosy', insightModelData: { diagnosis: { score: 0.9 } } } },
    { text: 'cough', fields: { semanticType: ['fndg', 'sosy'] } },
    { text: 'rash', fields: { semanticType: 'dsyn', disambiguationData: { validity: 'INVALID' } } },
    { text: 'pain', fields: { semanticType: 'SOSY', insightModelData: { diagnosis: { score: 0.2 } } } },
    ...padding,
  ]);
  const annotations = all.slice(0, 4);
  const [fever, cough, rash, pain] = annotations;

  test('an equals requirement lists the annotations with one of its values, in layer order', () => {
    const index = new CandidateIndex(doc);
    const sosyOrDsyn = conditionRequirement({ field: 'semanticType', values: ['dsyn', 'sosy'] });
    assert.deepEqual(index.candidates('concepts', sosyOrDsyn), [fever, cough, rash]);
    const folded = conditionRequirement({ field: 'semanticType', values: ['Sosy'], caseInsensitive: true });
    assert.deepEqual(index.candidates('concepts', folded), [fever, cough, pain]);
    assert.deepEqual(index.candidates('concepts', conditionRequirement({ field: 'semanticType', values: ['neop'] })), []);
    assert.deepEqual(index.candidates('SymptomDiseaseInd', sosyOrDsyn), []);
  });

  test('a presence requirement lists the annotations with a value there; none lists the whole layer', () => {
    const index = new CandidateIndex(doc);
    const scored = conditionRequirement({ field: 'insightModelData.diagnosis.score', values: ['0.5'], operator: 'greaterThan' });
    assert.deepEqual(index.candidates('concepts', scored), [fever, pain]);
    assert.deepEqual(index.candidates('concepts', undefined), all);
  });

  test('every annotation a condition keeps is among its candidates', () => {
    const index = new CandidateIndex(doc);
    const conditions = [
      { type: 'all', conditions: [{ field: 'disambiguationData.validity', values: ['INVALID'], not: true }, { field: 'semanticType', values: ['sosy', 'dsyn'] }] },
      { type: 'any', conditions: [{ field: 'semanticType', values: ['fndg'] }, { field: 'insightModelData.diagnosis.score', values: ['0.5'], operator: 'lessThan' }] },
    ];
    for (const c of conditions) {
      const keep = compileCondition(c);
      const kept = annotations.filter((a) => keep(a, index.context));
      const candidates = index.candidates('concepts', conditionRequirement(c));
      assert.ok(kept.length > 0);
      for (const a of kept) assert.ok(candidates.includes(a), `${String(a.coveredText)} kept but not a candidate`);
    }
  });
});

describe('CandidateIndex.candidatesOfAll (conditionRequirements: numeric bounds, intersections)', () => {
  const padding = Array.from({ length: 16 }, (_, i) => ({ text: `w${i}`, fields: { semanticType: i % 2 === 0 ? 'dsyn' : 'qlco', insightModelData: { diagnosis: { score: i / 40 } } } }));
  const { doc, annotations: all } = documentWith(`fever cough rash pain ${padding.map((p) => p.text).join(' ')}`, [
    { text: 'fever', fields: { semanticType: 'sosy', insightModelData: { diagnosis: { score: 0.9 } } } },
    { text: 'cough', fields: { semanticType: 'sosy', insightModelData: { diagnosis: { score: ['0.1', '0.75'] } } } },
    { text: 'rash', fields: { semanticType: 'dsyn', insightModelData: { diagnosis: { score: 'high' } } } },
    { text: 'pain', fields: { semanticType: 'fndg', insightModelData: { diagnosis: { score: 0.7 } } } },
    ...padding,
  ]);
  const [fever, cough, rash, pain] = all;

  test('a bound lists the annotations with a number (or numeric text) meeting it', () => {
    const index = new CandidateIndex(doc);
    const high = conditionRequirements(match('insightModelData.diagnosis.score', ['0.7'], 'greaterThanOrEqualTo'));
    assert.deepEqual(index.candidatesOfAll('concepts', high), [fever, cough, pain]);
    const above = conditionRequirements(match('insightModelData.diagnosis.score', ['0.7'], 'greaterThan'));
    assert.deepEqual(index.candidatesOfAll('concepts', above), [fever, cough]);
  });
  test('equality entries after the first narrow the candidates; every annotation a condition keeps stays', () => {
    const index = new CandidateIndex(doc);
    const conditions = [
      { type: 'all', conditions: [{ field: 'semanticType', values: ['sosy', 'dsyn'] }, { field: 'coveredText', values: ['cough', 'rash', 'w2'] }] },
      { type: 'all', conditions: [{ field: 'semanticType', values: ['dsyn', 'fndg'] }, match('insightModelData.diagnosis.score', ['0.3'], 'lessThan')] },
      { type: 'any', conditions: [match('insightModelData.diagnosis.score', ['0.8'], 'greaterThan'), { field: 'semanticType', values: ['fndg'] }] },
      { type: 'all', conditions: [match('insightModelData.diagnosis.score', ['0.5'], 'greaterThanOrEqualTo'), { field: 'disambiguationData.validity', values: ['INVALID'], not: true }] },
    ];
    for (const c of conditions) {
      const keep = compileCondition(c);
      const kept = all.filter((a) => keep(a, index.context));
      const candidates = index.candidatesOfAll('concepts', conditionRequirements(c));
      assert.ok(kept.length > 0);
      for (const a of kept) assert.ok(candidates.includes(a), `${String(a.coveredText)} kept but not a candidate`);
      assert.ok(candidates.length < all.length, 'the requirements narrow the layer');
    }
    const both = conditionRequirements(conditions[0]);
    assert.deepEqual(index.candidatesOfAll('concepts', both), [cough, rash, all[6]]);
    assert.ok(!index.candidatesOfAll('concepts', conditionRequirements(conditions[2])).includes(rash!));
  });
});

function match(field: string, values: string[], operator: string): Record<string, unknown> {
  return { field, values, operator };
}

test('a small layer is not indexed: every annotation is a candidate', () => {
  const { doc, annotations } = documentWith('fever cough', [{ text: 'fever', fields: { semanticType: 'sosy' } }, { text: 'cough', fields: { semanticType: 'fndg' } }]);
  assert.deepEqual(new CandidateIndex(doc).candidates('concepts', conditionRequirement({ field: 'semanticType', values: ['sosy'] })), annotations);
});
