// CDC vaccine codes (obo-db-ingest export): `cvx.tsv` (identifier, name, definition, synonyms, alts, parents, species)
// and `cvx.synonyms.tsv` (text, curie, name, predicate, type, source). Each code becomes `CVX:<code>` with semantic
// type `imft` (Immunologic Factor, as UMLS types vaccines). Exact synonyms typed as acronyms (omo:0003012, e.g. "MMR")
// become abbreviations; related synonyms stay `related`; short names that mean a disease or nothing are dropped.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTsv } from './read-lines.js';
import type { NameKind, SourceName, SourceRecord } from './source-record.js';

const ACRONYM = 'omo:0003012';

/**
 * CVX short names that, outside a vaccine list, name a disease, a pathogen or nothing at all: matched in clinical
 * text they would turn "HIV" or "Hep C" into a vaccine. They are dropped (lower-case comparison).
 */
export const AMBIGUOUS_CVX_SYNONYMS: ReadonlySet<string> = new Set([
  'unknown', 'text', 'hiv', 'hep c', 'hep e', 'hantavirus', 'junin virus', 'herpes simplex 2',
  'adenovirus, type 4', 'adenovirus, type 7', 'typhus, historical', 'rubella/mumps', 'influenza, whole',
]);

function synonymKind(predicate: string, type: string): NameKind | undefined {
  if (predicate === 'rdfs:label') return undefined;
  if (type === ACRONYM) return 'abbreviation';
  if (predicate === 'oboInOwl:hasExactSynonym') return 'exact';
  return 'related';
}

export function* readCvx(dir: string): Generator<SourceRecord> {
  const codesPath = join(dir, 'cvx.tsv');
  const synonymsPath = join(dir, 'cvx.synonyms.tsv');
  const synonyms = new Map<string, SourceName[]>();
  if (existsSync(synonymsPath)) {
    for (const r of readTsv(synonymsPath)) {
      const curie = r['curie'] ?? '';
      const text = (r['text'] ?? '').trim();
      const kind = synonymKind(r['predicate'] ?? '', r['type'] ?? '');
      if (!curie.startsWith('cvx:') || text === '' || kind === undefined || AMBIGUOUS_CVX_SYNONYMS.has(text.toLowerCase())) continue;
      const code = curie.slice(4);
      const list = synonyms.get(code) ?? [];
      list.push({ text, kind });
      synonyms.set(code, list);
    }
  }
  for (const r of readTsv(codesPath)) {
    const code = (r['identifier'] ?? '').trim();
    const name = (r['name'] ?? '').trim();
    if (code === '' || name === '') continue;
    const names: SourceName[] = [{ text: name, kind: 'preferred' }];
    const seen = new Set([name]);
    const extra = synonyms.get(code) ?? (r['synonyms'] ?? '').split('|').map((s) => s.trim()).filter((s) => s !== '' && !AMBIGUOUS_CVX_SYNONYMS.has(s.toLowerCase())).map((text) => ({ text, kind: 'related' as const }));
    for (const s of extra) {
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      names.push(s);
    }
    yield { source: 'CVX', ids: [`CVX:${code}`], preferredName: name, names, semanticTypes: ['imft'] };
  }
}
