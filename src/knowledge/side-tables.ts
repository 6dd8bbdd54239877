// Small tables derived from open sources at knowledge-base build time and written beside the compiled files,
// for annotators that need more than concepts: the ICD-10-CM neoplasm site → code table (cancer) and MeSH
// pharmacological actions (relation). The loader reads those present; a knowledge base built without them
// (test bases, older builds) simply has none (KnowledgeBase.sideTable answers undefined).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPharmActions, MESH_PHARM_ACTION_FILE, readPharmActions } from './builders/mesh-pharm-action.js';
import { formatNeoplasmSites, NEOPLASM_TABLE_FILE, readNeoplasmSites } from './builders/neoplasm-table.js';
import { readSourceText } from './builders/text-files.js';

export const SIDE_TABLES = {
  neoplasmSites: 'neoplasm-sites.tsv',
  pharmActions: 'pharm-actions.tsv',
  /** The training lexicon's form → MeSH id table, written by the default build (corpus-lexicon.ts CORPUS_LEXICON_TABLE). */
  corpusLexicon: 'corpus-lexicon.tsv',
} as const;

/** Writes every side table into the knowledge base directory `outDir` from the verified sources in `sourcesDir`. */
export function writeSideTables(sourcesDir: string, outDir: string): string {
  const report: string[] = [];
  // A source the sources directory lacks (a download cache cannot rebuild a derived file) leaves its table out.
  const source = (file: string): string | undefined => (existsSync(join(sourcesDir, file)) ? readSourceText(join(sourcesDir, file)) : undefined);
  const neoplasms = source(NEOPLASM_TABLE_FILE);
  if (neoplasms === undefined) report.push(`no ${NEOPLASM_TABLE_FILE}`);
  else {
    const sites = readNeoplasmSites(neoplasms);
    writeFileSync(join(outDir, SIDE_TABLES.neoplasmSites), formatNeoplasmSites(sites));
    report.push(`${sites.length} neoplasm sites`);
  }
  const pharm = source(MESH_PHARM_ACTION_FILE);
  if (pharm === undefined) report.push(`no ${MESH_PHARM_ACTION_FILE}`);
  else {
    const actions = readPharmActions(pharm);
    writeFileSync(join(outDir, SIDE_TABLES.pharmActions), formatPharmActions(actions));
    report.push(`${actions.length} substances with pharmacological actions`);
  }
  return `side tables: ${report.join(', ')}`;
}

/** The side tables present in a knowledge base directory, by file name (read with the tables, synchronously). */
export function readSideTables(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of Object.values(SIDE_TABLES)) {
    const path = join(dir, name);
    if (existsSync(path)) out.set(name, readFileSync(path, 'utf8'));
  }
  return out;
}
