// Headings: the parts of a note that name what follows rather than state anything about the patient. A
// disorder matched there is not a mention of a disorder ("HISTORY OF PRESENT ILLNESS" is not an illness,
// "FAMILY HISTORY" not a finding, "• Psychiatric:" not a mental disorder), so concept_detection and
// symptom_disease leave disorder readings of heading text out. Two kinds:
//   * section header titles: the triggers of the `sections` layer (the section annotator, earlier in a flow);
//   * organ-system labels of review-of-systems and examination lines: at a line start (after a bullet or an
//     item number) or right after a full stop, one to four capitalised adjective-shaped words (joined by
//     `/`, `,`, `&` or `and`) followed by a colon (`• Psychiatric:`, `Neurological:`, `Allergic/Immunologic:`).
//     A noun label stays a statement (`Hypertension: well controlled`), so only adjective shapes count.
import { derived, type Document, type Token } from '../../document.js';

export interface HeadingSpan {
  readonly begin: number;
  readonly end: number;
  /** `section-title` (a header of the sections layer) or `system-label`. */
  readonly kind: 'section-title' | 'system-label';
}

/** Adjective endings of organ-system words (Psychiatric, Neurological, Respiratory, Genitourinary, ...). */
const ADJECTIVE_SHAPE = /^[a-z]{3,}(al|ic|ary|ory|ous|ive|ar)$/;
/** Tokens a bulleted or numbered line may start with before its label. */
const BULLETS: ReadonlySet<string> = new Set(['•', '-', '*', '·', '‣', '▪', '◦', '–', '—', '>']);
const JOINERS: ReadonlySet<string> = new Set(['/', ',', '&', 'and']);
const MAX_LABEL_WORDS = 4;

function isCapitalised(text: string, t: Token): boolean {
  const c = text.charCodeAt(t.begin);
  return c >= 65 && c <= 90;
}

/** Index of the first label token of a line starting at token `i` (bullets and `1.` / `2)` skipped). */
function afterBullets(tokens: readonly Token[], i: number): number {
  let k = i;
  while (k < tokens.length && !(k > i && tokens[k]!.newlineBefore)) {
    const t = tokens[k]!;
    if (BULLETS.has(t.lower)) k++;
    else if (t.kind === 'number' && (tokens[k + 1]?.lower === '.' || tokens[k + 1]?.lower === ')') && !tokens[k + 1]!.newlineBefore) k += 2;
    else break;
  }
  return k;
}

/** The organ-system label starting at token `start`, as [begin, end) offsets of its words; undefined when none. */
function systemLabelAt(text: string, tokens: readonly Token[], start: number): [number, number] | undefined {
  let words = 0;
  let k = start;
  let lastWordEnd = -1;
  for (; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (k > start && t.newlineBefore) return undefined;
    if (t.lower === ':') break;
    if (t.kind === 'word' && ADJECTIVE_SHAPE.test(t.lower) && (words > 0 || isCapitalised(text, t))) {
      if (++words > MAX_LABEL_WORDS) return undefined;
      lastWordEnd = t.end;
      continue;
    }
    if (words > 0 && JOINERS.has(t.lower)) continue;
    return undefined;
  }
  if (words === 0 || k >= tokens.length || JOINERS.has(tokens[k - 1]!.lower)) return undefined;
  return [tokens[start]!.begin, lastWordEnd];
}

function computeHeadings(doc: Document): HeadingSpan[] {
  const out: HeadingSpan[] = [];
  for (const s of doc.layers.get('sections') ?? []) {
    const trigger = s.trigger as { begin?: unknown; end?: unknown } | undefined;
    if (typeof trigger?.begin === 'number' && typeof trigger.end === 'number') out.push({ begin: trigger.begin, end: trigger.end, kind: 'section-title' });
  }
  const { tokens, text } = doc;
  let lastLabelBegin = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let start: number;
    if (i === 0 || t.newlineBefore) start = afterBullets(tokens, i);
    else if (tokens[i - 1]!.lower === '.' && isCapitalised(text, t)) start = i;
    else continue;
    const label = systemLabelAt(text, tokens, start);
    // An item number's full stop ("2. Allergic:") starts the label the line start found already.
    if (label !== undefined && label[0] !== lastLabelBegin) {
      out.push({ begin: label[0], end: label[1], kind: 'system-label' });
      lastLabelBegin = label[0];
    }
  }
  return out.sort((a, b) => a.begin - b.begin);
}

const HEADINGS = {};

/** The document's headings (computed once per Document), sorted by begin. */
export function headingSpans(doc: Document): readonly HeadingSpan[] {
  return derived(doc, HEADINGS, () => computeHeadings(doc));
}

/** True when [begin, end) lies inside one heading of the document. */
export function inHeading(doc: Document, begin: number, end: number): boolean {
  for (const h of headingSpans(doc)) {
    if (h.begin > begin) break;
    if (end <= h.end) return true;
  }
  return false;
}
