// ICD-10-CM FY2025: the tabular code list (code → description) and the alphabetic index. Index rows of
// levels 0 and 1 become synonyms of the code they point to: main term alone ("Abasia"), or subterm and
// main term in both orders ("gallbladder abscess", "abscess gallbladder"). Deeper levels are connective
// ("with", "due to") chains that rarely read as a mention. Chapters V–Z (external causes, factors
// influencing health status) are not concepts. ICD codes never merge concepts: these records carry
// only ICD10CM ids and are attached by the merger (see merge.ts).
import { join } from 'node:path';
import { icd10Type } from './semantic-heuristics.js';
import type { SourceName, SourceRecord } from './source-record.js';
import { csvRows, readSourceText } from './text-files.js';

export const ICD10CM_FILES = {
  codes: 'icd10cm/ICD10CM_2025_codes.csv.gz',
  index: 'icd10cm/ICD10CM_2025_Index.csv.gz',
} as const;

const CONNECTIVE = /^(with|without|in|due|and|or|see|by|of|from|to|following|complicating|during|not|other|specified|unspecified|code|NEC|NOS)\b/i;

/** `L02.61-` → `L02.61`; undefined for anything that is not an ICD-10-CM code. */
export function cleanIcd10Code(raw: string): string | undefined {
  const code = raw.trim().replace(/[-.]+$/, '');
  return /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/.test(code) ? code : undefined;
}

/** Text without "(nonessential modifiers)"; undefined when nothing useful remains. */
function plain(term: string): string | undefined {
  const t = term.replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  return t === '' ? undefined : t;
}

export interface IndexRow {
  readonly level: number;
  readonly term: string;
  readonly code: string;
}

/** Names per code from index rows (in file order). */
export function indexNames(rows: Iterable<IndexRow>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let mains: string[] = [];
  let own: string[] = [];
  const add = (code: string, name: string): void => {
    const list = out.get(code);
    if (list === undefined) out.set(code, [name]);
    else if (!list.includes(name)) list.push(name);
  };
  for (const row of rows) {
    if (row.level === 0) {
      // "Tamponade, heart" and "Diabetes, diabetic (mellitus)": the head is the part before the comma; the
      // whole row also reads inverted ("heart tamponade"). Subterms combine with the head only.
      const parts = (plain(row.term) ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
      mains = parts.length === 0 || CONNECTIVE.test(parts[0]!) ? [] : [parts[0]!];
      // "Impression, basilar" names basilar impression, not any impression: the head alone only without a comma.
      own = parts.length === 1 ? mains : parts.length === 2 && mains.length > 0 && !CONNECTIVE.test(parts[1]!) ? [`${parts[1]!} ${parts[0]!}`] : [];
    }
    const code = cleanIcd10Code(row.code);
    if (code === undefined || icd10Type(code) === undefined) continue;
    if (row.level === 0) {
      for (const m of own) add(code, m);
    } else if (row.level === 1) {
      const sub = plain(row.term);
      if (sub === undefined || CONNECTIVE.test(sub) || /\b(NEC|NOS)\b/.test(sub) || sub.split(' ').length > 4 || sub.includes(',')) continue;
      for (const m of mains) {
        add(code, `${sub} ${m}`);
        add(code, `${m} ${sub}`);
      }
    }
  }
  return out;
}

export function icd10Records(codesCsv: string, indexCsv: string | undefined): SourceRecord[] {
  const descriptions = new Map<string, string>();
  for (const row of csvRows(codesCsv)) {
    const code = cleanIcd10Code(row.Code ?? '');
    if (code !== undefined && icd10Type(code) !== undefined) descriptions.set(code, (row.Description ?? '').trim());
  }
  const index = indexCsv === undefined ? new Map<string, string[]>()
    : indexNames(csvRows(indexCsv).map((r) => ({ level: Number(r.Level ?? '0'), term: r.Term ?? '', code: r.Code ?? '' })));
  const records: SourceRecord[] = [];
  const codes = new Set([...descriptions.keys(), ...index.keys()]);
  for (const code of [...codes].sort()) {
    const description = descriptions.get(code);
    const names: SourceName[] = (index.get(code) ?? []).map((text) => ({ text, kind: 'exact' as const }));
    if (description !== undefined) names.unshift({ text: description, kind: 'exact' });
    if (names.length === 0) continue;
    records.push({
      source: 'ICD10CM',
      ids: [`ICD10CM:${code}`],
      preferredName: description ?? names[0]!.text,
      names,
      semanticTypes: [icd10Type(code)!],
    });
  }
  return records;
}

export function readIcd10cm(mirror: string): SourceRecord[] {
  return icd10Records(readSourceText(join(mirror, ICD10CM_FILES.codes)), readSourceText(join(mirror, ICD10CM_FILES.index)));
}
