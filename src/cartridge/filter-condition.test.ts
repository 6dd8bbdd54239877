import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isDomainError } from '../errors.js';
import {
  applyFilter,
  compileCondition,
  compileFilter,
  conditionFields,
  createConditionCache,
  fieldCollector,
  fieldReader,
  filtersOf,
  filterTargetKey,
  validateCondition,
  validateFilter,
} from './filter-condition.js';
import { validateCartridge, type CartridgeValidation } from './validate-cartridge.js';
import { conditionRequirement, conditionRequirements } from './condition-requirement.js';

const match = (field: string, values: unknown[] | undefined, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'match', field, ...(values === undefined ? {} : { values }), ...extra,
});
const keeps = (condition: unknown, annotation: Record<string, unknown>): boolean => compileCondition(condition)(annotation);

describe('match operators', () => {
  const concept = { cui: 'C0011860', preferredName: 'Diabetes Mellitus', semanticType: 'dsyn', source: 'umls.2022AA', negated: true, score: 0.72, count: '3' };

  test('semanticType is a comma-joined list: each listed type matches, collectors list them one by one', () => {
    const joined = { ...concept, semanticType: 'dsyn,sosy' };
    assert.equal(keeps(match('semanticType', ['sosy'], { operator: 'equals' }), joined), true);
    assert.equal(keeps(match('semanticType', ['DSYN'], { operator: 'equals', caseInsensitive: true }), joined), true);
    assert.equal(keeps(match('semanticType', ['neop'], { operator: 'equals' }), joined), false);
    assert.equal(keeps(match('semanticType', ['neop'], { operator: 'equals', not: true }), joined), true);
    assert.deepEqual(fieldReader('semanticType')(joined), ['dsyn', 'sosy']);
    // Other fields keep their value whole.
    assert.equal(keeps(match('preferredName', ['Diabetes'], { operator: 'equals' }), { preferredName: 'Diabetes, Mellitus' }), false);
  });

  test('equals (and the DOC spelling "equal"), with several values meaning any of them', () => {
    assert.equal(keeps(match('cui', ['C1', 'C0011860'], { operator: 'equals' }), concept), true);
    assert.equal(keeps(match('cui', ['C0011860'], { operator: 'equal' }), concept), true);
    assert.equal(keeps(match('cui', ['c0011860'], { operator: 'equals' }), concept), false);
  });
  test('operator defaults to equals and type to match', () => {
    assert.equal(keeps({ field: 'semanticType', values: ['dsyn'] }, concept), true);
    assert.equal(keeps({ field: 'semanticType', values: ['sosy'] }, concept), false);
  });
  test('booleans and numbers compare through their string form ("true")', () => {
    assert.equal(keeps(match('negated', ['true']), concept), true);
    assert.equal(keeps(match('negated', ['false']), concept), false);
  });
  test('caseInsensitive folds both sides', () => {
    assert.equal(keeps(match('preferredName', ['DIABETES MELLITUS'], { caseInsensitive: true }), concept), true);
    assert.equal(keeps(match('preferredName', ['DIABETES MELLITUS'], { caseInsensitive: false }), concept), false);
  });
  test('contains, containsOneOf and startsWith', () => {
    assert.equal(keeps(match('preferredName', ['Mellitus'], { operator: 'contains' }), concept), true);
    assert.equal(keeps(match('preferredName', ['mellitus'], { operator: 'contains' }), concept), false);
    assert.equal(keeps(match('preferredName', ['xyz', 'betes'], { operator: 'containsOneOf' }), concept), true);
    assert.equal(keeps(match('source', ['umls'], { operator: 'startsWith' }), concept), true);
    assert.equal(keeps(match('source', ['2022'], { operator: 'startsWith' }), concept), false);
  });
  test('numeric comparisons parse numbers from values and fields', () => {
    assert.equal(keeps(match('score', ['0.7'], { operator: 'greaterThanOrEqualTo' }), concept), true);
    assert.equal(keeps(match('score', ['0.72'], { operator: 'greaterThan' }), concept), false);
    assert.equal(keeps(match('score', ['0.72'], { operator: 'lessThanOrEqualTo' }), concept), true);
    assert.equal(keeps(match('score', ['0.72'], { operator: 'lessThan' }), concept), false);
    assert.equal(keeps(match('count', ['2'], { operator: 'greaterThan' }), concept), true, 'numeric strings in fields');
    assert.equal(keeps(match('preferredName', ['2'], { operator: 'greaterThan' }), concept), false, 'non-numeric field');
    assert.equal(keeps(match('missing', ['2'], { operator: 'lessThan' }), concept), false, 'missing field');
  });
  test('fieldExists: present and non-empty; values not needed', () => {
    assert.equal(keeps(match('cui', undefined, { operator: 'fieldExists' }), concept), true);
    assert.equal(keeps(match('nothere', undefined, { operator: 'fieldExists' }), concept), false);
    assert.equal(keeps(match('x', undefined, { operator: 'fieldExists' }), { x: '' }), false);
    assert.equal(keeps(match('x', undefined, { operator: 'fieldExists' }), { x: [] }), false);
    assert.equal(keeps(match('x', undefined, { operator: 'fieldExists' }), { x: {} }), false);
    assert.equal(keeps(match('x', undefined, { operator: 'fieldExists' }), { x: 0 }), true);
    assert.equal(keeps(match('x', undefined, { operator: 'fieldExists', not: true }), { y: 1 }), true);
  });
  test('not negates; a missing field never matches, so not:true keeps it', () => {
    assert.equal(keeps(match('negated', ['true'], { not: true }), concept), false);
    assert.equal(keeps(match('negated', ['true'], { not: true }), { cui: 'C1' }), true);
    assert.equal(keeps(match('negated', ['true']), { cui: 'C1' }), false);
  });
});

describe('field paths', () => {
  const ann = {
    disambiguationData: { validity: 'VALID' },
    insightModelData: { diagnosis: { usage: { explicitScore: 0.9 } } },
    drug: [{ name1: [{ drugNormalizedName: 'aspirin' }] }, { name1: [{ drugNormalizedName: 'heparin' }] }],
    insightModelCandidates: ['ICMedication', 'ICAlcohol'],
    section: { trigger: { sectionNormalizedName: 'family history' } },
  };
  test('dotted paths into nested objects', () => {
    assert.equal(keeps(match('disambiguationData.validity', ['VALID']), ann), true);
    assert.equal(keeps(match('insightModelData.diagnosis.usage.explicitScore', ['0.7'], { operator: 'greaterThanOrEqualTo' }), ann), true);
  });
  test('arrays on the way: any element', () => {
    assert.equal(keeps(match('drug.name1.drugNormalizedName', ['heparin']), ann), true);
    assert.equal(keeps(match('drug.name1.drugNormalizedName', ['warfarin']), ann), false);
    assert.equal(keeps(match('insightModelCandidates', ['ICAlcohol']), ann), true);
    assert.deepEqual(fieldReader('drug.name1.drugNormalizedName')(ann), ['aspirin', 'heparin']);
  });
  test('"*." searches the rest of the path at any depth, the top level included', () => {
    assert.equal(keeps(match('*.sectionNormalizedName', ['family'], { operator: 'contains' }), ann), true);
    assert.equal(keeps(match('*.sectionNormalizedName', ['family'], { operator: 'contains' }), { sectionNormalizedName: 'family history' }), true);
    assert.equal(keeps(match('*.sectionNormalizedName', ['allergies']), ann), false);
    assert.equal(keeps(match('sectionNormalizedName', ['family history']), ann), false, 'no wildcard: top level only');
  });
  test('inherited properties are not fields', () => {
    assert.equal(keeps(match('constructor', undefined, { operator: 'fieldExists' }), {}), false);
    assert.equal(keeps(match('__proto__', undefined, { operator: 'fieldExists' }), {}), false);
    assert.equal(keeps(match('a.b.constructor', undefined, { operator: 'fieldExists' }), { a: { b: {} } }), false);
    assert.equal(keeps(match('a.constructor.name', ['Object']), { a: {} }), false);
    assert.deepEqual(fieldReader('constructor')({}), []);
    assert.deepEqual(fieldReader('a.toString')({ a: {} }), []);
    assert.deepEqual(fieldReader('a.__proto__')({ a: {} }), []);
    assert.deepEqual(fieldReader('*.hasOwnProperty')({ a: { b: {} } }), []);
    assert.deepEqual(fieldReader('a.constructor')({ a: { constructor: 'own' } }), ['own'], 'an own property of that name is a field');
  });
  test('"*." never descends into inherited keys, even of a polluted Object.prototype', () => {
    const wildcard = match('*.sectionNormalizedName', ['x']);
    const inherited = Object.create({ hidden: { sectionNormalizedName: 'x' } }) as Record<string, unknown>;
    assert.equal(keeps(wildcard, inherited), false);
    assert.equal(keeps(wildcard, { a: [inherited] }), false);
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = { sectionNormalizedName: 'x' };
    try {
      assert.equal(keeps(wildcard, { a: { b: 1 } }), false);
      assert.equal(keeps(match('polluted.sectionNormalizedName', ['x']), {}), false);
    } finally {
      delete proto.polluted;
    }
    assert.equal(keeps(wildcard, { a: { sectionNormalizedName: 'x' } }), true);
  });
  test('paths of three and more segments: arrays at any step, at the end, and missing or null steps', () => {
    const deep = { a: { b: [{ c: { d: 1 } }, { c: [{ d: 5 }, { d: [7, 9] }] }], x: { y: { z: null } } } };
    const gte = (field: string, bound: string): boolean => keeps(match(field, [bound], { operator: 'greaterThanOrEqualTo' }), deep);
    assert.equal(gte('a.b.c.d', '9'), true); // a.b[1].c[1].d[1]
    assert.equal(gte('a.b.c.d', '10'), false);
    assert.equal(gte('a.b.c.e', '0'), false);
    assert.equal(keeps(match('a.x.y.z', undefined, { operator: 'fieldExists' }), deep), false, 'a null leaf is no value');
    assert.equal(keeps(match('a.x.y', undefined, { operator: 'fieldExists' }), deep), true);
    assert.equal(keeps(match('a.x.y.z.w', ['1']), deep), false);
    assert.equal(compileCondition(match('a.b.c.d', ['1']))([deep, {}] as unknown as Record<string, unknown>), true, 'an array annotation is searched element by element');
    assert.deepEqual(fieldReader('a.b.c.d')(deep), [1, 5, 7, 9]);
  });
});

describe('groups', () => {
  const a = { cui: 'C1', source: 'umls' };
  const yes = match('cui', ['C1']);
  const no = match('cui', ['C2']);
  test('all / any / notAny / notany', () => {
    assert.equal(keeps({ type: 'all', conditions: [yes, yes] }, a), true);
    assert.equal(keeps({ type: 'all', conditions: [yes, no] }, a), false);
    assert.equal(keeps({ type: 'any', conditions: [no, yes] }, a), true);
    assert.equal(keeps({ type: 'any', conditions: [no, no] }, a), false);
    assert.equal(keeps({ type: 'notAny', conditions: [no, no] }, a), true);
    assert.equal(keeps({ type: 'notany', conditions: [no, yes] }, a), false);
  });
  test('empty any / notAny / all groups do not reject everything (generated "Include Conditions")', () => {
    assert.equal(keeps({ type: 'any', label: 'Include Conditions' }, a), true);
    assert.equal(keeps({ type: 'any', conditions: [] }, a), true);
    assert.equal(keeps({ type: 'notAny', conditions: [] }, a), true);
    assert.equal(keeps({ type: 'all', conditions: [{ type: 'any', label: 'Include Conditions' }, { type: 'notAny', conditions: [no] }] }, a), true);
    assert.equal(keeps({ type: 'all', conditions: [{ type: 'any', label: 'Include Conditions' }, { type: 'notAny', conditions: [yes] }] }, a), false);
  });
  test('not on a group negates it', () => {
    assert.equal(keeps({ type: 'all', not: true, conditions: [yes] }, a), false);
    assert.equal(keeps({ type: 'any', not: true, conditions: [no] }, a), true);
  });
});

describe('expression and overlaps', () => {
  const cond = { type: 'expression', expression: '${insightModelData.diagnosis.usage.explicitScore} + ${insightModelData.diagnosis.usage.patientReportedScore}  >= 0.7' };
  const scored = (e: number, p?: number): Record<string, unknown> => ({ insightModelData: { diagnosis: { usage: { explicitScore: e, ...(p === undefined ? {} : { patientReportedScore: p }) } } } });
  test('expression: arithmetic over fields, missing fields read 0', () => {
    assert.equal(keeps(cond, scored(0.4, 0.4)), true);
    assert.equal(keeps(cond, scored(0.4, 0.2)), false);
    assert.equal(keeps(cond, scored(0.7)), true);
    assert.equal(keeps(cond, {}), false);
    assert.equal(keeps({ type: 'expression', expression: '(${a} - 1) * 2 > ${b} && ${c} != 0 || -${d} == -4' }, { a: 3, b: 1, c: 0, d: 4 }), true);
  });
  test('malformed expressions are validation issues', () => {
    for (const bad of ['${a} >=', '${a', '${} > 1', '1 ? 2', '(1 > 0']) {
      assert.ok(validateCondition({ type: 'expression', expression: bad }).length > 0, bad);
    }
  });
  test('overlaps: another annotation under target that satisfies the inner condition overlaps the span', () => {
    const overlaps = {
      type: 'overlaps', target: 'unstructured.data.concepts', not: true,
      condition: match('insightModelCandidates', ['ICIllicitDrug'], { caseInsensitive: true }),
    };
    const keep = compileCondition(overlaps);
    const med = { begin: 10, end: 20 };
    const data = { concepts: [{ begin: 15, end: 25, insightModelCandidates: ['icillicitdrug'] }, { begin: 30, end: 40, insightModelCandidates: ['ICIllicitDrug'] }] };
    assert.equal(keep(med, { data }), false, 'overlapped by an illicit drug concept → not kept');
    assert.equal(keep({ begin: 0, end: 9 }, { data }), true, 'no overlap → kept');
    assert.equal(keep(med), true, 'without context nothing overlaps');
  });
});

describe('validation and compilation errors', () => {
  test('malformed conditions are reported with paths', () => {
    const issues = validateCondition({ type: 'all', conditions: [{ type: 'match', values: ['x'] }, { type: 'match', field: 'a', operator: 'bogus', values: ['x'] }, { type: 'weird' }, 'str', { type: 'match', field: 'a' }, { type: 'match', field: 'a', operator: 'lessThan', values: ['abc'] }, { type: 'match', field: 'a', values: [{}] }] });
    const paths = issues.map((i) => i.path);
    assert.deepEqual(paths, [
      'condition.conditions[0].field',
      'condition.conditions[1].operator',
      'condition.conditions[2].type',
      'condition.conditions[3]',
      'condition.conditions[4].values',
      'condition.conditions[5].values[0]',
      'condition.conditions[6].values[0]',
    ]);
  });
  test('not and caseInsensitive must be booleans; conditions must be an array; depth is bounded', () => {
    assert.equal(validateCondition(match('a', ['x'], { not: 'yes' })).length, 1);
    assert.equal(validateCondition({ type: 'any', conditions: {} }).length, 1);
    let deep: Record<string, unknown> = match('a', ['x']);
    for (let i = 0; i < 100; i++) deep = { type: 'all', conditions: [deep] };
    assert.ok(validateCondition(deep).some((i) => i.message.includes('deeper')));
  });
  test('compileCondition throws DomainError INVALID_FILTER listing the problems', () => {
    assert.throws(() => compileCondition({ type: 'match', field: '', values: ['x'] }), (e: unknown) => isDomainError(e) && e.kind === 'INVALID_FILTER' && e.status === 400);
  });
  test('filter targets must be unstructured.data.<key>', () => {
    assert.equal(filterTargetKey('unstructured.data.concepts'), 'concepts');
    assert.equal(filterTargetKey('unstructured.data.'), undefined);
    assert.equal(filterTargetKey('data.concepts'), undefined);
    assert.equal(filterTargetKey('unstructured.data.a.b'), undefined);
    assert.equal(validateFilter({ target: 'concepts', condition: match('a', ['x']) }).length, 1);
    assert.equal(validateFilter({ target: 'unstructured.data.concepts' }).length, 1);
  });
});

describe('applyFilter', () => {
  const filter = {
    target: 'unstructured.data.concepts',
    condition: { type: 'match', field: 'negated', values: ['true'], not: true, operator: 'equals' },
  };
  test('removes the annotations under target that fail the keep-predicate, leaves the rest untouched', () => {
    const data = { concepts: [{ cui: 'A', negated: true }, { cui: 'B' }, { cui: 'C', negated: false }], negatedSpans: [{ begin: 1 }] };
    const out = applyFilter(filter, data);
    assert.deepEqual((out.concepts as { cui: string }[]).map((c) => c.cui), ['B', 'C']);
    assert.equal(out.negatedSpans, data.negatedSpans);
    assert.equal(data.concepts.length, 3, 'input not modified');
  });
  test('a compiled filter is reusable; missing target key leaves data as is', () => {
    const compiled = compileFilter(filter);
    assert.equal(compiled.key, 'concepts');
    assert.deepEqual(applyFilter(compiled, { SymptomDiseaseInd: [{}] }), { SymptomDiseaseInd: [{}] });
    assert.deepEqual(applyFilter(compiled, { concepts: [{ negated: true }] }), { concepts: [] });
  });
  test('filtersOf reads {filters:[...]} bodies and single filter bodies', () => {
    assert.equal(filtersOf({ filters: [filter, filter] }).length, 2);
    assert.equal(filtersOf({ id: 'x', ...filter, serviceFiltered: false })[0]?.serviceFiltered, false);
    assert.deepEqual(filtersOf('nope'), []);
  });
});

describe('the real cartridge filters and conditions', () => {
  let v: CartridgeValidation;
  before(async () => {
    v = await validateCartridge(readFileSync('/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip'));
  });
  const body = (id: string): unknown => v.artifacts.find((a) => a.id === id)?.body;

  test('every filter and concept filter compiles', () => {
    const filterArtifacts = v.artifacts.filter((a) => a.kind === 'filter' || a.kind === 'concept_filter');
    assert.equal(filterArtifacts.length, 9);
    let compiled = 0;
    for (const a of filterArtifacts) {
      for (const f of filtersOf(a.body)) {
        assert.deepEqual(validateFilter(f), [], a.id);
        compileFilter(f);
        compiled++;
      }
    }
    assert.equal(compiled, 12); // the medication, procedure and symptom/disease filters hold two each
  });

  test('every attribute-set field condition (56) and concept-inference-rule selection (39) compiles', () => {
    let count = 0;
    for (const a of v.artifacts.filter((x) => x.kind === 'attribute_set')) {
      for (const attr of a.body.attributes as { possibleValues?: { fields?: { target: string; condition: unknown }[] }[] }[]) {
        for (const pv of attr.possibleValues ?? []) for (const f of pv.fields ?? []) {
          compileFilter({ target: f.target, condition: f.condition });
          count++;
        }
      }
    }
    for (const a of v.artifacts.filter((x) => x.kind === 'concept_inference_rules')) {
      for (const rule of a.body.rules as { selections: { condition?: unknown }[] }[]) {
        for (const s of rule.selections) if (s.condition !== undefined) {
          compileCondition(s.condition);
          count++;
        }
      }
    }
    assert.equal(count, 56 + 39);
  });

  test('merged concept filter drops an excluded UMLS cui but keeps it from another source', () => {
    const [merged] = filtersOf(body('acd.acd_clinical_insights_v1.0_merged_concept_filter_concept_filter'));
    assert.ok(merged);
    const out = applyFilter(merged, {
      concepts: [
        { cui: 'C0076833', source: 'umls', coveredText: 'x' },
        { cui: 'C0076833', source: 'custom_dictionary', coveredText: 'x' },
        { cui: 'C0011860', source: 'umls', coveredText: 'diabetes', type: 'umls.DiseaseOrSyndrome' },
      ],
    });
    assert.deepEqual((out.concepts as { source: string; cui: string }[]).map((c) => `${c.cui}/${c.source}`), ['C0076833/custom_dictionary', 'C0011860/umls']);
  });

  test('lab value filter drops "Color" case-insensitively, keeps real lab types', () => {
    const [lab] = filtersOf(body('acd.acd_clinical_insights_v1.0_clinical_insights_-_lab_value_filter_filter'));
    assert.ok(lab);
    const out = applyFilter(lab, { LabValueInd: [{ labTypeSurfaceForm: 'Color' }, { labTypeSurfaceForm: 'hemoglobin' }] });
    assert.deepEqual(out.LabValueInd, [{ labTypeSurfaceForm: 'hemoglobin' }]);
  });

  test('medication filter (two filters) drops by coveredText substring and by nested drug name', () => {
    const filters = filtersOf(body('acd.acd_clinical_insights_v1.0_clinical_insights_-_medication_filter_filter'));
    let data: Record<string, unknown> = {
      MedicationInd: [
        { coveredText: 'distilled water 10 ml', drug: [{ name1: [{ drugNormalizedName: 'water' }] }] },
        { coveredText: 'EtOH', drug: [{ name1: [{ drugNormalizedName: 'etoh' }] }] },
        { coveredText: 'metformin 500 mg', drug: [{ name1: [{ drugNormalizedName: 'metformin' }] }] },
      ],
    };
    for (const f of filters) data = applyFilter(f, data);
    assert.deepEqual((data.MedicationInd as { coveredText: string }[]).map((m) => m.coveredText), ['metformin 500 mg']);
  });
});

describe('evaluation order, case folding and the condition cache', () => {
  test('groups give the same answers whatever the cost order of their children', () => {
    const costly = { type: 'overlaps', target: 'unstructured.data.concepts', condition: match('cui', ['C2']) };
    const cheap = match('cui', ['C1']);
    const data = { concepts: [{ begin: 0, end: 5, cui: 'C2' }] };
    const a = { begin: 1, end: 3, cui: 'C1' };
    for (const [type, expected] of [['all', true], ['any', true], ['notAny', false]] as const) {
      assert.equal(compileCondition({ type, conditions: [costly, cheap] })(a, { data }), expected, type);
      assert.equal(compileCondition({ type, conditions: [cheap, costly] })(a, { data }), expected, type);
    }
    assert.equal(compileCondition({ type: 'all', conditions: [costly, cheap] })({ ...a, cui: 'C9' }, { data }), false);
  });
  test('groups that reorder their children as the data shifts keep giving the answers of the definition', () => {
    // Thousands of evaluations (the children are reordered every few hundred) over data whose mix changes
    // half-way, so the child that settles a group most often changes too.
    const condition = {
      type: 'all',
      conditions: [
        match('x', ['1', '2', '3', '4']),
        match('y', ['q'], { not: true }),
        { type: 'any', conditions: [match('n', ['30'], { operator: 'lessThan' }), match('z', ['hi'])] },
        { type: 'notAny', conditions: [match('x', ['4']), match('n', ['90'], { operator: 'greaterThan' })] },
      ],
    };
    const keep = compileCondition(condition);
    const expected = (a: { x: number; y: string; z: string; n: number }): boolean =>
      [1, 2, 3, 4].includes(a.x) && a.y !== 'q' && (a.n < 30 || a.z === 'hi') && !(a.x === 4 || a.n > 90);
    let kept = 0;
    for (let i = 0; i < 4000; i++) {
      const late = i >= 2000;
      const a = { x: late ? i % 5 : i % 9, y: ['p', 'q', 'r'][late ? i % 2 : i % 3] as string, z: late ? 'hi' : 'lo', n: (i * 37) % 100 };
      assert.equal(keep(a), expected(a), JSON.stringify(a));
      if (expected(a)) kept++;
    }
    assert.ok(kept > 100 && kept < 3900, 'both answers occur');
  });
  test('caseInsensitive equals folds non-ASCII text whose length changes when lower-cased', () => {
    // "İ" lower-cases to "i" + U+0307: two characters.
    assert.equal(keeps(match('name', ['i\u0307x'], { caseInsensitive: true }), { name: '\u0130X' }), true);
    assert.equal(keeps(match('name', ['VALID'], { caseInsensitive: true }), { name: 'valid' }), true);
    assert.equal(keeps(match('name', ['invalid'], { caseInsensitive: true }), { name: 'VALID' }), false);
    assert.equal(keeps(match('n', ['TRUE'], { caseInsensitive: true }), { n: true }), true, 'booleans through their string form');
  });
  test('wildcard values and overlaps results are kept in the context cache, with the same answers as without', () => {
    const wildcard = match('*.sectionNormalizedName', ['family'], { operator: 'contains', caseInsensitive: true, not: true });
    const keep = compileCondition(wildcard);
    const inFamily = { section: { sectionNormalizedName: 'Family History' } };
    const elsewhere = { section: { sectionNormalizedName: 'plan' } };
    const cache = createConditionCache();
    assert.equal(keep(inFamily, { cache }), false);
    assert.equal(keep(elsewhere, { cache }), true);
    assert.equal(keep(inFamily), false);
    assert.equal(cache.size, 1, 'one entry per wildcard path');
    assert.equal([...cache.values()][0]?.size, 2, 'one walk per annotation');
    // Another condition on the same path (another field) reads the values kept.
    assert.equal(compileCondition({ ...wildcard, not: false })(inFamily, { cache }), true);
    assert.equal(compileCondition(match('*.sectionNormalizedName', ['plan'], { caseInsensitive: true }))(elsewhere, { cache }), true);
    assert.equal(compileCondition(match('*.sectionNormalizedName', ['plan'], { caseInsensitive: true }))(inFamily, { cache }), false);
    assert.equal(cache.size, 1);
    const overlaps = compileCondition({ type: 'overlaps', target: 'unstructured.data.concepts', condition: match('cui', ['C2']) });
    const data = { concepts: [{ begin: 0, end: 5, cui: 'C2' }] };
    assert.equal(overlaps({ begin: 1, end: 3 }, { data, cache }), true);
    assert.equal(cache.size, 2, 'an overlaps condition keeps its results under its text');
  });
});

describe('conditionRequirement (what a condition needs, for indexing candidates)', () => {
  test('equals gives its values (folded when caseInsensitive); other operators give presence', () => {
    assert.deepEqual(conditionRequirement(match('semanticType', ['dsyn', 'neop'])), [{ field: 'semanticType', fold: false, values: ['dsyn', 'neop'] }]);
    assert.deepEqual(conditionRequirement(match('type', ['ICAlcohol'], { caseInsensitive: true })), [{ field: 'type', fold: true, values: ['icalcohol'] }]);
    assert.deepEqual(conditionRequirement(match('score', ['0.5'], { operator: 'greaterThan' })), [{ field: 'score', fold: false }]);
  });
  test('all takes its narrowest child, any the union of its children; negations, wildcards, expressions and overlaps give none', () => {
    const narrow = match('insightModelCandidates', ['ICMedication']);
    const wide = match('semanticType', ['a', 'b', 'c']);
    assert.deepEqual(conditionRequirement({ type: 'all', conditions: [wide, match('x', ['1'], { not: true }), narrow] }), conditionRequirement(narrow));
    assert.deepEqual(conditionRequirement({ type: 'any', conditions: [narrow, wide] }), [...conditionRequirement(narrow)!, ...conditionRequirement(wide)!]);
    assert.equal(conditionRequirement({ type: 'any', conditions: [narrow, match('y', ['1'], { not: true })] }), undefined);
    assert.equal(conditionRequirement(match('*.sectionNormalizedName', ['x'])), undefined);
    assert.equal(conditionRequirement({ type: 'expression', expression: '${a} > 1' }), undefined);
    assert.equal(conditionRequirement({ type: 'overlaps', target: 'unstructured.data.concepts', condition: narrow }), undefined);
    assert.equal(conditionRequirement({ type: 'notAny', conditions: [narrow] }), undefined);
    assert.equal(conditionRequirement({ type: 'all', conditions: [] }), undefined);
  });
});

describe('conditionRequirements (every necessary requirement, with numeric bounds)', () => {
  const narrow = match('insightModelCandidates', ['ICMedication']);
  const wide = match('semanticType', ['a', 'b', 'c']);
  test('numeric operators give a bound: the lowest of lower bounds, the highest of upper bounds', () => {
    assert.deepEqual(conditionRequirements(match('s', ['0.7'], { operator: 'greaterThanOrEqualTo' })), [[{ field: 's', fold: false, bound: { operator: 'greaterThanOrEqualTo', value: 0.7 } }]]);
    assert.deepEqual(conditionRequirements(match('s', ['0.7', '0.2'], { operator: 'greaterThan' })), [[{ field: 's', fold: false, bound: { operator: 'greaterThan', value: 0.2 } }]]);
    assert.deepEqual(conditionRequirements(match('s', [0.4, '0.6'], { operator: 'lessThan' })), [[{ field: 's', fold: false, bound: { operator: 'lessThan', value: 0.6 } }]]);
    assert.deepEqual(conditionRequirements(match('s', ['x'], { operator: 'contains' })), [[{ field: 's', fold: false }]]);
  });
  test('all keeps every child requirement, narrowest first; any unites one requirement of each child', () => {
    const bound = match('s', ['0.7'], { operator: 'greaterThanOrEqualTo' });
    const present = match('t', ['x'], { operator: 'contains' });
    assert.deepEqual(conditionRequirements({ type: 'all', conditions: [present, bound, match('x', ['1'], { not: true }), wide, narrow] }), [
      ...conditionRequirements(narrow), ...conditionRequirements(wide), ...conditionRequirements(bound), ...conditionRequirements(present),
    ]);
    assert.deepEqual(conditionRequirements({ type: 'any', conditions: [{ type: 'all', conditions: [present, narrow] }, bound] }), [[...conditionRequirements(narrow)[0]!, ...conditionRequirements(bound)[0]!]]);
    assert.deepEqual(conditionRequirements({ type: 'any', conditions: [narrow, match('y', ['1'], { not: true })] }), []);
    assert.deepEqual(conditionRequirements({ type: 'all', conditions: [narrow], not: true }), []);
    assert.deepEqual(conditionRequirements({ type: 'expression', expression: '${a} > 1' }), []);
    assert.deepEqual(conditionRequirements(match('*.s', ['1'], { operator: 'greaterThan' })), []);
  });
});

describe('conditionFields and fieldCollector', () => {
  test('conditionFields lists the top-level fields read, or undefined when any field may be read', () => {
    const fields = conditionFields({ type: 'all', conditions: [match('a.b', ['1']), { type: 'notAny', conditions: [match('c', ['x'])] }, { type: 'expression', expression: '${d.e} + ${f} > 1' }] });
    assert.deepEqual([...(fields ?? [])].sort(), ['a', 'c', 'd', 'f']);
    assert.equal(conditionFields(match('*.sectionNormalizedName', ['x'])), undefined);
    assert.equal(conditionFields({ type: 'overlaps', target: 'unstructured.data.concepts', condition: match('a', ['1']) }), undefined);
    assert.equal(conditionFields({ type: 'expression', expression: '${*.score} > 1' }), undefined);
    assert.deepEqual(compileFilter({ target: 'unstructured.data.concepts', condition: match('cui', ['C1']) }).reads, ['cui']);
    assert.equal(compileFilter({ target: 'unstructured.data.concepts', condition: match('*.cui', ['C1']) }).reads, undefined);
  });
  test('a copy with just the fields read is kept alike', () => {
    const condition = { type: 'all', conditions: [match('semanticType', ['dsyn']), match('disambiguationData.validity', ['INVALID'], { not: true })] };
    const keep = compileCondition(condition);
    const fields = [...(conditionFields(condition) ?? [])];
    for (const a of [{ semanticType: 'dsyn', cui: 'C1' }, { semanticType: 'dsyn', disambiguationData: { validity: 'INVALID' } }, { cui: 'C2' }]) {
      const copy = Object.fromEntries(fields.filter((f) => Object.hasOwn(a, f)).map((f) => [f, (a as Record<string, unknown>)[f]]));
      assert.equal(keep(copy), keep(a));
    }
  });
  test('fieldCollector appends every value found, in fieldReader\'s order (own values before nested ones)', () => {
    const a = { x: [{ y: 1 }, { y: [2, null, 3] }, { z: 4 }], s: { t: { y: 5 } }, y: 6 };
    const expected: Record<string, unknown[]> = { 'x.y': [1, 2, 3], '*.y': [6, 1, 2, 3, 5], 'x.z': [4], y: [6], 's.t.y': [5], 'missing.y': [] };
    for (const [field, values] of Object.entries(expected)) {
      const out: unknown[] = ['kept'];
      fieldCollector(field)(a, out);
      assert.deepEqual(out, ['kept', ...values], field);
      assert.deepEqual(fieldReader(field)(a), values, field);
    }
  });
});
