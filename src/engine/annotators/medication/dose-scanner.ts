// Dose scanners: a quantity with its unit and per-unit compounds (`400 mg`, `0.5 mg/kg`, `2 tabs`, `1% cream`)
// and doses that take a role in a dose change (`from 10 mg`, `to 20 mg`, `by 5 mg`).
import type { Cursor, Quantity } from './quantity.js';
import { isHyphen, readQuantity, slice, withoutFinalPeriod } from './quantity.js';
import type { CompiledSig, SigPart } from './sig-vocabulary.js';

/** `2 x 500 mg`: a count, `x` / `×`, and the quantity of each (a unit must follow, checked by the caller). */
function multiplied(sig: CompiledSig, c: Cursor, q: Quantity): Quantity {
  const x = q.tokenEnd;
  if (x + 1 >= c.limit || !sig.multipliers.has(c.tokens[x]!.lower)) return q;
  const each = readQuantity(sig, c, x + 1, { range: false });
  if (each === undefined || sig.doseUnits.longest(c.text, c.tokens, each.tokenEnd, c.limit) === undefined) return q;
  return { tokenStart: q.tokenStart, tokenEnd: each.tokenEnd, begin: q.begin, end: each.end };
}

/**
 * Dose: quantity (or `2 x 500`), optional hyphen, unit, then up to two `/ per-unit` (or `per per-unit`) compounds;
 * a per-unit may carry a number (`500 mg/8 h`).
 */
export function scanDose(sig: CompiledSig, c: Cursor, i: number, quantity?: Quantity): SigPart[] | undefined {
  const read = quantity ?? readQuantity(sig, c, i);
  if (read === undefined) return undefined;
  const q = multiplied(sig, c, read);
  let j = q.tokenEnd;
  if (isHyphen(c, j) && c.tokens[j]!.begin === c.tokens[j - 1]!.end) j++;
  const unit = sig.doseUnits.longest(c.text, c.tokens, j, c.limit);
  if (unit === undefined) return undefined;
  let end = unit.tokenEnd;
  let unitText = unit.value.normalized;
  for (let k = 0; k < 2 && end < c.limit; k++) {
    const sep = c.tokens[end]!.lower;
    if (sep !== '/' && sep !== 'per') break;
    const count = end + 1 < c.limit && c.tokens[end + 1]!.kind === 'number' ? c.tokens[end + 1]!.lower : undefined;
    const per = sig.perUnits.longest(c.text, c.tokens, count === undefined ? end + 1 : end + 2, c.limit);
    // `mg/dL` is a concentration (a lab value), not a dose: a slash must lead to a known per-unit.
    if (per === undefined) {
      if (sep === '/') return undefined;
      break;
    }
    unitText += count === undefined ? `/${per.value.normalized}` : `/${count} ${per.value.normalized}`;
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

/** `from 10 mg`, `to 20 mg`, `by 5 mg`; `from 10 to 20 mg` gives both doses the unit of the second. */
export function scanRoleDose(sig: CompiledSig, c: Cursor, i: number): SigPart[] | undefined {
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

/**
 * A dose described in words (`high doses`, `a low or moderate dosage`, `small, stable dose`, `low-dose`):
 * determiner, qualifiers and modifiers, a dose noun. Followed by `of` and a numeric dose, the phrase leads to that
 * dose (`at a daily dose of 400 mg`, `doses of 100 mg/m2`), which is reported after the phrase's own dose when
 * the phrase has a qualifier (`a high dose of 2 g/m2`). A phrase without a qualifier is no dose by itself. The
 * determiner belongs to a lead only (`her high dose vitamin D` spans `high dose vitamin D`).
 */
export function scanDosePhrase(sig: CompiledSig, c: Cursor, i: number): SigPart[] | undefined {
  const w = sig.dosePhrase;
  const lower = (k: number): string => c.tokens[k]!.lower;
  let j = i;
  if (j < c.limit && w.determiners.has(lower(j))) j++;
  const valueStart = j;
  let qualified = false;
  let words = 0;
  while (j < c.limit) {
    const t = lower(j);
    if (w.intensifiers.has(t) && j + 1 < c.limit && w.qualifiers.has(lower(j + 1))) j++;
    else if (w.qualifiers.has(t)) {
      qualified = true;
      words++;
      j++;
    } else if (w.modifiers.has(t)) {
      words++;
      j++;
    } else if (words > 0 && w.linkers.has(t)) j++;
    else break;
  }
  if (j >= c.limit || !w.nouns.has(lower(j))) return undefined;
  const nounEnd = j + 1;
  let parts: SigPart[] = [];
  if (qualified) {
    const begin = c.tokens[valueStart]!.begin;
    const end = c.tokens[nounEnd - 1]!.end;
    const value = slice(c, begin, end);
    parts.push({ kind: 'dose', begin, end, tokenStart: valueStart, tokenEnd: nounEnd, ruleId: w.id, value, normalized: value.toLowerCase() });
  }
  if (nounEnd < c.limit && lower(nounEnd) === 'of') {
    const dose = scanDose(sig, c, nounEnd + 1);
    if (dose !== undefined) parts = [...parts, ...dose.map((p) => (p.kind === 'dose' && !qualified ? { ...p, tokenStart: i } : p))];
  }
  return parts.length === 0 ? undefined : parts;
}
