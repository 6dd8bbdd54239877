// The signature scanners: at one token, recognise a dose (`400 mg`, `0.5 mg/kg`, `2 tabs`, `10 units`), a
// route (`p.o.`, `orally`, `IV`), a dose form (`tablet`, `inhaler`), a frequency (`b.i.d.`, `q6h`,
// `q 4-6 hours`, `every 3 weeks`, `3 times a day`, `six-hourly`, `prn`), a duration (`for 7 days`, `x 2 weeks`,
// `7-day course`) or a dose change trigger (`increased`, `titrated up`) with its `from` / `to` / `by`
// doses. Hand-written over tokens: phrase tries for the vocabulary (resources/medication/en.json) and a
// few grammar steps for numbers, ranges and compounds; no regular expression runs per token. The vocabulary
// is compiled in sig-vocabulary.ts; doses are read by dose-scanner.ts, frequencies and durations by
// timing-scanner.ts; this file picks the longest element at a token.
import type { Token } from '../../document.js';
import { scanDose, scanDosePhrase, scanRoleDose } from './dose-scanner.js';
import { slice, type Cursor } from './quantity.js';
import type { CompiledSig, Keyed, SigKind, SigPart } from './sig-vocabulary.js';
import { scanDuration, scanFrequency } from './timing-scanner.js';

export { compileSig, type CompiledSig, type DoseRole, type SigKind, type SigPart } from './sig-vocabulary.js';

export interface ScanResult {
  readonly parts: readonly SigPart[];
  readonly tokenEnd: number;
}

/** A dose or duration stated without a number: its value is the phrase itself. */
function qualifierPart(c: Cursor, kind: 'dose' | 'duration', i: number, tokenEnd: number, ruleId: string): SigPart {
  const begin = c.tokens[i]!.begin;
  const end = c.tokens[tokenEnd - 1]!.end;
  const value = slice(c, begin, end);
  return { kind, begin, end, tokenStart: i, tokenEnd, ruleId, value, normalized: value.toLowerCase() };
}

function phrasePart(c: Cursor, kind: SigKind, i: number, m: { tokenEnd: number; value: Keyed } | undefined): SigPart | undefined {
  if (m === undefined) return undefined;
  return { kind, begin: c.tokens[i]!.begin, end: c.tokens[m.tokenEnd - 1]!.end, tokenStart: i, tokenEnd: m.tokenEnd, ruleId: m.value.id, normalized: m.value.normalized };
}

/**
 * The longest signature element starting at token `i` (tokens up to `limit`, exclusive), or undefined.
 * On equal lengths the earlier scanner wins: dose change, dose, frequency, duration, route, form. `beforeDrug`
 * (backward scans) also admits the elements that only qualify a drug written after them (`prolonged`, `chronic`).
 */
export function scanSigAt(sig: CompiledSig, text: string, tokens: readonly Token[], i: number, limit: number, beforeDrug = false): ScanResult | undefined {
  if (i >= limit) return undefined;
  const c: Cursor = { text, tokens, limit };
  const candidates: SigPart[][] = [];
  const change = sig.doseChanges.longest(text, tokens, i, limit);
  if (change !== undefined) {
    candidates.push([{
      kind: 'doseChange', begin: tokens[i]!.begin, end: tokens[change.tokenEnd - 1]!.end, tokenStart: i, tokenEnd: change.tokenEnd,
      ruleId: change.value.id, direction: change.value.direction,
    }]);
  }
  const roleDose = scanRoleDose(sig, c, i);
  if (roleDose !== undefined) candidates.push(roleDose);
  const dose = scanDose(sig, c, i);
  if (dose !== undefined) candidates.push(dose);
  const qualitativeDose = sig.doseQualifiers.longest(text, tokens, i, limit);
  if (qualitativeDose !== undefined) candidates.push([qualifierPart(c, 'dose', i, qualitativeDose.tokenEnd, sig.lexicon.doseQualifiers.id)]);
  const dosePhrase = scanDosePhrase(sig, c, i);
  if (dosePhrase !== undefined) candidates.push(dosePhrase);
  const overdose = sig.overdoses.longest(text, tokens, i, limit);
  if (overdose !== undefined) candidates.push([{ ...qualifierPart(c, 'dose', i, overdose.tokenEnd, sig.lexicon.overdoses.id), incidental: true }]);
  const qualitativeDuration = sig.durationQualifiers.longest(text, tokens, i, limit);
  if (qualitativeDuration !== undefined) candidates.push([qualifierPart(c, 'duration', i, qualitativeDuration.tokenEnd, sig.lexicon.durationQualifiers.id)]);
  const adjectiveDuration = beforeDrug ? sig.durationQualifiersBefore.longest(text, tokens, i, limit) : undefined;
  if (adjectiveDuration !== undefined) candidates.push([{ ...qualifierPart(c, 'duration', i, adjectiveDuration.tokenEnd, sig.lexicon.durationQualifiersBefore.id), adjective: true }]);
  const frequency = scanFrequency(sig, c, i);
  if (frequency !== undefined) candidates.push([frequency]);
  const duration = scanDuration(sig, c, i);
  if (duration !== undefined) candidates.push([duration]);
  const route = phrasePart(c, 'route', i, sig.routes.longest(text, tokens, i, limit));
  if (route !== undefined) candidates.push([route]);
  const form = phrasePart(c, 'form', i, sig.forms.longest(text, tokens, i, limit));
  if (form !== undefined) candidates.push([form]);
  let best: SigPart[] | undefined;
  let bestEnd = -1;
  for (const parts of candidates) {
    const end = Math.max(...parts.map((p) => p.tokenEnd));
    if (end > bestEnd) {
      best = parts;
      bestEnd = end;
    }
  }
  return best === undefined ? undefined : { parts: best, tokenEnd: bestEnd };
}

/** True when the token ends the attribute window of a drug (`;`, `but`, `because`, ...). */
export function isWindowStop(sig: CompiledSig, token: Token): boolean {
  return sig.stops.has(token.lower);
}
