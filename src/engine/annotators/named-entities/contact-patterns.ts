// E-mail addresses and US phone numbers (named_entities): two patterns run once over the whole text (not per
// token), only when the text has an `@` or enough digits for a phone number.
// A phone number is a NANP number: optional `+1`/`1` country code, a 3-digit area code (in parentheses or
// followed by `-`, `.` or a space), a 3-digit exchange and 4 digits, not glued to other digits or to a `/` (a
// blood pressure `142/88`, a date `04/12/1956`, an MRN are not phone numbers).
import type { Annotation } from '../../document.js';

// A match starts only where a run of address characters starts (the lookbehind): a long run without an `@` is
// passed over once, not retried from each of its characters.
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PHONE = /(?<![\d/.-])(?:\+?1[-. ]?)?(?:\(\d{3}\) ?|\d{3}[-. ])\d{3}[-. ]\d{4}(?![\d/])/g;

export function findEmails(text: string): Annotation[] {
  if (!text.includes('@')) return [];
  const out: Annotation[] = [];
  for (const m of text.matchAll(EMAIL)) out.push({ type: 'aci.EmailAddressInd', begin: m.index, end: m.index + m[0].length, coveredText: m[0] });
  return out;
}

export function findUsPhoneNumbers(text: string): Annotation[] {
  let digits = 0;
  for (let i = 0; i < text.length && digits < 10; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  if (digits < 10) return [];
  const out: Annotation[] = [];
  for (const m of text.matchAll(PHONE)) out.push({ type: 'aci.US_PhoneNumberInd', begin: m.index, end: m.index + m[0].length, coveredText: m[0] });
  return out;
}
