// The lexicons of named_entities (resources/named-entities/en.json, a lexicon file with a closed key set) and
// the given names of the `human-names` package, compiled once: one term lexicon over every role, and the
// given-name set (lower case) minus the capitalised words the file says are never names.
import entityFile from '../../../../resources/named-entities/en.json' with { type: 'json' };
import { givenNames } from '../spell-checker/spelling-rules.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compileTermLexicon, type TermLexicon } from '../symptom-disease/term-lexicon.js';

export const ENTITY_FILE = 'resources/named-entities/en.json';

export const ENTITY_ROLES = [
  'title', 'credential', 'relative', 'not-a-name', 'state', 'state-code', 'city', 'country', 'street-suffix',
  'institution-head', 'organization-head', 'organization', 'connector',
] as const;
export type EntityRole = (typeof ENTITY_ROLES)[number];

const ENTITY_SCHEMA: LexiconSchema = {
  kind: 'named-entity-terms',
  required: { forms: 'strings', role: 'string' },
  optional: { normalized: 'string', code: 'string' },
  enums: { role: ENTITY_ROLES },
};

export interface EntityWord {
  readonly role: EntityRole;
  readonly normalized?: string;
}

export interface EntityLexicon {
  readonly words: TermLexicon<EntityWord>;
  /** Lower-case given names that may start a person's name. */
  readonly givenNames: ReadonlySet<string>;
}

export function compileEntityLexicon(body: unknown = entityFile, file = ENTITY_FILE, names: ReadonlySet<string> = givenNames()): EntityLexicon {
  const lexicon = parseLexiconFile(body, file, ENTITY_SCHEMA);
  const entries: (readonly [readonly string[], EntityWord])[] = [];
  const notNames = new Set<string>();
  for (const e of lexicon.entries) {
    const role = stringField(e, 'role') as EntityRole;
    const normalized = stringField(e, 'normalized');
    if (role === 'not-a-name') for (const f of listField(e, 'forms')) notNames.add(f.toLowerCase());
    entries.push([listField(e, 'forms'), { role, ...(normalized === undefined ? {} : { normalized }) }]);
  }
  const given = new Set<string>();
  for (const n of names) if (!notNames.has(n)) given.add(n);
  return { words: compileTermLexicon(entries), givenNames: given };
}
