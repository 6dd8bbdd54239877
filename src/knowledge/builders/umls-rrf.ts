// A licensed user's UMLS Metathesaurus release (RRF, as shipped in META/ or produced by MetamorphoSys):
//   MRCONSO.RRF  CUI|LAT|TS|LUI|STT|SUI|ISPREF|AUI|SAUI|SCUI|SDUI|SAB|TTY|CODE|STR|SRL|SUPPRESS|CVF|
//   MRSTY.RRF    CUI|TUI|STN|STY|ATUI|CVF|
//   MRSAB.RRF    VCUI|RCUI|VSAB|RSAB|SON|SF|SVER|VSTART|VEND|IMETA|RMETA|SLC|SCC|SRL|TFR|CFR|CXTY|TTYL|ATNL|LAT|CENC|CURVER|SABIN|SSN|SCIT|
// MRCONSO (2+ GB) and MRSTY are streamed line by line and merge-joined on CUI (both are sorted by CUI in every
// release), so memory stays bounded by one concept's atoms. One record per CUI with at least one atom that passes
// the filters: SAB allow-list, language (default ENG), suppression (O, E, Y dropped by default), restriction level.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeField } from '../kb.js';
import { semanticTypes } from '../semantic-types.js';
import { readLines } from './read-lines.js';
import type { NameKind, SourceName, SourceRecord } from './source-record.js';

export interface UmlsRrfOptions {
  /** Directory holding MRCONSO.RRF, MRSTY.RRF and (optionally) MRSAB.RRF, or a release root with them in META/. */
  readonly dir: string;
  /** SAB allow-list (root source abbreviations as in MRCONSO.SAB); order also ranks sources for the preferred name. */
  readonly sources?: readonly string[];
  /** LAT allow-list; default `['ENG']`. */
  readonly languages?: readonly string[];
  /** Keep atoms with SUPPRESS O, E or Y; default false. */
  readonly includeSuppressed?: boolean;
  /** Drop atoms whose source restriction level (SRL) is higher; default: keep all. 0 = no licence beyond UMLS. */
  readonly maxRestrictionLevel?: number;
}

export interface UmlsRecord extends SourceRecord {
  readonly cui: string;
  /** SABs of the kept atoms, sorted (ACD `vocabs`). */
  readonly vocabs: readonly string[];
  /** Codes as ACD spells the fields. meshId holds MeSH concept UIs (M...), as ACD reports them. */
  readonly codes: Readonly<Partial<Record<CodeField, readonly string[]>>>;
  /** UMLS release, e.g. `2024AA`, when MRSAB.RRF names it. */
  readonly sourceVersion?: string;
}

export interface UmlsSourceInfo {
  readonly vsab: string;
  readonly rsab: string;
  readonly name: string;
  readonly version: string;
  readonly restrictionLevel: number;
  readonly language: string;
  readonly current: boolean;
}

interface Atom {
  readonly scui: string;
  readonly sdui: string;
  readonly sab: string;
  readonly tty: string;
  readonly code: string;
  readonly str: string;
  /** Preference as the preferred name (atomRank): lower is better. */
  readonly rank: number;
}

/** MRCONSO column positions (official layout). */
const C = { CUI: 0, LAT: 1, TS: 2, STT: 4, ISPREF: 6, SCUI: 9, SDUI: 10, SAB: 11, TTY: 12, CODE: 13, STR: 14, SRL: 15, SUPPRESS: 16 } as const;
const SUPPRESSED = new Set(['O', 'E', 'Y']);
const ABBREVIATION_TTYS = new Set(['AB', 'ACR', 'AA', 'AM']);
const BRAND_TTYS = new Set(['BN']);
/** Source term types that name a source's preferred term, best first (used when the UMLS preferred atom is filtered out). */
const TTY_RANK = ['PT', 'MH', 'PN', 'IN', 'FN', 'NM', 'LN', 'BN', 'SCD', 'SBD', 'HT', 'SY', 'ET'];

/** The directory that holds MRCONSO.RRF: `dir` itself or its META/ subdirectory (a release root). */
export function umlsMetaDir(dir: string): string {
  return !existsSync(join(dir, 'MRCONSO.RRF')) && existsSync(join(dir, 'META', 'MRCONSO.RRF')) ? join(dir, 'META') : dir;
}

export function readUmlsSources(dir: string): UmlsSourceInfo[] {
  const path = join(umlsMetaDir(dir), 'MRSAB.RRF');
  if (!existsSync(path)) return [];
  const out: UmlsSourceInfo[] = [];
  for (const line of readLines(path)) {
    const f = line.split('|');
    if (f.length < 25) continue;
    out.push({ vsab: f[2]!, rsab: f[3]!, name: f[4]!, version: f[6]!, restrictionLevel: Number(f[13]), language: f[19]!, current: f[21] === 'Y' });
  }
  return out;
}

/** UMLS release (`2024AA`) from the current MTH row of MRSAB, if any. */
export function umlsReleaseVersion(sources: readonly UmlsSourceInfo[]): string | undefined {
  const mth = sources.find((s) => s.rsab === 'MTH' && s.current);
  if (mth === undefined) return undefined;
  return /\d{4}A[AB]/.exec(mth.version)?.[0] ?? /\d{4}A[AB]/.exec(mth.vsab)?.[0] ?? (mth.version || undefined);
}

/** Streams concepts from an RRF release. Throws if MRCONSO or MRSTY is not sorted by CUI. */
export function* readUmlsRrf(options: UmlsRrfOptions): Generator<UmlsRecord> {
  const dir = umlsMetaDir(options.dir);
  const allowed = options.sources !== undefined ? new Set(options.sources) : undefined;
  const sourceRank = new Map((options.sources ?? []).map((s, i) => [s, i] as const));
  const languages = new Set(options.languages ?? ['ENG']);
  const includeSuppressed = options.includeSuppressed ?? false;
  const maxSrl = options.maxRestrictionLevel;
  const release = umlsReleaseVersion(readUmlsSources(dir));
  const types = semanticTypes();

  const sty = readLines(join(dir, 'MRSTY.RRF'));
  let styLine = sty.next();
  let lastStyCui = '';
  /** Advances the MRSTY cursor to `cui` and returns its semantic-type abbreviations. */
  const semanticTypesOf = (cui: string): string[] => {
    const out: string[] = [];
    while (!styLine.done) {
      const line = styLine.value;
      const bar = line.indexOf('|');
      const styCui = line.slice(0, bar);
      if (bar === -1) {
        styLine = sty.next();
        continue;
      }
      if (styCui < lastStyCui) throw new Error(`${join(dir, 'MRSTY.RRF')}: not sorted by CUI (${styCui} after ${lastStyCui})`);
      lastStyCui = styCui;
      if (styCui > cui) break;
      if (styCui === cui) {
        const tui = line.slice(bar + 1, line.indexOf('|', bar + 1));
        const abbr = types.byTui(tui)?.abbreviation;
        if (abbr !== undefined && !out.includes(abbr)) out.push(abbr);
      }
      styLine = sty.next();
    }
    return out;
  };

  let cui = '';
  let atoms: Atom[] = [];
  const flush = (): UmlsRecord | undefined => {
    if (cui === '' || atoms.length === 0) return undefined;
    return buildRecord(cui, atoms, semanticTypesOf(cui), release);
  };
  const path = join(dir, 'MRCONSO.RRF');
  // Positions of the first 17 bars of a line: field k spans (bars[k-1], bars[k]). Fields are cut only when needed,
  // so dropped atoms cost little.
  const bars = new Int32Array(17);
  try {
    let lineNumber = 0;
    for (const line of readLines(path)) {
      lineNumber++;
      if (line === '') continue;
      let from = 0;
      let found = 0;
      for (; found < 17; found++) {
        const bar = line.indexOf('|', from);
        if (bar === -1) break;
        bars[found] = bar;
        from = bar + 1;
      }
      if (found < 17) throw new Error(`${path}:${lineNumber}: expected 18 fields (CUI|LAT|...|SUPPRESS|CVF|)`);
      const field = (k: number): string => line.slice(k === 0 ? 0 : bars[k - 1]! + 1, bars[k]);
      const atomCui = field(C.CUI);
      if (atomCui !== cui) {
        if (atomCui < cui) throw new Error(`${path}:${lineNumber}: not sorted by CUI (${atomCui} after ${cui})`);
        const record = flush();
        if (record !== undefined) yield record;
        cui = atomCui;
        atoms = [];
      }
      if (!languages.has(field(C.LAT))) continue;
      const sab = field(C.SAB);
      if (allowed !== undefined && !allowed.has(sab)) continue;
      if (!includeSuppressed && SUPPRESSED.has(field(C.SUPPRESS))) continue;
      if (maxSrl !== undefined && Number(field(C.SRL)) > maxSrl) continue;
      const str = field(C.STR);
      if (str === '') continue;
      const tty = field(C.TTY);
      const ts = field(C.TS);
      const stt = field(C.STT);
      const ispref = field(C.ISPREF);
      atoms.push({
        scui: field(C.SCUI), sdui: field(C.SDUI), sab, tty, code: field(C.CODE), str,
        rank: atomRank(ts === 'P' && stt === 'PF' && ispref === 'Y', ispref === 'Y', sourceRank.get(sab) ?? sourceRank.size, tty),
      });
    }
    const last = flush();
    if (last !== undefined) yield last;
  } finally {
    sty.return(undefined); // closes MRSTY when the caller stops early
  }
}

const TTY_RANKS = new Map(TTY_RANK.map((t, i) => [t, i] as const));

/**
 * Lower is better: the UMLS preferred atom (TS=P, STT=PF, ISPREF=Y) first, then ISPREF=Y, then the caller's source
 * order, then the term type, abbreviations last. One number so that picking the preferred atom allocates nothing.
 */
function atomRank(umlsPreferred: boolean, ispref: boolean, source: number, tty: string): number {
  const ttyRank = TTY_RANKS.get(tty) ?? TTY_RANK.length;
  return ((((umlsPreferred ? 0 : 2) + (ispref ? 0 : 1)) * 100_000 + Math.min(source, 99_999)) * 32 + ttyRank) * 2 + (ABBREVIATION_TTYS.has(tty) ? 1 : 0);
}

function preferredAtom(atoms: readonly Atom[]): Atom {
  let best = atoms[0]!;
  for (let i = 1; i < atoms.length; i++) if (atoms[i]!.rank < best.rank) best = atoms[i]!;
  return best;
}

const KIND_PRIORITY: Readonly<Record<NameKind, number>> = { preferred: 0, abbreviation: 1, brand: 2, exact: 3, attested: 3, layperson: 4, related: 5 };

function buildRecord(cui: string, atoms: readonly Atom[], types: string[], release: string | undefined): UmlsRecord {
  const preferred = preferredAtom(atoms);
  const names = new Map<string, NameKind>([[preferred.str, 'preferred']]);
  const ids = [`UMLS:${cui}`];
  const codes: Partial<Record<CodeField, string[]>> = {};
  const vocabs = new Set<string>();
  const addCode = (field: CodeField, code: string): void => {
    const list = (codes[field] ??= []);
    if (!list.includes(code)) list.push(code);
  };
  const addId = (id: string): void => {
    if (!ids.includes(id)) ids.push(id);
  };
  for (const a of atoms) {
    vocabs.add(a.sab);
    const kind: NameKind = ABBREVIATION_TTYS.has(a.tty) ? 'abbreviation' : BRAND_TTYS.has(a.tty) ? 'brand' : 'exact';
    const had = names.get(a.str);
    if (had === undefined || KIND_PRIORITY[kind] < KIND_PRIORITY[had]) names.set(a.str, kind);
    const code = a.code;
    if (code === '' || code === 'NOCODE') continue;
    switch (a.sab) {
      case 'SNOMEDCT_US':
        addId(`SNOMEDCT:${code}`);
        addCode('snomedConceptId', code);
        break;
      case 'ICD10CM':
        if (!code.includes('-')) {
          addId(`ICD10CM:${code}`);
          addCode('icd10Code', code);
        }
        break;
      case 'ICD9CM':
        if (!code.includes('-')) {
          addId(`ICD9CM:${code}`);
          addCode('icd9Code', code);
        }
        break;
      case 'MSH':
        // The descriptor UI merges only from the descriptor's own heading (narrower concepts share it);
        // ACD's meshId is the MeSH concept UI (SCUI, M...).
        if ((a.tty === 'MH' || a.tty === 'NM') && a.sdui !== '') addId(`MESH:${a.sdui}`);
        if (a.scui !== '') addCode('meshId', a.scui);
        break;
      case 'NCI':
        addId(`NCIT:${code}`);
        addCode('nciCode', code);
        break;
      case 'RXNORM':
        addId(`RXNORM:${code}`);
        addCode('rxNormId', code);
        break;
      case 'LNC':
        addId(`LOINC:${code}`);
        addCode('loincId', code);
        break;
      case 'CPT':
        addCode('cptCode', code);
        break;
      case 'MTHSPL':
        if (a.tty === 'SU') addId(`UNII:${code}`);
        break;
      case 'DRUGBANK':
        addId(`DRUGBANK:${code}`);
        break;
      case 'ATC':
        addId(`ATC:${code}`);
        break;
      case 'HPO':
        addId(code.startsWith('HP:') ? code : `HP:${code}`);
        break;
      case 'OMIM':
        addId(`OMIM:${code}`);
        break;
      case 'ORPHANET':
        addId(`ORPHANET:${code}`);
        break;
      default:
        break;
    }
  }
  const sourceNames: SourceName[] = [...names].map(([text, kind]) => ({ text, kind }));
  return {
    source: 'UMLS',
    ids,
    preferredName: preferred.str,
    names: sourceNames,
    semanticTypes: types,
    cui,
    vocabs: [...vocabs].sort(),
    codes,
    ...(release !== undefined ? { sourceVersion: release } : {}),
  };
}
