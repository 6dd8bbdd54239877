// A supervised lexicon learned from the TRAINING splits of annotated corpora (NCBI Disease, BioCreative V
// CDR; PubTator format, US public domain), as DNorm and TaggerOne learn theirs: each surface form annotated
// with a MeSH (or OMIM) id becomes a name of that id. The record carries `MESH:<id>` (or `OMIM:<id>`) and the
// code-only marker `LEXICON:MESH:<id>` (which ids the corpora attest, when a concept cites several), so the merger joins it to the concept that cross-references the id, or it becomes a new concept when no
// other source knows the id (MeSH itself is not among the open sources).
//
// Forms are not added blindly. A form is kept only when
//  * it is not part of a composite mention and names one id in most (> half) of its annotated occurrences;
//  * where it occurs in the corpus text (word-bounded, case-insensitive, not inside a longer gold mention),
//    it is annotated at least half of the time (a word that is mostly not a mention stays out);
//  * it has at least MIN_FORM_CHARS characters and a letter; acronym-like forms (no lower-case letter,
//    short) need annotations in two documents, as an abbreviation is usually defined per abstract.
// Only files the manifest lists are read: the training splits, never the development splits used to score.
import { join } from 'node:path';
import type { SourceName, SourceRecord } from './source-record.js';
import { readSourceText } from './text-files.js';

export type CorpusEntityClass = 'disease' | 'chemical';

export interface CorpusLexiconFile {
  /** Path inside the corpora mirror. */
  readonly path: string;
  /** Record source (UMLS-style abbreviation). */
  readonly source: string;
  /** PubTator mention type → entity class (types not listed are ignored). */
  readonly classes: Readonly<Record<string, CorpusEntityClass>>;
}

/** The training splits the default build learns from (must match manifest.json's `corpora` files). */
export const CORPUS_LEXICON_FILES: readonly CorpusLexiconFile[] = [
  {
    path: 'ncbi-disease/NCBItrainset_corpus.txt',
    source: 'NCBI_DISEASE_TRAIN',
    classes: { SpecificDisease: 'disease', DiseaseClass: 'disease', Modifier: 'disease', CompositeMention: 'disease' },
  },
  { path: 'bc5cdr/CDR_TrainingSet.PubTator.txt', source: 'BC5CDR_TRAIN', classes: { Disease: 'disease', Chemical: 'chemical' } },
];

/** Semantic type of a concept the lexicon creates (merged concepts keep their sources' types first). */
export const CLASS_SEMANTIC_TYPE: Readonly<Record<CorpusEntityClass, string>> = { disease: 'dsyn', chemical: 'chem' };

export const MIN_FORM_CHARS = 2;
/** A form is kept when its top id has more than this share of the form's annotations. */
export const MIN_ID_SHARE = 0.5;
/** ... and when at least this share of its free occurrences in the text are annotated. */
export const MIN_ANNOTATED_SHARE = 0.5;
/**
 * A kept form that a training corpus has this many times in its text, never annotated, gets a NOT_A_MENTION
 * table entry for that corpus (train half-split: NCBI document-id F1 +0.004; the other corpora unchanged).
 */
export const NEGATIVE_MIN_FREE = 1;
/** Acronym-like forms up to this length need annotations in two documents. */
export const ACRONYM_MAX_CHARS = 6;

interface CorpusDocument {
  readonly text: string;
  readonly mentions: { readonly begin: number; readonly end: number; readonly text: string; readonly type: string; readonly ids: readonly string[] }[];
}

/** PubTator documents: `PMID|t|`, `PMID|a|` and mention lines (relation lines are skipped). */
export function parsePubTatorDocuments(text: string): CorpusDocument[] {
  const docs: CorpusDocument[] = [];
  let title = '';
  let abstract = '';
  let mentions: CorpusDocument['mentions'] = [];
  let open = false;
  const flush = (): void => {
    if (open) docs.push({ text: `${title} ${abstract}`, mentions });
    title = '';
    abstract = '';
    mentions = [];
    open = false;
  };
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') {
      flush();
      continue;
    }
    const bar = /^(\d+)\|([ta])\|(.*)$/.exec(line);
    if (bar !== null) {
      if (bar[2] === 't') {
        flush();
        title = bar[3]!;
      } else abstract = bar[3]!;
      open = true;
      continue;
    }
    const cols = line.split('\t');
    if (cols.length < 6 || cols[1] === 'CID') continue;
    const begin = Number(cols[1]);
    const end = Number(cols[2]);
    if (!Number.isInteger(begin) || !Number.isInteger(end)) continue;
    const ids = cols[5]!.split(/[|+,]/).map((s) => s.trim()).filter((s) => s !== '' && s !== '-1');
    mentions.push({ begin, end, text: cols[3]!, type: cols[4]!, ids });
  }
  flush();
  return docs;
}

/** Lower-case word and punctuation tokens with offsets (the form key is the tokens joined by spaces). */
function tokens(text: string): { key: string; begin: number; end: number }[] {
  const out: { key: string; begin: number; end: number }[] = [];
  const re = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push({ key: m[0].toLowerCase(), begin: m.index, end: m.index + m[0].length });
  return out;
}

export function formKey(text: string): string {
  return tokens(text).map((t) => t.key).join(' ');
}

function isAcronymLike(text: string): boolean {
  return text.length <= ACRONYM_MAX_CHARS && !/\p{Ll}/u.test(text) && !text.includes(' ');
}

/** `D012640` / `C065679` → `MESH:…`; `OMIM:…` kept; anything else is not an id the lexicon can name. */
function curieOf(id: string): string | undefined {
  if (/^[CD]\d{6,9}$/.test(id)) return `MESH:${id}`;
  if (/^OMIM:\d+$/.test(id)) return id;
  return undefined;
}

interface FormStats {
  readonly cls: CorpusEntityClass;
  readonly idCounts: Map<string, number>;
  /** Surface spellings → count (the most frequent becomes the name). */
  readonly spellings: Map<string, number>;
  readonly docs: Set<number>;
  /** Record sources (files) the form is annotated in. */
  readonly sources: Set<string>;
  /** Free occurrences per file (record source). */
  readonly freeBySource: Map<string, number>;
  annotated: number;
  free: number;
}

export interface CorpusLexiconInput {
  readonly file: CorpusLexiconFile;
  readonly text: string;
}

export interface CorpusLexiconReport {
  readonly forms: number;
  readonly kept: number;
  readonly ambiguous: number;
  readonly mostlyUnannotated: number;
  readonly tooShortOrRare: number;
}

export interface CorpusLexiconOptions {
  readonly minIdShare?: number;
  readonly minAnnotatedShare?: number;
  /** Documents an acronym-like form must be annotated in (default 2). */
  readonly acronymMinDocs?: number;
  /** Free occurrences in a corpus that never annotates a kept form, for a NOT_A_MENTION table entry. */
  readonly negativeMinFree?: number;
}

export interface CorpusLexicon {
  /** One record per (source, class, id): the forms the matcher may match. */
  readonly records: SourceRecord[];
  /**
   * Form → id entries (CORPUS_LEXICON_TABLE): the kept forms, each with the id it names. (Adding the forms left
   * out only as mostly unannotated, "infection", was neutral on the train half-split: NCBI -0.001, chemical -0.001.)
   */
  readonly table: CorpusLexiconEntry[];
  readonly report: CorpusLexiconReport;
}

/** Learns the lexicon from parsed training files; one record per (source, class, id). */
export function corpusLexiconRecords(inputs: readonly CorpusLexiconInput[], options: CorpusLexiconOptions = {}): CorpusLexicon {
  const { minIdShare = MIN_ID_SHARE, minAnnotatedShare = MIN_ANNOTATED_SHARE, acronymMinDocs = 2, negativeMinFree = NEGATIVE_MIN_FREE } = options;
  const stats = new Map<string, FormStats>(); // `${cls}\t${key}`
  const parsed = inputs.map((input) => ({ input, docs: parsePubTatorDocuments(input.text) }));
  let docSerial = 0;
  // 1. Annotated occurrences.
  for (const { input, docs } of parsed) {
    for (const doc of docs) {
      const serial = docSerial++;
      for (const m of doc.mentions) {
        const cls = input.file.classes[m.type];
        if (cls === undefined) continue;
        const key = formKey(m.text);
        if (key === '') continue;
        const k = `${cls}\t${key}`;
        let s = stats.get(k);
        if (s === undefined) {
          s = { cls, idCounts: new Map(), spellings: new Map(), docs: new Set(), sources: new Set(), freeBySource: new Map(), annotated: 0, free: 0 };
          stats.set(k, s);
        }
        s.annotated++;
        s.docs.add(serial);
        s.sources.add(input.file.source);
        s.spellings.set(m.text, (s.spellings.get(m.text) ?? 0) + 1);
        // A composite mention's ids name its parts, not the form: counted as its own (unusable) id.
        const id = m.ids.length === 1 ? curieOf(m.ids[0]!) ?? '?' : '?';
        s.idCounts.set(id, (s.idCounts.get(id) ?? 0) + 1);
      }
    }
  }
  // 2. Free occurrences: word-bounded n-grams equal to a form, not inside a longer gold mention, in the
  //    files that annotate the form's class.
  const prefixes = new Set<string>();
  for (const k of stats.keys()) {
    const words = k.split('\t')[1]!.split(' ');
    for (let n = 1; n <= words.length; n++) prefixes.add(words.slice(0, n).join(' '));
  }
  for (const { input, docs } of parsed) {
    const classes = new Set(Object.values(input.file.classes));
    for (const doc of docs) {
      const toks = tokens(doc.text);
      for (let i = 0; i < toks.length; i++) {
        let key = '';
        for (let n = 1; i + n <= toks.length; n++) {
          key = n === 1 ? toks[i]!.key : `${key} ${toks[i + n - 1]!.key}`;
          if (!prefixes.has(key)) break;
          const begin = toks[i]!.begin;
          const end = toks[i + n - 1]!.end;
          for (const cls of classes) {
            const s = stats.get(`${cls}\t${key}`);
            if (s === undefined) continue;
            const covered = doc.mentions.some((m) => m.begin <= begin && m.end >= end && m.end - m.begin > end - begin && input.file.classes[m.type] !== undefined);
            if (!covered) {
              s.free++;
              s.freeBySource.set(input.file.source, (s.freeBySource.get(input.file.source) ?? 0) + 1);
            }
          }
        }
      }
    }
  }
  // 3. Keep the forms that pass, grouped per id.
  let kept = 0;
  let ambiguous = 0;
  let mostlyUnannotated = 0;
  let tooShortOrRare = 0;
  const byId = new Map<string, { cls: CorpusEntityClass; source: string; id: string; names: SourceName[]; best: { text: string; count: number } }>();
  const table: CorpusLexiconEntry[] = [];
  for (const [, s] of [...stats].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const spelling = [...s.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0].trim();
    const [topId, topCount] = [...s.idCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    if (spelling.length < MIN_FORM_CHARS || !/\p{L}/u.test(spelling) || (isAcronymLike(spelling) && s.docs.size < acronymMinDocs)) {
      tooShortOrRare++;
      continue;
    }
    if (topId === '?' || topCount / s.annotated <= minIdShare) {
      ambiguous++;
      continue;
    }
    // s.free counts the annotated occurrences too (they are free text spans as well).
    if (s.annotated / Math.max(s.free, s.annotated) < minAnnotatedShare) {
      mostlyUnannotated++;
      continue;
    }
    for (const source of [...s.sources].sort()) table.push({ source, cls: s.cls, id: topId, form: spelling });
    // A corpus that has the form in its text, never annotated, does not take it for a mention of the class.
    for (const [source, free] of [...s.freeBySource].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (!s.sources.has(source) && free >= negativeMinFree) table.push({ source, cls: s.cls, id: NOT_A_MENTION, form: spelling });
    }
    kept++;
    for (const source of s.sources) {
      const groupKey = `${source}\t${s.cls}\t${topId}`;
      let group = byId.get(groupKey);
      if (group === undefined) {
        group = { cls: s.cls, source, id: topId, names: [], best: { text: spelling, count: 0 } };
        byId.set(groupKey, group);
      }
      group.names.push({ text: spelling, kind: isAcronymLike(spelling) ? 'abbreviation' : 'attested' });
      if (s.annotated > group.best.count && !isAcronymLike(spelling)) group.best = { text: spelling, count: s.annotated };
    }
  }
  const records: SourceRecord[] = [];
  for (const [, g] of [...byId].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    // No preferredName: the other sources' label stays the concept's, and the attested forms keep their kind
    // (a new concept takes its first name, the most frequent non-acronym form).
    const names = [...g.names.filter((n) => n.text === g.best.text), ...g.names.filter((n) => n.text !== g.best.text)];
    records.push({ source: g.source, ids: [g.id, `LEXICON:${g.id}`], names, semanticTypes: [CLASS_SEMANTIC_TYPE[g.cls]], semanticTypesFallback: true });
  }
  return { records, table, report: { forms: stats.size, kept, ambiguous, mostlyUnannotated, tooShortOrRare } };
}

/** Reads the default training files from the corpora mirror directory. */
export function readCorpusLexicon(corporaDir: string, files: readonly CorpusLexiconFile[] = CORPUS_LEXICON_FILES): CorpusLexicon {
  return corpusLexiconRecords(files.map((file) => ({ file, text: readSourceText(join(corporaDir, file.path)) })));
}

const CHEMICAL_TYPES: ReadonlySet<string> = new Set(['phsu', 'orch', 'inch', 'elii', 'antb', 'hops', 'horm', 'vita', 'nsba', 'strd', 'bacs', 'clnd', 'aapp', 'chem', 'chvf', 'chvs', 'imft', 'enzy', 'carb', 'lipd', 'nnon']);

/**
 * A lexicon id no other source knows would become a second concept beside one the other sources already have
 * under another id ("headache" D006261 beside the Symptom Ontology's headache). Such a lexicon record is
 * joined to the one record (of the same entity class, without MeSH id of its own) whose preferred name is
 * one of its attested forms; with none or several, it stays a concept of its own.
 */
export function joinUnknownIdsByName(records: readonly SourceRecord[], lexiconSources: ReadonlySet<string>, termKey: (text: string) => string): { records: SourceRecord[]; joined: number } {
  const known = new Set<string>();
  const byName = new Map<string, SourceRecord[]>(); // `${cls}\t${key}` → records
  const classOf = (r: SourceRecord): CorpusEntityClass => ((r.semanticTypes ?? []).some((t) => CHEMICAL_TYPES.has(t)) ? 'chemical' : 'disease');
  for (const r of records) {
    if (lexiconSources.has(r.source)) continue;
    for (const id of r.ids) known.add(id);
    if (r.preferredName === undefined || r.ids.length === 0 || r.ids.some((id) => id.startsWith('MESH:')) || r.ids[0]!.startsWith('ICD')) continue;
    const k = `${classOf(r)}\t${termKey(r.preferredName)}`;
    const list = byName.get(k) ?? [];
    list.push(r);
    byName.set(k, list);
  }
  let joined = 0;
  const out = records.map((r) => {
    if (!lexiconSources.has(r.source) || known.has(r.ids[0]!)) return r;
    const hits = new Set<SourceRecord>();
    for (const n of r.names) for (const h of byName.get(`${classOf(r)}\t${termKey(n.text)}`) ?? []) hits.add(h);
    const first = [...hits][0];
    if (first === undefined || !isOneConcept([...hits])) return r;
    joined++;
    return { ...r, ids: [...r.ids, first.ids[0]!] };
  });
  return { records: out, joined };
}

/**
 * A lexicon record joins the concept that cites its MeSH id, and that concept is not always the one a form names:
 * MONDO and DOID cite D003866 (Depressive Disorder) on melancholic depression, so the corpora's "depression" would
 * name melancholic depression beside the depressive disorder whose own name it is. A form that another source's
 * record of the same entity class has as its label or exact synonym, while no other source's record citing the
 * lexicon record's id has it, is dropped from the record (the evaluations still read the form's id from the
 * lexicon table). Returns the records and how many forms were dropped. The default build applies it to the BC5CDR
 * lexicon only (NAMED_ELSEWHERE_SOURCES): applied to NCBI's too, NCBI dev doc-id F1 fell 0.816 -> 0.814 (its
 * "carcinomas", "acute leukemia" name the ids NCBI's guidelines give, not the other concept's).
 */
export const NAMED_ELSEWHERE_SOURCES: ReadonlySet<string> = new Set(['BC5CDR_TRAIN']);

export function dropFormsNamedElsewhere(records: readonly SourceRecord[], lexiconSources: ReadonlySet<string>, termKey: (text: string) => string): { records: SourceRecord[]; dropped: number } {
  const classOf = (r: SourceRecord): CorpusEntityClass => ((r.semanticTypes ?? []).some((t) => CHEMICAL_TYPES.has(t)) ? 'chemical' : 'disease');
  const ownKeys = (r: SourceRecord): string[] => {
    const texts = r.names.filter((n) => n.kind === 'preferred' || n.kind === 'exact').map((n) => n.text);
    if (r.preferredName !== undefined) texts.push(r.preferredName);
    return texts.map(termKey).filter((k) => k !== '');
  };
  const named = new Set<string>(); // `${cls}\t${key}` of every other-source label or exact name
  const namedByCiting = new Map<string, Set<string>>(); // id → keys the other-source records citing it have
  for (const r of records) {
    if (lexiconSources.has(r.source)) continue;
    const keys = ownKeys(r);
    // Only a record with a MeSH id of its own takes a form over: the span keeps a MeSH-coded concept.
    if (r.ids.some((id) => id.startsWith('MESH:'))) for (const k of keys) named.add(`${classOf(r)}\t${k}`);
    for (const id of r.ids) {
      if (!id.startsWith('MESH:')) continue;
      const set = namedByCiting.get(id) ?? new Set<string>();
      for (const k of keys) set.add(k);
      namedByCiting.set(id, set);
    }
  }
  let dropped = 0;
  const out = records.map((r) => {
    const citing = lexiconSources.has(r.source) ? namedByCiting.get(r.ids[0]!) : undefined;
    if (citing === undefined) return r;
    const names = r.names.filter((n) => {
      const key = termKey(n.text);
      return !(named.has(`${classOf(r)}\t${key}`) && !citing.has(key));
    });
    if (names.length === r.names.length) return r;
    dropped += r.names.length - names.length;
    return { ...r, names };
  });
  return { records: out, dropped };
}

/** True when the records are linked into one group by shared ids (the HPO and SYMP "headache" records). */
function isOneConcept(records: readonly SourceRecord[]): boolean {
  const ids = new Set(records[0]!.ids);
  const pending = records.slice(1);
  for (let grown = true; grown && pending.length > 0;) {
    grown = false;
    for (let i = pending.length - 1; i >= 0; i--) {
      if (!pending[i]!.ids.some((id) => ids.has(id))) continue;
      for (const id of pending[i]!.ids) ids.add(id);
      pending.splice(i, 1);
      grown = true;
    }
  }
  return pending.length === 0;
}

/**
 * File written beside a compiled knowledge base that holds a training lexicon: its kept forms, one per line
 * (`source<TAB>class<TAB>id<TAB>form`, id as `MESH:D…` / `OMIM:…`). The concepts only say which ids a concept's
 * forms attest altogether; this table says which id each form names, per training corpus, so an evaluation can
 * normalise a matched span by its own surface form first (DNorm-style exact lexicon lookup).
 */
export const CORPUS_LEXICON_TABLE = 'corpus-lexicon.tsv';
/** Table id of a form one corpus has in its text but never annotates (another corpus does). */
export const NOT_A_MENTION = '-';

export interface CorpusLexiconEntry {
  readonly source: string;
  readonly cls: CorpusEntityClass;
  readonly id: string;
  readonly form: string;
}

/** The table's text (entries with a tab or newline in the form are left out). */
export function corpusLexiconTable(entries: readonly CorpusLexiconEntry[]): string {
  const lines = entries.filter((e) => !/[\t\n]/.test(e.form)).map((e) => `${e.source}\t${e.cls}\t${e.id}\t${e.form}`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export function parseCorpusLexiconTable(text: string): CorpusLexiconEntry[] {
  const out: CorpusLexiconEntry[] = [];
  for (const line of text.split('\n')) {
    const [source, cls, id, form] = line.split('\t');
    if (source === undefined || id === undefined || form === undefined || (cls !== 'disease' && cls !== 'chemical')) continue;
    out.push({ source, cls, id, form });
  }
  return out;
}
