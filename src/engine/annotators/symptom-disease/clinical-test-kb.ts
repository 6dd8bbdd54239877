// A small knowledge base for the clinical annotators' tests: real source records through the real
// compiler (src/knowledge/compile.ts), with the concepts the reference examples name (§5.3) and a few
// common ones. Codes and CUIs are those of the public vocabularies (UMLS, ICD-10-CM, SNOMED CT).
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import { compileKnowledge } from '../../../knowledge/compile.js';
import type { CompiledKb } from '../../../knowledge/compiled-kb.js';
import { loadDefaultStopList } from '../../../knowledge/stoplist.js';
import type { Annotation } from '../../document.js';
import { createDocument } from '../../create-document.js';
import { compilePipeline } from '../../pipeline.js';
import type { AnnotatorDefinition } from '../../annotator.js';
import { NO_ARTIFACTS, type EngineResources } from '../../resources.js';

export const CLINICAL_TEST_RECORDS: readonly SourceRecord[] = [
  { source: 'SYMP', ids: ['SYMP:0000689', 'UMLS:C0026821', 'ICD10CM:R25.2', 'ICD10CM:T75.1'], preferredName: 'cramp', names: [{ text: 'cramping', kind: 'exact' }, { text: 'cramps', kind: 'exact' }], semanticTypes: ['sosy'] },
  { source: 'SYMP', ids: ['SYMP:0000099', 'UMLS:C0030193', 'SNOMEDCT:22253000'], preferredName: 'pain', names: [], semanticTypes: ['sosy'] },
  { source: 'SYMP', ids: ['SYMP:0000613', 'UMLS:C0015967', 'ICD10CM:R50.9'], preferredName: 'fever', names: [{ text: 'fevers', kind: 'exact' }], semanticTypes: ['sosy'] },
  { source: 'SYMP', ids: ['SYMP:0000817', 'UMLS:C0008031', 'ICD10CM:R07.9'], preferredName: 'chest pain', names: [], semanticTypes: ['sosy'] },
  { source: 'SYMP', ids: ['SYMP:0000726', 'UMLS:C0038999'], preferredName: 'swelling', names: [], semanticTypes: ['sosy'] },
  { source: 'DOID', ids: ['DOID:552', 'UMLS:C0032285', 'ICD10CM:J18.9', 'MESH:D011014'], preferredName: 'pneumonia', names: [], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:9352', 'UMLS:C0011860', 'ICD10CM:E11.9', 'SNOMEDCT:44054006'], preferredName: 'Diabetes Mellitus, Non-Insulin-Dependent', names: [{ text: 'type 2 diabetes', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:1324', 'UMLS:C0242379'], preferredName: 'lung cancer', names: [], semanticTypes: ['neop'] },
  { source: 'UBERON', ids: ['UBERON:0000978', 'NCIT:C32974'], preferredName: 'leg', names: [], semanticTypes: ['bpoc'] },
  { source: 'NCI', ids: ['NCIT:C176864'], preferredName: 'Left Leg', names: [], semanticTypes: ['bpoc'] },
  { source: 'UBERON', ids: ['UBERON:0001465', 'SNOMEDCT:72696002'], preferredName: 'knee', names: [], semanticTypes: ['bpoc'] },
  { source: 'NCI', ids: ['NCIT:C1000001'], preferredName: 'Left Knee', names: [], semanticTypes: ['bpoc'] },
  { source: 'LOCAL', ids: ['LOCAL:test:chemo', 'UMLS:C3665472'], preferredName: 'Chemotherapy', names: [{ text: 'chemo', kind: 'abbreviation' }], semanticTypes: ['topp'] },
  { source: 'LOCAL', ids: ['LOCAL:test:plt', 'UMLS:C1287267'], preferredName: 'Finding of platelet count', names: [{ text: 'platelet count', kind: 'exact' }], semanticTypes: ['fndg'] },
  { source: 'LOCAL', ids: ['LOCAL:test:gluc', 'UMLS:C0392201'], preferredName: 'Blood glucose measurement', names: [{ text: 'blood glucose', kind: 'exact' }], semanticTypes: ['lbpr'] },
  { source: 'RXNORM', ids: ['RXNORM:6809', 'UMLS:C0025598'], preferredName: 'metformin', names: [], semanticTypes: ['phsu'] },
  // Short forms: a listed one (CHF), an unlisted one the vocabularies give a disorder sense (EMA), a scale naming a disorder.
  { source: 'DOID', ids: ['DOID:6000', 'UMLS:C0018802', 'ICD10CM:I50.9'], preferredName: 'congestive heart failure', names: [{ text: 'CHF', kind: 'abbreviation' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:0080000', 'UMLS:C0268596'], preferredName: 'multiple acyl-CoA dehydrogenase deficiency', names: [{ text: 'EMA', kind: 'abbreviation' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:684', 'UMLS:C2239176', 'ICD10CM:C22.0'], preferredName: 'hepatocellular carcinoma', names: [], semanticTypes: ['neop'] },
  { source: 'SYMP', ids: ['SYMP:0000052', 'UMLS:C0009421'], preferredName: 'coma', names: [], semanticTypes: ['sosy'] },
  { source: 'LOCAL', ids: ['LOCAL:test:gcs'], preferredName: 'Glasgow coma scale', names: [], semanticTypes: ['clna'] },
  { source: 'ICD10CM', ids: ['ICD10CM:R45.0'], preferredName: 'Nervousness', names: [{ text: 'nervous', kind: 'exact' }], semanticTypes: ['sosy'] },
  { source: 'NCI', ids: ['NCIT:C12438'], preferredName: 'Central Nervous System', names: [], semanticTypes: ['bpoc'] },
];

export function compileClinicalTestKb(): CompiledKb {
  return compileKnowledge(CLINICAL_TEST_RECORDS, {
    name: 'clinical-test-kb',
    version: '1',
    sourceVersion: 'fixture-1',
    stopList: loadDefaultStopList(),
    builtAt: '2026-01-01T00:00:00.000Z',
  });
}

let shared: EngineResources | undefined;

/** One resources snapshot over the test knowledge base (annotator init is cached per snapshot). */
export function clinicalTestResources(): EngineResources {
  shared ??= { kb: compileClinicalTestKb(), artifacts: NO_ARTIFACTS };
  return shared;
}

/**
 * Runs `annotators` (in the given order, with parameters per id) over `text` through the real pipeline and
 * returns the Document's layers.
 */
export function runClinicalFlow(
  text: string,
  annotators: readonly AnnotatorDefinition[],
  parameters: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {},
  resources: EngineResources = clinicalTestResources(),
): Map<string, Annotation[]> {
  const flow = { elements: annotators.map((a) => ({ annotator: { name: a.id, ...(parameters[a.id] === undefined ? {} : { parameters: parameters[a.id] }) } })), async: false };
  const pipeline = compilePipeline(flow, undefined, { annotators });
  return pipeline.run(createDocument(text), resources).layers;
}
