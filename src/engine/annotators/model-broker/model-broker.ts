// model_broker (reference §5.1, §7): computes `insightModelData` (and `temporal` links) on the concepts and
// clinical (aci) annotations earlier annotators produced. Every score is rule-derived from evidence the
// engine already has (context flags, ConText scopes, sections, cue phrases, semantic types, inference-rule
// tags) and documented in docs/insights.md. This file picks the targets of each model and writes the
// results; the models live in *-model.ts, the evidence in evidence.ts.
import { Type, type Static } from '@sinclair/typebox';
import { defineAnnotator, type AnnotationUpdate, type AnnotatorResult } from '../../annotator.js';
import type { Annotation, Document } from '../../document.js';
import type { CompiledContext } from '../../context/context-engine.js';
import { compileDefaultContext } from '../../context/context-lexicon.js';
import { diagnosisInsight, DIAGNOSIS_SEMANTIC_TYPES } from './diagnosis-model.js';
import { EvidenceBuilder, type Evidence } from './evidence.js';
import { compileDefaultInsightLexicon, type InsightLexicon, type SubstanceKind } from './insight-lexicon.js';
import { medicationInsight, MEDICATION_SEMANTIC_TYPES } from './medication-model.js';
import { normalityInsight, NORMALITY_SEMANTIC_TYPES } from './normality-model.js';
import { compileReferenceIntervals, type ReferenceIntervals } from './reference-intervals.js';
import { procedureInsight, PROCEDURE_SEMANTIC_TYPES } from './procedure-model.js';
import { alcoholInsight, createSubstanceTermCache, hasSubstanceTag, illicitDrugInsight, smokesOnlyIllicitDrug, substanceInsight, substanceKinds, TAG_OF_KIND, tobaccoInsight, type SubstanceTermCache } from './substance-model.js';
import { TemporalLinker } from './temporal-model.js';

export const ANNOTATOR_ID = 'model_broker';
export const INSIGHT_MODELS = ['temporal', 'substance', 'diagnosis', 'medication', 'normality', 'procedure'] as const;
export type InsightModel = (typeof INSIGHT_MODELS)[number];

export const modelBrokerParams = Type.Object({
  models: Type.Array(Type.Union(INSIGHT_MODELS.map((m) => Type.Literal(m))), {
    default: [...INSIGHT_MODELS],
    description: 'Insight models to run: temporal, substance (tobacco, alcohol, illicitDrug, substance), diagnosis, medication, normality, procedure. Default: all.',
  }),
  link_all_temporal_candidates: Type.Boolean({ default: false, description: 'True: link every date of the sentence to an annotation; false: the nearest one only.' }),
  reference_intervals: Type.Boolean({
    default: true,
    description: 'True: a lab value or vital sign the note gives without a reference range or a normal/abnormal word is judged against the default adult reference interval of its LOINC code (resources/insights/reference-intervals.json); false: such values get no normality verdict.',
  }),
});

export type ModelBrokerParams = Static<typeof modelBrokerParams>;

export interface ModelBrokerCompiled {
  readonly lexicon: InsightLexicon;
  readonly context: CompiledContext;
  readonly intervals: ReferenceIntervals;
  /** Substance kinds by annotation text (substance-model.ts); optional for callers that build their own state. */
  readonly substanceTerms?: SubstanceTermCache;
}

/** Layers whose annotations model_broker scores (the clinical ones; concepts are chosen by type or tag). */
export const SCORED_LAYERS: readonly string[] = ['concepts', 'SymptomDiseaseInd', 'MedicationInd', 'ProcedureInd', 'LabValueInd', 'SmokingInd', 'AllergyMedicationInd'];

const TAG = { diagnosis: 'ICDiagnosis', medication: 'ICMedication', procedure: 'ICProcedure', normality: 'ICNormality' } as const;

function hasAny(set: ReadonlySet<string>, wanted: ReadonlySet<string>): boolean {
  for (const x of set) if (wanted.has(x)) return true;
  return false;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Which models apply to one annotation (docs/insights.md, "Targets"). */
function modelsFor(e: Evidence, lexicon: InsightLexicon, terms: SubstanceTermCache | undefined): { diagnosis: boolean; medication: boolean; procedure: boolean; normality: boolean; substance: ReturnType<typeof substanceKinds> } {
  const concept = e.layer === 'concepts';
  const tags = e.candidates;
  const types = e.semanticTypes;
  const substance = substanceKinds(e, lexicon, terms);
  const medication = e.layer === 'MedicationInd' || e.layer === 'AllergyMedicationInd' || (concept && (tags.has(TAG.medication) || hasAny(types, MEDICATION_SEMANTIC_TYPES)));
  const procedure = e.layer === 'ProcedureInd' || (concept && (tags.has(TAG.procedure) || hasAny(types, PROCEDURE_SEMANTIC_TYPES)));
  return {
    diagnosis: e.layer === 'SymptomDiseaseInd' || (concept && (tags.has(TAG.diagnosis) || hasAny(types, DIAGNOSIS_SEMANTIC_TYPES))),
    medication,
    procedure,
    normality: e.layer === 'ProcedureInd' || e.layer === 'LabValueInd' || (e.layer === 'MedicationInd' && e.cues.has('labMeasurement'))
      || (concept && (tags.has(TAG.normality) || hasAny(types, NORMALITY_SEMANTIC_TYPES))),
    substance,
  };
}

/** The insight analysis of one Document, as field updates on the scored annotations. */
export function runModelBroker(doc: Document, params: ModelBrokerParams, compiled: ModelBrokerCompiled): AnnotatorResult {
  const run = new Set<InsightModel>(params.models);
  const runDiagnosis = run.has('diagnosis');
  const runMedication = run.has('medication');
  const runProcedure = run.has('procedure');
  const runNormality = run.has('normality');
  const runSubstance = run.has('substance');
  const runTemporal = run.has('temporal');
  const intervals = params.reference_intervals ? compiled.intervals : undefined;
  // The targets, and the layer of each.
  const targets: Annotation[] = [];
  const layers: string[] = [];
  for (const layer of SCORED_LAYERS) {
    for (const annotation of doc.layers.get(layer) ?? []) {
      targets.push(annotation);
      layers.push(layer);
    }
  }
  if (targets.length === 0) return {};
  const evidence = new EvidenceBuilder(doc, compiled.lexicon, compiled.context, targets);
  // `smokes marijuana`: the smoking words there are no tobacco use.
  let illicitSmoking: Annotation[] | undefined;
  for (const s of doc.layers.get('SmokingInd') ?? []) if (smokesOnlyIllicitDrug(s)) (illicitSmoking ??= []).push(s);
  const temporal = new TemporalLinker(doc, params.link_all_temporal_candidates);
  const update: AnnotationUpdate[] = [];
  const done = new Set<Annotation>();
  for (let t = 0; t < targets.length; t++) {
    const annotation = targets[t] as Annotation;
    const layer = layers[t] as string;
    if (done.has(annotation)) continue;
    done.add(annotation);
    const e = evidence.of(annotation, layer);
    const applies = modelsFor(e, compiled.lexicon, compiled.substanceTerms);
    const data: Record<string, unknown> = {};
    let models = 0;
    if (runDiagnosis && applies.diagnosis) {
      data.diagnosis = diagnosisInsight(e);
      models++;
    }
    if (runMedication && applies.medication) {
      data.medication = medicationInsight(e);
      models++;
    }
    if (runProcedure && applies.procedure) {
      data.procedure = procedureInsight(e, compiled.lexicon);
      models++;
    }
    if (runNormality && applies.normality) {
      data.normality = normalityInsight(doc, e, applies.medication, intervals);
      models++;
    }
    let kinds = applies.substance;
    if (illicitSmoking !== undefined && kinds.has('tobacco') && illicitSmoking.some((s) => s.begin <= annotation.begin && annotation.end <= s.end)) {
      const without = new Set<SubstanceKind>(kinds);
      without.delete('tobacco');
      kinds = without;
    }
    if (runSubstance && kinds.size > 0) {
      if (kinds.has('tobacco')) data.tobacco = tobaccoInsight(e);
      if (kinds.has('alcohol')) data.alcohol = alcoholInsight(e);
      if (kinds.has('illicitDrug')) data.illicitDrug = illicitDrugInsight(e);
      if (kinds.has('substanceTreatment') || kinds.has('illicitDrug')) data.substance = substanceInsight(e, kinds.has('substanceTreatment'));
      models++; // every kind adds its model
    }
    const fields: Record<string, unknown> = {};
    let fieldCount = 0;
    if (runSubstance && layer === 'concepts' && kinds.size > 0 && !hasSubstanceTag(e)) {
      // Kinds found by the lexicon, not by inference rules: tag the concept as the rules would, so the
      // substance-use attribute set (which tests the tags) sees it.
      const existing = Array.isArray(annotation.insightModelCandidates) ? annotation.insightModelCandidates.map(String) : [];
      fields.insightModelCandidates = [...existing, ...[...kinds].map((k) => TAG_OF_KIND[k]).filter((t) => !existing.includes(t))];
      fieldCount++;
    }
    if (models > 0) {
      fields.insightModelData = isRecord(annotation.insightModelData) ? { ...annotation.insightModelData, ...data } : data;
      fieldCount++;
    }
    const scored = models > 0 || layer !== 'concepts';
    if (runTemporal && scored && e.sentenceIndex >= 0) {
      const links = temporal.links(e.sentenceIndex, annotation.begin, annotation.end);
      if (links.length > 0) {
        fields.temporal = links;
        fieldCount++;
      }
    }
    if (fieldCount > 0) update.push({ target: annotation, fields });
  }
  return { update };
}

export const modelBroker = defineAnnotator({
  id: ANNOTATOR_ID,
  description: 'Computes clinical insight scores (insightModelData) for diagnoses, medications, procedures, normality and substance use, and links dates (temporal).',
  requires: ['tokens', 'sentences'],
  produces: [],
  params: modelBrokerParams,
  init: (): ModelBrokerCompiled => {
    const lexicon = compileDefaultInsightLexicon();
    return { lexicon, context: compileDefaultContext(), intervals: compileReferenceIntervals(), substanceTerms: createSubstanceTermCache(lexicon) };
  },
  run: (doc, params, compiled) => runModelBroker(doc, params, compiled),
});
