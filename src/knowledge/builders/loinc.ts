// LOINC "Top 2000+ common lab results" (Regenstrief; LOINC licence, loinc/LICENSE-LOINC.txt): one lab-test concept
// (`lbpr`) per LOINC code, named by its Long Common Name and Short Name exactly as LOINC spells them (the licence
// requires every code to keep its name and no field to be altered; the concept id is `LNC:<code>`, the code the
// `loincId`). So that notes find them ("potassium 4.1", "Hgb 9.8", "HbA1c"), the best-ranked code of each analyte
// also gets the analyte's name: the Long Common Name's component ("Potassium", "Bilirubin" of "Bilirubin.total")
// and the Short Name's leading abbreviation ("BUN", "Hgb A1c", "WBC"). Only for classes whose components are
// analytes measured in the patient (chemistry, haematology, coagulation, urinalysis, blood bank, cell markers,
// fertility): a drug screen's "Opiates" or an allergy panel's "Peanut IgE" alone names the drug or the food.
import { join } from 'node:path';
import type { SourceName, SourceRecord } from './source-record.js';
import { csvRows, readSourceText } from './text-files.js';

export const LOINC_FILES: readonly string[] = ['loinc/LOINC_1.6_Top2000CommonLabResultsUS.csv.gz', 'loinc/LOINC_1.6_Top2000CommonLabResultsSI.csv.gz'];
export const LOINC_LICENCE_FILE = 'loinc/LICENSE-LOINC.txt';
export const LOINC_NOTICE_FILE = 'loinc/LOINC_short_license.txt';

/**
 * Only the commonest results lend their analyte's bare name (Rank is LOINC's frequency order): a rare code's
 * component ("Cells" in synovial fluid, "History of ..." narratives) written alone names something else.
 */
const MAX_ANALYTE_RANK = 500;
/** LOINC classes whose component, written alone, names the test of an analyte. */
const ANALYTE_CLASSES: ReadonlySet<string> = new Set(['Chem', 'CHEM', 'HEM/BC', 'COAG', 'UA', 'BLDBK', 'CELLMARK', 'FERT']);

export interface LoincRow {
  readonly code: string;
  readonly longCommonName: string;
  readonly shortName: string;
  readonly cls: string;
  readonly rank: number;
}

export function parseLoincTop(text: string): LoincRow[] {
  return csvRows(text).map((r) => ({
    code: (r['LOINC #'] ?? '').trim(),
    longCommonName: r['Long Common Name'] ?? '',
    shortName: r['Short Name'] ?? '',
    cls: (r.CLASS ?? '').trim(),
    rank: Number(r.Rank),
  })).filter((r) => /^\d{1,7}-\d$/.test(r.code) && r.longCommonName.trim() !== '');
}

/**
 * The analyte a Long Common Name measures: the text before its property bracket or its " in "/" by " system
 * clause, without LOINC's sub-part suffixes (`Bilirubin.total` → Bilirubin); a fraction of the analyte's own total
 * (`Hemoglobin A1c/Hemoglobin.total`) is the analyte; other ratios (`Urea nitrogen/Creatinine`) are left as they are.
 */
export function analyteOf(longCommonName: string): string | undefined {
  // Measurements only: "<analyte> [<property>] in <system>" or "<analyte> in <system>"; narratives have neither.
  const bracket = longCommonName.indexOf('[');
  const system = / in /.exec(longCommonName);
  if (bracket <= 0 && system === null) return undefined;
  let text = longCommonName.slice(0, bracket > 0 ? bracket : system!.index).trim();
  const slash = text.indexOf('/');
  if (slash > 0) {
    const numerator = text.slice(0, slash).trim();
    const denominator = text.slice(slash + 1).split('.')[0]!.trim();
    if (denominator === '' || !numerator.toLowerCase().startsWith(denominator.toLowerCase())) return undefined;
    text = numerator;
  }
  text = text.split('.')[0]!.replace(/\s*\([^()]*\)$/, '').trim();
  return text === '' || /^\d/.test(text) ? undefined : text;
}

/** An abbreviation-like Short Name word: `BUN`, `CO2`, `Hgb`, `A1c`, `HDLc` (not `Creat`, `Prot`, `Bilirub`). */
function abbreviationWord(word: string): boolean {
  return /^[A-Z][A-Za-z0-9]*$/.test(word) && (/[A-Z0-9].*[A-Z0-9]/.test(word) || /^[A-Z][a-z]{1,2}$/.test(word));
}

/**
 * The Short Name's leading abbreviation (`BUN SerPl-mCnc` → `BUN`), with following words that carry a digit
 * (`Hgb A1c MFr Bld` → `Hgb A1c`; `MCHC RBC Auto-mCnc` → `MCHC`: RBC is the system), or undefined.
 */
export function shortAnalyteOf(shortName: string): string | undefined {
  const words = shortName.trim().split(/\s+/);
  if (!abbreviationWord(words[0] ?? '')) return undefined;
  let end = 1;
  while (end < words.length && abbreviationWord(words[end]!) && /\d/.test(words[end]!)) end++;
  return words.slice(0, end).join(' ');
}

export function loincRecords(rows: readonly LoincRow[]): { records: SourceRecord[]; analyteNames: number } {
  const byCode = new Map<string, { row: LoincRow; order: number }>();
  rows.forEach((row, order) => {
    const seen = byCode.get(row.code);
    if (seen === undefined || row.rank < seen.row.rank) byCode.set(row.code, { row, order });
  });
  // By rank; at equal rank the earlier list (the US edition before the SI one) first.
  const ordered = [...byCode.values()].sort((a, b) => a.row.rank - b.row.rank || a.order - b.order).map((x) => x.row);
  // The analyte's names go to its best-ranked code only (Rank is LOINC's frequency prior).
  const taken = new Set<string>();
  let analyteNames = 0;
  const records = ordered.map((r): SourceRecord => {
    // The Short Name stays in the record (LOINC's own abbreviation of the code) but is not indexed as written:
    // "Weight", "Sex Abstin duration ..." are not how notes name a test; its leading abbreviation is.
    const names: SourceName[] = [];
    if (ANALYTE_CLASSES.has(r.cls) && r.rank <= MAX_ANALYTE_RANK) {
      for (const analyte of [analyteOf(r.longCommonName), shortAnalyteOf(r.shortName)]) {
        if (analyte === undefined) continue;
        const key = analyte.toLowerCase();
        if (taken.has(key)) continue;
        taken.add(key);
        analyteNames++;
        names.push({ text: analyte, kind: /^[A-Z0-9 ]+$/.test(analyte) ? 'abbreviation' : 'exact' });
      }
    }
    return { source: 'LNC', ids: [`LNC:${r.code}`, `LOINC:${r.code}`], preferredName: r.longCommonName, names, semanticTypes: ['lbpr'] };
  });
  return { records, analyteNames };
}

export function readLoinc(mirror: string): { records: SourceRecord[]; analyteNames: number } {
  return loincRecords(LOINC_FILES.flatMap((f) => parseLoincTop(readSourceText(join(mirror, f)))));
}
