// The in-memory knowledge base that concept detection matches against (owner: the knowledge module).
// Built by src/knowledge/builders from open sources, UMLS RRF or user dictionaries into one compiled
// format (src/knowledge/compile.ts), and loaded by src/knowledge/loader.ts.
import type { Normalizer } from './normalize.js';

/** Code fields exactly as ACD spells them on concepts (reference §4.4). */
export const CODE_FIELDS = ['icd10Code', 'icd9Code', 'snomedConceptId', 'meshId', 'nciCode', 'rxNormId', 'loincId', 'cptCode'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

export interface Concept {
  /** UMLS CUI when known, otherwise a stable source-prefixed id (e.g. `DOID:1612`). */
  readonly cui: string;
  readonly preferredName: string;
  /** UMLS semantic type abbreviations (`dsyn`, `sosy`, `phsu`, ...), primary first. */
  readonly semanticTypes: readonly string[];
  readonly source: string;
  readonly sourceVersion: string;
  /** Source vocabularies the concept's names come from (UMLS SAB style, e.g. `MSH`, `SNOMEDCT_US`, `DOID`). */
  readonly vocabs: readonly string[];
  readonly codes: Readonly<Partial<Record<CodeField, readonly string[]>>>;
  /** Every identifier merged into this concept as a CURIE (`DOID:9352`, `MONDO:0005148`, `UMLS:C0011860`, `MESH:D003924`, ...). */
  readonly xrefs: readonly string[];
}

export interface KbInfo {
  readonly name: string;
  readonly version: string;
  /** Version of the upstream content (e.g. `open-2026-08`), reported as Concept.sourceVersion. */
  readonly sourceVersion: string;
  readonly builtAt: string;
  /** Changes whenever the content or the normaliser changes. */
  readonly buildId: string;
  readonly normalizerVersion: string;
  readonly conceptCount: number;
  /** Distinct normalised names (keys) in the term index. */
  readonly termCount: number;
}

export interface KnowledgeBase {
  readonly info: KbInfo;
  readonly conceptCount: number;
  concept(index: number): Concept;
  /** Concept indexes carrying this code, e.g. conceptsByCode('meshId', 'D003920'). Built on first use. */
  conceptsByCode(field: CodeField, code: string): readonly number[];
  /** Concept indexes whose cui equals `id` or whose xrefs contain it (`C0011849`, `UMLS:C0011849`, `DOID:9352`, `MESH:D003920`). */
  conceptsById(id: string): readonly number[];
  /** A side table derived at build time (src/knowledge/side-tables.ts), or undefined when this base has none. */
  sideTable?(name: string): string | undefined;
}

/**
 * The term index: a trie over normalised piece keys (see normalize.ts). Node 0 is the root; a node's
 * concepts are those having a name whose key sequence ends at that node.
 */
export interface TermIndex {
  readonly normalizer: Normalizer;
  readonly rootNode: number;
  /** Id of a piece key, or -1 when no name contains it. */
  tokenId(key: string): number;
  /** Child of `node` along `tokenId`, or -1. */
  childNode(node: number, tokenId: number): number;
  /** Concept indexes named exactly by the path to `node` (empty for inner nodes). */
  nodeConcepts(node: number): readonly number[];
  /** Number of concepts at `node`, without allocating. */
  nodeConceptCount(node: number): number;
  /** Concepts with a name whose key equals the key of `text` (acronym-like single words also case-sensitively). */
  lookup(text: string): readonly number[];
}

export type CompiledKnowledgeBase = KnowledgeBase & TermIndex;
