// Context verdicts on a knowledge-base match (rules: mention-rules.ts, resources/disambiguation/mention-rules.json):
// - inside a figure or table reference (`Fig. 2`, `Table 1`, `(Figs. 1a-c)`): no concept at all;
// - a drug name that is a score or class (`ASA physical status II`), names an enzyme or receptor
//   (`alanine aminotransferase`), is a common word without drug context (`fig`), an analyte measured
//   (`serum creatinine`, `hemoglobin 9.1 g/dL`, `lactate was elevated`), or a food or other substance
//   (`water`, `tobacco`, `peanuts`, and allergenic extracts named by their source): not a drug given.
// Everything is read from the Document's tokens around the match; no regular expression runs per token.
import { derived, type Document, type Token } from '../document.js';
import { firstEndingAfter, sentenceOfToken } from '../span-search.js';
import type { CompiledMentionRules } from './mention-rules.js';

export type MentionVerdict =
  | { readonly kind: 'figure' | 'score' | 'modifier' | 'common-word' | 'lab' }
  | { readonly kind: 'substance'; readonly semanticType: string };

const ROMAN = new Set(['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x']);

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** `2`, `3b`, `s3`, `1a`, `ii`: the first token of a figure or table label. */
function isLabelStart(t: Token): boolean {
  if (t.kind === 'number') return true;
  if (t.kind !== 'word' || t.lower.length > 4) return false;
  if (ROMAN.has(t.lower)) return true;
  const s = t.lower;
  return (isDigit(s.charCodeAt(0)) || (s.length > 1 && isDigit(s.charCodeAt(1)))) && s.length <= 4;
}

const FIGURE_SPANS = {};

/** Begin/end pairs of the figure and table references of `doc` (found once per Document). */
export function figureReferenceSpans(doc: Document, rules: CompiledMentionRules): readonly number[] {
  return derived(doc, FIGURE_SPANS, () => {
    const spans: number[] = [];
    const tokens = doc.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (!rules.figureWords.has(tokens[i]!.lower)) continue;
      let j = i + 1;
      if (tokens[j]?.lower === '.') j++;
      const label = tokens[j];
      if (label === undefined || !isLabelStart(label)) continue;
      // The label goes on over adjacent pieces: `2C`, `1a-c`, `S3`.
      let last = j;
      while (last + 1 < tokens.length) {
        const next = tokens[last + 1]!;
        if (next.begin !== tokens[last]!.end || next.kind === 'symbol' || (next.kind === 'punct' && next.lower !== '-')) break;
        last++;
      }
      spans.push(tokens[i]!.begin, tokens[last]!.end);
      i = last;
    }
    return spans;
  });
}

/** True when [begin, end) overlaps a figure or table reference. */
export function inFigureReference(doc: Document, rules: CompiledMentionRules, begin: number, end: number): boolean {
  const spans = figureReferenceSpans(doc, rules);
  for (let k = 0; k < spans.length; k += 2) if (spans[k]! < end && begin < spans[k + 1]!) return true;
  return false;
}

/** Token range [start, end) of a character span (tokens overlapping it). */
export function tokenSpan(doc: Document, begin: number, end: number): [number, number] {
  const start = firstEndingAfter(doc.tokens, begin);
  let stop = start;
  while (stop < doc.tokens.length && doc.tokens[stop]!.begin < end) stop++;
  return [start, stop];
}

/** True when a dose word, a route or `extract` is within three tokens of the mention at tokens [start, end) (its sentence only). */
export function drugContextAround(doc: Document, rules: CompiledMentionRules, start: number, end: number): boolean {
  const sentence = doc.sentences[sentenceOfToken(doc.sentences, start)];
  return hasDrugContext(doc.tokens, rules, start, end, sentence?.tokenStart ?? 0, sentence?.tokenEnd ?? doc.tokens.length);
}

/** A dose word, a route or `extract` within three tokens of the mention (its sentence only). */
function hasDrugContext(tokens: readonly Token[], rules: CompiledMentionRules, start: number, end: number, from: number, limit: number): boolean {
  for (let k = Math.max(from, start - 3); k < Math.min(limit, end + 3); k++) {
    if (k >= start && k < end) continue;
    const w = tokens[k]!.lower;
    if (rules.drugContextWords.has(w) || rules.extractWords.has(w)) return true;
  }
  return false;
}

function hasExtractWord(tokens: readonly Token[], rules: CompiledMentionRules, start: number, end: number, from: number, limit: number): boolean {
  for (let k = Math.max(from, start - 2); k < Math.min(limit, end + 2); k++) if (rules.extractWords.has(tokens[k]!.lower)) return true;
  return false;
}

/**
 * What follows a number after the drug: a dose unit (`mg`, `tablets`, `mg/kg`) → a dose (undefined); a
 * concentration (`mg/dL`, `U/L`) or no unit → a measured value; `%` → undecided (`lidocaine 1%`, `HbA1c 7%`).
 */
function valueReading(tokens: readonly Token[], rules: CompiledMentionRules, k: number): 'dose' | 'value' | undefined {
  // `5-FU`, `2-propylpentanoic acid`: a name that starts with a number.
  const joined = tokens[k + 1];
  if (joined !== undefined && joined.begin === tokens[k]!.end && joined.lower === '-' && tokens[k + 2]?.kind === 'word' && tokens[k + 2]!.begin === joined.end) return undefined;
  // Over the rest of the amount: `1 1/2 tabs`, `10 - 20mg/d`, `1 to 2 g`, `3 million units`, `2 x 500 mg`.
  let u = k + 1;
  while (u < tokens.length && u <= k + 4 && !tokens[u]!.newlineBefore && (tokens[u]!.kind === 'number' || AMOUNT_PIECES.has(tokens[u]!.lower))) u++;
  const unit = tokens[u];
  if (unit === undefined || unit.newlineBefore) return 'value';
  // `1.5 x ULN`, `2 times the upper limit of normal`: a value against its reference range.
  if (rules.limitWords.has(unit.lower)) return 'value';
  if (unit.lower === 'times' && (rules.limitWords.has(tokens[u + 1]?.lower ?? '') || rules.limitWords.has(tokens[u + 2]?.lower ?? ''))) return 'value';
  // `%` (`lidocaine 1%`, `HbA1c 7%`) and list numbers (`aspirin 2) active ulcer`) say nothing.
  if (unit.lower === '%' || unit.lower === ')') return undefined;
  if (!rules.doseUnits.has(withoutDot(unit.lower))) {
    if (unit.kind !== 'word') return 'value'; // `1.2,`, `9.1;`, `5.9 (3.5-5.0)`
    // A word after the number is a unit of measure when a `/` follows it (`U/L`, `mmol/L`) or it is a short
    // symbol (`mmHg`, `fL`); any other word (`2 on dextroamphetamine`, `4 suffered`) says nothing.
    const slash = tokens[u + 1];
    if (slash !== undefined && slash.lower === '/' && slash.begin === unit.end) return 'value';
    return MEASURE_WORDS.has(unit.lower) ? 'value' : undefined;
  }
  if (tokens[u + 1]?.lower !== '/' || tokens[u + 1]!.begin !== unit.end) return 'dose';
  let per = tokens[u + 2];
  if (per?.kind === 'number') per = tokens[u + 3]; // `500 mg/8 h`
  return per !== undefined && rules.perDoseUnits.has(withoutDot(per.lower)) ? 'dose' : 'value';
}

/** Tokens after which one other word (the next list item, a short form) may be passed over. */
const LIST_JOINTS = new Set(['and', 'or', '/', '(']);

/** Units of measure written without a `/` after the value. */
const MEASURE_WORDS = new Set(['mmhg', 'fl', 'pg', 'ng', 'nmol', 'pmol', 'umol', 'µmol', 'μmol', 'mosm', 'mm', 'cm', 'sec', 's', 'seconds', 'bpm', 'x', '×', 'iu', 'u', 'mu', 'ku', 'g/dl', 'mg/dl', 'mmol/l', 'percent', 'cells', 'copies', 'titer', 'ratio']);

/** Pieces inside one amount, between its first number and its unit. */
const AMOUNT_PIECES = new Set(['/', '-', '–', 'to', 'x', '×', 'million', 'thousand', 'billion']);

/** `kg.`, `mg.`: the tokenizer keeps the dot of known abbreviations. */
function withoutDot(word: string): string {
  return word.length > 1 && word.charCodeAt(word.length - 1) === 0x2e ? word.slice(0, -1) : word;
}

/** An analyte measured: `serum X`, `levels of X`, `X 1.2 mg/dL`, `X was elevated`, `X level`. */
function isLabContext(tokens: readonly Token[], rules: CompiledMentionRules, start: number, end: number, from: number, limit: number): boolean {
  const prev = start > from ? tokens[start - 1]! : undefined;
  if (prev !== undefined && rules.specimenWords.has(prev.lower)) return true;
  // `positive for X`, `negative for X`: a test result.
  if (prev?.lower === 'for' && start - 2 >= from && rules.resultWords.has(tokens[start - 2]!.lower)) return true;
  // `antibodies to HCV`, `antigen against ...`: an antibody or antigen named by its target is measured, not given.
  if (end < limit && rules.modifierHeads.has(tokens[end - 1]!.lower) && (tokens[end]!.lower === 'to' || tokens[end]!.lower === 'against')) return true;
  if (prev?.lower === 'of' && start - 2 >= from && (tokens[start - 2]!.lower === 'level' || tokens[start - 2]!.lower === 'levels' || tokens[start - 2]!.lower === 'concentration' || tokens[start - 2]!.lower === 'concentrations')) return true;
  // One other word may be passed over right after a list joint or an opening parenthesis: `glucose and protein
  // levels <20 mg/dL`, `hemoglobin (Hb): 10.9 g/dL`.
  let passed = false;
  let compared = false;
  for (let k = end; k < Math.min(limit, end + 5); k++) {
    const t = tokens[k]!;
    if (k > end && t.newlineBefore) return false;
    if (rules.resultWords.has(t.lower)) {
      const after = tokens[k + 1]?.lower;
      // `high dose`, `low-dose`: a dose, not a result.
      if (after !== undefined && (after === 'dose' || after === 'doses' || after === 'dosage' || after === '-')) return false;
      return true;
    }
    if (t.kind === 'number') {
      const reading = valueReading(tokens, rules, k);
      return reading === 'value' || (compared && reading === undefined);
    }
    if (rules.comparatorWords.has(t.lower)) compared = true;
    if (rules.bridgeWords.has(t.lower)) continue;
    if (passed || k === end || !LIST_JOINTS.has(tokens[k - 1]!.lower) || t.kind !== 'word') return false;
    passed = true;
  }
  return false;
}

/** Words that end a list of drugs tested (`resistant to X with`, `sensitive to X after`): what comes before is another clause. */
const CLAUSE_WORDS = new Set(['with', 'of', 'by', 'for', 'after', 'before', 'on', 'in', 'from', 'was', 'were', 'is', 'are', 'be', 'been', 'then', 'but', 'the', 'a', 'an']);

/** Tokens passed over inside a parenthesis of a list of drugs tested (`penicillin (MIC = 0.03), ceftriaxone`). */
const MAX_PARENTHESIS_TOKENS = 10;

/**
 * A drug tested against a microbe: after `resistant to`, `susceptible to` (a susceptibility word and `to`), directly
 * or as a later item of the list that follows (`resistant to tetracycline and clindamycin`, `susceptible to
 * minocycline, rifampin, and vancomycin`). Items are at most three words; a clause word ends the walk.
 */
function isSusceptibilityTarget(tokens: readonly Token[], rules: CompiledMentionRules, start: number, from: number): boolean {
  let words = 0;
  for (let k = start - 1; k > from && k >= start - 30; k--) {
    const t = tokens[k]!;
    if (t.lower === 'to') return rules.susceptibilityWords.has(tokens[k - 1]!.lower);
    if (t.lower === ')') {
      let open = k - 1;
      while (open > from && open >= k - MAX_PARENTHESIS_TOKENS && tokens[open]!.lower !== '(') open--;
      if (tokens[open]!.lower !== '(') return false;
      k = open;
      continue;
    }
    if (t.lower === ',' || t.lower === 'and' || t.lower === 'or' || t.lower === '/') {
      words = 0;
      continue;
    }
    if (t.lower === '-') continue;
    if (t.kind === 'punct' || t.kind === 'symbol' || CLAUSE_WORDS.has(t.lower) || ++words > 3) return false;
  }
  return false;
}

/**
 * Why a match naming a drug at tokens [start, end) is not a drug given, or undefined when nothing says so.
 * `preferredName` (lower-cased or not) lets allergenic extracts named by their source (`peanuts` → peanut
 * allergenic extract) read as that source.
 */
export function drugMentionVerdict(doc: Document, rules: CompiledMentionRules, start: number, end: number, preferredName = ''): MentionVerdict | undefined {
  const tokens = doc.tokens;
  if (start >= end || end > tokens.length) return undefined;
  const first = tokens[start]!;
  const lastToken = tokens[end - 1]!;
  if (inFigureReference(doc, rules, first.begin, lastToken.end)) return { kind: 'figure' };
  const sentence = doc.sentences[sentenceOfToken(doc.sentences, start)];
  const from = sentence?.tokenStart ?? 0;
  const limit = sentence?.tokenEnd ?? tokens.length;
  const next = end < limit ? tokens[end]! : undefined;
  if (next !== undefined && !next.newlineBefore) {
    // `(ASA) physical status`, `ASA-PS`: the short form's closing bracket or hyphen comes before the score word.
    const scoreAt = (next.lower === ')' || next.lower === '-') && end + 1 < limit ? end + 1 : end;
    const score = rules.scoreWords.longest(doc.text, tokens, scoreAt, limit);
    // `the sulfonamide class of antibiotics` names a drug class, not a score.
    if (score !== undefined && tokens[score.tokenEnd]?.lower !== 'of') return { kind: 'score' };
    const surface = doc.text.slice(first.begin, lastToken.end);
    if (ROMAN.has(next.lower) && next.kind === 'word' && surface === surface.toUpperCase()) return { kind: 'score' };
    if (rules.modifierHeads.has(next.lower) && !rules.drugClassHeads.has(tokens[end + 1]?.lower ?? '')) return { kind: 'modifier' };
    // `anticoagulant effect`, `antioxidant properties`, `contraceptive method`: the name qualifies another noun.
    if (rules.effectHeads.has(next.lower)) return { kind: 'modifier' };
    // `methicillin-resistant`, `insulin-dependent`, `platinum-free`: the compound qualifies a microbe, a disease, an interval.
    const joined = tokens[end + 1];
    if (next.lower === '-' && next.begin === lastToken.end && joined !== undefined && joined.begin === next.end && rules.hyphenQualifiers.has(joined.lower)) return { kind: 'modifier' };
  }
  if (isSusceptibilityTarget(tokens, rules, start, from) || namesTest(doc, rules, start, end)) return { kind: 'lab' };
  const surface = doc.text.slice(first.begin, lastToken.end).toLowerCase();
  const substanceType = rules.substances.get(surface);
  if (rules.commonWordDrugs.has(surface) && !hasDrugContext(tokens, rules, start, end, from, limit)) {
    return substanceType === undefined ? { kind: 'common-word' } : { kind: 'substance', semanticType: substanceType };
  }
  if (isLabContext(tokens, rules, start, end, from, limit)) return { kind: 'lab' };
  if (substanceType !== undefined && !hasExtractWord(tokens, rules, start, end, from, limit)) return { kind: 'substance', semanticType: substanceType };
  if (preferredName.toLowerCase().includes('allergenic extract') && !surface.includes('extract') && !hasExtractWord(tokens, rules, start, end, from, limit)) {
    return { kind: 'substance', semanticType: 'sbst' };
  }
  return undefined;
}

/**
 * True when the mention at tokens [start, end) is followed on its line by a test head (`HIV test`, `hepatitis B
 * serology`, `HCV RNA`, `HIV-1 viral load`), over a short type label (`-1`, `type 2`): the name is the test's.
 */
export function namesTest(doc: Document, rules: CompiledMentionRules, start: number, end: number): boolean {
  const tokens = doc.tokens;
  let k = end;
  // `HIV-1`, `HIV 1/2`, `HSV type 2`: a label of the agent's type.
  for (let passed = 0; k < tokens.length && passed < 3; passed++) {
    const t = tokens[k]!;
    if (t.newlineBefore || !(t.kind === 'number' || t.lower === '-' || t.lower === '/' || t.lower === 'type')) break;
    k++;
  }
  if (k >= tokens.length || tokens[k]!.newlineBefore) return false;
  return rules.testHeads.longest(doc.text, tokens, k, Math.min(tokens.length, k + 3)) !== undefined;
}
