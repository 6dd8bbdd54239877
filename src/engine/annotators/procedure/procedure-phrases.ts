// Procedure mentions made of general words (resources/procedure/procedure-heads.json): a head noun that names a
// procedure by its kind (`examination`, `therapy`, `culture`) with the qualifiers written right before it
// (`pathological examination`, `antiviral therapy`, `blood culture`, `TAVI procedure`); a participle after an
// auxiliary (`was extubated`); an adverb naming how something was found or done (`histologically confirmed`).
// Also the place rule: a procedure word followed by `department`, `unit`, `clinic`, ... names a place or a team.
// Everything reads the Document's tokens; no regular expression runs per token.
import headsFile from '../../../../resources/procedure/procedure-heads.json' with { type: 'json' };
import { DomainError } from '../../../errors.js';
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import type { TermMatch } from '../../../knowledge/matcher.js';
import { semanticTypes, type SemanticGroup } from '../../../knowledge/semantic-types.js';
import type { Document, Token } from '../../document.js';
import { conceptsWithType } from '../symptom-disease/kb-terms.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';

export const PROCEDURE_HEADS_FILE = 'resources/procedure/procedure-heads.json';

const ROLES = ['head', 'qualifier', 'not-qualifier', 'verb', 'adverb', 'modality', 'auxiliary', 'place'] as const;
type Role = (typeof ROLES)[number];

const HEADS_SCHEMA: LexiconSchema = {
  kind: 'procedure-heads',
  required: { role: 'string', forms: 'strings' },
  optional: { normalized: 'string', bare: 'string', qualifiedBy: 'strings', followedBy: 'strings', qualifiable: 'string' },
  enums: { role: ROLES, bare: ['yes', 'no'], qualifiable: ['yes', 'no'] },
};

/**
 * Knowledge-base concepts of these groups qualify a head written right after them (`insulin therapy`, `blood
 * culture`, `stent implantation`).
 */
const QUALIFYING_GROUPS: ReadonlySet<SemanticGroup> = new Set(['CHEM', 'ANAT', 'PROC', 'DISO', 'DEVI']);
/** Adjective endings that qualify a head (`surgical`, `systemic`, `supportive`, `pulmonary`, `vascular`). */
const QUALIFIER_ENDINGS: readonly string[] = ['al', 'ic', 'ive', 'ary', 'ar'];
/** How many qualifier words a phrase may take before its head. */
const MAX_QUALIFIERS = 3;

export interface HeadWord {
  readonly normalized: string;
  /** A procedure on its own, without a qualifier. */
  readonly bare: boolean;
  /** When set, a procedure only after one of these words (`laboratory tests`, not `pregnancy test`: a lab test). */
  readonly qualifiedBy: ReadonlySet<string> | undefined;
  /** A procedure on its own also when the next word is one of these (`treatment for`, `treated for`). */
  readonly followedBy: ReadonlySet<string> | undefined;
  /** Whether qualifiers before it make it a procedure (no for a participle: `diabetes treated with diet`). */
  readonly qualifiable: boolean;
}

export interface ProcedurePhrases {
  readonly heads: ReadonlyMap<string, HeadWord>;
  readonly qualifiers: ReadonlySet<string>;
  readonly notQualifiers: ReadonlySet<string>;
  readonly verbs: ReadonlySet<string>;
  readonly adverbs: ReadonlySet<string>;
  /** Adjectives naming a diagnostic modality, a procedure on their own before a word that is no head (`radiographic progression`). */
  readonly modalities: ReadonlySet<string>;
  readonly auxiliaries: ReadonlySet<string>;
  readonly places: ReadonlySet<string>;
  /** Semantic type abbreviations of QUALIFYING_GROUPS. */
  readonly qualifyingTypes: ReadonlySet<string>;
}

/** A procedure phrase found: tokens [tokenStart, tokenEnd), its normalised name. */
export interface PhraseMention {
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly normalized: string;
}

export function compileProcedurePhrases(body: unknown = headsFile, file = PROCEDURE_HEADS_FILE): ProcedurePhrases {
  const lexicon = parseLexiconFile(body, file, HEADS_SCHEMA);
  const heads = new Map<string, HeadWord>();
  const sets: Record<Exclude<Role, 'head'>, Set<string>> = {
    qualifier: new Set(), 'not-qualifier': new Set(), verb: new Set(), adverb: new Set(), modality: new Set(), auxiliary: new Set(), place: new Set(),
  };
  const fail = (message: string): never => {
    throw new DomainError('INVALID_RESOURCE_FILE', `${file}: ${message}`);
  };
  for (const e of lexicon.entries) {
    const role = stringField(e, 'role') as Role;
    for (const raw of listField(e, 'forms')) {
      const form = raw.toLowerCase();
      if (form.includes(' ') || form.includes('-')) fail(`entry "${e.id}": "${raw}" is not one word (heads and context words are single tokens)`);
      if (role === 'head') {
        const normalized = stringField(e, 'normalized');
        const bare = stringField(e, 'bare');
        if (normalized === undefined || bare === undefined) fail(`entry "${e.id}": a head needs normalized and bare`);
        if (heads.has(form)) fail(`entry "${e.id}": "${raw}" is already a head`);
        const only = listField(e, 'qualifiedBy');
        const after = listField(e, 'followedBy');
        heads.set(form, {
          normalized: normalized!, bare: bare === 'yes', qualifiedBy: only.length > 0 ? new Set(only.map((w) => w.toLowerCase())) : undefined,
          followedBy: after.length > 0 ? new Set(after.map((w) => w.toLowerCase())) : undefined, qualifiable: stringField(e, 'qualifiable') !== 'no',
        });
        continue;
      }
      const set = sets[role];
      if (set.has(form)) fail(`entry "${e.id}": duplicate "${raw}"`);
      set.add(form);
    }
  }
  for (const q of sets.qualifier) if (sets['not-qualifier'].has(q)) fail(`"${q}" is both a qualifier and a not-qualifier`);
  const qualifyingTypes = new Set(semanticTypes().all.filter((t) => QUALIFYING_GROUPS.has(t.group)).map((t) => t.abbreviation));
  return {
    heads, qualifiers: sets.qualifier, notQualifiers: sets['not-qualifier'], verbs: sets.verb, adverbs: sets.adverb, modalities: sets.modality,
    auxiliaries: sets.auxiliary, places: sets.place, qualifyingTypes,
  };
}

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

/** `IVF`, `TAVI`, `CD56`: two to six capitals and digits, at least two capitals. */
function isAcronym(text: string, t: Token): boolean {
  const n = t.end - t.begin;
  if (t.kind !== 'word' || n < 2 || n > 6) return false;
  let capitals = 0;
  for (let i = t.begin; i < t.end; i++) {
    const c = text.charCodeAt(i);
    if (isUpper(c)) capitals++;
    else if (c < 48 || c > 57) return false;
  }
  return capitals >= 2;
}

function hasQualifierEnding(word: string): boolean {
  if (word.length < 5) return false;
  for (const ending of QUALIFIER_ENDINGS) if (word.endsWith(ending)) return true;
  return false;
}

/** One word qualifying a head: listed, an adjective by its ending (unless listed as not one), or an acronym. */
function qualifiesWord(text: string, t: Token, p: ProcedurePhrases): boolean {
  if (t.kind !== 'word' || p.notQualifiers.has(t.lower)) return false;
  return p.qualifiers.has(t.lower) || hasQualifierEnding(t.lower) || isAcronym(text, t);
}

const adjacent = (a: Token, b: Token): boolean => a.end === b.begin;

/**
 * The first token of the qualifiers of the head at `head` (the head itself when none): listed words, adjectives,
 * acronyms, hyphenated compounds (`anti-VEGF`, `lipid-lowering`) and knowledge-base drugs, anatomy, disorders and
 * procedures ending right before the edge.
 */
function qualifiersStart(doc: Document, p: ProcedurePhrases, kbEnds: () => ReadonlyMap<number, number>, head: number, floor: number): number {
  const tokens = doc.tokens;
  let edge = head;
  for (let taken = 0; taken < MAX_QUALIFIERS && edge > floor; taken++) {
    const t = tokens[edge - 1]!;
    if (t.kind !== 'word' && t.kind !== 'number') break;
    const dash = edge - 2 >= floor ? tokens[edge - 2]! : undefined;
    // `anti-VEGF`, `lipid-lowering`, `contrast-enhanced`, `non-surgical`
    if (dash !== undefined && dash.lower === '-' && adjacent(dash, t) && edge - 3 >= floor && adjacent(tokens[edge - 3]!, dash) && tokens[edge - 3]!.kind === 'word') {
      const first = tokens[edge - 3]!;
      if (first.lower === 'anti' || first.lower === 'non' || t.lower.endsWith('ing') || t.lower.endsWith('ed') || qualifiesWord(doc.text, t, p) || qualifiesWord(doc.text, first, p)) {
        edge -= 3;
        continue;
      }
      break;
    }
    const kbStart = kbEnds().get(edge);
    if (kbStart !== undefined && kbStart >= floor && !p.notQualifiers.has(t.lower)) {
      edge = kbStart;
      continue;
    }
    if (!qualifiesWord(doc.text, t, p)) break;
    edge -= 1;
  }
  return edge;
}

/** Token end → token start of the longest knowledge-base match there naming a drug, anatomy, disorder or procedure. */
function qualifyingMatchEnds(kb: KnowledgeBase, matches: readonly TermMatch[], types: ReadonlySet<string>): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of matches) {
    const seen = out.get(m.tokenEnd);
    if (seen !== undefined && seen <= m.tokenStart) continue;
    if (conceptsWithType(kb, m.concepts, types) !== undefined) out.set(m.tokenEnd, m.tokenStart);
  }
  return out;
}

/** Whether the word right after tokens [.., end) makes the phrase a place or a team (`surgery department`). */
export function isPlacePhrase(tokens: readonly Token[], p: ProcedurePhrases, end: number, limit: number): boolean {
  return end < limit && !tokens[end]!.newlineBefore && p.places.has(tokens[end]!.lower);
}

/** The procedure phrases of sentence tokens [from, to). `matches` are the document's knowledge-base matches. */
export function findProcedurePhrases(doc: Document, p: ProcedurePhrases, kb: KnowledgeBase, matches: () => readonly TermMatch[], from: number, to: number): PhraseMention[] {
  const tokens = doc.tokens;
  const out: PhraseMention[] = [];
  let kbEnds: Map<number, number> | undefined;
  const ends = (): ReadonlyMap<number, number> => (kbEnds ??= qualifyingMatchEnds(kb, matches(), p.qualifyingTypes));
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word') continue;
    const head = p.heads.get(t.lower);
    if (head !== undefined) {
      if (isPlacePhrase(tokens, p, i + 1, to)) continue;
      if (head.qualifiedBy !== undefined) {
        if (i > from && head.qualifiedBy.has(tokens[i - 1]!.lower)) out.push({ tokenStart: i - 1, tokenEnd: i + 1, normalized: phraseName(doc, i - 1, i + 1) });
        continue;
      }
      const start = head.qualifiable ? qualifiersStart(doc, p, ends, i, from) : i;
      if (start === i && !head.bare && !(i + 1 < to && head.followedBy?.has(tokens[i + 1]!.lower) === true)) continue;
      if (isLineLabel(tokens, start, i + 1)) continue;
      out.push({ tokenStart: start, tokenEnd: i + 1, normalized: start === i ? head.normalized : phraseName(doc, start, i + 1) });
      continue;
    }
    // `radiographic progression`, `sonographic diagnosis`; before a head (`radiographic examination`) the head's phrase takes it.
    if (p.modalities.has(t.lower) && !(i + 1 < to && p.heads.has(tokens[i + 1]!.lower))) {
      out.push({ tokenStart: i, tokenEnd: i + 1, normalized: t.lower });
      continue;
    }
    if (p.adverbs.has(t.lower)) {
      out.push({ tokenStart: i, tokenEnd: i + 1, normalized: t.lower });
      continue;
    }
    if (p.verbs.has(t.lower) && i > from) {
      // `was extubated`, `was successfully extubated`, `and resected`
      let k = i - 1;
      if (k > from && tokens[k]!.lower.endsWith('ly') && !p.auxiliaries.has(tokens[k]!.lower)) k--;
      if (p.auxiliaries.has(tokens[k]!.lower)) out.push({ tokenStart: i, tokenEnd: i + 1, normalized: t.lower });
    }
  }
  return out;
}

/** `• Medical Treatment:` at the start of a line: a label naming what follows, not a procedure done. */
function isLineLabel(tokens: readonly Token[], start: number, end: number): boolean {
  if (tokens[end]?.lower !== ':') return false;
  let k = start;
  while (k > 0 && !tokens[k]!.newlineBefore && tokens[k - 1]!.kind !== 'word' && tokens[k - 1]!.kind !== 'number') k--;
  return k === 0 || tokens[k]!.newlineBefore;
}

/** Lower-cased words of tokens [start, end), single-spaced, hyphens kept tight (`anti-vegf therapy`). */
function phraseName(doc: Document, start: number, end: number): string {
  let s = '';
  for (let k = start; k < end; k++) {
    const t = doc.tokens[k]!;
    if (k > start && !adjacent(doc.tokens[k - 1]!, t)) s += ' ';
    s += t.lower;
  }
  return s;
}
