// Coordinated modifiers (composite mentions, general English syntax, no corpus strings): in "basal cell and
// cervical carcinomas" or "gastric, basal cell, and cervical carcinomas" the head of the last conjunct is shared
// by the conjuncts before it. For a normalised span of two or more words preceded by "A and|or|and/or" or "A, B(,) and|or", each
// conjunct is read with the span's trailing words ("gastric carcinomas": the last k words for k from n-1 down to 1,
// the first k that the lookup knows, through word variants) and, when that names ids, the conjunct becomes a
// span with them. A conjunct has one or two words ("pancreatic, basal cell, and cervical carcinomas"), a
// two-word one is also tried by its last word; function words at its start are skipped. Train half-splits
// (odd / even half held out), document-id F1: NCBI 0 / +0.001, BC5CDR disease 0 / +0.002, chemical 0 / 0 (an
// earlier variant with one-word conjuncts only: 0 / 0 everywhere). Single-word spans ("cancer") are no heads
// here: "leukemia and lymphoma" coordinates two nouns, not two modifiers. (Also reading matched spans without
// ids as shared heads, "facial and genital abnormalities": NCBI -0.001 / 0; and a comma-ended list before a span
// the matcher already read as coordinated, "breast, gastric and ovarian cancer": BC5CDR disease 0 / -0.002; left
// out.) The matcher itself joins "gastric and ovarian cancer" when both conjuncts read with the head are names.
import { phraseVariants } from './phrase-variants.js';

export interface CoordSpan {
  readonly begin: number;
  readonly end: number;
  readonly ids: readonly string[];
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;

/** Function words that are no conjunct ("in patients and cancer"). */
const NOT_A_CONJUNCT = new Set(['a', 'an', 'the', 'of', 'in', 'on', 'at', 'and', 'or', 'with', 'without', 'to', 'for', 'by', 'from', 'as', 'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'that', 'this', 'these', 'those', 'which', 'who', 'its', 'their', 'his', 'her', 'not', 'no', 'but', 'than', 'into', 'after', 'before', 'during', 'between', 'among', 'other', 'such', 'both', 'all', 'some', 'any', 'each', 'most', 'more', 'either', 'neither', 'patients', 'patient', 'cases', 'case', 'families', 'family']);

/** A conjunct: its words (one or two) with offsets; a two-word conjunct is also tried by its last word alone. */
export interface Conjunct {
  readonly words: readonly { text: string; begin: number; end: number }[];
}

const CONJUNCT_LIST = /((?:[\p{L}][\p{L}\p{N}'-]*(?:\s+[\p{L}][\p{L}\p{N}'-]*)?\s*,\s*){0,4})([\p{L}][\p{L}\p{N}'-]*(?:\s+[\p{L}][\p{L}\p{N}'-]*)?),?\s+(?:and\/or|and|or)\s+$/du;

/** The conjuncts right before `begin` ("A and ", "A, B C, and ", "A or "), in text order; empty when none. */
export function conjunctsBefore(text: string, begin: number): Conjunct[] {
  const offset = Math.max(0, begin - 120);
  const m = CONJUNCT_LIST.exec(text.slice(offset, begin));
  if (m === null || m.indices === undefined) return [];
  const listBegin = offset + m.indices[1]![0];
  const list = text.slice(listBegin, offset + m.indices[2]![1]);
  const out: Conjunct[] = [];
  let at = 0;
  for (const part of list.split(',')) {
    const words: { text: string; begin: number; end: number }[] = [];
    for (const w of part.matchAll(WORD)) words.push({ text: w[0], begin: listBegin + at + w.index!, end: listBegin + at + w.index! + w[0].length });
    at += part.length + 1;
    while (words.length > 0 && NOT_A_CONJUNCT.has(words[0]!.text.toLowerCase())) words.shift();
    if (words.length === 0 || words.some((w) => NOT_A_CONJUNCT.has(w.text.toLowerCase()) || !/\p{L}/u.test(w.text))) continue;
    out.push({ words });
  }
  return out;
}

/**
 * Spans added for the conjuncts sharing a span's head (see the file comment). `lookup` gives the ids of a phrase
 * (undefined when none); conjuncts already inside a span with ids are left alone.
 */
export function coordinatedSpans<S extends CoordSpan>(spans: readonly S[], text: string, lookup: (phrase: string) => readonly string[] | undefined, termKey: (t: string) => string, make: (begin: number, end: number, ids: string[]) => S): S[] {
  const added: S[] = [];
  for (const s of spans) {
    const words = text.slice(s.begin, s.end).match(WORD) ?? [];
    if (words.length < 2) continue;
    for (const c of conjunctsBefore(text, s.begin)) {
      // The conjunct's words, then its last word alone.
      const forms = c.words.length > 1 ? [c.words, c.words.slice(-1)] : [c.words];
      let found: { begin: number; end: number; ids: readonly string[] } | undefined;
      for (const f of forms) {
        const begin = f[0]!.begin;
        const end = f[f.length - 1]!.end;
        if ([...spans, ...added].some((o) => o.begin < end && begin < o.end)) break;
        for (let k = words.length - 1; k >= 1 && found === undefined; k--) {
          for (const v of phraseVariants([...f.map((w) => w.text), ...words.slice(words.length - k)], termKey)) {
            const ids = lookup(v);
            if (ids !== undefined && ids.length > 0) {
              found = { begin, end, ids };
              break;
            }
          }
        }
        if (found !== undefined) break;
      }
      if (found !== undefined) added.push(make(found.begin, found.end, [...found.ids]));
    }
  }
  return added.length === 0 ? [...spans] : [...spans, ...added];
}
