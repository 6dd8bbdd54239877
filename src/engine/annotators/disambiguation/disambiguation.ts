// disambiguation (reference §5.1): judges whether each concept's sense fits its context and writes
// `disambiguationData.validity` (VALID / INVALID / NO_DECISION) on every concept. Ambiguous short forms
// come from the sense inventory (sense-inventory.ts: MS = multiple sclerosis / morphine sulfate /
// mitral stenosis / ..., PT, CA, RA, PE, cold, ...). For such a concept every sense the surface case
// allows is scored: log prior + cue words within a token window of its sentence + the long form written elsewhere in the
// document + a matching section; the concept's own sense (found by name, else semantic type) is VALID
// when it wins by the margin, INVALID when another sense beats it by the margin, NO_DECISION otherwise.
// Concepts whose surface is not ambiguous are VALID. Turn-key annotations (SymptomDiseaseInd, ...) over
// the same span as a judged concept get its validity. Documents shorter than `minDocumentWords` (15,
// reference §1.5) are left alone. `remove_invalid` drops INVALID concepts; `filters` (deployed filter
// artifacts) apply to the judged concepts.
import { Type, type Static } from '@sinclair/typebox';
import { deployedFilters } from '../../deployed-filters.js';
import type { CompiledFilter } from '../../../cartridge/filter-condition.js';
import { defineAnnotator, type AnnotationUpdate } from '../../annotator.js';
import type { Annotation, Document, Sentence, Token } from '../../document.js';
import { firstEndingAfter } from '../../span-search.js';
import { DEFAULT_SENSE_INVENTORY, type AmbiguousTerm, type Sense, type SenseInventory, type SurfaceCase } from './sense-inventory.js';

export const DISAMBIGUATION_ID = 'disambiguation';
export type Validity = 'VALID' | 'INVALID' | 'NO_DECISION';

/** Layers whose annotations take the validity of a judged concept over the same span. */
const ACI_LAYERS = ['SymptomDiseaseInd', 'MedicationInd', 'ProcedureInd', 'LabValueInd'] as const;

export const disambiguationParams = Type.Object({
  remove_invalid: Type.Boolean({ default: false, description: 'Remove concepts judged INVALID.' }),
  disambiguation_profile: Type.String({ default: 'default', description: '`default` or `clinical` (ACD names); both use the clinical sense inventory.' }),
  filters: Type.Array(Type.String(), { default: [], description: 'Deployed filter artifact ids (filterType disambiguation_filter) applied to the judged concepts.' }),
});
export type DisambiguationParams = Static<typeof disambiguationParams>;

export interface SenseScore {
  readonly sense: Sense;
  readonly score: number;
}

export interface Judgement {
  readonly validity: Validity;
  /** The concept's own sense, when the inventory knows it. */
  readonly sense?: Sense;
  readonly scores: readonly SenseScore[];
}

function surfaceCaseOf(text: string): SurfaceCase {
  if (text === text.toUpperCase() && text !== text.toLowerCase()) return 'upper';
  const first = text.charAt(0);
  return first === first.toUpperCase() && first !== first.toLowerCase() && text.slice(1) === text.slice(1).toLowerCase() ? 'title' : 'lower';
}

/** The sense a concept stands for: by name (preferred name contains a sense name or vice versa), else by semantic type. */
export function conceptSense(term: AmbiguousTerm, concept: Annotation): Sense | undefined {
  const name = typeof concept.preferredName === 'string' ? concept.preferredName.toLowerCase() : '';
  if (name !== '') {
    const byName = term.senses.find((s) => s.names.some((n) => n.length > 3 && (name.includes(n) || n.includes(name))));
    if (byName !== undefined) return byName;
  }
  const types = typeof concept.semanticType === 'string' ? concept.semanticType.split(',') : [];
  const byType = term.senses.filter((s) => types.some((t) => s.semanticTypes.includes(t)));
  return byType.length === 1 ? byType[0] : undefined;
}

function tokenRange(tokens: readonly Token[], begin: number, end: number): [number, number] {
  const lo = firstEndingAfter(tokens, begin);
  let last = lo;
  while (last < tokens.length && tokens[last]!.begin < end) last++;
  return [lo, last];
}

/** What the scoring reads of one document, computed once per run and only when an ambiguous concept needs it. */
interface DocumentView {
  readonly doc: Document;
  lowerText: string | undefined;
  /** Long form → written somewhere in the document (lower case). */
  readonly written: Map<string, boolean>;
}

function viewOf(doc: Document, lowerText?: string): DocumentView {
  return { doc, lowerText, written: new Map() };
}

function writtenIn(view: DocumentView, name: string): boolean {
  let found = view.written.get(name);
  if (found === undefined) {
    view.lowerText ??= view.doc.text.toLowerCase();
    found = view.lowerText.includes(name);
    view.written.set(name, found);
  }
  return found;
}

/** The first sentence holding offset `begin` (sentences are in text order and do not overlap). */
function sentenceAt(doc: Document, begin: number): Sentence | undefined {
  const s = doc.sentences[firstEndingAfter(doc.sentences, begin)];
  return s !== undefined && s.begin <= begin && begin < s.end ? s : undefined;
}

function cueHits(sense: Sense, window: readonly string[], windowSet: ReadonlySet<string>): number {
  let hits = 0;
  for (const c of sense.cues) {
    if (!c.prefix) {
      if (windowSet.has(c.text)) hits++;
      continue;
    }
    for (const w of window) {
      if (w.startsWith(c.text)) {
        hits++;
        break;
      }
    }
  }
  return hits;
}

function scoreSenses(view: DocumentView, concept: Annotation, senses: readonly Sense[], inventory: SenseInventory): SenseScore[] {
  const { doc } = view;
  const [first, after] = tokenRange(doc.tokens, concept.begin, concept.end);
  // The window stays inside the concept's sentence.
  const sentence = sentenceAt(doc, concept.begin);
  const from = Math.max(sentence?.tokenStart ?? 0, first - inventory.windowTokens);
  const to = Math.min(sentence?.tokenEnd ?? doc.tokens.length, after + inventory.windowTokens);
  const window: string[] = [];
  for (let i = from; i < to; i++) if (i < first || i >= after) window.push(doc.tokens[i]!.lower);
  const windowSet = new Set(window);
  let numberAfter = false;
  for (let i = after; i < Math.min(doc.tokens.length, after + 3); i++) if (doc.tokens[i]!.kind === 'number') numberAfter = true;
  const section = typeof concept.sectionNormalizedName === 'string' ? concept.sectionNormalizedName.toLowerCase() : '';
  const form = concept.coveredText.toLowerCase();
  const { weights } = inventory;
  return senses.map((sense) => {
    let score = Math.log(sense.prior);
    const hits = cueHits(sense, window, windowSet);
    score += weights.cue * (hits + (sense.numberCue && numberAfter ? 1 : 0));
    if (sense.names.some((n) => n !== form && n.length > form.length && writtenIn(view, n))) score += weights.longForm;
    if (section !== '' && sense.sections.some((s) => section.includes(s))) score += weights.section;
    if (typeof concept.semanticType === 'string' && concept.semanticType.split(',').some((t) => sense.semanticTypes.includes(t))) score += weights.semanticType;
    return { sense, score };
  }).sort((a, b) => b.score - a.score);
}

/** Judges one concept (pure). `lowerText` is the document text in lower case. */
export function judgeConcept(doc: Document, lowerText: string, concept: Annotation, inventory: SenseInventory = DEFAULT_SENSE_INVENTORY): Judgement {
  return judgeIn(viewOf(doc, lowerText), concept, inventory);
}

function judgeIn(view: DocumentView, concept: Annotation, inventory: SenseInventory): Judgement {
  const text = concept.coveredText;
  const term = text.length > maxFormLength(inventory) ? undefined : inventory.byForm.get(text.toLowerCase());
  if (term === undefined) return NOT_AMBIGUOUS;
  const own = conceptSense(term, concept);
  if (own === undefined) return { validity: 'NO_DECISION', scores: [] };
  const written = surfaceCaseOf(concept.coveredText);
  if (!own.surfaceCase.includes(written)) return { validity: 'INVALID', sense: own, scores: [] };
  const scores = scoreSenses(view, concept, term.senses.filter((s) => s.surfaceCase.includes(written)), inventory);
  const best = scores[0]!;
  const ownScore = scores.find((s) => s.sense === own)!.score;
  if (best.sense === own) {
    const second = scores[1];
    return { validity: second === undefined || best.score - second.score >= inventory.margin ? 'VALID' : 'NO_DECISION', sense: own, scores };
  }
  return { validity: best.score - ownScore >= inventory.margin ? 'INVALID' : 'NO_DECISION', sense: own, scores };
}

/**
 * The sense the context gives an ambiguous short form of the inventory written at [begin, end) (the best-scored
 * sense its surface case allows, when it wins by the margin); undefined when the text there is no such form or
 * the context does not decide.
 */
export function senseInContext(doc: Document, lowerText: string, begin: number, end: number, inventory: SenseInventory = DEFAULT_SENSE_INVENTORY): Sense | undefined {
  const text = doc.text.slice(begin, end);
  const term = text.length > maxFormLength(inventory) ? undefined : inventory.byForm.get(text.toLowerCase());
  if (term === undefined || !decidesSenses(doc, inventory)) return undefined;
  const written = surfaceCaseOf(text);
  const scores = scoreSenses(viewOf(doc, lowerText), { type: '', begin, end, coveredText: text }, term.senses.filter((s) => s.surfaceCase.includes(written)), inventory);
  const [best, second] = scores;
  if (best === undefined || (second !== undefined && best.score - second.score < inventory.margin)) return undefined;
  return best.sense;
}

const NOT_AMBIGUOUS: Judgement = Object.freeze({ validity: 'VALID', scores: Object.freeze([]) as readonly SenseScore[] });

/** The top-level fields some filter reads; undefined when one may read any. */
function fieldsRead(filters: readonly CompiledFilter[]): readonly string[] | undefined {
  const out = new Set<string>();
  for (const f of filters) {
    if (f.reads === undefined) return undefined;
    for (const k of f.reads) out.add(k);
  }
  return [...out];
}

/** The normalised-name field of each turn-key layer (the name that tells the sense). */
const NORMALIZED_NAME: Readonly<Record<(typeof ACI_LAYERS)[number], string>> = {
  SymptomDiseaseInd: 'symptomDiseaseNormalizedName',
  MedicationInd: 'drugNormalizedName',
  ProcedureInd: 'procedureNormalizedName',
  LabValueInd: 'labTypeNormalizedName',
};

/** A turn-key annotation seen as a concept: its span, text and section, its normalised name as preferred name. */
function asConcept(a: Annotation, layer: (typeof ACI_LAYERS)[number]): Annotation {
  const name = a[NORMALIZED_NAME[layer]];
  return { type: a.type, begin: a.begin, end: a.end, coveredText: a.coveredText, sectionNormalizedName: a.sectionNormalizedName, ...(typeof name === 'string' ? { preferredName: name } : {}) };
}

/** A copy of `fields` of the annotation (those it has). */
function pick(a: Annotation, fields: readonly string[]): Annotation {
  const out: Annotation = {} as Annotation;
  for (const k of fields) if (Object.hasOwn(a, k)) out[k] = a[k];
  return out;
}

/** Longest surface form of each inventory (lower-casing never shortens a text, so a longer one is not a form). */
const maxFormLengths = new WeakMap<ReadonlyMap<string, AmbiguousTerm>, number>();

function maxFormLength(inventory: SenseInventory): number {
  let max = maxFormLengths.get(inventory.byForm);
  if (max === undefined) {
    max = 0;
    for (const form of inventory.byForm.keys()) if (form.length > max) max = form.length;
    maxFormLengths.set(inventory.byForm, max);
  }
  return max;
}

/** True when the document is long enough for senses to be judged (the inventory's minDocumentWords, reference §1.5). */
export function decidesSenses(doc: Document, inventory: SenseInventory = DEFAULT_SENSE_INVENTORY): boolean {
  return wordCount(doc) >= inventory.minDocumentWords;
}

function wordCount(doc: Document): number {
  let n = 0;
  for (const t of doc.tokens) if (t.kind === 'word') n++;
  return n;
}

export const disambiguationAnnotator = defineAnnotator({
  id: DISAMBIGUATION_ID,
  description: 'Judges whether each concept fits its context (ambiguous abbreviations such as MS, PT, CA, RA) and marks disambiguationData.validity VALID, INVALID or NO_DECISION.',
  requires: ['concepts'],
  produces: [],
  params: disambiguationParams,
  init: (): SenseInventory => DEFAULT_SENSE_INVENTORY,
  run(doc, params, inventory, ctx) {
    if (wordCount(doc) < inventory.minDocumentWords) return {};
    const concepts = doc.layers.get('concepts') ?? [];
    const view = viewOf(doc);
    const update: AnnotationUpdate[] = [];
    // Spans as numbers: begin * (text length + 1) + end (exact for any text shorter than 2^26 characters).
    const stride = doc.text.length + 1;
    const judged = new Map<number, Validity>();
    const validities: Validity[] = [];
    for (const concept of concepts) {
      const { validity } = judgeIn(view, concept, inventory);
      validities.push(validity);
      update.push({ target: concept, fields: { disambiguationData: { validity } } });
      const span = concept.begin * stride + concept.end;
      if (validity !== 'VALID' || !judged.has(span)) judged.set(span, validity);
    }
    const maxForm = maxFormLength(inventory);
    for (const key of ACI_LAYERS) {
      for (const a of doc.layers.get(key) ?? []) {
        let validity = judged.get(a.begin * stride + a.end);
        // An ambiguous form is judged as a concept named by the annotation's normalised name when that names a
        // sense (the concepts on its span may stand for another: `OT` occupational therapy, a ProcedureInd, over
        // the concept orthostatic tremor), and when no concept is on its span (symptom_disease and procedure
        // match the knowledge base themselves).
        if (a.coveredText.length <= maxForm && inventory.byForm.has(a.coveredText.toLowerCase())) {
          const judgement = judgeIn(view, asConcept(a, key), inventory);
          if (judgement.sense !== undefined) validity = judgement.validity;
        }
        if (validity !== undefined) update.push({ target: a, fields: { disambiguationData: { validity } } });
      }
    }
    const remove: Annotation[] = [];
    const filters = deployedFilters('disambiguation', 'concepts', params.filters, ctx.resources.artifacts);
    // Filters see each concept with its judgement (views are built only when a filter is deployed): a copy
    // of the fields the filters read, or of all fields when one may read any.
    // (Object.assign copies the same own fields as a spread, about twice as fast on these objects.)
    const reads = filters.length === 0 ? undefined : fieldsRead(filters);
    const views = filters.length === 0 ? [] : concepts.map((c, i) => {
      const view: Annotation = reads === undefined ? Object.assign({}, c) : pick(c, reads);
      view.disambiguationData = { validity: validities[i] };
      return view;
    });
    const filterContext = { data: { concepts: views } };
    for (let i = 0; i < concepts.length; i++) {
      const concept = concepts[i]!;
      if (params.remove_invalid && validities[i] === 'INVALID') {
        remove.push(concept);
        continue;
      }
      if (filters.length === 0) continue;
      const view = views[i]!;
      if (filters.some((f) => !f.keep(view, filterContext))) remove.push(concept);
    }
    return { update, remove };
  },
});
