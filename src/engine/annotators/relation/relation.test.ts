import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SIDE_TABLES } from '../../../knowledge/side-tables.js';
import { conceptDetection } from '../concept-detection/concept-detection.js';
import { clinicalTestResources, runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import type { EngineResources } from '../../resources.js';
import { relationAnnotator } from './index.js';
import { compileRelationRules, conditionWords } from './relation-rules.js';

// The test knowledge base with a pharmacological-action side table (rows as MeSH 2024 has them).
const base = clinicalTestResources();
const actions = '# name\tmeshId\tactions\nmetformin\tD008687\tHypoglycemic Agents\naspirin\tD001241\tPlatelet Aggregation Inhibitors|Antipyretics\n';
const kb = Object.assign(Object.create(base.kb) as object, { sideTable: (name: string) => (name === SIDE_TABLES.pharmActions ? actions : undefined) });
const resources: EngineResources = { kb: kb as EngineResources['kb'], artifacts: base.artifacts };

function relations(text: string, res: EngineResources = resources): string[] {
  const layers = runClinicalFlow(text, [conceptDetection, relationAnnotator], {}, res);
  return (layers.get('relations') as unknown as { type: string; source: string; score: number; nodes: { entity: { coveredText: string } }[] }[]).map((r) => {
    assert.ok(r.score > 0);
    return `${r.type}/${r.source}(${r.nodes.map((n) => n.entity.coveredText).join(',')})`;
  });
}

describe('relation', () => {
  test('a drug whose MeSH action names the condition: may_treat', () => {
    assert.deepEqual(relations('She takes metformin for type 2 diabetes.'), ['may_treat/mesh(metformin,type 2 diabetes)']);
  });

  test('a prevention cue makes it may_prevent; a condition the drug class does not name gives nothing', () => {
    assert.deepEqual(relations('Metformin to prevent type 2 diabetes.'), ['may_prevent/mesh(Metformin,type 2 diabetes)']);
    assert.deepEqual(relations('Metformin was stopped because of pain.'), []);
  });

  test('has_finding_site: a disorder, a preposition, laterality, the anatomy', () => {
    assert.deepEqual(relations('Swelling of the left knee.'), ['has_finding_site/anatomy(Swelling,left knee)']);
    assert.deepEqual(relations('Swelling, knee normal.'), []);
  });

  test('without the side table there are no drug relations; the rules file is validated', () => {
    assert.deepEqual(relations('She takes metformin for type 2 diabetes.', base), []);
    assert.throws(() => compileRelationRules(undefined, { kind: 'relation-rules', version: '1', language: 'en', entries: [{ id: 'x', role: 'drug-class', relation: 'may_cure' }] }, 'r.json'), /invalid/);
    assert.deepEqual(conditionWords('Seizures, focal'), ['seizure', 'focal']);
  });
});
