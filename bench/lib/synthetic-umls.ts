// A synthetic UMLS Metathesaurus release with the shape of the real one, for measuring the knowledge-base
// builder, the loader and matching at UMLS size without a licence: MRCONSO.RRF, MRSTY.RRF and MRSAB.RRF in
// the official column layout, sorted by CUI, written to a directory the caller owns (a temporary one; never
// the repository). Deterministic for a seed.
//
// Shape (defaults, close to a 2024AA English subset): 1.5 million concepts, 3.5 million English strings
// (atoms after the language filter), about a quarter more atoms in other languages to filter out, ~4% of
// atoms suppressible (O, E, Y); sources weighted like the release (SNOMEDCT_US, MSH, RXNORM, LNC, NCI, MDR,
// MTH, ...), with their term types and code shapes; strings of 1-12 words (mean ~3.4; ~10% one word),
// LOINC-style names with colons, abbreviations, brand names in capitals; 1-3 semantic types per concept
// from the UMLS type tree.
//
// Words (shape 2): a string's modifiers are drawn from a Zipf vocabulary of clinical stems and generated
// words, so that many strings share their first and common tokens ("acute ...", "... of left ..."), but
// every string also has a head word from the long tail (a generated word, near uniform), as a real
// terminology's strings name distinct things: in the real release a normalised string names one concept,
// a few at most ("cold": about ten), not thousands. Shape 1 drew every word from the Zipf head alone, so a
// third of the strings were one common word: "upper" named 5,774 concepts and "pain" 4,587, and a clinical
// note met ~28,000 candidate concepts (the open build: ~50).
export const SYNTHETIC_UMLS_SHAPE = 2;
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface SyntheticUmlsOptions {
  readonly dir: string;
  readonly seed?: number;
  readonly concepts?: number;
  /** Mean English atoms per concept (3.5M / 1.5M by default). */
  readonly englishAtomsPerConcept?: number;
  readonly onProgress?: (message: string) => void;
}

export interface SyntheticUmlsReport {
  readonly concepts: number;
  readonly englishAtoms: number;
  readonly otherLanguageAtoms: number;
  readonly suppressedAtoms: number;
  readonly bytes: number;
}

/** mulberry32: small, fast, good enough for shapes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STEMS = ('acute chronic disease disorder syndrome of the left right upper lower pain fracture infection tumor neoplasm malignant benign '
  + 'carcinoma cell lymphoma leukemia type diabetes mellitus insulin heart failure cardiac artery coronary renal kidney liver hepatic lung '
  + 'pulmonary bronchial asthma obstructive disease blood pressure hypertension hypotension serum plasma urine level measurement test '
  + 'procedure excision resection biopsy repair replacement injection tablet capsule oral solution mg ml dose extended release '
  + 'hydrochloride sodium potassium chloride acid deficiency congenital hereditary familial primary secondary unspecified other '
  + 'with without due to in and or by for on at structure entire region joint bone muscle skin nerve brain spinal cord eye ear '
  + 'finding observation history family personal status post stage grade severe mild moderate recurrent episode single multiple').split(' ');
const SYLLABLES = 'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga ge gi go ha he hi ho ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zi zo ph th ch tr st pl cr'.split(' ');
const SUFFIXES = ['itis', 'osis', 'emia', 'oma', 'ectomy', 'otomy', 'plasty', 'scopy', 'ine', 'ide', 'ate', 'ol', 'in', 'an', 'ase', 'al', 'ic', 'ia', ''];

interface Source { readonly sab: string; readonly weight: number; readonly ttys: readonly string[]; readonly code: (r: () => number, n: number) => string; readonly srl: number }

const SOURCES: readonly Source[] = [
  { sab: 'SNOMEDCT_US', weight: 24, ttys: ['PT', 'FN', 'SY', 'SY'], code: (_r, n) => String(100000 + n * 7), srl: 9 },
  { sab: 'MSH', weight: 14, ttys: ['MH', 'ET', 'ET', 'PM', 'NM'], code: (_r, n) => `D${String(n).padStart(7, '0')}`, srl: 0 },
  { sab: 'RXNORM', weight: 9, ttys: ['IN', 'SCD', 'SBD', 'BN', 'SY'], code: (_r, n) => String(n * 3 + 1), srl: 0 },
  { sab: 'LNC', weight: 14, ttys: ['LN', 'LC', 'OSN', 'LPN'], code: (_r, n) => `${n}-${n % 10}`, srl: 0 },
  { sab: 'NCI', weight: 11, ttys: ['PT', 'SY', 'AB'], code: (_r, n) => `C${n}`, srl: 0 },
  { sab: 'MDR', weight: 8, ttys: ['PT', 'LLT', 'LLT'], code: (_r, n) => String(10000000 + n), srl: 3 },
  { sab: 'MTH', weight: 6, ttys: ['PN', 'SY'], code: () => 'NOCODE', srl: 0 },
  { sab: 'ICD10CM', weight: 3, ttys: ['PT', 'AB'], code: (r) => `${String.fromCharCode(65 + Math.floor(r() * 26))}${Math.floor(r() * 99)}.${Math.floor(r() * 9)}`, srl: 4 },
  { sab: 'HPO', weight: 2, ttys: ['PT', 'SY'], code: (_r, n) => `HP:${String(n).padStart(7, '0')}`, srl: 0 },
  { sab: 'MEDLINEPLUS', weight: 1, ttys: ['PT', 'SY'], code: (_r, n) => String(n), srl: 0 },
  { sab: 'CHV', weight: 4, ttys: ['PT', 'SY'], code: (_r, n) => String(n).padStart(10, '0'), srl: 0 },
  { sab: 'OMIM', weight: 2, ttys: ['PT', 'ETAL'], code: (_r, n) => String(100000 + n), srl: 0 },
  { sab: 'GO', weight: 2, ttys: ['PT', 'SY'], code: (_r, n) => `GO:${String(n).padStart(7, '0')}`, srl: 0 },
];
const OTHER_LANGUAGES = ['SPA', 'FRE', 'GER', 'DUT', 'ITA', 'POR', 'JPN', 'CZE'];
/** TUIs with the share of concepts carrying them (roughly as the release). */
const TUIS: readonly [string, string, string, number][] = [
  ['T047', 'B2.2.1.2.1', 'Disease or Syndrome', 10], ['T109', 'A1.4.1.2.1', 'Organic Chemical', 14], ['T121', 'A1.4.1.1.1', 'Pharmacologic Substance', 10],
  ['T116', 'A1.4.1.2.1.7', 'Amino Acid, Peptide, or Protein', 12], ['T033', 'A2.2', 'Finding', 6], ['T184', 'A2.2.2', 'Sign or Symptom', 1],
  ['T061', 'B1.3.1.3', 'Therapeutic or Preventive Procedure', 4], ['T060', 'B1.3.1.2', 'Diagnostic Procedure', 2], ['T059', 'B1.3.1.1', 'Laboratory Procedure', 6],
  ['T074', 'A1.3.1', 'Medical Device', 2], ['T023', 'A1.2.3.1', 'Body Part, Organ, or Organ Component', 4], ['T191', 'B2.2.1.2.1.2', 'Neoplastic Process', 3],
  ['T201', 'A2.3', 'Clinical Attribute', 5], ['T200', 'A1.3.3', 'Clinical Drug', 9], ['T028', 'A1.2.3.5', 'Gene or Genome', 7], ['T204', 'A1.1.3.1.1', 'Eukaryote', 5],
];

function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => { sum += w; out[i] = sum; });
  for (let i = 0; i < out.length; i++) out[i]! /= sum;
  return out;
}

function pick(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cdf[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A buffered synchronous writer (one syscall per ~1 MB). */
class LineWriter {
  private readonly fd: number;
  private chunk = '';
  bytes = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  line(text: string): void {
    this.chunk += text;
    this.chunk += '\n';
    if (this.chunk.length > 1 << 20) this.flush();
  }
  flush(): void {
    if (this.chunk === '') return;
    this.bytes += writeSync(this.fd, this.chunk);
    this.chunk = '';
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** Writes the release into options.dir (created if missing). */
export function writeSyntheticUmls(options: SyntheticUmlsOptions): SyntheticUmlsReport {
  const r = prng(options.seed ?? 20240101);
  const conceptCount = options.concepts ?? 1_500_000;
  const meanEnglish = options.englishAtomsPerConcept ?? 3.5 / 1.5;
  mkdirSync(options.dir, { recursive: true });

  // Vocabulary: clinical stems first (frequent), then generated words; Zipf weights 1/rank^1.07.
  const words: string[] = [...STEMS];
  const seen = new Set(words);
  while (words.length < 600_000) {
    let w = '';
    const syllables = 2 + Math.floor(r() * 4);
    for (let i = 0; i < syllables; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    w += SUFFIXES[Math.floor(r() * SUFFIXES.length)];
    if (!seen.has(w)) { seen.add(w); words.push(w); }
  }
  const wordCdf = cumulative(words.map((_, i) => 1 / Math.pow(i + 1, 1.07)));
  const sourceCdf = cumulative(SOURCES.map((s) => s.weight));
  const tuiCdf = cumulative(TUIS.map((t) => t[3]));
  const word = (): string => words[pick(wordCdf, r())]!;
  /** A word of the long tail: any generated word, near uniformly. */
  const tailWord = (): string => words[STEMS.length + Math.floor(r() * (words.length - STEMS.length))]!;
  const phrase = (): string => {
    // 10% one word (a common one only rarely), else 2-12 words (mean about 3.4) with a tail head word.
    const out: string[] = [];
    if (r() < 0.1) out.push(r() < 0.001 ? word() : tailWord());
    else {
      const n = Math.min(12, 2 + Math.floor(-Math.log(1 - r()) * 1.9));
      for (let i = 0; i < n; i++) out.push(word());
      out[Math.floor(r() * n)] = tailWord();
    }
    if (r() < 0.5) out[0] = out[0]!.charAt(0).toUpperCase() + out[0]!.slice(1);
    return out.join(' ');
  };
  const stringFor = (source: Source, tty: string, base: string): string => {
    if (tty === 'AB' || tty === 'ACR') return base.split(' ').map((w) => w.charAt(0).toUpperCase()).join('').slice(0, 6) || 'X';
    if (tty === 'BN') return tailWord().toUpperCase();
    if (source.sab === 'LNC' && tty === 'LN') return `${base}:${['MCnc', 'SCnc', 'NCnc', 'PrThr', 'ACnc'][Math.floor(r() * 5)]}:Pt:${['Ser/Plas', 'Bld', 'Urine', 'CSF'][Math.floor(r() * 4)]}:Qn`;
    if (source.sab === 'RXNORM' && (tty === 'SCD' || tty === 'SBD')) return `${base} ${1 + Math.floor(r() * 500)} MG Oral Tablet`;
    if (source.sab === 'SNOMEDCT_US' && tty === 'FN') return `${base} (${['disorder', 'finding', 'procedure', 'substance', 'body structure'][Math.floor(r() * 5)]})`;
    return r() < 0.35 ? phrase() : base;
  };

  const conso = new LineWriter(join(options.dir, 'MRCONSO.RRF'));
  const sty = new LineWriter(join(options.dir, 'MRSTY.RRF'));
  let aui = 0;
  let sui = 0;
  let lui = 0;
  let english = 0;
  let other = 0;
  let suppressed = 0;
  for (let n = 1; n <= conceptCount; n++) {
    const cui = `C${String(n).padStart(7, '0')}`;
    const base = phrase();
    // English atoms: 1 + a geometric tail, mean meanEnglish.
    let atoms = 1;
    while (r() < 1 - 1 / meanEnglish && atoms < 60) atoms++;
    const primary = SOURCES[pick(sourceCdf, r())]!;
    for (let a = 0; a < atoms; a++) {
      const source = a === 0 ? primary : SOURCES[pick(sourceCdf, r())]!;
      const tty = source.ttys[Math.floor(r() * source.ttys.length)]!;
      const str = a === 0 ? base : stringFor(source, tty, base);
      const preferred = a === 0;
      const suppress = r() < 0.04 ? ['O', 'E', 'Y'][Math.floor(r() * 3)]! : 'N';
      if (suppress !== 'N') suppressed++;
      aui++;
      sui++;
      if (preferred || r() < 0.6) lui++;
      conso.line(`${cui}|ENG|${preferred ? 'P' : 'S'}|L${String(lui).padStart(7, '0')}|${preferred ? 'PF' : 'VO'}|S${String(sui).padStart(7, '0')}|${preferred || r() < 0.3 ? 'Y' : 'N'}|A${String(aui).padStart(8, '0')}||${source.code(r, n)}|${source.sab === 'MSH' ? source.code(r, n) : ''}|${source.sab}|${tty}|${source.code(r, n)}|${str}|${source.srl}|${suppress}|256|`);
      english++;
    }
    // Other languages: about a quarter more atoms.
    while (r() < 0.2) {
      aui++;
      sui++;
      conso.line(`${cui}|${OTHER_LANGUAGES[Math.floor(r() * OTHER_LANGUAGES.length)]}|S|L${String(lui).padStart(7, '0')}|PF|S${String(sui).padStart(7, '0')}|Y|A${String(aui).padStart(8, '0')}|||D${n}|MSH${'SPA'}|MH|D${n}|${phrase()}|3|N||`);
      other++;
    }
    const types = 1 + (r() < 0.18 ? 1 : 0) + (r() < 0.03 ? 1 : 0);
    const used = new Set<number>();
    for (let t = 0; t < types; t++) {
      const k = pick(tuiCdf, r());
      if (used.has(k)) continue;
      used.add(k);
      const [tui, stn, name] = TUIS[k]!;
      sty.line(`${cui}|${tui}|${stn}|${name}|AT${String(n * 3 + t).padStart(8, '0')}|256|`);
    }
    if (n % 250_000 === 0) options.onProgress?.(`synthetic UMLS: ${n.toLocaleString('en-US')} of ${conceptCount.toLocaleString('en-US')} concepts`);
  }
  conso.close();
  sty.close();
  const sab = new LineWriter(join(options.dir, 'MRSAB.RRF'));
  const sabRow = (rsab: string, version: string, srl: number, lat: string): string =>
    `C${rsab.length}|C${rsab.length}|${rsab}_${version}|${rsab}|${rsab} synthetic source|${rsab}|${version}|||||${srl}|0||||||${lat}|UTF-8|Y|Y|${rsab}|${rsab}|`;
  sab.line(sabRow('MTH', '2024AA', 0, 'ENG'));
  for (const s of SOURCES) if (s.sab !== 'MTH') sab.line(sabRow(s.sab, '2024AA', s.srl, 'ENG'));
  sab.close();
  return { concepts: conceptCount, englishAtoms: english, otherLanguageAtoms: other, suppressedAtoms: suppressed, bytes: conso.bytes + sty.bytes + sab.bytes };
}
