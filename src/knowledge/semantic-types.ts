// The UMLS Semantic Network types: TUI, name, the standard 4-letter abbreviation ACD reports as `semanticType`
// (`dsyn`, `sosy`, `phsu`, ...), the semantic group (DISO, CHEM, PROC, ...) and the ACD annotation `type`
// (`umls.DiseaseOrSyndrome`). The data lives in resources/knowledge/semantic-type-abbreviations.tsv (authored from
// the Semantic Network 2025AA as exported by obo-db-ingest, plus the public SRDEF abbreviations); this module parses
// it once, on first use, into lookup maps.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type SemanticGroup =
  | 'ACTI' | 'ANAT' | 'CHEM' | 'CONC' | 'DEVI' | 'DISO' | 'GENE' | 'GEOG'
  | 'LIVB' | 'OBJC' | 'OCCU' | 'ORGA' | 'PHEN' | 'PHYS' | 'PROC';

export const SEMANTIC_GROUP_NAMES: Readonly<Record<SemanticGroup, string>> = {
  ACTI: 'Activities & Behaviors',
  ANAT: 'Anatomy',
  CHEM: 'Chemicals & Drugs',
  CONC: 'Concepts & Ideas',
  DEVI: 'Devices',
  DISO: 'Disorders',
  GENE: 'Genes & Molecular Sequences',
  GEOG: 'Geographic Areas',
  LIVB: 'Living Beings',
  OBJC: 'Objects',
  OCCU: 'Occupations',
  ORGA: 'Organizations',
  PHEN: 'Phenomena',
  PHYS: 'Physiology',
  PROC: 'Procedures',
};

export interface SemanticType {
  /** `T047` */
  readonly tui: string;
  /** `Disease or Syndrome` */
  readonly name: string;
  /** `dsyn` */
  readonly abbreviation: string;
  readonly group: SemanticGroup;
  /** ACD annotation type: `umls.DiseaseOrSyndrome` */
  readonly type: string;
  /** Retired types (removed from the Semantic Network) are kept so older dictionaries still resolve. */
  readonly retired: boolean;
}

export interface SemanticTypeTable {
  /** Current types only (127), in TUI order. */
  readonly all: readonly SemanticType[];
  byTui(tui: string): SemanticType | undefined;
  byAbbreviation(abbreviation: string): SemanticType | undefined;
  /** Case-insensitive: `Disease or Syndrome`, `disease or syndrome`. */
  byName(name: string): SemanticType | undefined;
  /** `umls.DiseaseOrSyndrome` (the `umls.` prefix is optional). */
  byType(type: string): SemanticType | undefined;
}

const RESOURCE = join('resources', 'knowledge', 'semantic-type-abbreviations.tsv');
const GROUPS = new Set(Object.keys(SEMANTIC_GROUP_NAMES));

/**
 * `Body Part, Organ, or Organ Component` → `umls.BodyPartOrganOrOrganComponent`. Words are split on spaces only and
 * punctuation inside a word is dropped without capitalising: the real cartridge spells T095
 * `umls.SelfhelpOrReliefOrganization`.
 */
export function acdTypeName(name: string): string {
  const words = name.split(/\s+/).map((w) => w.replace(/[^A-Za-z0-9]/g, '')).filter((w) => w.length > 0);
  return 'umls.' + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** Parses the TSV text; throws with file line numbers on malformed rows (it is authored data shipped with the code). */
export function parseSemanticTypes(text: string): SemanticType[] {
  const out: SemanticType[] = [];
  let header = true;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line === '' || line.startsWith('#')) continue;
    if (header) {
      header = false;
      if (line !== 'tui\tabbreviation\tname\tgroup\tstatus') throw new Error(`${RESOURCE}:${i + 1}: unexpected header`);
      continue;
    }
    const [tui, abbreviation, name, group, status] = line.split('\t');
    if (!tui || !/^T\d{3}$/.test(tui) || !abbreviation || !name || !group || !GROUPS.has(group) || (status !== 'current' && status !== 'retired')) {
      throw new Error(`${RESOURCE}:${i + 1}: malformed row`);
    }
    out.push({ tui, abbreviation, name, group: group as SemanticGroup, type: acdTypeName(name), retired: status === 'retired' });
  }
  return out;
}

/** Builds the lookup table from parsed rows. */
export function buildSemanticTypeTable(rows: readonly SemanticType[]): SemanticTypeTable {
  const tui = new Map<string, SemanticType>();
  const abbr = new Map<string, SemanticType>();
  const name = new Map<string, SemanticType>();
  const type = new Map<string, SemanticType>();
  for (const r of rows) {
    tui.set(r.tui, r);
    abbr.set(r.abbreviation, r);
    name.set(r.name.toLowerCase(), r);
    type.set(r.type.toLowerCase(), r);
  }
  const all = rows.filter((r) => !r.retired);
  return {
    all,
    byTui: (t) => tui.get(t.toUpperCase()),
    byAbbreviation: (a) => abbr.get(a.toLowerCase()),
    byName: (n) => name.get(n.trim().toLowerCase()),
    byType: (t) => type.get((t.startsWith('umls.') ? t : 'umls.' + t).toLowerCase()),
  };
}

function findResource(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`resource not found: ${relative}`);
    dir = parent;
  }
}

let table: SemanticTypeTable | undefined;

/** The table, parsed from resources/knowledge/semantic-type-abbreviations.tsv on first use. */
export function semanticTypes(): SemanticTypeTable {
  table ??= buildSemanticTypeTable(parseSemanticTypes(readFileSync(findResource(RESOURCE), 'utf8')));
  return table;
}
