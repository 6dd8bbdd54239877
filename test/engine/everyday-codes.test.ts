// Issue 18's list of everyday conditions and symptoms, checked against the knowledge base `npm test` prepares
// (.cache/kb, the default open build) through concept_detection with `medical_codes`: the ICD-10-CM code a coder
// gives the plain mention (billable, the unspecified code where the words say no more), no codes of siblings,
// congenital or COVID variants, and no CUI of an ICD-9 code's own concept.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { compileConceptDetection, detectConcepts, type ConceptDetectionCompiled } from '../../src/engine/annotators/concept-detection/concept-detection.js';
import { conceptDetectionParams, type ConceptDetectionParams } from '../../src/engine/annotators/concept-detection/params.js';
import { createDocument } from '../../src/engine/create-document.js';
import type { Annotation } from '../../src/engine/document.js';
import { parseAnnotatorParams } from '../../src/engine/params.js';
import { NO_ARTIFACTS } from '../../src/engine/resources.js';
import { isBillable, readTabular, type Icd10Tabular } from '../../src/knowledge/builders/icd10cm-index.js';
import { defaultMirrorDir } from '../../src/knowledge/fetch-sources.js';
import { checkKnowledgeBase, loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { REPOSITORY_ROOT } from '../../src/repository-root.js';

const KB_DIR = join(REPOSITORY_ROOT, '.cache/kb');
const MIRROR = defaultMirrorDir();
const skip = (await checkKnowledgeBase(KB_DIR)).state !== 'ok' ? 'no knowledge base in .cache/kb (npm test prepares it)'
  : MIRROR === undefined ? 'no vocabulary mirror (the ICD-10-CM tabular list)' : false;

/** Mention → the one ICD-10-CM code its concept must carry. */
const EXPECTED: readonly (readonly [string, string])[] = [
  ['atrial fibrillation', 'I48.91'],
  ['diabetes', 'E11.9'],
  ['diabetes mellitus', 'E11.9'],
  ['chronic kidney disease stage 3', 'N18.30'],
  ['hypercholesterolemia', 'E78.00'],
  ['dyslipidemia', 'E78.5'],
  ['allergic rhinitis', 'J30.9'],
  ['peripheral vascular disease', 'I73.9'],
  ['peripheral neuropathy', 'G62.9'],
  ['morbid obesity', 'E66.01'],
  ['deep vein thrombosis', 'I82.409'],
  ['DVT', 'I82.409'],
  ['mitral valve prolapse', 'I34.1'],
  ['SVT', 'I47.10'],
  ['sepsis', 'A41.9'],
  ['tobacco use disorder', 'F17.200'],
  ['chest pain', 'R07.9'],
  ['dyspnea', 'R06.00'],
  ['fatigue', 'R53.83'],
  ['headache', 'R51.9'],
  ['dysphagia', 'R13.10'],
  ['back pain', 'M54.9'],
  ['knee pain', 'M25.569'],
  ['hypertension', 'I10'],
  ['mitral regurgitation', 'I34.0'],
  ['lung cancer', 'C34.90'],
  ['nausea', 'R11.0'],
  ['nausea and vomiting', 'R11.2'],
  ['diabetic neuropathy', 'E11.40'],
  ['muscle weakness', 'M62.81'],
];

describe('everyday conditions and symptoms: ICD-10-CM codes and CUIs (issue 18)', { skip }, () => {
  let compiled: ConceptDetectionCompiled;
  let params: ConceptDetectionParams;
  let tabular: Icd10Tabular;
  before(async () => {
    const kb = await loadKnowledgeBase(KB_DIR);
    compiled = compileConceptDetection({ kb, artifacts: NO_ARTIFACTS });
    params = parseAnnotatorParams('concept_detection', conceptDetectionParams, { include_optional_fields: ['medical_codes'] }).params;
    tabular = readTabular(MIRROR!);
  });
  /** The concepts on exactly the mention in "The patient has <mention>." */
  const on = (mention: string): Annotation[] => {
    const text = `The patient has ${mention}.`;
    const begin = text.indexOf(mention);
    return detectConcepts(createDocument(text), params, compiled, NO_ARTIFACTS).filter((a) => a.begin === begin && a.end === begin + mention.length);
  };
  const codes = (a: Annotation): string[] => (typeof a.icd10Code === 'string' && a.icd10Code !== '' ? a.icd10Code.split(',') : []);

  test('each mention gets exactly its billable code', () => {
    const wrong: string[] = [];
    for (const [mention, code] of EXPECTED) {
      const found = on(mention);
      const got = found.map((a) => codes(a).join(',')).join(' / ');
      if (found.length === 0 || !found.every((a) => codes(a).length === 1 && codes(a)[0] === code)) wrong.push(`${mention}: expected ${code}, got ${got === '' ? '(nothing)' : got}`);
      for (const a of found) for (const c of codes(a)) if (!isBillable(tabular, c)) wrong.push(`${mention}: ${c} is not billable`);
    }
    assert.deepEqual(wrong, []);
  });

  test('no sibling, secondary, congenital or COVID variants', () => {
    assert.ok(!on('hypertension').some((a) => codes(a).some((c) => c.startsWith('I15'))));
    assert.ok(!on('mitral regurgitation').some((a) => codes(a).includes('Q23.3')));
    assert.ok(!on('lung cancer').some((a) => codes(a).some((c) => /^C34\.[123]/.test(c))));
    const heartFailure = on('acute heart failure');
    assert.ok(!heartFailure.some((a) => /covid/i.test(String(a.preferredName))), heartFailure.map((a) => String(a.preferredName)).join(', '));
  });

  test('symptoms carry their own CUI, not the CUI of an ICD-9 code', () => {
    assert.deepEqual(on('nausea').map((a) => a.cui), ['C0027497']);
    assert.deepEqual(on('vomiting').map((a) => a.cui), ['C0042963']);
    assert.deepEqual(on('fatigue').map((a) => a.cui), ['C0015672']);
    assert.deepEqual(on('dyspnea').map((a) => a.cui), ['C0013404']);
  });
});
