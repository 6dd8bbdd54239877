// Timing scanners: frequencies (`b.i.d.`, `q6h`, `q 4-6 hours`, `every 3 weeks`, `3 times a day`, `six-hourly`,
// `prn`) and durations (`for 7 days`, `x 2 weeks`, `x10d`, `7-day course`).
import type { Cursor } from './quantity.js';
import { isHyphen, isNumberAt, readQuantity, slice, splitPrefixedNumber, withoutFinalPeriod } from './quantity.js';
import type { CompiledSig, Keyed, SigPart } from './sig-vocabulary.js';

function frequencyPart(c: Cursor, tokenStart: number, tokenEnd: number, ruleId: string, normalized: string): SigPart {
  return { kind: 'frequency', begin: c.tokens[tokenStart]!.begin, end: c.tokens[tokenEnd - 1]!.end, tokenStart, tokenEnd, ruleId, normalized };
}

function plural(unit: string, quantity: string): string {
  return quantity === '1' || quantity === 'one' ? unit : `${unit}s`;
}

/**
 * Frequencies written with numbers: `q6h`, `q 4-6 hours`, `every 3 weeks`, `3 times a day`, `twice/day`,
 * `5 days a week`, `6-hourly`.
 */
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
  // once/day, twice per week, thrice monthly.
  const count = sig.countAdverbs.get(t.lower);
  if (count !== undefined) {
    const period = sig.periodWords.longest(c.text, c.tokens, i + 1, c.limit);
    if (period === undefined) return undefined;
    const times = count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
    return frequencyPart(c, i, period.tokenEnd, `freq-count-${period.value.normalized}`, `${times} a ${period.value.normalized}`);
  }
  const quantity = readQuantity(sig, c, i);
  if (quantity === undefined) return undefined;
  const value = slice(c, quantity.begin, quantity.end);
  let j = quantity.tokenEnd;
  // 5 days a week, 3 days per week.
  const days = sig.intervalUnits.longest(c.text, c.tokens, j, c.limit);
  if (days !== undefined && days.value.normalized === 'day' && !c.tokens[j]!.lower.endsWith('ly')) {
    const week = sig.periodWords.longest(c.text, c.tokens, days.tokenEnd, c.limit);
    if (week !== undefined && week.value.normalized === 'week') return frequencyPart(c, i, week.tokenEnd, 'freq-days-week', `${value} days a week`);
  }
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

export function scanFrequency(sig: CompiledSig, c: Cursor, i: number): SigPart | undefined {
  const phrase = sig.frequencies.longest(c.text, c.tokens, i, c.limit);
  const grammar = scanFrequencyGrammar(sig, c, i);
  if (phrase === undefined) return grammar;
  if (grammar !== undefined && grammar.tokenEnd > phrase.tokenEnd) return grammar;
  return frequencyPart(c, i, phrase.tokenEnd, phrase.value.id, phrase.value.normalized);
}

/**
 * Duration: lead (`for`, `x`, `over`), quantifiers, quantity, unit; or `x2 weeks` / `x5d`; or `7-day course`; or a
 * quantity of time followed by `of` (`6 months of hydroxyurea`).
 */
export function scanDuration(sig: CompiledSig, c: Cursor, i: number): SigPart | undefined {
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
  const of = unit.tokenEnd < c.limit && c.tokens[unit.tokenEnd]!.lower === 'of';
  const trail = sig.durationTrail.longest(c.text, c.tokens, of ? unit.tokenEnd + 1 : unit.tokenEnd, c.limit);
  // `6 months of hydroxyurea`, `3 years of treatment`: a span of time `of` something (not `2 doses of`, a dose).
  // `within 3 days of starting` is a time to onset, not how long the drug was taken.
  const offset = i > 0 && sig.notDurationAfter.has(c.tokens[i - 1]!.lower);
  const end = trail !== undefined ? trail.tokenEnd : of && !offset && !sig.countUnits.has(unit.value.id) ? unit.tokenEnd + 1 : -1;
  if (end < 0) return undefined;
  return durationPart(c, i, end, i, unit.tokenEnd, unit.value, slice(c, quantity.begin, quantity.end), unit.value.normalized);
}

function durationPart(c: Cursor, tokenStart: number, tokenEnd: number, valueStart: number, valueEnd: number, unit: Keyed, value: string, unitName: string): SigPart {
  const last = c.tokens[valueEnd - 1]!;
  return {
    kind: 'duration', begin: c.tokens[valueStart]!.begin, end: withoutFinalPeriod(c, last.begin, last.end), tokenStart, tokenEnd, ruleId: unit.id,
    normalized: `${value.trim()} ${unitName}`, value: value.trim(), unit: unitName,
  };
}
