// model_broker on Documents built from hand-made annotations (and the real concept inference rules of the
// clinical insights cartridge where tags matter): which models apply, how context, sections and cue
// phrases move the scores, the fields real clients check (reference §9.2), and the lexicon's validation.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { DomainError } from '../../../errors.js';
import type { Annotation, Document } from '../../document.js';
import type { EngineResources } from '../../resources.js';
import { applyResult } from '../../pipeline.js';
import { negationAnnotator } from '../negation/negation.js';
import { hypotheticalAnnotator } from '../hypothetical/hypothetical.js';
import { applyInferenceRules, compileRuleSet } from '../concept-detection/inference-rules.js';
import { FEATURE_RULES, SUBSTANCE_RULES, documentWith, loadClinicalInsights, resourcesOf, type Spec } from '../attribute-detection/insight-fixture.js';
import { compileInsightLexicon, validateInsightLexicon, INSIGHT_LEXICON_FILE } from './insight-lexicon.js';
import lexiconBody from '../../../../resources/insights/en.json' with { type: 'json' };
import { modelBroker, modelBrokerParams, runModelBroker, type ModelBrokerCompiled, type ModelBrokerParams } from './model-broker.js';
import { findDates } from './temporal-model.js';

let resources: EngineResources;
let compiled: ModelBrokerCompiled;
let tagRules: ReturnType<typeof compileRuleSet>[];
const defaults = Value.Default(modelBrokerParams, {}) as ModelBrokerParams;
const negation = negationAnnotator.init(undefined as never);
const hypothetical = hypotheticalAnnotator.init(undefined as never);

before(async () => {
  const artifacts = await loadClinicalInsights();
  resources = resourcesOf(artifacts);
  compiled = modelBroker.init(resources);
  tagRules = [SUBSTANCE_RULES, FEATURE_RULES].map((id) => compileRuleSet(artifacts.get('concept_inference_rules', id) as object));
});

/** Real inference-rule tags, negation and hypothetical, then model_broker; returns the scored annotations. */
function score(text: string, specs: readonly Spec[], params: Partial<ModelBrokerParams> = {}): { doc: Document; get: (t: string, layer?: string) => Annotation } {
  const { doc } = documentWith(text, specs);
  const concepts = doc.layers.get('concepts');
  if (concepts !== undefined) doc.layers.set('concepts', applyInferenceRules(concepts, tagRules));
  const ctx = { resources, configurations: [] };
  applyResult(doc, negationAnnotator.run(doc, Value.Default(negationAnnotator.params, {}) as never, negation, ctx));
  applyResult(doc, hypotheticalAnnotator.run(doc, Value.Default(hypotheticalAnnotator.params, {}) as never, hypothetical, ctx));
  applyResult(doc, modelBroker.run(doc, { ...defaults, ...params }, compiled, ctx));
  return {
    doc,
    get: (t, layer = 'concepts') => {
      const a = (doc.layers.get(layer) ?? []).find((x) => x.coveredText === t);
      assert.ok(a !== undefined, `no ${layer} "${t}"`);
      return a;
    },
  };
}

type Insight = Record<string, Record<string, unknown>>;
const insight = (a: Annotation): Insight => a.insightModelData as Insight;
const num = (v: unknown): number => {
  assert.equal(typeof v, 'number');
  return v as number;
};
const at = (a: Annotation, path: string): number => num(path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], a.insightModelData));

const disease = (text: string, extra: Record<string, unknown> = {}): Spec => ({ text, fields: { cui: 'C0011849', preferredName: text, semanticType: 'dsyn', ...extra } });
const med = (text: string, cui = 'C0025598'): Spec => ({ text, fields: { cui, preferredName: text, semanticType: 'phsu', type: 'umls.PharmacologicSubstance' } });

function everyScore(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'number') {
    if (!(value >= 0 && value <= 1) || Math.round(value * 1000) / 1000 !== value) out.push(`${path}=${value}`);
  } else if (Array.isArray(value)) value.forEach((v, i) => everyScore(v, `${path}[${i}]`, out));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) if (k !== 'begin' && k !== 'end') everyScore(v, `${path}.${k}`, out);
  }
}

describe('model_broker: contract and wire shape', () => {
  test('declares its contract; every model is on by default', () => {
    assert.equal(modelBroker.id, 'model_broker');
    assert.deepEqual(modelBroker.produces, []);
    assert.deepEqual([...defaults.models].sort(), ['diagnosis', 'medication', 'normality', 'procedure', 'substance', 'temporal']);
    assert.equal(defaults.link_all_temporal_candidates, false);
  });

  test('every score is a number in [0, 1] with at most 3 decimals', () => {
    const r = score('She smokes and drinks alcohol daily; takes metformin; potassium 6.1 (3.5-5.0); colonoscopy planned; headache.', [
      { text: 'smokes', fields: { cui: 'C0037369', semanticType: 'inbe' } }, { text: 'alcohol', fields: { cui: 'C0001962', semanticType: 'orch' } },
      med('metformin'), { text: 'potassium', fields: { cui: 'C0202194', semanticType: 'lbpr' } }, { text: 'colonoscopy', layer: 'ProcedureInd' },
      { text: 'headache', fields: { cui: 'C0018681', semanticType: 'sosy' } },
    ]);
    const bad: string[] = [];
    let scored = 0;
    for (const list of r.doc.layers.values()) {
      for (const a of list) {
        if (a.insightModelData === undefined) continue;
        scored++;
        everyScore(a.insightModelData, a.coveredText, bad);
      }
    }
    assert.equal(scored, 6);
    assert.deepEqual(bad, []);
  });

  test('medication, tobacco and procedure carry every field the Go SDK checks', () => {
    const r = score('He smokes. He takes aspirin. Colonoscopy done.', [{ text: 'smokes', fields: { cui: 'C0037369', semanticType: 'inbe' } }, { text: 'aspirin', layer: 'MedicationInd' }, { text: 'Colonoscopy', layer: 'ProcedureInd' }]);
    const m = insight(r.get('aspirin', 'MedicationInd')).medication as Record<string, unknown>;
    for (const k of ['usage', 'startedEvent', 'stoppedEvent', 'doseChangedEvent', 'adverseEvent']) assert.ok(m[k] !== undefined, k);
    const t = insight(r.get('smokes')).tobacco as Record<string, unknown>;
    for (const k of ['exposureScore', 'usage', 'useStatus', 'nonPatientScore', 'treatmentScore']) assert.ok(t[k] !== undefined, k);
    const n = insight(r.get('Colonoscopy', 'ProcedureInd')).normality as Record<string, unknown>;
    assert.ok(n.usage !== undefined && Array.isArray(n.evidence));
  });

  test('the models parameter restricts what is computed; existing insight data of other models is kept', () => {
    const r = score('Patient has diabetes.', [disease('diabetes', { insightModelData: { custom: { x: 1 } } })], { models: ['medication'] });
    assert.deepEqual(r.get('diabetes').insightModelData, { custom: { x: 1 } });
    const d = score('Patient has diabetes.', [disease('diabetes', { insightModelData: { custom: { x: 1 } } })], { models: ['diagnosis'] });
    assert.deepEqual(Object.keys(insight(d.get('diabetes'))).sort(), ['custom', 'diagnosis']);
  });
});

describe('model_broker: diagnosis', () => {
  test('explicit, negated, suspected ("rule out"), discussed, patient reported', () => {
    assert.ok(at(score('Patient has diabetes.', [disease('diabetes')]).get('diabetes'), 'diagnosis.usage.explicitScore') >= 0.7);
    const neg = score('No evidence of diabetes.', [disease('diabetes')]).get('diabetes');
    assert.ok(at(neg, 'diagnosis.usage.explicitScore') < 0.1 && at(neg, 'diagnosis.suspectedScore') < 0.1);
    const ro = score('Rule out pneumonia.', [disease('pneumonia')]).get('pneumonia');
    assert.ok(at(ro, 'diagnosis.suspectedScore') >= 0.6 && at(ro, 'diagnosis.usage.explicitScore') < 0.3);
    const disc = score('We discussed the risk of stroke.', [disease('stroke')]).get('stroke');
    assert.ok(at(disc, 'diagnosis.usage.discussedScore') >= 0.6 && at(disc, 'diagnosis.usage.explicitScore') < 0.3);
    const rep = score('He reports dizziness.', [{ text: 'dizziness', fields: { cui: 'C0012833', semanticType: 'sosy' } }]).get('dizziness');
    assert.ok(at(rep, 'diagnosis.usage.patientReportedScore') >= 0.7 && at(rep, 'diagnosis.symptomScore') >= 0.7);
  });

  test('a reported history is a past diagnosis, not a complaint', () => {
    const h = score('She reports a history of anxiety.', [{ text: 'anxiety', fields: { cui: 'C0003467', semanticType: 'mobd' } }]).get('anxiety');
    assert.ok(at(h, 'diagnosis.usage.explicitScore') >= 0.7 && at(h, 'diagnosis.usage.patientReportedScore') < 0.5);
    const r = score('She reports anxiety.', [{ text: 'anxiety', fields: { cui: 'C0003467', semanticType: 'mobd' } }]).get('anxiety');
    assert.ok(at(r, 'diagnosis.usage.patientReportedScore') >= 0.7);
  });

  test('a chief complaint is patient reported; a history of present illness alone is not', () => {
    const cc = score('Knee pain.', [{ text: 'Knee pain', fields: { cui: 'C0231749', semanticType: 'sosy', sectionNormalizedName: 'chief complaint' } }]).get('Knee pain');
    assert.ok(at(cc, 'diagnosis.usage.patientReportedScore') >= 0.7 && at(cc, 'diagnosis.usage.explicitScore') < 0.3);
    const hpi = score('Knee pain.', [{ text: 'Knee pain', fields: { cui: 'C0231749', semanticType: 'sosy', sectionNormalizedName: 'history of present illness' } }]).get('Knee pain');
    assert.ok(at(hpi, 'diagnosis.usage.patientReportedScore') < 0.5 && at(hpi, 'diagnosis.usage.explicitScore') >= 0.7);
  });

  test('the family history section, or a family member, makes familyHistoryScore high', () => {
    const section = score('Diabetes.', [disease('Diabetes', { sectionNormalizedName: 'family history', sectionSurfaceForm: 'Family History' })]).get('Diabetes');
    assert.ok(at(section, 'diagnosis.familyHistoryScore') >= 0.8);
    const mother = score('Her mother had breast cancer.', [disease('breast cancer')]).get('breast cancer');
    assert.ok(at(mother, 'diagnosis.familyHistoryScore') >= 0.8 && at(mother, 'diagnosis.usage.explicitScore') < 0.3);
    const own = score('She had breast cancer.', [disease('breast cancer')]).get('breast cancer');
    assert.ok(at(own, 'diagnosis.familyHistoryScore') < 0.1);
  });

  test('trauma from the injury semantic type; aci SymptomDiseaseInd is scored with its same-span concept\'s types', () => {
    const fx = score('Fracture of wrist.', [{ text: 'Fracture of wrist', fields: { cui: 'C0043053', semanticType: 'inpo' } }]).get('Fracture of wrist');
    assert.ok(at(fx, 'diagnosis.traumaScore') >= 0.8);
    const sd = score('Severe cramping.', [{ text: 'cramping', layer: 'SymptomDiseaseInd', fields: { cui: 'C0026821' } }, { text: 'cramping', fields: { cui: 'C0026821', semanticType: 'sosy' } }]);
    assert.ok(at(sd.get('cramping', 'SymptomDiseaseInd'), 'diagnosis.symptomScore') >= 0.8);
  });
});

describe('model_broker: medication', () => {
  test('taken by default; started / stopped / increased events', () => {
    const taken = score('He takes metformin.', [med('metformin')]).get('metformin');
    assert.ok(at(taken, 'medication.usage.takenScore') >= 0.7 && at(taken, 'medication.startedEvent.score') < 0.1);
    const started = score('Started lisinopril today.', [med('lisinopril', 'C0065374')]).get('lisinopril');
    assert.ok(at(started, 'medication.startedEvent.score') >= 0.8 && at(started, 'medication.startedEvent.usage.explicitScore') >= 0.8);
    const stopped = score('Metformin was discontinued.', [med('Metformin')]).get('Metformin');
    assert.ok(at(stopped, 'medication.stoppedEvent.score') >= 0.8);
    const up = score('Increased atorvastatin to 40 mg.', [med('atorvastatin', 'C0286651')]).get('atorvastatin');
    assert.ok(at(up, 'medication.doseChangedEvent.score') >= 0.8);
    const admin = score('Atorvastatin 40 mg.', [{ text: 'Atorvastatin 40 mg', layer: 'MedicationInd', fields: { administration: [{ type: 'aci.SubstanceAdministration', doseChange: { direction: 'increase' } }] } }]);
    assert.ok(at(admin.get('Atorvastatin 40 mg', 'MedicationInd'), 'medication.doseChangedEvent.score') >= 0.8);
  });

  test('allergy and adverse events; considering in the plan; lab measurement', () => {
    const allergy = score('Allergic to penicillin.', [med('penicillin', 'C0030842')]).get('penicillin');
    assert.ok(at(allergy, 'medication.adverseEvent.allergyScore') >= 0.8 && at(allergy, 'medication.adverseEvent.score') >= 0.6);
    const rash = score('Rash caused by amoxicillin.', [med('amoxicillin', 'C0002645')]).get('amoxicillin');
    assert.ok(at(rash, 'medication.adverseEvent.score') >= 0.6 && at(rash, 'medication.adverseEvent.allergyScore') < 0.5);
    const plan = score('Consider starting insulin.', [med('insulin', 'C0021641')]).get('insulin');
    assert.ok(at(plan, 'medication.usage.consideringScore') >= 0.7 && at(plan, 'medication.usage.takenScore') < 0.5);
    const level = score('Digoxin level was 2.5.', [med('Digoxin', 'C0012265')]).get('Digoxin');
    assert.ok(at(level, 'medication.usage.labMeasurementScore') >= 0.7);
  });

  test('an allergy word is voided by a use or an indication between it and the drug (blockedBy)', () => {
    const used = score('She has seasonal allergies and uses fluticasone daily.', [med('fluticasone', 'C0082607')]).get('fluticasone');
    assert.ok(at(used, 'medication.adverseEvent.allergyScore') < 0.5 && at(used, 'medication.usage.takenScore') >= 0.7);
    const indication = score('Claritin for allergic rhinitis.', [med('Claritin', 'C0065180')]).get('Claritin');
    assert.ok(at(indication, 'medication.adverseEvent.allergyScore') < 0.5);
    const allergic = score('Penicillin causes an allergic reaction; allergic to codeine.', [med('Penicillin', 'C0030842'), med('codeine', 'C0009214')]);
    assert.ok(at(allergic.get('Penicillin'), 'medication.adverseEvent.allergyScore') >= 0.8 && at(allergic.get('codeine'), 'medication.adverseEvent.allergyScore') >= 0.8);
  });

  test('a drug taken as needed, or given by prescription, is taken, not considered', () => {
    const prn = score('She uses an albuterol inhaler as needed.', [{ text: 'albuterol inhaler as needed', layer: 'MedicationInd' }]).get('albuterol inhaler as needed', 'MedicationInd');
    assert.ok(at(prn, 'medication.usage.takenScore') >= 0.7 && at(prn, 'medication.usage.consideringScore') < 0.5);
    const rx = score('Prescription for doxycycline 100 mg provided.', [{ text: 'doxycycline 100 mg', layer: 'MedicationInd' }]).get('doxycycline 100 mg', 'MedicationInd');
    assert.ok(at(rx, 'medication.usage.takenScore') >= 0.7);
  });
});

describe('model_broker: medication status (who takes it, and whether it goes on)', () => {
  test('a stopped drug negated by the drug-only context rules keeps the scores of a stopped drug', () => {
    const d = score('Aspirin was discontinued last month.', [med('Aspirin', 'C0004057')]).get('Aspirin');
    assert.equal(d.negated, true);
    assert.ok(at(d, 'medication.stoppedEvent.score') >= 0.8 && at(d, 'medication.usage.takenScore') >= 0.7);
  });

  test('a condition in an allergy list is the reaction, not a diagnosis', () => {
    const r = score('Penicillin (hives).', [{ text: 'hives', fields: { cui: 'C0042109', semanticType: 'dsyn', sectionNormalizedName: 'allergies' } }]).get('hives');
    assert.ok(at(r, 'diagnosis.usage.explicitScore') < 0.5);
  });

  test('a condition after `allergic to X` in the same statement is the reaction; one before it is not', () => {
    const after = score('Allergic to codeine, which causes nausea.', [{ text: 'nausea', fields: { cui: 'C0027497', semanticType: 'sosy' } }]).get('nausea');
    assert.ok(at(after, 'diagnosis.usage.explicitScore') < 0.5);
    const before = score('He has asthma and is allergic to penicillin.', [{ text: 'asthma', fields: { cui: 'C0004096', semanticType: 'dsyn' } }]).get('asthma');
    assert.ok(at(before, 'diagnosis.usage.explicitScore') >= 0.7);
  });

  test('switched from X to Y: X is stopped, Y is not; X changed to Y: X is stopped, Y started', () => {
    const sw = score('He was switched from metoprolol to carvedilol.', [med('metoprolol', 'C0025859'), med('carvedilol', 'C0054836')]);
    assert.ok(at(sw.get('metoprolol'), 'medication.stoppedEvent.score') >= 0.8);
    assert.ok(at(sw.get('carvedilol'), 'medication.stoppedEvent.score') < 0.5);
    const ch = score('Insulin glargine was changed to insulin degludec.', [med('Insulin glargine', 'C0907402'), med('insulin degludec', 'C3254373')]);
    assert.ok(at(ch.get('Insulin glargine'), 'medication.stoppedEvent.score') >= 0.8);
    assert.ok(at(ch.get('insulin degludec'), 'medication.startedEvent.score') >= 0.8 && at(ch.get('insulin degludec'), 'medication.stoppedEvent.score') < 0.5);
  });

  test('a nearer continue wins over a later stop; past use (used to be on, tried, ran out of) is stopped', () => {
    const both = score('Continue lisinopril, stop metformin.', [med('lisinopril', 'C0065374'), med('metformin')]);
    assert.ok(at(both.get('lisinopril'), 'medication.stoppedEvent.score') < 0.5 && at(both.get('metformin'), 'medication.stoppedEvent.score') >= 0.8);
    for (const text of ['He used to be on warfarin.', 'She previously tried warfarin.', 'He ran out of his warfarin.']) {
      assert.ok(at(score(text, [med('warfarin', 'C0043031')]).get('warfarin'), 'medication.stoppedEvent.score') >= 0.8, text);
    }
  });

  test('avoided, interested in and a family member\'s drug are not taken; an allergen is (as ACD\'s cartridge reads it)', () => {
    const low = (text: string, drug: string): void => {
      assert.ok(at(score(text, [med(drug, 'C0020740')]).get(drug), 'medication.usage.takenScore') < 0.5, text);
    };
    low('I advised him to avoid ibuprofen.', 'ibuprofen');
    low('He is interested in trying naltrexone.', 'naltrexone');
    low('Her mother takes insulin.', 'insulin');
    low('His wife is on Xanax.', 'Xanax');
    const allergen = score('She is allergic to penicillin.', [med('penicillin', 'C0030842')]).get('penicillin');
    assert.ok(at(allergen, 'medication.usage.takenScore') >= 0.7 && at(allergen, 'medication.adverseEvent.allergyScore') >= 0.8);
    assert.ok(at(score('She takes ibuprofen daily.', [med('ibuprofen', 'C0020740')]).get('ibuprofen'), 'medication.usage.takenScore') >= 0.7);
  });

  test('a relative named as the subject stays the experiencer into the next sentence when the pronoun cannot be the patient', () => {
    const son = score('Her son has epilepsy. He takes Keppra twice a day.', [med('Keppra', 'C0377265')]);
    assert.ok(at(son.get('Keppra'), 'medication.usage.takenScore') < 0.5);
    const self = score('Her mother has epilepsy. She takes Keppra twice a day.', [med('Keppra', 'C0377265')]);
    assert.ok(at(self.get('Keppra'), 'medication.usage.takenScore') >= 0.7);
    const proc = score('His sister was diagnosed with breast cancer at 45 and later underwent a mastectomy.', [{ text: 'mastectomy', layer: 'ProcedureInd' }]);
    assert.ok(at(proc.get('mastectomy', 'ProcedureInd'), 'procedure.usage.explicitScore') < 0.5);
  });
});

describe('model_broker: procedure and normality', () => {
  test('task from semantic types and keywords; pending from "scheduled" and from the plan section', () => {
    const topp = score('Appendectomy in 2019.', [{ text: 'Appendectomy', fields: { cui: 'C0003611', semanticType: 'topp' } }]).get('Appendectomy');
    assert.ok(at(topp, 'procedure.task.therapeuticScore') >= 0.6 && at(topp, 'procedure.task.surgicalTaskScore') >= 0.6 && at(topp, 'procedure.usage.explicitScore') >= 0.7);
    const lab = score('CBC was drawn.', [{ text: 'CBC', fields: { cui: 'C0009555', semanticType: 'lbpr' } }]).get('CBC');
    assert.ok(at(lab, 'procedure.task.labTestScore') >= 0.8);
    const scheduled = score('MRI is scheduled.', [{ text: 'MRI', layer: 'ProcedureInd' }]).get('MRI', 'ProcedureInd');
    assert.ok(at(scheduled, 'procedure.usage.pendingScore') >= 0.7 && at(scheduled, 'procedure.task.diagnosticScore') >= 0.6);
    const plan = score('Physical therapy.', [{ text: 'Physical therapy', layer: 'ProcedureInd', fields: { sectionNormalizedName: 'plan' } }]).get('Physical therapy', 'ProcedureInd');
    assert.ok(at(plan, 'procedure.usage.pendingScore') >= 0.7);
    const recommended = score('Physical therapy was recommended.', [{ text: 'Physical therapy', layer: 'ProcedureInd' }]).get('Physical therapy', 'ProcedureInd');
    assert.ok(at(recommended, 'procedure.usage.explicitScore') < 0.5);
    const neg = score('No biopsy was performed.', [{ text: 'biopsy', layer: 'ProcedureInd' }]).get('biopsy', 'ProcedureInd');
    assert.ok(at(neg, 'procedure.usage.explicitScore') < 0.1);
  });

  test('normality: cue words and reference ranges, with evidence spans', () => {
    const normal = score('Chest x-ray was unremarkable.', [{ text: 'Chest x-ray', fields: { cui: 'C0039985', semanticType: 'diap' } }]).get('Chest x-ray');
    assert.ok(at(normal, 'normality.usage.normalScore') >= 0.7);
    assert.deepEqual((insight(normal).normality?.evidence as { coveredText: string }[]).map((e) => e.coveredText), ['unremarkable']);
    const high = score('Elevated troponin.', [{ text: 'troponin', fields: { cui: 'C0041199', semanticType: 'lbpr' } }]).get('troponin');
    assert.ok(at(high, 'normality.usage.abnormalScore') >= 0.7);
    const out = score('Sodium 128 (135-145).', [{ text: 'Sodium', fields: { cui: 'C0337443', semanticType: 'lbpr' } }]).get('Sodium');
    assert.ok(at(out, 'normality.usage.abnormalScore') >= 0.8);
    const inRange = score('Sodium 140 (135-145).', [{ text: 'Sodium', fields: { cui: 'C0337443', semanticType: 'lbpr' } }]).get('Sodium');
    assert.ok(at(inRange, 'normality.usage.normalScore') >= 0.7 && at(inRange, 'normality.usage.abnormalScore') < 0.3);
    const unknown = score('Liver.', [{ text: 'Liver', fields: { cui: 'C0023884', semanticType: 'bpoc' } }]).get('Liver');
    assert.ok(at(unknown, 'normality.usage.unknownScore') >= 0.7);
    assert.deepEqual(insight(unknown).normality?.evidence, []);
  });

  test('normality: a lab value without a written range is judged against its default reference interval', () => {
    const potassium = (text: string, value: string, params: Partial<ModelBrokerParams> = {}): Annotation => score(text, [{ text: value, layer: 'LabValueInd', fields: { labValue: value, loincId: '2823-3', labTypeNormalizedName: 'potassium' } }], params).get(value, 'LabValueInd');
    const low = potassium('Potassium 3.1 today.', '3.1');
    assert.ok(at(low, 'normality.usage.abnormalScore') >= 0.7 && at(low, 'normality.usage.normalScore') < 0.3);
    assert.deepEqual((insight(low).normality?.evidence as { coveredText: string }[]).map((e) => e.coveredText), ['3.1']);
    const inRange = potassium('Potassium 4.2 today.', '4.2');
    assert.ok(at(inRange, 'normality.usage.normalScore') >= 0.7);
    // The note's own words win over the default interval; the parameter turns the intervals off.
    const saidNormal = potassium('Potassium 3.4, normal for her.', '3.4');
    assert.ok(at(saidNormal, 'normality.usage.normalScore') >= 0.7);
    const off = potassium('Potassium 3.1 today.', '3.1', { reference_intervals: false });
    assert.ok(at(off, 'normality.usage.unknownScore') >= 0.7 && at(off, 'normality.usage.abnormalScore') < 0.3);
  });
});

describe('model_broker: substance use (real inference-rule tags)', () => {
  const tobacco = (text: string, phrase: string): Annotation => score(text, [{ text: phrase, fields: { cui: 'C0037369', semanticType: 'inbe' } }]).get(phrase);

  test('tobacco from the whole statement: a denial inside a current-use phrase (hides) does not deny the use', () => {
    const t = score('He continues to smoke and denies interest in cessation.', [{ text: 'smoke', layer: 'SmokingInd' }]).get('smoke', 'SmokingInd');
    assert.ok(at(t, 'tobacco.usage.useScore') >= 0.7 && at(t, 'tobacco.usage.noneScore') < 0.5 && at(t, 'tobacco.useStatus.currentScore') >= 0.7);
    const q = score('She smokes half a pack a day and is trying to quit.', [{ text: 'smokes', layer: 'SmokingInd' }]).get('smokes', 'SmokingInd');
    assert.ok(at(q, 'tobacco.useStatus.currentScore') >= 0.7 && at(q, 'tobacco.useStatus.stoppedScore') < 0.5);
    const d = score('He denies smoking.', [{ text: 'smoking', layer: 'SmokingInd' }]).get('smoking', 'SmokingInd');
    assert.ok(at(d, 'tobacco.usage.noneScore') >= 0.8);
  });

  test('tobacco: current, stopped, never, none, exposure, non-patient, treatment', () => {
    assert.ok(at(tobacco('She smokes 1 ppd.', 'smokes'), 'tobacco.useStatus.currentScore') >= 0.6);
    assert.ok(at(tobacco('He quit smoking in 2010.', 'smoking'), 'tobacco.useStatus.stoppedScore') >= 0.6);
    assert.ok(at(tobacco('She has never smoked.', 'smoked'), 'tobacco.useStatus.neverScore') >= 0.6);
    assert.ok(at(tobacco('Denies smoking.', 'smoking'), 'tobacco.usage.noneScore') >= 0.6);
    assert.ok(at(tobacco('Secondhand smoke exposure.', 'smoke'), 'tobacco.exposureScore') >= 0.6);
    assert.ok(at(tobacco('Her husband smokes.', 'smokes'), 'tobacco.nonPatientScore') >= 0.6);
    assert.ok(at(tobacco('Smoking cessation counseling given.', 'Smoking'), 'tobacco.treatmentScore') >= 0.6);
  });

  test('alcohol qualifiers; illicit drug dimensions; substance abuse treatment', () => {
    const heavy = score('He drinks alcohol heavily.', [{ text: 'alcohol', fields: { cui: 'C0001962', semanticType: 'orch' } }]).get('alcohol');
    assert.ok(at(heavy, 'alcohol.useQualifier.heavyScore') >= 0.6 && at(heavy, 'alcohol.usage.useScore') >= 0.6);
    const cocaine = score('Uses cocaine.', [{ text: 'cocaine', fields: { cui: 'C0009170', semanticType: 'orch' } }]).get('cocaine');
    assert.ok(at(cocaine, 'illicitDrug.useDimension.abuseScore') >= 0.6);
    const oxy = score('Takes oxycodone for pain.', [{ text: 'oxycodone', fields: { cui: 'C0030049', semanticType: 'phsu' } }]).get('oxycodone');
    assert.ok(at(oxy, 'illicitDrug.useDimension.medicalScore') >= 0.6 && at(oxy, 'illicitDrug.useDimension.abuseScore') < 0.6);
    const methadone = score('On methadone maintenance, compliant with the program.', [{ text: 'methadone', fields: { cui: 'C0025605', semanticType: 'phsu' } }]).get('methadone');
    assert.ok(at(methadone, 'substance.treatmentScore') >= 0.6 && at(methadone, 'substance.treatment.complianceScore') >= 0.6);
  });

  test('a word naming one substance\'s absence does not deny another; smoked marijuana is no tobacco use', () => {
    const wine = score('Patient is a nonsmoker and drinks one glass of wine with dinner.', [{ text: 'glass of wine', fields: { cui: 'C0001967', semanticType: 'food' } }]).get('glass of wine');
    assert.ok(at(wine, 'alcohol.usage.useScore') >= 0.6 && at(wine, 'alcohol.usage.noneScore') < 0.5);
    assert.ok(at(tobacco('She is a non-drinker and smokes half a pack a day.', 'smokes'), 'tobacco.usage.noneScore') < 0.5);
    assert.ok(at(tobacco('Tobacco: nonsmoker.', 'Tobacco'), 'tobacco.usage.noneScore') >= 0.6);
    const pot = score('He smokes marijuana occasionally.', [
      { text: 'smokes marijuana occasionally', layer: 'SmokingInd', fields: { illicitDrugSurfaceForm: 'marijuana' } },
      { text: 'smokes', fields: { cui: 'C0037369', semanticType: 'inbe' } },
    ]);
    assert.equal(insight(pot.get('smokes'))?.['tobacco'], undefined);
    assert.equal(insight(pot.get('smokes marijuana occasionally', 'SmokingInd'))?.['tobacco'], undefined);
  });

  test('without inference-rule tags, the lexicon\'s substance terms pick the model', () => {
    const { doc } = documentWith('Tobacco: none.', [{ text: 'Tobacco', fields: { cui: 'X' } }]);
    applyResult(doc, runModelBroker(doc, defaults, compiled));
    const a = (doc.layers.get('concepts') ?? [])[0] as Annotation;
    assert.ok(at(a, 'tobacco.usage.noneScore') >= 0.6);
  });
});

describe('model_broker: temporal', () => {
  test('links the nearest date of the sentence; all of them with link_all_temporal_candidates', () => {
    const text = 'Appendectomy on 03/12/2019, CT on April 2, 2020.';
    const one = score(text, [{ text: 'Appendectomy', fields: { cui: 'C0003611', semanticType: 'topp' } }]).get('Appendectomy');
    assert.deepEqual((one.temporal as { coveredText: string }[]).map((t) => t.coveredText), ['03/12/2019']);
    const all = score(text, [{ text: 'Appendectomy', fields: { cui: 'C0003611', semanticType: 'topp' } }], { link_all_temporal_candidates: true }).get('Appendectomy');
    assert.deepEqual((all.temporal as { coveredText: string }[]).map((t) => t.coveredText), ['03/12/2019', 'April 2, 2020']);
    const t0 = (all.temporal as { temporalType: { dateScore: number }; relationTypes: { overlapsScore: number } }[])[0];
    assert.ok(t0 !== undefined && t0.temporalType.dateScore > 0.5 && t0.relationTypes.overlapsScore > 0.5);
    assert.equal(score(text, [{ text: 'Appendectomy', fields: { cui: 'C0003611', semanticType: 'topp' } }], { models: ['procedure'] }).get('Appendectomy').temporal, undefined);
  });

  test('date patterns: absolute and relative, no overlaps', () => {
    const text = 'Seen 2 weeks ago, in 2019 and on 2020-01-05; may 3 works, may not.';
    assert.deepEqual(findDates(text, 0, text.length).map((d) => text.slice(d.begin, d.end)), ['2 weeks ago', 'in 2019', '2020-01-05', 'may 3']);
  });

  test('date patterns in any letter case, and sentences the gates skip', () => {
    const text = 'Started MARCH 3, 2021, seen 3rd of Sept 2020 and 12/01/19; Dec 2018; YESTERDAY too.';
    assert.deepEqual(findDates(text, 0, text.length).map((d) => text.slice(d.begin, d.end)), ['MARCH 3, 2021', '3rd of Sept 2020', '12/01/19', 'Dec 2018', 'YESTERDAY']);
    for (const none of ['No dates here at all.', 'The doctor decreased it by 5 mg - twice.', 'Ratio 1/2 of 3.']) assert.deepEqual(findDates(none, 0, none.length), [], none);
  });
});

describe('model_broker: lexicon', () => {
  test('the built-in lexicon is valid and compiles', () => {
    assert.deepEqual(validateInsightLexicon(lexiconBody, INSIGHT_LEXICON_FILE), []);
    assert.ok(compileInsightLexicon(lexiconBody, INSIGHT_LEXICON_FILE).cueRules.length > 30);
  });

  test('a bad lexicon names the file and the cue', () => {
    const bad = { ...lexiconBody, cues: [{ id: 'x.1', cue: 'unknownKind', direction: 'before', window: 3, phrases: ['a'], blockedBy: ['nope'] }, { id: 'x.1', cue: 'use', direction: 'sideways', window: 99, phrases: [], extra: 1 }] };
    const issues = validateInsightLexicon(bad, 'test.json');
    const text = issues.map((i) => `${i.path}: ${i.message}`).join('\n');
    for (const needle of ['test.json: cues[0] (x.1).cue', 'cues[0] (x.1).blockedBy', 'duplicate id', 'direction', 'window', 'phrases', 'unknown key "extra"']) assert.ok(text.includes(needle), `${needle} in\n${text}`);
    assert.throws(() => compileInsightLexicon(bad, 'test.json'), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_RESOURCE_FILE');
  });
});

describe('model_broker: guards found on the cartridge sample note', () => {
  test('a substance mention that says nothing about use is not used ("slipped on the ice")', () => {
    const ice = score('He slipped on the ice at his house.', [{ text: 'ice', fields: { cui: 'C0025611', semanticType: 'hops' } }]).get('ice');
    assert.ok((ice.insightModelCandidates as string[]).includes('ICIllicitDrug'));
    assert.ok(at(ice, 'illicitDrug.usage.useScore') < 0.6);
    const used = score('He uses ice daily.', [{ text: 'ice', fields: { cui: 'C0025611', semanticType: 'hops' } }]).get('ice');
    assert.ok(at(used, 'illicitDrug.usage.useScore') >= 0.6);
  });

  test('a concept the lexicon calls a substance gets the tag the rules would set', () => {
    const { doc } = documentWith('Smoker.', [{ text: 'Smoker', fields: { cui: 'LOCAL:1', insightModelCandidates: ['ICDiagnosis'] } }]);
    applyResult(doc, runModelBroker(doc, defaults, compiled));
    assert.deepEqual((doc.layers.get('concepts') ?? [])[0]?.insightModelCandidates, ['ICDiagnosis', 'ICTobacco']);
    const { doc: other } = documentWith('Smoker.', [{ text: 'Smoker', fields: { cui: 'LOCAL:1' } }]);
    applyResult(other, runModelBroker(other, { ...defaults, models: ['diagnosis'] }, compiled));
    assert.equal((other.layers.get('concepts') ?? [])[0]?.insightModelCandidates, undefined);
  });

  test('a dose change is not an abnormal finding; a drug level is', () => {
    const reduced = score('His warfarin was reduced to 2 mg.', [med('warfarin', 'C0043031')]).get('warfarin');
    assert.ok(at(reduced, 'normality.usage.abnormalScore') < 0.6 && at(reduced, 'medication.doseChangedEvent.score') >= 0.8);
    const level = score('Digoxin level elevated.', [med('Digoxin', 'C0012265')]).get('Digoxin');
    assert.ok(at(level, 'normality.usage.abnormalScore') >= 0.7);
  });
});
