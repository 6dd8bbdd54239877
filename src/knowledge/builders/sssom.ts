// SSSOM mapping tables (MONDO's src/ontology/mappings/*.sssom.tsv): `#` YAML header lines, then a TSV
// with subject_id, subject_label, predicate_id, object_id, mapping_justification.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalCurie } from './curie.js';
import { diseaseTypeFromLabel } from './semantic-heuristics.js';
import type { SourceRecord } from './source-record.js';
import { readSourceText, tsvRows } from './text-files.js';

export interface SssomMapping {
  readonly subjectId: string;
  readonly subjectLabel: string;
  readonly predicateId: string;
  readonly objectId: string;
}

export function parseSssom(text: string): SssomMapping[] {
  return tsvRows(text).map((r) => ({
    subjectId: r.subject_id ?? '',
    subjectLabel: r.subject_label ?? '',
    predicateId: r.predicate_id ?? '',
    objectId: r.object_id ?? '',
  })).filter((m) => m.subjectId !== '' && m.objectId !== '');
}

/** The MONDO mapping files of the default build. Broad ICD-10-CM matches are left out (not the concept's code). */
export const MONDO_SSSOM_FILES: readonly string[] = [
  'exactmatch_doid', 'exactmatch_umls', 'exactmatch_ncit', 'exactmatch_mesh', 'exactmatch_sctid', 'exactmatch_omim',
  'exactmatch_orphanet', 'exactmatch_icd10cm', 'hasdbxref_icd10cm', 'hasdbxref_icd9', 'hasdbxref_hp',
].map((f) => `mondo/mondo_${f}.sssom.tsv.gz`);

const ACCEPTED_PREDICATES = new Set(['skos:exactMatch', 'oboInOwl:hasDbXref', 'skos:closeMatch']);

/** One record per subject (a MONDO id) with every mapped object as an identifier. */
export function sssomRecords(mappings: Iterable<SssomMapping>, source = 'MONDO'): SourceRecord[] {
  const bySubject = new Map<string, { label: string; ids: string[] }>();
  for (const m of mappings) {
    if (!ACCEPTED_PREDICATES.has(m.predicateId)) continue;
    const subject = canonicalCurie(m.subjectId);
    const object = canonicalCurie(m.objectId);
    if (subject === undefined || object === undefined) continue;
    let entry = bySubject.get(subject);
    if (entry === undefined) {
      entry = { label: m.subjectLabel, ids: [subject] };
      bySubject.set(subject, entry);
    }
    if (!entry.ids.includes(object)) entry.ids.push(object);
  }
  return [...bySubject].map(([, e]) => ({
    source,
    ids: e.ids,
    preferredName: e.label,
    names: [],
    semanticTypes: [diseaseTypeFromLabel(e.label)],
  }));
}

export function readMondoMappings(mirror: string): SourceRecord[] {
  const all: SssomMapping[] = [];
  for (const file of MONDO_SSSOM_FILES) {
    const path = join(mirror, file);
    if (existsSync(path)) all.push(...parseSssom(readSourceText(path)));
  }
  return sssomRecords(all);
}
