// MeSH pharmacological actions (NLM MeSH 2024, public domain; mesh/data_pharm_action.tsv.gz: descriptors and
// supplementary concepts with the actions MeSH assigns them, `Ibuprofen` → `Anti-Inflammatory Agents,
// Non-Steroidal`, `Analgesics`...) as the relation annotator's drug → action table, keyed by the lower-case
// MeSH name. Only this table is read: MeSH concepts themselves come from the knowledge base builders.
import { dataLines } from './text-files.js';

export const MESH_PHARM_ACTION_FILE = 'mesh/data_pharm_action.tsv.gz';

export interface PharmActions {
  /** Lower-case MeSH name of the substance. */
  readonly name: string;
  readonly meshId: string;
  readonly actions: readonly string[];
}

export function readPharmActions(tsv: string): PharmActions[] {
  const byId = new Map<string, { name: string; actions: string[] }>();
  for (const line of dataLines(tsv).slice(1)) {
    const [id, name, , action] = line.split('\t');
    if (id === undefined || name === undefined || action === undefined || action === '') continue;
    let e = byId.get(id);
    if (e === undefined) byId.set(id, (e = { name: name.toLowerCase(), actions: [] }));
    if (!e.actions.includes(action)) e.actions.push(action);
  }
  return [...byId].map(([meshId, e]) => ({ name: e.name, meshId, actions: e.actions }));
}

export function formatPharmActions(rows: readonly PharmActions[]): string {
  return `# name\tmeshId\tactions (|-separated)\n${rows.map((r) => `${r.name}\t${r.meshId}\t${r.actions.join('|')}\n`).join('')}`;
}

export function parsePharmActions(tsv: string): PharmActions[] {
  const out: PharmActions[] = [];
  for (const line of tsv.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [name, meshId, actions] = line.split('\t');
    if (name !== undefined && meshId !== undefined && actions !== undefined) out.push({ name, meshId, actions: actions.split('|') });
  }
  return out;
}
