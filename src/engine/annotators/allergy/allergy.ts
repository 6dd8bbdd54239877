// The `allergy` annotator (reference §5.1, deprecated in ACD but still served): allergy statements as
// `AllergyInd` (`allergic to X`, `Allergies: X, Y`, `NKDA`) and, for every drug named inside a statement's
// allergen list, an `AllergyMedicationInd` whose `medication` holds a MedicationInd-shaped object.
// Wire fields beyond the common ones (documented in src/engine/annotators/medication/README.md):
// AllergyInd may carry `noKnownAllergies: "true"` and `allergyNormalizedName` (`no known drug allergies`).
import { Type, type Static } from '@sinclair/typebox';
import { defineAnnotator } from '../../annotator.js';
import type { Annotation, Document } from '../../document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import { findDrugs, type DrugMention } from '../medication/drug-finder.js';
import { compileMedication, drugSources, type MedicationCompiled } from '../medication/medication.js';
import { medicationAnnotation } from '../medication/medication-annotation.js';
import { compileAllergyLexicon, type AllergyRule, type CompiledAllergyLexicon } from './allergy-lexicon.js';

export const ALLERGY_LAYER = 'AllergyInd';
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
function sentenceEndOf(doc: Document, token: number): number {
  let lo = 0;
  let hi = doc.sentences.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const s = doc.sentences[mid]!;
    if (token < s.tokenStart) hi = mid - 1;
    else if (token >= s.tokenEnd) lo = mid + 1;
    else return s.tokenEnd;
  }
  return doc.tokens.length;
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
          const listEnd = listEndFrom(doc, lex, listStart, sentenceEndOf(doc, listStart));
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

export function compileAllergy(resources: EngineResources): AllergyCompiled {
  return { allergy: compileAllergyLexicon(), medication: compileMedication(resources) };
}

function withoutInternalFields(a: Annotation): Annotation {
  const out: Annotation = { type: a.type, begin: a.begin, end: a.end, coveredText: a.coveredText };
  for (const [k, v] of Object.entries(a)) if (!k.startsWith('_')) out[k] = v;
  return out;
}

/** AllergyInd and AllergyMedicationInd annotations of `doc`. */
export function detectAllergies(doc: Document, params: AllergyParams, compiled: AllergyCompiled, artifacts: ArtifactLookup): { allergies: Annotation[]; medications: Annotation[] } {
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
  if (statements.some((s) => s.listEnd > s.listStart)) {
    const drugs = findDrugs(doc, compiled.medication.drugs, drugSources(params.library, artifacts));
    let k = 0;
    for (const drug of drugs) {
      while (k < statements.length && statements[k]!.listEnd <= drug.tokenStart) k++;
      const s = statements[k];
      if (s === undefined || drug.tokenStart < s.listStart || drug.tokenEnd > s.listEnd) continue;
      medications.push(allergyMedication(doc, drug));
    }
  }
  return { allergies, medications };
}

function allergyMedication(doc: Document, drug: DrugMention): Annotation {
  const medication = withoutInternalFields(medicationAnnotation(doc.text, { drug, parts: [] }, doc.tokens));
  return {
    type: 'aci.AllergyMedicationInd',
    begin: drug.begin,
    end: drug.end,
    coveredText: doc.text.slice(drug.begin, drug.end),
    medication: [medication],
    _annotator: 'allergy',
    _ruleId: drug.ruleId,
  };
}

export const allergyAnnotator = defineAnnotator({
  id: 'allergy',
  description: 'Detects allergy statements (allergic to X, Allergies: X, Y, NKDA) and the medications named in them.',
  requires: ['tokens', 'sentences'],
  produces: [ALLERGY_LAYER, ALLERGY_MEDICATION_LAYER],
  params: allergyParams,
  init: compileAllergy,
  run(doc, params, compiled, ctx) {
    const { allergies, medications } = detectAllergies(doc, params, compiled, ctx.resources.artifacts);
    return { add: { [ALLERGY_LAYER]: allergies, [ALLERGY_MEDICATION_LAYER]: medications } };
  },
});
