// The rule data of the six *_assistance annotators (reference §4.4 Assistance, §5.1; deprecated in ACD): one
// shared cue file (resources/assistance/cues.json: how dependent a statement says the patient is) and one small
// term file per activity (resources/<activity>-assistance/en.json: the action, its secondary actions, implements,
// assistive devices, and states that say the dependency themselves). Both are lexicon files with a closed key
// set (symptom-disease/lexicon-file.ts), compiled into one term lexicon per activity.
import cuesFile from '../../../../resources/assistance/cues.json' with { type: 'json' };
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compileTermLexicon, type TermLexicon } from '../symptom-disease/term-lexicon.js';

export const ASSISTANCE_CUES_FILE = 'resources/assistance/cues.json';

export const MODALITIES = ['fully dependent', 'semi dependent', 'independent'] as const;
export type AssistanceModality = (typeof MODALITIES)[number];

const CUE_ROLES = ['dependent', 'assisted', 'independent', 'inability', 'without-help', 'negation', 'barrier'] as const;
const TERM_ROLES = ['action', 'secondary-action', 'implement', 'device', 'state'] as const;
export type CueRole = (typeof CUE_ROLES)[number];
export type TermRole = (typeof TERM_ROLES)[number];

const CUE_SCHEMA: LexiconSchema = { kind: 'assistance-cues', required: { forms: 'strings', role: 'string' }, enums: { role: CUE_ROLES } };
const TERM_SCHEMA: LexiconSchema = {
  kind: 'assistance-terms',
  required: { forms: 'strings', role: 'string', normalized: 'string' },
  optional: { modality: 'string' },
  enums: { role: TERM_ROLES, modality: MODALITIES },
};

export type AssistanceWord =
  | { readonly kind: 'cue'; readonly role: CueRole }
  | { readonly kind: 'term'; readonly role: TermRole; readonly normalized: string; readonly modality?: AssistanceModality };

export interface AssistanceRules {
  /** The activity's wire key, e.g. `BathingAssistanceInd`. */
  readonly key: string;
  readonly words: TermLexicon<AssistanceWord>;
}

/** Compiles one activity's terms with the shared cues (a term form wins over a cue form spelled the same). */
export function compileAssistanceRules(key: string, terms: unknown, termsFile: string, cues: unknown = cuesFile, cuesFileName = ASSISTANCE_CUES_FILE): AssistanceRules {
  const termLexicon = parseLexiconFile(terms, termsFile, TERM_SCHEMA);
  const cueLexicon = parseLexiconFile(cues, cuesFileName, CUE_SCHEMA);
  const entries: (readonly [readonly string[], AssistanceWord])[] = [];
  const termForms = new Set<string>();
  for (const e of termLexicon.entries) {
    const modality = stringField(e, 'modality') as AssistanceModality | undefined;
    const word: AssistanceWord = { kind: 'term', role: stringField(e, 'role') as TermRole, normalized: stringField(e, 'normalized')!, ...(modality === undefined ? {} : { modality }) };
    for (const f of listField(e, 'forms')) termForms.add(f.toLowerCase());
    entries.push([listField(e, 'forms'), word]);
  }
  for (const e of cueLexicon.entries) {
    const forms = listField(e, 'forms').filter((f) => !termForms.has(f.toLowerCase()));
    if (forms.length > 0) entries.push([forms, { kind: 'cue', role: stringField(e, 'role') as CueRole }]);
  }
  return { key, words: compileTermLexicon(entries) };
}
