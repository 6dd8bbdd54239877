import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileKnowledge } from '../../../knowledge/compile.js';
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import { SIDE_TABLES } from '../../../knowledge/side-tables.js';
import { createDocument } from '../../create-document.js';
import { parseAnnotatorParams } from '../../params.js';
import { NO_ARTIFACTS, type EngineResources } from '../../resources.js';
import { conceptDetection } from './concept-detection.js';

const records: SourceRecord[] = [
  { source: 'DOID', ids: ['DOID:0050117', 'MESH:D003141'], preferredName: 'disease by infectious agent', names: [{ text: 'infection', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:10652', 'MESH:D999999'], preferredName: 'Alzheimer disease', names: [], semanticTypes: ['dsyn'] },
  { source: 'MSH', ids: ['MESH:D010919'], preferredName: 'Placebos', names: [{ text: 'placebo', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'MSH', ids: ['MESH:D009325'], preferredName: 'nausea', names: [], semanticTypes: ['sosy'] },
  { source: 'MSH', ids: ['MESH:D014839'], preferredName: 'vomiting', names: [], semanticTypes: ['sosy'] },
  { source: 'SYMP', ids: ['SYMP:0000001'], preferredName: 'nausea and vomiting', names: [], semanticTypes: ['sosy'] },
];
// The training lexicon names "infection" Infections and "Alzheimer's disease" D000544; it says nothing of "placebo".
const lexicon = 'TEST_TRAIN\tdisease\tMESH:D007239\tinfection\nTEST_TRAIN\tdisease\tMESH:D000544\tAlzheimer disease\nTEST_TRAIN\tdisease\t-\tnausea\n';
const base = compileKnowledge(records, { name: 'mesh-kb', version: '1', sourceVersion: 't1' });
const tables: Record<string, string> = { [SIDE_TABLES.corpusLexicon]: lexicon };
const kb = Object.assign(Object.create(base) as object, { sideTable: (name: string) => tables[name] }) as typeof base;
const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
const compiled = conceptDetection.init(resources);

function run(text: string, raw: Record<string, string[]>): { text: string; name: string; meshId: unknown }[] {
  const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, raw);
  const found = conceptDetection.run(createDocument(text), params, compiled, { resources, configurations: [] }).add?.concepts ?? [];
  return found.map((a) => ({ text: a.coveredText, name: String(a.preferredName), meshId: a.meshId }));
}

describe('MeSH ids chosen at the span', () => {
  const text = 'Alzheimer disease (AD) with an infection; nausea and vomiting; placebo was given. AD progressed.';
  test("the lexicon ids of the words (of the long form for a defined short form), the concept's own id where the lexicon says nothing, the parts of a concept without one", () => {
    const found = run(text, { include_optional_fields: ['medical_codes'] });
    const byText = (t: string): unknown[] => found.filter((f) => f.text === t).map((f) => f.meshId);
    assert.deepEqual(byText('Alzheimer disease'), ['D000544']);
    assert.deepEqual(byText('AD'), ['D000544', 'D000544']);
    assert.deepEqual(byText('infection'), ['D007239']);
    assert.deepEqual(found.filter((f) => f.text === 'placebo').map((f) => [f.name, f.meshId]), [['Placebos', 'D010919']]);
    assert.deepEqual(byText('nausea and vomiting'), ['D009325,D014839']);
  });
  test('only with medical_codes', () => {
    assert.ok(run(text, {}).every((f) => f.meshId === undefined));
  });
});

describe('ambiguous short forms take the sense the context decides', () => {
  const senseRecords: SourceRecord[] = [
    { source: 'NCI', ids: ['NCIT:C0001', 'UMLS:C0152276'], preferredName: 'myeloid sarcoma', names: [{ text: 'MS', kind: 'abbreviation' }], semanticTypes: ['neop'] },
    { source: 'DOID', ids: ['DOID:2377', 'UMLS:C0026769', 'MESH:D009103'], preferredName: 'multiple sclerosis', names: [], semanticTypes: ['dsyn'] },
    { source: 'DOID', ids: ['DOID:0050589', 'UMLS:C0264005'], preferredName: 'eosinophilic fasciitis', names: [{ text: 'EF', kind: 'abbreviation' }], semanticTypes: ['dsyn'] },
  ];
  const senseResources: EngineResources = { kb: compileKnowledge(senseRecords, { name: 'sense-kb', version: '1', sourceVersion: 't1' }), artifacts: NO_ARTIFACTS };
  const senseCompiled = conceptDetection.init(senseResources);
  const names = (text: string, raw: Record<string, string[]> = {}): string[] => {
    const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, raw);
    return (conceptDetection.run(createDocument(text), params, senseCompiled, { resources: senseResources, configurations: [] }).add?.concepts ?? []).map((a) => `${a.coveredText}:${String(a.preferredName)}`);
  };
  test('the sense\'s concept is added when no candidate has it and wins its semantic group', () => {
    const text = 'She has relapsing remitting MS with optic neuritis and new MRI lesions, started on ocrelizumab last year; EF 35% on the echo today.';
    // Myeloid sarcoma (a disorder too) gives way to it; EF's only reading stays for the disambiguation annotator to judge.
    assert.deepEqual(names(text).sort(), ['EF:eosinophilic fasciitis', 'MS:multiple sclerosis']);
    // all_candidates keeps every reading (the added one too).
    assert.deepEqual(names(text, { all_candidates: ['true'] }).sort(), ['EF:eosinophilic fasciitis', 'MS:multiple sclerosis', 'MS:myeloid sarcoma']);
  });
  test('a document too short to judge keeps the knowledge base\'s readings', () => {
    assert.deepEqual(names('Relapsing MS.'), ['MS:myeloid sarcoma']);
  });
});
