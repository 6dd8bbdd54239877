// The MeSH ids a concept reports at its span (issue 18: the service chooses them, not an evaluation). A
// concept's own meshId codes say which records its sources link it to (src/knowledge/mesh-choice.ts); at one
// span the words may say more precisely which record they name:
//  1. the curated mention lexicon: the surface forms annotators of the biomedical corpora gave a MeSH id in the
//     TRAINING splits (src/knowledge/builders/corpus-lexicon.ts, the `corpus-lexicon.tsv` side table: like a
//     product's curated synonym list, never learned from the development or test splits). A span whose words
//     (its long form, for a short form the text defines) are such a form takes the form's ids, for the concept
//     of the form's class (disorders: disease forms; chemicals: chemical forms);
//  2. a disorder or chemical concept without any MeSH id takes those of the longest matches inside its span
//     that have one ("nausea and vomiting": Nausea and Vomiting; "hypotensive disorder" keeps its own).
// Only with include_optional_fields=medical_codes (meshId is a medical code); all_candidates keeps every concept
// but its ids are chosen the same way.
import type { CompiledKnowledgeBase, KnowledgeBase } from '../../../knowledge/kb.js';
import type { TermMatch } from '../../../knowledge/matcher.js';
import { SIDE_TABLES } from '../../../knowledge/side-tables.js';
import type { SemanticTypeTable } from '../../../knowledge/semantic-types.js';

/** Entity class of the lexicon, by UMLS semantic group of a concept. */
export type MeshClass = 'disease' | 'chemical';

const CLASS_OF_GROUP: Readonly<Record<string, MeshClass>> = { DISO: 'disease', CHEM: 'chemical' };

/** The lexicon's id of a form a training corpus has in its text but never annotates (corpus-lexicon.ts NOT_A_MENTION). */
const NOT_A_MENTION = '-';

export interface MeshLexicon {
  /** `${class}\t${term key}` → the MeSH ids (bare `D003920`) the training corpora give the form. */
  readonly ids: ReadonlyMap<string, readonly string[]>;
}

/**
 * The mention lexicon of a knowledge base (its `corpus-lexicon.tsv` side table), keyed by the knowledge base's
 * own term key so a span is looked up exactly as the matcher matched it. Forms of several training corpora
 * name the union of their ids (the corpora agree on all but a few forms); OMIM ids are left out (meshId holds
 * MeSH ids only). Undefined when the knowledge base has no such table.
 */
export function loadMeshLexicon(kb: CompiledKnowledgeBase): MeshLexicon | undefined {
  const table = kb.sideTable?.(SIDE_TABLES.corpusLexicon);
  if (table === undefined || table === '') return undefined;
  const sets = new Map<string, Set<string>>();
  for (const line of table.split('\n')) {
    const [, cls, id, form] = line.split('\t');
    if (form === undefined || (cls !== 'disease' && cls !== 'chemical') || id === NOT_A_MENTION || id === undefined || !id.startsWith('MESH:')) continue;
    const key = kb.normalizer.termKey(form);
    if (key === '') continue;
    const k = `${cls}\t${key}`;
    let ids = sets.get(k);
    if (ids === undefined) sets.set(k, (ids = new Set()));
    ids.add(id.slice(5));
  }
  const ids = new Map<string, readonly string[]>();
  for (const [k, set] of sets) ids.set(k, [...set].sort());
  return { ids };
}

export interface MeshChoiceContext {
  readonly kb: CompiledKnowledgeBase;
  readonly types: SemanticTypeTable;
  readonly lexicon: MeshLexicon | undefined;
  /** Lexicon class per built-in concept index (null: neither a disorder nor a chemical), memoised. */
  readonly classes: Map<number, MeshClass | null>;
}

export function createMeshChoiceContext(kb: CompiledKnowledgeBase, types: SemanticTypeTable): MeshChoiceContext {
  return { kb, types, lexicon: loadMeshLexicon(kb), classes: new Map() };
}

/** The lexicon class of a built-in concept: that of its first disorder or chemical semantic type. */
export function meshClassOf(ctx: MeshChoiceContext, concept: number): MeshClass | null {
  let cls = ctx.classes.get(concept);
  if (cls === undefined) {
    cls = null;
    for (const t of ctx.kb.concept(concept).semanticTypes) {
      const c = CLASS_OF_GROUP[ctx.types.byAbbreviation(t)?.group ?? ''];
      if (c !== undefined) {
        cls = c;
        break;
      }
    }
    ctx.classes.set(concept, cls);
  }
  return cls;
}

/** The ids the mention lexicon gives `text` as a form of `cls`; undefined when it does not list it. */
export function lexiconMeshIds(ctx: MeshChoiceContext, cls: MeshClass, text: string): readonly string[] | undefined {
  if (ctx.lexicon === undefined) return undefined;
  return ctx.lexicon.ids.get(`${cls}\t${ctx.kb.normalizer.termKey(text)}`);
}

/** The MeSH ids a built-in concept reports of its own (its meshId codes). */
function ownMeshIds(kb: KnowledgeBase, concept: number): readonly string[] {
  return kb.concept(concept).codes.meshId ?? [];
}

/**
 * The MeSH ids of the longest matches strictly inside [begin, end) that name one (by the lexicon, else by a
 * concept of the same class with a meshId, the concept whose preferred name the words are first), in text
 * order; empty when none. `all` is the text's matches with nested ones (sorted by begin, longer first).
 */
export function nestedMeshIds(ctx: MeshChoiceContext, text: string, begin: number, end: number, cls: MeshClass, all: readonly TermMatch[], preferredKey: (concept: number) => string): string[] {
  const out: string[] = [];
  let coveredTo = begin;
  // Binary search would need the begin order only; the list is short per span, so the first match at or after begin is found by a scan.
  for (const m of all) {
    if (m.begin < coveredTo || m.begin < begin) continue;
    if (m.begin >= end) break;
    if (m.end > end || (m.begin === begin && m.end === end)) continue;
    const ids = matchMeshIds(ctx, text, m, cls, preferredKey);
    if (ids.length === 0) continue;
    for (const id of ids) if (!out.includes(id)) out.push(id);
    coveredTo = m.end;
  }
  return out;
}

function matchMeshIds(ctx: MeshChoiceContext, text: string, m: TermMatch, cls: MeshClass, preferredKey: (concept: number) => string): readonly string[] {
  const words = text.slice(m.begin, m.end);
  const fromLexicon = lexiconMeshIds(ctx, cls, words);
  if (fromLexicon !== undefined) return fromLexicon;
  const key = ctx.kb.normalizer.termKey(words);
  let best: readonly string[] = [];
  let labelled = false;
  for (const c of m.concepts) {
    if (meshClassOf(ctx, c) !== cls) continue;
    const ids = ownMeshIds(ctx.kb, c);
    if (ids.length === 0) continue;
    const isLabel = preferredKey(c) === key;
    if (best.length === 0 || (isLabel && !labelled)) {
      best = ids;
      labelled = isLabel;
    }
  }
  return best;
}
