// Accuracy of concept_detection on the public PubTator corpora in /work/shared/eval (see its README):
// NCBI Disease (train, dev) and BioCreative V CDR (train, dev; Disease, and Chemical as a second task).
// The annotator runs exactly as the service runs it (default parameters, the default open knowledge base
// built into .cache/kb), keeping the concepts whose semantic types belong to the task, and is scored on
//  * mentions, exact spans and overlapping spans (P/R/F1, micro over the corpus);
//  * document-level concept ids (DNorm / TaggerOne / BioCreative DNER convention): the set of MeSH ids per
//    abstract, from the concept's meshId codes and MESH: cross-references; OMIM ids in the NCBI gold count
//    as ids too, and are predicted where the training lexicon attests them (normalisationIds).
// A matched span's ids (documentSpans): the ids the training lexicon gives its surface form (the table the build
// writes beside the knowledge base, eval/lib/form-lexicon.ts; the corpus's own training split first), else its
// concepts' ids; defined abbreviations ("long form (SF)") take their long form's ids; and corrections learned
// from the corpus's TRAINING documents only (learnSpanCorrections): spans seldom gold there are dropped, spans
// whose ids are mostly wrong there take the gold id. At one span, a concept whose preferred name is the span's
// text wins over concepts that merely list it as a synonym (labelledFirst); a span whose concepts have no id
// takes the ids the training lexicon gives a concept's preferred name (for chemicals, any of its names:
// synonymLexiconIds). Modifiers are composed with their head
// (eval/lib/phrase-variants.ts, composeSpans): "colon carcinoma", "hereditary tumours", "tumor of the liver"
// are looked up under word-level variants from small closed classes (neoplasm head nouns, body site noun /
// adjective, inheritance modifiers, disease / disorder, abnormality / anomaly / malformation / defect) and
// "H of (the) S" read as "S H"; a variant the training lexicon or the knowledge base knows names the whole
// phrase. Coordinated modifiers share the head of the last conjunct ("basal cell and cervical carcinomas":
// "basal cell carcinoma"; eval/lib/coordination.ts). A body site the matcher finds (an anatomical concept) followed
// by a general disorder head noun ("cerebellum damage", "cardiac disorders") is read as "<site> disease"
// (eval/lib/site-disorders.ts). Spans in a sequence-variant notation ("A-- > T") are dropped
// (eval/lib/span-filters.ts). Ids newer than the corpus's annotation vocabulary (MeSH ids numbered above every
// one of their kind in its TRAINING gold) are left out (eval/lib/vocabulary.ts). A span naming several ids keeps
// those its corpus's TRAINING gold uses, and one naming only unused supplementary records (C…) is dropped
// (usedIdSpans). Each rule was kept on both half-splits of the training files (eval/lib/train-split.ts, even/odd
// and --swapped), never tuned on the dev files; eval/lib/error-analysis.ts prints the error classes of a split,
// eval/lib/ceiling.ts what the knowledge base and the span detection allow at best (gold ids the knowledge base
// knows, oracle recall) and the error classes with ids absent from the knowledge base told apart.
// Tried and left out (held-out halves, document-id F1, NCBI / BC5CDR disease, s1 | s2 against 0.820 / 0.805 |
// 0.799 / 0.817): a learned, DNorm-like phrase normaliser (eval/lib/phrase-ranker.ts: IDF word vectors of a phrase
// and of the knowledge base's names scored by mᵀ(I + D)n, the word-pair matrix D learned by pairwise ranking on the
// training mentions) giving a span the best name of its modifier extension when that beats the span's own ids
// (eval/lib/phrase-normaliser.ts): 0.818 / 0.809 | 0.798 / 0.816 at the best threshold; it ranks the right id
// first for 33-48% of the unseen held-out mentions only, and where it acts the span's own id is more often the
// gold one (eval/lib/phrase-ranking-survey.ts); and, at a span naming several used ids, only the one the training
// gold uses most: 0.817 / 0.805 | 0.796 / 0.815.
// Nothing here is tuned to these texts: the type sets are the UMLS Disorders / Chemicals groups (below).
// The default knowledge base holds a supervised lexicon learned from the TRAIN files
// (src/knowledge/builders/corpus-lexicon.ts): the train rows are then optimistic and marked `(seen)*`; the dev
// rows are the honest figures. Ids are normalised as in normalisedConcepts / normalisationIds below.
//
// The figure that counts is the service's own (serviceMeshIds, "service MeSH"): the meshId codes concept_detection
// returns with its default parameters and medical_codes, unnormalised. The service chooses them itself
// (src/engine/annotators/concept-detection/mesh-id-choice.ts): the training lexicon's ids for the span's words (a
// defined short form through its long form), nested matches' ids for a concept without one. The knowledge-base
// build learns that lexicon from the TRAIN files only
// (CORPUS_LEXICON_FILES); the dev files are read here only, to score. The columns marked eval-norm are this file's
// own normalisation below, kept as a reference for what the service does not do yet.
//
// `npm run eval` runs this with the other evals (eval/run.ts); `tsx eval/concepts-eval.ts [--corpus ncbi]`
// runs it alone (KB_DIR=<dir> scores another compiled knowledge base). `--types dsyn,neop` overrides the
// type set (diagnostics only).
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parsePubTator, type PubTatorDocument } from './lib/pubtator.js';
import { prf, scoreDocumentIds, scoreMentions, type Prf, type ScoredSpan } from './lib/scoring.js';
import { compileConceptDetection, detectConcepts, type ConceptDetectionCompiled } from '../src/engine/annotators/concept-detection/concept-detection.js';
import { conceptDetectionParams, type ConceptDetectionParams } from '../src/engine/annotators/concept-detection/params.js';
import { createDocument } from '../src/engine/create-document.js';
import type { Annotation } from '../src/engine/document.js';
import { parseAnnotatorParams } from '../src/engine/params.js';
import { NO_ARTIFACTS } from '../src/engine/resources.js';
import { ensureKnowledgeBase, knowledgeBaseDir } from '../src/knowledge/build-default.js';
import { CORPUS_LEXICON_FILES } from '../src/knowledge/builders/corpus-lexicon.js';
import type { CompiledKnowledgeBase } from '../src/knowledge/kb.js';
import { conceptLexiconIds, loadFormLexicon, type FormLexicon } from './lib/form-lexicon.js';
import { abbreviationDefinitions, applyAbbreviations } from './lib/abbreviations.js';
import { composeSpans } from './lib/phrase-variants.js';
import { withoutSubstitutionNotation } from './lib/span-filters.js';
import { coordinatedSpans } from './lib/coordination.js';
import { SITE_TYPES, siteDisorderSpans } from './lib/site-disorders.js';
import { annotationVocabulary, inVocabulary, vocabularySpans, type IdVocabulary } from './lib/vocabulary.js';

export const DEFAULT_EVAL_DIR = '/work/shared/eval';

export type ConceptTask = 'disease' | 'chemical';

/**
 * Semantic types per task, chosen by semantic group (on the train sets, never on single strings).
 * Disease: the UMLS Disorders group (DISO) without Injury or Poisoning (inpo), whose open-KB concepts are
 * mostly ICD-10-CM injury codes that hurt both train sets. Chemical: the Chemicals & Drugs group (CHEM)
 * types for substances.
 */
export const TASK_TYPES: Readonly<Record<ConceptTask, readonly string[]>> = {
  disease: ['dsyn', 'neop', 'mobd', 'cgab', 'acab', 'anab', 'patf', 'sosy', 'comd', 'emod', 'fndg'],
  chemical: ['phsu', 'orch', 'inch', 'elii', 'antb', 'hops', 'horm', 'vita', 'nsba', 'strd', 'bacs', 'clnd', 'aapp', 'chem', 'chvf', 'chvs', 'imft', 'enzy', 'carb', 'lipd', 'nnon'],
};

export interface CorpusSpec {
  readonly name: string;
  readonly file: string;
  readonly task: ConceptTask;
  /** Gold mention types kept (undefined: all, as for NCBI Disease). */
  readonly goldType?: string;
  /** Published document-level id F1 to compare with (DNorm, TaggerOne, MetaMap, BioCreative V). */
  readonly anchors?: string;
  /**
   * The gold standard also uses OMIM ids (NCBI Disease: for diseases MeSH lacks). BC5CDR annotates MeSH ids
   * only, so predicted OMIM ids are left out there: they could never be right.
   */
  readonly omimIds?: boolean;
  /** Record source of the corpus's own training split in the training lexicon (its forms' ids are preferred). */
  readonly lexiconSource?: string;
}

export const CORPORA: readonly CorpusSpec[] = [
  { name: 'NCBI disease train', file: 'ncbi-disease/NCBItrainset_corpus.txt', task: 'disease', omimIds: true, lexiconSource: 'NCBI_DISEASE_TRAIN' },
  { name: 'NCBI disease dev', file: 'ncbi-disease/NCBIdevelopset_corpus.txt', task: 'disease', omimIds: true, lexiconSource: 'NCBI_DISEASE_TRAIN', anchors: 'DNorm 0.78, MetaMap 0.57 (NCBI test)' },
  { name: 'BC5CDR disease train', file: 'bc5cdr/CDR_TrainingSet.PubTator.txt', task: 'disease', goldType: 'Disease', lexiconSource: 'BC5CDR_TRAIN' },
  { name: 'BC5CDR disease dev', file: 'bc5cdr/CDR_DevelopmentSet.PubTator.txt', task: 'disease', goldType: 'Disease', lexiconSource: 'BC5CDR_TRAIN', anchors: 'DNorm 0.81, best BioCreative V 0.86 (CDR test)' },
  { name: 'BC5CDR chemical train', file: 'bc5cdr/CDR_TrainingSet.PubTator.txt', task: 'chemical', goldType: 'Chemical', lexiconSource: 'BC5CDR_TRAIN' },
  { name: 'BC5CDR chemical dev', file: 'bc5cdr/CDR_DevelopmentSet.PubTator.txt', task: 'chemical', goldType: 'Chemical', lexiconSource: 'BC5CDR_TRAIN' },
];

export interface CorpusResult {
  readonly corpus: CorpusSpec;
  readonly documents: number;
  readonly exact: Prf;
  readonly overlap: Prf;
  /** Mention level, exact span and id: (doc, begin, end, id) tuples. */
  readonly spanIds: Prf;
  readonly documentIds: Prf;
  /** Document-level ids restricted to MeSH (OMIM gold ids left out), for NCBI. */
  readonly documentMeshIds: Prf;
  /**
   * Document-level MeSH ids exactly as the service returns them: the `meshId` codes of the concepts of the
   * task's types that concept_detection gives with its default parameters and `medical_codes` (what a user of
   * /v1/analyze gets), against the gold MeSH ids (OMIM left out).
   */
  readonly serviceMeshIds: Prf;
  readonly goldOmimIds: number;
  readonly ms: number;
}

export interface ConceptEvaluator {
  readonly kb: CompiledKnowledgeBase;
  readonly compiled: ConceptDetectionCompiled;
  readonly params: ConceptDetectionParams;
  /** The same parameters with longest_span off: nested matches, for normalisation (normalisedConcepts). */
  readonly nestedParams: ConceptDetectionParams;
  /** The default parameters with `include_optional_fields=medical_codes`: the service's own output (serviceMeshIds). */
  readonly serviceParams: ConceptDetectionParams;
  /** The training lexicon's form → id table of the knowledge base (normalisedSpans), when it has one. */
  readonly lexicon?: FormLexicon;
  /** conceptLexiconIds per `${task}\t${lexicon source}`, computed on first use (documentSpans). */
  readonly conceptLexiconIds: Map<string, ReadonlyMap<string, readonly string[]>>;
}

export function createEvaluator(kb: CompiledKnowledgeBase, raw: Record<string, readonly string[]> = {}, lexicon?: FormLexicon): ConceptEvaluator {
  const compiled = compileConceptDetection({ kb, artifacts: NO_ARTIFACTS });
  // The evaluation's own normalisation (documentSpans) reads every candidate; serviceParams is what a user gets.
  const { params } = parseAnnotatorParams('concept_detection', conceptDetectionParams, { all_candidates: ['true'], ...raw });
  const { params: nestedParams } = parseAnnotatorParams('concept_detection', conceptDetectionParams, { all_candidates: ['true'], ...raw, longest_span: ['false'] });
  const { params: serviceParams } = parseAnnotatorParams('concept_detection', conceptDetectionParams, { ...raw, include_optional_fields: ['medical_codes'] });
  return { kb, compiled, params, nestedParams, serviceParams, ...(lexicon === undefined ? {} : { lexicon }), conceptLexiconIds: new Map() };
}

/**
 * Ids of a concept usable for normalisation scoring: its MeSH ids (bare `D003920`, from meshId codes and
 * MESH: cross-references). OMIM ids (`OMIM:222100`) only when the training lexicon attests them for a
 * concept without an attested MeSH id, and only when `omimIds` (the corpus uses them: NCBI Disease, for
 * diseases MeSH lacks). The OMIM cross-references of the open sources are not used: DOID and MONDO cite the
 * OMIM entries of a disease's genetic subtypes, which the corpora do not name (on the train half-split,
 * NCBI document-id F1 0.775 with them, 0.778 without).
 */
export function normalisationIds(kb: CompiledKnowledgeBase, cui: string, omimIds = true): string[] {
  const conceptMesh = (): string[] => {
    const mesh = new Set<string>();
    for (const index of kb.conceptsById(cui)) {
      const c = kb.concept(index);
      for (const m of c.codes.meshId ?? []) mesh.add(m);
      for (const x of c.xrefs) if (x.startsWith('MESH:')) mesh.add(x.slice(5));
    }
    return [...mesh];
  };
  // Ids the training lexicon attests for the concept (LEXICON:MESH:…, LEXICON:OMIM:…) are the ones the
  // corpora use, when the concept cites several.
  const attested = kb.conceptsById(cui).flatMap((i) => kb.concept(i).xrefs.filter((x) => x.startsWith('LEXICON:')).map((x) => x.slice(8)));
  if (attested.length > 0) {
    const ids = [...new Set(attested.map((x) => (x.startsWith('MESH:') ? x.slice(5) : x)))];
    const meshIds = ids.filter((x) => !x.startsWith('OMIM:'));
    // (Adding the concept's own MeSH ids when the lexicon attests only OMIM ids: train half-split NCBI -0.002.)
    if (meshIds.length > 0 || !omimIds) return meshIds;
    return ids;
  }
  return conceptMesh();
}

/** Record sources of the supervised training lexicon (src/knowledge/builders/corpus-lexicon.ts). */
const TRAINING_LEXICON_VOCABS: ReadonlySet<string> = new Set(CORPUS_LEXICON_FILES.map((f) => f.source));

function isAttested(kb: CompiledKnowledgeBase, cui: string): boolean {
  return kb.conceptsById(cui).some((i) => kb.concept(i).vocabs.some((v) => TRAINING_LEXICON_VOCABS.has(v)));
}

/**
 * The concepts that normalise a text, from its matches including nested ones (longest_span off):
 *  1. the longest match that carries an id: a match inside a longer match whose concepts have a MeSH/OMIM id
 *     gives way ("cancer" in "breast cancer"), but not inside a longer match without any id ("headache" in
 *     "severe headache" when that names an id-less symptom concept);
 *  2. when several concepts share one span (given its `text`): those whose preferred name is the span's text
 *     (labelledFirst), then of these, when some have that name attested in the training lexicon, only those
 *     (an annotated surface form names its concept; the others merely share a synonym).
 */
export function normalisedConcepts(kb: CompiledKnowledgeBase, matches: readonly { cui?: unknown; begin: number; end: number }[], omimIds = true, text?: string): { cui: string; begin: number; end: number }[] {
  const withIds = matches.filter((a) => normalisationIds(kb, String(a.cui), omimIds).length > 0);
  const inside = (a: { begin: number; end: number }, b: { begin: number; end: number }): boolean => b.begin <= a.begin && a.end <= b.end && (b.begin !== a.begin || b.end !== a.end);
  const annotations = matches.filter((a) => !withIds.some((b) => inside(a, b)));
  const bySpan = new Map<string, { cui: string; begin: number; end: number; attested: boolean }[]>();
  for (const a of annotations) {
    const cui = String(a.cui);
    const attested = isAttested(kb, cui);
    const key = `${a.begin}:${a.end}`;
    const list = bySpan.get(key) ?? [];
    list.push({ cui, begin: a.begin, end: a.end, attested });
    bySpan.set(key, list);
  }
  const out: { cui: string; begin: number; end: number }[] = [];
  for (const all of bySpan.values()) {
    const list = text === undefined ? all : labelledFirst(kb, all, text.slice(all[0]!.begin, all[0]!.end), omimIds);
    const attested = list.filter((c) => c.attested);
    for (const c of attested.length > 0 ? attested : list) out.push({ cui: c.cui, begin: c.begin, end: c.end });
  }
  return out;
}

/**
 * Of the concepts matched at one span, those whose preferred name is the span's text (same term key) and that
 * carry ids, when there are any; else all. A concept labelled by the text names it; the others merely list it
 * among their synonyms ("mesothelioma" is MONDO's mesothelioma, not the mesothelial neoplasm that has it as a
 * synonym). Train half-splits (odd / even half held out): NCBI document-id F1 +0.004 / +0.002, BC5CDR disease
 * +0.004 / +0.002, chemical +0.001 / +0.001.
 */
export function labelledFirst<T extends { cui: string }>(kb: CompiledKnowledgeBase, list: readonly T[], text: string, omimIds = true): readonly T[] {
  const key = kb.normalizer.termKey(text);
  const hits = list.filter((c) => kb.conceptsById(c.cui).some((i) => kb.normalizer.termKey(kb.concept(i).preferredName) === key) && normalisationIds(kb, c.cui, omimIds).length > 0);
  return hits.length > 0 ? hits : list;
}

export interface NormalisedSpan {
  readonly begin: number;
  readonly end: number;
  readonly ids: readonly string[];
}

export interface SpanNormalisationOptions {
  readonly omimIds?: boolean;
  /** Task entity class (which half of the training lexicon applies). */
  readonly cls: ConceptTask;
  readonly lexicon?: FormLexicon;
  /** The corpus's own training split in the lexicon. */
  readonly source?: string;
  /**
   * Concept → ids the training lexicon gives any of its names (conceptLexiconIds), for a concept without ids
   * whose preferred name the lexicon lacks; given for chemicals (documentSpans).
   */
  readonly synonymIds?: ReadonlyMap<string, readonly string[]>;
}

/**
 * The ids of a text's matched spans (matches including nested ones, longest_span off). A span's ids are
 *  1. the ids the training lexicon gives its surface form (DNorm-style exact lookup; the corpus's own training
 *     split first), whatever concepts the matcher found there;
 *  2. else, as normalisedConcepts: the ids of its concepts, those with the name attested first.
 * A span inside a longer span that has ids gives way ("cancer" in "breast cancer").
 */
export function normalisedSpans(kb: CompiledKnowledgeBase, matches: readonly { cui?: unknown; begin: number; end: number }[], text: string, options: SpanNormalisationOptions): NormalisedSpan[] {
  const omimIds = options.omimIds ?? true;
  const lexical = new Map<string, string[] | undefined>();
  const notMentions = new Set<string>();
  const lexicalIds = (a: { begin: number; end: number }): string[] | undefined => {
    const key = `${a.begin}:${a.end}`;
    if (lexical.has(key)) return lexical.get(key);
    let ids = options.lexicon?.ids(options.cls, text.slice(a.begin, a.end), options.source);
    if (ids !== undefined && ids.length === 0) notMentions.add(key);
    if (ids !== undefined && !omimIds) ids = ids.filter((id) => !id.startsWith('OMIM:'));
    const value = ids !== undefined && ids.length > 0 ? ids : undefined;
    lexical.set(key, value);
    return value;
  };
  // A concept without ids of its own: the ids the training lexicon gives its preferred name (used for a span
  // none of whose concepts has ids; train half-splits NCBI +0.001 / +0.000, BC5CDR disease +0.000 / +0.002,
  // chemical +0.001 / +0.004; letting such spans also make the spans inside them give way: BC5CDR disease -0.001).
  const nameIds = (cui: string): string[] => {
    if (options.lexicon === undefined) return [];
    const ids = new Set<string>();
    for (const i of kb.conceptsById(cui)) for (const id of options.lexicon.ids(options.cls, kb.concept(i).preferredName, options.source) ?? []) if (omimIds || !id.startsWith('OMIM:')) ids.add(id);
    if (ids.size === 0) for (const id of options.synonymIds?.get(cui) ?? []) if (omimIds || !id.startsWith('OMIM:')) ids.add(id);
    return [...ids];
  };
  const withIds = matches.filter((a) => lexicalIds(a) !== undefined || normalisationIds(kb, String(a.cui), omimIds).length > 0);
  const inside = (a: { begin: number; end: number }, b: { begin: number; end: number }): boolean => b.begin <= a.begin && a.end <= b.end && (b.begin !== a.begin || b.end !== a.end);
  const kept = matches.filter((a) => !withIds.some((b) => inside(a, b)));
  const out: NormalisedSpan[] = [];
  const done = new Set<string>();
  const bySpan = new Map<string, typeof kept>();
  for (const a of kept) {
    const key = `${a.begin}:${a.end}`;
    const list = bySpan.get(key) ?? [];
    list.push(a);
    bySpan.set(key, list);
  }
  for (const [key, list] of bySpan) {
    if (done.has(key)) continue;
    done.add(key);
    const { begin, end } = list[0]!;
    const fromLexicon = lexicalIds(list[0]!);
    if (notMentions.has(key)) continue;
    if (fromLexicon !== undefined) {
      out.push({ begin, end, ids: fromLexicon });
      continue;
    }
    const ids = new Set<string>();
    for (const c of normalisedConcepts(kb, list, omimIds, text)) for (const id of normalisationIds(kb, c.cui, omimIds)) ids.add(id);
    if (ids.size === 0) for (const a of list) for (const id of nameIds(String(a.cui))) ids.add(id);
    const idList = [...ids];
    if (idList.length > 0) out.push({ begin, end, ids: idList });
  }
  return out;
}

/**
 * The ids a phrase names (composeSpans): those the training lexicon gives the form (the corpus's own training
 * split first), else those of the knowledge-base concepts of the task's types named exactly by it (those with
 * the text as preferred name first, then those attested in the training lexicon). Undefined when none.
 */
export function phraseIds(evaluator: ConceptEvaluator, phrase: string, types: ReadonlySet<string>, options: SpanNormalisationOptions): string[] | undefined {
  const omimIds = options.omimIds ?? true;
  const fromLexicon = options.lexicon?.ids(options.cls, phrase, options.source);
  if (fromLexicon !== undefined) {
    const ids = omimIds ? fromLexicon : fromLexicon.filter((id) => !id.startsWith('OMIM:'));
    return ids.length > 0 ? ids : undefined;
  }
  const kb = evaluator.kb;
  const concepts = kb.lookup(phrase).map((i) => kb.concept(i)).filter((c) => c.semanticTypes.some((t) => types.has(t)));
  const withIds = labelledFirst(kb, concepts.filter((c) => normalisationIds(kb, c.cui, omimIds).length > 0), phrase, omimIds);
  const attested = withIds.filter((c) => isAttested(kb, c.cui));
  const ids = [...new Set((attested.length > 0 ? attested : withIds).flatMap((c) => normalisationIds(kb, c.cui, omimIds)))];
  return ids.length > 0 ? ids : undefined;
}

/**
 * For chemicals, a matched concept without ids takes the ids the training lexicon gives any of its names, not
 * only its preferred name (a drug's synonyms are its salts' and brands' names, which the corpus annotates with
 * the drug's id). Train half-splits (odd / even half held out), document-id F1: chemical +0.003 / +0.005. Not
 * for disorders, whose ontologies list broader and related terms as synonyms (HPO's "Mania" beside bipolar
 * disorder): NCBI -0.002 / -0.002, BC5CDR disease -0.002 / +0.001.
 */
function synonymLexiconIds(evaluator: ConceptEvaluator, corpus: CorpusSpec): ReadonlyMap<string, readonly string[]> | undefined {
  if (evaluator.lexicon === undefined) return undefined;
  const key = `${corpus.task}\t${corpus.lexiconSource ?? ''}`;
  let ids = evaluator.conceptLexiconIds.get(key);
  if (ids === undefined) evaluator.conceptLexiconIds.set(key, (ids = conceptLexiconIds(evaluator.kb, evaluator.lexicon, corpus.task, corpus.lexiconSource)));
  return ids;
}

/** A match as documentSpans reads it: the concept, its offsets and its comma-joined semantic types. */
export interface MatchLike {
  readonly cui?: unknown;
  readonly begin: number;
  readonly end: number;
  readonly semanticType?: unknown;
}

const hasType = (a: MatchLike, set: ReadonlySet<string>): boolean => typeof a.semanticType === 'string' && a.semanticType.split(',').some((t) => set.has(t));

/**
 * The normalised spans of one document for a corpus (normalisedSpans, then the document-level rules), from the
 * text's matches including nested ones, of any semantic type.
 */
export function documentSpans(evaluator: ConceptEvaluator, corpus: CorpusSpec, text: string, matches: readonly MatchLike[], types: ReadonlySet<string>, corrections?: SpanCorrections): NormalisedSpan[] {
  // The task's matches are normalised (a match without a semantic type counts as one); anatomical ones are sites.
  const nested = matches.filter((a) => a.semanticType === undefined || hasType(a, types));
  const sites = matches.filter((a) => hasType(a, SITE_TYPES) && !hasType(a, types));
  const synonymIds = corpus.task === 'chemical' ? synonymLexiconIds(evaluator, corpus) : undefined;
  const options: SpanNormalisationOptions = { omimIds: corpus.omimIds === true, cls: corpus.task, ...(evaluator.lexicon === undefined ? {} : { lexicon: evaluator.lexicon }), ...(corpus.lexiconSource === undefined ? {} : { source: corpus.lexiconSource }), ...(synonymIds === undefined ? {} : { synonymIds }) };
  // Ids outside the corpus's annotation vocabulary (eval/lib/vocabulary.ts): matches whose concepts name only
  // such ids are left out before normalisation, and every span keeps only its ids inside the vocabulary (a span
  // left without, e.g. a modifier phrase composed into such a concept, is dropped).
  const vocabulary = corrections?.vocabulary;
  const candidates = vocabulary === undefined ? nested : nested.filter((a) => {
    const ids = normalisationIds(evaluator.kb, String(a.cui), options.omimIds);
    return ids.length === 0 || ids.some((id) => inVocabulary(vocabulary, id));
  });
  const lookup = (phrase: string): string[] | undefined => phraseIds(evaluator, phrase, types, options);
  const termKey = (t: string): string => evaluator.kb.normalizer.termKey(t);
  const make = (begin: number, end: number, ids: string[]): NormalisedSpan => ({ begin, end, ids });
  let spans = normalisedSpans(evaluator.kb, candidates, text, options);
  spans = composeSpans(spans, nested, text, lookup, termKey, make);
  spans = coordinatedSpans(spans, text, lookup, termKey, make);
  spans = siteDisorderSpans(spans, sites, text, lookup, termKey, make);
  spans = applyAbbreviations(spans, text, abbreviationDefinitions(text), true);
  spans = withoutSubstitutionNotation(spans, text);
  if (vocabulary !== undefined) spans = vocabularySpans(spans, vocabulary);
  if (corrections?.usedIds !== undefined) spans = usedIdSpans(spans, corrections.usedIds);
  if (corrections !== undefined) {
    const out: NormalisedSpan[] = [];
    for (const sp of spans) {
      const key = evaluator.kb.normalizer.termKey(text.slice(sp.begin, sp.end));
      if (corrections.notMentions.has(key)) continue;
      const id = corrections.relabel.get(key);
      out.push(id === undefined ? sp : { ...sp, ids: [id] });
    }
    spans = out;
  }
  return spans;
}

/** What a corpus's training documents say about the spans the normalisation predicts (learnSpanCorrections). */
export interface SpanCorrections {
  /** Term keys seldom a gold mention of the task: dropped. */
  readonly notMentions: ReadonlySet<string>;
  /** Term keys whose predicted ids are mostly wrong where they are mentions, and whose mentions mostly name one id. */
  readonly relabel: ReadonlyMap<string, string>;
  /** Bounds of the MeSH ids the training gold uses (eval/lib/vocabulary.ts). */
  readonly vocabulary?: IdVocabulary;
  /** The ids the training gold of the task uses (usedIdSpans). */
  readonly usedIds?: ReadonlySet<string>;
}

/**
 * Spans naming several ids (a concept the open sources map to more than one MeSH record):
 *  * keep the ids the training gold of the task uses, when some are and some are not ("basal cell carcinoma":
 *    Carcinoma, Basal Cell and Neoplasms, Basal Cell; the annotators' choice shows in the training documents);
 *  * are dropped when they name only supplementary records (C…), none of which the training gold uses: a drug
 *    the sources map to the supplementary records of its salts and derivatives ("chlorpromazine" → two C ids, its
 *    descriptor is not among them); 0 of 7 such ids right on the two held-out halves.
 * Train half-splits (odd / even half held out), document-id F1: NCBI +0.001 / 0, BC5CDR disease 0 / +0.001,
 * chemical +0.004 / +0.001.
 */
export function usedIdSpans<S extends { readonly ids: readonly string[] }>(spans: readonly S[], used: ReadonlySet<string>): S[] {
  const out: S[] = [];
  for (const s of spans) {
    if (s.ids.length < 2) {
      out.push(s);
      continue;
    }
    const kept = s.ids.filter((id) => used.has(id));
    if (kept.length === 0 && s.ids.every((id) => id.startsWith('C'))) continue;
    out.push(kept.length > 0 && kept.length < s.ids.length ? { ...s, ids: kept } : s);
  }
  return out;
}

/**
 * Learns from a corpus's TRAINING documents, where the knowledge base matches a span with ids (term key of the
 * span): when it is seldom a gold mention of the task there (at least `minCount` times, gold in under `maxShare`
 * of them), the corpus's guidelines do not take it for a mention ("arm", "death" in NCBI Disease); when it is,
 * but its predicted ids are mostly wrong and the gold mentions it overlaps mostly name one id, that id. Also the
 * annotation vocabulary of the gold ids there (eval/lib/vocabulary.ts), which the spans are learned under.
 */
export function learnSpanCorrections(evaluator: ConceptEvaluator, corpus: CorpusSpec, documents: readonly PubTatorDocument[], minCount = 1, maxShare = 0.3): SpanCorrections {
  const types = new Set(TASK_TYPES[corpus.task]);
  const stats = new Map<string, { n: number; hits: number; correct: number; gold: Map<string, number> }>();
  const goldIds = documents.flatMap((d) => d.mentions.filter((m) => corpus.goldType === undefined || m.type === corpus.goldType).flatMap((m) => m.ids));
  const vocabulary = annotationVocabulary(goldIds);
  const usedIds = new Set(goldIds);
  const learning: SpanCorrections = { notMentions: new Set(), relabel: new Map(), vocabulary, usedIds };
  for (const d of documents) {
    const gold = d.mentions.filter((m) => corpus.goldType === undefined || m.type === corpus.goldType);
    const document = createDocument(d.text);
    const matches = detectConcepts(document, evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    for (const sp of documentSpans(evaluator, corpus, d.text, matches, types, learning)) {
      const key = evaluator.kb.normalizer.termKey(d.text.slice(sp.begin, sp.end));
      let st = stats.get(key);
      if (st === undefined) stats.set(key, (st = { n: 0, hits: 0, correct: 0, gold: new Map() }));
      st.n++;
      const over = gold.filter((m) => m.begin < sp.end && sp.begin < m.end);
      if (over.length === 0) continue;
      st.hits++;
      const goldIds = new Set(over.flatMap((m) => m.ids));
      if (sp.ids.some((id) => goldIds.has(id))) st.correct++;
      for (const m of over) if (m.ids.length === 1) st.gold.set(m.ids[0]!, (st.gold.get(m.ids[0]!) ?? 0) + 1);
    }
  }
  const notMentions = new Set<string>();
  const relabel = new Map<string, string>();
  for (const [key, st] of stats) {
    if (st.n >= minCount && st.hits / st.n < maxShare) notMentions.add(key);
    else if (st.hits >= 1 && st.correct / st.hits < 0.5) {
      const [top, count] = [...st.gold].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? ['', 0];
      if (count / st.hits > 0.5) relabel.set(key, top);
    }
  }
  return { notMentions, relabel, vocabulary, usedIds };
}

export function evaluateCorpus(evaluator: ConceptEvaluator, corpus: CorpusSpec, documents: readonly PubTatorDocument[], typeOverride?: readonly string[], corrections?: SpanCorrections): CorpusResult {
  const types = new Set(typeOverride ?? TASK_TYPES[corpus.task]);
  const goldSpans: ScoredSpan[] = [];
  const predSpans: ScoredSpan[] = [];
  const goldIds = new Map<string, Set<string>>();
  const predIds = new Map<string, Set<string>>();
  // Span+id tuples, keyed per document like the id sets (so scoreDocumentIds can count them).
  const goldSpanIds = new Map<string, Set<string>>();
  const predSpanIds = new Map<string, Set<string>>();
  const serviceIds = new Map<string, Set<string>>();
  const started = Date.now();
  for (const d of documents) {
    const gold = d.mentions.filter((m) => corpus.goldType === undefined || m.type === corpus.goldType);
    for (const m of gold) goldSpans.push({ docId: d.pmid, begin: m.begin, end: m.end });
    const ids = goldIds.get(d.pmid) ?? new Set<string>();
    for (const m of gold) for (const id of m.ids) ids.add(id);
    goldIds.set(d.pmid, ids);
    const goldTuples = goldSpanIds.get(d.pmid) ?? new Set<string>();
    for (const m of gold) for (const id of m.ids) goldTuples.add(`${m.begin}:${m.end}:${id}`);
    goldSpanIds.set(d.pmid, goldTuples);
    const predTuples = predSpanIds.get(d.pmid) ?? new Set<string>();
    predSpanIds.set(d.pmid, predTuples);

    const predicted = predIds.get(d.pmid) ?? new Set<string>();
    predIds.set(d.pmid, predicted);
    const ofTask = (a: Annotation): boolean => typeof a.semanticType === 'string' && a.semanticType.split(',').some((t) => types.has(t));
    const document = createDocument(d.text);
    for (const a of detectConcepts(document, evaluator.params, evaluator.compiled, NO_ARTIFACTS).filter(ofTask)) predSpans.push({ docId: d.pmid, begin: a.begin, end: a.end });
    const served = new Set<string>();
    serviceIds.set(d.pmid, served);
    for (const a of detectConcepts(document, evaluator.serviceParams, evaluator.compiled, NO_ARTIFACTS).filter(ofTask)) {
      if (typeof a.meshId === 'string') for (const id of a.meshId.split(',')) if (id !== '') served.add(id);
    }
    const matches = detectConcepts(document, evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    for (const span of documentSpans(evaluator, corpus, d.text, matches, types, corrections)) {
      for (const id of span.ids) {
        predicted.add(id);
        predTuples.add(`${span.begin}:${span.end}:${id}`);
      }
    }
  }
  const meshOnly = (m: Map<string, Set<string>>): Map<string, Set<string>> => new Map([...m].map(([k, v]) => [k, new Set([...v].filter((id) => !id.startsWith('OMIM:')))]));
  let goldOmimIds = 0;
  for (const ids of goldIds.values()) for (const id of ids) if (id.startsWith('OMIM:')) goldOmimIds++;
  return {
    corpus,
    documents: documents.length,
    exact: scoreMentions(goldSpans, predSpans, 'exact'),
    overlap: scoreMentions(goldSpans, predSpans, 'overlap'),
    spanIds: scoreDocumentIds(goldSpanIds, predSpanIds),
    documentIds: scoreDocumentIds(goldIds, predIds),
    documentMeshIds: scoreDocumentIds(meshOnly(goldIds), meshOnly(predIds)),
    serviceMeshIds: scoreDocumentIds(meshOnly(goldIds), serviceIds),
    goldOmimIds,
    ms: Date.now() - started,
  };
}

const f3 = (x: number): string => x.toFixed(3);
const triple = (p: Prf): string => `${f3(p.precision)} ${f3(p.recall)} ${f3(p.f1)}`;

/** True when the knowledge base holds the supervised lexicon learned from the training splits. */
export function hasTrainingLexicon(kb: CompiledKnowledgeBase): boolean {
  for (let i = 0; i < kb.conceptCount; i++) if (kb.concept(i).vocabs.some((v) => TRAINING_LEXICON_VOCABS.has(v))) return true;
  return false;
}

export function formatConceptEval(results: readonly CorpusResult[], kbLabel: string, trainingLexicon = false): string {
  const lines: string[] = [];
  lines.push(`concept_detection accuracy (knowledge base ${kbLabel}; default parameters; task semantic types only)`);
  lines.push('P R F1 per column; mentions micro-averaged; span+id = exact span with a right id; doc ids = set of MeSH (+ OMIM for NCBI) ids per abstract');
  const header = ['corpus', 'docs', 'gold', 'pred', 'exact span P R F1', 'overlap P R F1', 'service MeSH P R F1', 'eval-norm span+id F1', 'eval-norm doc ids P R F1', 'eval-norm MeSH F1'];
  const optimistic = (r: CorpusResult): boolean => trainingLexicon && r.corpus.name.includes('train');
  const rows = results.map((r) => [
    optimistic(r) ? `${r.corpus.name} (seen)*` : r.corpus.name,
    String(r.documents),
    String(r.exact.gold),
    String(r.exact.predicted),
    triple(r.exact),
    triple(r.overlap),
    triple(r.serviceMeshIds),
    f3(r.spanIds.f1),
    triple(r.documentIds),
    f3(r.documentMeshIds.f1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const fmt = (row: readonly string[]): string => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push(fmt(header));
  lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) lines.push(fmt(row));
  lines.push('service MeSH (the figure that counts) = the meshId codes of the concepts /v1/analyze returns (concept_detection, default parameters, medical_codes), scored as doc MeSH ids against the gold MeSH ids: no normalisation by the evaluation.');
  lines.push('  The service chooses them (concept-detection/mesh-id-choice.ts): the mention lexicon of the TRAINING splits (a defined short form through its long form), nested matches for a concept without MeSH id.');
  lines.push('  The knowledge-base build reads the training files only (CORPUS_LEXICON_FILES: NCBItrainset_corpus.txt, CDR_TrainingSet.PubTator.txt); the dev rows are never read by it.');
  lines.push('eval-norm = the evaluation\'s own normalisation of every candidate (below), kept as a reference for what the service does not do yet.');
  lines.push('');
  if (results.some(optimistic)) {
    lines.push('* OPTIMISTIC: the knowledge base learned a supervised lexicon from these training files (src/knowledge/builders/corpus-lexicon.ts);');
    lines.push('  the dev rows are the honest figures (dev files are never read by the build).');
  }
  lines.push('normalisation: the longest match carrying a MeSH/OMIM id; a span whose surface form the training lexicon knows takes that form\'s ids (the corpus\'s own training split first), else its concepts\' ids (at one span, concepts with that name attested in the training lexicon win);');
  lines.push('  at one span, concepts whose preferred name is the span\'s text first; a span whose concepts have no id takes the ids the training lexicon gives their preferred names (chemicals: any of their names);');
  lines.push('  modifiers composed with their head ("colon carcinoma" → colonic neoplasm; "tumor of the liver" → liver neoplasm) through word variants from closed classes (neoplasm heads, site noun/adjective, inheritance, disease/disorder, abnormality/anomaly);');
  lines.push('  coordinated modifiers share the last conjunct\'s head ("basal cell and cervical carcinomas" → basal cell carcinoma too); spans inside a sequence-variant notation ("A-- > T") are dropped;');
  lines.push('  a body site followed by a disorder head noun reads as "<site> disease" ("cardiac disorders" → heart disease);');
  lines.push('  MeSH ids numbered above every id of their kind in the corpus\'s training gold (newer than its annotation vocabulary) are left out;');
  lines.push('  a span naming several ids keeps those the training gold uses; one naming only supplementary records (C…) the training gold never uses is dropped;');
  lines.push('  defined abbreviations take their long form\'s ids; spans seldom a gold mention in the corpus\'s training documents are dropped, spans mostly given a wrong id there take the gold id (learned from TRAIN only);');
  lines.push('  OMIM ids only as the training lexicon attests them, and only where the gold standard uses them (NCBI).');
  lines.push('published document-level id F1 (test sets): DNorm 0.81 BC5CDR disease, 0.78 NCBI; MetaMap 0.57 NCBI; best BioCreative V DNER 0.86.');
  const omim = results.filter((r) => r.goldOmimIds > 0).map((r) => `${r.corpus.name}: ${r.goldOmimIds} gold OMIM ids`);
  if (omim.length > 0) lines.push(`OMIM: ${omim.join('; ')}; predicted where the training lexicon attests them.`);
  lines.push(`time: ${results.map((r) => `${r.corpus.name} ${r.ms} ms`).join(', ')}`);
  return lines.join('\n');
}

export interface ConceptEvalOptions {
  readonly evalDir?: string;
  /** Data directory holding the compiled knowledge base (`<dataDir>/kb`); built there when missing. */
  readonly dataDir?: string;
  /** The compiled knowledge base directory (default: KB_DIR when set, else `<dataDir>/kb`). */
  readonly kbDir?: string;
  /** Substrings of corpus names to run (all when empty). */
  readonly corpora?: readonly string[];
  readonly types?: readonly string[];
  readonly params?: Record<string, readonly string[]>;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function runConceptEval(options: ConceptEvalOptions = {}): Promise<{ results: CorpusResult[]; text: string }> {
  const evalDir = options.evalDir ?? DEFAULT_EVAL_DIR;
  const kbDir = options.kbDir ?? (process.env.KB_DIR !== undefined && process.env.KB_DIR !== '' ? resolve(process.env.KB_DIR) : undefined);
  const dataDir = options.dataDir ?? join(repoRoot, '.cache');
  const kb = await ensureKnowledgeBase(dataDir, kbDir === undefined ? {} : { kbDir });
  const evaluator = createEvaluator(kb, options.params, loadFormLexicon(kbDir ?? knowledgeBaseDir(dataDir), (t) => kb.normalizer.termKey(t)));
  const wanted = options.corpora ?? [];
  const parsed = new Map<string, PubTatorDocument[]>();
  const results: CorpusResult[] = [];
  const learned = new Map<string, SpanCorrections>();
  for (const corpus of CORPORA) {
    if (wanted.length > 0 && !wanted.some((w) => corpus.name.includes(w))) continue;
    let documents = parsed.get(corpus.file);
    if (documents === undefined) {
      const result = parsePubTator(readFileSync(join(evalDir, corpus.file), 'utf8'));
      documents = [...result.documents];
      parsed.set(corpus.file, documents);
    }
    let corrections: SpanCorrections | undefined;
    {
      const training = trainingCorpus(corpus);
      if (training !== undefined) {
        let trainDocs = parsed.get(training.file);
        if (trainDocs === undefined) {
          trainDocs = [...parsePubTator(readFileSync(join(evalDir, training.file), 'utf8')).documents];
          parsed.set(training.file, trainDocs);
        }
        corrections = learned.get(training.name) ?? learnSpanCorrections(evaluator, training, trainDocs);
        learned.set(training.name, corrections);
      }
    }
    results.push(evaluateCorpus(evaluator, corpus, documents, options.types, corrections));
  }
  return { results, text: formatConceptEval(results, `${kb.info.name} ${kb.info.sourceVersion}, ${kb.conceptCount.toLocaleString('en-US')} concepts`, hasTrainingLexicon(kb)) };
}

/** The training split scored with the same task and gold type as a corpus (itself for a training split). */
export function trainingCorpus(corpus: CorpusSpec): CorpusSpec | undefined {
  return CORPORA.find((c) => c.name.includes('train') && c.task === corpus.task && c.goldType === corpus.goldType && c.lexiconSource === corpus.lexiconSource);
}

/** Macro summary used by eval/run.ts. */
export function summariseConceptEval(results: readonly CorpusResult[]): Prf {
  const sum = results.reduce((acc, r) => ({ g: acc.g + r.documentIds.gold, p: acc.p + r.documentIds.predicted, m: acc.m + r.documentIds.matchedGold }), { g: 0, p: 0, m: 0 });
  return prf(sum.g, sum.p, sum.m, sum.m);
}

function argValues(args: readonly string[], flag: string): string[] {
  const out: string[] = [];
  args.forEach((a, i) => {
    if (a === flag && args[i + 1] !== undefined) out.push(...args[i + 1]!.split(','));
  });
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const types = argValues(args, '--types');
  const params: Record<string, string[]> = {};
  for (const p of argValues(args, '--param')) {
    const [k, v] = p.split('=');
    if (k !== undefined && v !== undefined) params[k] = [v];
  }
  const { text } = await runConceptEval({ corpora: argValues(args, '--corpus'), ...(types.length > 0 ? { types } : {}), params });
  console.log(text);
}
