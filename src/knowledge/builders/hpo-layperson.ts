// HPO layperson synonyms (reports/layperson-synonyms.tsv: HP IRI, label, layperson wording).
import type { SourceRecord } from './source-record.js';
import { phenotypeTypeFromLabel } from './semantic-heuristics.js';
import { dataLines, unquote } from './text-files.js';

export const HPO_LAYPERSON_FILE = 'hpo/layperson-synonyms.tsv';
export const HPO_SPELLING_FILE = 'hpo/hpo_british_english_dictionary.csv';

export function hpoLaypersonRecords(tsv: string): SourceRecord[] {
  const byId = new Map<string, { label: string; names: string[] }>();
  for (const line of dataLines(tsv)) {
    const [iri = '', label = '', lay = ''] = line.split('\t');
    const m = /HP_(\d{7})/.exec(iri);
    if (m === null) continue;
    const id = `HP:${m[1]}`;
    let entry = byId.get(id);
    if (entry === undefined) {
      entry = { label: unquote(label), names: [] };
      byId.set(id, entry);
    }
    const text = unquote(lay).trim();
    if (text !== '') entry.names.push(text);
  }
  return [...byId].map(([id, e]) => ({
    source: 'HPO',
    ids: [id],
    preferredName: e.label,
    names: e.names.map((text) => ({ text, kind: 'layperson' as const })),
    semanticTypes: [phenotypeTypeFromLabel(e.label)],
  }));
}
