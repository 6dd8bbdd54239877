// relation's algorithm: relations between two concepts of one sentence (reference §4.4 Relation: `type`,
// `source`, `score`, `nodes[].entity` → the concepts, written as `{uid}`).
//   - may_treat / may_prevent (source `mesh`): a drug concept whose MeSH pharmacological actions (the knowledge
//     base's side table, by the concept's covered text or preferred name) put it in a drug class of
//     resources/relation/en.json, and a condition concept of the same sentence that the class names (`Analgesics`
//     → pain, headache...). A prevention cue (`to prevent`, `prophylaxis`) before the condition makes it
//     may_prevent;
//   - has_finding_site (source `anatomy`): a condition concept, a site preposition right after it, optional
//     laterality and articles, then an anatomy concept (`pain in the left knee`); coordinated anatomy after that
//     one too (`rash on the chest and back`).
// One relation per pair of spans and type (a span with several concepts takes the first).
import type { Annotation, Document } from '../../document.js';
import { tokenAtOrAfter } from '../symptom-disease/phrase-trie.js';
import { conditionWords, type DrugClass, type RelationRules } from './relation-rules.js';

const DRUG_SCORE = 0.8;
const SITE_SCORE = 0.9;
const MAX_SITE_GAP = 5;
const MAX_PAIR_CHARS = 120;

export interface Relation {
  readonly type: string;
  readonly source: string;
  readonly score: number;
  readonly nodes: readonly { readonly entity: Annotation }[];
}

/** A concept's semantic types: concept_detection joins a concept's several types with commas (`phsu,orch`). */
function semanticTypes(c: Annotation): readonly string[] {
  return typeof c.semanticType === 'string' ? c.semanticType.split(',') : [];
}

function hasType(c: Annotation, types: ReadonlySet<string>): boolean {
  return semanticTypes(c).some((t) => types.has(t));
}

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= words.length; i++) {
    let ok = true;
    for (let k = 0; k < phrase.length && ok; k++) ok = words[i + k] === phrase[k];
    if (ok) return true;
  }
  return false;
}

/**
 * The MeSH pharmacological actions of a drug concept, by its covered text, then its preferred name (MeSH names
 * substances by their generic name). Not by the knowledge base's MeSH code: its id index is built on first use,
 * seconds on the full base, a stall of the first request of each worker.
 */
function actionsOf(rules: RelationRules, c: Annotation): readonly string[] {
  for (const name of [c.coveredText, c.preferredName]) {
    if (typeof name !== 'string') continue;
    const found = rules.actionsByName.get(name.toLowerCase());
    if (found !== undefined) return found;
  }
  return [];
}

/** First concept at each span, in text order. */
function bySpan(concepts: readonly Annotation[]): Annotation[] {
  const seen = new Set<string>();
  const out: Annotation[] = [];
  for (const c of [...concepts].sort((a, b) => a.begin - b.begin || a.end - b.end)) {
    const key = `${c.begin}:${c.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

function drugRelations(doc: Document, rules: RelationRules, drugs: readonly Annotation[], conditions: readonly Annotation[], sentenceBegin: number, out: Relation[]): void {
  const conditionText = conditions.map((c) => conditionWords(`${c.coveredText} ${typeof c.preferredName === 'string' ? c.preferredName : ''}`));
  for (const d of drugs) {
    const classes: DrugClass[] = [];
    for (const action of actionsOf(rules, d)) for (const cls of rules.classesByAction.get(action) ?? []) if (!classes.includes(cls)) classes.push(cls);
    if (classes.length === 0) continue;
    for (let ci = 0; ci < conditions.length; ci++) {
      const c = conditions[ci]!;
      if (c.begin < d.end && d.begin < c.end) continue;
      // a drug and a condition far apart in one long sentence are not related (and pairs stay few)
      if (Math.max(c.begin - d.end, d.begin - c.end) > MAX_PAIR_CHARS) continue;
      const words = conditionText[ci]!;
      const cls = classes.find((k) => k.conditions.some((p) => containsPhrase(words, p)));
      if (cls === undefined) continue;
      const before = conditionWords(doc.text.slice(Math.max(sentenceBegin, Math.min(d.begin, c.begin) - MAX_PAIR_CHARS), c.begin));
      const prevent = rules.preventionCues.some((p) => containsPhrase(before, p));
      out.push({ type: prevent ? 'may_prevent' : cls.relation, source: 'mesh', score: DRUG_SCORE, nodes: [{ entity: d }, { entity: c }] });
    }
  }
}

function siteRelations(doc: Document, rules: RelationRules, conditions: readonly Annotation[], anatomy: readonly Annotation[], sentenceEnd: number, out: Relation[]): void {
  const anatomyAt = new Map<number, Annotation>();
  for (const a of anatomy) if (!anatomyAt.has(a.begin)) anatomyAt.set(a.begin, a);
  const { tokens } = doc;
  for (const c of conditions) {
    let t = tokenAtOrAfter(tokens, c.end);
    if (t >= tokens.length || tokens[t]!.begin >= sentenceEnd || !rules.prepositions.has(tokens[t]!.lower)) continue;
    t++;
    let linked = false;
    for (let gap = 0; t < tokens.length && tokens[t]!.begin < sentenceEnd && gap <= MAX_SITE_GAP; gap++) {
      const a = anatomyAt.get(tokens[t]!.begin);
      if (a !== undefined && !(a.begin < c.end && c.begin < a.end)) {
        out.push({ type: 'has_finding_site', source: 'anatomy', score: SITE_SCORE, nodes: [{ entity: c }, { entity: a }] });
        linked = true;
        gap = -1;
        t = tokenAtOrAfter(tokens, a.end);
        continue;
      }
      const lower = tokens[t]!.lower;
      if (rules.skippable.has(lower) || (linked && rules.coordination.has(lower))) {
        t++;
        continue;
      }
      break;
    }
  }
}

/** The relations between concepts of each sentence of `doc` (pure). */
export function findRelations(doc: Document, rules: RelationRules): Relation[] {
  const concepts = doc.layers.get('concepts');
  if (concepts === undefined || concepts.length === 0) return [];
  const out: Relation[] = [];
  const sorted = bySpan(concepts);
  let k = 0;
  for (const s of doc.sentences) {
    const inSentence: Annotation[] = [];
    while (k < sorted.length && sorted[k]!.begin < s.end) {
      if (sorted[k]!.begin >= s.begin) inSentence.push(sorted[k]!);
      k++;
    }
    if (inSentence.length < 2) continue;
    const drugs = inSentence.filter((c) => hasType(c, rules.drugTypes));
    // a span both a drug and a condition (two concepts) counts as the drug
    const conditions = inSentence.filter((c) => hasType(c, rules.conditionTypes) && !drugs.some((d) => d.begin === c.begin && d.end === c.end));
    const anatomy = inSentence.filter((c) => hasType(c, rules.anatomyTypes));
    if (drugs.length > 0 && conditions.length > 0) drugRelations(doc, rules, drugs, conditions, s.begin, out);
    if (conditions.length > 0 && anatomy.length > 0) siteRelations(doc, rules, conditions, anatomy, s.end, out);
  }
  return out;
}
