// Human Disease Ontology: labels and the subClassOf hierarchy from DOreports/HumanDO.tsv, cross-references
// from DOreports/allXREFinDO.tsv, synonyms and xrefs from the OBO subsets, English synonyms (source_text) of
// the Spanish translation files, and the 2016 doid.obo for synonyms of DOIDs no current file names.
// Neoplasms (the "disease of cellular proliferation" branch) get `neop`, mental health `mobd`, others `dsyn`.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalCurie } from './curie.js';
import { parseObo, type OboSynonym, type OboTerm } from './obo.js';
import type { NameKind, SourceName, SourceRecord } from './source-record.js';
import { dataLines, readSourceText, tsvRows } from './text-files.js';

export const DOID_FILES = {
  humanDo: 'doid/HumanDO.tsv',
  xrefs: 'doid/allXREFinDO.tsv',
  subsetsDir: 'doid/subsets',
  legacyObo: 'doid/doid-legacy-2016-09-01.obo.gz',
  spanish: ['doid/doid-es-translated.tsv.gz', 'doid/doid-es-untranslated.tsv.gz'],
} as const;

const CELLULAR_PROLIFERATION = 'DOID:14566';
const MENTAL_HEALTH = 'DOID:150';

export function synonymKind(s: OboSynonym): NameKind {
  if (s.type === 'OMO:0003012' || s.type === 'OMO:0003000' || s.type.toLowerCase().includes('acronym') || s.type.toLowerCase().includes('abbreviation')) return 'abbreviation';
  if (s.type.toLowerCase().includes('layperson') || s.type === 'OMO:0003003') return 'layperson';
  return s.scope === 'EXACT' ? 'exact' : 'related';
}

/** True when `id` descends from `ancestor` (or is it) in a parent map; cycles are tolerated. */
export function descendsFrom(id: string, ancestor: string, parents: ReadonlyMap<string, readonly string[]>): boolean {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x === ancestor) return true;
    if (seen.has(x)) continue;
    seen.add(x);
    for (const p of parents.get(x) ?? []) stack.push(p);
  }
  return false;
}

interface DoidEntry {
  label: string;
  ids: Set<string>;
  names: SourceName[];
}

export function readDoid(mirror: string): SourceRecord[] {
  const entries = new Map<string, DoidEntry>();
  const parents = new Map<string, string[]>();
  const byLabel = new Map<string, string>();
  const humanDo = tsvRows(readSourceText(join(mirror, DOID_FILES.humanDo)));
  for (const row of humanDo) {
    const id = row.id ?? '';
    if (!id.startsWith('DOID:')) continue;
    if (!entries.has(id)) entries.set(id, { label: row.label ?? '', ids: new Set([id]), names: [] });
    byLabel.set(row.label ?? '', id);
  }
  for (const row of humanDo) {
    const parent = byLabel.get(row.subClassOf ?? '');
    if (parent !== undefined && row.id !== undefined) addParent(parents, row.id, parent);
  }
  for (const row of tsvRows(readSourceText(join(mirror, DOID_FILES.xrefs)))) {
    const entry = entries.get(row.id ?? '');
    const curie = canonicalCurie(row.xref ?? '');
    if (entry !== undefined && curie !== undefined) entry.ids.add(curie);
  }

  const subsetDir = join(mirror, DOID_FILES.subsetsDir);
  const withSynonyms = new Set<string>();
  const subsetFiles = existsSync(subsetDir) ? readdirSync(subsetDir).filter((f) => f.endsWith('.obo') || f.endsWith('.obo.gz')).sort() : [];
  for (const file of subsetFiles) {
    for (const term of parseObo(readSourceText(join(subsetDir, file)))) {
      const entry = entries.get(term.id);
      if (entry === undefined || term.obsolete) continue;
      withSynonyms.add(term.id);
      addTerm(entry, term, parents);
    }
  }
  for (const file of DOID_FILES.spanish) {
    const path = join(mirror, file);
    if (!existsSync(path)) continue;
    for (const line of dataLines(readSourceText(path))) {
      const cols = line.split('\t');
      const entry = entries.get(cols[0] ?? '');
      const text = (cols[2] ?? '').trim();
      if (entry === undefined || text === '' || text.includes('"')) continue;
      const kind: NameKind | undefined = cols[1] === 'oboInOwl:hasExactSynonym' || cols[1] === 'rdfs:label' ? 'exact' : cols[1] === 'oboInOwl:hasRelatedSynonym' ? 'related' : undefined;
      if (kind !== undefined) entry.names.push({ text, kind });
    }
  }
  const legacy = join(mirror, DOID_FILES.legacyObo);
  if (existsSync(legacy)) {
    for (const term of parseObo(readSourceText(legacy))) {
      const entry = entries.get(term.id);
      if (term.obsolete || entry === undefined) continue;
      for (const p of term.isA) addParent(parents, term.id, p);
      if (withSynonyms.has(term.id)) continue; // fallback only
      for (const s of term.synonyms) entry.names.push({ text: s.text, kind: synonymKind(s) });
    }
  }

  const records: SourceRecord[] = [];
  for (const [id, entry] of entries) {
    const type = descendsFrom(id, CELLULAR_PROLIFERATION, parents) ? 'neop' : descendsFrom(id, MENTAL_HEALTH, parents) ? 'mobd' : 'dsyn';
    records.push({ source: 'DOID', ids: [id, ...[...entry.ids].filter((x) => x !== id)], preferredName: entry.label, names: entry.names, semanticTypes: [type] });
  }
  return records;
}

function addParent(parents: Map<string, string[]>, child: string, parent: string): void {
  const list = parents.get(child);
  if (list === undefined) parents.set(child, [parent]);
  else if (!list.includes(parent)) list.push(parent);
}

function addTerm(entry: DoidEntry, term: OboTerm, parents: Map<string, string[]>): void {
  for (const p of term.isA) addParent(parents, term.id, p);
  for (const x of term.xrefs) {
    const curie = canonicalCurie(x);
    if (curie !== undefined) entry.ids.add(curie);
  }
  for (const s of term.synonyms) entry.names.push({ text: s.text, kind: synonymKind(s) });
}
