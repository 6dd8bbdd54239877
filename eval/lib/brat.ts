// A reader of brat standoff annotations (`<id>.txt` + `<id>.ann`), as MACCROBAT 2020 and Chia ship them.
// The text is read as raw UTF-8 without newline translation: Chia's CRLF files count the `\r` in their offsets.
// brat offsets count Unicode code points; they are turned into UTF-16 indices (what JavaScript strings and
// the service's `begin`/`end` use) when the text has characters beyond the BMP.
//   T<n>\t<Type> <b> <e>[;<b> <e>...]\t<text>     text-bound entity, possibly discontinuous (fragments)
//   E<n>\t<Type>:<T-id> [<role>:<id> ...]           event with its trigger entity
//   A<n>\t<Name> <target-id> [<value>]              attribute (also M<n>, the older spelling)
//   R<n>\t<Type> Arg1:<id> Arg2:<id>               relation
// Other lines (`*` equivalences, `#` notes, N normalisations) are ignored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BratFragment { readonly begin: number; readonly end: number }

export interface BratEntity {
  readonly id: string;
  readonly type: string;
  /** One fragment, or several for a discontinuous span (`a b;c d`), in file order. */
  readonly fragments: readonly BratFragment[];
  /** First fragment's begin to last fragment's end. */
  readonly begin: number;
  readonly end: number;
  readonly text: string;
}

export interface BratAttribute { readonly id: string; readonly name: string; readonly target: string; readonly value: string }
export interface BratRelation { readonly id: string; readonly type: string; readonly arg1: string; readonly arg2: string }

export interface BratDocument {
  readonly id: string;
  readonly text: string;
  readonly entities: ReadonlyMap<string, BratEntity>;
  /** Event id → the id of its trigger entity. */
  readonly events: ReadonlyMap<string, string>;
  readonly attributes: readonly BratAttribute[];
  readonly relations: readonly BratRelation[];
}

/** Maps code-point offsets to UTF-16 indices; the identity when the text has no surrogate pair. */
function codePointIndexer(text: string): (offset: number) => number {
  let astral = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) { astral = true; break; }
  }
  if (!astral) return (offset) => offset;
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    at.push(i);
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) i++;
  }
  at.push(text.length);
  return (offset) => at[offset] ?? text.length;
}

/** Parses an .ann file's content against its text. Throws on a malformed T line or an offset past the text. */
export function parseBrat(id: string, text: string, ann: string): BratDocument {
  const index = codePointIndexer(text);
  const entities = new Map<string, BratEntity>();
  const events = new Map<string, string>();
  const attributes: BratAttribute[] = [];
  const relations: BratRelation[] = [];
  const lines = ann.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.replace(/\r$/, '');
    if (line === '') continue;
    const tab = line.indexOf('\t');
    const lineId = tab < 0 ? line : line.slice(0, tab);
    const rest = tab < 0 ? '' : line.slice(tab + 1);
    const kind = lineId.charAt(0);
    if (kind === 'T') {
      const tab2 = rest.indexOf('\t');
      const head = tab2 < 0 ? rest : rest.slice(0, tab2);
      const space = head.indexOf(' ');
      if (space < 0) throw new Error(`${id}.ann line ${n + 1}: expected "<Type> <begin> <end>"`);
      const fragments = head.slice(space + 1).split(';').map((part) => {
        const [b, e] = part.trim().split(' ').map(Number);
        if (b === undefined || e === undefined || !Number.isInteger(b) || !Number.isInteger(e) || b > e) throw new Error(`${id}.ann line ${n + 1}: bad offsets "${part}"`);
        const begin = index(b);
        const end = index(e);
        if (end > text.length) throw new Error(`${id}.ann line ${n + 1}: offset ${e} is past the text (${text.length})`);
        return { begin, end };
      });
      const begin = Math.min(...fragments.map((f) => f.begin));
      const end = Math.max(...fragments.map((f) => f.end));
      entities.set(lineId, { id: lineId, type: head.slice(0, space), fragments, begin, end, text: tab2 < 0 ? '' : rest.slice(tab2 + 1) });
    } else if (kind === 'E') {
      const trigger = rest.trim().split(/\s+/)[0] ?? '';
      const colon = trigger.indexOf(':');
      if (colon > 0) events.set(lineId, trigger.slice(colon + 1));
    } else if (kind === 'A' || kind === 'M') {
      const [name, target, value] = rest.trim().split(/\s+/);
      if (name !== undefined && target !== undefined) attributes.push({ id: lineId, name, target, value: value ?? 'true' });
    } else if (kind === 'R') {
      const [type, a1, a2] = rest.trim().split(/\s+/);
      if (type !== undefined && a1?.startsWith('Arg1:') === true && a2?.startsWith('Arg2:') === true) {
        relations.push({ id: lineId, type, arg1: a1.slice(5), arg2: a2.slice(5) });
      }
    }
  }
  return { id, text, entities, events, attributes, relations };
}

/** Reads `<dir>/<id>.txt` and `<dir>/<id>.ann`. */
export function readBratDocument(dir: string, id: string): BratDocument {
  const text = readFileSync(join(dir, `${id}.txt`), 'utf8');
  return parseBrat(id, text, readFileSync(join(dir, `${id}.ann`), 'utf8'));
}

/** The entity a T or E id stands for (an event's trigger), if any. */
export function entityOf(doc: BratDocument, id: string): BratEntity | undefined {
  return doc.entities.get(id) ?? doc.entities.get(doc.events.get(id) ?? '');
}
