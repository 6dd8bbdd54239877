// Persons, medical institutions, organizations and locations (named_entities), per sentence, over the tokens
// and the matches of the entity lexicon (entity-lexicon.ts). Each pass claims its tokens, in this order:
//   1. institutions and organizations: a capitalised head word (`Hospital`, `Medical Center`; `Association`,
//      `University`, `Inc.`) with the capitalised words before it (`Massachusetts General Hospital`, `Boston
//      Children's Hospital`; `of`/`and`/`&` between capitalised words: `University of Michigan Health System`)
//      and an `of ...` after it (`Department of Veterans Affairs`); at least one capitalised word besides the
//      head. Institution heads go first, so `University of Michigan Health System` is an institution. Then the
//      well-known organizations the lexicon lists (`Medicare`, `Aetna`);
//   2. persons: a title and the capitalised words after it (`Dr. Patel`, `Mrs. Thompson`); a given name of the
//      human-names lists followed by capitalised surnames (`Kelly Brown`); a lone given name after a kinship
//      word (`his wife, Linda`) or before a credential (`Susan, RN`); a capitalised word before `, MD`;
//   3. locations: `City, State` or `City, ST` as one span (`Boston, MA`, `Phoenix, Arizona`), states, listed
//      cities and countries alone, and street addresses (`12 Main Street`).
import type { Annotation, Document, Token } from '../../document.js';
import { scanTerms } from '../symptom-disease/term-lexicon.js';
import type { EntityLexicon, EntityRole, EntityWord } from './entity-lexicon.js';

const MAX_NAME_WORDS = 3;

interface Span {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

interface Sentence {
  readonly doc: Document;
  readonly from: number;
  readonly to: number;
  /** Roles of the lexicon match starting at a token, and where it ends. */
  readonly roles: Map<number, { readonly end: number; readonly roles: ReadonlySet<EntityRole> }>;
  readonly claimed: Uint8Array;
}

function isCapitalised(doc: Document, t: Token | undefined): boolean {
  if (t === undefined || t.kind !== 'word') return false;
  const c = doc.text.charCodeAt(t.begin);
  return c >= 65 && c <= 90;
}

function has(s: Sentence, i: number, role: EntityRole): boolean {
  return s.roles.get(i)?.roles.has(role) === true;
}

function free(s: Sentence, i: number, end = i + 1): boolean {
  for (let k = i; k < end; k++) if (s.claimed[k - s.from] === 1) return false;
  return true;
}

function claim(s: Sentence, start: number, end: number): void {
  for (let k = start; k < end; k++) s.claimed[k - s.from] = 1;
}

/** The end of a lexicon match of `role` starting at token i, or -1. */
function matchEnd(s: Sentence, i: number, role: EntityRole): number {
  const r = s.roles.get(i);
  return r !== undefined && r.roles.has(role) ? r.end : -1;
}

const NAME_CONNECTORS: ReadonlySet<string> = new Set(['of', 'and', '&', 'for', 'the', "'s", 'de', 'la']);

/** Capitalised words (and connectors between them) right before token `head`: the new start. */
function extendLeft(s: Sentence, head: number): number {
  const { doc } = s;
  let start = head;
  for (let j = head - 1; j >= s.from && free(s, j); j--) {
    const t = doc.tokens[j]!;
    if (has(s, j, 'title') || t.lower === 'the') break;
    if (isCapitalised(doc, t) || t.lower === 'st.') start = j;
    else if (NAME_CONNECTORS.has(t.lower) && t.lower !== 'the' && isCapitalised(doc, doc.tokens[j - 1]) && j - 1 >= s.from) continue;
    else break;
  }
  return start;
}

/** `of [the] Capitalised...` right after `end`: the new end. */
function extendRight(s: Sentence, end: number): number {
  const { doc } = s;
  let k = end;
  if (k < s.to && (doc.tokens[k]!.lower === 'of' || doc.tokens[k]!.lower === 'for')) {
    let j = k + 1;
    if (j < s.to && doc.tokens[j]!.lower === 'the') j++;
    let last = -1;
    while (j < s.to && free(s, j) && (isCapitalised(doc, doc.tokens[j]) || (NAME_CONNECTORS.has(doc.tokens[j]!.lower) && isCapitalised(doc, doc.tokens[j + 1])))) {
      if (isCapitalised(doc, doc.tokens[j])) last = j;
      j++;
    }
    if (last >= 0) k = last + 1;
  }
  return k;
}

function capitalisedCount(s: Sentence, start: number, end: number): number {
  let n = 0;
  for (let k = start; k < end; k++) if (isCapitalised(s.doc, s.doc.tokens[k])) n++;
  return n;
}

function findBodies(s: Sentence, headRole: 'institution-head' | 'organization-head', type: string, out: Span[]): void {
  for (let i = s.from; i < s.to; i++) {
    const headEnd = matchEnd(s, i, headRole);
    if (headEnd < 0 || !free(s, i, headEnd) || !isCapitalised(s.doc, s.doc.tokens[i])) continue;
    const start = extendLeft(s, i);
    const end = extendRight(s, headEnd);
    if (capitalisedCount(s, start, end) - capitalisedCount(s, i, headEnd) < 1) continue;
    out.push({ type, start, end });
    claim(s, start, end);
    i = end - 1;
  }
}

function findKnownOrganizations(s: Sentence, out: Span[]): void {
  for (let i = s.from; i < s.to; i++) {
    const end = matchEnd(s, i, 'organization');
    if (end < 0 || !free(s, i, end)) continue;
    out.push({ type: 'aci.OrganizationInd', start: i, end });
    claim(s, i, end);
    i = end - 1;
  }
}

/** Capitalised surname-like words from token i (not lexicon heads, places or titles), at most `max`. */
function surnamesFrom(s: Sentence, i: number, max: number): number {
  let j = i;
  while (j < s.to && j - i < max && free(s, j) && isCapitalised(s.doc, s.doc.tokens[j]) && !s.roles.has(j)) j++;
  return j;
}

function credentialAfter(s: Sentence, end: number): boolean {
  return end + 1 < s.to && s.doc.tokens[end]!.lower === ',' && has(s, end + 1, 'credential');
}

function findPersons(s: Sentence, lexicon: EntityLexicon, out: Span[]): void {
  const { doc } = s;
  for (let i = s.from; i < s.to; i++) {
    if (!free(s, i)) continue;
    const t = doc.tokens[i]!;
    const titleEnd = matchEnd(s, i, 'title');
    if (titleEnd > 0 && isCapitalised(doc, t)) {
      const end = surnamesFrom(s, titleEnd, MAX_NAME_WORDS);
      if (end > titleEnd) {
        out.push({ type: 'aci.PersonInd', start: i, end });
        claim(s, i, end);
        i = end - 1;
        continue;
      }
    }
    if (!isCapitalised(doc, t)) continue;
    const given = lexicon.givenNames.has(t.lower) && !s.roles.has(i);
    if (given) {
      const end = surnamesFrom(s, i + 1, MAX_NAME_WORDS - 1);
      const kin = (i - 1 >= s.from && has(s, i - 1, 'relative')) || (i - 2 >= s.from && doc.tokens[i - 1]!.lower === ',' && has(s, i - 2, 'relative'));
      if (end > i + 1 || kin || credentialAfter(s, i + 1)) {
        out.push({ type: 'aci.PersonInd', start: i, end });
        claim(s, i, end);
        i = end - 1;
        continue;
      }
    }
    if (!s.roles.has(i) && credentialAfter(s, i + 1)) {
      out.push({ type: 'aci.PersonInd', start: i, end: i + 1 });
      claim(s, i, i + 1);
    }
  }
}

const PLACE_ROLES: readonly EntityRole[] = ['state', 'city', 'country'];

function placeEnd(s: Sentence, i: number): number {
  for (const role of PLACE_ROLES) {
    const end = matchEnd(s, i, role);
    if (end > 0) return end;
  }
  return -1;
}

function findLocations(s: Sentence, out: Span[]): void {
  const { doc } = s;
  for (let i = s.from; i < s.to; i++) {
    if (!free(s, i) || !isCapitalised(doc, doc.tokens[i])) {
      // a street address: number, capitalised words, suffix (`12 Main Street`)
      if (free(s, i) && doc.tokens[i]!.kind === 'number') {
        let j = i + 1;
        while (j < s.to && j - i <= 3 && isCapitalised(doc, doc.tokens[j]) && matchEnd(s, j, 'street-suffix') < 0) j++;
        const end = j > i + 1 ? matchEnd(s, j, 'street-suffix') : -1;
        if (end > 0 && free(s, j, end)) {
          out.push({ type: 'aci.LocationInd', start: i, end });
          claim(s, i, end);
          i = end - 1;
        }
      }
      continue;
    }
    // the place (or capitalised words) before `, State` / `, ST`
    const knownEnd = placeEnd(s, i);
    const left = knownEnd > 0 ? knownEnd : surnamesFrom(s, i, MAX_NAME_WORDS);
    if (left > i && left + 1 < s.to && doc.tokens[left]!.lower === ',' && free(s, left + 1)) {
      const stateEnd = Math.max(matchEnd(s, left + 1, 'state'), matchEnd(s, left + 1, 'state-code'));
      if (stateEnd > 0 && (knownEnd > 0 || matchEnd(s, left + 1, 'state') > 0 || doc.text.slice(doc.tokens[left + 1]!.begin, doc.tokens[stateEnd - 1]!.end).length === 2)) {
        out.push({ type: 'aci.LocationInd', start: i, end: stateEnd });
        claim(s, i, stateEnd);
        i = stateEnd - 1;
        continue;
      }
    }
    if (knownEnd > 0 && free(s, i, knownEnd)) {
      out.push({ type: 'aci.LocationInd', start: i, end: knownEnd });
      claim(s, i, knownEnd);
      i = knownEnd - 1;
    }
  }
}

/** PersonInd, LocationInd, MedicalInstitutionInd and OrganizationInd annotations of `doc` (pure). */
export function detectNamedSpans(doc: Document, lexicon: EntityLexicon): Annotation[] {
  const spans: Span[] = [];
  for (const sentence of doc.sentences) {
    if (sentence.tokenEnd <= sentence.tokenStart) continue;
    const matches = scanTerms(lexicon.words, doc.text, doc.tokens, sentence.tokenStart, sentence.tokenEnd);
    const roles = new Map<number, { end: number; roles: ReadonlySet<EntityRole> }>();
    for (const m of matches) roles.set(m.tokenStart, { end: m.tokenEnd, roles: new Set(m.values.map((v: EntityWord) => v.role)) });
    const s: Sentence = { doc, from: sentence.tokenStart, to: sentence.tokenEnd, roles, claimed: new Uint8Array(sentence.tokenEnd - sentence.tokenStart) };
    findBodies(s, 'institution-head', 'aci.MedicalInstitutionInd', spans);
    findBodies(s, 'organization-head', 'aci.OrganizationInd', spans);
    findKnownOrganizations(s, spans);
    findPersons(s, lexicon, spans);
    findLocations(s, spans);
  }
  return spans.map(({ type, start, end }) => {
    const begin = doc.tokens[start]!.begin;
    const stop = doc.tokens[end - 1]!.end;
    return { type, begin, end: stop, coveredText: doc.text.slice(begin, stop) };
  });
}
