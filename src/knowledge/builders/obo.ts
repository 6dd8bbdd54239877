// A small OBO 1.2/1.4 flat-file parser: [Term] stanzas with id, name, synonyms (scope and type),
// xrefs, is_a, subsets, alt_ids and obsolescence. Other stanzas and tags are skipped.

export type SynonymScope = 'EXACT' | 'RELATED' | 'BROAD' | 'NARROW';

export interface OboSynonym {
  readonly text: string;
  readonly scope: SynonymScope;
  /** Synonym type, e.g. `OMO:0003012` (acronym), `layperson`; empty when none. */
  readonly type: string;
}

export interface OboTerm {
  readonly id: string;
  readonly name: string;
  readonly synonyms: readonly OboSynonym[];
  readonly xrefs: readonly string[];
  readonly isA: readonly string[];
  readonly subsets: readonly string[];
  readonly altIds: readonly string[];
  readonly obsolete: boolean;
}

/** Reads an OBO quoted string starting at `start` (which must be a `"`); returns text and index after it. */
function quoted(value: string, start: number): { text: string; next: number } {
  let text = '';
  let i = start + 1;
  while (i < value.length) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      text += value[i + 1]!;
      i += 2;
      continue;
    }
    if (c === '"') return { text, next: i + 1 };
    text += c;
    i++;
  }
  return { text, next: i };
}

function stripComment(value: string): string {
  // Trailing " ! comment" (is_a: DOID:162 ! cancer); xref values may carry a quoted description.
  const bang = value.indexOf(' !');
  return (bang >= 0 ? value.slice(0, bang) : value).trim();
}

export function parseSynonym(value: string): OboSynonym | undefined {
  if (!value.startsWith('"')) return undefined;
  const { text, next } = quoted(value, 0);
  const rest = value.slice(next).trim();
  const bracket = rest.indexOf('[');
  const words = (bracket >= 0 ? rest.slice(0, bracket) : rest).trim().split(/\s+/).filter((w) => w !== '');
  const scope = (words[0] ?? 'RELATED').toUpperCase();
  return {
    text,
    scope: scope === 'EXACT' || scope === 'BROAD' || scope === 'NARROW' ? scope : 'RELATED',
    type: words[1] ?? '',
  };
}

export function parseObo(text: string): OboTerm[] {
  const terms: OboTerm[] = [];
  let current: {
    id: string; name: string; synonyms: OboSynonym[]; xrefs: string[]; isA: string[]; subsets: string[]; altIds: string[]; obsolete: boolean;
  } | undefined;
  let inTerm = false;
  const flush = (): void => {
    if (current !== undefined && current.id !== '') terms.push(current);
    current = undefined;
  };
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.startsWith('[')) {
      flush();
      inTerm = line.trim() === '[Term]';
      if (inTerm) current = { id: '', name: '', synonyms: [], xrefs: [], isA: [], subsets: [], altIds: [], obsolete: false };
      continue;
    }
    if (!inTerm || current === undefined) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const tag = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    switch (tag) {
      case 'id':
        current.id = value;
        break;
      case 'name':
        current.name = value;
        break;
      case 'synonym': {
        const s = parseSynonym(value);
        if (s !== undefined) current.synonyms.push(s);
        break;
      }
      case 'xref': {
        const v = stripComment(value);
        const q = v.indexOf(' "');
        current.xrefs.push((q >= 0 ? v.slice(0, q) : v).trim());
        break;
      }
      case 'is_a':
        current.isA.push(stripComment(value).split(/\s+/)[0]!);
        break;
      case 'subset':
        current.subsets.push(value);
        break;
      case 'alt_id':
        current.altIds.push(value);
        break;
      case 'is_obsolete':
        current.obsolete = value === 'true';
        break;
      default:
        break;
    }
  }
  flush();
  return terms;
}
