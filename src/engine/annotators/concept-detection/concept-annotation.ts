// Turns one (span, Concept) match into the wire Concept annotation of reference §4.4 / §5.3:
// type, begin, end, coveredText, cui, preferredName, semanticType, source, sourceVersion, then the codes
// (only with include_optional_fields=medical_codes) and vocabs (only with source_vocabularies).
import type { Annotation } from '../../document.js';
import { CODE_FIELDS, type CodeField, type Concept } from '../../../knowledge/kb.js';
import type { SemanticTypeTable } from '../../../knowledge/semantic-types.js';

export const ANNOTATOR_ID = 'concept_detection';

/** Type used when a concept has no known UMLS semantic type (ACD always emits a `type`). */
export const UNKNOWN_TYPE = 'umls.Unknown';

export interface OutputOptions {
  readonly medicalCodes: boolean;
  readonly sourceVocabularies: boolean;
  /** Library `optionalFields.medical_codes`: the code fields this library may emit (all when undefined). */
  readonly codeFields?: ReadonlySet<string>;
  /**
   * One annotation per semantic type (each with its own `type` and a single `semanticType`) instead of one
   * per concept with comma-joined `semanticType`. Real ACD responses do this (carboplatin comes back twice
   * at one span: `orch`/`umls.OrganicChemical` and `phsu`/`umls.PharmacologicSubstance`).
   */
  readonly splitSemanticTypes?: boolean;
}

/** Where the concept came from, when a library overrides the knowledge base's own values. */
export interface ConceptOrigin {
  /** The dictionary's own cui or id (compiled dictionary concepts without a UMLS CUI get a LOCAL: id). */
  readonly cui?: string;
  readonly source?: string;
  readonly sourceVersion?: string;
  /** Explicit ACD `type` (dictionary concepts may carry custom types). */
  readonly type?: string;
}

export function conceptAnnotation(
  text: string,
  begin: number,
  end: number,
  concept: Concept,
  types: SemanticTypeTable,
  options: OutputOptions,
  origin: ConceptOrigin = {},
): Annotation {
  const primary = concept.semanticTypes[0];
  const type = origin.type ?? (primary === undefined ? undefined : types.byAbbreviation(primary)?.type) ?? UNKNOWN_TYPE;
  const out: Annotation = { type, begin, end, coveredText: text.slice(begin, end), cui: origin.cui ?? concept.cui, preferredName: concept.preferredName };
  if (concept.semanticTypes.length > 0) out.semanticType = concept.semanticTypes.join(',');
  const source = origin.source ?? concept.source;
  if (source !== '') out.source = source;
  const sourceVersion = origin.sourceVersion ?? concept.sourceVersion;
  if (sourceVersion !== '') out.sourceVersion = sourceVersion;
  if (options.medicalCodes) {
    for (const field of CODE_FIELDS) {
      if (options.codeFields !== undefined && !options.codeFields.has(field)) continue;
      const codes = concept.codes[field as CodeField];
      if (codes !== undefined && codes.length > 0) out[field] = codes.join(',');
    }
  }
  if (options.sourceVocabularies && concept.vocabs.length > 0) out.vocabs = concept.vocabs.join(',');
  return out;
}

/** The annotations of one (span, concept): one, or one per semantic type with `splitSemanticTypes`. */
export function conceptAnnotations(
  text: string,
  begin: number,
  end: number,
  concept: Concept,
  types: SemanticTypeTable,
  options: OutputOptions,
  origin: ConceptOrigin = {},
): Annotation[] {
  if (options.splitSemanticTypes !== true || origin.type !== undefined || concept.semanticTypes.length < 2) {
    return [conceptAnnotation(text, begin, end, concept, types, options, origin)];
  }
  return concept.semanticTypes.map((t) => conceptAnnotation(text, begin, end, { ...concept, semanticTypes: [t] }, types, options, origin));
}
