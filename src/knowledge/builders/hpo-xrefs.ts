// HPO term cross-references (obophenotype/human-phenotype-ontology, src/ontology/reports/xrefs.tsv of March 2019):
// UMLS CUIs, SNOMED CT, MeSH and NCIt ids of HP terms, as records `{ids: [HP:…, UMLS:…, …]}` that merge into the
// HP term's concept (its names come from biolexica): the phenotype concepts get real CUIs and codes, and join the
// disease, symptom and MeSH concepts that share those ids.
import { join } from 'node:path';
import { canonicalCurie } from './curie.js';
import type { SourceRecord } from './source-record.js';
import { dataLines, readSourceText, unquote } from './text-files.js';

export const HPO_XREFS_FILE = 'hpo-xrefs/xrefs.tsv.gz';

/** Prefixes taken from the table; the others (Fyler, MedDRA, PMIDs, ...) name nothing the knowledge base uses. */
const TAKEN: ReadonlySet<string> = new Set(['UMLS', 'SNOMEDCT', 'MESH', 'NCIT']);

/** `<http://purl.obolibrary.org/obo/HP_0001371>` → `HP:0001371`. */
function hpId(iri: string): string | undefined {
  const m = /HP_(\d{7})>?$/.exec(iri.trim());
  return m === null ? undefined : `HP:${m[1]}`;
}

export interface HpoXrefReport {
  terms: number;
  ids: number;
  /** Ids left out because the term cites several of that prefix (a CUI of the term and one of its parent or part). */
  severalOfPrefix: number;
  /** Terms citing several CUIs that kept the one CUI another source also gives a concept (attested). */
  attestedOfSeveral: number;
}

/** HP term → prefix → the ids it cites (in file order). */
export type HpoXrefTable = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

export function parseHpoXrefs(text: string): HpoXrefTable {
  const byTerm = new Map<string, Map<string, string[]>>();
  for (const line of dataLines(text).slice(1)) {
    const [cls, xref] = line.split('\t');
    const hp = hpId(cls ?? '');
    const curie = canonicalCurie(unquote((xref ?? '').trim()));
    if (hp === undefined || curie === undefined) continue;
    const prefix = curie.slice(0, curie.indexOf(':'));
    if (!TAKEN.has(prefix)) continue;
    const perPrefix = byTerm.get(hp) ?? new Map<string, string[]>();
    const list = perPrefix.get(prefix) ?? [];
    if (!list.includes(curie)) list.push(curie);
    perPrefix.set(prefix, list);
    byTerm.set(hp, perPrefix);
  }
  return byTerm;
}

/** Every UMLS id the table cites (any term, one or several). */
export function hpoCitedCuis(table: HpoXrefTable): Set<string> {
  const out = new Set<string>();
  for (const perPrefix of table.values()) for (const id of perPrefix.get('UMLS') ?? []) out.add(id);
  return out;
}

/**
 * Records of the HP terms in `known` (others have no names here). A term citing several ids of one prefix keeps
 * none of them: HP:0001371 "Flexion contracture" cites both C0009918 "Contracture" and its own CUI, and either
 * could join two different concepts into one. Of several CUIs, the one CUI that `attested(term, cui)` confirms
 * is kept (another source gives that CUI to a concept of the term's own name: HP:0002249 "Melena" cites C0025222
 * and C0474585, and SYMP "melena" has C0025222).
 */
export function hpoXrefRecords(text: string | HpoXrefTable, known?: ReadonlySet<string>, attested?: (term: string, cui: string) => boolean): { records: SourceRecord[]; report: HpoXrefReport } {
  const byTerm = typeof text === 'string' ? parseHpoXrefs(text) : text;
  const report: HpoXrefReport = { terms: 0, ids: 0, severalOfPrefix: 0, attestedOfSeveral: 0 };
  const records: SourceRecord[] = [];
  for (const [hp, perPrefix] of [...byTerm].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (known !== undefined && !known.has(hp)) continue;
    const ids = [hp];
    for (const [prefix, list] of perPrefix) {
      const kept = list.length > 1 && prefix === 'UMLS' && attested !== undefined ? list.filter((id) => attested(hp, id)) : [];
      if (list.length === 1) ids.push(list[0]!);
      else if (kept.length === 1) {
        ids.push(kept[0]!);
        report.attestedOfSeveral++;
        report.severalOfPrefix += list.length - 1;
      } else report.severalOfPrefix += list.length;
    }
    if (ids.length === 1) continue;
    report.terms++;
    report.ids += ids.length - 1;
    records.push({ source: 'HPO', ids, names: [] });
  }
  return { records, report };
}

export function readHpoXrefTable(mirror: string): HpoXrefTable {
  return parseHpoXrefs(readSourceText(join(mirror, HPO_XREFS_FILE)));
}
