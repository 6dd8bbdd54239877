// A small knowledge base for the medication and allergy tests: real SourceRecords through the real compiler
// (drugs with UMLS CUIs and RxNorm codes, a disease that contains a drug name, a lab-like substance and a
// catalogue-only drug group), plus engine resources around it.
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import { compileKnowledge } from '../../../knowledge/compile.js';
import type { CompiledKb } from '../../../knowledge/compiled-kb.js';
import { loadDefaultStopList } from '../../../knowledge/stoplist.js';
import assert from 'node:assert/strict';
import { createDocument } from '../../create-document.js';
import type { Annotation } from '../../document.js';
import { parseAnnotatorParams } from '../../params.js';
import { NO_ARTIFACTS, type ArtifactLookup, type EngineResources } from '../../resources.js';
import { compileMedication, detectMedications, medicationParams } from './medication.js';

export const MEDICATION_TEST_RECORDS: readonly SourceRecord[] = [
  { source: 'RXNORM', ids: ['RXNORM:6809', 'UMLS:C0025598'], preferredName: 'metformin', names: [{ text: 'Glucophage', kind: 'brand' }], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:29046', 'UMLS:C0065374'], preferredName: 'lisinopril', names: [], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:1191', 'UMLS:C0004057'], preferredName: 'aspirin', names: [{ text: 'acetylsalicylic acid', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:5487', 'UMLS:C0020261'], preferredName: 'hydrochlorothiazide', names: [], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:6851', 'UMLS:C0025677'], preferredName: 'methotrexate', names: [], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:4917', 'UMLS:C0017887'], preferredName: 'nitroglycerin', names: [], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:723', 'UMLS:C0002645'], preferredName: 'amoxicillin', names: [], semanticTypes: ['antb'] },
  { source: 'RXNORM', ids: ['RXNORM:161', 'UMLS:C0000970'], preferredName: 'acetaminophen', names: [{ text: 'paracetamol', kind: 'exact' }], semanticTypes: ['phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:7980', 'UMLS:C0030842'], preferredName: 'penicillin', names: [], semanticTypes: ['antb'] },
  { source: 'RXNORM', ids: ['RXNORM:5856', 'UMLS:C0021641'], preferredName: 'insulin', names: [], semanticTypes: ['horm'] },
  { source: 'RXNORM', ids: ['RXNORM:11124', 'UMLS:C0042313'], preferredName: 'vancomycin', names: [], semanticTypes: ['antb'] },
  { source: 'RXNORM', ids: ['RXNORM:4850', 'UMLS:C0017725'], preferredName: 'glucose', names: [], semanticTypes: ['carb', 'phsu'] },
  { source: 'RXNORM', ids: ['RXNORM:5492', 'UMLS:C0020268'], preferredName: 'hydrocortisone', names: [], semanticTypes: ['horm'] },
  { source: 'DOID', ids: ['DOID:0000000', 'UMLS:C0021655'], preferredName: 'insulin resistance', names: [], semanticTypes: ['patf'] },
  { source: 'PHARMGKB', ids: ['PHARMGKB:PA166183405'], preferredName: 'orange juice', names: [], semanticTypes: ['phsu'] },
  { source: 'PHARMGKB', ids: ['PHARMGKB:PA164713380'], preferredName: 'Various', names: [{ text: 'various drugs', kind: 'exact' }], semanticTypes: ['phsu'] },
];

export function compileMedicationTestKb(): CompiledKb {
  return compileKnowledge(MEDICATION_TEST_RECORDS, {
    name: 'medication-test-kb',
    version: '1',
    sourceVersion: 'fixture-1',
    stopList: loadDefaultStopList(),
    builtAt: '2026-01-01T00:00:00.000Z',
  });
}

/** Artifacts held in a plain map (kind/id → body), as a deployment would store them. */
export function artifactsOf(entries: Readonly<Record<string, unknown>>): ArtifactLookup {
  return { get: (kind, id) => entries[`${kind}/${id}`] };
}

export function medicationTestResources(artifacts: ArtifactLookup = NO_ARTIFACTS): EngineResources {
  return { kb: compileMedicationTestKb(), artifacts };
}

/** The medication annotator over the test knowledge base with default parameters, and assertion helpers. */
export function medicationFixture(): { medications(text: string): Annotation[]; administrationOf(text: string): Annotation | undefined } {
  const resources = medicationTestResources();
  const compiled = compileMedication(resources);
  const params = parseAnnotatorParams('medication', medicationParams, {}).params;
  const medications = (text: string): Annotation[] => detectMedications(createDocument(text), params, compiled, resources.artifacts);
  return {
    medications,
    /** The administration of the only medication of `text` (asserted), or undefined when it has none. */
    administrationOf(text) {
      const found = medications(text);
      assert.equal(found.length, 1, `one medication in ${JSON.stringify(text)}: ${JSON.stringify(found.map((m) => m.coveredText))}`);
      return (found[0]!.administration as Annotation[] | undefined)?.[0];
    },
  };
}
