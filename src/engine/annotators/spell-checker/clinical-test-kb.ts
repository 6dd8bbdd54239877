// A small knowledge base for the spell_checker and disambiguation tests: real records through the real
// compiler (procedures the open KB lacks, drugs, and the ambiguous abbreviations MS, RA, PT, CA, cold).
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import { compileKnowledge } from '../../../knowledge/compile.js';
import type { CompiledKb } from '../../../knowledge/compiled-kb.js';
import { loadDefaultStopList } from '../../../knowledge/stoplist.js';

export const CLINICAL_TEST_RECORDS: readonly SourceRecord[] = [
  { source: 'SNOMEDCT', ids: ['UMLS:C0029936'], preferredName: 'Ovariectomy', names: [{ text: 'oophorectomy', kind: 'exact' }], semanticTypes: ['topp'] },
  { source: 'DOID', ids: ['DOID:552', 'UMLS:C0032285'], preferredName: 'pneumonia', names: [], semanticTypes: ['dsyn'] },
  { source: 'RXNORM', ids: ['RXNORM:1357536', 'UMLS:C2984212'], preferredName: 'tofacitinib', names: [{ text: 'Xeljanz', kind: 'brand' }], semanticTypes: ['phsu'] },
  { source: 'DOID', ids: ['DOID:2377', 'UMLS:C0026769'], preferredName: 'multiple sclerosis', names: [{ text: 'MS', kind: 'abbreviation' }], semanticTypes: ['dsyn'] },
  { source: 'RXNORM', ids: ['RXNORM:7052', 'UMLS:C0066814'], preferredName: 'morphine sulfate', names: [{ text: 'MS', kind: 'abbreviation' }], semanticTypes: ['phsu'] },
  { source: 'DOID', ids: ['DOID:7148', 'UMLS:C0003873'], preferredName: 'rheumatoid arthritis', names: [{ text: 'RA', kind: 'abbreviation' }], semanticTypes: ['dsyn'] },
  { source: 'SYMP', ids: ['SYMP:0000099', 'UMLS:C0009443'], preferredName: 'common cold', names: [{ text: 'cold', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'SYMP', ids: ['SYMP:0000570', 'UMLS:C0013404'], preferredName: 'dyspnea', names: [{ text: 'shortness of breath', kind: 'exact' }], semanticTypes: ['sosy'] },
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
