// Applied spelling corrections as the rest of the pipeline sees them. The text of a Document never
// changes (every offset refers to the original); when spell_checker applies corrections it adds one
// `ReplaceTextChange` annotation per corrected word (span = the original word, `newText` = the
// correction). Later annotators that match words (concept_detection) read them with
// `textReplacements(doc)` and match the corrected words while reporting the original offsets.
// The analysis drops the layer from the response unless `debug_text_restore=true`, which keeps it and
// puts the modified text in the container metadata (`modifiedText`, see `applyReplacements`).
import type { Annotation, Document } from '../../document.js';

/** Layer key (and annotation type) of applied corrections. */
export const REPLACE_TEXT_LAYER = 'ReplaceTextChange';
/** Container metadata key holding the modified text with debug_text_restore=true. */
export const MODIFIED_TEXT_METADATA_KEY = 'modifiedText';

export interface TextReplacement {
  /** Span of the original text (end exclusive). */
  readonly begin: number;
  readonly end: number;
  /** What the span reads as after correction. */
  readonly text: string;
}

export function replaceTextChange(text: string, begin: number, end: number, newText: string): Annotation {
  return { type: REPLACE_TEXT_LAYER, begin, end, coveredText: text.slice(begin, end), newText };
}

/** The applied corrections of a Document, by begin (empty when the spell checker did not apply any). */
export function textReplacements(doc: Document): TextReplacement[] {
  const list = doc.layers.get(REPLACE_TEXT_LAYER) ?? [];
  return list
    .filter((a) => typeof a.newText === 'string')
    .map((a) => ({ begin: a.begin, end: a.end, text: a.newText as string }))
    .sort((a, b) => a.begin - b.begin);
}

/** The text with the replacements applied (non-overlapping, any order). */
export function applyReplacements(text: string, replacements: readonly TextReplacement[]): string {
  let out = '';
  let at = 0;
  for (const r of [...replacements].sort((a, b) => a.begin - b.begin)) {
    if (r.begin < at) continue;
    out += text.slice(at, r.begin) + r.text;
    at = r.end;
  }
  return out + text.slice(at);
}
