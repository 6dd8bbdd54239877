// The sources added for procedures, lab tests, devices, substances and findings (issue 17): MeSH descriptors,
// HPO cross-references, LOINC lab results, FDA device classes, ICD-10-PCS and HCPCS codes. They are appended after
// the other builders and after the corpus training lexicon's name joins, so those steps see the same records as
// before; the merger then unions them with the concepts they cross-reference.
import { copyFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { bridgeByName } from '../name-bridge.js';
import type { Normalizer } from '../normalize.js';
import { deviceLexiconRecords, labLexiconRecords } from './authored-lexicons.js';
import { readFdaDevices } from './fda-devices.js';
import { hpoCitedCuis, hpoXrefRecords, readHpoXrefTable } from './hpo-xrefs.js';
import { LOINC_LICENCE_FILE, LOINC_NOTICE_FILE, readLoinc } from './loinc.js';
import { citedMeshIds, readMesh } from './mesh.js';
import type { SourceRecord } from './source-record.js';
import { readSympCodeCuis } from './symp.js';

/**
 * Sources a MeSH descriptor nobody cross-references is linked to by its exact preferred name (first source with
 * exactly one hit): the drug, disease and phenotype vocabularies cite few MeSH ids, and a second concept of the
 * same name would split the span's codes.
 */
const MESH_NAME_TARGETS: readonly string[] = ['RXNORM', 'DRUGBANK', 'DOID', 'MONDO', 'SYMP', 'HPO', 'NCI', 'CVX'];

export interface AdditionsReport {
  /** Source → records added (HPO: terms given cross-references). */
  readonly counts: Record<string, number>;
  /** Short summary for the build report line. */
  readonly summary: string;
}

export function addOpenAdditions(records: readonly SourceRecord[], dir: string, normalizer: Normalizer, progress: (message: string) => void): { records: SourceRecord[]; report: AdditionsReport } {
  const counts: Record<string, number> = {};
  let started = Date.now();
  // HPO cross-references first: the MeSH ids they cite admit descriptors that only enter when cited.
  const knownHp = new Set<string>();
  for (const r of records) for (const id of r.ids) if (id.startsWith('HP:')) knownHp.add(id);
  const names = new CuiNameAgreement(records, (t) => normalizer.termKey(t));
  const hpoTable = readHpoXrefTable(dir);
  // SYMP's code CUIs that HPO gives a phenotype of the same name are the symptom's own (symp.ts).
  const hpTermsOf = new Map<string, string[]>();
  for (const [hp, perPrefix] of hpoTable) for (const cui of perPrefix.get('UMLS') ?? []) hpTermsOf.set(cui, [...(hpTermsOf.get(cui) ?? []), hp]);
  const sympCuis = sympCuisAttested(readSympCodeCuis(dir), (symp, cui) => (hpTermsOf.get(cui) ?? []).some((hp) => names.shareName(symp, hp)));
  for (const r of sympCuis) names.addCui(r.ids[1]!, r.ids[0]!);
  const hpo = hpoXrefRecords(hpoTable, knownHp, (hp, cui) => names.citedUnderName(cui, hp));
  progress(`HPO cross-references: ${JSON.stringify(hpo.report)}; SYMP code CUIs HPO attests: ${sympCuis.length} (${Date.now() - started} ms)`);
  counts['HPO xrefs'] = hpo.report.terms;
  started = Date.now();
  const cited = citedMeshIds([...records, ...hpo.records]);
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
  started = Date.now();
  const loinc = readLoinc(dir);
  counts.LOINC = loinc.records.length;
  progress(`LOINC: ${loinc.records.length} lab tests, ${loinc.analyteNames} analyte names (${Date.now() - started} ms)`);
  started = Date.now();
  const devices = bridgeByName([...meshRecords, ...readFdaDevices(dir)], { from: new Set(['FDA']), to: ['MSH'], normalizer });
  const deviceRecords = devices.records.filter((r) => r.source === 'FDA');
  counts['FDA devices'] = deviceRecords.length;
  progress(`FDA devices: ${deviceRecords.length} device names, ${devices.bridged} linked to MeSH by name (${Date.now() - started} ms)`);
  const loincIds = new Set(loinc.records.map((r) => r.ids[0]!));
  const authored = [...labLexiconRecords(loincIds), ...deviceLexiconRecords()];
  counts['authored lab and device lexicons'] = authored.length;
  const out = [...records, ...sympCuis, ...hpo.records, ...meshRecords, ...loinc.records, ...deviceRecords, ...authored];
  const summary = Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ');
  return { records: out, report: { counts, summary } };
}

/** One record `{ids: [SYMP:…, UMLS:…]}` per SYMP term with exactly one code CUI that `agrees(term, cui)`. */
export function sympCuisAttested(codeCuis: ReadonlyMap<string, readonly string[]>, agrees: (term: string, cui: string) => boolean): SourceRecord[] {
  const out: SourceRecord[] = [];
  for (const [symp, cuis] of codeCuis) {
    const kept = cuis.filter((c) => agrees(symp, c));
    if (kept.length === 1) out.push({ source: 'SYMP', ids: [symp, kept[0]!], names: [] });
  }
  return out;
}

const AGREEING_KINDS: ReadonlySet<string> = new Set(['preferred', 'exact']);

/**
 * Which names the records give their own ids and the CUIs they cite (preferred and exact names, as term keys):
 * a CUI confirmed by name is one another source gives a concept named as the term is.
 */
export class CuiNameAgreement {
  readonly #namesOfId = new Map<string, Set<string>>();
  readonly #namesOfCui = new Map<string, Set<string>>();

  constructor(records: readonly SourceRecord[], readonly termKey: (text: string) => string) {
    for (const r of records) {
      const keys = this.#keys(r);
      if (keys.length === 0) continue;
      const own = r.ids[0];
      if (own !== undefined && (own.startsWith('HP:') || own.startsWith('SYMP:'))) this.#add(this.#namesOfId, own, keys);
      for (const id of r.ids) if (id.startsWith('UMLS:')) this.#add(this.#namesOfCui, id, keys);
    }
  }

  #keys(r: SourceRecord): string[] {
    const texts = r.preferredName === undefined ? [] : [r.preferredName];
    for (const n of r.names) if (AGREEING_KINDS.has(n.kind)) texts.push(n.text);
    return texts.map(this.termKey).filter((k) => k !== '');
  }

  #add(map: Map<string, Set<string>>, id: string, keys: readonly string[]): void {
    const set = map.get(id) ?? new Set<string>();
    for (const k of keys) set.add(k);
    map.set(id, set);
  }

  /** The two source ids (HP:, SYMP:) share a name. */
  shareName(a: string, b: string): boolean {
    const x = this.#namesOfId.get(a);
    const y = this.#namesOfId.get(b);
    return x !== undefined && y !== undefined && [...x].some((k) => y.has(k));
  }

  /** Some record citing `cui` is named as `id` is. */
  citedUnderName(cui: string, id: string): boolean {
    const x = this.#namesOfCui.get(cui);
    const y = this.#namesOfId.get(id);
    return x !== undefined && y !== undefined && [...y].some((k) => x.has(k));
  }

  /** `cui` is cited with the names of `id` from now on. */
  addCui(cui: string, id: string): void {
    const keys = this.#namesOfId.get(id);
    if (keys !== undefined) this.#add(this.#namesOfCui, cui, [...keys]);
  }
}

/**
 * Licence texts that must travel with the compiled knowledge base: LOINC's licence requires its notice
 * (section 10a) and licence wherever LOINC content is redistributed, so both are copied beside the compiled files.
 */
export const SHIPPED_NOTICES: readonly string[] = [LOINC_NOTICE_FILE, LOINC_LICENCE_FILE];

export function copyShippedNotices(sourcesDir: string, outDir: string): string[] {
  return SHIPPED_NOTICES.map((file) => {
    const target = join(outDir, basename(file));
    copyFileSync(join(sourcesDir, file), target);
    return target;
  });
}
