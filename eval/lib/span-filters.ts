// Filters of normalised spans by their textual context (general notation, no corpus strings).
//  * Sequence-variant notation: "A-- > T", "G>A", "C→T" write a nucleotide (or residue) substitution; a letter
//    pair matched there ("A T" in "A T-- > A transition", "A-- > T" as the abbreviation A-T of ataxia
//    telangiectasia) is no disease or chemical mention. A span is dropped when it contains an arrow, or an arrow
//    follows it or precedes it directly (only spaces and dashes between). Train half-splits (odd / even half
//    held out), document-id F1: NCBI +0.002 / +0.001, BC5CDR disease and chemical 0 / 0.

const ARROW_INSIDE = /->|>|→/u;
const ARROW_AFTER = /^[\s-]*(?:>|→)/u;
const ARROW_BEFORE = /(?:>|→)[\s-]*$/u;

/** True when the span at [begin, end) of `text` is part of a substitution written with an arrow. */
export function inSubstitutionNotation(text: string, begin: number, end: number): boolean {
  if (ARROW_INSIDE.test(text.slice(begin, end))) return true;
  if (ARROW_AFTER.test(text.slice(end, end + 8))) return true;
  return ARROW_BEFORE.test(text.slice(Math.max(0, begin - 8), begin));
}

/** The spans that are not part of a substitution notation (inSubstitutionNotation). */
export function withoutSubstitutionNotation<S extends { begin: number; end: number }>(spans: readonly S[], text: string): S[] {
  return spans.filter((s) => !inSubstitutionNotation(text, s.begin, s.end));
}
