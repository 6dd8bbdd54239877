// Which annotations the context annotators judge: the entity layers of earlier annotators (reference §4.2),
// configurable per request through the `target_layers` parameter of negation and hypothetical.
import type { Annotation, Document } from '../document.js';

export const DEFAULT_TARGET_LAYERS: readonly string[] = [
  'concepts',
  'SymptomDiseaseInd',
  'MedicationInd',
  'ProcedureInd',
  'LabValueInd',
  'AllergyInd',
  'AllergyMedicationInd',
  'IcaCancerDiagnosisInd',
  'EjectionFractionInd',
  'SmokingInd',
  'BathingAssistanceInd',
  'DressingAssistanceInd',
  'EatingAssistanceInd',
  'SeeingAssistanceInd',
  'ToiletingAssistanceInd',
  'WalkingAssistanceInd',
  'nluEntities',
];

/** The annotations of the named layers, in layer order then document order; each annotation once. */
export function collectTargets(doc: Document, layers: readonly string[]): Annotation[] {
  const seen = new Set<Annotation>();
  const out: Annotation[] = [];
  for (const key of layers) {
    const list = doc.layers.get(key);
    if (list === undefined) continue;
    for (let i = 0; i < list.length; i++) {
      const annotation = list[i]!;
      // One hash operation per annotation: the set grows only when the annotation is new.
      const size = seen.size;
      seen.add(annotation);
      if (seen.size !== size) out.push(annotation);
    }
  }
  return out;
}
