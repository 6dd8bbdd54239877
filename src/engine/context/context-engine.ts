// The ConText algorithm over a Document (Harkema et al. 2009; medspaCy ConTextGraph.update_scopes /
// apply_modifiers), kept framework-free: triggers are matched per sentence, each modifier trigger gets a
// scope that runs FORWARD to the end of its sentence, BACKWARD to its start, or both, cut short by
// termination terms of its category (or of category TERMINATE), by its rule's max_scope, and never
// crossing a sentence. Pseudo-triggers are matched like any other trigger and so hide the shorter
// triggers inside them; they assert nothing. Target annotations whose span lies in a scope are modified.
import { DomainError } from '../../errors.js';
import { derived, type Annotation, type Document, type Sentence, type Token } from '../document.js';
import type { ContextCategory, ContextLexicon, ContextRule } from './context-rule.js';
import { compileTriggerTrie, matchTriggers, normalizeToken, type TokenizeFn, type TriggerMatch, type TriggerTrie } from './trigger-trie.js';
import { ruleApplies } from './target-kind.js';

export interface CompiledContext {
  /** The rule sets compiled together, in order. */
  readonly lexicons: readonly ContextLexicon[];
  readonly trie: TriggerTrie;
}

/** A modifier's reach: the trigger, the rule that made it and the covered tokens (never empty). */
export interface ContextScope {
  readonly rule: ContextRule;
  readonly category: ContextCategory;
  readonly trigger: TriggerMatch;
  readonly sentenceIndex: number;
  /** Token indices into Document.tokens, end exclusive; leading/trailing punctuation trimmed. */
  readonly tokenBegin: number;
  readonly tokenEnd: number;
  /** Character offsets of the scope. */
  readonly begin: number;
  readonly end: number;
  /** The clause the trigger stands in (trigger plus scope, widened to the clause start or end). */
  readonly clauseBegin: number;
  readonly clauseEnd: number;
}

export interface ContextHit {
  readonly target: Annotation;
  readonly scope: ContextScope;
}

/** Compiles one or more rule sets into one trie; rule ids must be unique across the sets. */
export function compileContext(lexicons: ContextLexicon | readonly ContextLexicon[], tokenize: TokenizeFn): CompiledContext {
  const list: readonly ContextLexicon[] = Array.isArray(lexicons) ? lexicons : [lexicons as ContextLexicon];
  const seen = new Map<string, string>();
  for (const lexicon of list) {
    for (const rule of lexicon.rules) {
      const other = seen.get(rule.id);
      if (other !== undefined) {
        throw new DomainError('INVALID_RESOURCE_FILE', `${lexicon.file}: rule id "${rule.id}" is also defined in ${other}`);
      }
      seen.set(rule.id, lexicon.file);
    }
  }
  return { lexicons: list, trie: compileTriggerTrie(list.flatMap((l) => l.rules), tokenize) };
}

const MODIFIER_DIRECTIONS = new Set(['FORWARD', 'BACKWARD', 'BIDIRECTIONAL']);
// SUBORDINATE matches are neither modifiers nor terminators: subordinateClauseEnd reads them.

function terminates(match: TriggerMatch, category: ContextCategory): boolean {
  const rules = match.rules;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i]!;
    if (r.direction === 'TERMINATE' && (r.category === 'TERMINATE' || r.category === category)) return true;
  }
  return false;
}

/** The SUBORDINATE rule of a match, if it has one. */
function subordinateRule(match: TriggerMatch): ContextRule | undefined {
  const rules = match.rules;
  for (let i = 0; i < rules.length; i++) if ((rules[i] as ContextRule).direction === 'SUBORDINATE') return rules[i];
  return undefined;
}

/**
 * Where the subordinate clause opened at the sentence start ends for a trigger at `match` (SUBORDINATE rules):
 * the first comma after the trigger followed by a word of the rule's stop_at (a subject opening the main clause),
 * when the subordinator is the sentence's first word. `end` when there is none.
 */
function subordinateClauseEnd(tokens: readonly Token[], sentence: Sentence, matches: readonly TriggerMatch[], m: number, end: number): number {
  const first = trimBegin(tokens, sentence.tokenStart, sentence.tokenEnd);
  const opener = matches[0];
  if (opener === undefined || opener.tokenBegin !== first || m === 0) return end;
  const rule = subordinateRule(opener);
  if (rule === undefined || rule.stopAt === undefined) return end;
  const match = matches[m] as TriggerMatch;
  for (let i = match.tokenEnd; i + 1 < end; i++) {
    if ((tokens[i] as Token).lower === ',' && rule.stopAt.has(normalizeToken((tokens[i + 1] as Token).lower))) return i;
  }
  return end;
}

function isPunct(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'punct';
}

/** Counts non-punctuation tokens and stops once `rule.maxScope` of them are taken, or at a `stop_at` token. */
function forwardLimit(tokens: readonly Token[], from: number, to: number, rule: ContextRule): number {
  const limit = rule.maxScope;
  const stop = rule.stopAt;
  if (limit === undefined && stop === undefined) return to;
  let taken = 0;
  for (let i = from; i < to; i++) {
    const token = tokens[i] as Token;
    if (stop !== undefined && stop.has(normalizeToken(token.lower))) return i;
    if (!isPunct(token)) {
      if (taken === limit) return i;
      taken += 1;
    }
  }
  return to;
}

function backwardLimit(tokens: readonly Token[], from: number, to: number, rule: ContextRule): number {
  const limit = rule.maxScope;
  const stop = rule.stopAt;
  if (limit === undefined && stop === undefined) return from;
  let taken = 0;
  for (let i = to - 1; i >= from; i--) {
    const token = tokens[i] as Token;
    if (stop !== undefined && stop.has(normalizeToken(token.lower))) return i + 1;
    if (!isPunct(token)) {
      if (taken === limit) return i + 1;
      taken += 1;
    }
  }
  return from;
}

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/** One of OPENERS or CLOSERS, without hashing the token text. */
function isBracket(lower: string): boolean {
  if (lower.length !== 1) return false;
  const c = lower.charCodeAt(0);
  return c === 0x28 || c === 0x29 || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;
}

/** A scope never leaves the bracketed aside its trigger stands in: first unmatched closer going forward. */
function bracketEndForward(tokens: readonly Token[], from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const lower = (tokens[i] as Token).lower;
    if (OPENERS.has(lower)) depth += 1;
    else if (CLOSERS.has(lower)) {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return to;
}

/** Going backward: the position after the first unmatched opener. */
function bracketStartBackward(tokens: readonly Token[], from: number, to: number): number {
  let depth = 0;
  for (let i = to - 1; i >= from; i--) {
    const lower = (tokens[i] as Token).lower;
    if (CLOSERS.has(lower)) depth += 1;
    else if (OPENERS.has(lower)) {
      if (depth === 0) return i + 1;
      depth -= 1;
    }
  }
  return from;
}

/** First token of [begin, end) that is not punctuation (end when none). */
function trimBegin(tokens: readonly Token[], begin: number, end: number): number {
  let b = begin;
  while (b < end && isPunct(tokens[b])) b += 1;
  return b;
}

/** One past the last token of [begin, end) that is not punctuation (begin when none). */
function trimEnd(tokens: readonly Token[], begin: number, end: number): number {
  let e = end;
  while (e > begin && isPunct(tokens[e - 1])) e -= 1;
  return e;
}

/** Adds the scope of tokens [from, to), leading/trailing punctuation trimmed, unless nothing is left. */
function pushScope(
  out: ContextScope[],
  tokens: readonly Token[],
  rule: ContextRule,
  match: TriggerMatch,
  sentenceIndex: number,
  from: number,
  to: number,
  clauseBegin: number,
  clauseEnd: number,
): void {
  const b = trimBegin(tokens, from, to);
  const e = trimEnd(tokens, b, to);
  if (e <= b) return;
  out.push({
    rule,
    category: rule.category,
    trigger: match,
    sentenceIndex,
    tokenBegin: b,
    tokenEnd: e,
    begin: (tokens[b] as Token).begin,
    end: (tokens[e - 1] as Token).end,
    clauseBegin,
    clauseEnd,
  });
}

function scopesOfSentence(
  doc: Document,
  sentence: Sentence,
  sentenceIndex: number,
  matches: readonly TriggerMatch[],
  categories: ReadonlySet<ContextCategory>,
  out: ContextScope[],
): void {
  const { tokens } = doc;
  // Whether the sentence has a bracket: looked up once, when the first modifier needs it.
  let brackets = -1;
  for (let m = 0; m < matches.length; m++) {
    const match = matches[m] as TriggerMatch;
    for (const rule of match.rules) {
      if (!MODIFIER_DIRECTIONS.has(rule.direction) || !categories.has(rule.category)) continue;
      if (brackets < 0) {
        brackets = 0;
        for (let i = sentence.tokenStart; i < sentence.tokenEnd; i++) {
          if (isBracket((tokens[i] as Token).lower)) {
            brackets = 1;
            break;
          }
        }
      }
      const hasBrackets = brackets === 1;
      // clause bounds for this category: the nearest terminators on each side within the sentence
      let clauseStart = sentence.tokenStart;
      for (let k = m - 1; k >= 0; k--) {
        const other = matches[k] as TriggerMatch;
        if (terminates(other, rule.category)) {
          clauseStart = other.tokenEnd;
          break;
        }
      }
      let clauseEnd = sentence.tokenEnd;
      for (let k = m + 1; k < matches.length; k++) {
        const other = matches[k] as TriggerMatch;
        if (terminates(other, rule.category)) {
          clauseEnd = other.tokenBegin;
          break;
        }
      }
      clauseEnd = subordinateClauseEnd(tokens, sentence, matches, m, clauseEnd);
      if (hasBrackets) {
        clauseStart = bracketStartBackward(tokens, clauseStart, match.tokenBegin);
        clauseEnd = bracketEndForward(tokens, match.tokenEnd, clauseEnd);
      }
      const cb = trimBegin(tokens, clauseStart, clauseEnd);
      const ce = trimEnd(tokens, cb, clauseEnd);
      const clauseBegin = Math.min((tokens[cb] ?? tokens[match.tokenBegin] as Token).begin, match.begin);
      const clauseEndChar = Math.max(ce > cb ? (tokens[ce - 1] as Token).end : match.end, match.end);
      // The forward part first, then the backward part.
      if (rule.direction !== 'BACKWARD') {
        pushScope(out, tokens, rule, match, sentenceIndex, match.tokenEnd, forwardLimit(tokens, match.tokenEnd, clauseEnd, rule), clauseBegin, clauseEndChar);
      }
      if (rule.direction !== 'FORWARD') {
        pushScope(out, tokens, rule, match, sentenceIndex, backwardLimit(tokens, clauseStart, match.tokenBegin, rule), match.tokenBegin, clauseBegin, clauseEndChar);
      }
    }
  }
}

/**
 * Every trigger match of every sentence, in text order. They depend only on the Document's tokens and
 * sentences and the trie, so they are computed once per Document and rule set and shared by the
 * annotators of one flow (do not modify).
 */
export function findTriggers(doc: Document, compiled: CompiledContext): readonly TriggerMatch[][] {
  return derived(doc, compiled.trie, () => doc.sentences.map((s) => matchTriggers(doc.tokens, s.tokenStart, s.tokenEnd, compiled.trie)));
}

/** The scopes of every modifier trigger of the given categories, sentence by sentence. */
export function findContextScopes(
  doc: Document,
  compiled: CompiledContext,
  categories: ReadonlySet<ContextCategory>,
  triggers: readonly TriggerMatch[][] = findTriggers(doc, compiled),
): ContextScope[] {
  const out: ContextScope[] = [];
  doc.sentences.forEach((sentence, i) => scopesOfSentence(doc, sentence, i, triggers[i] ?? [], categories, out));
  return out;
}

export interface MatchTargetsOptions {
  /** True: a target is modified only when its whole span lies in the scope; false: any overlap. */
  readonly fullyCovered: boolean;
  /** True: every scope covering a target; false (default): the nearest trigger per category only. */
  readonly allScopes?: boolean;
}

function distance(target: Annotation, trigger: TriggerMatch): number {
  if (target.begin >= trigger.end) return target.begin - trigger.end;
  if (trigger.begin >= target.end) return trigger.begin - target.end;
  return 0;
}

/**
 * For each target and category, the scope (of the nearest trigger, or every scope with `allScopes`) that
 * modifies it. A trigger lying
 * inside the target itself never modifies that target (the concept `no known allergies` is not negated
 * by its own `no`).
 */
export function matchTargets(
  scopes: readonly ContextScope[],
  targets: readonly Annotation[],
  options: MatchTargetsOptions,
): ContextHit[] {
  if (scopes.length === 0 || targets.length === 0) return [];
  const byBegin = [...scopes].sort((a, b) => a.begin - b.begin);
  const maxLength = byBegin.reduce((m, s) => Math.max(m, s.end - s.begin), 0);
  const hits: ContextHit[] = [];
  // Nearest scope per category for the current target (cleared per target: insertion order is kept).
  const best = new Map<ContextCategory, ContextScope>();
  for (const target of targets) {
    best.clear();
    // scopes that can overlap the target begin in [target.begin - maxLength, target.end)
    let lo = 0;
    let hi = byBegin.length;
    const floor = target.begin - maxLength;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((byBegin[mid] as ContextScope).begin < floor) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < byBegin.length; i++) {
      const scope = byBegin[i] as ContextScope;
      if (scope.begin >= target.end) break;
      const inside = options.fullyCovered
        ? target.begin >= scope.begin && target.end <= scope.end
        : target.begin < scope.end && target.end > scope.begin;
      if (!inside) continue;
      if (scope.trigger.begin >= target.begin && scope.trigger.end <= target.end) continue;
      if (!ruleApplies(scope.rule, target)) continue;
      if (options.allScopes === true) {
        hits.push({ target, scope });
        continue;
      }
      const current = best.get(scope.category);
      if (current === undefined || distance(target, scope.trigger) < distance(target, current.trigger)) {
        best.set(scope.category, scope);
      }
    }
    for (const scope of best.values()) hits.push({ target, scope });
  }
  return hits;
}
