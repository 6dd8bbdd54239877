import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../../create-document.js';
import { runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import { compileDateRecognizer, dateMilliseconds, findDates, NO_DATE_MS, sentenceDateFields } from './date-recognizer.js';
import { procedureAnnotator } from './index.js';
import { compileWordEndings, hasProcedureEnding } from './detect-procedures.js';
import { compileProcedurePhrases } from './procedure-phrases.js';
import { DomainError } from '../../../errors.js';

function procedures(text: string, params: Record<string, readonly string[]> = {}) {
  return runClinicalFlow(text, [procedureAnnotator], { procedure: params }).get('ProcedureInd') ?? [];
}

const recognizer = compileDateRecognizer();
function dates(text: string) {
  const doc = createDocument(text);
  return findDates(text, doc.tokens, 0, doc.tokens.length, recognizer);
}

describe('procedure', () => {
  test('reference example: "She started chemotherapy April 8th." (year from reference_date)', () => {
    const found = procedures('She started chemotherapy April 8th.', { reference_date: ['2022-11-21'] });
    assert.deepEqual(found, [{
      type: 'aci.ProcedureInd',
      begin: 12,
      end: 24,
      coveredText: 'chemotherapy',
      procedureSurfaceForm: 'chemotherapy',
      procedureNormalizedName: 'chemotherapy',
      cui: 'C3665472',
      snomedConceptId: '367336001',
      date: 'April 8th',
      dateSource: 'sentence',
      dateInMilliseconds: '1649376000000',
    }]);
  });

  test('without a reference date a yearless date keeps the placeholder milliseconds', () => {
    const [p] = procedures('She started chemotherapy April 8th.');
    assert.equal(p?.date, 'April 8th');
    assert.equal(p?.dateInMilliseconds, NO_DATE_MS);
  });

  test('approach and side words join the span unless annotate_trigger_only', () => {
    const text = 'S/p laparoscopic cholecystectomy in 2019 and a colonoscopy.';
    const found = procedures(text);
    assert.deepEqual(found.map((p) => [p.coveredText, p.procedureSurfaceForm, p.date ?? null]), [
      ['laparoscopic cholecystectomy', 'cholecystectomy', '2019'],
      ['colonoscopy', 'colonoscopy', '2019'],
    ]);
    assert.equal(found[0]?.dateInMilliseconds, String(Date.UTC(2019, 0, 1)));
    const trigger = procedures(text, { annotate_trigger_only: ['true'] });
    assert.equal(trigger[0]?.coveredText, 'cholecystectomy');
    assert.equal(trigger[0]?.begin, text.indexOf('cholecystectomy'));
  });

  test('acronym forms match only in capitals: "pt" is not physical therapy', () => {
    assert.deepEqual(procedures('The pt was seen.'), []);
    assert.deepEqual(procedures('Referred to PT and had a CT scan.').map((p) => p.procedureNormalizedName), ['physical therapy', 'computed tomography']);
  });

  test('words with a procedure ending are procedures; everyday words with those endings are not', () => {
    assert.deepEqual(procedures('History of a prior lobectomy, two laminectomies and a myelogram; started on CPAP.').map((p) => [p.coveredText, p.procedureNormalizedName]), [
      ['lobectomy', 'lobectomy'], ['laminectomies', 'laminectomies'], ['myelogram', 'myelogram'], ['CPAP', 'continuous positive airway pressure'],
    ]);
    assert.deepEqual(procedures('Right total knee arthroplasty; left kyphoplasty.').map((p) => p.coveredText), ['Right total knee arthroplasty', 'left kyphoplasty']);
    assert.deepEqual(procedures('The exercise program, a diagram and photography; a false dichotomy; 5 kilograms.'), []);
  });

  test('the word-endings file is validated: closed keys, endings of 4+ letters', () => {
    const endings = compileWordEndings();
    assert.ok(hasProcedureEnding('thyroidectomy', endings) && !hasProcedureEnding('ectomy', endings) && !hasProcedureEnding('program', endings));
    const bad = (entries: unknown[]) => () => compileWordEndings({ kind: 'procedure-word-endings', version: '1', language: 'en', entries }, 'x.json');
    assert.throws(bad([{ id: 'a', endings: ['omy'] }]), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_RESOURCE_FILE' && e.description.includes('x.json'));
    assert.throws(bad([{ id: 'a', endings: ['ectomy'], suffix: 'x' }]), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_RESOURCE_FILE');
  });

  test('knowledge-base concepts of procedure types are reported too; lab tests (lbpr) only when asked for', () => {
    // A lab test is reported by lab_value with its value, not as a procedure done.
    assert.deepEqual(procedures('Blood glucose was checked.'), []);
    const [p] = procedures('Blood glucose was checked.', { semantic_types: ['topp', 'diap', 'lbpr'] });
    assert.equal(p?.cui, 'C0392201');
    assert.equal(p?.procedureNormalizedName, 'blood glucose measurement');
  });

  test('general procedure words: a head with its qualifiers, bare heads, participles after an auxiliary, adverbs', () => {
    const covered = (text: string): string[] => procedures(text).map((p) => p.coveredText as string);
    assert.deepEqual(covered('Pathological examination and blood cultures were done; antiviral therapy and anti-VEGF treatment followed.'),
      ['Pathological examination', 'blood cultures', 'antiviral therapy', 'anti-VEGF treatment']);
    // a qualifier is needed for `therapy`, not for `examination`; `additional` says nothing of the kind
    assert.deepEqual(covered('On examination she was well. Additional therapy was refused.'), ['examination']);
    assert.deepEqual(covered('He was extubated on day 3 and the tumor was histologically confirmed. The resected specimen.'), ['extubated', 'histologically']);
    assert.deepEqual(covered('Three TACE procedures were performed.'), ['TACE procedures']);
    // a procedure defined with a short form: the short form is that procedure, there and later
    const defined = procedures('She had a laparoscopic cholecystectomy (LC) in May. After LC she recovered.');
    assert.deepEqual(defined.map((p) => [p.coveredText, p.procedureNormalizedName]), [
      ['laparoscopic cholecystectomy', 'cholecystectomy'], ['LC', 'cholecystectomy'], ['LC', 'cholecystectomy'],
    ]);
  });

  test('tests of a specimen are lab tests, not procedures; a procedure word before a place word names the place', () => {
    const covered = (text: string): string[] => procedures(text).map((p) => p.coveredText as string);
    assert.deepEqual(covered('Laboratory tests showed anemia. A urine pregnancy test was negative.'), ['Laboratory tests']);
    assert.deepEqual(covered('She was referred to the cardiac surgery department and admitted to the intensive care unit.'), []);
    assert.deepEqual(covered('Cardiac surgery was performed.'), ['Cardiac surgery']);
    assert.deepEqual(covered('Infection at the injection site or the puncture sites.'), []);
    assert.deepEqual(covered('An MRI conditional pacemaker. Any other drug under investigation.'), []);
    // a label at the start of a line names what follows
    assert.deepEqual(covered('Depression.\n• Medical Treatment: He will continue Prozac.\nSurgical treatment: none.'), []);
  });

  test('a treatment for a named condition: "treatment for", "treated for"; not a bare treatment, nor one treated with', () => {
    const covered = (text: string): string[] => procedures(text).map((p) => p.coveredText as string);
    assert.deepEqual(covered('Prior treatment for latent tuberculosis. She was treated for hypertension.'), ['treatment', 'treated']);
    assert.deepEqual(covered('Prior treatment with gefitinib. Diabetes treated with diet. The treatment was stopped.'), []);
    const heads = compileProcedurePhrases().heads;
    assert.equal(heads.get('treated')?.qualifiable, false);
    assert.deepEqual([...heads.get('treatment')?.followedBy ?? []], ['for']);
  });

  test('procedure nouns that name an act on their own (transplantation, excision, reconstruction, ablation); placement needs a qualifier', () => {
    const covered = (text: string): string[] => procedures(text).map((p) => [p.coveredText as string, p.procedureNormalizedName as string].join('='));
    assert.deepEqual(covered('After transplantation, excision and reconstruction, stenting followed. The placement was difficult.'),
      ['transplantation=transplantation', 'excision=removal', 'reconstruction=repair', 'stenting=stenting']);
  });

  test('an adjective naming a diagnostic modality is a procedure when no head follows it; plural x-rays', () => {
    const covered = (text: string): string[] => procedures(text).map((p) => p.coveredText as string);
    assert.deepEqual(covered('Documented radiographic progression. Radiographic examination was normal.'), ['radiographic', 'Radiographic examination']);
    assert.deepEqual(covered('X-rays of the chest were clear. A pathological fracture.'), ['X-rays']);
  });

  test('the procedure-heads file is validated: roles, one-word forms, no word both a qualifier and not one', () => {
    const bad = (entries: unknown[]) => () => compileProcedurePhrases({ kind: 'procedure-heads', version: '1', language: 'en', entries }, 'h.json');
    const coded = (e: unknown): boolean => e instanceof DomainError && e.kind === 'INVALID_RESOURCE_FILE' && e.description.includes('h.json');
    assert.throws(bad([{ id: 'a', role: 'head', forms: ['therapy'] }]), coded);
    assert.throws(bad([{ id: 'a', role: 'chief', forms: ['therapy'] }]), coded);
    assert.throws(bad([{ id: 'a', role: 'head', forms: ['treated'], normalized: 'treatment', bare: 'no', qualifiable: 'maybe' }]), coded);
    assert.throws(bad([{ id: 'a', role: 'qualifier', forms: ['work-up'] }]), coded);
    assert.throws(bad([{ id: 'a', role: 'qualifier', forms: ['usual'] }, { id: 'b', role: 'not-qualifier', forms: ['usual'] }]), coded);
    assert.equal(compileProcedurePhrases().heads.get('examination')?.bare, true);
  });
});

describe('date recogniser', () => {
  test('explicit dates, with exact offsets', () => {
    const text = 'Seen 04/08/2022, again on April 8, 2023 and 8 April 2021; surgery in 2019, echo 2020-02-29, Mar 2018.';
    const found = dates(text);
    assert.deepEqual(found.map((d) => d.text), ['04/08/2022', 'April 8, 2023', '8 April 2021', '2019', '2020-02-29', 'Mar 2018']);
    for (const d of found) assert.equal(text.slice(d.begin, d.end), d.text);
    assert.deepEqual(found.map((d) => dateMilliseconds(d)), [
      String(Date.UTC(2022, 3, 8)), String(Date.UTC(2023, 3, 8)), String(Date.UTC(2021, 3, 8)), String(Date.UTC(2019, 0, 1)), String(Date.UTC(2020, 1, 29)), String(Date.UTC(2018, 2, 1)),
    ]);
  });

  test('not dates: lab numbers, ratios, invalid days, lower-case "may", bare numbers', () => {
    assert.deepEqual(dates('BP 120/80, platelets 2019 and 13/45/2020, 02/30/2021. It may 2 days help.').map((d) => d.text), []);
  });
  test('the default recognizer is shared, and a sentence is read once per document', () => {
    assert.equal(compileDateRecognizer(), recognizer);
    const doc = createDocument('Seen in clinic. Colonoscopy on 04/08/2022 was normal.');
    const first = sentenceDateFields(doc, 1, recognizer, undefined);
    assert.deepEqual(first, { date: '04/08/2022', dateSource: 'sentence', dateInMilliseconds: String(Date.UTC(2022, 3, 8)) });
    const found = (doc.derived.get(recognizer) as Map<number, { text: string }[]> | undefined)?.get(1);
    assert.deepEqual(found?.map((d) => d.text), ['04/08/2022']);
    assert.deepEqual(sentenceDateFields(doc, 1, recognizer, 2020, new Map()), first);
    assert.equal((doc.derived.get(recognizer) as Map<number, { text: string }[]> | undefined)?.get(1), found, 'not searched again');
    assert.deepEqual(sentenceDateFields(doc, 0, recognizer, undefined), { dateInMilliseconds: NO_DATE_MS });
  });
});
