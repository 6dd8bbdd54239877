// Symptom Ontology (symp.obo): signs and symptoms (`sosy`) with their UMLS CUI, MeSH and ICD cross-references.
import { join } from 'node:path';
import { canonicalCurie } from './curie.js';
import { synonymKind } from './doid.js';
import { parseObo } from './obo.js';
import type { SourceRecord } from './source-record.js';
import { readSourceText } from './text-files.js';

export const SYMP_FILE = 'symp/symp.obo';

export function sympRecords(oboText: string): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const term of parseObo(oboText)) {
    if (term.obsolete || !term.id.startsWith('SYMP:') || term.name.startsWith('obsolete ')) continue;
    const ids = [term.id];
    for (const x of term.xrefs) {
      const curie = canonicalCurie(x);
      if (curie !== undefined && !ids.includes(curie)) ids.push(curie);
    }
    records.push({
      source: 'SYMP',
      ids,
      preferredName: term.name,
      names: term.synonyms.map((s) => ({ text: s.text, kind: synonymKind(s) })),
      semanticTypes: ['sosy'],
    });
  }
  return records;
}

export function readSymp(mirror: string): SourceRecord[] {
  return sympRecords(readSourceText(join(mirror, SYMP_FILE)));
}
