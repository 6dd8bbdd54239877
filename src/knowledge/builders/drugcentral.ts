// DrugCentral active ingredients (obo-db-ingest export, release 54): `drugcentral.tsv.gz` with columns
// `identifier, name, definition, synonyms (|-separated), alts, parents, species`.
//
// Known defect of that export, repaired here: for every ingredient that has synonyms, the `name` column holds the
// label of a *different* ingredient (no label occurs among its own row's synonyms; e.g. row 1725 is labelled
// "formylsulfamethin" but lists metformin's synonyms, and DrugCentral 1725 is metformin). The synonyms are keyed
// correctly, and each such label occurs in exactly one row's synonyms, so a label is moved to the row whose synonyms
// contain it. Rows without synonyms keep their label. A label that cannot be placed unambiguously is dropped, and a
// row left without a label takes its first synonym as preferred name.
// Synonyms that look like research codes (`LA-6023`, `MJ 9067`) are emitted as `related`, the rest as `exact`.
// No cross-references ship in these files: the merger links DrugCentral to RxNorm/DrugBank through names.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTsv } from './read-lines.js';
import type { SourceName, SourceRecord } from './source-record.js';

interface Row {
  readonly id: string;
  readonly label: string;
  readonly synonyms: readonly string[];
}

const CODE_LIKE = /^[A-Z]{1,6}[- ]?\d[\dA-Z-]*$/;

/** Yields one record per DrugCentral ingredient, with labels re-attached to the right identifiers. */
export function* readDrugCentral(dir: string): Generator<SourceRecord> {
  const path = [join(dir, 'drugcentral.tsv.gz'), join(dir, 'drugcentral.tsv')].find((p) => existsSync(p));
  if (path === undefined) throw new Error(`${dir}: no drugcentral.tsv(.gz)`);
  const rows: Row[] = [];
  for (const r of readTsv(path)) {
    const id = (r['identifier'] ?? '').trim();
    if (id === '') continue;
    const synonyms = (r['synonyms'] ?? '').split('|').map((s) => s.trim()).filter((s) => s !== '');
    rows.push({ id, label: (r['name'] ?? '').trim(), synonyms });
  }
  const labels = repairLabels(rows);
  for (const row of rows) {
    const label = labels.get(row.id) ?? row.synonyms[0];
    if (label === undefined) continue;
    const names: SourceName[] = [{ text: label, kind: 'preferred' }];
    const seen = new Set([label.toLowerCase()]);
    for (const text of row.synonyms) {
      if (seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      names.push({ text, kind: CODE_LIKE.test(text) ? 'related' : 'exact' });
    }
    yield { source: 'DRUGCENTRAL', ids: [`DRUGCENTRAL:${row.id}`], preferredName: label, names, semanticTypes: ['phsu'] };
  }
}

/**
 * Maps identifier → label. A row without synonyms keeps its own label. A label from a row with synonyms goes to the
 * single row whose synonyms contain it (case-insensitively), if there is exactly one; otherwise to nobody. When a
 * row's own label does occur in its own synonyms (a fixed export), nothing moves.
 */
export function repairLabels(rows: readonly Row[]): Map<string, string> {
  const owners = new Map<string, string[]>();
  for (const row of rows) {
    for (const s of row.synonyms) {
      const key = s.toLowerCase();
      const list = owners.get(key) ?? [];
      if (!list.includes(row.id)) list.push(row.id);
      owners.set(key, list);
    }
  }
  const out = new Map<string, string>();
  for (const row of rows) {
    if (row.label === '') continue;
    if (row.synonyms.length === 0 || row.synonyms.some((s) => s.toLowerCase() === row.label.toLowerCase())) {
      if (!out.has(row.id)) out.set(row.id, row.label);
      continue;
    }
    const owner = owners.get(row.label.toLowerCase());
    if (owner !== undefined && owner.length === 1 && !out.has(owner[0]!)) out.set(owner[0]!, row.label);
  }
  return out;
}
