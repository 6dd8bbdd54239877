// The compiled vocabulary of the signature scanners: resources/medication/en.json turned once into phrase tries,
// word sets and lookup maps (compileSig), and the element type every scanner returns (SigPart).
import type { MedicationLexicon, TermEntry } from './lexicon.js';
import { createPhraseTrie, type PhraseTrie } from './phrase-trie.js';

export type SigKind = 'dose' | 'route' | 'form' | 'frequency' | 'duration' | 'doseChange';
export type DoseRole = 'from' | 'to' | 'by';

export interface SigPart {
  readonly kind: SigKind;
  /** Reported span (UTF-16 offsets into the text): the value itself, without lead words (`for`, `from`). */
  readonly begin: number;
  readonly end: number;
  /** Tokens consumed, lead and trailing words included (they extend the administration span). */
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly ruleId: string;
  readonly normalized?: string;
  /** Dose / duration quantity as written (`400`, `1-2`) and unit (`mg`, `mg/kg`, `day`). */
  readonly value?: string;
  readonly unit?: string;
  readonly role?: DoseRole;
  readonly direction?: 'increase' | 'decrease' | 'change';
  /** An element that does not by itself make a name a medication (an overdose). */
  readonly incidental?: true;
  /** An adjective of the word right after it (`prolonged`, `chronic`): kept only when that word is the drug. */
  readonly adjective?: true;
}

export interface Keyed {
  readonly id: string;
  readonly normalized: string;
  readonly form?: string;
  readonly requiresForm?: boolean;
}

export interface CompiledSig {
  readonly lexicon: MedicationLexicon;
  readonly routes: PhraseTrie<Keyed>;
  readonly forms: PhraseTrie<Keyed>;
  readonly doseUnits: PhraseTrie<Keyed>;
  readonly perUnits: PhraseTrie<Keyed>;
  readonly frequencies: PhraseTrie<Keyed>;
  readonly intervalUnits: PhraseTrie<Keyed>;
  readonly periodWords: PhraseTrie<Keyed>;
  readonly durationUnits: PhraseTrie<Keyed>;
  readonly durationLeads: PhraseTrie<true>;
  readonly durationQuantifiers: PhraseTrie<true>;
  readonly durationTrail: PhraseTrie<true>;
  readonly doseQualifiers: PhraseTrie<true>;
  readonly durationQualifiers: PhraseTrie<true>;
  readonly durationQualifiersBefore: PhraseTrie<true>;
  /** Duration unit ids that count doses or courses rather than time (`2 doses of` is a dose, not a duration). */
  readonly countUnits: ReadonlySet<string>;
  readonly overdoses: PhraseTrie<true>;
  readonly dosePhrase: CompiledDosePhrase;
  readonly doseChanges: PhraseTrie<{ id: string; direction: 'increase' | 'decrease' | 'change' }>;
  readonly roles: PhraseTrie<DoseRole>;
  readonly times: ReadonlySet<string>;
  readonly multipliers: ReadonlySet<string>;
  readonly every: ReadonlySet<string>;
  readonly range: ReadonlySet<string>;
  readonly stops: ReadonlySet<string>;
  readonly notDurationAfter: ReadonlySet<string>;
  readonly backwardBridges: ReadonlySet<string>;
  readonly numberWords: ReadonlyMap<string, number>;
  readonly countAdverbs: ReadonlyMap<string, number>;
  /** Interval unit keys by their single-token spelling, for `q6h` / `x2d` style tokens. */
  readonly intervalByToken: ReadonlyMap<string, Keyed>;
  readonly durationByToken: ReadonlyMap<string, Keyed>;
}

/** The word sets of `dosePhrases` (lower case). */
export interface CompiledDosePhrase {
  readonly id: string;
  readonly determiners: ReadonlySet<string>;
  readonly intensifiers: ReadonlySet<string>;
  readonly qualifiers: ReadonlySet<string>;
  readonly modifiers: ReadonlySet<string>;
  readonly nouns: ReadonlySet<string>;
  readonly linkers: ReadonlySet<string>;
}

function lowerSet(words: readonly string[]): ReadonlySet<string> {
  return new Set(words.map((w) => w.toLowerCase()));
}

function entryTrie(entries: readonly (TermEntry & { form?: string; requiresForm?: boolean })[]): PhraseTrie<Keyed> {
  return createPhraseTrie(entries.flatMap((e) => e.terms.map((term) => ({
    term,
    value: { id: e.id, normalized: e.normalized, ...(e.form === undefined ? {} : { form: e.form }), ...(e.requiresForm === true ? { requiresForm: true } : {}) },
  }))));
}

function wordTrie(words: readonly string[]): PhraseTrie<true> {
  return createPhraseTrie(words.map((term) => ({ term, value: true as const })));
}

function byToken(entries: readonly TermEntry[]): Map<string, Keyed> {
  const out = new Map<string, Keyed>();
  for (const e of entries) for (const t of e.terms) if (!out.has(t.toLowerCase())) out.set(t.toLowerCase(), { id: e.id, normalized: e.normalized });
  return out;
}

export function compileSig(lexicon: MedicationLexicon): CompiledSig {
  return {
    lexicon,
    routes: entryTrie(lexicon.routes),
    forms: entryTrie(lexicon.forms),
    doseUnits: entryTrie(lexicon.doseUnits),
    perUnits: entryTrie(lexicon.perUnits),
    frequencies: entryTrie(lexicon.frequencies),
    intervalUnits: entryTrie(lexicon.intervalUnits),
    periodWords: entryTrie(lexicon.periodWords),
    durationUnits: entryTrie(lexicon.durationUnits),
    durationLeads: wordTrie(lexicon.durationLeads),
    durationQuantifiers: wordTrie(lexicon.durationQuantifiers),
    durationTrail: wordTrie(lexicon.durationTrail),
    doseQualifiers: wordTrie(lexicon.doseQualifiers.terms),
    durationQualifiers: wordTrie(lexicon.durationQualifiers.terms),
    durationQualifiersBefore: wordTrie(lexicon.durationQualifiersBefore.terms),
    countUnits: new Set(['duration-dose']),
    overdoses: wordTrie(lexicon.overdoses.terms),
    dosePhrase: {
      id: lexicon.dosePhrases.id,
      determiners: lowerSet(lexicon.dosePhrases.determiners),
      intensifiers: lowerSet(lexicon.dosePhrases.intensifiers),
      qualifiers: lowerSet(lexicon.dosePhrases.qualifiers),
      modifiers: lowerSet(lexicon.dosePhrases.modifiers),
      nouns: lowerSet(lexicon.dosePhrases.nouns),
      linkers: lowerSet(lexicon.dosePhrases.linkers),
    },
    doseChanges: createPhraseTrie(lexicon.doseChanges.flatMap((e) => e.terms.map((term) => ({ term, value: { id: e.id, direction: e.direction } })))),
    roles: createPhraseTrie([
      ...lexicon.doseRoleWords.from.map((term) => ({ term, value: 'from' as const })),
      ...lexicon.doseRoleWords.to.map((term) => ({ term, value: 'to' as const })),
      ...lexicon.doseRoleWords.by.map((term) => ({ term, value: 'by' as const })),
    ]),
    times: new Set(lexicon.timesWords.map((w) => w.toLowerCase())),
    multipliers: lowerSet(lexicon.multiplierWords),
    every: new Set(lexicon.everyWords.map((w) => w.toLowerCase())),
    range: new Set(lexicon.rangeWords.map((w) => w.toLowerCase())),
    stops: new Set(lexicon.windowStops.map((w) => w.toLowerCase())),
    notDurationAfter: lowerSet(lexicon.notDurationAfter),
    backwardBridges: lowerSet(lexicon.backwardBridges),
    numberWords: new Map(Object.entries(lexicon.numberWords).map(([w, n]) => [w.toLowerCase(), n])),
    countAdverbs: new Map(Object.entries(lexicon.countAdverbs).map(([w, n]) => [w.toLowerCase(), n])),
    intervalByToken: byToken(lexicon.intervalUnits),
    durationByToken: byToken(lexicon.durationUnits),
  };
}
