// Attaches signature elements to each drug mention. Forward: from the end of the drug, elements follow one
// another with at most `maxForwardGapTokens` other tokens between them, up to the next drug, the end of
// the sentence or a window stop (`;`, `but`, `because`, ...). Backward: the elements right before the drug
// (`oral methotrexate`, `500 mg of ibuprofen`, `increased her lisinopril`), at most `maxBackwardTokens` back and
// never into the previous drug's elements; `backwardBridges` words between them do not count as gap tokens
// (`intravenous administration of dextrose`, `weekly administration of 30 mg/m2 docetaxel`).
import type { Document } from '../../document.js';
import { sentenceOfToken } from '../../span-search.js';
import type { DrugMention } from './drug-finder.js';
import { isWindowStop, scanSigAt, type CompiledSig, type SigPart } from './sig-scanner.js';

export interface AttachedMedication {
  readonly drug: DrugMention;
  /** Signature elements in text order. */
  readonly parts: readonly SigPart[];
}

function scanForward(doc: Document, sig: CompiledSig, start: number, limit: number): SigPart[] {
  const parts: SigPart[] = [];
  const maxGap = sig.lexicon.window.maxForwardGapTokens;
  let gap = 0;
  let i = start;
  while (i < limit) {
    const found = scanSigAt(sig, doc.text, doc.tokens, i, limit);
    if (found !== undefined) {
      parts.push(...found.parts);
      i = found.tokenEnd;
      gap = 0;
      continue;
    }
    if (isWindowStop(sig, doc.tokens[i]!)) break;
    gap++;
    if (gap > maxGap) break;
    i++;
  }
  return parts;
}

/** `terbinafine-induced`: the drug written as the first part of a hyphenated compound modifies the word after it. */
function isCompoundModifier(doc: Document, drugEnd: number): boolean {
  const next = doc.tokens[drugEnd];
  return next !== undefined && next.lower === '-' && next.begin === doc.tokens[drugEnd - 1]!.end;
}

function scanBackward(doc: Document, sig: CompiledSig, from: number, drugStart: number, drugEnd: number): SigPart[] {
  const { maxBackwardTokens, maxBackwardGapTokens } = sig.lexicon.window;
  const found: { parts: readonly SigPart[]; tokenStart: number; tokenEnd: number }[] = [];
  let i = Math.max(from, drugStart - maxBackwardTokens);
  while (i < drugStart) {
    const r = scanSigAt(sig, doc.text, doc.tokens, i, drugStart, true);
    if (r === undefined) {
      i++;
      continue;
    }
    found.push({ parts: r.parts, tokenStart: Math.min(...r.parts.map((p) => p.tokenStart)), tokenEnd: r.tokenEnd });
    i = r.tokenEnd;
  }
  const kept: SigPart[] = [];
  let cursor = drugStart;
  for (let k = found.length - 1; k >= 0; k--) {
    const f = found[k]!;
    let gap = 0;
    let stopped = false;
    for (let t = f.tokenEnd; t < cursor; t++) {
      const token = doc.tokens[t]!;
      if (isWindowStop(sig, token)) stopped = true;
      else if (!sig.backwardBridges.has(token.lower)) gap++;
    }
    // `1 cc of Celestone and 0.5 cc of lidocaine`: an element followed by `of` and another word names that word's amount.
    const ofOther = gap > 0 && f.tokenEnd < cursor && doc.tokens[f.tokenEnd]!.lower === 'of';
    // `prolonged`, `chronic` qualify the word right after them, when that word is the drug (`chronic hepatitis C
    // with interferon`, `prolonged terbinafine-induced cholestasis` are no durations of the drug).
    const misplacedAdjective = f.parts.every((p) => p.adjective === true) && (gap > 0 || isCompoundModifier(doc, drugEnd));
    if (stopped || ofOther || misplacedAdjective || gap > maxBackwardGapTokens) break;
    kept.unshift(...f.parts);
    cursor = f.tokenStart;
  }
  return kept;
}

/** Each drug with its signature elements; drugs that need an element and have none are dropped. */
export function attachSignatures(doc: Document, sig: CompiledSig, drugs: readonly DrugMention[]): AttachedMedication[] {
  const out: AttachedMedication[] = [];
  let claimedUntil = 0;
  for (let d = 0; d < drugs.length; d++) {
    const drug = drugs[d]!;
    const s = sentenceOfToken(doc.sentences, drug.tokenStart);
    const sentence = s < 0 ? undefined : doc.sentences[s];
    const sentenceStart = sentence?.tokenStart ?? 0;
    const sentenceEnd = sentence?.tokenEnd ?? doc.tokens.length;
    const next = drugs[d + 1];
    const forwardLimit = Math.min(sentenceEnd, next === undefined ? doc.tokens.length : next.tokenStart);
    const previousEnd = d > 0 ? drugs[d - 1]!.tokenEnd : 0;
    const backward = scanBackward(doc, sig, Math.max(sentenceStart, previousEnd, claimedUntil), drug.tokenStart, drug.tokenEnd);
    const forward = scanForward(doc, sig, drug.tokenEnd, forwardLimit);
    const parts = [...backward, ...forward];
    if (forward.length > 0) claimedUntil = Math.max(...forward.map((p) => p.tokenEnd));
    // A dose change or an overdose alone (`reduce his caffeine`, `heroin overdose`) does not make a substance a medication.
    if (drug.needsAttributes && !parts.some((p) => p.kind !== 'doseChange' && p.incidental !== true)) continue;
    out.push({ drug, parts });
  }
  return out;
}
