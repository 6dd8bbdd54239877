import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatNeoplasmSites } from '../../../knowledge/builders/neoplasm-table.js';
import { SIDE_TABLES } from '../../../knowledge/side-tables.js';
import { clinicalTestResources, runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import type { EngineResources } from '../../resources.js';
import { cancerAnnotator } from './index.js';

// The test knowledge base with a neoplasm-site side table of three rows (codes of the ICD-10-CM FY2025 table).
const base = clinicalTestResources();
const sites = formatNeoplasmSites([
  { site: 'unspecified site', codes: ['C80.1', 'C79.9', 'D09.9', 'D36.9', 'D48.9', 'D49.9'] },
  { site: 'lung', codes: ['C34.9', 'C78.0', 'D02.2', 'D14.3', 'D38.1', 'D49.1'] },
  { site: 'breast', codes: ['C50.9', 'C79.81', 'D05', 'D24', 'D48.6', 'D49.3'] },
  { site: 'liver', codes: ['C22.9', 'C78.7', 'D01.5', 'D13.4', 'D37.6', 'D49.0'] },
  { site: 'bone', codes: ['C41.9', 'C79.51', '', 'D16.9', 'D48.0', 'D49.2'] },
]);
const kb = Object.assign(Object.create(base.kb) as object, { sideTable: (name: string) => (name === SIDE_TABLES.neoplasmSites ? sites : undefined) });
const resources: EngineResources = { kb: kb as EngineResources['kb'], artifacts: base.artifacts };

function cancers(text: string): Record<string, any>[] {
  return (runClinicalFlow(text, [cancerAnnotator], {}, resources).get('IcaCancerDiagnosisInd') ?? []) as Record<string, any>[];
}

describe('cancer', () => {
  test('histology with its site after a preposition: span, morphology, behaviour, ICD-10-CM from the neoplasm table, stage', () => {
    const [c, ...rest] = cancers('Biopsy confirmed adenocarcinoma of the left lung, stage IIIA.');
    assert.equal(rest.length, 0);
    assert.equal(c!.type, 'aci.IcaCancerDiagnosisInd');
    assert.equal(c!.coveredText, 'adenocarcinoma of the left lung');
    assert.equal(c!.modality, 'positive');
    assert.deepEqual(
      { ...c!.cancer[0], begin: undefined, end: undefined },
      { type: 'aci.Cancer', begin: undefined, end: undefined, coveredText: 'adenocarcinoma of the left lung', cancerSurfaceForm: 'adenocarcinoma', cancerNormalizedName: 'adenocarcinoma', icd10Code: 'C34.9', morphologyCode: '8140/3', behavior: '3', behaviorSource: 'icd-o' },
    );
    assert.deepEqual(c!.site.map((s: any) => [s.coveredText, s.siteNormalizedName]), [['left lung', 'lung']]);
    assert.deepEqual(c!.CancerStage.map((s: any) => s.stageValue), ['IIIA']);
  });

  test('behaviour: in situ 2, benign 0, metastases 6 with the secondary code, metastatic primary with both codes', () => {
    assert.equal(cancers('Ductal carcinoma in situ of the right breast.')[0]!.cancer[0].behavior, '2');
    assert.equal(cancers('Ductal carcinoma in situ of the right breast.')[0]!.cancer[0].icd10Code, 'D05');
    assert.equal(cancers('A tubular adenoma was removed.')[0]!.cancer[0].behavior, '0');
    const liver = cancers('Liver metastases on CT.')[0]!;
    assert.deepEqual([liver.coveredText, liver.cancer[0].behavior, liver.cancer[0].icd10Code], ['Liver metastases', '6', 'C78.7']);
    const mbc = cancers('Metastatic breast cancer to the bone.')[0]!;
    assert.deepEqual([mbc.cancer[0].behavior, mbc.cancer[0].icd10Code], ['6', 'C50.9,C79.51']);
  });

  test('a histology with its own code (lymphoma), grade words, and the unspecified site', () => {
    const [dlbcl] = cancers('Diffuse large B-cell lymphoma, poorly differentiated.');
    assert.equal(dlbcl!.cancer[0].icd10Code, 'C83.30');
    assert.deepEqual(dlbcl!.CancerGrade.map((g: any) => g.gradeValue), ['3']);
    assert.equal(cancers('History of cancer.')[0]!.cancer[0].icd10Code, 'C80.1');
  });

  test('negated by context; screening and tumor markers are not diagnoses; a tumor needs a site', () => {
    assert.equal(cancers('No evidence of malignancy.')[0]!.modality, 'negative');
    assert.deepEqual(cancers('Cancer screening was discussed. Tumor markers were sent. The tumor board met.'), []);
    assert.equal(cancers('A lung tumor was seen.')[0]!.coveredText, 'lung tumor');
  });

  test('without a neoplasm side table in the knowledge base there are no codes, the rest is found', () => {
    const [c] = runClinicalFlow('Adenocarcinoma of the lung.', [cancerAnnotator]).get('IcaCancerDiagnosisInd') as Record<string, any>[];
    assert.equal(c!.cancer[0].icd10Code, undefined);
    assert.equal(c!.cancer[0].morphologyCode, '8140/3');
  });
});
