// The `temporal` model (reference §7): dates and relative time expressions in an annotation's sentence,
// linked to it as `temporal[]` entries `{begin, end, coveredText, temporalType: {dateScore},
// relationTypes: {overlapsScore}}`. Without `link_all_temporal_candidates` only the nearest date of the
// sentence is linked. Date expressions are found once per sentence with the patterns below.
import type { Document } from '../../document.js';
import { containsAnyPattern } from './insight-lexicon.js';
import { LEANING, LIKELY, HIGH, MEDIUM, score } from './scores.js';

export interface TemporalLink {
  begin: number;
  end: number;
  coveredText: string;
  temporalType: { dateScore: number };
  relationTypes: { overlapsScore: number };
}

interface DateMention {
  readonly begin: number;
  readonly end: number;
  readonly absolute: boolean;
}

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;

/**
 * A date pattern and what a sentence must contain for it to match: a digit, one of `words` (found in the
 * lower-cased sentence), a match of `gate`. The gates only skip patterns that cannot match; they never
 * change a match.
 */
interface DatePattern {
  readonly re: RegExp;
  readonly digit: boolean;
  readonly words?: readonly string[];
  /** Tested on the sentence as written (patterns sharing a gate test it once). */
  readonly gate?: RegExp;
}

/** Every month name starts with one of these (the patterns' own case folding). */
const MONTH_GATE = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i;

const ABSOLUTE: readonly DatePattern[] = [
  { re: /\b\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})\b/gi, digit: true, gate: /\// },
  { re: /\b\d{4}-\d{2}-\d{2}\b/g, digit: true, gate: /-/ },
  { re: new RegExp(String.raw`\b${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b`, 'gi'), digit: true, gate: MONTH_GATE },
  { re: new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}(?:,?\s+\d{4})?\b`, 'gi'), digit: true, gate: MONTH_GATE },
  { re: new RegExp(String.raw`\b${MONTH}\s+\d{4}\b`, 'gi'), digit: true, gate: MONTH_GATE },
  { re: /\b(?:in|since|during|from)\s+(?:19|20)\d{2}\b/gi, digit: true },
];
const RELATIVE: readonly DatePattern[] = [
  { re: /\b(?:today|yesterday|tonight|tomorrow|this morning|last night)\b/gi, digit: false, words: ['today', 'yesterday', 'tonight', 'tomorrow', 'this morning', 'last night'] },
  { re: /\b(?:last|next|this|past)\s+(?:week|month|year|visit|weekend)\b/gi, digit: false, words: ['week', 'month', 'year', 'visit'] },
  { re: /\b\d+\s+(?:days?|weeks?|months?|years?)\s+ago\b/gi, digit: true, words: ['ago'] },
  { re: /\b(?:a|one|two|three|several|few)\s+(?:days?|weeks?|months?|years?)\s+ago\b/gi, digit: false, words: ['ago'] },
];
const DIGIT = /\d/;
/** Matches a lower-cased sentence holding some gate word of RELATIVE (without one, no relative pattern is tried). */
const RELATIVE_WORD = containsAnyPattern(RELATIVE.flatMap((p) => p.words ?? []));
const RELATIVE_GATED = RELATIVE.every((p) => p.words !== undefined);

/** Date mentions of one sentence (character offsets into the document), overlaps resolved longest first. */
export function findDates(text: string, begin: number, end: number): DateMention[] {
  const slice = text.slice(begin, end);
  const found: DateMention[] = [];
  const digits = DIGIT.test(slice);
  let lower: string | undefined;
  if (digits) lower = scanDates(ABSOLUTE, true, slice, begin, digits, lower, found);
  if (!RELATIVE_GATED || RELATIVE_WORD.test((lower ??= slice.toLowerCase()))) scanDates(RELATIVE, false, slice, begin, digits, lower, found);
  if (found.length === 0) return found;
  found.sort((a, b) => a.begin - b.begin || b.end - a.end);
  const out: DateMention[] = [];
  for (const d of found) {
    const last = out[out.length - 1];
    if (last !== undefined && d.begin < last.end) continue;
    out.push(d);
  }
  return out;
}

/** Adds the matches of `patterns` whose gates `slice` passes; returns the lower-cased slice when it was needed. */
function scanDates(patterns: readonly DatePattern[], absolute: boolean, slice: string, begin: number, digits: boolean, lower: string | undefined, found: DateMention[]): string | undefined {
  let lastGate: RegExp | undefined;
  let gateHolds = true;
  for (const { re: p, digit, words, gate } of patterns) {
    if (digit && !digits) continue;
    if (gate !== undefined) {
      if (gate !== lastGate) {
        lastGate = gate;
        gateHolds = gate.test(slice);
      }
      if (!gateHolds) continue;
    }
    if (words !== undefined) {
      lower ??= slice.toLowerCase();
      const l = lower;
      if (!words.some((w) => l.includes(w))) continue;
    }
    p.lastIndex = 0;
    for (let m = p.exec(slice); m !== null; m = p.exec(slice)) {
      found.push({ begin: begin + m.index, end: begin + m.index + m[0].length, absolute });
      if (m[0].length === 0) p.lastIndex++;
    }
  }
  return lower;
}

/** Per-document cache of each sentence's dates. */
export class TemporalLinker {
  private readonly bySentence = new Map<number, DateMention[]>();

  constructor(private readonly doc: Document, private readonly linkAll: boolean) {}

  links(sentenceIndex: number, begin: number, end: number): TemporalLink[] {
    const sentence = this.doc.sentences[sentenceIndex];
    if (sentence === undefined) return [];
    let dates = this.bySentence.get(sentenceIndex);
    if (dates === undefined) {
      dates = findDates(this.doc.text, sentence.begin, sentence.end);
      this.bySentence.set(sentenceIndex, dates);
    }
    if (dates.length === 0) return [];
    if (!this.linkAll) {
      // The nearest date outside the span (the first of equally near ones, in sentence order).
      let nearest: DateMention | undefined;
      let best = Infinity;
      for (const d of dates) {
        const distance = distanceOf(d, begin, end);
        if (distance !== undefined && distance < best) {
          best = distance;
          nearest = d;
        }
      }
      return nearest === undefined ? [] : [this.link(nearest, 0)];
    }
    const candidates = dates.filter((d) => d.end <= begin || d.begin >= end);
    const sorted = candidates.sort((a, b) => (distanceOf(a, begin, end) as number) - (distanceOf(b, begin, end) as number));
    return sorted.map((d, i) => this.link(d, i));
  }

  private link(d: DateMention, rank: number): TemporalLink {
    return {
      begin: d.begin,
      end: d.end,
      coveredText: this.doc.text.slice(d.begin, d.end),
      temporalType: { dateScore: score(d.absolute ? HIGH : LEANING) },
      relationTypes: { overlapsScore: score(rank === 0 ? LIKELY : MEDIUM) },
    };
  }
}

/** Characters between a date and the span [begin, end); undefined when the date overlaps the span. */
function distanceOf(d: DateMention, begin: number, end: number): number | undefined {
  if (d.end <= begin) return begin - d.end;
  return d.begin >= end ? d.begin - end : undefined;
}
