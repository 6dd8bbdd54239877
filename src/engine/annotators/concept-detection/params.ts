// Parameters of concept_detection (reference §5.1). ACD sends every parameter as an array of strings;
// the pipeline converts them to these types (booleans from "true"/"false") and fills the defaults.
import { Type, type Static } from '@sinclair/typebox';

/** Library ids that mean "the built-in knowledge base" (ACD's predefined UMLS libraries). */
export const BUILT_IN_LIBRARY_IDS: readonly string[] = ['umls.latest', 'umls.2022AA', 'umls.2021AA', 'umls.2020AA', 'umls.2019AA'];

export const OPTIONAL_FIELDS = ['medical_codes', 'source_vocabularies'] as const;

export const conceptDetectionParams = Type.Object({
  libraries: Type.Array(Type.String({ minLength: 1 }), {
    default: [],
    description: 'Libraries to match: `umls.latest` / `umls.<release>` name the built-in knowledge base; any other id names a deployed library artifact. Empty: the built-in knowledge base.',
  }),
  include_optional_fields: Type.Array(Type.String(), {
    default: [],
    description: '`medical_codes` adds icd10Code, icd9Code, snomedConceptId, meshId, nciCode, rxNormId, loincId (and cptCode when known); `source_vocabularies` adds vocabs.',
  }),
  expanded: Type.Boolean({ default: false, description: 'ACD adds `umls-expanded` matches; accepted, the built-in knowledge base has no separate expanded layer.' }),
  longest_span: Type.Boolean({ default: true, description: 'Keep only the longest of overlapping matches that contain one another.' }),
  apply_spell_check: Type.Boolean({ default: false, description: 'Accepted for compatibility: corrections that spell_checker applied (apply_spell_corrections) are always matched, at the original offsets.' }),
  multiword_boundary: Type.Boolean({ default: false, description: 'Accepted for compatibility; matches always start and end on word boundaries.' }),
  inference_rules: Type.Array(Type.String(), {
    default: [],
    description: 'Deployed concept_inference_rules artifact ids: rules that select concepts and set fields on them (e.g. insightModelCandidates).',
  }),
  filters: Type.Array(Type.String(), { default: [], description: 'Deployed concept_filter artifact ids applied to the concepts this annotator produces.' }),
  all_candidates: Type.Boolean({
    default: false,
    description: 'Extension: keep every concept the built-in knowledge base matches at a span. By default one meaning per span and semantic group is kept: the concept the span\'s text labels, else the one the training lexicon attests, else one with a UMLS CUI, a MeSH id, most codes.',
  }),
  abbreviations: Type.Boolean({
    default: true,
    description: 'Extension: resolve abbreviations the text defines itself ("Duchenne muscular dystrophy (DMD)") to the concepts of their long form.',
  }),
});

export type ConceptDetectionParams = Static<typeof conceptDetectionParams>;
