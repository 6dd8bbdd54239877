import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { createDocument } from '../../create-document.js';
import type { Annotation } from '../../document.js';
import type { RunContext } from '../../annotator.js';
import { annotateSections, compileBuiltInSections, sectionAnnotator, sectionAt, sectionParams, type SectionParams } from './section.js';
import { validateSectionTitles } from './section-titles.js';

const compiled = compileBuiltInSections();
const defaults = Value.Default(sectionParams, {}) as SectionParams;

// A visit note in the style of ACI-Bench (written for this test).
const NOTE = [
  'CHIEF COMPLAINT',
  '',
  'Right knee pain.',
  '',
  'HISTORY OF PRESENT ILLNESS',
  '',
  'Ms. Rivera is a 54-year-old woman who presents with right knee pain for three weeks after a fall.',
  'She denies fever or chills. Plan was discussed with her daughter.',
  '',
  'Past Medical History: Type 2 diabetes, hypertension.',
  'Medications: metformin 500 mg twice daily.',
  'Allergies: NKDA.',
  'Family history:',
  'Mother with rheumatoid arthritis.',
  '',
  'REVIEW OF SYSTEMS',
  '',
  '• Musculoskeletal: Endorses right knee pain.',
  '',
  'PHYSICAL EXAMINATION',
  '',
  'Right knee: mild effusion, no erythema.',
  '',
  'RESULTS',
  '',
  'X-ray of the right knee shows no fracture.',
  '',
  'ASSESSMENT AND PLAN',
  '',
  'Right knee sprain. We will start physical therapy.',
].join('\n');

function sections(text: string, params: Partial<SectionParams> = {}, configurations: RunContext['configurations'] = []): Annotation[] {
  return [...(annotateSections(createDocument(text), compiled, { ...defaults, ...params }, configurations).add?.sections ?? [])];
}

function names(list: readonly Annotation[]): string[] {
  return list.map((s) => (s.trigger as { sectionNormalizedName: string }).sectionNormalizedName);
}

describe('section annotator', () => {
  test('reproduces the ACD sample: "Family history:\\nMaternal diabetes."', () => {
    const [section, ...rest] = sections('Family history:\nMaternal diabetes.');
    assert.equal(rest.length, 0);
    assert.deepEqual(section, {
      type: 'aci.Section',
      begin: 0,
      end: 34,
      trigger: { type: 'aci.SectionTrigger', begin: 0, end: 14, coveredText: 'Family history', source: 'internal', sectionNormalizedName: 'family history' },
      annotator: 'section',
      ruleId: 'family history',
    });
  });

  test('finds every header of a realistic note, in capitals, title case and sentence case with a colon', () => {
    const found = sections(NOTE);
    assert.deepEqual(names(found), [
      'chief complaint', 'history of present illness', 'past medical history', 'medications', 'allergies',
      'family history', 'review of systems', 'physical exam', 'results', 'assessment and plan',
    ]);
    // sections tile the note from header to header
    for (let i = 0; i + 1 < found.length; i++) assert.ok((found[i] as Annotation).end <= (found[i + 1] as Annotation).begin);
    const last = found[found.length - 1] as Annotation;
    assert.equal(last.end, NOTE.length);
    // "Plan was discussed" inside a sentence and "Right knee:" are not headers
    assert.ok(!names(found).includes('plan'));
    const hpi = found[1] as Annotation;
    assert.equal(NOTE.slice(hpi.begin, hpi.end).endsWith('her daughter.'), true);
  });

  test('coveredText only with include_covered_text', () => {
    const [plain] = sections('HPI: cough for two days.');
    assert.equal(plain?.coveredText, undefined);
    const [covered] = sections('HPI: cough for two days.', { include_covered_text: true });
    assert.equal(covered?.coveredText, 'HPI: cough for two days.');
  });

  test('abbreviated headers (HPI, PMH, ROS, A/P)', () => {
    const text = 'HPI: cough.\nPMH: asthma.\nROS: negative.\nA/P: bronchitis, supportive care.';
    assert.deepEqual(names(sections(text)), ['history of present illness', 'past medical history', 'review of systems', 'assessment and plan']);
  });

  test('a title inside a line needs sections_can_start_anywhere', () => {
    const text = 'Seen today for cough. PLAN: rest and fluids. Impression: viral bronchitis.';
    assert.deepEqual(names(sections(text)), []);
    assert.deepEqual(names(sections(text, { sections_can_start_anywhere: true })), ['plan', 'impression']);
  });

  test('a known title in lower case without a colon is body text', () => {
    assert.deepEqual(names(sections('history\nof a fall last year')), []);
  });

  test('turn_off_internal_triggers keeps only whitelist titles', () => {
    const configurations = [{ whitelist: { name: 'custom_titles', entries: [{ surfaceForms: ['Interval events'], features: { normalizedName: 'interval history' } }] } }];
    const text = 'HPI: cough.\nInterval events: none.';
    const custom = sections(text, { turn_off_internal_triggers: true }, configurations);
    assert.deepEqual(names(custom), ['interval history']);
    assert.equal((custom[0]?.trigger as { source: string }).source, 'custom_titles');
    assert.deepEqual(names(sections(text, {}, configurations)), ['history of present illness', 'interval history']);
    assert.deepEqual(sections(text, { turn_off_internal_triggers: true }), []);
  });

  test('sectionAt finds the section of an offset', () => {
    const found = sections(NOTE);
    const offset = NOTE.indexOf('metformin');
    assert.equal((sectionAt(found, offset)?.trigger as { sectionNormalizedName: string }).sectionNormalizedName, 'medications');
    assert.equal(sectionAt(found, -1), undefined);
  });

  test('is registered with its ACD parameters and defaults', () => {
    assert.equal(sectionAnnotator.id, 'section');
    assert.deepEqual(Object.keys(sectionParams.properties).sort(), ['add_break_for_sections', 'include_covered_text', 'library', 'sections_can_start_anywhere', 'turn_off_internal_triggers']);
    assert.equal(defaults.sections_can_start_anywhere, false);
  });
});

describe('section title lexicon validation', () => {
  const FILE = 'resources/sections/test.json';
  test('the built-in lexicon validates', () => {
    assert.ok(compiled.lexicon.sections.length >= 30);
  });

  test('issues name the file and the section', () => {
    const { lexicon, issues } = validateSectionTitles({
      kind: 'section-titles',
      version: '1',
      language: 'en',
      sections: [
        { id: 'hpi', name: 'history of present illness', titles: ['HPI'] },
        { id: 'hpi', name: 'History', titles: [], extra: true },
        { id: 'pmh', name: 'past medical history', titles: ['hpi'] },
      ],
    }, FILE);
    assert.equal(lexicon, undefined);
    const paths = issues.map((i) => i.path);
    assert.ok(paths.includes(`${FILE}: sections[1] (section "hpi").id`), paths.join(' | '));
    assert.ok(paths.includes(`${FILE}: sections[1] (section "hpi").name`));
    assert.ok(paths.includes(`${FILE}: sections[1] (section "hpi").titles`));
    assert.ok(paths.includes(`${FILE}: sections[1] (section "hpi").extra`));
    assert.ok(issues.some((i) => i.path === `${FILE}: sections[2] (section "pmh").titles` && i.message.includes('"hpi"')));
  });
});
