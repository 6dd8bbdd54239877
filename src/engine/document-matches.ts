// One knowledge-base match per Document, shared by every annotator that reads the same term index
// (symptom_disease, procedure, lab_value, medication, ...): the first caller scans the text with the
// shared term matcher (src/knowledge/matcher.ts), later callers of the same Document and knowledge base
// get the same list. The trie walk is done once; each kind of list is built from it when first asked
// for (longest-span matches come from the full list when that exists: a match is dropped when it lies
// inside an earlier, longer one, exactly the matcher's own `longestSpan` rule). Also used by
// concept_detection when no spelling replacements apply, so one walk serves the whole flow. The text is matched as written: spelling replacements are not applied here.
// The memo lives on the Document (`derived`, keyed by the knowledge base's matcher); a Document's text
// and tokens never change, so a memoised list stays right for its lifetime. Callers must not mutate it.
import type { CompiledKnowledgeBase } from '../knowledge/kb.js';
import { createMatcher, type ConceptMatcher, type MatchScan, type TermMatch } from '../knowledge/matcher.js';
import { derived, type Document } from './document.js';

export interface DocumentMatchOptions {
  /** Drop matches nested inside a longer match (ACD longest_span), as `createMatcher({ longestSpan })`. */
  readonly longestSpan: boolean;
}

interface KbMatches {
  /** The one trie walk; each list is built from it when first asked for. */
  readonly scan: MatchScan;
  all?: readonly TermMatch[];
  longest?: readonly TermMatch[];
}

/** One full-span matcher per knowledge base (its surface memo is shared by every caller too). */
const matchers = new WeakMap<CompiledKnowledgeBase, ConceptMatcher>();

function matcherOf(kb: CompiledKnowledgeBase): ConceptMatcher {
  let matcher = matchers.get(kb);
  if (matcher === undefined) {
    matcher = createMatcher(kb, { longestSpan: false });
    matchers.set(kb, matcher);
  }
  return matcher;
}

/** The matches that no earlier (sorted by begin, longer first) match contains. */
function longestOnly(all: readonly TermMatch[]): TermMatch[] {
  const out: TermMatch[] = [];
  let maxEnd = -1;
  for (const m of all) {
    if (m.end <= maxEnd) continue;
    maxEnd = m.end;
    out.push(m);
  }
  return out;
}

function longestOf(matches: KbMatches, matcher: ConceptMatcher): readonly TermMatch[] {
  matches.longest ??= matches.all === undefined ? matcher.termMatches(matches.scan, true) : longestOnly(matches.all);
  return matches.longest;
}

/**
 * The term matches of `doc.text` against `kb` (sorted by begin, longer first), computed once per
 * Document and knowledge base. Read-only: the same array is handed to every caller.
 */
export function documentMatches(doc: Document, kb: CompiledKnowledgeBase, options: DocumentMatchOptions): readonly TermMatch[] {
  const matcher = matcherOf(kb);
  const matches = derived<KbMatches>(doc, matcher, () => ({ scan: matcher.scan(doc.text, doc.tokens) }));
  if (options.longestSpan) return longestOf(matches, matcher);
  matches.all ??= matcher.termMatches(matches.scan, false);
  return matches.all;
}
