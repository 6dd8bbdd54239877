// biolexica SSSLM literal-mapping tables (text, curie, name, predicate, type, ..., source): the main name
// and synonym table for diseases, phenotypes and findings (phenotype lexicon) and anatomy (anatomy lexicon).
// One record per curie; the curie is biolexica's prioritised id for merged equivalents, so the row's
// `source` says which ontology contributed the synonym.
import type { NameKind, SourceName, SourceRecord } from './source-record.js';
import { canonicalCurie } from './curie.js';
import { anatomyTypeFromLabel, diseaseTypeFromLabel, phenotypeTypeFromLabel } from './semantic-heuristics.js';
import { join } from 'node:path';
import { dataLines, readSourceText } from './text-files.js';

export const BIOLEXICA_FILES = {
  phenotype: 'biolexica/phenotype.ssslm.tsv.gz',
  anatomy: 'biolexica/anatomy.ssslm.tsv.gz',
} as const;

export type Lexicon = 'phenotype' | 'anatomy';

const ALL_CAPS_SHORT = /^[A-Z][A-Z0-9]{1,5}$/;

/** Record source (UMLS-style SAB) per canonical prefix; prefixes not listed are skipped. */
const SOURCE_OF_PREFIX: Readonly<Record<Lexicon, Readonly<Record<string, string>>>> = {
  phenotype: { DOID: 'DOID', MONDO: 'MONDO', HP: 'HPO', NCIT: 'NCI', SYMP: 'SYMP' },
  anatomy: { UBERON: 'UBERON', NCIT: 'NCI' },
};

export function ssslmNameKind(predicate: string, type: string): NameKind | undefined {
  if (type === 'owl:deprecated') return undefined;
  if (type === 'omo:0003000' || type === 'omo:0003012') return 'abbreviation';
  if (type === 'obo:hp#layperson' || type === 'omo:0003003') return 'layperson';
  switch (predicate) {
    case 'rdfs:label':
      return 'preferred';
    case 'oboInOwl:hasExactSynonym':
      return 'exact';
    case 'oboInOwl:hasRelatedSynonym':
    case 'oboInOwl:hasNarrowSynonym':
    case 'oboInOwl:hasBroadSynonym':
      return 'related';
    default:
      return undefined;
  }
}

function typesFor(lexicon: Lexicon, prefix: string, label: string): string[] {
  if (lexicon === 'anatomy') return [anatomyTypeFromLabel(label)];
  switch (prefix) {
    case 'DOID':
      return []; // the DOID builder assigns types from the DOID hierarchy
    case 'HP':
      return [phenotypeTypeFromLabel(label)];
    case 'SYMP':
      return []; // the SYMP builder assigns types (a measured quantity such as "blood pressure" is no symptom)
    default:
      return [diseaseTypeFromLabel(label)];
  }
}

export function ssslmRecords(tsv: string, lexicon: Lexicon): SourceRecord[] {
  const byCurie = new Map<string, { source: string; prefix: string; label: string; names: SourceName[] }>();
  const allowed = SOURCE_OF_PREFIX[lexicon];
  const lines = dataLines(tsv);
  for (let i = 1; i < lines.length; i++) {
    const cols = lines[i]!.split('\t');
    const curie = canonicalCurie(cols[1] ?? '');
    if (curie === undefined) continue;
    const prefix = curie.slice(0, curie.indexOf(':'));
    const source = allowed[prefix];
    if (source === undefined) continue;
    let kind = ssslmNameKind(cols[3] ?? '', cols[4] ?? '');
    // Anatomy: broad/related synonyms ("gut" for digestive tract) are too loose to match on.
    if (kind === undefined || (lexicon === 'anatomy' && (kind === 'related' || kind === 'abbreviation'))) continue;
    let entry = byCurie.get(curie);
    if (entry === undefined) {
      entry = { source, prefix, label: cols[2] ?? '', names: [] };
      byCurie.set(curie, entry);
    }
    const text = (cols[0] ?? '').trim();
    if (text === '') continue;
    // Anatomy acronyms (ALL, MS, ...) collide with disease acronyms and words; they are not indexed.
    if (lexicon === 'anatomy' && ALL_CAPS_SHORT.test(text)) continue;
    if (kind === 'preferred' && text !== entry.label) kind = 'exact';
    entry.names.push({ text, kind });
  }
  return [...byCurie].filter(([, e]) => !/^obsolete[\s_:]/i.test(e.label)).map(([curie, e]) => ({
    source: e.source,
    ids: [curie],
    preferredName: e.label,
    names: e.names,
    semanticTypes: typesFor(lexicon, e.prefix, e.label),
  }));
}

/** Reads a staged biolexica lexicon of the default build. */
export function readBiolexica(mirror: string, lexicon: Lexicon): SourceRecord[] {
  return ssslmRecords(readSourceText(join(mirror, BIOLEXICA_FILES[lexicon])), lexicon);
}
