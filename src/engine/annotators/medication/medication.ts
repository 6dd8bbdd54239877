// The `medication` annotator (reference §5.1, §5.3): drug mentions with their dose, route, form, frequency,
// duration and dose changes, as `MedicationInd` annotations. The work lives in plain modules: drug-finder.ts
// (knowledge base, library dictionaries, curated aliases), sig-scanner.ts (signature elements at a token),
// administration.ts (which elements belong to which drug) and medication-annotation.ts (the wire shape);
// this file only orchestrates them and applies the `filters` parameter.
import { Type, type Static } from '@sinclair/typebox';
import { deployedFilters } from '../../deployed-filters.js';
import { defineAnnotator } from '../../annotator.js';
import type { Annotation, Document } from '../../document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import { resolveLibraries, type LibraryDictionary } from '../concept-detection/libraries.js';
import { attachSignatures, type AttachedMedication } from './administration.js';
import { compileDrugFinder, findDrugs, type CompiledDrugFinder } from './drug-finder.js';
import { loadDefaultMedicationLexicons } from './lexicon.js';
import { medicationAnnotation } from './medication-annotation.js';
import { compileSig, type CompiledSig } from './sig-scanner.js';

export const MEDICATION_LAYER = 'MedicationInd';

export const medicationParams = Type.Object({
  library: Type.Array(Type.String({ minLength: 1 }), {
    default: [],
    description: 'Libraries whose drug concepts are matched: `umls.latest` (or empty) is the built-in knowledge base; any other id names a deployed library artifact.',
  }),
  filters: Type.Array(Type.String(), { default: [], description: 'Deployed filter (or concept_filter) artifact ids; their conditions on `unstructured.data.MedicationInd` keep or drop medications.' }),
});

export type MedicationParams = Static<typeof medicationParams>;

export interface MedicationCompiled {
  readonly sig: CompiledSig;
  readonly drugs: CompiledDrugFinder;
}

export function compileMedication(resources: EngineResources): MedicationCompiled {
  const { lexicon, aliases } = loadDefaultMedicationLexicons();
  return { sig: compileSig(lexicon), drugs: compileDrugFinder(resources.kb, lexicon, aliases) };
}

export interface DrugSources {
  readonly builtIn: boolean;
  readonly dictionaries: readonly LibraryDictionary[];
}

/** The drug sources named by a `library` parameter (empty: the built-in knowledge base). */
export function drugSources(library: readonly string[], artifacts: ArtifactLookup): DrugSources {
  if (library.length === 0) return { builtIn: true, dictionaries: [] };
  const resolved = resolveLibraries(library, artifacts);
  return { builtIn: resolved.builtIn, dictionaries: resolved.dictionaries };
}

/** Drugs of `doc` with their signature elements (also used by the allergy annotator). */
export function findMedications(doc: Document, compiled: MedicationCompiled, sources: DrugSources): AttachedMedication[] {
  return attachSignatures(doc, compiled.sig, findDrugs(doc, compiled.drugs, sources));
}

/** The MedicationInd annotations of `doc` (pure: reads the document, the compiled lexicons and the artifacts). */
export function detectMedications(doc: Document, params: MedicationParams, compiled: MedicationCompiled, artifacts: ArtifactLookup): Annotation[] {
  let annotations = findMedications(doc, compiled, drugSources(params.library, artifacts)).map((m) => medicationAnnotation(doc.text, m, doc.tokens));
  for (const filter of deployedFilters('medication', MEDICATION_LAYER, params.filters, artifacts)) {
    const data = { [filter.key]: annotations };
    annotations = annotations.filter((a) => filter.keep(a, { data }));
  }
  return annotations;
}

export const medicationAnnotator = defineAnnotator({
  id: 'medication',
  description: 'Detects medications (generic and brand names, abbreviations) with dose, strength, form, route, frequency, duration and dose changes.',
  requires: ['tokens', 'sentences'],
  produces: [MEDICATION_LAYER],
  params: medicationParams,
  init: compileMedication,
  run(doc, params, compiled, ctx) {
    return { add: { [MEDICATION_LAYER]: detectMedications(doc, params, compiled, ctx.resources.artifacts) } };
  },
});

/** Compiled filters of the named artifacts that act on one layer; unknown ids are a coded parameter error. */

