// ICD-10-CM codes a coder would accept for a concept, after the merge (merge.ts gathers the codes the
// ontologies cite): the alphabetic index is the coder's own path from words to a code, so a disorder or
// symptom whose name is an index term gets that term's code ("atrial fibrillation" → I48.91, "nausea" →
// R11.0, "diabetes" → E11.9, "chronic kidney disease stage 3" → N18.30). Concepts the index does not name
// keep their cross-referenced codes, cleaned: a non-billable category becomes its unspecified billable code
// (E11 → E11.9, J45 → J45.909), sibling codes of one category the name does not tell apart become the
// category's unspecified code (three lung-lobe codes → C34.90), and congenital (Q) codes leave a concept that
// is not congenital when it has others.
import { compileMerged, type CompileInfo } from './compile.js';
import type { CompiledKb } from './compiled-kb.js';
import { mergeRecords, type MergedConcept } from './merge.js';
import { chooseMeshIds } from './mesh-choice.js';
import { attachNamedCuis, cuiNameTable, loadConceptCuis, readSenseInventories } from './named-cuis.js';
import type { Normalizer } from './normalize.js';
import { readIndexForms, readNeoplasmCoding, readTabular } from './builders/icd10cm-index.js';
import type { SourceRecord } from './builders/source-record.js';
import { semanticTypes } from './semantic-types.js';
import { icd10Type } from './builders/semantic-heuristics.js';
import { isBillable, neoplasmCode, unspecifiedBillable, type Icd10Tabular, type IndexForm, type NeoplasmCoding } from './builders/icd10cm-index.js';
import type { SourceName } from './builders/source-record.js';

export interface Icd10LinkReport {
  /** Concepts whose codes the index decided (by the preferred name, else by exact names). */
  readonly byIndexName: number;
  /** Concepts whose cross-referenced codes were cleaned (category → billable, siblings, congenital). */
  readonly cleaned: number;
  /** Concepts without any ICD-10-CM code before that have one now. */
  readonly gained: number;
  /** Names attached through a code their concept no longer carries, moved to code-only concepts (detachCodeNames). */
  readonly detachedNames: number;
  readonly detachedCodes: number;
}

/** Term key → the codes index forms with that key point to. */
export type IndexCodes = ReadonlyMap<string, ReadonlySet<string>>;

export function indexCodesByKey(forms: readonly IndexForm[], termKey: (text: string) => string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of forms) {
    const key = termKey(f.form);
    if (key === '') continue;
    const set = out.get(key);
    if (set === undefined) out.set(key, new Set([f.code]));
    else set.add(f.code);
  }
  return out;
}

const NAME_KINDS_FOR_CODES: ReadonlySet<SourceName['kind']> = new Set(['preferred', 'exact', 'attested']);

function isDisorder(types: readonly string[]): boolean {
  const table = semanticTypes();
  return types.some((t) => table.byAbbreviation(t)?.group === 'DISO');
}

/** The billable code an index or cross-reference code stands for (itself, or its unspecified descendant). */
export function billableCode(tabular: Icd10Tabular, code: string): string {
  if (isBillable(tabular, code)) return code;
  return unspecifiedBillable(tabular, code) ?? code;
}

/** The one code the index gives a key, when it gives exactly one and it fits the concept's kind (fitsConcept). */
function singleCode(index: IndexCodes, key: string, types: readonly string[]): string | undefined {
  const codes = index.get(key);
  const code = codes !== undefined && codes.size === 1 ? [...codes][0] : undefined;
  return code !== undefined && fitsConcept(code, types) ? code : undefined;
}

/**
 * Neoplasm codes (C00-D49) for neoplasms only; mental-disorder codes (F) never for a neoplasm: a form shared across
 * chapters is a different thing ("Cancer(o)phobia" is an index row "Cancer"). A lesion typed as a neoplasm takes
 * the index's code of another chapter (Baker's cyst M71.20, colon polyp K63.5): the index names it so.
 */
export function fitsConcept(code: string, types: readonly string[]): boolean {
  const neoplasmCode = code.startsWith('C') || (code.startsWith('D') && Number.parseInt(code.slice(1, 3), 10) <= 49);
  const neoplasm = types.includes('neop');
  if (neoplasmCode && !neoplasm) return false;
  return !(code.startsWith('F') && neoplasm);
}

/** The ICD-10-CM codes of one concept (see the file comment); undefined when unchanged. */
export function conceptIcd10Codes(concept: MergedConcept, index: IndexCodes, tabular: Icd10Tabular, termKey: (text: string) => string, neoplasms?: NeoplasmCoding, siteWords?: ReadonlySet<string>): { codes: string[]; how: 'index' | 'cleaned' } | undefined {
  const current = concept.codes.icd10Code ?? [];
  if (!concept.codeOnly && isDisorder(concept.semanticTypes)) {
    const preferred = singleCode(index, termKey(concept.preferredName), concept.semanticTypes);
    if (preferred !== undefined) return { codes: [billableCode(tabular, preferred)], how: 'index' };
    const votes = new Map<string, number>();
    for (const n of concept.names) {
      if (!NAME_KINDS_FOR_CODES.has(n.kind)) continue;
      const code = singleCode(index, termKey(n.text), concept.semanticTypes);
      if (code !== undefined) votes.set(billableCode(tabular, code), (votes.get(billableCode(tabular, code)) ?? 0) + 1);
    }
    const byNames = [...votes.keys()];
    if (byNames.length === 1 && (current.length === 0 || current.includes(byNames[0]!))) return { codes: byNames, how: 'index' };
    // Names pointing to several codes (a synonym naming a subtype) decide only for a concept without codes, by a
    // strict majority of its names ("hypoesthesia", "hypesthesia" R20.1 against "numbness" R20.0).
    if (byNames.length > 1 && current.length === 0) {
      const ranked = [...votes].sort((a, b) => b[1] - a[1]);
      if (ranked[0]![1] > ranked[1]![1]) return { codes: [ranked[0]![0]], how: 'index' };
    }
  }
  if (concept.codeOnly && current.length > 0) {
    // A code-only concept (a tabular title such as K61.3 "Ischiorectal abscess") whose name the index sends to a
    // code inside its own category takes that code (K61.39): the index's default for the unqualified words.
    const code = singleCode(index, termKey(concept.preferredName), concept.semanticTypes);
    if (code !== undefined && code !== current[0] && current.some((c) => code.startsWith(c))) return { codes: [billableCode(tabular, code)], how: 'index' };
  }
  if (current.length === 0) return (neoplasms === undefined ? undefined : bySiteAndMorphology(concept, neoplasms, tabular)) ?? (siteWords === undefined ? undefined : byMainTerm(concept, index, tabular, termKey, siteWords));
  const cleaned = cleanCodes(concept, current, tabular);
  return sameList(cleaned, current) ? undefined : { codes: cleaned, how: 'cleaned' };
}

/**
 * A symptom without codes named "<modifier> <main term>" whose modifier the index does not list under the main term
 * takes the main term's symptom code, as a coder does when no subterm fits ("dry cough" → Cough R05.9, "episodic
 * fatigue" → Fatigue R53.83). One word of the head is a main term: subterm forms always have several. A
 * site modifier is never defaulted: the main term's code often belongs to another organ ("bowel incontinence" is
 * not Incontinence R32, urinary; "esophageal diverticulum" not K57.90, colonic).
 */
function byMainTerm(concept: MergedConcept, index: IndexCodes, tabular: Icd10Tabular, termKey: (text: string) => string, siteWords: ReadonlySet<string>): { codes: string[]; how: 'index' } | undefined {
  if (concept.codeOnly || !concept.semanticTypes.includes('sosy')) return undefined;
  const words = concept.preferredName.trim().split(/\s+/);
  if (words.length !== 2 || siteWords.has(termKey(words[0]!))) return undefined;
  const code = singleCode(index, termKey(words[1]!), concept.semanticTypes);
  // Symptom codes only (chapter R): a main term of another chapter is often another sense of the word
  // ("Depression" F32.A under "metopic depression", a skull shape; "Exposure" T75.89 under "statin exposure").
  return code === undefined || !code.startsWith('R') ? undefined : { codes: [billableCode(tabular, code)], how: 'index' };
}

/**
 * A neoplasm without codes: the code its preferred name gives by site and morphology ("pituitary adenoma" →
 * D35.2), else the one code its names agree on (a synonym "pituitary tumor" says less: unspecified behaviour).
 */
function bySiteAndMorphology(concept: MergedConcept, neoplasms: NeoplasmCoding, tabular: Icd10Tabular): { codes: string[]; how: 'index' } | undefined {
  if (concept.codeOnly || !concept.semanticTypes.includes('neop')) return undefined;
  const preferred = neoplasmCode(neoplasms, concept.preferredName);
  if (preferred !== undefined) return { codes: [billableCode(tabular, preferred)], how: 'index' };
  const found = new Set<string>();
  for (const text of concept.names.filter((n) => NAME_KINDS_FOR_CODES.has(n.kind)).map((n) => n.text)) {
    const code = neoplasmCode(neoplasms, text);
    if (code !== undefined) found.add(billableCode(tabular, code));
  }
  return found.size === 1 ? { codes: [...found], how: 'index' } : undefined;
}

function cleanCodes(concept: MergedConcept, codes: readonly string[], tabular: Icd10Tabular): string[] {
  let out = [...new Set(codes.map((c) => billableCode(tabular, c)))];
  const congenital = concept.semanticTypes.includes('cgab') || /congenital/i.test(concept.preferredName);
  if (!congenital && out.some((c) => !c.startsWith('Q'))) out = out.filter((c) => !c.startsWith('Q'));
  // Siblings of one category that the concept's name does not tell apart: the category's unspecified code.
  const byCategory = new Map<string, string[]>();
  for (const c of out) {
    const category = c.slice(0, 3);
    const list = byCategory.get(category);
    if (list === undefined) byCategory.set(category, [c]);
    else list.push(c);
  }
  const result: string[] = [];
  for (const [category, list] of byCategory) {
    const unspecified = list.length > 1 ? unspecifiedBillable(tabular, category) : undefined;
    if (unspecified !== undefined) result.push(unspecified);
    else result.push(...list);
  }
  return result.sort();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Every concept with the ICD-10-CM codes its words justify (conceptIcd10Codes), and what changed. */
export function linkIcd10Codes(concepts: readonly MergedConcept[], forms: readonly IndexForm[], tabular: Icd10Tabular, termKey: (text: string) => string, neoplasms?: NeoplasmCoding): { concepts: MergedConcept[]; report: Icd10LinkReport } {
  const index = indexCodesByKey(forms, termKey);
  const siteWords = anatomyWords(concepts, termKey);
  let byIndexName = 0;
  let cleaned = 0;
  let gained = 0;
  const orphans = new Map<string, SourceName[]>();
  const out = concepts.map((c) => {
    const linked = conceptIcd10Codes(c, index, tabular, termKey, neoplasms, siteWords);
    if (linked === undefined) return c;
    if (linked.how === 'index') byIndexName++;
    else cleaned++;
    if ((c.codes.icd10Code ?? []).length === 0) gained++;
    const vocabs = c.vocabs.includes('ICD10CM') ? c.vocabs : [...c.vocabs, 'ICD10CM'];
    return detachCodeNames({ ...c, vocabs, codes: { ...c.codes, icd10Code: linked.codes } }, orphans);
  });
  let detached = 0;
  for (const [code, names] of [...orphans].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    detached += names.length;
    out.push(codeOnlyConcept(code, names, tabular));
  }
  return { concepts: out, report: { byIndexName, cleaned, gained, detachedNames: detached, detachedCodes: orphans.size } };
}

/** First words of anatomical concepts' names ("esophageal" of "esophageal mucosa", "bowel"): site modifiers. */
function anatomyWords(concepts: readonly MergedConcept[], termKey: (text: string) => string): Set<string> {
  const table = semanticTypes();
  const out = new Set<string>();
  for (const c of concepts) {
    if (!c.semanticTypes.some((t) => table.byAbbreviation(t)?.group === 'ANAT')) continue;
    for (const text of [c.preferredName, ...c.names.map((n) => n.text)]) {
      const first = text.trim().split(/\s+/)[0];
      if (first !== undefined && first !== '') out.add(termKey(first));
    }
  }
  return out;
}

/** Codes related by descent (E11 and E11.9) name one condition at two depths. */
function related(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a);
}

/**
 * The names attached code-only records gave a concept through a code it no longer carries (bruxism held F45.8,
 * which lumps "psychogenic dyspepsia" and "psychogenic yawning", and now carries G47.63): they leave it for a
 * code-only concept of that code, as the merge does with a code no single concept carries.
 */
function detachCodeNames(c: MergedConcept, orphans: Map<string, SourceName[]>): MergedConcept {
  if (c.codeNameCodes === undefined || c.codeNames.length === 0) return c;
  const codes = c.codes.icd10Code ?? [];
  const kept: SourceName[] = [];
  for (const name of c.codeNames) {
    const id = c.codeNameCodes.get(name.text);
    const code = id !== undefined && id.startsWith('ICD10CM:') ? id.slice(8) : undefined;
    if (code === undefined || codes.some((k) => related(k, code))) {
      kept.push(name);
      continue;
    }
    const list = orphans.get(code);
    if (list === undefined) orphans.set(code, [name]);
    else list.push(name);
  }
  return kept.length === c.codeNames.length ? c : { ...c, codeNames: kept };
}

function codeOnlyConcept(code: string, names: readonly SourceName[], tabular: Icd10Tabular): MergedConcept {
  const title = tabular.descriptions.get(code);
  const preferredName = title ?? names.find((n) => n.kind === 'preferred')?.text ?? names[0]!.text;
  const type = icd10Type(code);
  return {
    cui: `ICD10CM:${code}`,
    preferredName,
    semanticTypes: type === undefined ? [] : [type],
    vocabs: ['ICD10CM'],
    codes: { icd10Code: [billableCode(tabular, code)] },
    xrefs: [`ICD10CM:${code}`],
    names: [],
    codeNames: names,
    codeOnly: true,
  };
}

/** mergeRecords, linkIcd10Codes with the index and tabular list of the mirror `dir`, chooseMeshIds (mesh-choice.ts), compileMerged. */
export function compileWithIcd10Links(records: Iterable<SourceRecord>, info: CompileInfo, dir: string, normalizer: Normalizer, progress: (message: string) => void): CompiledKb {
  const started = Date.now();
  const { concepts: merged, report } = mergeRecords(records);
  const { refusedByPrefix, ...counts } = report;
  const stats: Record<string, number> = { ...counts };
  for (const [prefix, n] of Object.entries(refusedByPrefix)) stats[`refused:${prefix}`] = n;
  const linked = linkIcd10Codes(merged, readIndexForms(dir), readTabular(dir), (t) => normalizer.termKey(t), readNeoplasmCoding(dir));
  progress(`ICD-10-CM linking: ${JSON.stringify(linked.report)}`);
  const named = attachNamedCuis(linked.concepts, cuiNameTable(loadConceptCuis(), readSenseInventories(dir), (t) => normalizer.termKey(t)), (t) => normalizer.termKey(t));
  progress(`CUIs by name (authored table, abbreviation sense inventories): ${JSON.stringify(named.report)}`);
  const mesh = chooseMeshIds(named.concepts);
  progress(`MeSH ids chosen (attested, else descriptors): ${mesh.changed} concepts`);
  return compileMerged(mesh.concepts, info, stats, started);
}
