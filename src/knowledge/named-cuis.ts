// Real UMLS CUIs for merged concepts none of whose sources gives one (issue 18), taken from names that a source
// pairs with a CUI, after the merge (icd10-linking.ts compileWithIcd10Links):
//  * the Vanderbilt clinical abbreviation sense inventories (abbreviations/vanderbilt_*.tsv): every sense of a
//    clinical abbreviation with the UMLS CUI its annotators gave it ("sz" seizure C0036572, "fx" fracture
//    C0016658, "SOB" shortness of breath C0013404); a sense named with several CUIs, or a name given several
//    CUIs, names none;
//  * resources/knowledge/concept-cuis.tsv: well-known clinical concepts that no staged source pairs with a CUI
//    (chills, dizziness), authored; these win over the inventories.
// A concept takes the CUI its preferred name has, else the one CUI its exact names agree on; never a CUI another
// concept already carries (it would join two meanings under one id), unless the CUI came with the concept's
// preferred name and that concept has the name among its own preferred and exact names (HPO "Pruritus", with the
// synonym itching, and SYMP "itching", which no source joined; not DrugCentral benzylpenicillin, whose synonym
// penicillin names MeSH Penicillins). Of several candidates for one CUI, those
// not code-only, then those named by their preferred name, take it (concept_detection keeps one concept per span
// and CUI); several named by an exact synonym only take none. The concept keeps its source ids as cross-references and adds `UMLS:<cui>`.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ValidationIssue } from '../errors.js';
import type { MergedConcept } from './merge.js';
import { parseVersionedTsv } from './versioned-tsv.js';

export const DEFAULT_CONCEPT_CUIS_PATH = fileURLToPath(new URL('../../resources/knowledge/concept-cuis.tsv', import.meta.url));

/** The sense inventories read (relative to the sources directory). */
export const SENSE_INVENTORY_FILES: readonly string[] = ['abbreviations/vanderbilt_clinic_notes.tsv', 'abbreviations/vanderbilt_discharge_sums.tsv'];

const CUI = /^C\d{7}$/;

export interface AuthoredCui {
  readonly name: string;
  readonly cui: string;
}

/** The authored table: `name<TAB>cui<TAB>evidence` rows (evidence: where the CUI was checked, required). */
export function parseConceptCuis(text: string, file = 'concept-cuis.tsv'): { version: string; rows: AuthoredCui[]; issues: ValidationIssue[] } {
  const rows: AuthoredCui[] = [];
  const names = new Set<string>();
  const { version, issues } = parseVersionedTsv(text, file, ['name', 'cui', 'evidence'], (cols) => {
    const [name, cui, evidence] = cols.map((c) => c.trim()) as [string, string, string];
    if (name === '') return 'a name is required';
    if (!CUI.test(cui)) return `"${cui}" is not a UMLS CUI (C and 7 digits)`;
    if (evidence === '') return 'the evidence column is required (where the CUI was checked)';
    if (names.has(name.toLowerCase())) return `duplicate name "${name}"`;
    names.add(name.toLowerCase());
    rows.push({ name, cui });
    return undefined;
  });
  return { version, rows, issues };
}

export function loadConceptCuis(path = DEFAULT_CONCEPT_CUIS_PATH): AuthoredCui[] {
  const { rows, issues } = parseConceptCuis(readFileSync(path, 'utf8'), path);
  if (issues.length > 0) throw new Error(`invalid concept CUI table: ${issues.map((x) => `${x.path}: ${x.message}`).join('; ')}`);
  return rows;
}

/** Sense → CUI pairs of a Vanderbilt inventory (`abbreviation, sense, variation, CUI, frequency`): one CUI per sense only. */
export function parseSenseInventory(text: string): AuthoredCui[] {
  const out: AuthoredCui[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    const [, sense, , cuis] = line.split('\t');
    if (sense === undefined || cuis === undefined) continue;
    const cui = cuis.trim().toUpperCase();
    const name = sense.trim().replace(/^"(.*)"$/, '$1').trim();
    if (name === '' || !CUI.test(cui)) continue;
    out.push({ name, cui });
  }
  return out;
}

/**
 * Name key → CUI: authored rows first; then the inventories' pairs, a key the inventories give several CUIs
 * naming none.
 */
export function cuiNameTable(authored: readonly AuthoredCui[], inventories: readonly AuthoredCui[], termKey: (t: string) => string): Map<string, string> {
  const fromInventories = new Map<string, Set<string>>();
  for (const { name, cui } of inventories) {
    const key = termKey(name);
    if (key === '') continue;
    const set = fromInventories.get(key) ?? new Set<string>();
    set.add(cui);
    fromInventories.set(key, set);
  }
  const table = new Map<string, string>();
  for (const [key, set] of fromInventories) if (set.size === 1) table.set(key, [...set][0]!);
  for (const { name, cui } of authored) {
    const key = termKey(name);
    if (key !== '') table.set(key, cui);
  }
  return table;
}

export function readSenseInventories(dir: string): AuthoredCui[] {
  return SENSE_INVENTORY_FILES.map((f) => join(dir, f)).filter((p) => existsSync(p)).flatMap((p) => parseSenseInventory(readFileSync(p, 'utf8')));
}

export interface NamedCuiReport {
  /** Concepts given a CUI: by their preferred name, by their exact names. */
  readonly byPreferredName: number;
  readonly byExactName: number;
  /** Candidates left without one: the CUI is another concept's, or several concepts want it. */
  readonly cuiTaken: number;
  readonly contested: number;
}

const hasRealCui = (c: MergedConcept): boolean => CUI.test(c.cui);

/** The concepts with the CUIs their names are given (see the file comment); order kept. */
export function attachNamedCuis(concepts: readonly MergedConcept[], table: ReadonlyMap<string, string>, termKey: (t: string) => string): { concepts: MergedConcept[]; report: NamedCuiReport } {
  // CUI → the name keys (preferred and exact) of the concepts already carrying it.
  const used = new Map<string, Set<string>>();
  for (const c of concepts) {
    const cuis = c.xrefs.filter((x) => x.startsWith('UMLS:')).map((x) => x.slice(5));
    if (hasRealCui(c)) cuis.push(c.cui);
    if (cuis.length === 0) continue;
    const names = [termKey(c.preferredName), ...c.names.filter((n) => n.kind === 'preferred' || n.kind === 'exact').map((n) => termKey(n.text))];
    for (const cui of cuis) {
      const keys = used.get(cui) ?? new Set<string>();
      for (const k of names) keys.add(k);
      used.set(cui, keys);
    }
  }
  // CUI → candidate concepts (index, by preferred name or not).
  const wanted = new Map<string, { index: number; preferred: boolean }[]>();
  let cuiTaken = 0;
  concepts.forEach((c, index) => {
    if (hasRealCui(c)) return;
    const label = termKey(c.preferredName);
    let cui = table.get(label);
    let preferred = cui !== undefined;
    // The name keys that gave the CUI.
    let keys = [label];
    if (cui === undefined) {
      const agreed = new Map<string, string[]>();
      for (const n of c.names) {
        if (n.kind !== 'preferred' && n.kind !== 'exact') continue;
        const k = termKey(n.text);
        const found = table.get(k);
        if (found !== undefined) agreed.set(found, [...(agreed.get(found) ?? []), k]);
      }
      const only = agreed.size === 1 ? [...agreed][0] : undefined;
      if (only !== undefined) [cui, keys] = only;
      preferred = false;
    }
    if (cui === undefined) return;
    // A CUI another concept carries joins no new meaning only when that concept has the name that gave it
    // (SYMP "itching" beside the HPO concept Pruritus, whose exact synonyms name itching).
    const holders = used.get(cui);
    if (holders !== undefined && !(preferred && keys.some((k) => holders.has(k)))) {
      cuiTaken++;
      return;
    }
    const list = wanted.get(cui) ?? [];
    list.push({ index, preferred });
    wanted.set(cui, list);
  });
  const chosen = new Map<number, string>();
  let contested = 0;
  for (const [cui, list] of wanted) {
    let pick = list;
    if (pick.some((x) => !concepts[x.index]!.codeOnly)) pick = pick.filter((x) => !concepts[x.index]!.codeOnly);
    if (pick.some((x) => x.preferred)) pick = pick.filter((x) => x.preferred);
    // Concepts of one preferred name are one meaning the sources did not join (MeSH and SYMP "Dizziness"): each
    // takes the CUI, and concept_detection reports one of them per span. Several concepts with the name only as
    // a synonym are ambiguous.
    if (pick.length > 1 && !pick[0]!.preferred) {
      contested += list.length;
      continue;
    }
    for (const x of pick) chosen.set(x.index, cui);
  }
  let byPreferredName = 0;
  let byExactName = 0;
  const out = concepts.map((c, index) => {
    const cui = chosen.get(index);
    if (cui === undefined) return c;
    if (table.get(termKey(c.preferredName)) === cui) byPreferredName++;
    else byExactName++;
    return { ...c, cui, xrefs: [...c.xrefs, `UMLS:${cui}`] };
  });
  return { concepts: out, report: { byPreferredName, byExactName, cuiTaken, contested } };
}
