// The MeSH tree-number → semantic type table (resources/knowledge/mesh-tree-types.tsv): which branches of MeSH
// enter the knowledge base, how (admission), and with which UMLS semantic type. Longest prefix wins per tree number.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidationIssue } from '../../errors.js';
import { semanticTypes } from '../semantic-types.js';
import { parseVersionedTsv } from '../versioned-tsv.js';

export const MESH_TREE_TYPES_PATH = fileURLToPath(new URL('../../../resources/knowledge/mesh-tree-types.tsv', import.meta.url));

/** Strongest first: `always` makes a concept, `pharmacological` one when MeSH lists an action, `cited` only merges. */
export const ADMISSIONS = ['always', 'pharmacological', 'cited', 'never'] as const;
export type Admission = (typeof ADMISSIONS)[number];

export interface TreeRule {
  readonly tree: string;
  /** UMLS semantic type abbreviation; undefined for `never`. */
  readonly type: string | undefined;
  readonly admit: Admission;
}

export interface MeshTreeTypes {
  readonly version: string;
  /** The rule of the longest prefix of `treeNumber` (whole dotted segments), or undefined when none matches. */
  ruleOf(treeNumber: string): TreeRule | undefined;
}

const TREE = /^[A-Z](\d{2}(\.\d{3})*)?$/;

export function parseMeshTreeTypes(text: string, file = 'mesh-tree-types.tsv'): { table: MeshTreeTypes; issues: ValidationIssue[] } {
  const rules = new Map<string, TreeRule>();
  const { version, issues } = parseVersionedTsv(text, file, ['tree', 'type', 'admit', 'reason'], (cols) => {
    const [tree, type, admit, reason] = cols as [string, string, string, string];
    if (!TREE.test(tree)) return `tree must be a MeSH tree number or its letter, not "${tree}"`;
    if (rules.has(tree)) return `duplicate tree "${tree}"`;
    if (!(ADMISSIONS as readonly string[]).includes(admit)) return `admit must be one of ${ADMISSIONS.join(', ')}, not "${admit}"`;
    if ((admit === 'never') !== (type === '-')) return 'type is "-" exactly when admit is "never"';
    if (type !== '-' && semanticTypes().byAbbreviation(type) === undefined) return `unknown semantic type "${type}"`;
    if (reason.trim() === '') return 'a reason is required';
    rules.set(tree, { tree, type: type === '-' ? undefined : type, admit: admit as Admission });
    return undefined;
  });
  const ruleOf = (treeNumber: string): TreeRule | undefined => {
    for (let prefix = treeNumber; ; ) {
      const rule = rules.get(prefix);
      if (rule !== undefined) return rule;
      const dot = prefix.lastIndexOf('.');
      if (dot > 0) prefix = prefix.slice(0, dot);
      else if (prefix.length > 1) prefix = prefix.slice(0, 1);
      else return undefined;
    }
  };
  return { table: { version, ruleOf }, issues };
}

/** Reads and validates the authored table; throws when it has issues (a programming error). */
export function loadMeshTreeTypes(path = MESH_TREE_TYPES_PATH): MeshTreeTypes {
  const { table, issues } = parseMeshTreeTypes(readFileSync(path, 'utf8'), path);
  if (issues.length > 0) throw new Error(`invalid MeSH tree-type table: ${issues.map((x) => `${x.path}: ${x.message}`).join('; ')}`);
  return table;
}
