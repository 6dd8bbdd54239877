// Tenant regexes (ACD dictionary `regexes`, Java syntax) run on RE2 (re2js, pure JavaScript): matching time
// is linear in the text whatever the pattern, so no cartridge can make one analysis hold a worker for its
// whole time budget (`(?:a|a)*b` on "aaaa…a!" backtracks exponentially on V8's engine). The built-in rules
// keep V8's RegExp: they are ours, reviewed, and several times faster.
//
// RE2 has no lookahead, and lookbehind only without capturing groups. ACD cartridges use both, nearly
// always at the edges of the pattern (`\b(?<!\w)…`, `…\b(?!(\s*|-)old)`), so:
// - every capturing group becomes non-capturing (only the whole match is used), so lookbehinds compile;
// - a lookahead that only zero-width syntax follows (`\b`, `$`, closing groups) is cut out and checked at
//   the match's end, on a window of LOOKAHEAD_WINDOW characters. A match whose lookahead fails is dropped
//   and the search goes on from the next character (a backtracking engine would first try shorter matches
//   at the same start; for edge lookaheads the two nearly always agree).
// Patterns with a lookahead elsewhere, or other syntax RE2 refuses (backreferences, possessive
// quantifiers, atomic groups), are not compiled: compileLinearRegex says why.
import { RE2JS } from 're2js';

/** Characters after a match that a trailing lookahead may read. */
export const LOOKAHEAD_WINDOW = 256;

export interface LinearRegex {
  readonly source: string;
  /** Calls `onMatch` for every non-empty, non-overlapping match, left to right. */
  forEachMatch(text: string, onMatch: (begin: number, end: number) => void): void;
}

export type LinearRegexResult =
  | { readonly ok: true; readonly regex: LinearRegex }
  | { readonly ok: false; readonly reason: string };

interface Lookahead {
  readonly negative: boolean;
  readonly pattern: RE2JS;
}

/** Index of the `)` closing the group opened at `open`, or -1. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '[') i = classEnd(source, i) - 1;
    else if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Index just past the character class opening at `i` (Java nests classes: `[a-z&&[^b]]`). */
function classEnd(source: string, i: number): number {
  let depth = 0;
  for (let j = i; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') j += 1;
    else if (c === '[') {
      depth += 1;
      if (source[j + 1] === '^') j += 1;
      if (source[j + 1] === ']') j += 1; // a leading `]` is a literal
    } else if (c === ']' && --depth === 0) return j + 1;
  }
  return source.length;
}

/** True when the text from `from` on holds only zero-width syntax and group closings (no quantifier on them). */
function onlyZeroWidthAfter(source: string, from: number): boolean {
  let i = from;
  while (i < source.length) {
    if (source.startsWith('\\b', i) || source.startsWith('\\B', i) || source.startsWith('\\z', i) || source.startsWith('\\Z', i)) i += 2;
    else if (source[i] === '$') i += 1;
    else if (source[i] === ')') {
      i += 1;
      if (source[i] === '*' || source[i] === '+' || source[i] === '?' || source[i] === '{') return false;
    } else if (source.startsWith('(?=', i) || source.startsWith('(?!', i)) {
      const end = closingParen(source, i);
      if (end < 0) return false;
      i = end + 1;
    } else return false;
  }
  return true;
}

type Rewrite = { readonly ok: true; readonly main: string; readonly lookaheads: { negative: boolean; body: string }[] } | { readonly ok: false; readonly reason: string };

/** Makes groups non-capturing and cuts out trailing lookaheads (see the file comment). */
function rewrite(source: string): Rewrite {
  let main = '';
  const lookaheads: { negative: boolean; body: string }[] = [];
  // One entry per open group: whether it holds an alternation.
  const alternations: boolean[] = [false];
  let caseInsensitive = false;
  for (let i = 0; i < source.length;) {
    const c = source[i];
    if (c === '\\') {
      main += source.slice(i, i + 2);
      i += 2;
    } else if (c === '[') {
      const end = classEnd(source, i);
      main += source.slice(i, end);
      i = end;
    } else if (c === '|') {
      alternations[alternations.length - 1] = true;
      main += c;
      i += 1;
    } else if (c === ')') {
      if (alternations.length > 1) alternations.pop();
      main += c;
      i += 1;
    } else if (c === '(') {
      if (source.startsWith('(?=', i) || source.startsWith('(?!', i)) {
        const end = closingParen(source, i);
        if (end < 0) return { ok: false, reason: 'unbalanced parentheses' };
        if (alternations.some((a) => a) || source.slice(end + 1).includes('|') || !onlyZeroWidthAfter(source, end + 1)) {
          return { ok: false, reason: 'a lookahead is supported only at the end of the pattern (followed by nothing but \\b, $ or closing groups, outside any alternation)' };
        }
        const body = source.slice(i + 3, end);
        lookaheads.push({ negative: source[i + 2] === '!', body: caseInsensitive && !body.startsWith('(?i)') ? `(?i)${body}` : body });
        i = end + 1;
        continue;
      }
      alternations.push(false);
      if (source.startsWith('(?<=', i) || source.startsWith('(?<!', i)) {
        main += source.slice(i, i + 4);
        i += 4;
      } else if (source.startsWith('(?<', i)) {
        // A named group `(?<name>…)`: non-capturing too.
        const close = source.indexOf('>', i);
        if (close < 0) return { ok: false, reason: 'unterminated group name' };
        main += '(?:';
        i = close + 1;
      } else if (source[i + 1] === '?') {
        // `(?:`, inline flags `(?i)` / `(?i:`; the rest (`(?>` atomic groups) RE2 refuses itself.
        const flags = /^\(\?([a-zA-Z-]*)([:)])/.exec(source.slice(i, i + 12));
        if (flags !== null && flags[1]?.includes('i') === true && !flags[1].startsWith('-')) caseInsensitive ||= flags[2] === ')';
        if (flags !== null && flags[2] === ')') alternations.pop(); // `(?i)` opens no group
        main += '(?';
        i += 2;
      } else {
        main += '(?:';
        i += 1;
      }
    } else {
      main += c;
      i += 1;
    }
  }
  return { ok: true, main, lookaheads };
}

function compileRe2(source: string): RE2JS {
  return RE2JS.compile(source, RE2JS.LOOKBEHINDS);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error parsing regexp: /, '');
}

/** Compiles a tenant (Java) regex for the linear-time engine, or says why it cannot run there. */
export function compileLinearRegex(source: string): LinearRegexResult {
  const rewritten = rewrite(source);
  if (!rewritten.ok) return rewritten;
  let main: RE2JS;
  const lookaheads: Lookahead[] = [];
  try {
    main = compileRe2(rewritten.main);
    for (const l of rewritten.lookaheads) lookaheads.push({ negative: l.negative, pattern: compileRe2(`^(?:${l.body})`) });
  } catch (error) {
    return { ok: false, reason: `not supported by the linear-time engine: ${describe(error)}` };
  }
  // A pattern matching the empty string would match everywhere.
  if (main.matcher('').find()) return { ok: false, reason: 'the pattern matches the empty string' };
  const literal = requiredLiteral(rewritten.main);
  return { ok: true, regex: { source, forEachMatch: (text, onMatch) => forEachMatch(main, lookaheads, literal, text, onMatch) } };
}

/**
 * A piece of text every match of a pattern contains: the text is searched for it first (a native scan,
 * ~100x faster than re2js's), and the pattern runs only where it is found. `lowerCase`: the pattern is
 * case-insensitive, so the literal is lower-case ASCII and is looked for in the lower-cased text.
 */
export interface RequiredLiteral {
  readonly text: string;
  readonly lowerCase: boolean;
}

/** Escaped letters that stand for one character class or position (`\d`, `\b`, ...): they end a literal run. */
const ONE_CHAR_ESCAPES = new Set('dDwWsSbBnrtfaehHvVRzZAG');

/**
 * The longest run of literal characters outside any group that every match of `main` (a rewritten
 * pattern: groups non-capturing, trailing lookaheads cut) must contain; undefined when there is none or
 * the pattern has syntax this conservative scan does not follow (top-level alternation, `(?x)`, quoting,
 * numeric escapes). Characters under `?`, `*` or `{0,…}` are optional and left out.
 */
export function requiredLiteral(main: string): RequiredLiteral | undefined {
  let lowerCase = false;
  let best = '';
  let run = '';
  const end = (): void => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < main.length;) {
    const c = main[i]!;
    let literal: string | undefined;
    let next = i + 1;
    if (c === '\\') {
      const e = main[i + 1];
      if (e === undefined) return undefined;
      if (/[A-Za-z0-9]/.test(e)) {
        if (!ONE_CHAR_ESCAPES.has(e)) return undefined; // \x41, \u0041, \p{L}, \Q…\E, backreferences: not followed
      } else literal = e;
      next = i + 2;
    } else if (c === '(') {
      const flags = /^\(\?([a-zA-Z-]*)\)/.exec(main.slice(i, i + 12));
      if (flags !== null) {
        const on = flags[1]!.split('-')[0]!;
        if (on.includes('x')) return undefined;
        if (on.includes('i')) lowerCase = true;
        next = i + flags[0].length;
      } else {
        const close = closingParen(main, i);
        if (close < 0) return undefined;
        if (main.slice(i, close).includes('(?') && /\(\?[a-zA-Z-]*x/.test(main.slice(i, close))) return undefined;
        next = close + 1;
      }
    } else if (c === '[') next = classEnd(main, i);
    else if (c === '|' || c === ')') return undefined;
    else if (c >= '\ud800' && c <= '\udbff') {
      literal = main.slice(i, i + 2); // a character beyond the BMP is one atom (a quantifier takes both halves)
      next = i + 2;
    } else if (c !== '.' && c !== '^' && c !== '$') literal = c;
    // A quantifier on the element: optional (`?`, `*`, `{0`) or repeated (`+`, `{n`): either way the run ends.
    const q = main[next];
    let optional = false;
    let quantified = false;
    if (q === '?' || q === '*') {
      optional = true;
      quantified = true;
      next += 1;
    } else if (q === '+') {
      quantified = true;
      next += 1;
    } else if (q === '{' && /^\{\d+(,\d*)?\}/.test(main.slice(next, next + 24))) {
      optional = /^\{0+[,}]/.test(main.slice(next));
      quantified = true;
      next = main.indexOf('}', next) + 1;
    }
    if (quantified && (main[next] === '?' || main[next] === '+')) next += 1; // lazy or possessive
    if (literal === undefined || optional) end();
    else {
      run += literal;
      if (quantified) end();
    }
    i = next;
  }
  end();
  if (lowerCase) {
    // Case folding may match a literal letter through other characters (`k` through the Kelvin sign, `s`
    // through `ſ`): only ASCII characters without such folds are kept, the longest such stretch.
    const safe = best.toLowerCase().split(/[^\x20-\x7e]|[ks]/);
    best = safe.reduce((a, b) => (b.length > a.length ? b : a), '');
  }
  return best === '' ? undefined : { text: lowerCase ? best.toLowerCase() : best, lowerCase };
}

/** The last text lower-cased for a case-insensitive literal (one note's patterns share it). */
let lastText = '';
let lastLower = '';

function lowerCased(text: string): string {
  if (text !== lastText) {
    lastText = text;
    lastLower = text.toLowerCase();
  }
  return lastLower;
}

function forEachMatch(main: RE2JS, lookaheads: readonly Lookahead[], literal: RequiredLiteral | undefined, text: string, onMatch: (begin: number, end: number) => void): void {
  if (literal !== undefined && !(literal.lowerCase ? lowerCased(text) : text).includes(literal.text)) return;
  const matcher = main.matcher(text);
  let from = 0;
  while (from <= text.length && matcher.find(from)) {
    const begin = matcher.start();
    const end = matcher.end();
    if (end === begin) {
      from = end + 1;
      continue;
    }
    if (lookaheads.length === 0 || lookaheadsHold(lookaheads, text, end)) {
      onMatch(begin, end);
      from = end;
    } else from = begin + 1;
  }
}

function lookaheadsHold(lookaheads: readonly Lookahead[], text: string, at: number): boolean {
  const window = text.slice(at, at + LOOKAHEAD_WINDOW);
  for (const l of lookaheads) {
    if (l.pattern.matcher(window).lookingAt() === l.negative) return false;
  }
  return true;
}
