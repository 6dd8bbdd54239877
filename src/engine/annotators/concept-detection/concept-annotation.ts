// Turns one (span, Concept) match into the wire Concept annotation of reference §4.4 / §5.3:
// type, begin, end, coveredText, cui, preferredName, semanticType, source, sourceVersion, then the codes
// (only with include_optional_fields=medical_codes) and vocabs (only with source_vocabularies).
import type { Annotation } from '../../document.js';
import { CODE_FIELDS, type CodeField, type Concept, type KnowledgeBase } from '../../../knowledge/kb.js';
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

/**
 * The per-concept constant part of its wire annotations (everything but begin, end and coveredText), for
 * one set of output options and one library source, remembered per knowledge-base concept. Annotations
 * are rebuilt from it in the same key order as conceptAnnotation writes them.
 */
export interface WireParts {
  readonly type: string;
  readonly cui: string;
  readonly preferredName: string;
  readonly semanticType: string | undefined;
  readonly source: string | undefined;
  readonly sourceVersion: string | undefined;
  /** The code and vocabulary fields, in wire order. */
  readonly extraKeys: readonly string[];
  readonly extraValues: readonly unknown[];
}

/**
 * Wire parts by knowledge base, options key (wireKey) and concept index: a candidate is found by its index
 * alone (no Concept object is read), the per-key table once per run of calls with the same options. A
 * table is an array as long as the knowledge base has concepts (a read is one indexed load; a Map of
 * numbers costs a hash lookup, and growing it rehashes everything, which a stream of new notes keeps doing).
 */
export interface ConceptWireCache {
  readonly byIndex: WeakMap<KnowledgeBase, Map<string, WirePartsTable>>;
}

type WirePartsTable = (readonly WireParts[] | undefined)[];

export function createConceptWireCache(): ConceptWireCache {
  return { byIndex: new WeakMap() };
}

/** The per-index table of the last (cache, knowledge base, key) asked for. */
let lastIndexCache: ConceptWireCache | undefined;
let lastIndexKb: KnowledgeBase | undefined;
let lastIndexKey = '';
let lastIndexTable: WirePartsTable | undefined;

function indexTable(cache: ConceptWireCache, kb: KnowledgeBase, key: string): WirePartsTable {
  if (cache === lastIndexCache && kb === lastIndexKb && key === lastIndexKey && lastIndexTable !== undefined) return lastIndexTable;
  let byKey = cache.byIndex.get(kb);
  if (byKey === undefined) {
    byKey = new Map();
    cache.byIndex.set(kb, byKey);
  }
  let table = byKey.get(key);
  if (table === undefined) {
    table = new Array<readonly WireParts[] | undefined>(kb.conceptCount);
    byKey.set(key, table);
  }
  lastIndexCache = cache;
  lastIndexKb = kb;
  lastIndexKey = key;
  lastIndexTable = table;
  return table;
}

function computeWireParts(concept: Concept, types: SemanticTypeTable, options: OutputOptions, source: string | undefined): readonly WireParts[] {
  const plain: OutputOptions = { medicalCodes: options.medicalCodes, sourceVocabularies: options.sourceVocabularies, ...(options.splitSemanticTypes === undefined ? {} : { splitSemanticTypes: options.splitSemanticTypes }) };
  return conceptAnnotations('', 0, 0, concept, types, plain, source === undefined ? {} : { source }).map(wireParts);
}

/**
 * The constant wire parts (one per annotation, never empty; `cui` is the concept's) of concept `index` of
 * `kb` for a concept without library overrides other than the source, as detectConcepts uses
 * them; remembered per knowledge base, options and source, so a known concept is found by its index alone.
 */
export function conceptWireParts(
  cache: ConceptWireCache,
  kb: KnowledgeBase,
  index: number,
  types: SemanticTypeTable,
  options: OutputOptions,
  source: string | undefined,
): readonly WireParts[] {
  const table = indexTable(cache, kb, wireKey(options, source));
  let parts = table[index];
  if (parts === undefined) {
    parts = computeWireParts(kb.concept(index), types, options, source);
    // kb.concept checked the index: it lies within the table.
    table[index] = parts;
  }
  return parts;
}

/** Appends the annotations of `parts` at text[begin, end) to `out` (what conceptAnnotations would give). */
export function appendWireAnnotations(parts: readonly WireParts[], text: string, begin: number, end: number, out: Annotation[]): void {
  const coveredText = text.slice(begin, end);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    let a: Annotation;
    if (p.semanticType !== undefined && p.source !== undefined && p.sourceVersion !== undefined) {
      // The usual case: one literal (one object shape, no property added one by one).
      a = { type: p.type, begin, end, coveredText, cui: p.cui, preferredName: p.preferredName, semanticType: p.semanticType, source: p.source, sourceVersion: p.sourceVersion };
    } else {
      a = { type: p.type, begin, end, coveredText, cui: p.cui, preferredName: p.preferredName };
      if (p.semanticType !== undefined) a.semanticType = p.semanticType;
      if (p.source !== undefined) a.source = p.source;
      if (p.sourceVersion !== undefined) a.sourceVersion = p.sourceVersion;
    }
    for (let k = 0; k < p.extraKeys.length; k++) a[p.extraKeys[k]!] = p.extraValues[k];
    out.push(a);
  }
}

/** The last options / source and their wire-cache key: one detectConcepts call asks with the same ones for every candidate. */
let lastKeyOptions: OutputOptions | undefined;
let lastKeySource: string | undefined;
let lastKey = '';

/**
 * The wire-cache key of (options, source). The same key string object is handed out while the arguments
 * stay the same, so the map lookups hash it once instead of hashing a freshly built string per candidate.
 */
function wireKey(options: OutputOptions, source: string | undefined): string {
  if (options !== lastKeyOptions || source !== lastKeySource) {
    lastKey = `${options.medicalCodes ? 1 : 0}${options.sourceVocabularies ? 1 : 0}${options.splitSemanticTypes === true ? 1 : 0}${source === undefined ? '' : `:${source}`}`;
    lastKeyOptions = options;
    lastKeySource = source;
  }
  return lastKey;
}

const FIXED_KEYS: ReadonlySet<string> = new Set(['type', 'begin', 'end', 'coveredText', 'cui', 'preferredName', 'semanticType', 'source', 'sourceVersion']);

function wireParts(a: Annotation): WireParts {
  const extraKeys: string[] = [];
  const extraValues: unknown[] = [];
  for (const k of Object.keys(a)) {
    if (FIXED_KEYS.has(k)) continue;
    extraKeys.push(k);
    extraValues.push(a[k]);
  }
  const text = (k: string): string | undefined => (typeof a[k] === 'string' ? a[k] as string : undefined);
  return { type: a.type, cui: a.cui as string, preferredName: a.preferredName as string, semanticType: text('semanticType'), source: text('source'), sourceVersion: text('sourceVersion'), extraKeys, extraValues };
}
