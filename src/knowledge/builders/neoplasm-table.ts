// The ICD-10-CM neoplasm table (FY2025, CDC/NCHS, public domain; icd10cm/ICD10CM_2025_neoplasms.csv) as the
// cancer annotator's site → code table: each first-level site of `Neoplasm, neoplastic` (`lung`, `breast`,
// `abdomen, abdominal` → both words) with its six codes (malignant primary, malignant secondary, carcinoma in
// situ, benign, uncertain behaviour, unspecified behaviour). A "see" row (`bowel` → `Neoplasm, intestine`) takes
// the codes of the row it names. A trailing `-` (more characters required) is dropped: `C34.9-` → `C34.9`.
import { csvRows } from './text-files.js';

export const NEOPLASM_TABLE_FILE = 'icd10cm/ICD10CM_2025_neoplasms.csv';

export const NEOPLASM_CODE_COLUMNS = ['MalignantPrimary', 'MalignantSecondary', 'CaInSitu', 'Benign', 'UncertainBehavior', 'UnspecifiedBehavior'] as const;

export interface NeoplasmSite {
  /** Lower-case site word(s) as the table writes them, without `NEC`. */
  readonly site: string;
  /** Codes in NEOPLASM_CODE_COLUMNS order; '' where the table has none. */
  readonly codes: readonly string[];
}

function cleanCode(code: string): string {
  const c = code.trim().replace(/-+$/, '').replace(/\.$/, '');
  return /^[A-Z]\d/.test(c) ? c : '';
}

/**
 * The names of a table term: `abdomen, abdominal` is a noun and its adjective (both names); `lingula, lung` is
 * a part of an organ (its first word only). `NEC` / `NOS` are dropped.
 */
function siteNames(term: string): string[] {
  const parts = term.split(', ').map((t) => t.replace(/\s+(NEC|NOS)$/, '').trim().toLowerCase()).filter((t) => t !== '');
  const first = parts[0];
  if (first === undefined) return [];
  return [first, ...parts.slice(1).filter((p) => p.slice(0, 4) === first.slice(0, 4))];
}

/** The codes of a neoplasm whose site is not stated (the table's top row `Neoplasm, neoplastic`). */
export const UNSPECIFIED_SITE = 'unspecified site';

/** First-level sites of the neoplasm table CSV text, and the unspecified site. */
export function readNeoplasmSites(csv: string): NeoplasmSite[] {
  const all = csvRows(csv);
  const top = all.find((r) => r.Level === '0');
  const rows = all.filter((r) => r.Level === '1');
  const codesOf = new Map<string, string[]>();
  for (const r of rows) {
    const codes = NEOPLASM_CODE_COLUMNS.map((c) => cleanCode(r[c] ?? ''));
    if (codes.some((c) => c !== '')) for (const name of siteNames(r.Term ?? '')) if (!codesOf.has(name)) codesOf.set(name, codes);
  }
  const out: NeoplasmSite[] = [];
  if (top !== undefined) out.push({ site: UNSPECIFIED_SITE, codes: NEOPLASM_CODE_COLUMNS.map((c) => cleanCode(top[c] ?? '')) });
  const seen = new Set<string>();
  for (const r of rows) {
    let codes = NEOPLASM_CODE_COLUMNS.map((c) => cleanCode(r[c] ?? ''));
    const see = (r.SeeAlso ?? '').match(/^Neoplasm, (.+)$/);
    if (codes.every((c) => c === '') && see !== null) codes = codesOf.get(siteNames(see[1]!)[0] ?? '') ?? codes;
    if (codes.every((c) => c === '')) continue;
    for (const site of siteNames(r.Term ?? '')) {
      if (seen.has(site)) continue;
      seen.add(site);
      out.push({ site, codes });
    }
  }
  return out;
}

export function formatNeoplasmSites(sites: readonly NeoplasmSite[]): string {
  return `# site\t${NEOPLASM_CODE_COLUMNS.join('\t')}\n${sites.map((s) => `${s.site}\t${s.codes.join('\t')}\n`).join('')}`;
}

export function parseNeoplasmSites(tsv: string): NeoplasmSite[] {
  const out: NeoplasmSite[] = [];
  for (const line of tsv.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [site, ...codes] = line.split('\t');
    if (site !== undefined && codes.length === NEOPLASM_CODE_COLUMNS.length) out.push({ site, codes });
  }
  return out;
}
