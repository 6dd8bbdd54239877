// The relation annotator's rules (resources/relation/en.json, a lexicon file with a closed key set) and the
// MeSH pharmacological actions of the knowledge base's `pharm-actions.tsv` side table, compiled once per
// knowledge base: action → the drug classes it puts a drug in (what they may treat or prevent), the words
// between a disorder and its site, and the semantic types of drugs, conditions and anatomy.
import relationFile from '../../../../resources/relation/en.json' with { type: 'json' };
import { parsePharmActions } from '../../../knowledge/builders/mesh-pharm-action.js';
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import { SIDE_TABLES } from '../../../knowledge/side-tables.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';

export const RELATION_FILE = 'resources/relation/en.json';

const ROLES = ['drug-class', 'prevention-cue', 'site-preposition', 'site-skippable', 'site-coordination', 'semantic-types', 'salt-suffix'] as const;
export const DRUG_RELATIONS = ['may_treat', 'may_prevent'] as const;
export type DrugRelation = (typeof DRUG_RELATIONS)[number];

const RELATION_SCHEMA: LexiconSchema = {
  kind: 'relation-rules',
  required: { role: 'string' },
  optional: { actions: 'strings', relation: 'string', conditions: 'strings', forms: 'strings', group: 'string', types: 'strings' },
  enums: { role: ROLES, relation: DRUG_RELATIONS, group: ['drug', 'condition', 'anatomy'] },
};

export interface DrugClass {
  readonly id: string;
  readonly relation: DrugRelation;
  /** Condition phrases as word lists (conditionWords). */
  readonly conditions: readonly (readonly string[])[];
}

export interface RelationRules {
  readonly classesByAction: ReadonlyMap<string, readonly DrugClass[]>;
  /** MeSH pharmacological actions by lower-case substance name (salt words dropped too). */
  readonly actionsByName: ReadonlyMap<string, readonly string[]>;
  readonly preventionCues: readonly (readonly string[])[];
  readonly prepositions: ReadonlySet<string>;
  readonly skippable: ReadonlySet<string>;
  readonly coordination: ReadonlySet<string>;
  readonly drugTypes: ReadonlySet<string>;
  readonly conditionTypes: ReadonlySet<string>;
  readonly anatomyTypes: ReadonlySet<string>;
}

/** Lower-case words of a text, plural `s` dropped (`seizures` → `seizure`), for phrase containment. */
export function conditionWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().split(/[^a-z0-9']+/)) {
    if (w === '') continue;
    out.push(w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return out;
}

export function compileRelationRules(kb: KnowledgeBase | undefined, body: unknown = relationFile, file = RELATION_FILE): RelationRules {
  const lexicon = parseLexiconFile(body, file, RELATION_SCHEMA);
  const classesByAction = new Map<string, DrugClass[]>();
  const words = (role: string): string[] => lexicon.entries.filter((e) => stringField(e, 'role') === role).flatMap((e) => listField(e, 'forms'));
  const types = (group: string): Set<string> => new Set(lexicon.entries.filter((e) => stringField(e, 'group') === group).flatMap((e) => listField(e, 'types')));
  for (const e of lexicon.entries) {
    if (stringField(e, 'role') !== 'drug-class') continue;
    const cls: DrugClass = { id: e.id, relation: (stringField(e, 'relation') ?? 'may_treat') as DrugRelation, conditions: listField(e, 'conditions').map(conditionWords) };
    for (const action of listField(e, 'actions')) {
      const list = classesByAction.get(action);
      if (list === undefined) classesByAction.set(action, [cls]);
      else list.push(cls);
    }
  }
  const salts = words('salt-suffix').map((s) => ` ${s.toLowerCase()}`);
  const actionsByName = new Map<string, readonly string[]>();
  const table = kb?.sideTable?.(SIDE_TABLES.pharmActions);
  if (table !== undefined) {
    const rows = parsePharmActions(table);
    for (const r of rows) actionsByName.set(r.name, r.actions);
    // `quetiapine fumarate` also names quetiapine, unless a substance of that name has actions of its own
    for (const r of rows) for (const salt of salts) if (r.name.endsWith(salt) && !actionsByName.has(r.name.slice(0, -salt.length))) actionsByName.set(r.name.slice(0, -salt.length), r.actions);
  }
  return {
    classesByAction,
    actionsByName,
    preventionCues: words('prevention-cue').map(conditionWords),
    prepositions: new Set(words('site-preposition')),
    skippable: new Set(words('site-skippable')),
    coordination: new Set(words('site-coordination')),
    drugTypes: types('drug'),
    conditionTypes: types('condition'),
    anatomyTypes: types('anatomy'),
  };
}
