// spell_checker (reference §5.1): a clinical spelling corrector over the knowledge base's vocabulary
// plus common English. Unknown words (not English, not a KB term, not listed in `neverCorrect`) get
// ranked suggestions within a bounded edit distance (vocabulary.ts); the `ocr` profile first tries
// OCR confusions (`0`→`o`, `rn`→`m`, ...). Output: `spellingCorrections` (one per corrected word:
// span of the original text, `suggestions[{applied, confidence, text, semtypes}]`) and
// `spellCorrectedText` (`[{correctedText, debugText?}]`, always present when the annotator ran).
// With `apply_spell_corrections=true` the best suggestion of each word whose confidence reaches the
// rules' `minConfidence` is applied: recorded as `ReplaceTextChange` annotations (replacements.ts) that
// later annotators match on, while all offsets stay in the original text.
import { Type, type Static } from '@sinclair/typebox';
import { deployedFilters } from '../../deployed-filters.js';
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import { defineAnnotator } from '../../annotator.js';
import type { Annotation, Document, Token } from '../../document.js';
import type { ArtifactLookup } from '../../resources.js';
import { applyReplacements, REPLACE_TEXT_LAYER, replaceTextChange, type TextReplacement } from './replacements.js';
import { defaultEnglishWords, defaultSpellingRules, givenNames, type SpellingRules } from './spelling-rules.js';
import { attachedSpellTables } from './spell-tables.js';
import { buildVocabulary, vocabularyOver, type Candidate, type Vocabulary } from './vocabulary.js';

export const SPELL_CHECKER_ID = 'spell_checker';
export const CORRECTIONS_LAYER = 'spellingCorrections';
export const CORRECTED_TEXT_LAYER = 'spellCorrectedText';
/** `type` of spellingCorrections entries (ACD does not document one). */
export const CORRECTION_TYPE = 'SpellingCorrection';

export const spellCheckerParams = Type.Object({
  spell_check_profile: Type.Union([Type.Literal('default'), Type.Literal('ocr')], {
    default: 'default',
    description: '`default`: misspellings; `ocr`: also OCR confusions (0/o, 1/l, rn/m, cl/d) and words containing digits.',
  }),
  apply_spell_corrections: Type.Boolean({ default: false, description: 'Later annotators match the corrected words (offsets stay in the original text).' }),
  debug: Type.Boolean({ default: false, description: 'Adds `debugText` to spellCorrectedText: the text with each correction marked `[original→correction]`.' }),
  filters: Type.Array(Type.String(), { default: [], description: 'Deployed filter artifact ids (filterType spell_checker_filter) applied to spellingCorrections.' }),
});
export type SpellCheckerParams = Static<typeof spellCheckerParams>;

export interface SpellCheckerCompiled {
  readonly rules: SpellingRules;
  readonly vocabulary: Vocabulary;
  readonly kb: KnowledgeBase;
  /** Given names, lower case (never corrected when capitalised). */
  readonly names: ReadonlySet<string>;
}

/** Vocabularies by knowledge base: a new artifact snapshot (cartridge deployment) over the same KB reuses it. */
const vocabularies = new WeakMap<KnowledgeBase, Vocabulary>();

export function compileSpellChecker(kb: KnowledgeBase, rules = defaultSpellingRules()): SpellCheckerCompiled {
  let vocabulary = vocabularies.get(kb);
  if (vocabulary === undefined) {
    // Tables the service built once for every worker when it has them; else this thread builds its own.
    const shared = attachedSpellTables(kb);
    vocabulary = shared === undefined ? buildVocabulary(kb, defaultEnglishWords()) : vocabularyOver(kb, shared);
    vocabularies.set(kb, vocabulary);
  }
  return { rules, vocabulary, kb, names: givenNames() };
}

function maxDistanceFor(length: number, rules: SpellingRules): number {
  let d = 0;
  for (const step of rules.maxDistance) if (length >= step.minLength) d = step.distance;
  return d;
}

/** True when a character of `s` from index `from` on has a code in [low, high]. */
function hasCharIn(s: string, from: number, low: number, high: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= low && c <= high) return true;
  }
  return false;
}

function hasDigit(s: string): boolean {
  return hasCharIn(s, 0, 48, 57);
}

function letterCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 0x20;
    if (c >= 97 && c <= 122) n++;
  }
  return n;
}

/** Words worth checking: long enough, letters (digits only for OCR), not an acronym in capitals, not a URL/e-mail piece. */
function checkable(doc: Document, token: Token, surface: string, rules: SpellingRules, ocr: boolean): boolean {
  if (token.kind !== 'word' || surface.length < rules.minWordLength) return false;
  if (surface.includes("'") || surface.includes('\u2019')) return false;
  if (hasDigit(surface) && (!ocr || letterCount(surface) < 3)) return false;
  if (surface.length <= 6 && surface === surface.toUpperCase()) return false;
  const before = doc.text.charCodeAt(token.begin - 1);
  const after = doc.text.charCodeAt(token.end);
  return before !== 0x40 && after !== 0x40 && before !== 0x2f && after !== 0x2f; // `@`, `/`: e-mail, URL, path
}

function isCapitalised(surface: string): boolean {
  const first = surface.charCodeAt(0);
  return first >= 65 && first <= 90 && surface !== surface.toUpperCase();
}

/** `McMurray`, `DeLuca`: a capital after the first letter (the word is not all capitals) marks a name. */
function innerCapital(surface: string): boolean {
  return hasCharIn(surface, 1, 65, 90);
}

/**
 * A capitalised word is a name (a person, a weekday, an insurer: `Karen`, `Saturday`, `Medicare`) as often
 * as a misspelling: it is left alone unless it starts a statement (`Palpabale pulses`, `Abdomen: Nontendr`),
 * and even there when it is a given name (`Brian is...`), when the next word is capitalised too
 * (`Brian White`) or when it has a capital inside (`McMurray test`).
 */
function probableName(doc: Document, index: number, surface: string, names: ReadonlySet<string>): boolean {
  if (!isCapitalised(surface)) return false;
  if (!startsStatement(doc, index) || innerCapital(surface) || names.has(doc.tokens[index]!.lower)) return true;
  const next = doc.tokens[index + 1];
  return next !== undefined && next.kind === 'word' && !next.newlineBefore && isCapitalised(doc.text.slice(next.begin, next.end));
}

/** True when a sentence of `doc` starts at token `index` (sentences are in text order). */
function sentenceStartsAt(doc: Document, index: number): boolean {
  let lo = 0;
  let hi = doc.sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (doc.sentences[mid]!.tokenStart < index) lo = mid + 1;
    else hi = mid;
  }
  return lo < doc.sentences.length && doc.sentences[lo]!.tokenStart === index;
}

/**
 * True when word token `index` is the first word of a statement: of the text, of a sentence, of a line, or
 * after `:` or `;` (numbers and punctuation before it, such as `1.` or `-`, do not count). Walks back to
 * the previous word or statement boundary: only the rare capitalised unknown word asks.
 */
function startsStatement(doc: Document, index: number): boolean {
  for (let k = index; k >= 0; k--) {
    const token = doc.tokens[k]!;
    if (k < index) {
      if (token.kind === 'word') return false;
      if (token.kind === 'punct' && (token.lower === ':' || token.lower === ';')) return true;
    }
    if (token.newlineBefore || sentenceStartsAt(doc, k)) return true;
  }
  return true;
}

/** The candidate's case follows the original: `Pateint` → `Patient`, `PATEINT` → `PATIENT`. */
function matchCase(original: string, corrected: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return corrected.toUpperCase();
  const first = original.charCodeAt(0);
  if (first >= 65 && first <= 90) return corrected.charAt(0).toUpperCase() + corrected.slice(1);
  return corrected;
}

function semanticTypesOf(kb: KnowledgeBase, word: string): string[] {
  const lookup = (kb as { lookup?: (text: string) => readonly number[] }).lookup;
  if (typeof lookup !== 'function') return [];
  const types = new Set<string>();
  for (const index of lookup.call(kb, word).slice(0, 20)) for (const t of kb.concept(index).semanticTypes) types.add(t);
  return [...types].slice(0, 5);
}

/** semanticTypesOf per knowledge base and suggested word (the same few suggestions recur note after note). */
const semanticTypeMemo = new WeakMap<KnowledgeBase, Map<string, readonly string[]>>();
const SEMANTIC_TYPE_MEMO_LIMIT = 20_000;

function memoSemanticTypes(kb: KnowledgeBase, word: string): string[] {
  let memo = semanticTypeMemo.get(kb);
  if (memo === undefined) {
    memo = new Map();
    semanticTypeMemo.set(kb, memo);
  }
  let types = memo.get(word);
  if (types === undefined) {
    types = semanticTypesOf(kb, word);
    if (memo.size >= SEMANTIC_TYPE_MEMO_LIMIT) memo.clear();
    memo.set(word, types);
  }
  return [...types];
}

/** The word tokens long enough to check: their indexes and lower-case forms. */
function wordsToCheck(doc: Document, rules: SpellingRules): { indexes: number[]; lowers: string[] } {
  const indexes: number[] = [];
  const lowers: string[] = [];
  for (let i = 0; i < doc.tokens.length; i++) {
    const token = doc.tokens[i]!;
    if (token.kind !== 'word' || token.end - token.begin < rules.minWordLength) continue;
    indexes.push(i);
    lowers.push(token.lower);
  }
  return { indexes, lowers };
}

export interface SpellCheckResult {
  readonly corrections: Annotation[];
  readonly replacements: TextReplacement[];
  readonly correctedText: Annotation;
}

/** Checks every word of `doc` (pure). */
export function checkSpelling(doc: Document, params: SpellCheckerParams, compiled: SpellCheckerCompiled, artifacts: ArtifactLookup): SpellCheckResult {
  const { rules, vocabulary } = compiled;
  const ocr = params.spell_check_profile === 'ocr';
  const filters = deployedFilters('spell_checker', CORRECTIONS_LAYER, params.filters, artifacts);
  let corrections: Annotation[] = [];
  const best = new Map<Annotation, Candidate>();
  const seen = new Map<string, readonly Candidate[]>();
  // Most words are common ones: one set lookup of the token's lower-case form settles them (all the
  // note's words in one batch: see WordSet.hasEach).
  const words = wordsToCheck(doc, rules);
  const known = new Uint8Array(words.lowers.length);
  vocabulary.areKnownLower(words.lowers, known);
  for (let k = 0; k < words.indexes.length; k++) {
    if (known[k] === 1) continue;
    const i = words.indexes[k]!;
    const token = doc.tokens[i]!;
    const surface = doc.text.slice(token.begin, token.end);
    if (!checkable(doc, token, surface, rules, ocr)) continue;
    if (probableName(doc, i, surface, compiled.names)) continue;
    const lower = token.lower;
    if (rules.neverCorrect.has(lower) || vocabulary.isKnown(surface)) continue;
    let candidates: readonly Candidate[] | undefined = seen.get(lower);
    if (candidates === undefined) {
      candidates = ocr ? vocabulary.ocrVariants(lower, rules, rules.maxSuggestions) : [];
      if (candidates.length === 0 && !hasDigit(surface)) {
        const distance = maxDistanceFor(surface.length, rules);
        if (distance > 0) candidates = vocabulary.suggest(lower, distance, rules.maxSuggestions);
      }
      seen.set(lower, candidates);
    }
    if (candidates.length === 0) continue;
    const top = candidates[0]!;
    const correction: Annotation = {
      type: CORRECTION_TYPE,
      begin: token.begin,
      end: token.end,
      coveredText: surface,
      suggestions: candidates.map((c, i) => ({
        applied: params.apply_spell_corrections && i === 0 && c.confidence >= rules.minConfidence,
        confidence: c.confidence,
        text: matchCase(surface, c.text),
        semtypes: c.fromKb ? memoSemanticTypes(compiled.kb, c.text) : [],
      })),
    };
    corrections.push(correction);
    best.set(correction, top);
  }
  for (const filter of filters) {
    const data = { [CORRECTIONS_LAYER]: corrections };
    corrections = corrections.filter((a) => filter.keep(a, { data }));
  }
  const chosen: TextReplacement[] = [];
  for (const c of corrections) {
    const top = best.get(c)!;
    if (top.confidence >= rules.minConfidence) chosen.push({ begin: c.begin, end: c.end, text: matchCase(c.coveredText, top.text) });
  }
  const correctedText: Annotation = { correctedText: applyReplacements(doc.text, chosen) } as unknown as Annotation;
  if (params.debug) {
    correctedText.debugText = applyReplacements(doc.text, chosen.map((r) => ({ ...r, text: `[${doc.text.slice(r.begin, r.end)}\u2192${r.text}]` })));
  }
  return { corrections, replacements: params.apply_spell_corrections ? chosen : [], correctedText };
}

export const spellChecker = defineAnnotator({
  id: SPELL_CHECKER_ID,
  description: 'Corrects misspelled medical and English words against the knowledge base vocabulary; with apply_spell_corrections later annotators see the corrected words.',
  requires: [],
  produces: [CORRECTIONS_LAYER, CORRECTED_TEXT_LAYER],
  params: spellCheckerParams,
  init: (resources) => compileSpellChecker(resources.kb),
  run(doc, params, compiled, ctx) {
    const { corrections, replacements, correctedText } = checkSpelling(doc, params, compiled, ctx.resources.artifacts);
    return {
      add: {
        [CORRECTIONS_LAYER]: corrections,
        [CORRECTED_TEXT_LAYER]: [correctedText],
        ...(replacements.length === 0 ? {} : { [REPLACE_TEXT_LAYER]: replacements.map((r) => replaceTextChange(doc.text, r.begin, r.end, r.text)) }),
      },
    };
  },
});
