// DrugBank Open Data vocabulary (CC0): `drugbank_vocabulary.csv(.gz)` with columns
// `DrugBank ID, Accession Numbers, Common name, CAS, UNII, Synonyms, Standard InChI Key` (RFC 4180, synonyms
// separated by " | "). Each drug becomes `DRUGBANK:<id>` (+ `UNII:<unii>`, the join key to RxNorm ingredients).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidationIssue } from '../../errors.js';
import { parseCsv } from './csv-dictionary.js';
import { readText } from './read-lines.js';
import type { SourceName, SourceRecord } from './source-record.js';

const FILE_NAMES = ['drugbank_vocabulary.csv.gz', 'drugbank_vocabulary.csv', 'drugbank vocabulary.csv'];

export function findDrugBankFile(dir: string): string {
  for (const name of FILE_NAMES) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${dir}: no DrugBank vocabulary file (${FILE_NAMES.join(', ')})`);
}

/** Yields one record per DrugBank drug. Malformed CSV throws with the file line. */
export function* readDrugBank(dir: string): Generator<SourceRecord> {
  const path = findDrugBankFile(dir);
  const issues: ValidationIssue[] = [];
  let header: readonly string[] | undefined;
  let col = { id: 0, name: 2, unii: 4, synonyms: 5 };
  for (const row of parseCsv(readText(path), issues, path)) {
    if (header === undefined) {
      header = row.cells;
      const at = (name: string): number => {
        const k = header!.indexOf(name);
        if (k === -1) throw new Error(`${path}:1: missing column ${JSON.stringify(name)}`);
        return k;
      };
      col = { id: at('DrugBank ID'), name: at('Common name'), unii: at('UNII'), synonyms: at('Synonyms') };
      continue;
    }
    const id = row.cells[col.id]?.trim() ?? '';
    const name = row.cells[col.name]?.trim() ?? '';
    if (!/^DB\d+$/.test(id) || name === '') continue;
    const unii = row.cells[col.unii]?.trim() ?? '';
    const names: SourceName[] = [{ text: name, kind: 'preferred' }];
    const seen = new Set([name.toLowerCase()]);
    for (const synonym of (row.cells[col.synonyms] ?? '').split(' | ')) {
      const text = synonym.trim();
      if (text === '' || seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      names.push({ text, kind: 'exact' });
    }
    yield {
      source: 'DRUGBANK',
      ids: unii ? [`DRUGBANK:${id}`, `UNII:${unii}`] : [`DRUGBANK:${id}`],
      preferredName: name,
      names,
      semanticTypes: ['phsu'],
    };
  }
  if (issues.length > 0) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
}
