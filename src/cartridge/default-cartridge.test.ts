// The default cartridge's sources: they build without issues into a valid, deterministic archive
// whose flow names only implemented annotators, whose alias targets exist, and whose attribute sets
// define every attribute the clinical insights clients read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALIASES, DEFAULT_CARTRIDGE_ID, DEFAULT_FLOW_ID, DEFAULT_PROFILE_ID } from '../artifacts/aliases.js';
import { analyzeRequest } from '../engine/analyze.js';
import { findAnnotator } from '../engine/registry.js';
import { compileKnowledge } from '../knowledge/compile.js';
import type { SourceRecord } from '../knowledge/builders/source-record.js';
import { loadDefaultCartridgeArtifacts } from './default-cartridge-artifacts.js';
import { buildCartridge } from './build-cartridge.js';
import { defaultCartridgeDir } from './default-cartridge.js';
import { validateCartridge } from './validate-cartridge.js';

const REQUIRED_ATTRIBUTES = ['Diagnosis', 'PotentialDiagnosis', 'PatientReportedCondition', 'PrescribedMedication', 'MedicationAllergy',
  'TherapeuticProcedure', 'DiagnosticProcedure', 'LabValue', 'AbnormalFinding', 'TobaccoUse', 'AlcoholUse', 'DrugAbuse'];

describe('default cartridge sources', () => {
  test('build without issues, deterministically, into a valid archive', async () => {
    const first = await buildCartridge(defaultCartridgeDir());
    assert.deepEqual(first.issues, []);
    assert.equal(first.ok, true);
    assert.equal(first.cartridgeId, DEFAULT_CARTRIDGE_ID);
    const second = await buildCartridge(defaultCartridgeDir());
    assert.ok(first.archive!.equals(second.archive!), 'same sources, same bytes (the start-up deployment relies on it)');
    const validation = await validateCartridge(first.archive!);
    assert.equal(validation.ok, true);
    assert.deepEqual(validation.issues.filter((i) => i.level !== 'INFO'), []);
  });

  test('the standard flow names implemented annotators only; alias targets and attribute names exist', async () => {
    const validation = await validateCartridge((await buildCartridge(defaultCartridgeDir())).archive!);
    const byId = new Map(validation.artifacts.map((a) => [a.id, a]));
    const flow = byId.get(DEFAULT_FLOW_ID)?.body as { annotatorFlows: { profile: string; flow: { elements: { annotator: { name: string } }[] } }[] };
    assert.equal(flow.annotatorFlows[0]!.profile, DEFAULT_PROFILE_ID);
    const names = flow.annotatorFlows[0]!.flow.elements.map((e) => e.annotator.name);
    assert.deepEqual(names.filter((n) => findAnnotator(n) === undefined), []);
    for (const target of [...ALIASES.flow.values(), ...ALIASES.profile.values()]) assert.ok(byId.has(target), target);
    const attributes = validation.artifacts.filter((a) => a.kind === 'attribute_set')
      .flatMap((a) => (a.body as { attributes: { name: string }[] }).attributes.map((x) => x.name));
    for (const name of REQUIRED_ATTRIBUTES) assert.ok(attributes.includes(name), name);
  });

  test('its substance-use dictionary names drinks the knowledge base lacks: use, former use and non-drinkers', async () => {
    // An empty knowledge base: only the cartridge's own library can find these.
    const kb = compileKnowledge([], { name: 'empty', version: '1', sourceVersion: '1' });
    const cartridge = await loadDefaultCartridgeArtifacts();
    const attributes = (text: string): string[] => {
      const response = analyzeRequest({
        containers: [{ text }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
        options: { returnAnalyzedText: false }, resources: { kb, artifacts: cartridge.artifacts },
      });
      const data = response.unstructured[0]?.['data'] as { attributeValues?: { name: string; coveredText: string; values: { value: string }[] }[] };
      return (data.attributeValues ?? []).map((a) => `${a.name} ${a.coveredText} ${a.values.map((v) => v.value).join(',')}`);
    };
    assert.deepEqual(attributes('She drinks two glasses of wine every night.'), ['AlcoholUse glasses of wine use']);
    assert.deepEqual(attributes('Quit drinking 5 years ago.'), ['AlcoholUse Quit drinking former']);
    assert.deepEqual(attributes('He is a non-drinker.'), ['NoAlcoholUse non-drinker true']);
    assert.deepEqual(attributes('He is in good spirits and drinking plenty of water.'), []);
  });

  test('its clinical attribute set: a substance use statement and the word "allergic" are no diagnoses; a use disorder is', async () => {
    const records: SourceRecord[] = [
      { source: 'TEST', ids: ['TEST:1', 'UMLS:C0013182'], preferredName: 'drug allergy', names: [{ text: 'allergic', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'TEST', ids: ['TEST:2', 'UMLS:C0030842'], preferredName: 'penicillin', names: [], semanticTypes: ['antb'] },
      { source: 'TEST', ids: ['TEST:3', 'ICD10CM:F14.90'], preferredName: 'cocaine use', names: [], semanticTypes: ['mobd'] },
      { source: 'TEST', ids: ['TEST:4', 'UMLS:C0001973'], preferredName: 'alcohol dependence', names: [], semanticTypes: ['mobd'] },
      { source: 'TEST', ids: ['TEST:5', 'UMLS:C0001969'], preferredName: 'alcohol use disorder', names: [], semanticTypes: ['mobd'] },
    ];
    const kb = compileKnowledge(records, { name: 'attributes', version: '1', sourceVersion: '1' });
    const cartridge = await loadDefaultCartridgeArtifacts();
    const names = (text: string): string[] => {
      const response = analyzeRequest({
        containers: [{ text }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
        options: { returnAnalyzedText: false }, resources: { kb, artifacts: cartridge.artifacts },
      });
      const data = response.unstructured[0]?.['data'] as { attributeValues?: { name: string; coveredText: string }[] };
      return [...new Set((data.attributeValues ?? []).map((a) => `${a.name} ${a.coveredText}`))].sort();
    };
    assert.deepEqual(names('He is allergic to penicillin.'), ['MedicationAllergy penicillin']);
    assert.deepEqual(names('History of cocaine use.'), ['DrugAbuse cocaine use']);
    assert.ok(names('She has alcohol dependence.').includes('Diagnosis alcohol dependence'));
    assert.ok(names('Alcohol use disorder.').includes('Diagnosis Alcohol use disorder'));
  });

  test('its clinical attribute set: a lab test with a worded result is one normal or abnormal finding, on the test', async () => {
    const records: SourceRecord[] = [
      { source: 'TEST', ids: ['TEST:1', 'LNC:6598-7'], preferredName: 'troponin', names: [], semanticTypes: ['lbpr'] },
    ];
    const kb = compileKnowledge(records, { name: 'attributes', version: '1', sourceVersion: '1' });
    const cartridge = await loadDefaultCartridgeArtifacts();
    const response = analyzeRequest({
      containers: [{ text: 'Troponin negative. Troponin elevated.' }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
      options: { returnAnalyzedText: false }, resources: { kb, artifacts: cartridge.artifacts },
    });
    const data = response.unstructured[0]?.['data'] as { attributeValues?: { name: string; coveredText: string; begin: number; values: { value: string }[] }[] };
    const attributes = data.attributeValues ?? [];
    // Issue 17: the concept and its lab value `negative` each had a NormalFinding.
    assert.deepEqual(attributes.filter((a) => a.name === 'NormalFinding' || a.name === 'AbnormalFinding').map((a) => `${a.name} ${a.coveredText} ${a.begin}`),
      ['NormalFinding Troponin 0', 'AbnormalFinding Troponin 19']);
    assert.deepEqual(attributes.filter((a) => a.name === 'LabValue').map((a) => a.values[0]!.value), ['negative', 'elevated']);
  });
});
