// The sources added for procedures, lab tests, devices, substances and findings (issue 17): MeSH descriptors,
// HPO cross-references, LOINC lab results, FDA device classes, ICD-10-PCS and HCPCS codes. They are appended after
// the other builders and after the corpus training lexicon's name joins, so those steps see the same records as
// before; the merger then unions them with the concepts they cross-reference.
import { bridgeByName } from '../name-bridge.js';
import type { Normalizer } from '../normalize.js';
import { citedMeshIds, readMesh } from './mesh.js';
import type { SourceRecord } from './source-record.js';

/**
 * Sources a MeSH descriptor nobody cross-references is linked to by its exact preferred name (first source with
 * exactly one hit): the drug, disease and phenotype vocabularies cite few MeSH ids, and a second concept of the
 * same name would split the span's codes.
 */
const MESH_NAME_TARGETS: readonly string[] = ['RXNORM', 'DRUGBANK', 'DOID', 'MONDO', 'SYMP', 'HPO', 'NCI', 'CVX'];

export interface AdditionsReport {
  /** Source → records added (or, for code lists, codes attached). */
  readonly counts: Record<string, number>;
  /** Short summary for the build report line. */
  readonly summary: string;
}

export function addOpenAdditions(records: readonly SourceRecord[], dir: string, normalizer: Normalizer, progress: (message: string) => void): { records: SourceRecord[]; report: AdditionsReport } {
  const counts: Record<string, number> = {};
  const started = Date.now();
  const cited = citedMeshIds(records);
  const mesh = readMesh(dir, { cited });
  progress(`MeSH: ${JSON.stringify(mesh.report)} (${Date.now() - started} ms)`);
  const uncited = mesh.records.filter((r) => !cited.has(r.ids[0]!));
  const bridge = bridgeByName([...records.filter((r) => MESH_NAME_TARGETS.includes(r.source)), ...uncited], {
    from: new Set(['MSH']), to: MESH_NAME_TARGETS, normalizer,
  });
  const linked = new Map<string, SourceRecord>();
  for (const r of bridge.records) if (r.source === 'MSH') linked.set(r.ids[0]!, r);
  progress(`MeSH descriptors linked by preferred name: ${bridge.bridged}`);
  const meshRecords = mesh.records.map((r) => linked.get(r.ids[0]!) ?? r);
  counts.MeSH = mesh.report.concepts + mesh.report.citedOnly;
  const out = [...records, ...meshRecords];
  const summary = `MeSH ${counts.MeSH.toLocaleString('en-US')} descriptors`;
  return { records: out, report: { counts, summary } };
}
