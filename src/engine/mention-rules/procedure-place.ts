// A procedure word followed by a place or team word names that place or team, not a procedure done to the patient:
// `general surgery department`, `intensive care unit`, `cardiac surgery clinic`, `dialysis unit`. The words are the
// `place` entries of resources/procedure/procedure-heads.json (compiled by the procedure annotator's phrases).
import type { Document } from '../document.js';
import { firstEndingAfter } from '../span-search.js';
import { compileProcedurePhrases, type ProcedurePhrases } from '../annotators/procedure/procedure-phrases.js';

/** UMLS types of procedures that a place word after the mention takes away. */
export const PLACE_SENSITIVE_TYPES: ReadonlySet<string> = new Set(['topp', 'diap', 'hlca', 'lbpr']);

let defaultPhrases: ProcedurePhrases | undefined;

function phrases(): ProcedurePhrases {
  return (defaultPhrases ??= compileProcedurePhrases());
}

/** True when the word right after character offset `end` (same line) is a place or team word. */
export function followedByPlaceWord(doc: Document, end: number): boolean {
  const tokens = doc.tokens;
  const next = firstEndingAfter(tokens, end);
  const t = tokens[next];
  if (t === undefined || t.begin < end || t.newlineBefore) return false;
  return phrases().places.has(t.lower);
}
