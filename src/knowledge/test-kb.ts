// A small knowledge base used by the knowledge tests (and usable by other modules' tests): real records
// through the real compiler, with the default stop-list and a two-word spelling table.
import type { SourceRecord } from './builders/source-record.js';
import { compileKnowledge } from './compile.js';
import type { CompiledKb } from './compiled-kb.js';
import { loadDefaultStopList } from './stoplist.js';

export const TEST_RECORDS: readonly SourceRecord[] = [
  { source: 'DOID', ids: ['DOID:9352', 'UMLS:C0011860', 'MESH:D003924', 'ICD10CM:E11'], preferredName: 'type 2 diabetes mellitus', names: [{ text: 'T2DM', kind: 'abbreviation' }, { text: 'diabetes mellitus, type 2', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:9351', 'UMLS:C0011849', 'MESH:D003920'], preferredName: 'diabetes mellitus', names: [{ text: 'diabetes', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:9074', 'UMLS:C0023449'], preferredName: 'acute lymphoblastic leukemia', names: [{ text: 'ALL', kind: 'abbreviation' }, { text: 'all', kind: 'exact' }], semanticTypes: ['neop'] },
  { source: 'DOID', ids: ['DOID:2377', 'UMLS:C0026769', 'MESH:D009103'], preferredName: 'multiple sclerosis', names: [{ text: 'MS', kind: 'abbreviation' }, { text: 'ms', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:8778', 'UMLS:C0010346'], preferredName: "Crohn's disease", names: [{ text: 'regional enteritis', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'SYMP', ids: ['SYMP:0000613', 'UMLS:C0013604'], preferredName: 'edema', names: [{ text: 'oedema', kind: 'exact' }, { text: 'swelling', kind: 'exact' }], semanticTypes: ['sosy'] },
  { source: 'UBERON', ids: ['UBERON:0002048'], preferredName: 'lung', names: [], semanticTypes: ['bpoc'] },
  { source: 'UBERON', ids: ['UBERON:0001460'], preferredName: 'arm', names: [], semanticTypes: ['bpoc'] },
  { source: 'NCI', ids: ['NCIT:C3749', 'UMLS:C0206655'], preferredName: 'alveolar rhabdomyosarcoma', names: [{ text: 'ARM', kind: 'abbreviation' }, { text: 'aRMS', kind: 'abbreviation' }], semanticTypes: ['neop'] },
  { source: 'NCI', ids: ['NCIT:C0000'], preferredName: 'obsolete thing', names: [{ text: 'obsolete pulmonary function', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'DOID', ids: ['DOID:1324', 'UMLS:C0242379'], preferredName: 'lung cancer', names: [{ text: 'cancer of the lung', kind: 'exact' }], semanticTypes: ['neop'] },
  { source: 'DOID', ids: ['DOID:3908', 'UMLS:C0007131'], preferredName: 'non-small cell lung carcinoma', names: [{ text: 'NSCLC', kind: 'abbreviation' }], semanticTypes: ['neop'] },
  { source: 'SYMP', ids: ['SYMP:0000099', 'UMLS:C0009443'], preferredName: 'common cold', names: [{ text: 'cold', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'RXNORM', ids: ['RXNORM:6809', 'UMLS:C0025598'], preferredName: 'metformin', names: [{ text: 'Glucophage', kind: 'brand' }], semanticTypes: ['phsu'] },
  { source: 'DOID', ids: ['DOID:0050700', 'UMLS:C0878544'], preferredName: 'cardiomyopathy', names: [{ text: 'Sjögren cardiomyopathy', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'HPO', ids: ['HP:0002315'], preferredName: 'Headache', names: [{ text: 'headaches', kind: 'layperson' }], semanticTypes: ['sosy'] },
  { source: 'ICD10CM', ids: ['ICD10CM:R51.9'], preferredName: 'Headache, unspecified', names: [{ text: 'headache', kind: 'exact' }, { text: 'cephalalgia', kind: 'exact' }], semanticTypes: ['sosy'] },
];

export function compileTestKb(): CompiledKb {
  return compileKnowledge(TEST_RECORDS, {
    name: 'test-kb',
    version: '1',
    sourceVersion: 'fixture-1',
    spelling: new Map([['oedema', 'edema'], ['tumour', 'tumor']]),
    stopList: loadDefaultStopList(),
    builtAt: '2026-01-01T00:00:00.000Z',
  });
}
