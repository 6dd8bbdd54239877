// attribute_detection over the REAL attribute sets and concept inference rules of the clinical insights
// cartridge (validated with the deployment validator, never deployed), on Documents built from hand-made
// annotations. Scores come either from the real model_broker or, to pin the set semantics, by hand.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { DomainError } from '../../../errors.js';
import type { Annotation, Document } from '../../document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import { applyResult } from '../../pipeline.js';
import { serializeDocument, type JsonObject } from '../../serialize.js';
import { negationAnnotator } from '../negation/negation.js';
import { applyInferenceRules, compileRuleSet } from '../concept-detection/inference-rules.js';
import { modelBroker, type ModelBrokerCompiled } from '../model-broker/model-broker.js';
import { compileAttributeSet } from './attribute-set.js';
import { ATTRIBUTE_VALUE_TYPE } from './attribute-value.js';
import { attributeDetection, attributeDetectionParams, detectAttributes, type AttributeDetectionCompiled, type AttributeDetectionParams } from './attribute-detection.js';
import { CLINICAL_SET, FEATURE_RULES, SUBSTANCE_RULES, SUBSTANCE_SET, documentWith, loadClinicalInsights, resourcesOf, type Spec } from './insight-fixture.js';

let artifacts: ArtifactLookup;
let resources: EngineResources;
let compiled: AttributeDetectionCompiled;
let broker: ModelBrokerCompiled;
const negation = negationAnnotator.init(undefined as never);
const defaults = Value.Default(attributeDetectionParams, {}) as AttributeDetectionParams;
const bothSets: AttributeDetectionParams = { ...defaults, attribute_set: [CLINICAL_SET, SUBSTANCE_SET] };

before(async () => {
  artifacts = await loadClinicalInsights();
  resources = resourcesOf(artifacts);
  compiled = attributeDetection.init(resources);
  broker = modelBroker.init(resources);
});

interface Analysis {
  readonly doc: Document;
  readonly attributes: Annotation[];
  /** The annotation of `layer` covering exactly `text`. */
  at(text: string, layer?: string): Annotation;
  /** Names of the attribute values over `text`. */
  namesAt(text: string): string[];
}

/** Negation, the real concept inference rules, the real model_broker, then attribute_detection. */
function analyse(text: string, specs: readonly Spec[], params: AttributeDetectionParams = bothSets, scores = true): Analysis {
  const { doc } = documentWith(text, specs);
  const concepts = doc.layers.get('concepts');
  if (concepts !== undefined) {
    const rules = [SUBSTANCE_RULES, FEATURE_RULES].map((id) => compileRuleSet(artifacts.get('concept_inference_rules', id) as object));
    doc.layers.set('concepts', applyInferenceRules(concepts, rules));
  }
  applyResult(doc, negationAnnotator.run(doc, Value.Default(negationAnnotator.params, {}) as never, negation, { resources, configurations: [] }));
  if (scores) applyResult(doc, modelBroker.run(doc, Value.Default(modelBroker.params, {}) as never, broker, { resources, configurations: [] }));
  const result = attributeDetection.run(doc, params, compiled, { resources, configurations: [] });
  applyResult(doc, result);
  const attributes = [...(doc.layers.get('attributeValues') ?? [])];
  const at = (t: string, layer = 'concepts'): Annotation => {
    const found = (doc.layers.get(layer) ?? []).find((a) => a.coveredText === t);
    assert.ok(found !== undefined, `no ${layer} annotation "${t}"`);
    return found;
  };
  return { doc, attributes, at, namesAt: (t) => attributes.filter((a) => a.coveredText === t).map((a) => String(a.name)).sort() };
}

const disease = (text: string, cui = 'C0011849', extra: Record<string, unknown> = {}): Spec => ({ text, fields: { cui, preferredName: text, semanticType: 'dsyn', type: 'umls.DiseaseOrSyndrome', ...extra } });
const symptom = (text: string, cui: string): Spec => ({ text, fields: { cui, preferredName: text, semanticType: 'sosy', type: 'umls.SignOrSymptom' } });
const drug = (text: string, cui: string, semanticType = 'phsu'): Spec => ({ text, fields: { cui, preferredName: text, semanticType, type: 'umls.PharmacologicSubstance' } });

describe('attribute_detection: the real attribute sets compile', () => {
  test('every enabled attribute of both sets compiles once, with set name and version as source', () => {
    const clinical = compileAttributeSet(CLINICAL_SET, artifacts.get('attribute_set', CLINICAL_SET));
    const substance = compileAttributeSet(SUBSTANCE_SET, artifacts.get('attribute_set', SUBSTANCE_SET));
    assert.deepEqual(clinical.attributes.map((a) => a.name), [
      'AbnormalFinding', 'Diagnosis', 'DiagnosticProcedure', 'LabValue', 'MedicationAdverseEvent', 'MedicationAllergy', 'NormalFinding',
      'PatientReportedCondition', 'PendingDiagnosticProcedure', 'PendingTherapeuticProcedure', 'PotentialDiagnosis', 'PrescribedMedication', 'TherapeuticProcedure',
    ]);
    assert.equal(clinical.name, 'Clinical Insights - Attributes');
    assert.equal(clinical.version, 'v1.0');
    // PrescribedMedicationAbuse is disabled in the cartridge.
    assert.equal(substance.attributes.some((a) => a.name === 'PrescribedMedicationAbuse'), false);
    assert.equal(substance.attributes.length, 11);
    assert.ok([...clinical.keys].includes('SymptomDiseaseInd') && [...clinical.keys].includes('MedicationInd'));
  });

  test('a set id that is not deployed is a 400 naming it; a malformed set names the problem', () => {
    const { doc } = documentWith('x', []);
    assert.throws(() => detectAttributes(doc, { ...defaults, attribute_set: ['nope'] }, compiled, artifacts),
      (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_ANNOTATOR_PARAMETER' && e.description.includes('"nope"'));
    assert.throws(() => compileAttributeSet('bad', { attributes: [{ name: 'X', possibleValues: [{ fields: [{ target: 'concepts', condition: { type: 'match' } }] }] }] }),
      (e: unknown) => e instanceof DomainError && e.description.includes('bad') && e.description.includes('target'));
  });
});

describe('attribute_detection: clinical insights attributes from model_broker scores', () => {
  test('an explicit diagnosis is Diagnosis; negated it is nothing', () => {
    assert.deepEqual(analyse('Patient has diabetes.', [disease('diabetes')]).namesAt('diabetes'), ['Diagnosis']);
    const negated = analyse('No evidence of pneumonia.', [disease('pneumonia', 'C0032285')]);
    assert.equal(negated.at('pneumonia').negated, true);
    assert.deepEqual(negated.namesAt('pneumonia'), []);
  });

  test('"rule out" makes PotentialDiagnosis, "complains of" PatientReportedCondition, family history nothing', () => {
    assert.deepEqual(analyse('Rule out pneumonia.', [disease('pneumonia', 'C0032285')]).namesAt('pneumonia'), ['PotentialDiagnosis']);
    assert.deepEqual(analyse('She complains of headache.', [symptom('headache', 'C0018681')]).namesAt('headache'), ['PatientReportedCondition']);
    const family = analyse('Family history: mother with breast cancer.', [disease('breast cancer', 'C0006142', { sectionNormalizedName: 'family history', sectionSurfaceForm: 'Family history' })]);
    assert.deepEqual(family.namesAt('breast cancer'), []);
  });

  test('a prescribed medication is PrescribedMedication; "allergic to X" is MedicationAllergy instead', () => {
    const taken = analyse('He takes metformin 500 mg daily.', [drug('metformin', 'C0025598'), { text: 'metformin 500 mg daily', layer: 'MedicationInd', fields: { cui: 'C0025598' } }]);
    // matchOverlappingConcepts false: the concept and the MedicationInd overlap, the longer span is kept.
    assert.deepEqual(taken.namesAt('metformin 500 mg daily'), ['PrescribedMedication']);
    assert.deepEqual(taken.namesAt('metformin'), []);
    assert.deepEqual(analyse('He takes metformin.', [drug('metformin', 'C0025598')]).namesAt('metformin'), ['PrescribedMedication']);
    const allergy = analyse('Patient is allergic to penicillin.', [drug('penicillin', 'C0030842', 'antb')]);
    assert.deepEqual(allergy.namesAt('penicillin'), ['MedicationAllergy']);
    const section = analyse('Allergies: sulfa drugs.', [drug('sulfa drugs', 'C0038760')]);
    assert.deepEqual(section.namesAt('sulfa drugs'), ['MedicationAllergy']);
  });

  test('an adverse event caused by a drug is MedicationAdverseEvent', () => {
    const r = analyse('She developed a rash caused by amoxicillin.', [drug('amoxicillin', 'C0002645', 'antb')]);
    assert.deepEqual(r.namesAt('amoxicillin'), ['MedicationAdverseEvent']);
  });

  test('a MedicationInd overlapping a concept tagged ICIllicitDrug is not PrescribedMedication (overlaps condition)', () => {
    const r = analyse('He uses cocaine.', [drug('cocaine', 'C0009170'), { text: 'cocaine', layer: 'MedicationInd', fields: { cui: 'C0009170' } }]);
    const concept = r.at('cocaine');
    assert.ok((concept.insightModelCandidates as string[]).includes('ICDrugCandidate'));
    const names = r.attributes.filter((a) => a.coveredText === 'cocaine').map((a) => `${String(a.name)}:${(a.concept as Annotation) === concept ? 'concept' : 'aci'}`);
    assert.ok(names.includes('DrugAbuse:concept'), names.join());
    assert.ok(!names.some((n) => n.startsWith('PrescribedMedication')), names.join());
  });

  test('procedures: done → TherapeuticProcedure, scheduled → PendingDiagnosticProcedure', () => {
    const done = analyse('She underwent appendectomy in 2019.', [{ text: 'appendectomy', fields: { cui: 'C0003611', semanticType: 'topp', preferredName: 'Appendectomy' } }]);
    assert.deepEqual(done.namesAt('appendectomy'), ['TherapeuticProcedure']);
    assert.equal(done.attributes[0]?.preferredName, 'Appendectomy');
    const pending = analyse('Colonoscopy is scheduled for next week.', [{ text: 'Colonoscopy', layer: 'ProcedureInd', fields: { cui: 'C0009378', procedureNormalizedName: 'colonoscopy' } },
      { text: 'Colonoscopy', fields: { cui: 'C0009378', semanticType: 'diap', preferredName: 'Colonoscopy' } }]);
    assert.deepEqual(pending.namesAt('Colonoscopy'), ['PendingDiagnosticProcedure']);
  });

  test('normality: an out-of-range lab is AbnormalFinding, "unremarkable" NormalFinding; LabValue carries the value', () => {
    const lab = analyse('Potassium 6.1 (3.5-5.0).', [{ text: 'Potassium', fields: { cui: 'C0202194', semanticType: 'lbpr', preferredName: 'Potassium measurement' } }]);
    assert.ok(lab.namesAt('Potassium').includes('AbnormalFinding'));
    const normal = analyse('Chest x-ray unremarkable.', [{ text: 'Chest x-ray', fields: { cui: 'C0039985', semanticType: 'diap', preferredName: 'Plain chest X-ray' } }]);
    assert.ok(normal.namesAt('Chest x-ray').includes('NormalFinding'));
    const value = analyse('Pulse: 84', [{ text: '84', layer: 'LabValueInd', fields: { labValue: '84', labTypeNormalizedName: 'pulse' } }]);
    const attr = value.attributes.find((a) => a.name === 'LabValue');
    assert.deepEqual(attr?.values, [{ value: '84' }]);
    assert.equal(attr?.preferredName, 'pulse');
    const family = analyse('Pulse: 84', [{ text: '84', layer: 'LabValueInd', fields: { labValue: '84', labTypeNormalizedName: 'pulse', sectionNormalizedName: 'family history' } }]);
    assert.equal(family.attributes.some((a) => a.name === 'LabValue'), false);
  });
});

describe('attribute_detection: substance use attributes', () => {
  const smoking = (text: string): Spec => ({ text, fields: { cui: 'C0037369', preferredName: 'Smoking', semanticType: 'inbe' } });
  const valueOf = (r: Analysis, name: string): string[] => r.attributes.filter((a) => a.name === name).flatMap((a) => (a.values as { value: string }[]).map((v) => v.value));

  test('current, former and no tobacco use', () => {
    const current = analyse('She smokes 1 ppd.', [smoking('smokes')]);
    assert.deepEqual(valueOf(current, 'TobaccoUse'), ['current']);
    const former = analyse('Former smoker.', [{ text: 'Former smoker', fields: { cui: 'C0337671', preferredName: 'Ex-smoker', semanticType: 'fndg' } }]);
    assert.deepEqual(valueOf(former, 'TobaccoUse'), ['former']);
    const none = analyse('Denies tobacco use.', [{ text: 'tobacco use', fields: { cui: 'C0543414', preferredName: 'Tobacco use', semanticType: 'inbe' } }]);
    assert.deepEqual(valueOf(none, 'NoTobaccoUse'), ['none']);
    assert.deepEqual(valueOf(none, 'TobaccoUse'), []);
    const never = analyse('She has never smoked.', [smoking('smoked')]);
    assert.deepEqual(valueOf(never, 'NoTobaccoUse'), ['never']);
  });

  test('tobacco exposure and treatment', () => {
    const exposure = analyse('Secondhand smoke exposure at home.', [{ text: 'smoke', fields: { cui: 'C0037369', preferredName: 'Smoking', semanticType: 'inbe' } }]);
    assert.deepEqual(valueOf(exposure, 'TobaccoExposure'), ['exposure']);
    const treatment = analyse('He smokes daily and started a nicotine patch for cessation.', [smoking('smokes')]);
    assert.deepEqual(valueOf(treatment, 'TobaccoTreatment'), ['treatment']);
  });

  test('alcohol use, level and abuse', () => {
    const social = analyse('Drinks alcohol socially.', [{ text: 'alcohol', fields: { cui: 'C0001962', preferredName: 'Ethanol', semanticType: 'orch' } }]);
    assert.deepEqual(valueOf(social, 'AlcoholUse'), ['use']);
    assert.deepEqual(valueOf(social, 'AlcoholUseLevel'), ['light']);
    const abuse = analyse('History of alcohol abuse.', [{ text: 'alcohol abuse', fields: { cui: 'C0085762', preferredName: 'Alcohol abuse', semanticType: 'mobd' } }]);
    assert.deepEqual(valueOf(abuse, 'AlcoholAbuse'), ['former']);
    const none = analyse('She does not drink alcohol.', [{ text: 'alcohol', fields: { cui: 'C0001962', preferredName: 'Ethanol', semanticType: 'orch' } }]);
    assert.deepEqual(valueOf(none, 'NoAlcoholUse'), ['none']);
  });

  test('illicit drugs: abuse and denial', () => {
    const use = analyse('Reports heroin use.', [{ text: 'heroin', fields: { cui: 'C0011892', preferredName: 'Heroin', semanticType: 'orch' } }]);
    assert.deepEqual(valueOf(use, 'DrugAbuse'), ['abuse']);
    const denies = analyse('Denies heroin use.', [{ text: 'heroin', fields: { cui: 'C0011892', preferredName: 'Heroin', semanticType: 'orch' } }]);
    assert.deepEqual(valueOf(denies, 'NoDrugAbuse'), ['none']);
    assert.deepEqual(valueOf(denies, 'DrugAbuse'), []);
  });
});

describe('attribute_detection: set semantics with hand-made scores', () => {
  const scored = (usage: Record<string, number>, extra: Record<string, unknown> = {}): Spec => disease('asthma', 'C0004096', {
    insightModelData: { diagnosis: { usage: { explicitScore: 0, patientReportedScore: 0, discussedScore: 0, ...usage }, suspectedScore: 0.1, familyHistoryScore: 0.1 } },
    ...extra,
  });
  const names = (spec: Spec): string[] => analyse('asthma', [spec], { ...defaults, attribute_set: [CLINICAL_SET] }, false).namesAt('asthma');

  test('the expression branch: explicit ≥ 0.3 and explicit + patientReported ≥ 0.7 is Diagnosis; below 0.3 it is PatientReportedCondition', () => {
    assert.deepEqual(names(scored({ explicitScore: 0.4, patientReportedScore: 0.35 })), ['Diagnosis']);
    assert.deepEqual(names(scored({ explicitScore: 0.4, patientReportedScore: 0.2 })), []);
    assert.deepEqual(names(scored({ explicitScore: 0.2, patientReportedScore: 0.55 })), ['PatientReportedCondition']);
  });

  test('disambiguation INVALID blocks the attribute; a missing score never matches a threshold', () => {
    assert.deepEqual(names(scored({ explicitScore: 0.9 }, { disambiguationData: { validity: 'INVALID' } })), []);
    assert.deepEqual(names(disease('asthma')), []);
  });

  test('two concepts on one span give one Diagnosis (allowDuplicates false), referencing the valid one', () => {
    const data = { diagnosis: { usage: { explicitScore: 0.9, patientReportedScore: 0, discussedScore: 0 }, suspectedScore: 0, familyHistoryScore: 0 } };
    const r = analyse('asthma', [disease('asthma', 'C0004096', { insightModelData: data, disambiguationData: { validity: 'NO_DECISION' } }),
      disease('asthma', 'C0155877', { insightModelData: data, disambiguationData: { validity: 'VALID' } })], { ...defaults, attribute_set: [CLINICAL_SET] }, false);
    assert.equal(r.attributes.length, 1);
    assert.equal((r.attributes[0]?.concept as Annotation).cui, 'C0155877');
  });
});

describe('attribute_detection: output shape', () => {
  test('wire shape: type, concept {uid} of the source, negated boolean, context and insight data copied', () => {
    const r = analyse('Patient has diabetes.', [disease('diabetes', 'C0011849', { icd10Code: 'E11.9', sectionNormalizedName: 'assessment', sectionSurfaceForm: 'Assessment' })],
      { ...bothSets, include_optional_fields: ['medical_codes'] });
    const json = serializeDocument(r.doc, { returnAnalyzedText: false, producedKeys: ['concepts', 'attributeValues'] });
    const data = json.data as JsonObject;
    const concept = (data.concepts as JsonObject[])[0] as JsonObject;
    const attr = (data.attributeValues as JsonObject[])[0] as JsonObject;
    assert.equal(attr.type, ATTRIBUTE_VALUE_TYPE);
    assert.deepEqual([attr.begin, attr.end, attr.coveredText, attr.name, attr.preferredName], [12, 20, 'diabetes', 'Diagnosis', 'diabetes']);
    assert.deepEqual(attr.values, [{ value: 'true' }]);
    assert.deepEqual(attr.concept, { uid: concept.uid });
    assert.deepEqual(attr.derivedFrom, [{ uid: concept.uid }]);
    assert.deepEqual(attr.evidenceSpans, [{ uid: concept.uid, valueIndex: 0 }]);
    assert.equal(attr.negated, false);
    assert.equal(attr.source, 'Clinical Insights - Attributes');
    assert.equal(attr.sourceVersion, 'v1.0');
    assert.equal(attr.sectionNormalizedName, 'assessment');
    assert.equal(attr.icd10Code, 'E11.9');
    assert.deepEqual(attr.insightModelData, concept.insightModelData);
    const without = analyse('Patient has diabetes.', [disease('diabetes', 'C0011849', { icd10Code: 'E11.9' })]);
    assert.equal(without.attributes[0]?.icd10Code, undefined);
  });

  test('qualifiers when detect_qualifiers: severity and laterality before the span', () => {
    const spec: Spec = { text: 'knee pain', fields: { cui: 'C0231749', preferredName: 'Knee pain', semanticType: 'sosy' } };
    const r = analyse('Severe left knee pain.', [spec], { ...bothSets, detect_qualifiers: true });
    const attr = r.attributes.find((a) => a.name === 'Diagnosis');
    assert.deepEqual((attr?.qualifiers as { qualifier: string; value: string }[]).map((q) => `${q.qualifier}=${q.value}`), ['severity=severe', 'laterality=left']);
    const off = analyse('Severe left knee pain.', [spec]);
    assert.equal(off.attributes.find((a) => a.name === 'Diagnosis')?.qualifiers, undefined);
  });

  test('derived attributes (inference_rules): a Diagnosis and a PrescribedMedication in one sentence make TreatedCondition', () => {
    const rules = {
      name: 'Derived', rules: ['treated'],
      ruleDefinitions: {
        treated: {
          scope: 'sentence', enabled: true,
          condition: { type: 'all', conditions: [{ field: 'Diagnosis.value', operator: 'equals', values: ['true'] }, { field: 'PrescribedMedication.negated', operator: 'equals', values: ['false'] }] },
          assignment: [{ field: 'name', value: 'TreatedCondition' }, { field: 'preferredName', value: '${Diagnosis} treated with ${PrescribedMedication[preferredName]}' }],
        },
      },
    };
    const lookup: ArtifactLookup = { get: (kind, id) => (kind === 'inference_rules' && id === 'derived' ? rules : artifacts.get(kind, id)) };
    const text = 'He has diabetes and takes metformin. Asthma noted.';
    const { doc } = documentWith(text, [disease('diabetes'), drug('metformin', 'C0025598'), disease('Asthma', 'C0004096')]);
    applyResult(doc, modelBroker.run(doc, Value.Default(modelBroker.params, {}) as never, broker, { resources, configurations: [] }));
    const out = detectAttributes(doc, { ...bothSets, inference_rules: ['derived'] }, compiled, lookup);
    const derived = out.filter((a) => a.name === 'TreatedCondition');
    assert.equal(derived.length, 1);
    assert.equal(derived[0]?.preferredName, 'diabetes treated with metformin');
    assert.equal(derived[0]?.coveredText, 'diabetes and takes metformin');
    assert.equal((derived[0]?.derivedFrom as Annotation[]).length, 2);
  });
});

describe('attribute_detection: values discovered from concept values', () => {
  test('LabValue on an ejection-fraction concept takes its concept value (existenceDetection false); Diagnosis stays "true"', () => {
    const text = 'Ejection fraction 55%. Pain 2/10.';
    const { doc } = documentWith(text, [
      { text: 'Ejection fraction', fields: { cui: 'C0428772', preferredName: 'Left ventricular ejection fraction', semanticType: 'fndg' } },
      { text: 'Ejection fraction 55%', layer: 'conceptValues', fields: { cui: 'C0428772', value: '55', unit: '%' } },
      { text: 'Pain', fields: { cui: 'C0030193', preferredName: 'Pain', semanticType: 'sosy', insightModelData: { diagnosis: { usage: { explicitScore: 0.9, patientReportedScore: 0, discussedScore: 0 }, suspectedScore: 0, familyHistoryScore: 0 } } } },
      { text: 'Pain 2/10', layer: 'conceptValues', fields: { cui: 'C0030193', value: '2/10' } },
    ]);
    const out = detectAttributes(doc, { ...defaults, attribute_set: [CLINICAL_SET] }, compiled, artifacts);
    const lab = out.find((a) => a.name === 'LabValue');
    assert.deepEqual(lab?.values, [{ value: '55', unit: '%' }]);
    assert.equal(lab?.coveredText, 'Ejection fraction');
    assert.deepEqual(out.find((a) => a.name === 'Diagnosis')?.values, [{ value: 'true' }]);
  });
});
