// Merges SourceRecords from every builder into concepts: union-find over shared identifiers (never over
// code-only prefixes such as ICD-10-CM), a deterministic cui and preferred name, deduplicated names and
// codes collected per ACD code field. Records that carry only codes (ICD-10-CM index rows and titles)
// attach to the one concept carrying that code, or become code-only concepts when none or several do.
import type { CodeField } from './kb.js';
import { semanticTypes, type SemanticGroup } from './semantic-types.js';
import { NON_MERGING_PREFIXES, type IdPrefix, type NameKind, type SourceName, type SourceRecord } from './builders/source-record.js';

export interface MergedConcept {
  readonly cui: string;
  readonly preferredName: string;
  readonly semanticTypes: readonly string[];
  readonly vocabs: readonly string[];
  readonly codes: Partial<Record<CodeField, string[]>>;
  readonly xrefs: readonly string[];
  readonly names: readonly SourceName[];
  /**
   * Names only the attached code-only records give (an ICD index term under a code this concept carries):
   * such a code often lumps several disorders ("Other microdeletions" holds Smith-Magenis syndrome beside
   * Miller-Dieker syndrome), so these names yield to any concept that has them as its own (compile.ts).
   */
  readonly codeNames: readonly SourceName[];
  /** The code each of codeNames came with (name text → `ICD10CM:…`): icd10-linking.ts detaches a code's names when the concept no longer carries it. */
  readonly codeNameCodes?: ReadonlyMap<string, string>;
  /** True when the concept came only from code-only records (e.g. an ICD-10-CM code nobody else carries). */
  readonly codeOnly: boolean;
}

export interface MergeReport {
  readonly records: number;
  readonly concepts: number;
  /** Unions refused because the component would hold too many ids of one capped prefix (bad xrefs). */
  readonly refusedUnions: number;
  /** Refused unions by the prefix of the id that could not join. */
  readonly refusedByPrefix: Readonly<Record<string, number>>;
  /** Of those, unions refused because they would join a disorder, an anatomical structure or a chemical. */
  readonly refusedAcrossGroups: number;
  readonly largestComponentRecords: number;
  readonly codeOnlyAttached: number;
  readonly codeOnlyConcepts: number;
}

/**
 * At most this many distinct ids of a prefix in one concept. A chain of cross-references that would join
 * two DOIDs (or two MONDOs, two RxNorm ingredients...) is cut at the link that would break the cap.
 */
export const COMPONENT_CAPS: Readonly<Partial<Record<IdPrefix, number>>> = {
  DOID: 1, MONDO: 1, SYMP: 1, HP: 1, RXNORM: 1, DRUGBANK: 1, DRUGCENTRAL: 1, PHARMGKB: 1, CVX: 1, UMLS: 3, NCIT: 3, MESH: 3, UNII: 2,
};
const CAPPED: readonly IdPrefix[] = Object.keys(COMPONENT_CAPS) as IdPrefix[];

/**
 * Semantic groups that never share a concept: a cross-reference that would join a disorder with an
 * anatomical structure or a chemical is a wrong link (an ontology citing the code of the organ a disease
 * affects: hypophysitis → NCIt "Pituitary Gland", epididymitis → "Epididymis"), so the union is refused.
 * Bits of a record's stated (not fallback) semantic types; other groups are unconstrained.
 */
const EXCLUSIVE_GROUP_BITS: Readonly<Partial<Record<SemanticGroup, number>>> = { DISO: 1, ANAT: 2, CHEM: 4 };

function exclusiveGroupBits(record: SourceRecord): number {
  if (record.semanticTypesFallback === true) return 0;
  let bits = 0;
  for (const abbreviation of record.semanticTypes ?? []) {
    const group = semanticTypes().byAbbreviation(abbreviation)?.group;
    bits |= group === undefined ? 0 : EXCLUSIVE_GROUP_BITS[group] ?? 0;
  }
  return bits;
}

/** True when the two bit sets name different exclusive groups (a set naming several already holds both). */
function groupsConflict(a: number, b: number): boolean {
  return a !== 0 && b !== 0 && (a | b) !== a && (a | b) !== b;
}
/** Identifiers that state equivalence of whole concepts (joined in the first pass). */
const STRONG_PREFIXES: ReadonlySet<string> = new Set(['UMLS', 'DOID', 'MONDO', 'SYMP', 'HP', 'RXNORM', 'DRUGBANK', 'DRUGCENTRAL', 'PHARMGKB', 'CVX', 'UNII', 'UBERON']);

/** Preferred-name and cui priority of record sources (lower wins); unknown sources come after. */
const SOURCE_PRIORITY: readonly string[] = [
  'UMLS', 'DOID', 'MONDO', 'SYMP', 'HPO', 'NCI', 'RXNORM', 'DRUGBANK', 'DRUGCENTRAL', 'PHARMGKB', 'CVX', 'UBERON', 'ICD10CM',
];
const ID_PRIORITY: readonly string[] = ['DOID', 'MONDO', 'SYMP', 'HP', 'NCIT', 'RXNORM', 'DRUGBANK', 'DRUGCENTRAL', 'PHARMGKB', 'CVX', 'UBERON', 'MESH', 'LOCAL'];

const CODE_FIELD_OF: Readonly<Record<string, CodeField>> = {
  ICD10CM: 'icd10Code', ICD9CM: 'icd9Code', SNOMEDCT: 'snomedConceptId', MESH: 'meshId', NCIT: 'nciCode', RXNORM: 'rxNormId', LOINC: 'loincId',
};
/** UMLS source abbreviations for vocabs. */
const VOCAB_OF_PREFIX: Readonly<Record<string, string>> = {
  ICD10CM: 'ICD10CM', ICD9CM: 'ICD9CM', SNOMEDCT: 'SNOMEDCT_US', MESH: 'MSH', NCIT: 'NCI', RXNORM: 'RXNORM', OMIM: 'OMIM', ORPHANET: 'ORPHANET',
};

const NAME_KIND_RANK: Readonly<Record<NameKind, number>> = { preferred: 0, attested: 1, exact: 2, abbreviation: 3, brand: 4, layperson: 5, related: 6 };

export function prefixOf(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? '' : id.slice(0, colon);
}

function isMerging(id: string): boolean {
  return !NON_MERGING_PREFIXES.has(prefixOf(id) as IdPrefix);
}

function rank(list: readonly string[], value: string): number {
  const i = list.indexOf(value);
  return i < 0 ? list.length : i;
}

class UnionFind {
  readonly parent: number[] = [];
  readonly counts: Int32Array[] = [];
  /** Exclusive semantic-group bits of each component (at its root). */
  readonly groups: number[] = [];
  add(prefixIndex: number): number {
    const id = this.parent.length;
    this.parent.push(id);
    this.groups.push(0);
    const counts = new Int32Array(CAPPED.length);
    if (prefixIndex >= 0) counts[prefixIndex] = 1;
    this.counts.push(counts);
    return id;
  }
  find(x: number): number {
    let root = x;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[x] !== root) {
      const next = this.parent[x]!;
      this.parent[x] = root;
      x = next;
    }
    return root;
  }
  /** Joins unless a cap would be exceeded or exclusive semantic groups would meet; says which. */
  union(a: number, b: number): 'joined' | 'cap' | 'groups' {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return 'joined';
    const ca = this.counts[ra]!;
    const cb = this.counts[rb]!;
    for (let p = 0; p < CAPPED.length; p++) {
      if (ca[p]! + cb[p]! > COMPONENT_CAPS[CAPPED[p]!]!) return 'cap';
    }
    if (groupsConflict(this.groups[ra]!, this.groups[rb]!)) return 'groups';
    for (let p = 0; p < CAPPED.length; p++) ca[p]! += cb[p]!;
    this.groups[ra]! |= this.groups[rb]!;
    this.parent[rb] = ra;
    return 'joined';
  }

  /** Records the exclusive groups a record states on the component of its anchor. */
  addGroups(node: number, bits: number): void {
    const root = this.find(node);
    this.groups[root]! |= bits;
  }
}

/** Ids a record cites whose union was refused across exclusive semantic groups (wrong cross-references). */
class WrongIds {
  readonly #byRecord = new Map<SourceRecord, Set<string>>();

  add(record: SourceRecord, id: string): void {
    const ids = this.#byRecord.get(record);
    if (ids === undefined) this.#byRecord.set(record, new Set([id]));
    else ids.add(id);
  }

  has(record: SourceRecord, id: string): boolean {
    return this.#byRecord.get(record)?.has(id) ?? false;
  }
}

interface Group {
  readonly records: SourceRecord[];
  /** Ids assigned to this concept (the records' own ids plus ids refused by caps). */
  readonly ids: Set<string>;
}

export function mergeRecords(input: Iterable<SourceRecord>): { concepts: MergedConcept[]; report: MergeReport } {
  const uf = new UnionFind();
  const idIndex = new Map<string, number>();
  const intern = (id: string): number => {
    let n = idIndex.get(id);
    if (n === undefined) {
      n = uf.add(CAPPED.indexOf(prefixOf(id) as IdPrefix));
      idIndex.set(id, n);
    }
    return n;
  };
  const merging: { record: SourceRecord; anchor: number }[] = [];
  const codeOnly: SourceRecord[] = [];
  let refusedUnions = 0;
  let refusedAcrossGroups = 0;
  const wrongIds = new WrongIds();
  const refusedByPrefix: Record<string, number> = {};
  let records = 0;
  for (const record of input) {
    records++;
    const anchorId = record.ids.find(isMerging);
    if (anchorId === undefined) {
      if (record.ids.length > 0) codeOnly.push(record);
      continue;
    }
    const anchor = intern(anchorId);
    uf.addGroups(anchor, exclusiveGroupBits(record));
    merging.push({ record, anchor });
  }
  // Two passes: equivalences between ontologies and CUIs first, then links through shared vocabulary
  // codes (MeSH, SNOMED, NCIt, OMIM, ...), so a code two concepts both cite cannot take a cap slot first.
  for (const strongPass of [true, false]) {
    for (const { record, anchor } of merging) {
      for (const id of record.ids) {
        if (!isMerging(id) || STRONG_PREFIXES.has(prefixOf(id)) !== strongPass) continue;
        const other = intern(id);
        if (other === anchor) continue;
        const joined = uf.union(anchor, other);
        if (joined === 'groups') {
          refusedAcrossGroups++;
          // The id names a thing of another kind: not a code of this record's concept either.
          wrongIds.add(record, id);
        }
        if (joined !== 'joined') {
          refusedUnions++;
          const prefix = prefixOf(id);
          refusedByPrefix[prefix] = (refusedByPrefix[prefix] ?? 0) + 1;
        }
      }
    }
  }

  const groups = new Map<number, Group>();
  for (const { record, anchor } of merging) {
    const root = uf.find(anchor);
    let group = groups.get(root);
    if (group === undefined) {
      group = { records: [], ids: new Set() };
      groups.set(root, group);
    }
    group.records.push(record);
    // Ids refused by a cap belong to another concept; codes (non-merging ids) always stay with the record.
    for (const id of record.ids) if (!isMerging(id) || uf.find(idIndex.get(id)!) === root) group.ids.add(id);
  }

  // Code-only records: attach to the single concept carrying the code, else gather per code.
  const holders = new Map<string, Group[]>();
  for (const group of groups.values()) {
    for (const id of group.ids) {
      if (isMerging(id)) continue;
      const list = holders.get(id);
      if (list === undefined) holders.set(id, [group]);
      else if (list[list.length - 1] !== group) list.push(group);
    }
  }
  let codeOnlyAttached = 0;
  const codeGroups = new Map<string, Group>();
  for (const record of codeOnly) {
    const code = record.ids[0]!;
    const owners = holders.get(code);
    if (owners !== undefined && owners.length === 1) {
      owners[0]!.records.push(record);
      codeOnlyAttached++;
      continue;
    }
    let group = codeGroups.get(code);
    if (group === undefined) {
      group = { records: [], ids: new Set() };
      codeGroups.set(code, group);
    }
    group.records.push(record);
    for (const id of record.ids) group.ids.add(id);
  }

  const concepts: MergedConcept[] = [];
  let largest = 0;
  for (const group of groups.values()) {
    largest = Math.max(largest, group.records.length);
    concepts.push(conceptOf(group, false, wrongIds));
  }
  for (const group of codeGroups.values()) concepts.push(conceptOf(group, true, wrongIds));
  concepts.sort((a, b) => (a.cui < b.cui ? -1 : a.cui > b.cui ? 1 : a.preferredName < b.preferredName ? -1 : a.preferredName > b.preferredName ? 1 : 0));
  return {
    concepts,
    report: { records, concepts: concepts.length, refusedUnions, refusedByPrefix, refusedAcrossGroups, largestComponentRecords: largest, codeOnlyAttached, codeOnlyConcepts: codeGroups.size },
  };
}

/** What follows a condition in a label that narrows it to a cause or setting ("... Related to COVID-19"). */
const QUALIFYING_TAIL = /^(related to|due to|associated with|secondary to|caused by|induced by|with|in)\s/i;

/**
 * A synonym that is the label cut before its qualifier names the broader condition, not this one: NCIt lists
 * "Acute heart failure" under "Acute Heart Failure Related to COVID-19".
 */
export function namesBroaderThanLabel(name: string, label: string | undefined): boolean {
  if (label === undefined || label.length <= name.length + 1) return false;
  const lower = label.toLowerCase();
  const head = name.toLowerCase();
  return lower.startsWith(head) && lower[head.length] === ' ' && QUALIFYING_TAIL.test(lower.slice(head.length + 1));
}

function conceptOf(group: Group, codeOnly: boolean, wrongIds: WrongIds): MergedConcept {
  const records = [...group.records].sort((a, b) => rank(SOURCE_PRIORITY, a.source) - rank(SOURCE_PRIORITY, b.source));
  const ids = new Set(group.ids);
  for (const r of records) for (const id of r.ids) if (!isMerging(id)) ids.add(id); // attached code-only records

  // cui: the UMLS CUI most records name (ties: smallest), else the best-ranked source id.
  const umlsVotes = new Map<string, number>();
  for (const r of records) for (const id of r.ids) if (id.startsWith('UMLS:') && ids.has(id)) umlsVotes.set(id, (umlsVotes.get(id) ?? 0) + 1);
  let cui: string | undefined;
  let best = 0;
  for (const [id, votes] of [...umlsVotes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (votes > best) {
      best = votes;
      cui = id.slice(5);
    }
  }
  if (cui === undefined) {
    const candidates = codeOnly ? [...ids] : [...ids].filter(isMerging);
    const sorted = candidates.sort((a, b) => rank(ID_PRIORITY, prefixOf(a)) - rank(ID_PRIORITY, prefixOf(b)) || (a < b ? -1 : a > b ? 1 : 0));
    cui = sorted[0]!;
  }

  const preferredName = (records.find((r) => r.preferredName !== undefined && r.preferredName.trim() !== '')?.preferredName
    ?? records.flatMap((r) => r.names).find((n) => n.text.trim() !== '')?.text ?? cui).trim();

  const types: string[] = [];
  for (const r of records) if (r.semanticTypesFallback !== true) for (const t of r.semanticTypes ?? []) if (!types.includes(t)) types.push(t);
  if (types.length === 0) for (const r of records) for (const t of r.semanticTypes ?? []) if (!types.includes(t)) types.push(t);
  // DOID types by its branch: a neoplasm type only another source states (DOID citing the NCIt code of a neoplasm
  // of the organ: "peripheral nervous system disease" → C27587) does not make DOID's disease a neoplasm.
  const lead = records.find((r) => r.preferredName !== undefined && r.semanticTypesFallback !== true && (r.semanticTypes ?? []).length > 0);
  if (lead?.source === 'DOID' && !lead.semanticTypes!.includes('neop') && lead.semanticTypes!.includes('dsyn') && types.includes('neop')) types.splice(types.indexOf('neop'), 1);
  if (types.includes('neop')) {
    types.splice(types.indexOf('neop'), 1);
    types.unshift('neop');
    const d = types.indexOf('dsyn');
    if (d >= 0) types.splice(d, 1);
  }

  const codes: Partial<Record<CodeField, string[]>> = {};
  const vocabs: string[] = [];
  for (const r of records) if (!vocabs.includes(r.source)) vocabs.push(r.source);
  // Codes come from every id the records name, including ids a cap kept in another concept
  // (a MeSH or SNOMED id two DOIDs both cite is a code of both).
  const codeIds = new Set(ids);
  for (const r of records) for (const id of r.ids) if (!wrongIds.has(r, id)) codeIds.add(id);
  for (const id of [...codeIds].sort()) {
    const prefix = prefixOf(id);
    const field = CODE_FIELD_OF[prefix];
    const local = id.slice(prefix.length + 1);
    // ICD block ranges (E08-E13, 401-405.99) are chapters, not codes of a concept.
    if (field !== undefined && !((field === 'icd10Code' || field === 'icd9Code') && local.includes('-'))) (codes[field] ??= []).push(local);
    const vocab = VOCAB_OF_PREFIX[prefix];
    if (vocab !== undefined && !vocabs.includes(vocab)) vocabs.push(vocab);
  }

  // Names of the concept's own records, then (apart) those only attached code-only records add.
  const byText = new Map<string, SourceName>();
  const codeByText = new Map<string, SourceName>();
  const codeOfName = new Map<string, string>();
  const attached = (r: SourceRecord): boolean => !codeOnly && !r.ids.some(isMerging);
  for (const pass of [false, true]) {
    const into = pass ? codeByText : byText;
    for (const r of records) {
      if (attached(r) !== pass) continue;
      const all: SourceName[] = r.preferredName === undefined ? [...r.names] : [{ text: r.preferredName, kind: 'preferred' }, ...r.names];
      for (const name of all) {
        const text = name.text.trim();
        if (text === '' || (pass && byText.has(text)) || namesBroaderThanLabel(text, r.preferredName)) continue;
        const seen = into.get(text);
        if (seen === undefined || NAME_KIND_RANK[name.kind] < NAME_KIND_RANK[seen.kind]) into.set(text, { text, kind: name.kind });
        if (pass && !codeOfName.has(text)) codeOfName.set(text, r.ids[0]!);
      }
    }
  }

  return {
    cui,
    preferredName,
    semanticTypes: types.slice(0, 3),
    vocabs,
    codes,
    xrefs: [...ids].sort(),
    names: [...byText.values()],
    codeNames: [...codeByText.values()],
    ...(codeOfName.size > 0 ? { codeNameCodes: codeOfName } : {}),
    codeOnly,
  };
}
