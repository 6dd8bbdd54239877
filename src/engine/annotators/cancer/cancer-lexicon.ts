// The cancer annotator's terms (resources/cancer/en.json, a lexicon file with a closed key set) and the
// ICD-10-CM neoplasm table's site codes (the knowledge base's `neoplasm-sites.tsv` side table, derived at build
// time from the staged ICD-10-CM table), compiled once per knowledge base.
import cancerFile from '../../../../resources/cancer/en.json' with { type: 'json' };
import { parseNeoplasmSites } from '../../../knowledge/builders/neoplasm-table.js';
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import { SIDE_TABLES } from '../../../knowledge/side-tables.js';
import { compileDefaultContext } from '../../context/context-lexicon.js';
import type { CompiledContext } from '../../context/context-engine.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compileTermLexicon, type TermLexicon } from '../symptom-disease/term-lexicon.js';

export const CANCER_FILE = 'resources/cancer/en.json';

const ROLES = ['histology', 'metastasis', 'behavior-cue', 'not-a-diagnosis', 'site', 'site-modifier', 'grade', 'grade-word', 'stage-word'] as const;
export type CancerRole = (typeof ROLES)[number];

const CANCER_SCHEMA: LexiconSchema = {
  kind: 'cancer-terms',
  required: { forms: 'strings', role: 'string', normalized: 'string' },
  optional: { morphology: 'string', icd10: 'string', site: 'string', needsSite: 'string', behavior: 'string' },
  enums: { role: ROLES, behavior: ['0', '1', '2', '3', '6', '9'], needsSite: ['true'] },
};

export interface CancerWord {
  readonly role: CancerRole;
  readonly normalized: string;
  /** ICD-O-3 morphology code, `8140/3`; its suffix is the behaviour. */
  readonly morphology?: string;
  readonly icd10?: string;
  /** Neoplasm-table site (a site word's own, or the one a histology implies). */
  readonly site?: string;
  readonly needsSite: boolean;
  readonly behavior?: string;
}

/** Neoplasm-table codes of a site by behaviour: primary, secondary, in situ, benign, uncertain, unspecified. */
export type SiteCodes = readonly string[];

export interface CancerCompiled {
  readonly words: TermLexicon<CancerWord>;
  readonly siteCodes: ReadonlyMap<string, SiteCodes>;
  readonly context: CompiledContext;
}

export function compileCancer(kb: KnowledgeBase | undefined, body: unknown = cancerFile, file = CANCER_FILE): CancerCompiled {
  const lexicon = parseLexiconFile(body, file, CANCER_SCHEMA);
  const entries: (readonly [readonly string[], CancerWord])[] = [];
  for (const e of lexicon.entries) {
    const opt = (k: string): Record<string, string> => (stringField(e, k) === undefined ? {} : { [k]: stringField(e, k)! });
    const word: CancerWord = {
      role: stringField(e, 'role') as CancerRole,
      normalized: stringField(e, 'normalized')!,
      ...opt('morphology'), ...opt('icd10'), ...opt('site'), ...opt('behavior'),
      needsSite: stringField(e, 'needsSite') === 'true',
    };
    entries.push([listField(e, 'forms'), word]);
  }
  const siteCodes = new Map<string, SiteCodes>();
  const table = kb?.sideTable?.(SIDE_TABLES.neoplasmSites);
  if (table !== undefined) for (const s of parseNeoplasmSites(table)) siteCodes.set(s.site, s.codes);
  return { words: compileTermLexicon(entries), siteCodes, context: compileDefaultContext() };
}
