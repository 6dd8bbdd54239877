// Parser for the PubTator exchange format used by the NCBI Disease and BioCreative V CDR corpora:
//   PMID|t|title
//   PMID|a|abstract
//   PMID<TAB>start<TAB>end<TAB>mention<TAB>type<TAB>ids[<TAB>individual mentions]
//   PMID<TAB>CID<TAB>chemical<TAB>disease            (relation lines, BC5CDR)
// Documents are separated by blank lines. Offsets index title + " " + abstract, end exclusive.

export interface PubTatorMention {
  readonly begin: number;
  readonly end: number;
  readonly text: string;
  /** `SpecificDisease`, `DiseaseClass`, `Modifier`, `CompositeMention` (NCBI) or `Chemical`, `Disease` (BC5CDR). */
  readonly type: string;
  /**
   * Normalised concept ids: composite ids (`D1|D2`, `D1+D2`) split, blanks trimmed, `-1` (no id) dropped.
   * MeSH ids keep their bare form (`D003920`); OMIM ids keep the `OMIM:` prefix.
   */
  readonly ids: readonly string[];
}

export interface PubTatorRelation {
  readonly type: string;
  readonly ids: readonly string[];
}

export interface PubTatorDocument {
  readonly pmid: string;
  readonly title: string;
  readonly abstract: string;
  /** title + " " + abstract: what the offsets index. */
  readonly text: string;
  readonly mentions: readonly PubTatorMention[];
  readonly relations: readonly PubTatorRelation[];
}

export interface PubTatorIssue {
  readonly line: number;
  readonly message: string;
}

export interface PubTatorParseResult {
  readonly documents: readonly PubTatorDocument[];
  /** Lines that could not be read, and mentions whose text does not match the offsets. */
  readonly issues: readonly PubTatorIssue[];
}

interface DocumentBuilder {
  pmid: string;
  title: string;
  abstract: string;
  mentions: PubTatorMention[];
  relations: PubTatorRelation[];
  mentionLines: number[];
}

/** Parses a whole PubTator file. Never throws: problems are returned as issues with line numbers. */
export function parsePubTator(source: string): PubTatorParseResult {
  const documents: PubTatorDocument[] = [];
  const issues: PubTatorIssue[] = [];
  let current: DocumentBuilder | undefined;

  const finish = (): void => {
    if (current === undefined) return;
    const text = `${current.title} ${current.abstract}`;
    current.mentions.forEach((m, i) => {
      if (text.slice(m.begin, m.end) !== m.text) {
        issues.push({ line: current?.mentionLines[i] ?? 0, message: `mention "${m.text}" does not match the text at ${m.begin}-${m.end}` });
      }
    });
    documents.push({ pmid: current.pmid, title: current.title, abstract: current.abstract, text, mentions: current.mentions, relations: current.relations });
    current = undefined;
  };

  const lines = source.split(/\r?\n/);
  lines.forEach((line, index) => {
    const lineNo = index + 1;
    if (line.trim() === '') {
      finish();
      return;
    }
    const header = /^(\d+)\|([ta])\|(.*)$/.exec(line);
    if (header !== null) {
      const [, pmid = '', part, body = ''] = header;
      if (current !== undefined && current.pmid !== pmid) finish();
      current ??= { pmid, title: '', abstract: '', mentions: [], relations: [], mentionLines: [] };
      if (part === 't') current.title = body;
      else current.abstract = body;
      return;
    }
    const cols = line.split('\t');
    if (current === undefined || cols[0] !== current.pmid) {
      issues.push({ line: lineNo, message: 'annotation line outside its document' });
      return;
    }
    if (cols.length === 4 && !/^\d+$/.test(cols[1] ?? '')) {
      current.relations.push({ type: cols[1] ?? '', ids: [cols[2] ?? '', cols[3] ?? ''].map((s) => s.trim()) });
      return;
    }
    const begin = Number(cols[1]);
    const end = Number(cols[2]);
    if (cols.length < 5 || !Number.isInteger(begin) || !Number.isInteger(end) || end < begin) {
      issues.push({ line: lineNo, message: 'malformed mention line' });
      return;
    }
    current.mentions.push({ begin, end, text: cols[3] ?? '', type: (cols[4] ?? '').trim(), ids: splitIds(cols[5] ?? '') });
    current.mentionLines.push(lineNo);
  });
  finish();
  return { documents, issues };
}

/** `D1|D2`, `D1+D2`, ` D008661`, `-1`, `OMIM:123` → normalised id list (order kept, duplicates dropped). */
export function splitIds(field: string): string[] {
  const out: string[] = [];
  for (const raw of field.split(/[|+,]/)) {
    const id = raw.trim();
    if (id === '' || id === '-1' || out.includes(id)) continue;
    out.push(id.startsWith('MESH:') ? id.slice(5) : id);
  }
  return out;
}
