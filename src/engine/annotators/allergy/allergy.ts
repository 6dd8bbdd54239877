// The `allergy` annotator (reference §5.1, deprecated in ACD but still served): allergy statements as
// `AllergyInd` (`allergic to X`, `Allergies: X, Y`, `NKDA`) and, for every drug named inside a statement's
// allergen list, an `AllergyMedicationInd` whose `medication` holds a MedicationInd-shaped object.
// Wire fields beyond the common ones (documented in src/engine/annotators/medication/README.md):
// AllergyInd may carry `noKnownAllergies: "true"` and `allergyNormalizedName` (`no known drug allergies`).
// Non-drug allergens of a statement (foods, latex, contrast, adhesives, animals, pollen, dust, insect stings:
// resources/allergy/en.json `allergens`) are AllergyInd annotations of their own, spanning the allergen and
// carrying the extension fields `allergenNormalizedName` and `allergenCategory` (statements never carry them);
// a drug found at the same span stays an AllergyMedicationInd only.
// `latex allergy` (an allergen and a postfix trigger) is a statement of its own, with or without an ALLERGIES heading.
import { Type, type Static } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import { createDocument } from '../../create-document.js';
import type { Annotation, Document } from '../../document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import { sentenceOfToken } from '../../span-search.js';
import { findDrugs, type DrugMention } from '../medication/drug-finder.js';
import { compileMedication, drugSources, type MedicationCompiled } from '../medication/medication.js';
import { medicationAnnotation } from '../medication/medication-annotation.js';
import { inHeadingLine } from '../../../knowledge/matcher.js';
import { compileAllergyLexicon, type AllergyRule, type CompiledAllergyLexicon } from './allergy-lexicon.js';

export const ALLERGY_LAYER = 'AllergyInd';
/** A colon within this many tokens of a line start makes the line a heading (`Current medications:`). */
const HEADING_MAX_TOKENS = 5;
export const ALLERGY_MEDICATION_LAYER = 'AllergyMedicationInd';

export const allergyParams = Type.Object({
  library: Type.Array(Type.String({ minLength: 1 }), {
    default: [],
    description: 'Libraries whose drug concepts are matched in allergen lists: `umls.latest` (or empty) is the built-in knowledge base; any other id names a deployed library artifact.',
  }),
});

export type AllergyParams = Static<typeof allergyParams>;

export interface AllergyCompiled {
  readonly allergy: CompiledAllergyLexicon;
  readonly medication: MedicationCompiled;
}

/** One allergy statement: its span, and the token range of its allergen list (empty for `NKDA`). */
export interface AllergyStatement {
  readonly begin: number;
  readonly end: number;
  readonly listStart: number;
  readonly listEnd: number;
  readonly ruleId: string;
  readonly noKnown?: AllergyRule;
}

function isClosingPunct(lower: string): boolean {
  return lower === '.' || lower === ',' || lower === ':' || lower === '-' || lower === '...';
}

/** One past the last allergen-list token: the sentence end, a stop word, or maxListTokens. */
function listEndFrom(doc: Document, lex: CompiledAllergyLexicon, start: number, sentenceEnd: number): number {
  const limit = Math.min(sentenceEnd, start + lex.lexicon.maxListTokens);
  let end = start;
  while (end < limit) {
    if (end > start && lex.stops.longest(doc.text, doc.tokens, end, limit) !== undefined) break;
    end++;
  }
  while (end > start && isClosingPunct(doc.tokens[end - 1]!.lower)) end--;
  return end;
}

/** One past the last token of the sentence holding `token` (binary search over the sentences). */
/** True when a trigger or a no-known phrase starts inside tokens [start, end). */
function containsStatement(doc: Document, lex: CompiledAllergyLexicon, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    if (lex.triggers.longest(doc.text, doc.tokens, k, end) !== undefined || noKnownAt(doc, lex, k, end) !== undefined) return true;
  }
  return false;
}

/** Only line breaks (one at most) between two tokens: the list under a header goes on over such breaks. */
function singleLineBreakBetween(doc: Document, before: number, after: number): boolean {
  let newlines = 0;
  for (let k = doc.tokens[before]!.end; k < doc.tokens[after]!.begin; k++) if (doc.text.charCodeAt(k) === 0x0a) newlines++;
  return newlines <= 1;
}

/**
 * End of the list under a header: its first sentence, then each following sentence on the next line
 * (`Percocet.\nVicodin.\nReglan.`) until a blank line or maxListTokens.
 */
function headerListEnd(doc: Document, lex: CompiledAllergyLexicon, listStart: number): number {
  const max = listStart + lex.lexicon.maxListTokens;
  let end = listEndFrom(doc, lex, listStart, sentenceEndOf(doc, listStart));
  let next = sentenceEndOf(doc, listStart);
  while (next < doc.tokens.length && next < max && doc.tokens[next]!.newlineBefore && singleLineBreakBetween(doc, next - 1, next) && !startsHeading(doc, next)) {
    const lineEnd = listEndFrom(doc, lex, next, Math.min(max, sentenceEndOf(doc, next)));
    if (lineEnd <= next) break;
    end = lineEnd;
    next = sentenceEndOf(doc, next);
  }
  return end;
}

/** The line starting at token `start` is a heading: in capitals (`VITALS`), or a few words and a colon (`Meds:`). */
function startsHeading(doc: Document, start: number): boolean {
  if (inHeadingLine(doc.text, doc.tokens[start]!.begin)) return true;
  for (let k = start; k < Math.min(doc.tokens.length, start + HEADING_MAX_TOKENS); k++) {
    if (k > start && doc.tokens[k]!.newlineBefore) return false;
    if (doc.tokens[k]!.lower === ':') return true;
  }
  return false;
}

function sentenceEndOf(doc: Document, token: number): number {
  const s = doc.sentences[sentenceOfToken(doc.sentences, token)];
  return s === undefined ? doc.tokens.length : s.tokenEnd;
}

function isLineOrSentenceStart(doc: Document, token: number): boolean {
  if (token === 0 || doc.tokens[token]!.newlineBefore) return true;
  const end = sentenceEndOf(doc, token - 1);
  return end === token;
}

function noKnownAt(doc: Document, lex: CompiledAllergyLexicon, i: number, limit: number): { tokenEnd: number; value: AllergyRule } | undefined {
  const a = lex.noKnownCaseSensitive.longest(doc.text, doc.tokens, i, limit);
  const b = lex.noKnown.longest(doc.text, doc.tokens, i, limit);
  if (a === undefined) return b;
  return b === undefined || a.tokenEnd >= b.tokenEnd ? a : b;
}

/** The allergy statements of `doc`, in text order, without overlaps. */
export function findAllergyStatements(doc: Document, lex: CompiledAllergyLexicon): AllergyStatement[] {
  const out: AllergyStatement[] = [];
  const tokens = doc.tokens;
  const n = tokens.length;
  let i = 0;
  while (i < n) {
    const noKnown = noKnownAt(doc, lex, i, n);
    if (noKnown !== undefined) {
      out.push({ begin: tokens[i]!.begin, end: tokens[noKnown.tokenEnd - 1]!.end, listStart: noKnown.tokenEnd, listEnd: noKnown.tokenEnd, ruleId: noKnown.value.id, noKnown: noKnown.value });
      i = noKnown.tokenEnd;
      continue;
    }
    const postfix = postfixStatementAt(doc, lex, i);
    if (postfix !== undefined) {
      out.push(postfix);
      i = postfix.listEnd + 1;
      continue;
    }
    const trigger = lex.triggers.longest(doc.text, tokens, i, n);
    if (trigger !== undefined) {
      const listEnd = listEndFrom(doc, lex, trigger.tokenEnd, sentenceEndOf(doc, i));
      if (listEnd > trigger.tokenEnd) {
        out.push({ begin: tokens[i]!.begin, end: tokens[listEnd - 1]!.end, listStart: trigger.tokenEnd, listEnd, ruleId: trigger.value.id });
        i = listEnd;
        continue;
      }
    }
    const header = lex.headers.longest(doc.text, tokens, i, n);
    if (header !== undefined && isLineOrSentenceStart(doc, i)) {
      const after = header.tokenEnd;
      const colon = after < n && tokens[after]!.lower === ':';
      const aloneOnLine = after >= n || tokens[after]!.newlineBefore;
      if (colon || aloneOnLine) {
        const listStart = colon ? after + 1 : after;
        if (listStart < n) {
          const none = noKnownAt(doc, lex, listStart, n) ?? lex.noneAfterHeader.longest(doc.text, tokens, listStart, n);
          const listEnd = headerListEnd(doc, lex, listStart);
          if (none === undefined && containsStatement(doc, lex, listStart, sentenceEndOf(doc, listStart))) {
            // `ALLERGIES\n\nPatient is allergic to latex.`: the sentence under the header is a statement itself.
            i = listStart;
            continue;
          }
          if (none !== undefined && (none.tokenEnd >= listEnd || isClosingPunct(tokens[none.tokenEnd]?.lower ?? '.'))) {
            out.push({ begin: tokens[i]!.begin, end: tokens[none.tokenEnd - 1]!.end, listStart: none.tokenEnd, listEnd: none.tokenEnd, ruleId: `${header.value.id}+${none.value.id}`, noKnown: none.value });
            i = none.tokenEnd;
            continue;
          }
          if (listEnd > listStart) {
            out.push({ begin: tokens[i]!.begin, end: tokens[listEnd - 1]!.end, listStart, listEnd, ruleId: header.value.id });
            i = listEnd;
            continue;
          }
        }
      }
    }
    i++;
  }
  return out;
}

/** `latex allergy`, `shellfish allergies`: a non-drug allergen right before a postfix trigger, on one line. */
function postfixStatementAt(doc: Document, lex: CompiledAllergyLexicon, i: number): AllergyStatement | undefined {
  const tokens = doc.tokens;
  if (!lex.allergens.startsAt(tokens, i)) return undefined;
  const allergen = lex.allergens.longest(doc.text, tokens, i, tokens.length);
  if (allergen === undefined || allergen.tokenEnd >= tokens.length || tokens[allergen.tokenEnd]!.newlineBefore) return undefined;
  const trigger = lex.postfixTriggers.longest(doc.text, tokens, allergen.tokenEnd, allergen.tokenEnd + 1);
  if (trigger === undefined) return undefined;
  return { begin: tokens[i]!.begin, end: tokens[trigger.tokenEnd - 1]!.end, listStart: i, listEnd: allergen.tokenEnd, ruleId: 'allergen-postfix' };
}

/** The non-drug allergens of an allergen list (tokens [start, end)), longest first, without the spans of `drugs`. */
function findAllergens(doc: Document, lex: CompiledAllergyLexicon, start: number, end: number, drugs: readonly Annotation[]): Annotation[] {
  const out: Annotation[] = [];
  const tokens = doc.tokens;
  for (let k = start; k < end; k++) {
    if (!lex.allergens.startsAt(tokens, k)) continue;
    const m = lex.allergens.longest(doc.text, tokens, k, end);
    if (m === undefined) continue;
    const begin = tokens[k]!.begin;
    const stop = tokens[m.tokenEnd - 1]!.end;
    k = m.tokenEnd - 1;
    if (drugs.some((d) => d.begin < stop && begin < d.end)) continue;
    out.push({
      type: 'aci.AllergyInd', begin, end: stop, coveredText: doc.text.slice(begin, stop),
      allergenNormalizedName: m.value.normalized, allergenCategory: m.value.category, _annotator: 'allergy', _ruleId: m.value.id,
    });
  }
  return out;
}

export function compileAllergy(resources: EngineResources): AllergyCompiled {
  return { allergy: compileAllergyLexicon(), medication: compileMedication(resources) };
}

/** A copy of `value` with every `begin` / `end` number moved by `offset` (at any depth). */
function shiftSpans(value: unknown, offset: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shiftSpans(v, offset));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = (k === 'begin' || k === 'end') && typeof v === 'number' ? v + offset : shiftSpans(v, offset);
  return out;
}

function withoutInternalFields(a: Annotation): Annotation {
  const out: Annotation = { type: a.type, begin: a.begin, end: a.end, coveredText: a.coveredText };
  for (const [k, v] of Object.entries(a)) if (!k.startsWith('_')) out[k] = v;
  return out;
}

/** AllergyInd and AllergyMedicationInd annotations of `doc`. */
export function detectAllergies(doc: Document, params: AllergyParams, compiled: AllergyCompiled, artifacts: ArtifactLookup): { allergies: Annotation[]; medications: Annotation[]; allergens: Annotation[] } {
  const statements = findAllergyStatements(doc, compiled.allergy);
  const allergies: Annotation[] = statements.map((s) => ({
    type: 'aci.AllergyInd',
    begin: s.begin,
    end: s.end,
    coveredText: doc.text.slice(s.begin, s.end),
    ...(s.noKnown === undefined ? {} : { noKnownAllergies: 'true', allergyNormalizedName: s.noKnown.normalized ?? 'no known allergies' }),
    _annotator: 'allergy',
    _ruleId: s.ruleId,
  }));
  const medications: Annotation[] = [];
  const allergens: Annotation[] = [];
  const lists = statements.filter((s) => s.listEnd > s.listStart);
  if (lists.length > 0) {
    const sources = drugSources(params.library, artifacts);
    // Only the allergen lists are matched: each list is analysed as a small document of its own and its
    // offsets are shifted back, so the cost does not grow with the length of the note.
    for (const s of lists) {
      const offset = doc.tokens[s.listStart]!.begin;
      const list = createDocument(doc.text.slice(offset, doc.tokens[s.listEnd - 1]!.end));
      const drugs = findDrugs(list, compiled.medication.drugs, sources).map((drug) => allergyMedication(doc.text, list, drug, offset));
      for (const a of findAllergens(doc, compiled.allergy, s.listStart, s.listEnd, drugs)) allergens.push(a);
      for (const d of drugs) medications.push(d);
    }
  }
  return { allergies, medications, allergens };
}

function allergyMedication(text: string, list: Document, drug: DrugMention, offset: number): Annotation {
  const local = withoutInternalFields(medicationAnnotation(list.text, { drug, parts: [] }, list.tokens));
  const medication = shiftSpans(local, offset) as Annotation;
  return {
    type: 'aci.AllergyMedicationInd',
    begin: drug.begin + offset,
    end: drug.end + offset,
    coveredText: text.slice(drug.begin + offset, drug.end + offset),
    medication: [medication],
    _annotator: 'allergy',
    _ruleId: drug.ruleId,
  };
}

export const allergyAnnotator = defineAnnotator({
  id: 'allergy',
  description: 'Detects allergy statements (allergic to X, Allergies: X, Y, latex allergy, NKDA), the medications and the non-drug allergens named in them.',
  requires: ['tokens', 'sentences'],
  produces: [ALLERGY_LAYER, ALLERGY_MEDICATION_LAYER],
  params: allergyParams,
  init: compileAllergy,
  run(doc, params, compiled, ctx) {
    const { allergies, medications, allergens } = detectAllergies(doc, params, compiled, ctx.resources.artifacts);
    // Statements and allergens in text order (a statement before the allergens inside it).
    const all = allergens.length === 0 ? allergies : [...allergies, ...allergens].sort((a, b) => a.begin - b.begin || b.end - a.end);
    return { add: { [ALLERGY_LAYER]: all, [ALLERGY_MEDICATION_LAYER]: medications } };
  },
});
