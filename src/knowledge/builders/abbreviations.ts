// Clinical abbreviation sense inventories (sources of the clinical abbreviation Meta-Inventory), read into one
// compact table `abbreviation (lower case) → senses` for later disambiguation. No concepts are emitted from here.
//   vanderbilt_clinic_notes.tsv, vanderbilt_discharge_sums.tsv  abbreviation, sense, variation (`form_count|...`), CUI, frequency
//   stetson_sense_distribution_448.tsv                          abbreviation, sense, ratio (no header)
//   columbia_obgyn.txt                                          `ABBR expansion words` (first space splits)
//   berman_12000_pathology_abbreviations.txt(.gz)               `abbr = expansion`
//   wikipedia_abbreviation_database.csv                         "abr","long_form"
//   wikipedia_clinical_trials.txt                               `"ACRONYM":"Trial name"`
// Licences differ per source (SOURCES.md): callers choose which to read.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidationIssue } from '../../errors.js';
import { parseCsv } from './csv-dictionary.js';
import { readLines, readText } from './read-lines.js';

export type AbbreviationSourceId = 'vanderbilt_clinic' | 'vanderbilt_discharge' | 'stetson' | 'columbia' | 'berman' | 'wikipedia' | 'wikipedia_trials';

export const ABBREVIATION_SOURCES: readonly AbbreviationSourceId[] = ['vanderbilt_clinic', 'vanderbilt_discharge', 'stetson', 'columbia', 'berman', 'wikipedia', 'wikipedia_trials'];

const FILES: Readonly<Record<AbbreviationSourceId, string>> = {
  vanderbilt_clinic: 'vanderbilt_clinic_notes.tsv',
  vanderbilt_discharge: 'vanderbilt_discharge_sums.tsv',
  stetson: 'stetson_sense_distribution_448.tsv',
  columbia: 'columbia_obgyn.txt',
  berman: 'berman_12000_pathology_abbreviations.txt',
  wikipedia: 'wikipedia_abbreviation_database.csv',
  wikipedia_trials: 'wikipedia_clinical_trials.txt',
};

export interface AbbreviationSense {
  readonly expansion: string;
  /** UMLS CUIs the sense maps to (Vanderbilt inventories). */
  readonly cuis: readonly string[];
  /** Highest share of this sense among the abbreviation's uses in a corpus-based inventory (0..1). */
  readonly ratio?: number;
  /** Occurrences counted in the Vanderbilt corpora. */
  readonly count?: number;
  readonly sources: readonly AbbreviationSourceId[];
}

/** Lower-cased abbreviation → senses, most frequent first (by ratio, then number of sources). */
export type AbbreviationTable = ReadonlyMap<string, readonly AbbreviationSense[]>;

interface RawSense {
  readonly abbreviation: string;
  readonly expansion: string;
  readonly cuis?: readonly string[];
  readonly ratio?: number;
  readonly count?: number;
}

interface MutableSense {
  expansion: string;
  cuis: string[];
  ratio?: number;
  count?: number;
  sources: AbbreviationSourceId[];
}

/** Reads the chosen inventories (default: all present in `dir`) into one table. */
export function readAbbreviations(dir: string, options: { sources?: readonly AbbreviationSourceId[] } = {}): AbbreviationTable {
  const senses = new Map<string, Map<string, MutableSense>>();
  for (const source of options.sources ?? ABBREVIATION_SOURCES) {
    const path = [join(dir, FILES[source]), join(dir, `${FILES[source]}.gz`)].find((p) => existsSync(p));
    if (path === undefined) {
      if (options.sources !== undefined) throw new Error(`${dir}: no ${FILES[source]}(.gz)`);
      continue;
    }
    for (const raw of readSource(source, path)) {
      const abbreviation = raw.abbreviation.trim().toLowerCase();
      const expansion = raw.expansion.trim().replace(/\s+/g, ' ');
      if (abbreviation === '' || expansion === '' || expansion.toLowerCase() === abbreviation) continue;
      const forAbbr = senses.get(abbreviation) ?? new Map<string, MutableSense>();
      senses.set(abbreviation, forAbbr);
      const key = expansion.toLowerCase();
      const sense = forAbbr.get(key) ?? { expansion, cuis: [], sources: [] };
      forAbbr.set(key, sense);
      if (!sense.sources.includes(source)) sense.sources.push(source);
      for (const cui of raw.cuis ?? []) if (!sense.cuis.includes(cui)) sense.cuis.push(cui);
      if (raw.ratio !== undefined && (sense.ratio === undefined || raw.ratio > sense.ratio)) sense.ratio = raw.ratio;
      if (raw.count !== undefined) sense.count = (sense.count ?? 0) + raw.count;
    }
  }
  const table = new Map<string, readonly AbbreviationSense[]>();
  for (const [abbreviation, forAbbr] of senses) {
    const list = [...forAbbr.values()].sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0) || b.sources.length - a.sources.length || (b.count ?? 0) - (a.count ?? 0) || a.expansion.localeCompare(b.expansion));
    table.set(abbreviation, list.map((s) => ({
      expansion: s.expansion,
      cuis: s.cuis,
      ...(s.ratio !== undefined ? { ratio: s.ratio } : {}),
      ...(s.count !== undefined ? { count: s.count } : {}),
      sources: s.sources,
    })));
  }
  return table;
}

function* readSource(source: AbbreviationSourceId, path: string): Generator<RawSense> {
  switch (source) {
    case 'vanderbilt_clinic':
    case 'vanderbilt_discharge':
      yield* readVanderbilt(path);
      return;
    case 'stetson':
      for (const line of readLines(path)) {
        const [abbreviation, expansion, ratio] = line.split('\t');
        if (abbreviation === undefined || expansion === undefined) continue;
        yield { abbreviation, expansion, ...ratioOf(ratio) };
      }
      return;
    case 'columbia':
      for (const line of readLines(path)) {
        const m = /^\s*(\S+)\s+(.+)$/.exec(line);
        if (m !== null) yield { abbreviation: m[1]!, expansion: m[2]! };
      }
      return;
    case 'berman':
      for (const line of readLines(path)) {
        const eq = line.indexOf('=');
        if (eq > 0) yield { abbreviation: line.slice(0, eq), expansion: line.slice(eq + 1) };
      }
      return;
    case 'wikipedia': {
      const issues: ValidationIssue[] = [];
      let header = true;
      for (const row of parseCsv(readText(path), issues, path)) {
        if (header) {
          header = false;
          continue;
        }
        const [abbreviation, expansion] = row.cells;
        if (abbreviation !== undefined && expansion !== undefined) yield { abbreviation, expansion };
      }
      if (issues.length > 0) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
      return;
    }
    case 'wikipedia_trials':
      for (const line of readLines(path)) {
        const m = /^\s*"(.+?)"\s*:\s*"(.+)"\s*,?\s*$/.exec(line);
        if (m !== null) yield { abbreviation: m[1]!, expansion: m[2]! };
      }
      return;
  }
}

/**
 * Vanderbilt rows: the abbreviation column spells `/` as `_` (`c_d_i`), so the surface forms come from `variation`
 * (`c/d/i_21|C/D/I_2`: form and count), grouped case-insensitively; the sense may be quoted; CUI is one CUI, several
 * joined by `|`, or `null`.
 */
function* readVanderbilt(path: string): Generator<RawSense> {
  let header = true;
  for (const line of readLines(path)) {
    if (header) {
      header = false;
      continue;
    }
    const [abbreviation, sense, variation, cui, frequency] = line.split('\t');
    if (abbreviation === undefined || sense === undefined) continue;
    const expansion = sense.length > 1 && sense.startsWith('"') && sense.endsWith('"') ? sense.slice(1, -1).replace(/""/g, '"') : sense;
    const forms = new Map<string, number>();
    for (const v of (variation ?? '').split('|')) {
      const us = v.lastIndexOf('_');
      const n = Number(v.slice(us + 1));
      if (us <= 0 || !Number.isFinite(n)) continue;
      const form = v.slice(0, us).toLowerCase();
      forms.set(form, (forms.get(form) ?? 0) + n);
    }
    if (forms.size === 0) forms.set(abbreviation.toLowerCase(), Number.NaN);
    const cuis = (cui ?? '').split('|').map((c) => c.trim()).filter((c) => /^c\d{7}$/i.test(c)).map((c) => c.toUpperCase());
    for (const [form, count] of forms) {
      yield {
        abbreviation: form,
        expansion,
        ...(cuis.length > 0 ? { cuis } : {}),
        ...ratioOf(frequency),
        ...(Number.isFinite(count) ? { count } : {}),
      };
    }
  }
}

function ratioOf(value: string | undefined): { ratio?: number } {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 1 ? { ratio: n } : {};
}
