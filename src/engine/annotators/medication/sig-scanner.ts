// The signature scanners: at one token, recognise a dose (`400 mg`, `0.5 mg/kg`, `2 tabs`, `10 units`), a
// route (`p.o.`, `orally`, `IV`), a dose form (`tablet`, `inhaler`), a frequency (`b.i.d.`, `q6h`,
// `q 4-6 hours`, `every 3 weeks`, `3 times a day`, `six-hourly`, `prn`), a duration (`for 7 days`, `x 2 weeks`,
// `7-day course`) or a dose change trigger (`increased`, `titrated up`) with its `from` / `to` / `by`
// doses. Hand-written over tokens: phrase tries for the vocabulary (resources/medication/en.json) and a
// few grammar steps for numbers, ranges and compounds; no regular expression runs per token.
import type { Token } from '../../document.js';
import type { MedicationLexicon, TermEntry } from './lexicon.js';
import { createPhraseTrie, type PhraseTrie } from './phrase-trie.js';
import { isHyphen, isNumberAt, readQuantity, slice, splitPrefixedNumber, withoutFinalPeriod, type Cursor, type Quantity } from './quantity.js';

export type SigKind = 'dose' | 'route' | 'form' | 'frequency' | 'duration' | 'doseChange';
export type DoseRole = 'from' | 'to' | 'by';

export interface SigPart {
  readonly kind: SigKind;
  /** Reported span (UTF-16 offsets into the text): the value itself, without lead words (`for`, `from`). */
  readonly begin: number;
  readonly end: number;
  /** Tokens consumed, lead and trailing words included (they extend the administration span). */
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly ruleId: string;
  readonly normalized?: string;
  /** Dose / duration quantity as written (`400`, `1-2`) and unit (`mg`, `mg/kg`, `day`). */
  readonly value?: string;
  readonly unit?: string;
  readonly role?: DoseRole;
  readonly direction?: 'increase' | 'decrease' | 'change';
}

export interface ScanResult {
  readonly parts: readonly SigPart[];
  readonly tokenEnd: number;
}

interface Keyed {
  readonly id: string;
  readonly normalized: string;
  readonly form?: string;
  readonly requiresForm?: boolean;
}

export interface CompiledSig {
  readonly lexicon: MedicationLexicon;
  readonly routes: PhraseTrie<Keyed>;
  readonly forms: PhraseTrie<Keyed>;
  readonly doseUnits: PhraseTrie<Keyed>;
  readonly perUnits: PhraseTrie<Keyed>;
  readonly frequencies: PhraseTrie<Keyed>;
  readonly intervalUnits: PhraseTrie<Keyed>;
  readonly periodWords: PhraseTrie<Keyed>;
  readonly durationUnits: PhraseTrie<Keyed>;
  readonly durationLeads: PhraseTrie<true>;
  readonly durationQuantifiers: PhraseTrie<true>;
  readonly durationTrail: PhraseTrie<true>;
  readonly doseQualifiers: PhraseTrie<true>;
  readonly durationQualifiers: PhraseTrie<true>;
  readonly doseChanges: PhraseTrie<{ id: string; direction: 'increase' | 'decrease' | 'change' }>;
  readonly roles: PhraseTrie<DoseRole>;
  readonly times: ReadonlySet<string>;
  readonly every: ReadonlySet<string>;
  readonly range: ReadonlySet<string>;
  readonly stops: ReadonlySet<string>;
  readonly numberWords: ReadonlyMap<string, number>;
  /** Interval unit keys by their single-token spelling, for `q6h` / `x2d` style tokens. */
  readonly intervalByToken: ReadonlyMap<string, Keyed>;
  readonly durationByToken: ReadonlyMap<string, Keyed>;
}

function entryTrie(entries: readonly (TermEntry & { form?: string; requiresForm?: boolean })[]): PhraseTrie<Keyed> {
  return createPhraseTrie(entries.flatMap((e) => e.terms.map((term) => ({
    term,
    value: { id: e.id, normalized: e.normalized, ...(e.form === undefined ? {} : { form: e.form }), ...(e.requiresForm === true ? { requiresForm: true } : {}) },
  }))));
}

function wordTrie(words: readonly string[]): PhraseTrie<true> {
  return createPhraseTrie(words.map((term) => ({ term, value: true as const })));
}

function byToken(entries: readonly TermEntry[]): Map<string, Keyed> {
  const out = new Map<string, Keyed>();
  for (const e of entries) for (const t of e.terms) if (!out.has(t.toLowerCase())) out.set(t.toLowerCase(), { id: e.id, normalized: e.normalized });
  return out;
}

export function compileSig(lexicon: MedicationLexicon): CompiledSig {
  return {
    lexicon,
    routes: entryTrie(lexicon.routes),
    forms: entryTrie(lexicon.forms),
    doseUnits: entryTrie(lexicon.doseUnits),
    perUnits: entryTrie(lexicon.perUnits),
    frequencies: entryTrie(lexicon.frequencies),
    intervalUnits: entryTrie(lexicon.intervalUnits),
    periodWords: entryTrie(lexicon.periodWords),
    durationUnits: entryTrie(lexicon.durationUnits),
    durationLeads: wordTrie(lexicon.durationLeads),
    durationQuantifiers: wordTrie(lexicon.durationQuantifiers),
    durationTrail: wordTrie(lexicon.durationTrail),
    doseQualifiers: wordTrie(lexicon.doseQualifiers.terms),
    durationQualifiers: wordTrie(lexicon.durationQualifiers.terms),
    doseChanges: createPhraseTrie(lexicon.doseChanges.flatMap((e) => e.terms.map((term) => ({ term, value: { id: e.id, direction: e.direction } })))),
    roles: createPhraseTrie([
      ...lexicon.doseRoleWords.from.map((term) => ({ term, value: 'from' as const })),
      ...lexicon.doseRoleWords.to.map((term) => ({ term, value: 'to' as const })),
      ...lexicon.doseRoleWords.by.map((term) => ({ term, value: 'by' as const })),
    ]),
    times: new Set(lexicon.timesWords.map((w) => w.toLowerCase())),
    every: new Set(lexicon.everyWords.map((w) => w.toLowerCase())),
    range: new Set(lexicon.rangeWords.map((w) => w.toLowerCase())),
    stops: new Set(lexicon.windowStops.map((w) => w.toLowerCase())),
    numberWords: new Map(Object.entries(lexicon.numberWords).map(([w, n]) => [w.toLowerCase(), n])),
    intervalByToken: byToken(lexicon.intervalUnits),
    durationByToken: byToken(lexicon.durationUnits),
  };
}

/** Dose: quantity, optional hyphen, unit, then up to two `/ per-unit` (or `per per-unit`) compounds. */
function scanDose(sig: CompiledSig, c: Cursor, i: number, quantity?: Quantity): SigPart[] | undefined {
  const q = quantity ?? readQuantity(sig, c, i);
  if (q === undefined) return undefined;
  let j = q.tokenEnd;
  if (isHyphen(c, j) && c.tokens[j]!.begin === c.tokens[j - 1]!.end) j++;
  const unit = sig.doseUnits.longest(c.text, c.tokens, j, c.limit);
  if (unit === undefined) return undefined;
  let end = unit.tokenEnd;
  let unitText = unit.value.normalized;
  for (let k = 0; k < 2 && end < c.limit; k++) {
    const sep = c.tokens[end]!.lower;
    if (sep !== '/' && sep !== 'per') break;
    const per = sig.perUnits.longest(c.text, c.tokens, end + 1, c.limit);
    // `mg/dL` is a concentration (a lab value), not a dose: a slash must lead to a known per-unit.
    if (per === undefined) {
      if (sep === '/') return undefined;
      break;
    }
    unitText += `/${per.value.normalized}`;
    end = per.tokenEnd;
  }
  if (unit.value.requiresForm === true && sig.forms.longest(c.text, c.tokens, end, c.limit) === undefined) return undefined;
  return finishDose();

  function finishDose(): SigPart[] {
    const begin = c.tokens[q!.tokenStart]!.begin;
    const last = c.tokens[end - 1]!;
    const parts: SigPart[] = [{
      kind: 'dose', begin, end: withoutFinalPeriod(c, last.begin, last.end), tokenStart: q!.tokenStart, tokenEnd: end, ruleId: unit!.value.id,
      value: slice(c, q!.begin, q!.end), unit: unitText,
    }];
    if (unit!.value.form !== undefined) {
      const form = sig.lexicon.forms.find((f) => f.id === unit!.value.form);
      const u = c.tokens[unit!.tokenEnd - 1]!;
      const uBegin = c.tokens[j]!.begin;
      if (form !== undefined) parts.push({ kind: 'form', begin: uBegin, end: withoutFinalPeriod(c, u.begin, u.end), tokenStart: j, tokenEnd: unit!.tokenEnd, ruleId: form.id, normalized: form.normalized });
    }
    return parts;
  }
}

function frequencyPart(c: Cursor, tokenStart: number, tokenEnd: number, ruleId: string, normalized: string): SigPart {
  return { kind: 'frequency', begin: c.tokens[tokenStart]!.begin, end: c.tokens[tokenEnd - 1]!.end, tokenStart, tokenEnd, ruleId, normalized };
}

function plural(unit: string, quantity: string): string {
  return quantity === '1' || quantity === 'one' ? unit : `${unit}s`;
}

/** Frequencies written with numbers: `q6h`, `q 4-6 hours`, `every 3 weeks`, `3 times a day`, `6-hourly`. */
function scanFrequencyGrammar(sig: CompiledSig, c: Cursor, i: number): SigPart | undefined {
  const t = c.tokens[i]!;
  // q6h / q12hr / q4 (hours implied or given by the next tokens).
  const q = t.kind === 'word' ? splitPrefixedNumber(t.lower, 'q') : undefined;
  if (q !== undefined) {
    let end = i + 1;
    let value = q.digits;
    if (q.unit === '' && isHyphen(c, end) && isNumberAt(sig, c, end + 1, false)) {
      value = `${q.digits}-${c.tokens[end + 1]!.lower}`;
      end += 2;
    }
    let unit = q.unit === '' ? undefined : sig.intervalByToken.get(q.unit);
    if (q.unit !== '' && unit === undefined) {
      // `q4-6h` is tokenized `q4`, `-`, `6`, `h`: the unit is handled below; anything else is not a frequency.
      return undefined;
    }
    if (unit === undefined) {
      const next = sig.intervalUnits.longest(c.text, c.tokens, end, c.limit);
      if (next !== undefined) {
        unit = next.value;
        end = next.tokenEnd;
      }
    }
    const unitName = unit?.normalized ?? 'hour';
    return frequencyPart(c, i, end, `freq-interval-${unitName}`, `every ${value} ${plural(unitName, value)}`);
  }
  // every / each / q + quantity + interval unit.
  if (sig.every.has(t.lower)) {
    const quantity = readQuantity(sig, c, i + 1);
    if (quantity === undefined) return undefined;
    const unit = sig.intervalUnits.longest(c.text, c.tokens, quantity.tokenEnd, c.limit);
    if (unit === undefined) return undefined;
    const value = slice(c, quantity.begin, quantity.end);
    return frequencyPart(c, i, unit.tokenEnd, `freq-interval-${unit.value.normalized}`, `every ${value} ${plural(unit.value.normalized, value)}`);
  }
  const quantity = readQuantity(sig, c, i);
  if (quantity === undefined) return undefined;
  const value = slice(c, quantity.begin, quantity.end);
  let j = quantity.tokenEnd;
  // 3 times a day, 2x/week, 3 x daily.
  if (j < c.limit && sig.times.has(c.tokens[j]!.lower)) {
    const period = sig.periodWords.longest(c.text, c.tokens, j + 1, c.limit);
    if (period !== undefined) return frequencyPart(c, i, period.tokenEnd, `freq-count-${period.value.normalized}`, `${value} times a ${period.value.normalized}`);
    return undefined;
  }
  // 6-hourly, six hourly.
  if (isHyphen(c, j)) j++;
  if (j < c.limit && c.tokens[j]!.lower.endsWith('ly')) {
    const unit = sig.intervalByToken.get(c.tokens[j]!.lower);
    if (unit !== undefined) return frequencyPart(c, i, j + 1, `freq-interval-${unit.normalized}`, `every ${value} ${plural(unit.normalized, value)}`);
  }
  return undefined;
}

function scanFrequency(sig: CompiledSig, c: Cursor, i: number): SigPart | undefined {
  const phrase = sig.frequencies.longest(c.text, c.tokens, i, c.limit);
  const grammar = scanFrequencyGrammar(sig, c, i);
  if (phrase === undefined) return grammar;
  if (grammar !== undefined && grammar.tokenEnd > phrase.tokenEnd) return grammar;
  return frequencyPart(c, i, phrase.tokenEnd, phrase.value.id, phrase.value.normalized);
}

/** Duration: lead (`for`, `x`, `over`), quantifiers, quantity, unit; or `x2 weeks` / `x5d`; or `7-day course`. */
function scanDuration(sig: CompiledSig, c: Cursor, i: number): SigPart | undefined {
  const t = c.tokens[i]!;
  const x = t.kind === 'word' ? splitPrefixedNumber(t.lower, 'x') : undefined;
  if (x !== undefined) {
    if (x.unit !== '') {
      const unit = sig.durationByToken.get(x.unit);
      if (unit === undefined) return undefined;
      return durationPart(c, i, i + 1, i, i + 1, unit, x.digits, unit.normalized);
    }
    const unit = sig.durationUnits.longest(c.text, c.tokens, i + 1, c.limit);
    if (unit === undefined) return undefined;
    return durationPart(c, i, unit.tokenEnd, i, unit.tokenEnd, unit.value, x.digits, unit.value.normalized);
  }
  const lead = sig.durationLeads.longest(c.text, c.tokens, i, c.limit);
  if (lead !== undefined) {
    let j = lead.tokenEnd;
    const valueStart = j;
    let quantified = false;
    for (let k = 0; k < 3; k++) {
      const quantifier = sig.durationQuantifiers.longest(c.text, c.tokens, j, c.limit);
      const quantity = readQuantity(sig, c, j, { articles: true });
      if (quantity !== undefined && (quantifier === undefined || quantity.tokenEnd >= quantifier.tokenEnd)) {
        j = quantity.tokenEnd;
        quantified = true;
      } else if (quantifier !== undefined) {
        j = quantifier.tokenEnd;
        quantified = true;
      } else break;
    }
    if (!quantified) return undefined;
    if (isHyphen(c, j)) j++;
    const unit = sig.durationUnits.longest(c.text, c.tokens, j, c.limit);
    if (unit === undefined) return undefined;
    const value = slice(c, c.tokens[valueStart]!.begin, c.tokens[Math.max(valueStart, j - 1)]!.end);
    return durationPart(c, i, unit.tokenEnd, valueStart, unit.tokenEnd, unit.value, value, unit.value.normalized);
  }
  // 7-day course, 10 day supply, 2-week taper.
  const quantity = readQuantity(sig, c, i);
  if (quantity === undefined) return undefined;
  let j = quantity.tokenEnd;
  if (isHyphen(c, j)) j++;
  const unit = sig.durationUnits.longest(c.text, c.tokens, j, c.limit);
  if (unit === undefined) return undefined;
  const trailStart = unit.tokenEnd < c.limit && c.tokens[unit.tokenEnd]!.lower === 'of' ? unit.tokenEnd + 1 : unit.tokenEnd;
  const trail = sig.durationTrail.longest(c.text, c.tokens, trailStart, c.limit);
  if (trail === undefined) return undefined;
  return durationPart(c, i, trail.tokenEnd, i, unit.tokenEnd, unit.value, slice(c, quantity.begin, quantity.end), unit.value.normalized);
}

function durationPart(c: Cursor, tokenStart: number, tokenEnd: number, valueStart: number, valueEnd: number, unit: Keyed, value: string, unitName: string): SigPart {
  const last = c.tokens[valueEnd - 1]!;
  return {
    kind: 'duration', begin: c.tokens[valueStart]!.begin, end: withoutFinalPeriod(c, last.begin, last.end), tokenStart, tokenEnd, ruleId: unit.id,
    normalized: `${value.trim()} ${unitName}`, value: value.trim(), unit: unitName,
  };
}

/** `from 10 mg`, `to 20 mg`, `by 5 mg`; `from 10 to 20 mg` gives both doses the unit of the second. */
function scanRoleDose(sig: CompiledSig, c: Cursor, i: number): SigPart[] | undefined {
  const role = sig.roles.longest(c.text, c.tokens, i, c.limit);
  if (role === undefined) return undefined;
  const start = role.tokenEnd;
  const direct = scanDose(sig, c, start, readQuantity(sig, c, start, { range: role.value !== 'from' }));
  if (direct !== undefined) {
    return direct.map((p) => (p.kind === 'dose' ? { ...p, role: role.value, tokenStart: i } : p));
  }
  if (role.value !== 'from') return undefined;
  const from = readQuantity(sig, c, start, { range: false });
  if (from === undefined) return undefined;
  const to = sig.roles.longest(c.text, c.tokens, from.tokenEnd, c.limit);
  if (to === undefined || to.value !== 'to') return undefined;
  const toDose = scanDose(sig, c, to.tokenEnd);
  const toPart = toDose?.find((p) => p.kind === 'dose');
  if (toDose === undefined || toPart === undefined) return undefined;
  const fromPart: SigPart = {
    kind: 'dose', begin: from.begin, end: from.end, tokenStart: i, tokenEnd: from.tokenEnd, ruleId: toPart.ruleId,
    value: slice(c, from.begin, from.end), ...(toPart.unit === undefined ? {} : { unit: toPart.unit }), role: 'from',
  };
  return [fromPart, ...toDose.map((p) => (p.kind === 'dose' ? { ...p, role: 'to' as const, tokenStart: from.tokenEnd } : p))];
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
 * On equal lengths the earlier scanner wins: dose change, dose, frequency, duration, route, form.
 */
export function scanSigAt(sig: CompiledSig, text: string, tokens: readonly Token[], i: number, limit: number): ScanResult | undefined {
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
  const qualitativeDuration = sig.durationQualifiers.longest(text, tokens, i, limit);
  if (qualitativeDuration !== undefined) candidates.push([qualifierPart(c, 'duration', i, qualitativeDuration.tokenEnd, sig.lexicon.durationQualifiers.id)]);
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
