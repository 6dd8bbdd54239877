// Compiles SourceRecords into a CompiledKb: merge (merge.ts), turn every name into a normalised key
// (normalize.ts) after the stop-list and length filters, then build the token trie in CSR arrays.
// Also used for small in-memory knowledge bases (cartridge dictionaries).
import { createHash } from 'node:crypto';
import { CODE_FIELDS, type CodeField, type Concept } from './kb.js';
import type { SourceName, SourceRecord } from './builders/source-record.js';
import { CompiledKb, KB_FORMAT, KB_FORMAT_VERSION, encodeConceptLine, tablesOf, type BuildStats, type KbData } from './compiled-kb.js';
import { mergeRecords, type MergedConcept } from './merge.js';
import { NORMALIZER_VERSION, createNormalizer, foldCase, type Normalizer, type SpellingTable } from './normalize.js';
import type { StopList } from './stoplist.js';

export { writeKnowledgeBase } from './kb-files.js';

export interface CompileInfo {
  /** Knowledge base name; also each concept's `source` (e.g. `open-clinical`, or a dictionary name). */
  readonly name: string;
  readonly version: string;
  readonly sourceVersion: string;
  /** UK → US spelling table applied to names and text (default: none). */
  readonly spelling?: SpellingTable;
  /** Words never indexed (default: none; the default build passes resources/knowledge/stoplist.tsv). */
  readonly stopList?: StopList;
  /** Build time stamp (default: now). */
  readonly builtAt?: string;
  /**
   * Clinical short forms → the expansion each vouches for (the default build passes
   * resources/knowledge/short-acronyms.tsv): a disorder's name that begins with an expansion is indexed with the
   * short form in its place too ("chronic kidney disease stage 3" → "CKD stage 3"), as notes write it.
   */
  readonly acronyms?: { readonly version: string; readonly entries: ReadonlyMap<string, string> };
}

/** Expansion (lower case, plain words) → its short form, by the expansion's first word (acronymVariants). */
type AcronymPrefixes = ReadonlyMap<string, readonly (readonly [string, string])[]>;

/**
 * Short forms left out of acronymVariants: in a name of several words the key is lower case, so a short form that
 * spells an English word would match the word ("ALL, adult" is no "all adult patients"); two-letter forms likewise.
 */
const WORD_SHORT_FORMS: ReadonlySet<string> = new Set(['ALL', 'ADD', 'CAD', 'PAD']);

function acronymPrefixesOf(acronyms: CompileInfo['acronyms'], stop: StopKeys): AcronymPrefixes {
  const out = new Map<string, [string, string][]>();
  for (const [short, expansion] of acronyms?.entries ?? []) {
    if (short.length < 3 || WORD_SHORT_FORMS.has(short) || stop.plain.has(short.toLowerCase())) continue;
    const lower = expansion.trim().toLowerCase();
    // An expansion written as a note ("aortic stenosis (disambiguated in context)") is no name.
    if (!/^[a-z0-9][a-z0-9 '-]*[a-z0-9]$/.test(lower) || !lower.includes(' ')) continue;
    const first = lower.slice(0, lower.indexOf(' '));
    const list = out.get(first);
    if (list === undefined) out.set(first, [[lower, short]]);
    else list.push([lower, short]);
  }
  return out;
}

/** "chronic kidney disease stage 3" → ["CKD stage 3"]: the name with a listed expansion at its start replaced by its short form. */
export function acronymVariants(text: string, prefixes: AcronymPrefixes): string[] {
  if (prefixes.size === 0) return [];
  const lower = text.toLowerCase();
  const space = lower.indexOf(' ');
  const list = space < 0 ? undefined : prefixes.get(lower.slice(0, space));
  if (list === undefined) return [];
  const out: string[] = [];
  for (const [expansion, short] of list) {
    // Followed by a space or a comma ("Chronic Kidney Disease, Stage 3").
    const next = lower.charCodeAt(expansion.length);
    if (lower.length > expansion.length + 1 && lower.startsWith(expansion) && (next === 32 || next === 44)) out.push(short + text.slice(expansion.length));
  }
  return out;
}

/** Names longer than this many pieces never occur verbatim in notes; they are not indexed. */
const MAX_NAME_PIECES = 12;
const MIN_PLAIN_KEY_LENGTH = 3;
const OBSOLETE = /^obsolete[\s_:]/i;

type DropReason = 'obsolete' | 'empty' | 'long' | 'short' | 'numeric' | 'stoplist' | 'relatedSingleWord';

/** Trailing "(...)" tags that qualify rather than name ("leukemia (disease)"; but not "blood (leukemia)"). */
const QUALIFIER_TAG = /^(disease|disorder|finding|symptom|syndrome|diagnosis|morphologic abnormality|body structure|qualifier value|substance|product|medicinal product|physical finding|observable entity|situation|procedure|event|clinical|NOS|NEC|navigational concept|category)$/i;
/** "A, NOS" and "A, unspecified" do not invert into names. */
const NOT_A_HEAD = /^(NOS|NEC|unspecified|not otherwise specified|other|general|disease|disorder)$/i;

/** "X deficiency" ↔ "deficiency of X" (X of at most four words), and the adjective form "X deficient". */
const DEFICIENCY_HEAD = /^(\S+(?: \S+){0,3}) deficiency$/i;
const DEFICIENCY_OF = /^deficiency of (\S+(?: \S+){0,3})$/i;
/** "Lesch-Nyhan syndrome", "von Hippel-Lindau disease": a hyphenated (or "von") eponym is written alone too. */
const HYPHENATED_EPONYM = /^((?:von )?[A-Z][a-z]+(?:-[A-Z][a-z]+)+|von [A-Z][a-z]+) (?:syndrome|disease)$/;

/**
 * Extra surface variants of a name: without a trailing "(qualifier)", "B A" for "A, B", without a trailing
 * "NOS" or ", NEC" (a bare "NEC" is an acronym: "Gastric NEC" is a neuroendocrine carcinoma), and the
 * modifier-head forms of deficiencies.
 */
export function nameVariants(text: string): string[] {
  const out = [text];
  const paren = /^(.*\S)\s*\(([^()]*)\)$/.exec(text);
  if (paren !== null && QUALIFIER_TAG.test(paren[2]!.trim())) out.push(paren[1]!);
  for (const base of [...out]) {
    const parts = base.split(',');
    if (parts.length === 2 && parts[0]!.trim() !== '' && parts[1]!.trim() !== '' && !NOT_A_HEAD.test(parts[1]!.trim())) out.push(`${parts[1]!.trim()} ${parts[0]!.trim()}`);
    const nos = /^(.*?)(?:,?\s+NOS|,\s*NEC)$/.exec(base);
    if (nos !== null) out.push(nos[1]!);
  }
  const eponym = HYPHENATED_EPONYM.exec(text);
  if (eponym !== null) out.push(eponym[1]!);
  const head = DEFICIENCY_HEAD.exec(text);
  if (head !== null) out.push(`deficiency of ${head[1]!}`, `${head[1]!} deficient`);
  const of = DEFICIENCY_OF.exec(text);
  if (of !== null) out.push(`${of[1]!} deficiency`);
  return out;
}

/** Disorder semantic types: their one-word names get adjective variants (adjectiveVariants), their long labels lend no one-word names. */
const DISORDER_TYPES: ReadonlySet<string> = new Set(['dsyn', 'mobd', 'neop', 'cgab', 'acab', 'anab', 'patf', 'sosy', 'comd', 'emod']);

/** Noun ending → adjective ending, tried in order (first match wins). */
const ADJECTIVE_RULES: readonly (readonly [RegExp, string])[] = [
  [/icity$/, 'ic'], // nephrotoxicity → nephrotoxic
  [/osis$/, 'otic'], // atherosclerosis → atherosclerotic, psychosis → psychotic
  [/psy$/, 'ptic'], // epilepsy → epileptic
  [/etes$/, 'etic'], // diabetes → diabetic
  [/sion$/, 'sive'], // hypertension → hypertensive, convulsion → convulsive
  [/([a-z]{3})(ia)$/, '$1ic'], // schizophrenia → schizophrenic, anemia → anemic
  [/([a-z]{3}[lg])y$/, '$1ic'], // acromegaly → acromegalic, allergy → allergic
];

/** Organism functions (pregnancy, lactation, menopause): criteria and notes name the state by its adjective. */
const STATE_TYPES: ReadonlySet<string> = new Set(['orgf']);

/** State noun ending → adjective ending: pregnancy → pregnant, lactation → lactating, postmenopause → postmenopausal. */
const STATE_ADJECTIVE_RULES: readonly (readonly [RegExp, string])[] = [
  [/ancy$/, 'ant'],
  [/ation$/, 'ating'],
  [/pause$/, 'pausal'],
];

/**
 * The adjective a one-word disorder name is commonly written as ("diabetic", "epileptic", "hypertensive"), or
 * with STATE_ADJECTIVE_RULES a state's ("pregnant"): indexed only where no concept has that key as a name of its
 * own (see compileMerged).
 */
export function adjectiveVariants(text: string, rules: readonly (readonly [RegExp, string])[] = ADJECTIVE_RULES): string[] {
  if (!/^[A-Za-z]{6,}$/.test(text)) return [];
  const word = text.toLowerCase();
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) return [word.replace(pattern, replacement)];
  }
  return [];
}

/** "G6PD deficiency", "HPRT-related ...", "COL2A1 gene": the all-caps word names the gene or enzyme. */
const GENE_MODIFIER = /^([A-Z][A-Z0-9]{1,7})[ -](?:deficiency|deficient|gene|mutation|mutations|related|associated)\b/;

/**
 * Symbols a concept's own names use as modifiers of a gene or enzyme ("G6PD" in "G6PD deficiency"): alone,
 * such a symbol means the gene, not the disorder, so it is not indexed as a name of its own.
 */
export function geneSymbolsOf(names: readonly SourceName[]): Set<string> {
  const out = new Set<string>();
  for (const n of names) {
    const m = GENE_MODIFIER.exec(n.text.trim());
    if (m !== null) out.add(m[1]!);
  }
  return out;
}

interface StopKeys {
  readonly plain: ReadonlySet<string>;
  readonly acronym: ReadonlySet<string>;
  /** Acronyms stopped for every concept but lab tests (scope `acronym-unless-lab`). */
  readonly acronymUnlessLab?: ReadonlySet<string>;
}

function stopKeysOf(stopList: StopList | undefined, normalizer: Normalizer): StopKeys {
  const plain = new Set<string>();
  const acronym = new Set<string>();
  const acronymUnlessLab = new Set<string>();
  for (const [term, scope] of stopList?.entries ?? []) {
    if (scope === 'acronym-unless-lab') {
      acronymUnlessLab.add(foldCase(term));
      continue;
    }
    if (scope !== 'acronym') plain.add(normalizer.termKey(term));
    if (scope !== 'lower') acronym.add(foldCase(term));
  }
  return { plain, acronym, acronymUnlessLab };
}

/** The index key of a name, or why it is not indexed; `lab`: the name is a lab test's (lbpr). */
export function nameKey(name: SourceName, normalizer: Normalizer, stop: StopKeys, lab = false): { key: string } | { drop: DropReason } {
  if (OBSOLETE.test(name.text)) return { drop: 'obsolete' };
  const pieces = normalizer.scan(name.text);
  if (pieces.length === 0) return { drop: 'empty' };
  if (pieces.length > MAX_NAME_PIECES) return { drop: 'long' };
  if (pieces.length === 1) {
    const p = pieces[0]!;
    if (p.acronymKey !== undefined) {
      const folded = foldCase(p.acronymKey.slice(1));
      return stop.acronym.has(folded) || (!lab && stop.acronymUnlessLab?.has(folded) === true) ? { drop: 'stoplist' } : { key: p.acronymKey };
    }
    if (p.key.length < MIN_PLAIN_KEY_LENGTH) return { drop: 'short' };
    if (/^[0-9]+$/.test(p.key)) return { drop: 'numeric' };
    if (name.kind === 'related') return { drop: 'relatedSingleWord' };
  }
  let key = pieces[0]!.key;
  for (let i = 1; i < pieces.length; i++) key += ' ' + pieces[i]!.key;
  if (stop.plain.has(key)) return { drop: 'stoplist' };
  return { key };
}

/** A parenthesised optical-rotation sign: (+), (-), (−), (±), (+/-). */
const STEREO_SIGN = /\((?:[+\-\u2212\u00b1]|\+\/[-\u2212])\)/;

/** Anatomical types (UMLS Anatomy group): their labels name a part by a head noun and modifiers. */
const ANATOMY_TYPES: ReadonlySet<string> = new Set(['bpoc', 'blor', 'bsoj', 'anst', 'tisu', 'emst', 'ffas', 'bdsu', 'cell']);

/** The head word of a label's keys: the word before "of" ("neck of the pancreas"), else the last ("bladder neck"). */
export function headWord(keys: readonly string[]): string {
  const of = keys.indexOf('of');
  return of > 0 ? keys[of - 1]! : keys[keys.length - 1]!;
}

/** Names of at most this many letters are checked for case artifacts (caseArtifacts). */
const SHORT_CASED_NAME_MAX = 3;

/** Substance types (UMLS Chemicals & Drugs): their short capitalised names are symbols (Met, Val, Zn, Dex). */
const SUBSTANCE_TYPES: ReadonlySet<string> = new Set(['aapp', 'phsu', 'elii', 'inch', 'orch', 'bacs', 'nnon', 'horm', 'vita', 'antb', 'strd', 'lipd', 'carb', 'enzy', 'imft', 'hops', 'chvs', 'chvf', 'clnd', 'food']);

/**
 * Short names whose case carries their meaning, dropped: (1) the lower-case copy of a concept's own short
 * acronym ("pie" beside "PIE" for pulmonary interstitial emphysema, "let", "pin", "pad": a copy some lexicons
 * make by lower-casing every synonym): the acronym stays indexed case-sensitively, the copy would match the
 * English word; (2) for substances, a short name written with an initial capital only ("Met", "Val", "Ser":
 * amino-acid codes, "Zol", "Dex") when the concept has no lower-case spelling of it: a symbol, not a word ("met"
 * in "goals were met" is not methionine). Preferred names and corpus-attested forms are kept as they are.
 */
export function caseArtifacts(names: readonly SourceName[], substance: boolean): ReadonlySet<string> {
  const short = (text: string): string | undefined => {
    const t = text.trim();
    return t.length <= SHORT_CASED_NAME_MAX && /^[A-Za-z]+$/.test(t) ? t : undefined;
  };
  const capitals = new Set<string>();
  const lowerCase = new Set<string>();
  for (const name of names) {
    const t = short(name.text);
    if (t === undefined) continue;
    if (t === t.toUpperCase()) capitals.add(t.toLowerCase());
    else if (t === t.toLowerCase()) lowerCase.add(t);
  }
  const drop = new Set<string>();
  for (const name of names) {
    const t = short(name.text);
    if (t === undefined || name.kind === 'preferred' || name.kind === 'attested') continue;
    if (t === t.toLowerCase() ? capitals.has(t) : substance && /^[A-Z][a-z]+$/.test(t) && !lowerCase.has(t.toLowerCase())) drop.add(name.text);
  }
  return drop;
}

export function compileKnowledge(records: Iterable<SourceRecord>, info: CompileInfo): CompiledKb {
  const started = Date.now();
  const { concepts: merged, report } = mergeRecords(records);
  const { refusedByPrefix, ...counts } = report;
  const stats: Record<string, number> = { ...counts };
  for (const [prefix, n] of Object.entries(refusedByPrefix)) stats[`refused:${prefix}`] = n;
  return compileMerged(merged, info, stats, started);
}

export function compileMerged(merged: readonly MergedConcept[], info: CompileInfo, mergeStats: Record<string, number>, started = Date.now()): CompiledKb {
  const spelling = info.spelling ?? new Map<string, string>();
  const normalizer = createNormalizer(spelling);
  const stop = stopKeysOf(info.stopList, normalizer);
  const acronymPrefixes = acronymPrefixesOf(info.acronyms, stop);
  const dropped: Record<string, number> = {};

  // key → concept indexes (ascending, unique); code-only concepts yield to real ones on the same key.
  const keyConcepts = new Map<string, number[]>();
  const codeOnlyKeys = new Map<string, number[]>();
  const adjectiveKeys = new Map<string, number[]>();
  let names = 0;
  const conceptLines: string[] = [];
  const oneWordLabels = new Set<string>();
  const anatomyNames = new Set<string>();
  for (const m of merged) {
    const pieces = normalizer.scan(m.preferredName);
    if (pieces.length === 1) oneWordLabels.add(pieces[0]!.key);
    if (!m.semanticTypes.some((t) => ANATOMY_TYPES.has(t)) || m.semanticTypes.some((t) => DISORDER_TYPES.has(t))) continue;
    for (const name of [{ text: m.preferredName, kind: 'preferred' as const }, ...m.names]) {
      if (name.kind !== 'preferred' && name.kind !== 'exact') continue;
      const r = nameKey(name, normalizer, stop);
      if ('key' in r) anatomyNames.add(r.key);
    }
  }
  const codeCounts: Partial<Record<CodeField, number>> = {};
  merged.forEach((m, index) => {
    const concept: Concept = {
      cui: m.cui,
      preferredName: m.preferredName,
      semanticTypes: m.semanticTypes,
      source: info.name,
      sourceVersion: info.sourceVersion,
      vocabs: m.vocabs,
      codes: m.codes,
      xrefs: m.xrefs,
    };
    conceptLines.push(encodeConceptLine(concept));
    for (const f of CODE_FIELDS) {
      const n = m.codes[f]?.length ?? 0;
      if (n > 0) codeCounts[f] = (codeCounts[f] ?? 0) + n;
    }
    const seen = new Set<string>();
    const geneSymbols = geneSymbolsOf(m.names);
    // One word of a long preferred name is not a name of the concept ("Seizures" for "Seizure Related to
    // COVID-19", "Mitochondrial" for "Muscular Dystrophy Secondary to Mitochondrial Disorder").
    const labelWords = normalizer.scan(m.preferredName).map((p) => p.key);
    const disorder = m.semanticTypes.some((t) => DISORDER_TYPES.has(t));
    const state = m.semanticTypes.some((t) => STATE_TYPES.has(t));
    const truncation = disorder && labelWords.length >= 3 ? new Set(labelWords) : undefined;
    // The head noun of a multi-word anatomical label, when it is the label of another concept, names that
    // concept, not this part: "neck" is Neck, not "Bladder Neck" nor "Neck of the Pancreas"; "capillary" is
    // Capillary, not "Blood Capillary". ("uvula" stays a name of "palatine uvula" when no concept is labelled
    // "uvula"; modifiers such as "musculoskeletal" for "Musculoskeletal System" are never affected.)
    const head = labelWords.length >= 2 && m.semanticTypes.some((t) => ANATOMY_TYPES.has(t)) ? headWord(labelWords) : undefined;
    const anatomyHead = head !== undefined && oneWordLabels.has(head) ? head : undefined;
    const allNames = m.codeNames.length === 0 ? m.names : [...m.names, ...m.codeNames];
    const lab = m.semanticTypes.includes('lbpr');
    const casedWrongly = caseArtifacts(allNames, m.semanticTypes.some((t) => SUBSTANCE_TYPES.has(t)));
    for (let n = 0; n < allNames.length; n++) {
      const name = allNames[n]!;
      // Names only an attached code's index gives yield, like a code-only concept's, to concepts owning them.
      const fromCode = m.codeOnly || n >= m.names.length;
      if (geneSymbols.size > 0 && geneSymbols.has(name.text.trim())) {
        dropped.geneSymbol = (dropped.geneSymbol ?? 0) + 1;
        continue;
      }
      // An optical-rotation sign is all that tells an enantiomer's name from its racemate's, and normalisation
      // drops it: "(−)-omeprazole" (esomeprazole) would be "omeprazole".
      if (STEREO_SIGN.test(name.text)) {
        dropped.stereoSign = (dropped.stereoSign ?? 0) + 1;
        continue;
      }
      if (casedWrongly.has(name.text)) {
        dropped.caseArtifact = (dropped.caseArtifact ?? 0) + 1;
        continue;
      }
      // Broad, narrow and related synonyms of a disorder name another concept (its parent, a subtype, a
      // sibling): matching them puts the wrong disorder on the mention.
      if (disorder && name.kind === 'related') {
        dropped.relatedDisorder = (dropped.relatedDisorder ?? 0) + 1;
        continue;
      }
      // Attested corpus mentions are names as written ("dyskinesia" for drug-induced dyskinesia): kept.
      if (truncation !== undefined && name.kind !== 'abbreviation' && name.kind !== 'attested') {
        const pieces = normalizer.scan(name.text);
        if (pieces.length === 1 && truncation.has(pieces[0]!.key)) {
          dropped.labelWord = (dropped.labelWord ?? 0) + 1;
          continue;
        }
      }
      // A disorder's synonym that names an anatomical structure names the structure: MONDO lists "pituitary
      // gland" and "hypophysis" as synonyms of hypophysitis (imported with a mapping to NCIt's Pituitary Gland).
      if (disorder && name.kind !== 'preferred' && name.kind !== 'attested') {
        const r = nameKey(name, normalizer, stop);
        if ('key' in r && anatomyNames.has(r.key)) {
          dropped.anatomyName = (dropped.anatomyName ?? 0) + 1;
          continue;
        }
      }
      if (anatomyHead !== undefined && name.kind !== 'preferred' && name.kind !== 'attested' && name.kind !== 'abbreviation') {
        const pieces = normalizer.scan(name.text);
        if (pieces.length === 1 && pieces[0]!.key === anatomyHead) {
          dropped.anatomyHead = (dropped.anatomyHead ?? 0) + 1;
          continue;
        }
      }
      const variants = nameVariants(name.text);
      if (disorder && !fromCode && (name.kind === 'preferred' || name.kind === 'exact')) for (const v of acronymVariants(name.text, acronymPrefixes)) variants.push(v);
      for (const text of variants) {
        const r = nameKey({ text, kind: name.kind }, normalizer, stop, lab);
        if ('drop' in r) {
          if (text === name.text) dropped[r.drop] = (dropped[r.drop] ?? 0) + 1;
          continue;
        }
        if (seen.has(r.key)) continue;
        seen.add(r.key);
        names++;
        const target = fromCode ? codeOnlyKeys : keyConcepts;
        const list = target.get(r.key);
        if (list === undefined) target.set(r.key, [index]);
        else list.push(index);
      }
      if (fromCode || !(disorder || state) || (name.kind !== 'preferred' && name.kind !== 'exact' && name.kind !== 'attested' && name.kind !== 'layperson')) continue;
      for (const text of adjectiveVariants(name.text, disorder ? ADJECTIVE_RULES : STATE_ADJECTIVE_RULES)) {
        const r = nameKey({ text, kind: name.kind }, normalizer, stop);
        if ('drop' in r || seen.has(r.key)) continue;
        seen.add(r.key);
        const list = adjectiveKeys.get(r.key);
        if (list === undefined) adjectiveKeys.set(r.key, [index]);
        else list.push(index);
      }
    }
  });
  let codeOnlyShadowed = 0;
  for (const [key, list] of codeOnlyKeys) {
    if (keyConcepts.has(key)) codeOnlyShadowed++;
    else keyConcepts.set(key, list);
  }
  dropped.codeOnlyShadowed = codeOnlyShadowed;
  // Derived adjectives yield to every real name (a concept named "allergic" keeps that key to itself).
  let adjectives = 0;
  for (const [key, list] of adjectiveKeys) {
    if (keyConcepts.has(key)) continue;
    keyConcepts.set(key, list);
    adjectives++;
  }
  dropped.adjectiveIndexed = adjectives;

  const trie = buildTrie(keyConcepts);
  const text = conceptLines.join('');
  const conceptText = Buffer.from(text, 'utf8');
  const conceptOffsets = new Uint32Array(conceptLines.length + 1);
  let offset = 0;
  for (let i = 0; i < conceptLines.length; i++) {
    conceptOffsets[i] = offset;
    offset += Buffer.byteLength(conceptLines[i]!, 'utf8');
  }
  conceptOffsets[conceptLines.length] = offset;

  const buildId = createHash('sha256')
    .update(NORMALIZER_VERSION).update('\0').update(info.stopList?.version ?? '').update('\0').update(info.acronyms?.version ?? '').update('\0')
    .update(info.name).update('\0').update(info.version).update('\0').update(text)
    .update('\0').update(trie.tokens.join('\n'))
    .digest('hex').slice(0, 16);
  const stats: BuildStats = {
    concepts: merged.length,
    names,
    terms: keyConcepts.size,
    codes: codeCounts,
    dropped,
    merge: mergeStats,
    buildMs: Date.now() - started,
  };
  const data: KbData = {
    header: {
      format: KB_FORMAT,
      formatVersion: KB_FORMAT_VERSION,
      info: {
        name: info.name,
        version: info.version,
        sourceVersion: info.sourceVersion,
        builtAt: info.builtAt ?? new Date().toISOString(),
        buildId,
        normalizerVersion: NORMALIZER_VERSION,
        conceptCount: merged.length,
        termCount: keyConcepts.size,
      },
      stoplistVersion: info.stopList?.version ?? '',
      stats,
      counts: { nodes: trie.edgeStart.length - 1, edges: trie.edgeToken.length, conceptRefs: trie.conceptIds.length, tokens: trie.tokens.length },
    },
    tokens: trie.tokens,
    edgeStart: trie.edgeStart,
    edgeToken: trie.edgeToken,
    edgeChild: trie.edgeChild,
    conceptStart: trie.conceptStart,
    conceptIds: trie.conceptIds,
    conceptText,
    conceptOffsets,
    spelling,
  };
  return new CompiledKb(tablesOf(data));
}

interface Trie {
  tokens: string[];
  edgeStart: Int32Array;
  edgeToken: Int32Array;
  edgeChild: Int32Array;
  conceptStart: Int32Array;
  conceptIds: Int32Array;
}

/** Builds the CSR trie from key → concepts; token ids are assigned in sorted token order. */
function buildTrie(keyConcepts: ReadonlyMap<string, readonly number[]>): Trie {
  const tokenSet = new Set<string>();
  for (const key of keyConcepts.keys()) for (const t of key.split(' ')) tokenSet.add(t);
  const tokens = [...tokenSet].sort();
  const tokenIds = new Map<string, number>();
  tokens.forEach((t, i) => tokenIds.set(t, i));

  const terms = [...keyConcepts].map(([key, concepts]) => ({ seq: key.split(' ').map((t) => tokenIds.get(t)!), concepts }));
  terms.sort((a, b) => {
    const n = Math.min(a.seq.length, b.seq.length);
    for (let i = 0; i < n; i++) if (a.seq[i] !== b.seq[i]) return a.seq[i]! - b.seq[i]!;
    return a.seq.length - b.seq.length;
  });

  // Walk the sorted sequences, reusing the common prefix with the previous one.
  const edgeParent: number[] = [];
  const edgeTok: number[] = [];
  const edgeChildList: number[] = [];
  const nodeTerm: number[] = [-1]; // node → term index ending there
  const path: number[] = [0];
  let prev: number[] = [];
  let nodeCount = 1;
  terms.forEach((term, ti) => {
    let lcp = 0;
    while (lcp < prev.length && lcp < term.seq.length && prev[lcp] === term.seq[lcp]) lcp++;
    path.length = lcp + 1;
    for (let i = lcp; i < term.seq.length; i++) {
      const child = nodeCount++;
      nodeTerm.push(-1);
      edgeParent.push(path[i]!);
      edgeTok.push(term.seq[i]!);
      edgeChildList.push(child);
      path.push(child);
    }
    nodeTerm[path[term.seq.length]!] = ti;
    prev = term.seq;
  });

  // Counting sort of edges by parent keeps token order inside each parent (input order is sorted).
  const edgeStart = new Int32Array(nodeCount + 1);
  for (const p of edgeParent) edgeStart[p + 1]!++;
  for (let i = 0; i < nodeCount; i++) edgeStart[i + 1]! += edgeStart[i]!;
  const fill = edgeStart.slice(0, nodeCount);
  const edgeToken = new Int32Array(edgeParent.length);
  const edgeChild = new Int32Array(edgeParent.length);
  for (let e = 0; e < edgeParent.length; e++) {
    const at = fill[edgeParent[e]!]!++;
    edgeToken[at] = edgeTok[e]!;
    edgeChild[at] = edgeChildList[e]!;
  }

  const conceptStart = new Int32Array(nodeCount + 1);
  let refs = 0;
  for (let n = 0; n < nodeCount; n++) {
    conceptStart[n] = refs;
    const ti = nodeTerm[n]!;
    if (ti >= 0) refs += terms[ti]!.concepts.length;
  }
  conceptStart[nodeCount] = refs;
  const conceptIds = new Int32Array(refs);
  for (let n = 0; n < nodeCount; n++) {
    const ti = nodeTerm[n]!;
    if (ti >= 0) conceptIds.set([...new Set(terms[ti]!.concepts)].sort((a, b) => a - b), conceptStart[n]!);
  }
  return { tokens, edgeStart, edgeToken, edgeChild, conceptStart, conceptIds };
}
