// Coordinated (composite) mentions: "breast and ovarian cancer", "Duchenne and Becker muscular dystrophy",
// "breast/ovarian cancer". The head ("cancer", "muscular dystrophy") is written once; the first conjunct
// ("breast", "Duchenne") names a concept only with it. When the text before a matched span B+H reads
// "A and|or|and/or|/|- " and "A H" is itself a knowledge-base term (H a suffix of the match), the whole
// span A..end names both concepts. Pure: reads the text, asks the matcher about the synthesised term.
import type { ConceptMatcher } from '../../../knowledge/matcher.js';

export interface CompositeSpan {
  readonly begin: number;
  readonly end: number;
  /** The concepts of "A H". */
  readonly concepts: readonly number[];
}

/** "A and ", "A or ", "A and/or ", "A, ", "A/", "A-" right before a span; A is one word. */
const CONJUNCT_BEFORE = /(?:^|[^A-Za-z0-9-])([A-Za-z][A-Za-z0-9]*)(?:\s+(?:and\/or|and|or)\s+|\s*\/\s*|-)$/;
const LOOKBEHIND = 40;
/** A lone conjunct this short ("X-linked", "B and") is a letter or an acronym, not a modifier of the head. */
const MIN_CONJUNCT_LENGTH = 3;

/**
 * For a matched span [begin, end) of `text`, the composite reading that starts at a coordinated first
 * conjunct, or undefined. `matcher` answers which concepts a synthesised term names (whole-term matches only).
 */
export function compositeAt(text: string, begin: number, end: number, matcher: ConceptMatcher): CompositeSpan | undefined {
  const windowStart = Math.max(0, begin - LOOKBEHIND);
  const before = CONJUNCT_BEFORE.exec(text.slice(windowStart, begin));
  if (before === null) return undefined;
  const conjunct = before[1]!;
  if (conjunct.length < MIN_CONJUNCT_LENGTH || /^(and|or|the|of|with|in|for|to|non|anti|type)$/i.test(conjunct)) return undefined;
  const conjunctBegin = windowStart + before.index + before[0].indexOf(conjunct);
  const words = text.slice(begin, end).split(/\s+/);
  // Replace the first k words of the match by the conjunct, longest head first.
  for (let k = 1; k < words.length; k++) {
    const term = `${conjunct} ${words.slice(k).join(' ')}`;
    const whole = matcher.match(term, []).find((m) => m.begin === 0 && m.end === term.length);
    if (whole !== undefined && whole.concepts.length > 0) return { begin: conjunctBegin, end, concepts: whole.concepts };
  }
  return undefined;
}

/** "A and B H" inside one matched span (the whole coordination is itself a name): A H and B H, or undefined. */
const COORDINATION_INSIDE = /^([A-Za-z][A-Za-z0-9]*)(?:\s+(?:and\/or|and|or)\s+|\s*\/\s*|-)([A-Za-z].*\s.*)$/;

/** The concepts the conjuncts of a span that is itself a coordination name ("breast and ovarian cancer"). */
export function coordinationInside(text: string, begin: number, end: number, matcher: ConceptMatcher): number[] | undefined {
  const inside = COORDINATION_INSIDE.exec(text.slice(begin, end));
  if (inside === null) return undefined;
  const rest = inside[2]!;
  const restBegin = end - rest.length;
  const second = matcher.match(rest, []).find((m) => m.begin === 0 && m.end === rest.length);
  if (second === undefined) return undefined;
  const first = compositeAt(text, restBegin, end, matcher);
  if (first === undefined || first.begin !== begin) return undefined;
  return [...new Set([...first.concepts, ...second.concepts])];
}
