// concept_detection on small in-memory knowledge bases compiled from hand-written SourceRecords
// (the reference §5.3 examples), with the real parameter parser, tokenizer and artifact lookups.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { compileKnowledge } from '../../../knowledge/compile.js';
import type { SourceRecord } from '../../../knowledge/builders/source-record.js';
import type { DictionaryBody } from '../../../cartridge/cartridge-model.js';
import { DomainError } from '../../../errors.js';
import { createDocument } from '../../create-document.js';
import { parseAnnotatorParams, type RawParameterValue } from '../../params.js';
import { NO_ARTIFACTS, type ArtifactLookup, type EngineResources } from '../../resources.js';
import type { ArtifactKind } from '../../../store/store.js';
import type { Annotation } from '../../document.js';
import { conceptDetection } from './concept-detection.js';
import { compileDictionary, compileJavaRegex } from './dictionary-matcher.js';
import { findAbbreviationDefinitions } from './abbreviation-definitions.js';
import { appendWireAnnotations, conceptAnnotations, conceptWireParts, createConceptWireCache } from './concept-annotation.js';
import { semanticTypes } from '../../../knowledge/semantic-types.js';

const RECORDS: SourceRecord[] = [
  { source: 'RXNORM', ids: ['RXNORM:6809', 'UMLS:C0025598'], preferredName: 'Metformin', names: [{ text: 'metformin', kind: 'exact' }, { text: 'Glucophage', kind: 'brand' }], semanticTypes: ['phsu'] },
  {
    source: 'DOID',
    ids: ['DOID:9352', 'UMLS:C0011860', 'ICD10CM:E11.9', 'SNOMEDCT:44054006', 'MESH:D003924'],
    preferredName: 'Diabetes Mellitus, Non-Insulin-Dependent',
    names: [{ text: 'type 2 diabetes', kind: 'exact' }, { text: 'type 2 diabetes mellitus', kind: 'exact' }],
    semanticTypes: ['dsyn'],
  },
  { source: 'DOID', ids: ['DOID:9351', 'UMLS:C0011849', 'MESH:D003920'], preferredName: 'Diabetes Mellitus', names: [{ text: 'diabetes', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'SYMP', ids: ['SYMP:0000099', 'UMLS:C0030193', 'SNOMEDCT:22253000'], preferredName: 'Pain', names: [{ text: 'pain', kind: 'exact' }], semanticTypes: ['sosy'] },
  { source: 'DOID', ids: ['DOID:1324', 'UMLS:C0242379'], preferredName: 'Malignant neoplasm of lung', names: [{ text: 'lung cancer', kind: 'exact' }], semanticTypes: ['neop'] },
  { source: 'NCIT', ids: ['NCIT:C17730', 'UMLS:C0596235'], preferredName: 'Cancer screening', names: [{ text: 'cancer screening', kind: 'exact' }], semanticTypes: ['hlca'] },
  { source: 'DOID', ids: ['DOID:10459', 'UMLS:C0009443'], preferredName: 'Common Cold', names: [{ text: 'cold', kind: 'exact' }], semanticTypes: ['dsyn'] },
  { source: 'NCIT', ids: ['NCIT:C0009264', 'UMLS:C0009264'], preferredName: 'Cold Temperature', names: [{ text: 'cold', kind: 'exact' }], semanticTypes: ['npop'] },
  { source: 'DOID', ids: ['DOID:11723', 'UMLS:C0013264', 'MESH:D020388'], preferredName: 'Muscular Dystrophy, Duchenne', names: [{ text: 'Duchenne muscular dystrophy', kind: 'exact' }], semanticTypes: ['dsyn', 'cgab'] },
  { source: 'NCIT', ids: ['NCIT:C999', 'UMLS:C0000999'], preferredName: 'Dimethyl dummy', names: [{ text: 'DMD', kind: 'abbreviation' }], semanticTypes: ['orch'] },
];

const kb = compileKnowledge(RECORDS, { name: 'test-kb', version: '1', sourceVersion: 't1' });

function lookup(entries: Partial<Record<ArtifactKind, Record<string, unknown>>>): ArtifactLookup {
  return { get: (kind, id) => entries[kind]?.[id] };
}

function detect(text: string, raw: Record<string, RawParameterValue> = {}, artifacts: ArtifactLookup = NO_ARTIFACTS): Annotation[] {
  const resources: EngineResources = { kb, artifacts };
  const compiled = conceptDetection.init(resources);
  const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, raw);
  const result = conceptDetection.run(createDocument(text), params, compiled, { resources, configurations: [] });
  assert.deepEqual(Object.keys(result.add ?? {}), ['concepts']);
  return [...(result.add?.concepts ?? [])];
}

const spans = (concepts: readonly Annotation[]): string[] => concepts.map((c) => `${c.begin}-${c.end}:${String(c.cui)}`);

describe('concept_detection response shape', () => {
  test('reference §5.3 metformin / type 2 diabetes with medical_codes', () => {
    const concepts = detect('She takes Metformin for type 2 diabetes.', { include_optional_fields: ['medical_codes'] });
    assert.deepEqual(concepts, [
      { type: 'umls.PharmacologicSubstance', begin: 10, end: 19, coveredText: 'Metformin', cui: 'C0025598', preferredName: 'Metformin', semanticType: 'phsu', source: 'test-kb', sourceVersion: 't1', rxNormId: '6809' },
      {
        type: 'umls.DiseaseOrSyndrome', begin: 24, end: 39, coveredText: 'type 2 diabetes', cui: 'C0011860', preferredName: 'Diabetes Mellitus, Non-Insulin-Dependent',
        semanticType: 'dsyn', source: 'test-kb', sourceVersion: 't1', icd10Code: 'E11.9', snomedConceptId: '44054006', meshId: 'D003924',
      },
    ]);
  });

  test('without include_optional_fields: no codes, no vocabs', () => {
    const concepts = detect('She takes Metformin for type 2 diabetes.');
    assert.deepEqual(concepts.map((c) => Object.keys(c)), [
      ['type', 'begin', 'end', 'coveredText', 'cui', 'preferredName', 'semanticType', 'source', 'sourceVersion'],
      ['type', 'begin', 'end', 'coveredText', 'cui', 'preferredName', 'semanticType', 'source', 'sourceVersion'],
    ]);
  });

  test('source_vocabularies adds comma-joined vocabs only', () => {
    const [, diabetes] = detect('She takes Metformin for type 2 diabetes.', { include_optional_fields: ['source_vocabularies'] });
    assert.equal(diabetes?.vocabs, 'DOID,ICD10CM,MSH,SNOMEDCT_US');
    assert.equal(diabetes?.icd10Code, undefined);
    const both = detect('type 2 diabetes', { include_optional_fields: ['medical_codes', 'source_vocabularies'] });
    assert.equal(both[0]?.vocabs, 'DOID,ICD10CM,MSH,SNOMEDCT_US');
    assert.equal(both[0]?.snomedConceptId, '44054006');
  });

  test('a concept with several semantic types is one annotation per (span, cui), its types comma-joined, as ACD joins them', () => {
    const found = detect('Duchenne muscular dystrophy.', { abbreviations: ['false'] });
    assert.deepEqual(found.map((a) => [a.cui, a.semanticType, a.type]), [
      ['C0013264', 'dsyn,cgab', 'umls.DiseaseOrSyndrome'],
    ]);
  });

  test('splitSemanticTypes gives one annotation per semantic type (the ACD response form)', () => {
    const text = 'Duchenne muscular dystrophy';
    const index = kb.lookup(text)[0]!;
    const split = conceptAnnotations(text, 0, 27, kb.concept(index), semanticTypes(), { medicalCodes: false, sourceVocabularies: false, splitSemanticTypes: true });
    assert.deepEqual(split.map((a) => [a.cui, a.semanticType, a.type]), [
      ['C0013264', 'dsyn', 'umls.DiseaseOrSyndrome'],
      ['C0013264', 'cgab', 'umls.CongenitalAbnormality'],
    ]);
    const joined = conceptAnnotations(text, 0, 27, kb.concept(index), semanticTypes(), { medicalCodes: false, sourceVocabularies: false });
    assert.deepEqual(joined.map((a) => a.semanticType), ['dsyn,cgab']);
  });

  test('cached wire fields give the same annotations, key order included, for every output option', () => {
    const text = 'Duchenne muscular dystrophy and type 2 diabetes';
    const cache = createConceptWireCache();
    for (const [begin, end] of [[0, 27], [32, 47]] as const) {
      const index = kb.lookup(text.slice(begin, end))[0]!;
      const concept = kb.concept(index);
      for (const medicalCodes of [false, true]) {
        for (const sourceVocabularies of [false, true]) {
          for (const splitSemanticTypes of [false, true]) {
            for (const source of [undefined, 'custom library']) {
              const options = { medicalCodes, sourceVocabularies, splitSemanticTypes };
              const expected = conceptAnnotations(text, begin, end, concept, semanticTypes(), options, source === undefined ? {} : { source });
              for (let pass = 0; pass < 2; pass++) { // the second pass reads the cache
                const parts = conceptWireParts(cache, kb, index, semanticTypes(), options, source);
                assert.equal(parts[0]!.cui, concept.cui);
                const byIndex: Annotation[] = [];
                appendWireAnnotations(parts, text, begin, end, byIndex);
                assert.equal(JSON.stringify(byIndex), JSON.stringify(expected));
              }
            }
          }
        }
      }
    }
  });

  test('reference §5.3 pain example: sign or symptom at 15-19', () => {
    assert.deepEqual(detect('Patient denies pain.'), [
      { type: 'umls.SignOrSymptom', begin: 15, end: 19, coveredText: 'pain', cui: 'C0030193', preferredName: 'Pain', semanticType: 'sosy', source: 'test-kb', sourceVersion: 't1' },
    ]);
  });
});

describe('overlapping and nested matches', () => {
  test('longest_span (default) drops nested matches; false keeps them', () => {
    assert.deepEqual(spans(detect('type 2 diabetes mellitus')), ['0-24:C0011860']);
    assert.deepEqual(spans(detect('type 2 diabetes mellitus', { longest_span: ['false'] })), ['0-24:C0011860', '0-15:C0011860', '7-24:C0011849', '7-15:C0011849']);
  });

  test('overlapping (not nested) matches are both kept', () => {
    assert.deepEqual(spans(detect('lung cancer screening')), ['0-11:C0242379', '5-21:C0596235']);
  });

  test('one annotation per (span, concept): an ambiguous name gives one per concept', () => {
    const concepts = detect('He has a cold.');
    assert.deepEqual(concepts.map((c) => [c.begin, c.end, c.cui, c.type]), [
      [9, 13, 'C0009264', 'umls.NaturalPhenomenonOrProcess'],
      [9, 13, 'C0009443', 'umls.DiseaseOrSyndrome'],
    ]);
  });
});

describe('abbreviations defined in the text', () => {
  const text = 'Boys with Duchenne muscular dystrophy (DMD) lose ambulation. DMD is X-linked.';

  test('the short form takes the long form concept and replaces the knowledge-base reading', () => {
    assert.deepEqual(findAbbreviationDefinitions(text).map((d) => [d.shortForm, text.slice(d.longBegin, d.longEnd)]), [['DMD', 'Duchenne muscular dystrophy']]);
    assert.deepEqual(spans(detect(text)), ['10-37:C0013264', '39-42:C0013264', '61-64:C0013264']);
  });

  test('abbreviations=false keeps the plain dictionary reading', () => {
    assert.deepEqual(spans(detect(text, { abbreviations: ['false'] })), ['10-37:C0013264', '39-42:C0000999', '61-64:C0000999']);
  });

  test('a short form whose long form is unknown loses its knowledge-base reading', () => {
    assert.deepEqual(spans(detect('The dystrophin mutation detector (DMD) was used. DMD failed.')), []);
  });
});

describe('libraries: deployed library and dictionary artifacts', () => {
  const dictionary: DictionaryBody = {
    id: 'acme_terms_dictionary',
    name: 'ACME terms',
    layout: 'umls',
    defaultTransforms: { detectPreferredName: true },
    concepts: [
      { id: 'TEC-1', preferredName: 'Widget syndrome', attributes: [{ semanticType: 'dsyn', type: 'MyCustomType', icd10Code: 'X1.0' }], surfaceForms: ['widget disease'], regexes: [] },
      { id: 'C0030193', cui: 'C0030193', preferredName: 'Pain (ACME)', attributes: [{ semanticType: 'sosy', type: 'umls.SignOrSymptom' }], surfaceForms: ['pain', 'aching'], regexes: [] },
      // A Java-style regex concept (inline (?i)), as in exported ACD dictionaries.
      { id: 'TEC-2', preferredName: 'Chemistry panel', attributes: [{ semanticType: 'lbpr' }], surfaceForms: [], regexes: ['(?i)\\bchem\\-\\d{1,2}\\b'] },
    ],
  };
  const library = {
    id: 'acme_library',
    sourceName: 'ACME',
    sourceVersion: 'v2',
    // ACD libraries name compiled attachments: <dictionary artifact id>_<name>.dic / .pdic
    dictionaries: ['acme_terms_dictionary_acme_terms.dic', 'acme_terms_dictionary_acme_terms.pdic'],
    optionalFields: { medical_codes: ['icd10Code'], source_vocabularies: ['vocabs'] },
    enabled: true,
  };
  const withUmls = { ...library, id: 'acme_plus_umls', dictionaries: [...library.dictionaries, 'umls.2022AA.dic'] };
  const artifacts = lookup({ library: { acme_library: library, acme_plus_umls: withUmls }, dictionary: { acme_terms_dictionary: dictionary } });

  test('a library without a UMLS dictionary matches only its own concepts, with its source and custom type', () => {
    const concepts = detect('Widget syndrome, widget disease and metformin.', { libraries: ['acme_library'], include_optional_fields: ['medical_codes'] }, artifacts);
    assert.deepEqual(concepts, [
      { type: 'MyCustomType', begin: 0, end: 15, coveredText: 'Widget syndrome', cui: 'TEC-1', preferredName: 'Widget syndrome', semanticType: 'dsyn', source: 'ACME', sourceVersion: 'v2', icd10Code: 'X1.0' },
      { type: 'MyCustomType', begin: 17, end: 31, coveredText: 'widget disease', cui: 'TEC-1', preferredName: 'Widget syndrome', semanticType: 'dsyn', source: 'ACME', sourceVersion: 'v2', icd10Code: 'X1.0' },
    ]);
  });

  test('umls.<release>.dic in the library adds the built-in knowledge base; the dictionary wins on the same (span, cui)', () => {
    const concepts = detect('widget disease, pain and metformin', { libraries: ['acme_plus_umls'] }, artifacts);
    assert.deepEqual(concepts.map((c) => [c.coveredText, c.cui, c.source, c.preferredName]), [
      ['widget disease', 'TEC-1', 'ACME', 'Widget syndrome'],
      ['pain', 'C0030193', 'ACME', 'Pain (ACME)'],
      ['metformin', 'C0025598', 'ACME', 'Metformin'], // built-in concept, reported under the library's sourceName
    ]);
  });

  test('dictionary regexes match (Java inline (?i) becomes the i flag)', () => {
    const concepts = detect('CHEM-7 and chem-10 ordered; chemistry panel.', { libraries: ['acme_library'] }, artifacts);
    assert.deepEqual(concepts.map((c) => [c.begin, c.end, c.coveredText, c.cui, c.type]), [
      [0, 6, 'CHEM-7', 'TEC-2', 'umls.LaboratoryProcedure'],
      [11, 18, 'chem-10', 'TEC-2', 'umls.LaboratoryProcedure'],
      [28, 43, 'chemistry panel', 'TEC-2', 'umls.LaboratoryProcedure'],
    ]);
  });

  test('syntax the linear-time engine cannot run and patterns matching the empty string are not used', () => {
    assert.equal(compileJavaRegex('a++b'), undefined); // possessive quantifier
    assert.equal(compileJavaRegex('(a)\\1'), undefined); // backreference
    assert.equal(compileJavaRegex('x*'), undefined);
    assert.notEqual(compileJavaRegex('(?i)abc'), undefined);
  });

  test('a regex repeating a repeated group is used: it runs on the linear-time engine', () => {
    for (const source of ['(a+)+$', '\\b(?i)(\\w+\\s?)*pain\\b', '\\b(?i)(\\s|-)*pain\\b']) assert.notEqual(compileJavaRegex(source), undefined, source);
  });

  test('umls.latest next to a library id also adds the built-in knowledge base', () => {
    const concepts = detect('aching and metformin', { libraries: ['umls.latest', 'acme_library'] }, artifacts);
    assert.deepEqual(concepts.map((c) => [c.coveredText, c.source]), [['aching', 'ACME'], ['metformin', 'test-kb']]);
  });

  test('a library that includes umls.<release>.dic names the source of built-in concepts (ACD cartridges: "umls")', () => {
    const umlsLibrary = { id: 'umls_lib', sourceName: 'umls', sourceVersion: 'v1.0', umlsVersion: '2022AA', dictionaries: ['umls.2022AA.dic'] };
    const lookupUmls = lookup({ library: { umls_lib: umlsLibrary } });
    const [metformin] = detect('metformin', { libraries: ['umls_lib'] }, lookupUmls);
    assert.deepEqual([metformin?.source, metformin?.sourceVersion], ['umls', 't1']);
    const [direct] = detect('metformin', { libraries: ['umls.latest', 'umls_lib'] }, lookupUmls);
    assert.equal(direct?.source, 'test-kb');
    // Predefined library artifacts (no payload in cartridges) name the built-in KB too.
    assert.deepEqual(detect('metformin', { libraries: ['umls_2022aa_library'] }).map((c) => c.source), ['test-kb']);
  });

  test('an unknown library is an INVALID_ANNOTATOR_PARAMETER error', () => {
    assert.throws(() => detect('pain', { libraries: ['nope_library'] }, artifacts), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_ANNOTATOR_PARAMETER' && e.description.includes('nope_library'));
  });

  test('dictionaries compile once per stored body', () => {
    const first = compileDictionary(dictionary);
    assert.equal(compileDictionary(dictionary), first);
    assert.notEqual(compileDictionary({ ...dictionary }), first);
  });
});

describe('filters', () => {
  const keepDiseases = { id: 'diseases_only', target: 'unstructured.data.concepts', condition: { type: 'match', field: 'semanticType', values: ['dsyn'], operator: 'contains' } };
  const artifacts = lookup({ concept_filter: { diseases_only: keepDiseases } });

  test('a deployed concept_filter keeps only the concepts that satisfy it', () => {
    assert.deepEqual(detect('Metformin for type 2 diabetes and pain.', { filters: ['diseases_only'] }, artifacts).map((c) => c.coveredText), ['type 2 diabetes']);
  });

  test('an unknown filter id is an INVALID_ANNOTATOR_PARAMETER error', () => {
    assert.throws(() => detect('pain', { filters: ['missing'] }, artifacts), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_ANNOTATOR_PARAMETER');
  });
});

describe('inference rules', () => {
  const selectDrugs = { type: 'match', field: 'type', values: ['umls.pharmacologicsubstance'], caseInsensitive: true, operator: 'equals' };
  const rules = {
    id: 'rules',
    rules: [
      { id: 'r1', enabled: true, selections: [{ type: 'concept', condition: selectDrugs, outputTarget: true }], outputType: 'none', outputSpan: 'target', outputFields: [{ name: 'insightModelCandidates', type: 'list', value: 'ICMedication', append: true, unique: true }] },
      // Sees what r1 wrote (rules run in order).
      { id: 'r2', enabled: true, selections: [{ type: 'concept', condition: { type: 'match', field: 'insightModelCandidates', values: ['ICMedication'] }, outputTarget: true }], outputType: 'none', outputFields: [{ name: 'insightModelCandidates', type: 'list', value: 'ICDrug', append: true, unique: true }] },
      // Same value again: unique keeps one.
      { id: 'r3', enabled: true, selections: [{ type: 'concept', condition: selectDrugs, outputTarget: true }], outputType: 'none', outputFields: [{ name: 'insightModelCandidates', type: 'list', value: 'ICMedication', append: true, unique: true }] },
      { id: 'off', enabled: false, selections: [{ type: 'concept', condition: selectDrugs, outputTarget: true }], outputType: 'none', outputFields: [{ name: 'disabledField', type: 'string', value: 'x' }] },
      // Two selections: a form this engine does not apply.
      { id: 'pair', enabled: true, selections: [{ type: 'concept', condition: selectDrugs }, { type: 'concept', condition: selectDrugs }], outputType: 'none', outputFields: [{ name: 'pairField', type: 'string', value: 'x' }] },
    ],
  };
  const artifacts = lookup({ concept_inference_rules: { rules } });

  test('selected concepts get the output fields; others are untouched; unsupported and disabled rules do nothing', () => {
    const concepts = detect('Metformin for pain.', { inference_rules: ['rules'] }, artifacts);
    assert.deepEqual(concepts.map((c) => [c.coveredText, c.insightModelCandidates, c.disabledField, c.pairField]), [
      ['Metformin', ['ICMedication', 'ICDrug'], undefined, undefined],
      ['pain', undefined, undefined, undefined],
    ]);
  });

  test('an unknown rule set is an INVALID_ANNOTATOR_PARAMETER error', () => {
    assert.throws(() => detect('pain', { inference_rules: ['missing'] }, artifacts), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_ANNOTATOR_PARAMETER');
  });
});

describe('headings', () => {
  test('disorder readings of a section title or an organ-system label are dropped, other readings stay', () => {
    const records: SourceRecord[] = [
      ...RECORDS,
      { source: 'DOID', ids: ['DOID:150'], preferredName: 'disease of mental health', names: [{ text: 'psychiatric', kind: 'attested' }], semanticTypes: ['mobd'] },
      { source: 'NCI', ids: ['NCIT:C12686'], preferredName: 'Cardiovascular System', names: [{ text: 'cardiovascular', kind: 'exact' }], semanticTypes: ['bpoc'] },
    ];
    const resources: EngineResources = { kb: compileKnowledge(records, { name: 'heading-kb', version: '1', sourceVersion: 't1' }), artifacts: NO_ARTIFACTS };
    const text = 'PAIN\n• Psychiatric: no pain.\n• Cardiovascular: normal.\nA psychiatric history.';
    const doc = createDocument(text);
    // The section annotator ran earlier in the flow: "PAIN" is a header it recognised (a whitelist title).
    doc.layers.set('sections', [{ type: 'aci.Section', begin: 0, end: text.length, coveredText: '', trigger: { begin: 0, end: 4 } } as Annotation]);
    const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, {});
    const found = conceptDetection.run(doc, params, conceptDetection.init(resources), { resources, configurations: [] }).add?.concepts ?? [];
    assert.deepEqual(found.map((c) => `${c.begin}:${c.coveredText}:${String(c.semanticType)}`), [
      `${text.indexOf('pain.')}:pain:sosy`, `${text.indexOf('Cardio')}:Cardiovascular:bpoc`, `${text.indexOf('psychiatric')}:psychiatric:mobd`,
    ]);
  });
});

describe('one meaning per span', () => {
  test('of one semantic group at one span, the concepts labelled by the span win over those naming it by a synonym; of same-labelled ones the best-coded stays', () => {
    const records: SourceRecord[] = [
      { source: 'UBERON', ids: ['UBERON:0001465'], preferredName: 'knee', names: [], semanticTypes: ['bpoc'] },
      { source: 'NCI', ids: ['NCIT:C32898'], preferredName: 'Knee Joint', names: [{ text: 'knee', kind: 'exact' }], semanticTypes: ['bpoc'] },
      { source: 'DOID', ids: ['DOID:6713', 'UMLS:C0038454'], preferredName: 'stroke', names: [], semanticTypes: ['dsyn'] },
      { source: 'DOID', ids: ['DOID:6714', 'UMLS:C0007820'], preferredName: 'cerebrovascular disease', names: [{ text: 'stroke', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'DRUGBANK', ids: ['DRUGBANK:DB14500'], preferredName: 'Potassium', names: [], semanticTypes: ['phsu'] },
      { source: 'RXNORM', ids: ['RXNORM:8588', 'UMLS:C0032821'], preferredName: 'potassium', names: [], semanticTypes: ['phsu'] },
      { source: 'DOID', ids: ['DOID:0000001', 'UMLS:C0000001'], preferredName: 'cold sores', names: [{ text: 'cold', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'NCI', ids: ['NCIT:C0000002'], preferredName: 'cold temperature', names: [{ text: 'cold', kind: 'exact' }], semanticTypes: ['npop'] },
    ];
    const resources: EngineResources = { kb: compileKnowledge(records, { name: 'dup-kb', version: '1', sourceVersion: 't1' }), artifacts: NO_ARTIFACTS };
    const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, {});
    const found = conceptDetection.run(createDocument('Knee stroke; potassium; a cold.'), params, conceptDetection.init(resources), { resources, configurations: [] }).add?.concepts ?? [];
    // Nobody is labelled "cold": both readings stay.
    assert.deepEqual(found.map((c) => `${c.coveredText}:${String(c.preferredName)}`), ['Knee:knee', 'stroke:stroke', 'potassium:potassium', 'cold:cold sores', 'cold:cold temperature']);
  });
});
