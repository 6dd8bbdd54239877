// attribute_detection (reference §5.1, §6.4): promotes concepts, concept values and clinical (aci)
// annotations to the named attributes of the tenant's deployed attribute sets (`attributeValues`),
// evaluates derived-attribute rules (`inference_rules`) over them, and attaches qualifiers when asked.
// Attribute sets and rules are compiled once per artifact body and resources snapshot (the cache lives
// in the compiled state `init` returns). Concept inference rules (`concept_inference_rules`, which append
// tags such as ICTobacco to `insightModelCandidates`) are applied by concept_detection's `inference_rules`
// parameter, as ACD's profile configures them (reference §6.1, §6.4); this annotator reads the tags.
import { Type, type Static } from '@sinclair/typebox';
import { DomainError } from '../../../errors.js';
import { defineAnnotator, type AnnotatorResult } from '../../annotator.js';
import type { Annotation, Document } from '../../document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import { compileAttributeSet, type CompiledAttributeSet } from './attribute-set.js';
import { ANNOTATOR_ID } from './attribute-value.js';
import { applyDerivedRules, compileDerivedRules, type DerivedRuleSet } from './derived-attributes.js';
import { CandidateIndex } from './candidate-index.js';
import { matchAttributeSet } from './match-attributes.js';
import { compileDefaultQualifiers, findLexiconQualifiers, qualifiersFor, type QualifierCandidate, type QualifierLexicon } from './qualifiers.js';

export const attributeDetectionParams = Type.Object({
  attribute_set: Type.Array(Type.String({ minLength: 1 }), {
    default: [],
    description: 'Deployed attribute_set artifact ids whose attributes are detected (profiles name them; none: no attribute values).',
  }),
  inference_rules: Type.Array(Type.String({ minLength: 1 }), {
    default: [],
    description: 'Deployed inference_rules artifact ids: derived attributes computed from the attributes found (docs/insights.md).',
  }),
  qualifier_set: Type.Array(Type.String({ minLength: 1 }), {
    default: [],
    description: 'Deployed attribute_set artifact ids whose attributes are qualifiers (used with detect_qualifiers=true instead of the built-in qualifiers).',
  }),
  detect_qualifiers: Type.Boolean({ default: false, description: 'Attach qualifiers (severity, laterality, acuity, course, or those of qualifier_set) found in or just before each attribute value.' }),
  include_optional_fields: Type.Array(Type.String(), { default: [], description: '`medical_codes` copies the source annotation\'s codes (icd10Code, snomedConceptId, rxNormId, ccsCode, hccCode, ...).' }),
});

export type AttributeDetectionParams = Static<typeof attributeDetectionParams>;

export interface AttributeDetectionCompiled {
  readonly artifacts: ArtifactLookup;
  readonly qualifiers: QualifierLexicon;
  readonly sets: WeakMap<object, CompiledAttributeSet>;
  readonly rules: WeakMap<object, DerivedRuleSet>;
}

export function initAttributeDetection(resources: EngineResources): AttributeDetectionCompiled {
  return { artifacts: resources.artifacts, qualifiers: compileDefaultQualifiers(), sets: new WeakMap(), rules: new WeakMap() };
}

function lookup(artifacts: ArtifactLookup, kind: 'attribute_set' | 'inference_rules', id: string, param: string): object {
  const body = artifacts.get(kind, id);
  if (typeof body !== 'object' || body === null) {
    throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `attribute_detection: ${param} "${id}" is not a deployed ${kind} artifact`);
  }
  return body;
}

function attributeSet(compiled: AttributeDetectionCompiled, artifacts: ArtifactLookup, id: string, param: string): CompiledAttributeSet {
  const body = lookup(artifacts, 'attribute_set', id, param);
  let set = compiled.sets.get(body);
  if (set === undefined) {
    set = compileAttributeSet(id, body);
    compiled.sets.set(body, set);
  }
  return set;
}

function derivedRules(compiled: AttributeDetectionCompiled, artifacts: ArtifactLookup, id: string): DerivedRuleSet {
  const body = lookup(artifacts, 'inference_rules', id, 'inference_rules');
  let rules = compiled.rules.get(body);
  if (rules === undefined) {
    rules = compileDerivedRules(id, body);
    compiled.rules.set(body, rules);
  }
  return rules;
}

/** Qualifier candidates: those of the qualifier sets when given, else the built-in lexicon's. */
function qualifierCandidates(doc: Document, params: AttributeDetectionParams, compiled: AttributeDetectionCompiled, artifacts: ArtifactLookup, index: CandidateIndex): QualifierCandidate[] {
  if (params.qualifier_set.length === 0) return findLexiconQualifiers(doc, compiled.qualifiers);
  const out: QualifierCandidate[] = [];
  for (const id of params.qualifier_set) {
    for (const q of matchAttributeSet(doc, attributeSet(compiled, artifacts, id, 'qualifier_set'), false, index)) {
      const values = Array.isArray(q.values) ? q.values : [];
      for (const v of values) {
        const value = (v as { value?: unknown }).value;
        if (typeof value === 'string') out.push({ qualifier: String(q.name), value, begin: q.begin, end: q.end });
      }
    }
  }
  return out;
}

/** The attribute analysis of one Document (pure): attribute values to add. */
export function detectAttributes(doc: Document, params: AttributeDetectionParams, compiled: AttributeDetectionCompiled, artifacts: ArtifactLookup = compiled.artifacts): Annotation[] {
  const medicalCodes = params.include_optional_fields.includes('medical_codes');
  const found: Annotation[] = [];
  const index = new CandidateIndex(doc);
  for (const id of params.attribute_set) found.push(...matchAttributeSet(doc, attributeSet(compiled, artifacts, id, 'attribute_set'), medicalCodes, index));
  const ruleSets = params.inference_rules.map((id) => derivedRules(compiled, artifacts, id));
  if (ruleSets.length > 0) found.push(...applyDerivedRules(doc, found, ruleSets));
  if (params.detect_qualifiers && found.length > 0) {
    const candidates = qualifierCandidates(doc, params, compiled, artifacts, index);
    const window = compiled.qualifiers.window;
    for (const a of found) {
      const qualifiers = qualifiersFor(doc, candidates, a.begin, a.end, window);
      if (qualifiers.length > 0) a.qualifiers = qualifiers;
    }
  }
  return found.sort((a, b) => a.begin - b.begin || a.end - b.end);
}

export const attributeDetection = defineAnnotator({
  id: ANNOTATOR_ID,
  description: 'Promotes concepts, concept values and clinical annotations to the named clinical attributes of deployed attribute sets (Diagnosis, PrescribedMedication, TobaccoUse, ...).',
  requires: ['tokens', 'sentences'],
  produces: ['attributeValues'],
  params: attributeDetectionParams,
  init: initAttributeDetection,
  run(doc, params, compiled, ctx): AnnotatorResult {
    return { add: { attributeValues: detectAttributes(doc, params, compiled, ctx.resources.artifacts) } };
  },
});
