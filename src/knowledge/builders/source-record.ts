// The intermediate record every knowledge-source builder emits (OBO, SSSOM, ICD-10-CM, RxNorm JSON,
// DrugBank, UMLS RRF, CSV and ACD dictionaries). The merger (src/knowledge/merge.ts) unions records
// whose identifiers overlap (cross-references), so one real-world concept becomes one Concept with
// all its names and codes, then the compiler writes the compiled knowledge base.

/**
 * Identifiers are CURIEs with these canonical prefixes (upper case, as below). Two records sharing any
 * identifier are the same concept, except identifiers listed in NON_MERGING_PREFIXES which are codes
 * only (many concepts share one ICD-10-CM code, so ICD codes must not merge concepts).
 */
export type IdPrefix =
  | 'UMLS' // C0011849
  | 'DOID'
  | 'MONDO'
  | 'SYMP'
  | 'HP'
  | 'NCIT'
  | 'MESH'
  | 'SNOMEDCT'
  | 'ICD10CM'
  | 'ICD9CM'
  | 'RXNORM'
  | 'UNII'
  | 'DRUGBANK'
  | 'DRUGCENTRAL'
  | 'PHARMGKB'
  | 'CVX'
  | 'OMIM'
  | 'ORPHANET'
  | 'UBERON'
  | 'LOINC'
  | 'LNC' // a LOINC lab test as a concept of the default build (builders/loinc.ts); LOINC: stays the code-only id
  | 'FDAPC' // an FDA device product code (builders/fda-devices.ts)
  | 'ATC'
  | 'LOCAL' // user dictionaries: LOCAL:<dictionary>:<id>
  | 'AUTHORED' // an entry of an authored lexicon (builders/authored-lexicons.ts): AUTHORED:lab:ast, AUTHORED:device:pacemaker
  | 'LEXICON'; // LEXICON:MESH:D012640: an id the training corpora attest for this concept's names (corpus-lexicon.ts)

export const NON_MERGING_PREFIXES: ReadonlySet<IdPrefix> = new Set<IdPrefix>(['ICD10CM', 'ICD9CM', 'ATC', 'LOINC', 'LEXICON']);

export type NameKind =
  | 'preferred'
  | 'exact' // exact synonym
  | 'attested' // a surface form annotated as this concept in an annotated training corpus (corpus-lexicon.ts)
  | 'related' // broader/narrower/related synonym: lower priority, may be filtered
  | 'abbreviation' // acronym/abbreviation: matched case-sensitively when short
  | 'layperson'
  | 'brand';

export interface SourceName {
  readonly text: string;
  readonly kind: NameKind;
}

export interface SourceRecord {
  /** Where it came from, as a UMLS-style source abbreviation: `DOID`, `MONDO`, `SYMP`, `HPO`, `ICD10CM`, `RXNORM`, `DRUGBANK`, ... */
  readonly source: string;
  /** Canonical CURIEs, e.g. `DOID:9352`, `UMLS:C0011860`, `ICD10CM:E11.9`, `RXNORM:6809`. The first is the record's own id. */
  readonly ids: readonly string[];
  readonly preferredName?: string;
  readonly names: readonly SourceName[];
  /** UMLS semantic type abbreviations when the source knows them (`dsyn`, `sosy`, `phsu`, `bpoc`, `neop`, `topp`, `lbpr`, ...). */
  readonly semanticTypes?: readonly string[];
  /** The semantic types apply only when no other record of the merged concept states any (corpus lexicon). */
  readonly semanticTypesFallback?: boolean;
}
