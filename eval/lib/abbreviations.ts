// Abbreviations defined in a text as "long form (SF)", found with the algorithm of Schwartz & Hearst (2003, "A simple
// algorithm for identifying abbreviation definitions in biomedical text"): the short form is a parenthesised
// token of 2-10 characters with a letter; its long form is the shortest tail of the preceding words (at most
// min(|SF| + 5, 2|SF|) words, same sentence) in which the short form's letters and digits occur in order, the first
// one starting a word.

export interface AbbreviationDefinition {
  readonly shortForm: string;
  /** Offsets of the short form inside the parentheses. */
  readonly sfBegin: number;
  readonly sfEnd: number;
  /** Offsets of the long form. */
  readonly lfBegin: number;
  readonly lfEnd: number;
}

const isAlnum = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Start of the long form inside `lf` (Schwartz & Hearst's findBestLongForm), or -1. */
export function bestLongFormStart(sf: string, lf: string): number {
  let s = sf.length - 1;
  let l = lf.length - 1;
  for (; s >= 0; s--) {
    const c = sf[s]!.toLowerCase();
    if (!isAlnum(c)) continue;
    while ((l >= 0 && lf[l]!.toLowerCase() !== c) || (s === 0 && l > 0 && isAlnum(lf[l - 1]))) l--;
    if (l < 0) return -1;
    l--;
  }
  return lf.lastIndexOf(' ', l) + 1;
}

function isShortFormCandidate(sf: string): boolean {
  if (sf.length < 2 || sf.length > 10) return false;
  if (sf.split(/\s+/).length > 2) return false;
  if (!/\p{L}/u.test(sf) || !isAlnum(sf[0])) return false;
  return true;
}

export function abbreviationDefinitions(text: string): AbbreviationDefinition[] {
  const out: AbbreviationDefinition[] = [];
  const re = /\(([^()]{2,60})\)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const inner = m[1]!;
    const trimmed = inner.trim();
    // "(SF; ...)" / "(SF, ...)": the first part.
    const sf = trimmed.split(/[;,]\s/)[0]!.trim();
    if (!isShortFormCandidate(sf)) continue;
    const sfBegin = m.index + 1 + inner.indexOf(sf);
    // The preceding words of the sentence (up to the last sentence end or bracket).
    const before = text.slice(0, m.index).replace(/\s+$/, '');
    const after = (mark: string): number => {
      const at = before.lastIndexOf(mark);
      return at < 0 ? 0 : at + mark.length;
    };
    const sentenceStart = Math.max(after('. '), after('('), after(')'), after('; '));
    const maxWords = Math.min(sf.length + 5, sf.length * 2);
    const words = before.slice(sentenceStart).split(' ');
    const window = words.slice(Math.max(0, words.length - maxWords)).join(' ');
    const windowBegin = before.length - window.length;
    const start = bestLongFormStart(sf, window);
    if (start < 0) continue;
    const lf = window.slice(start);
    if (lf.length <= sf.length || lf.includes(sf)) continue;
    out.push({ shortForm: sf, sfBegin, sfEnd: sfBegin + sf.length, lfBegin: windowBegin + start, lfEnd: before.length });
  }
  return out;
}

export interface IdSpan {
  readonly begin: number;
  readonly end: number;
  readonly ids: readonly string[];
}

/**
 * A short form names what its long form names in that text: spans whose text is a defined short form take the
 * ids of the spans inside its long form (none when the long form holds no span of the task: "RA" defined as
 * "retinyl acetate" is no rheumatoid arthritis in a disease task).
 */
export function applyAbbreviations<S extends IdSpan>(spans: readonly S[], text: string, definitions: readonly AbbreviationDefinition[] = abbreviationDefinitions(text), keepUndefinedLongForm = false): S[] {
  if (definitions.length === 0) return [...spans];
  const bySf = new Map<string, string[]>();
  for (const d of definitions) {
    if (bySf.has(d.shortForm)) continue;
    const inside = spans.filter((s) => s.begin >= d.lfBegin && s.end <= d.lfEnd);
    const ids = [...new Set(inside.flatMap((s) => s.ids))];
    if (ids.length === 0 && keepUndefinedLongForm) continue;
    bySf.set(d.shortForm, ids);
  }
  const out: S[] = [];
  for (const s of spans) {
    const ids = bySf.get(text.slice(s.begin, s.end));
    if (ids === undefined) out.push(s);
    else if (ids.length > 0) out.push({ ...s, ids });
  }
  return out;
}
