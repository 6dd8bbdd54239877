// The mention rules (resources/disambiguation/mention-rules.json) on real Documents: figure references, analytes
// measured, scores, enzyme names, common words and foods, and the validation of the rules file.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createDocument } from '../create-document.js';
import { defaultMentionRules, validateMentionRules } from './mention-rules.js';
import { drugMentionVerdict, figureReferenceSpans, tokenSpan } from './mention-verdict.js';
import rulesBody from '../../../resources/disambiguation/mention-rules.json' with { type: 'json' };

const rules = defaultMentionRules();

/** The verdict on the first occurrence of `word` in `text` (`preferredName` as the knowledge base names it). */
function verdictOf(text: string, word: string, preferredName = word): string | undefined {
  const doc = createDocument(text);
  const begin = text.indexOf(word);
  assert.ok(begin >= 0, `"${word}" is in "${text}"`);
  const [start, end] = tokenSpan(doc, begin, begin + word.length);
  const v = drugMentionVerdict(doc, rules, start, end, preferredName);
  return v === undefined ? undefined : v.kind === 'substance' ? `substance:${v.semanticType}` : v.kind;
}

function figureTexts(text: string): string[] {
  const doc = createDocument(text);
  const spans = figureReferenceSpans(doc, rules);
  const out: string[] = [];
  for (let k = 0; k < spans.length; k += 2) out.push(text.slice(spans[k], spans[k + 1]));
  return out;
}

describe('mention rules: figure and table references', () => {
  test('Fig. 2, Figure 3B, Table 1, (Figs. 1a-c), Supplementary Fig. S3, Table II are references', () => {
    assert.deepEqual(figureTexts('Biopsy (Fig. 2) and CT (Figure 3B); see Table 1 and (Figs. 1a-c), Supplementary Fig. S3, Table II.'), [
      'Fig. 2', 'Figure 3B', 'Table 1', 'Figs. 1a-c', 'Fig. S3', 'Table II',
    ]);
  });
  test('a figure word without a label is no reference; a fig inside one is no drug', () => {
    assert.deepEqual(figureTexts('She ate a fig at the table.'), []);
    assert.equal(verdictOf('The mass is shown in Fig. 2.', 'Fig'), 'figure');
  });
});

describe('mention rules: analytes measured are not drugs given', () => {
  test('a value without a dose unit, a concentration, a result word or a specimen word makes a lab context', () => {
    assert.equal(verdictOf('Creatinine 1.2 mg/dL on admission.', 'Creatinine'), 'lab');
    assert.equal(verdictOf('Hemoglobin was 9.1 g/dL.', 'Hemoglobin'), 'lab');
    assert.equal(verdictOf('Labs: sodium 138, potassium 4.1.', 'potassium'), 'lab');
    assert.equal(verdictOf('Lactate was elevated.', 'Lactate'), 'lab');
    assert.equal(verdictOf('Her serum creatinine rose.', 'creatinine'), 'lab');
    assert.equal(verdictOf('Levels of cortisol were checked.', 'cortisol'), 'lab');
  });
  test('a comparator or a reference limit before or after the value makes a lab context; a dose stays a dose', () => {
    assert.equal(verdictOf('total bilirubin <1.5 X ULN', 'bilirubin'), 'lab');
    assert.equal(verdictOf('Bilirubin less than 1.5x upper limit of normal', 'Bilirubin'), 'lab');
    assert.equal(verdictOf('creatinine ≤ 2 times the upper limit of normal', 'creatinine'), 'lab');
    assert.equal(verdictOf('total bilirubin less than 30 micromoles per liter', 'bilirubin'), 'lab');
    assert.equal(verdictOf('aspirin more than 325 mg daily', 'aspirin'), undefined);
    assert.equal(verdictOf('prednisone 10 mg lower dose', 'prednisone'), undefined);
  });
  test('positive or negative for a substance, and an antibody named by its target, are test results', () => {
    assert.equal(verdictOf('Urine screen positive for cocaine.', 'cocaine'), 'lab');
    // Antibodies are drugs only with a dose, a route or a word of giving near them (commonWordDrugs).
    assert.equal(verdictOf('Negative for HBsAg and for antibodies to HCV.', 'antibodies'), 'common-word');
    assert.equal(verdictOf('Anti-phospholipid antibodies were positive.', 'antibodies'), 'common-word');
    assert.equal(verdictOf('He received antibodies for 3 days.', 'antibodies'), undefined);
  });
  test('lab lists: a comma, a list joint and one more item, a short form in parentheses', () => {
    assert.equal(verdictOf('hemoglobin, 8.6 g/dL (12-16 g/dL)', 'hemoglobin'), 'lab');
    assert.equal(verdictOf('CSF glucose and protein levels <20 mg/dL', 'glucose'), 'lab');
    assert.equal(verdictOf('anemia (hemoglobin (Hb): 10.9 g/dl)', 'hemoglobin'), 'lab');
    assert.equal(verdictOf('aspirin and clopidogrel 75 mg daily', 'aspirin'), undefined);
    assert.equal(verdictOf('aspirin and heparin were given', 'aspirin'), undefined);
    assert.equal(verdictOf('vancomycin, piperacillin and cefepime 2 g', 'vancomycin'), undefined);
  });
  test('names that start with a number and counts followed by a word decide nothing; a drug class is no score', () => {
    assert.equal(verdictOf('treated with oxaliplatin, 5-fluorouracil and leucovorin', 'oxaliplatin'), undefined);
    assert.equal(verdictOf('prednisone and mesalamine (5-ASA) were given', 'mesalamine'), undefined);
    assert.equal(verdictOf('patients on methylphenidate and 2 on dextroamphetamine', 'methylphenidate'), undefined);
    assert.equal(verdictOf('therapy without indapamide, glucose levels decreased', 'indapamide'), undefined);
    assert.equal(verdictOf('the sulfonamide class of antibiotics', 'sulfonamide'), undefined);
  });
  test('a dose (with ranges, fractions, per-kg and per-interval units) keeps the drug', () => {
    assert.equal(verdictOf('Aspirin 81 mg daily.', 'Aspirin'), undefined);
    assert.equal(verdictOf('He was given prednisolone 1 mg/kg.', 'prednisolone'), undefined);
    assert.equal(verdictOf('Doxorubicin > 500 mg/m^2 in total.', 'Doxorubicin'), undefined);
    assert.equal(verdictOf('escitalopram (10 - 20mg/d) daily', 'escitalopram'), undefined);
    assert.equal(verdictOf('amoxicillin 500 mg/8 h', 'amoxicillin'), undefined);
    assert.equal(verdictOf('acetaminophen 1 1/2 tabs', 'acetaminophen'), undefined);
    assert.equal(verdictOf('methotrexate at high dose', 'methotrexate'), undefined);
  });
  test('a list number or a percentage decides nothing; `within` a time is no result', () => {
    assert.equal(verdictOf('hypersensitivity to NSAIDs or aspirin 2) active ulcer', 'aspirin'), undefined);
    assert.equal(verdictOf('lidocaine 1% was infiltrated', 'lidocaine'), undefined);
    assert.equal(verdictOf('Treatment with ticagrelor within 48 hours.', 'ticagrelor'), undefined);
  });
});

describe('mention rules: scores, enzyme names, common words and substances', () => {
  test('a name followed by a score word or a roman numeral (in capitals) is a score', () => {
    assert.equal(verdictOf('ASA physical status II, elective surgery.', 'ASA'), 'score');
    assert.equal(verdictOf('ASA III patients were excluded.', 'ASA'), 'score');
    assert.equal(verdictOf('He takes ASA 81 mg daily.', 'ASA'), undefined);
  });
  test('a substance before an enzyme or receptor word names that, unless a drug-class word follows', () => {
    assert.equal(verdictOf('alanine aminotransferase 54 U/L', 'alanine'), 'modifier');
    assert.equal(verdictOf('mineralocorticoid receptor antagonists were stopped', 'mineralocorticoid'), undefined);
  });
  test('a common-word drug name needs drug context', () => {
    assert.equal(verdictOf('She likes dried fig with breakfast.', 'fig'), 'substance:food');
    assert.equal(verdictOf('The thyroid was enlarged on palpation.', 'thyroid'), 'common-word');
    assert.equal(verdictOf('Thyroid 60 mg orally daily.', 'Thyroid'), undefined);
  });
  test('foods, water, tobacco and allergenic extracts named by their source are substances, not drugs', () => {
    assert.equal(verdictOf('He drinks water and coffee.', 'water'), 'substance:sbst');
    assert.equal(verdictOf('She smokes tobacco daily.', 'tobacco', 'tobacco leaf allergenic extract'), 'substance:sbst');
    assert.equal(verdictOf('Allergic to peanuts and shellfish.', 'peanuts', 'peanut allergenic extract'), 'substance:food');
    assert.equal(verdictOf('Allergic to cats.', 'cats', 'cat hair allergenic extract'), 'substance:sbst');
    assert.equal(verdictOf('Exposure to ragweed.', 'ragweed', 'short ragweed pollen allergenic extract'), 'substance:sbst');
    assert.equal(verdictOf('Peanut allergenic extract injections weekly.', 'Peanut', 'peanut allergenic extract'), undefined);
  });
});

describe('mention rules: the rules file', () => {
  test('the shipped file is valid', () => {
    assert.deepEqual(validateMentionRules(rulesBody).issues, []);
  });
  test('unknown keys, missing lists, upper case and duplicates are named', () => {
    const { issues } = validateMentionRules({ ...rulesBody, figureWords: ['Fig', 'fig', 'fig'], extra: 1, scoreWords: [] }, 'rules.json');
    const paths = issues.map((i) => `${i.path}: ${i.message}`);
    assert.ok(paths.includes('rules.json: extra: unknown key'));
    assert.ok(paths.includes('rules.json: scoreWords: must be a non-empty list of strings'));
    assert.ok(paths.includes('rules.json: figureWords[0]: must be a non-empty lower-case string'));
    assert.ok(paths.includes('rules.json: figureWords[2]: duplicate term "fig"'));
  });
});

describe('mention rules: drugs tested, qualifying or named by a test are not drugs given', () => {
  test('a drug after `resistant to` / `susceptible to`, and the later items of its list, is tested against a microbe', () => {
    const text = 'The isolate was sensitive to penicillin (MIC = 0.03), ceftriaxone, and vancomycin but resistant to tetracycline and clindamycin.';
    for (const drug of ['penicillin', 'ceftriaxone', 'vancomycin', 'tetracycline', 'clindamycin']) assert.equal(verdictOf(text, drug), 'lab', drug);
    assert.equal(verdictOf('Susceptible to minocycline, rifampin, and vancomycin.', 'rifampin'), 'lab');
  });
  test('a clause word ends the list: a drug given after a resistance stays a drug', () => {
    assert.equal(verdictOf('The tumor was resistant to chemotherapy and was treated with imatinib.', 'imatinib'), undefined);
    assert.equal(verdictOf('Given her allergy to penicillin, she received clindamycin.', 'penicillin'), undefined);
    assert.equal(verdictOf('He was started on vancomycin.', 'vancomycin'), undefined);
  });
  test('a drug joined by a hyphen to a qualifier names a microbe, a disease or an interval', () => {
    assert.equal(verdictOf('Colonized with methicillin-resistant S. aureus.', 'methicillin'), 'modifier');
    assert.equal(verdictOf('History of insulin-dependent diabetes.', 'insulin'), 'modifier');
    assert.equal(verdictOf('A platinum-free interval of 6 months.', 'platinum'), 'modifier');
    assert.equal(verdictOf('Steroid-induced hyperglycemia.', 'Steroid'), undefined);
  });
  test('a drug before an effect word or a problem with it qualifies that noun', () => {
    assert.equal(verdictOf('The anticoagulant effect of warfarin.', 'anticoagulant'), 'modifier');
    assert.equal(verdictOf('Used for its antioxidant properties.', 'antioxidant'), 'modifier');
    assert.equal(verdictOf('Patients on an anticoagulant.', 'anticoagulant'), undefined);
    assert.equal(verdictOf('Aspirin use within 7 days.', 'Aspirin'), undefined);
  });
  test('a tracer or stain before an imaging or staining word names the procedure', () => {
    assert.equal(verdictOf('An 18F-fluorodeoxyglucose PET scan showed uptake.', 'fluorodeoxyglucose'), 'modifier');
    assert.equal(verdictOf('Collagen/epinephrine closure time was prolonged.', 'epinephrine'), 'modifier');
  });
  test('a drug before a test head names the test', () => {
    assert.equal(verdictOf('Urine drug screen was negative.', 'drug'), 'lab');
    assert.equal(verdictOf('Anti-insulin antibodies were absent.', 'insulin'), 'modifier');
  });
  test('a short form in brackets or with a hyphen before a score word is the score', () => {
    assert.equal(verdictOf('American Society of Anesthesiologists (ASA) physical status III.', 'ASA', 'aspirin'), 'score');
    assert.equal(verdictOf('ASA-PS > 3.', 'ASA', 'aspirin'), 'score');
    assert.equal(verdictOf('ASA physical state > II.', 'ASA', 'aspirin'), 'score');
  });
});
