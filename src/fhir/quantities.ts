// Quantities of the FHIR output: a written unit to UCUM (resources/fhir/en.json units), medication doses,
// lab values (a number, a range's upper end, or systolic/diastolic), frequencies to Timing.repeat.
import { SYSTEM } from './code-systems.js';
import { FHIR_MAPPING, type TimingRepeat } from './fhir-mapping.js';

export interface Quantity {
  readonly value: number;
  readonly unit?: string;
  readonly system?: string;
  readonly code?: string;
}

const UNITS = new Map<string, string>(Object.entries(FHIR_MAPPING.units));
const UNITS_LOWER = new Map<string, string>(Object.entries(FHIR_MAPPING.units).map(([k, v]) => [k.toLowerCase(), v]));

/** The UCUM code of a written unit, exact spelling first, then ignoring case. */
export function ucumOf(unit: string): string | undefined {
  const u = unit.trim();
  return UNITS.get(u) ?? UNITS_LOWER.get(u.toLowerCase());
}

/** A FHIR decimal from text: digits with an optional fraction ("1,000" and "3.5" read; "1/2" not). */
export function decimalOf(text: string): number | undefined {
  const t = text.trim().replace(/,(?=\d{3}\b)/g, '');
  if (!/^[-+]?\d+(\.\d+)?$|^[-+]?\.\d+$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** A Quantity with its UCUM coding when the unit is known (qty-3: a code needs its system). */
export function quantityOf(value: number, unit: string | undefined): Quantity {
  if (unit === undefined || unit.trim() === '') return { value };
  const code = ucumOf(unit);
  return code === undefined ? { value, unit: unit.trim() } : { value, unit: unit.trim(), system: SYSTEM.ucum, code };
}

/** Timing.repeat of a normalised frequency ("twice a day", "every 6 hours"), when the table knows it. */
export function timingRepeatOf(normalized: string): TimingRepeat | undefined {
  const known = FHIR_MAPPING.frequencies[normalized.toLowerCase()];
  if (known !== undefined) return known;
  const every = /^every (\d+(?:\.\d+)?) (hour|day|week|month)s?$/i.exec(normalized.trim());
  if (every === null) return undefined;
  const unit = ({ hour: 'h', day: 'd', week: 'wk', month: 'mo' } as const)[every[2]!.toLowerCase() as 'hour' | 'day' | 'week' | 'month'];
  return { frequency: 1, period: Number(every[1]), periodUnit: unit };
}

/** "<n> <unit>" durations ("7 days", "2 weeks") as a Duration (UCUM time units). */
export function durationOf(text: string): Quantity | undefined {
  const m = /(\d+(?:\.\d+)?)\s*(minute|hour|day|week|month|year)s?\b/i.exec(text);
  if (m === null) return undefined;
  const code = ({ minute: 'min', hour: 'h', day: 'd', week: 'wk', month: 'mo', year: 'a' } as const)[m[2]!.toLowerCase() as 'minute'];
  return { value: Number(m[1]), unit: m[2]!.toLowerCase() + (Number(m[1]) === 1 ? '' : 's'), system: SYSTEM.ucum, code };
}
