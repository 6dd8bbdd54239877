// Default adult reference intervals (resources/insights/reference-intervals.json) for the normality model: a
// lab value or vital sign the note gives without its own range (`potassium 3.1 mmol/L`, `T 101.2`) is judged
// against the interval of its LOINC code in the unit it was written in. A value without a unit is read in a
// `unitless` interval only when exactly one such interval's plausible bounds hold it (`Hb 12.2` g/dL, `Hb 122`
// g/L). A range (`EF 35-40%`) is judged when both ends fall on the same side; a ratio of two measurements
// (`BP 145/92`, an entry with `ratioOf`) is abnormal when either part is; a comparator (`< 0.5`) or an unknown
// unit gets no verdict.
import intervalsFile from '../../../../resources/insights/reference-intervals.json' with { type: 'json' };
import unitsFile from '../../../../resources/lab-value/units.json' with { type: 'json' };
import { DomainError, type ValidationIssue } from '../../../errors.js';
import type { Annotation } from '../../document.js';

export const REFERENCE_INTERVALS_FILE = 'resources/insights/reference-intervals.json';

export interface ReferenceInterval {
  readonly low?: number;
  readonly high?: number;
  readonly units: readonly string[];
  readonly unitless: boolean;
  readonly plausible?: readonly [number, number];
}

export interface ReferenceIntervals {
  readonly version: string;
  readonly byLoinc: ReadonlyMap<string, readonly ReferenceInterval[]>;
  /** Panels written as a ratio (`145/92`): the LOINC codes of their parts, in order. */
  readonly ratios: ReadonlyMap<string, readonly [string, string]>;
  /** A unit's written forms, lower-cased without white space → its id in units.json. */
  readonly unitIds: ReadonlyMap<string, string>;
}

const FILE_KEYS = new Set(['kind', 'version', 'language', 'description', 'entries']);
const ENTRY_KEYS = new Set(['id', 'loincId', 'intervals', 'ratioOf']);
const LOINC = /^\d{1,7}-\d$/;
const INTERVAL_KEYS = new Set(['low', 'high', 'units', 'unitless', 'plausible']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function squash(form: string): string {
  return form.toLowerCase().replace(/\s+/g, '');
}

/** Unit forms of units.json (its own validation lives with lab_value's measurement.ts). */
function unitFormIds(units: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const entries = isRecord(units) && Array.isArray(units.entries) ? units.entries : [];
  for (const e of entries) {
    if (!isRecord(e) || typeof e.id !== 'string' || !Array.isArray(e.forms)) continue;
    for (const f of e.forms) if (typeof f === 'string') out.set(squash(f), e.id);
  }
  return out;
}

function checkInterval(value: unknown, path: string, unitIds: ReadonlySet<string>, issues: ValidationIssue[]): ReferenceInterval | undefined {
  if (!isRecord(value)) {
    issues.push({ path, message: 'must be an object' });
    return undefined;
  }
  const before = issues.length;
  for (const key of Object.keys(value)) if (!INTERVAL_KEYS.has(key)) issues.push({ path: `${path}.${key}`, message: 'unknown key' });
  const { low, high, units, unitless, plausible } = value;
  if (low !== undefined && !isNumber(low)) issues.push({ path: `${path}.low`, message: 'must be a number' });
  if (high !== undefined && !isNumber(high)) issues.push({ path: `${path}.high`, message: 'must be a number' });
  if (low === undefined && high === undefined) issues.push({ path, message: 'needs `low`, `high` or both' });
  if (isNumber(low) && isNumber(high) && !(low < high)) issues.push({ path, message: '`low` must be below `high`' });
  if (unitless !== undefined && typeof unitless !== 'boolean') issues.push({ path: `${path}.unitless`, message: 'must be true or false' });
  if (!Array.isArray(units) || units.some((u) => typeof u !== 'string' || !unitIds.has(u))) {
    issues.push({ path: `${path}.units`, message: 'must list unit ids of resources/lab-value/units.json' });
  } else if (units.length === 0 && unitless !== true) issues.push({ path: `${path}.units`, message: 'may be empty only for a unitless interval' });
  const bounds = Array.isArray(plausible) && plausible.length === 2 && isNumber(plausible[0]) && isNumber(plausible[1]) && plausible[0] < plausible[1];
  if (plausible !== undefined && !bounds) issues.push({ path: `${path}.plausible`, message: 'must be [min, max] with min < max' });
  if (unitless === true && plausible === undefined) issues.push({ path: `${path}.plausible`, message: 'a unitless interval needs plausible bounds (they tell units apart)' });
  if (issues.length > before) return undefined;
  return {
    ...(isNumber(low) ? { low } : {}),
    ...(isNumber(high) ? { high } : {}),
    units: units as string[],
    unitless: unitless === true,
    ...(bounds ? { plausible: plausible as [number, number] } : {}),
  };
}

/** Checks a reference-interval file; returns the compiled intervals or the issues, each naming file and entry. */
export function validateReferenceIntervals(value: unknown, file = REFERENCE_INTERVALS_FILE, units: unknown = unitsFile): { intervals?: ReferenceIntervals; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: 'must be a JSON object' }] };
  for (const key of Object.keys(value)) if (!FILE_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: 'unknown key' });
  if (value.kind !== 'reference-intervals') issues.push({ path: `${file}: kind`, message: 'must be "reference-intervals"' });
  if (typeof value.version !== 'string' || value.version === '') issues.push({ path: `${file}: version`, message: 'must be a non-empty string' });
  if (!Array.isArray(value.entries)) return { issues: [...issues, { path: `${file}: entries`, message: 'must be an array' }] };
  const unitIds = unitFormIds(units);
  const knownUnits = new Set(unitIds.values());
  const byLoinc = new Map<string, ReferenceInterval[]>();
  const ratios = new Map<string, [string, string]>();
  const ids = new Set<string>();
  value.entries.forEach((entry: unknown, i: number) => {
    const path = `${file}: entries[${i}]`;
    if (!isRecord(entry)) {
      issues.push({ path, message: 'must be an object' });
      return;
    }
    for (const key of Object.keys(entry)) if (!ENTRY_KEYS.has(key)) issues.push({ path: `${path}.${key}`, message: 'unknown key' });
    if (typeof entry.id !== 'string' || entry.id === '' || ids.has(entry.id)) issues.push({ path: `${path}.id`, message: 'must be a unique non-empty string' });
    else ids.add(entry.id);
    if (typeof entry.loincId !== 'string' || !LOINC.test(entry.loincId)) issues.push({ path: `${path}.loincId`, message: 'must be a LOINC code (`2823-3`)' });
    else if (byLoinc.has(entry.loincId) || ratios.has(entry.loincId)) issues.push({ path: `${path}.loincId`, message: `${entry.loincId} is given twice` });
    if (entry.ratioOf !== undefined) {
      const parts = entry.ratioOf;
      if (entry.intervals !== undefined) issues.push({ path, message: 'has `intervals` or `ratioOf`, not both' });
      if (!Array.isArray(parts) || parts.length !== 2 || !parts.every((c) => typeof c === 'string' && LOINC.test(c))) {
        issues.push({ path: `${path}.ratioOf`, message: 'must be the LOINC codes of the two parts' });
      } else if (typeof entry.loincId === 'string') ratios.set(entry.loincId, [parts[0] as string, parts[1] as string]);
      return;
    }
    if (!Array.isArray(entry.intervals) || entry.intervals.length === 0) {
      issues.push({ path: `${path}.intervals`, message: 'must be a non-empty array' });
      return;
    }
    const intervals: ReferenceInterval[] = [];
    const seenUnits = new Set<string>();
    entry.intervals.forEach((iv: unknown, k: number) => {
      const interval = checkInterval(iv, `${path}.intervals[${k}]`, knownUnits, issues);
      if (interval === undefined) return;
      for (const u of interval.units) {
        if (seenUnits.has(u)) issues.push({ path: `${path}.intervals[${k}].units`, message: `unit ${u} has two intervals` });
        seenUnits.add(u);
      }
      intervals.push(interval);
    });
    if (typeof entry.loincId === 'string') byLoinc.set(entry.loincId, intervals);
  });
  for (const [code, parts] of ratios) {
    for (const part of parts) if (!byLoinc.has(part)) issues.push({ path: `${file}: ${code}`, message: `ratio part ${part} has no intervals` });
  }
  if (issues.length > 0) return { issues };
  return { intervals: { version: value.version as string, byLoinc, ratios, unitIds }, issues };
}

export function compileReferenceIntervals(body: unknown = intervalsFile, file = REFERENCE_INTERVALS_FILE): ReferenceIntervals {
  const { intervals, issues } = validateReferenceIntervals(body, file);
  if (intervals === undefined) throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  return intervals;
}

const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;

function within(value: number, bounds: readonly [number, number] | undefined): boolean {
  return bounds === undefined || (value >= bounds[0] && value <= bounds[1]);
}

/** The written unit of a LabValueInd (`measurementUnit[0].coveredText`), as a units.json id; '' when none. */
function writtenUnit(target: Annotation, intervals: ReferenceIntervals): string | undefined {
  const units = target.measurementUnit;
  if (!Array.isArray(units) || units.length === 0) return '';
  const first: unknown = units[0];
  const text = isRecord(first) && typeof first.coveredText === 'string' ? first.coveredText : undefined;
  return text === undefined ? undefined : intervals.unitIds.get(squash(text));
}

/** The written number(s) of a LabValueInd: its value, and the low end of a range (`35-40`: lowValue 35). */
function writtenValues(target: Annotation): number[] | undefined {
  const out: number[] = [];
  for (const v of [target.lowValue, target.labValue]) {
    if (v === undefined) continue;
    if (typeof v !== 'string' || !PLAIN_NUMBER.test(v)) return undefined;
    out.push(Number(v));
  }
  return out.length === 0 ? undefined : out;
}

/** One measurement's verdict against the intervals of its code; undefined when none applies. */
function judge(candidates: readonly ReferenceInterval[], values: readonly number[], unit: string): boolean | undefined {
  const fitting = candidates.filter((iv) => (unit === '' ? iv.unitless : iv.units.includes(unit)) && values.every((v) => within(v, iv.plausible)));
  if (fitting.length !== 1) return undefined;
  const { low, high } = fitting[0]!;
  if (values.every((v) => (low === undefined || v >= low) && (high === undefined || v <= high))) return false;
  if (values.every((v) => (low !== undefined && v < low) || (high !== undefined && v > high))) return true;
  return undefined;
}

/** `145/92` against the parts' intervals: abnormal when either part is, normal when both are in range. */
function judgeRatio(parts: readonly [string, string], target: Annotation, unit: string, intervals: ReferenceIntervals): boolean | undefined {
  const written = typeof target.labValue === 'string' ? target.labValue.split('/') : [];
  if (written.length !== 2 || target.lowValue !== undefined || !written.every((w) => PLAIN_NUMBER.test(w))) return undefined;
  const verdicts = parts.map((code, i) => judge(intervals.byLoinc.get(code) ?? [], [Number(written[i])], unit));
  if (verdicts.includes(true)) return true;
  return verdicts.every((v) => v === false) ? false : undefined;
}

/**
 * Whether a LabValueInd's value (or both ends of its range, or either part of a ratio) lies outside the
 * reference interval of its lab, in the unit it was written in; undefined when no interval applies (no LOINC
 * code, comparator, unknown or ambiguous unit, implausible value) or a range straddles a bound.
 */
export function judgeByReferenceInterval(target: Annotation, intervals: ReferenceIntervals): { readonly outside: boolean } | undefined {
  const code = typeof target.loincId === 'string' ? target.loincId : undefined;
  if (code === undefined || target.comparator !== undefined) return undefined;
  const unit = writtenUnit(target, intervals);
  if (unit === undefined) return undefined;
  const parts = intervals.ratios.get(code);
  const candidates = intervals.byLoinc.get(code);
  let outside: boolean | undefined;
  if (parts !== undefined) outside = judgeRatio(parts, target, unit, intervals);
  else if (candidates !== undefined) {
    const values = writtenValues(target);
    outside = values === undefined ? undefined : judge(candidates, values, unit);
  }
  return outside === undefined ? undefined : { outside };
}
