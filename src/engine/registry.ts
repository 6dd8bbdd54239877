// Every annotator the engine implements, in one place (snapshot-tested): all 25 ACD annotator ids
// (src/engine/acd-catalogue.ts). GET /v1/annotators lists exactly these; a flow naming an id that is not
// registered is rejected at analysis time with a clear 400.
import type { AnnotatorDefinition } from './annotator.js';
import { conceptDetection } from './annotators/concept-detection/concept-detection.js';
import { sectionAnnotator } from './annotators/section/section.js';
import { negationAnnotator } from './annotators/negation/negation.js';
import { hypotheticalAnnotator } from './annotators/hypothetical/hypothetical.js';
import { medicationAnnotator } from './annotators/medication/medication.js';
import { allergyAnnotator } from './annotators/allergy/allergy.js';
import { modelBroker } from './annotators/model-broker/model-broker.js';
import { attributeDetection } from './annotators/attribute-detection/attribute-detection.js';
import { spellChecker } from './annotators/spell-checker/spell-checker.js';
import { disambiguationAnnotator } from './annotators/disambiguation/disambiguation.js';
import { symptomDiseaseAnnotator } from './annotators/symptom-disease/index.js';
import { procedureAnnotator } from './annotators/procedure/index.js';
import { labValueAnnotator } from './annotators/lab-value/index.js';
import { conceptValueAnnotator } from './annotators/concept-value/index.js';
import { ejectionFractionAnnotator } from './annotators/ejection-fraction/index.js';
import { smokingAnnotator } from './annotators/smoking/index.js';
import { relationAnnotator } from './annotators/relation/index.js';
import { cancerAnnotator } from './annotators/cancer/index.js';
import { namedEntitiesAnnotator } from './annotators/named-entities/index.js';
import { bathingAssistanceAnnotator } from './annotators/bathing-assistance/index.js';
import { dressingAssistanceAnnotator } from './annotators/dressing-assistance/index.js';
import { eatingAssistanceAnnotator } from './annotators/eating-assistance/index.js';
import { seeingAssistanceAnnotator } from './annotators/seeing-assistance/index.js';
import { toiletingAssistanceAnnotator } from './annotators/toileting-assistance/index.js';
import { walkingAssistanceAnnotator } from './annotators/walking-assistance/index.js';

export const ANNOTATORS: readonly AnnotatorDefinition[] = [
  conceptDetection,
  sectionAnnotator,
  negationAnnotator,
  hypotheticalAnnotator,
  medicationAnnotator,
  allergyAnnotator,
  modelBroker,
  attributeDetection,
  spellChecker,
  disambiguationAnnotator,
  symptomDiseaseAnnotator,
  procedureAnnotator,
  labValueAnnotator,
  conceptValueAnnotator,
  ejectionFractionAnnotator,
  smokingAnnotator,
  relationAnnotator,
  cancerAnnotator,
  namedEntitiesAnnotator,
  bathingAssistanceAnnotator,
  dressingAssistanceAnnotator,
  eatingAssistanceAnnotator,
  seeingAssistanceAnnotator,
  toiletingAssistanceAnnotator,
  walkingAssistanceAnnotator,
];

const byId = new Map(ANNOTATORS.map((a) => [a.id, a]));

export function findAnnotator(id: string): AnnotatorDefinition | undefined {
  return byId.get(id);
}

/** Build timestamp shown as each annotator's `version` (ACD shows a build timestamp there). */
export const ANNOTATORS_VERSION = '2026-11-21T00:00:00Z';
