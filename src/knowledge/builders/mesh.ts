// MeSH 2024 descriptors (NLM; jaytimm/mesh-resources flattening of desc2024/mtrees2024): names and entry terms of
// diseases, signs and symptoms, procedures, devices, drug classes, foods and substances, with the DescriptorUI as
// `MESH:<id>` (so they merge with every concept another source cross-references to that descriptor) and a semantic
// type from the descriptor's tree numbers (mesh-tree-types.ts). Entry terms are filtered by general rules only:
// permuted forms with a comma (re-orderings of another term; the compiler inverts "A, B" itself), lab numbers and
// trade names, systematic chemical nomenclature, long names, and abbreviations that name more than one descriptor.
import { join } from 'node:path';
import { ADMISSIONS, loadMeshTreeTypes, type Admission, type MeshTreeTypes } from './mesh-tree-types.js';
import { semanticTypes } from '../semantic-types.js';
import type { NameKind, SourceName, SourceRecord } from './source-record.js';
import { dataLines, readSourceText } from './text-files.js';
import { MESH_PHARM_ACTION_FILE } from './mesh-pharm-action.js';

export const MESH_THESAURUS_FILE = 'mesh/data_mesh_thesaurus.tsv.gz';
export const MESH_TREES_FILE = 'mesh/data_mesh_trees.tsv.gz';

/** Entry terms longer than this (characters or words) are descriptions or nomenclature, never written in notes. */
const MAX_NAME_CHARS = 80;
const MAX_NAME_WORDS = 10;
/** An abbreviation shorter than this is too ambiguous to index from MeSH alone (other sources may still give it). */
const MIN_ABBREVIATION_CHARS = 3;
/** Lexical tags of abbreviation-bearing terms: kept only when no other admitted descriptor has the same text. */
const ABBREVIATION_TAGS: ReadonlySet<string> = new Set(['ABB', 'ACR', 'ABX', 'ACX']);
/** Lab numbers ("A-23187") and trade names ("Abate", "Datril"): codes and brands, often common words. */
const DROPPED_TAGS: ReadonlySet<string> = new Set(['LAB', 'TRD']);
/** MeSH's pharmacologic actions: classes of drugs by action (D27.505). */
const DRUG_CLASS_TREE = 'D27.505';
/** Systematic chemical nomenclature: brackets, locants ("2,4-", "(6S-"), primes. */
const NOMENCLATURE = /[[\]{}]|\d,\d|\(\d|\d\)|\d'|[A-Za-z]\(/;

export interface MeshTerm {
  readonly text: string;
  readonly conceptPreferred: boolean;
  readonly permuted: boolean;
  readonly lexicalTag: string;
  /** The term belongs to the descriptor's preferred concept (a synonym, not a narrower concept). */
  readonly recordPreferredConcept: boolean;
}

export interface MeshDescriptor {
  readonly id: string;
  readonly name: string;
  readonly terms: readonly MeshTerm[];
  readonly trees: readonly string[];
  readonly pharmacological: boolean;
}

export interface MeshReport {
  descriptors: number;
  concepts: number;
  citedOnly: number;
  names: number;
  droppedTerms: Record<string, number>;
}

/** Columns by header name; throws on a missing column (the staged file changed shape). */
function columns(header: string, wanted: readonly string[], file: string): number[] {
  const cols = header.split('\t');
  return wanted.map((w) => {
    const i = cols.indexOf(w);
    if (i < 0) throw new Error(`${file}: missing column ${w}`);
    return i;
  });
}

/** Descriptors from the three flattened tables (TSV text each). */
export function parseMesh(thesaurus: string, trees: string, pharmActions: string): MeshDescriptor[] {
  const treeLines = dataLines(trees);
  const [tUi, tLoc] = columns(treeLines[0] ?? '', ['DescriptorUI', 'tree_location'], MESH_TREES_FILE) as [number, number];
  const treesOf = new Map<string, string[]>();
  for (const line of treeLines.slice(1)) {
    const c = line.split('\t');
    const list = treesOf.get(c[tUi]!) ?? [];
    list.push(c[tLoc]!);
    treesOf.set(c[tUi]!, list);
  }
  const actionLines = dataLines(pharmActions);
  const [aUi] = columns(actionLines[0] ?? '', ['DescriptorUI'], MESH_PHARM_ACTION_FILE) as [number];
  const withAction = new Set(actionLines.slice(1).map((l) => l.split('\t')[aUi]!));

  const lines = dataLines(thesaurus);
  const [ui, name, concept, term, cpt, permuted, tag, rpt] = columns(lines[0] ?? '', [
    'DescriptorUI', 'DescriptorName', 'ConceptUI', 'TermName', 'ConceptPreferredTermYN', 'IsPermutedTermYN', 'LexicalTag', 'RecordPreferredTermYN',
  ], MESH_THESAURUS_FILE) as number[] as [number, number, number, number, number, number, number, number];
  const out: MeshDescriptor[] = [];
  let current: { id: string; name: string; terms: MeshTerm[]; rows: string[][] } | undefined;
  const finish = (): void => {
    if (current === undefined) return;
    // The descriptor's preferred concept is the one holding its record-preferred term.
    const preferredConcept = current.rows.find((c) => c[rpt] === 'Y')?.[concept];
    for (const c of current.rows) {
      current.terms.push({
        text: c[term]!, conceptPreferred: c[cpt] === 'Y', permuted: c[permuted] === 'Y', lexicalTag: c[tag]!,
        recordPreferredConcept: c[concept] === preferredConcept,
      });
    }
    out.push({ id: current.id, name: current.name, terms: current.terms, trees: treesOf.get(current.id) ?? [], pharmacological: withAction.has(current.id) });
  };
  for (const line of lines.slice(1)) {
    const c = line.split('\t');
    if (current === undefined || current.id !== c[ui]) {
      finish();
      current = { id: c[ui]!, name: c[name]!, terms: [], rows: [] };
    }
    current.rows.push(c);
  }
  finish();
  return out;
}

/** "Fibrillation, Atrial" → "Atrial Fibrillation"; names without exactly one comma (or with brackets) stay as they are. */
export function naturalOrder(name: string): string {
  const parts = name.split(', ');
  if (parts.length !== 2 || name.includes('(') || parts[1]!.trim() === '') return name;
  return `${parts[1]!.trim()} ${parts[0]!.trim()}`;
}

const PROCEDURE_TYPES: ReadonlySet<string> = new Set(['topp', 'diap', 'lbpr', 'hlca']);

/** Endings of a head word that names an act, not a thing: -graphy, -scopy, -metry, -plasty, -ectomy, -stomy, -tomy, -therapy, -tion. */
const ACT_ENDINGS: readonly string[] = ['graphy', 'scopy', 'metry', 'plasty', 'ectomy', 'stomy', 'tomy', 'therapy', 'tion', 'ing', 'ment', 'surgery', 'procedure', 'procedures', 'care', 'support', 'respiration', 'technique', 'techniques'];

/** Whether the last word of a name (`Optical Coherence Tomography`, `Laser Therapy`) names an act. */
export function namesAnAct(name: string): boolean {
  const words = name.toLowerCase().split(/[\s,-]+/).filter((w) => w !== '');
  const head = words[words.length - 1] ?? '';
  return ACT_ENDINGS.some((e) => head.endsWith(e));
}

/** How a descriptor enters (its strongest admission) and its types, from its tree numbers. */
export function admissionOf(d: MeshDescriptor, table: MeshTreeTypes): { admit: Admission; types: string[] } {
  let best = ADMISSIONS.length - 1;
  const byAdmission: string[][] = ADMISSIONS.map(() => []);
  for (const tree of d.trees) {
    const rule = table.ruleOf(tree);
    if (rule === undefined) continue;
    let admit = rule.admit;
    if (admit === 'pharmacological') admit = d.pharmacological ? 'always' : 'cited';
    const rank = ADMISSIONS.indexOf(admit);
    // A chemical with a pharmacological action is a drug first (UMLS types them `phsu` beside the structure).
    const ruleTypes = rule.admit === 'pharmacological' && d.pharmacological ? ['phsu', rule.type!] : rule.type === undefined ? [] : [rule.type];
    for (const t of ruleTypes) if (!byAdmission[rank]!.includes(t)) byAdmission[rank]!.push(t);
    best = Math.min(best, rank);
  }
  let types: string[] = [];
  for (let r = best; r < ADMISSIONS.length - 1; r++) for (const t of byAdmission[r]!) if (!types.includes(t)) types.push(t);
  // A procedure done to the patient that is also a laboratory technique (biopsy, vaccination) is the procedure; a
  // laboratory technique MeSH also files under an organ system's diagnostic techniques only (urinalysis, pregnancy
  // tests, blood gas analysis) is a test of a specimen: the laboratory test. One MeSH lists under diagnostic
  // techniques and under surgery (colonoscopy, biopsy) is diagnostic, as UMLS types it.
  if (types.includes('lbpr') && types.includes('topp')) types = types.filter((t) => t !== 'lbpr');
  else if (types.includes('lbpr') && types.includes('diap')) types = types.filter((t) => t !== 'diap');
  if (types.includes('diap') && types.includes('topp')) types = types.filter((t) => t !== 'topp');
  // Equipment MeSH also files under a procedure branch (Insulin Infusion Systems, Optical Coherence Tomography) is the
  // device unless its name's head word names an act (tomography, therapy, implantation): then the procedure.
  if (types.includes('medd') && types.some((t) => PROCEDURE_TYPES.has(t))) {
    types = namesAnAct(naturalOrder(d.name)) ? types.filter((t) => t !== 'medd') : types.filter((t) => !PROCEDURE_TYPES.has(t));
  }
  // A sign MeSH also files under the technique that elicits it (respiratory sounds, reflexes) is the sign.
  if (types.some((t) => semanticTypes().byAbbreviation(t)?.group === 'DISO')) types = types.filter((t) => t !== 'diap' && t !== 'topp');
  return { admit: ADMISSIONS[best]!, types: types.slice(0, 3) };
}

/**
 * A pharmacologic-action class ("Cholinergic Agents"): its one-word entry terms are adjectives or singulars
 * ("Cholinergic", "Anticonvulsant") that in text qualify a drug, a receptor or an effect, and the normaliser folds
 * plurals onto them ("Cholinergics"), so no one-word name of a class is indexed.
 */
function isDrugClass(d: MeshDescriptor): boolean {
  return d.trees.length > 0 && d.trees.every((t) => t.startsWith(DRUG_CLASS_TREE));
}

/** Case- and punctuation-insensitive text, for telling whether an abbreviation names one descriptor only. */
function fold(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Why an entry term is not a name (undefined: it is one). */
function termDrop(t: MeshTerm): string | undefined {
  if (t.permuted && t.text.includes(',')) return 'permutedInverted';
  if (DROPPED_TAGS.has(t.lexicalTag)) return t.lexicalTag === 'LAB' ? 'labNumber' : 'tradeName';
  if (t.text.length > MAX_NAME_CHARS || t.text.split(' ').length > MAX_NAME_WORDS) return 'long';
  if (NOMENCLATURE.test(t.text) || t.text.split(',').length > 2) return 'nomenclature';
  return undefined;
}

export interface MeshOptions {
  /** MeSH ids (`MESH:D…`) other sources cross-reference: descriptors admitted as `cited` enter only when listed. */
  readonly cited: ReadonlySet<string>;
  readonly table?: MeshTreeTypes;
}

/** Records of the admitted descriptors; the report counts what was kept and dropped. */
export function meshRecords(descriptors: readonly MeshDescriptor[], options: MeshOptions): { records: SourceRecord[]; report: MeshReport } {
  const table = options.table ?? loadMeshTreeTypes();
  const report: MeshReport = { descriptors: descriptors.length, concepts: 0, citedOnly: 0, names: 0, droppedTerms: {} };
  const admitted: { d: MeshDescriptor; types: string[]; citedOnly: boolean }[] = [];
  for (const d of descriptors) {
    if (d.name.endsWith(' as Topic')) continue;
    const { admit, types } = admissionOf(d, table);
    const cited = options.cited.has(`MESH:${d.id}`);
    if (admit === 'never' || (admit === 'cited' && !cited)) continue;
    // A one-word drug class ("Analgesics") is named by its adjective in text; other sources name the classes that matter.
    if (isDrugClass(d) && !cited && !/[\s-]/.test(naturalOrder(d.name))) continue;
    admitted.push({ d, types, citedOnly: admit === 'cited' });
  }
  // Abbreviations are kept when their text names one admitted descriptor only.
  const descriptorsOfText = new Map<string, number>();
  for (const { d } of admitted) {
    for (const key of new Set(d.terms.map((t) => fold(t.text)))) descriptorsOfText.set(key, (descriptorsOfText.get(key) ?? 0) + 1);
  }
  const drop = (reason: string): void => void (report.droppedTerms[reason] = (report.droppedTerms[reason] ?? 0) + 1);
  const records: SourceRecord[] = [];
  for (const { d, types, citedOnly } of admitted) {
    const names: SourceName[] = [];
    const seen = new Set<string>();
    const drugClass = isDrugClass(d);
    const add = (text: string, kind: NameKind): void => {
      if (seen.has(text)) return;
      seen.add(text);
      names.push({ text, kind });
    };
    const preferred = naturalOrder(d.name);
    add(preferred, 'preferred');
    if (preferred !== d.name) add(d.name, 'exact');
    for (const t of d.terms) {
      if (t.text === d.name) continue;
      const why = termDrop(t);
      if (why !== undefined) {
        drop(why);
        continue;
      }
      if (drugClass && !/[\s-]/.test(t.text)) {
        drop('classAdjective');
        continue;
      }
      let kind: NameKind = t.recordPreferredConcept ? 'exact' : 'related';
      if (ABBREVIATION_TAGS.has(t.lexicalTag)) {
        if (t.text.length < MIN_ABBREVIATION_CHARS || (descriptorsOfText.get(fold(t.text)) ?? 0) > 1) {
          drop('ambiguousAbbreviation');
          continue;
        }
        if (t.lexicalTag === 'ABB' || t.lexicalTag === 'ACR') kind = 'abbreviation';
      }
      add(t.text, kind);
    }
    report.names += names.length;
    if (citedOnly) report.citedOnly++;
    else report.concepts++;
    records.push({ source: 'MSH', ids: [`MESH:${d.id}`], preferredName: preferred, names, semanticTypes: types });
  }
  return { records, report };
}

/** Reads the staged MeSH tables of the default build. */
export function readMesh(mirror: string, options: MeshOptions): { records: SourceRecord[]; report: MeshReport } {
  const descriptors = parseMesh(
    readSourceText(join(mirror, MESH_THESAURUS_FILE)),
    readSourceText(join(mirror, MESH_TREES_FILE)),
    readSourceText(join(mirror, MESH_PHARM_ACTION_FILE)),
  );
  return meshRecords(descriptors, options);
}

/** Every MeSH id (`MESH:D…`) the records cross-reference. */
export function citedMeshIds(records: Iterable<SourceRecord>): Set<string> {
  const out = new Set<string>();
  for (const r of records) for (const id of r.ids) if (id.startsWith('MESH:')) out.add(id);
  return out;
}
