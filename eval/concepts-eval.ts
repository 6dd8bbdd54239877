// Accuracy of concept_detection on the public PubTator corpora in /work/shared/eval (see its README):
// NCBI Disease (train, dev) and BioCreative V CDR (train, dev; Disease, and Chemical as a second task).
// The annotator runs exactly as the service runs it (default parameters, the default open knowledge base
// built into .cache/kb), keeping the concepts whose semantic types belong to the task, and is scored on
//  * mentions, exact spans and overlapping spans (P/R/F1, micro over the corpus);
//  * document-level concept ids (DNorm / TaggerOne / BioCreative DNER convention): the set of MeSH ids per
//    abstract, from the concept's meshId codes and MESH: cross-references; OMIM ids in the NCBI gold count
//    as ids too, and are predicted where the training lexicon attests them (normalisationIds).
// Nothing here is tuned to these texts: the type sets are the UMLS Disorders / Chemicals groups (below).
// The default knowledge base holds a supervised lexicon learned from the TRAIN files
// (src/knowledge/builders/corpus-lexicon.ts): the train rows are then optimistic and marked `(seen)*`; the dev
// rows are the honest figures. Ids are normalised as in normalisedConcepts / normalisationIds below.
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
import { ensureKnowledgeBase } from '../src/knowledge/build-default.js';
import { CORPUS_LEXICON_FILES } from '../src/knowledge/builders/corpus-lexicon.js';
import type { CompiledKnowledgeBase } from '../src/knowledge/kb.js';

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
}

export const CORPORA: readonly CorpusSpec[] = [
  { name: 'NCBI disease train', file: 'ncbi-disease/NCBItrainset_corpus.txt', task: 'disease', omimIds: true },
  { name: 'NCBI disease dev', file: 'ncbi-disease/NCBIdevelopset_corpus.txt', task: 'disease', omimIds: true, anchors: 'DNorm 0.78, MetaMap 0.57 (NCBI test)' },
  { name: 'BC5CDR disease train', file: 'bc5cdr/CDR_TrainingSet.PubTator.txt', task: 'disease', goldType: 'Disease' },
  { name: 'BC5CDR disease dev', file: 'bc5cdr/CDR_DevelopmentSet.PubTator.txt', task: 'disease', goldType: 'Disease', anchors: 'DNorm 0.81, best BioCreative V 0.86 (CDR test)' },
  { name: 'BC5CDR chemical train', file: 'bc5cdr/CDR_TrainingSet.PubTator.txt', task: 'chemical', goldType: 'Chemical' },
  { name: 'BC5CDR chemical dev', file: 'bc5cdr/CDR_DevelopmentSet.PubTator.txt', task: 'chemical', goldType: 'Chemical' },
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
  readonly goldOmimIds: number;
  readonly ms: number;
}

export interface ConceptEvaluator {
  readonly kb: CompiledKnowledgeBase;
  readonly compiled: ConceptDetectionCompiled;
  readonly params: ConceptDetectionParams;
  /** The same parameters with longest_span off: nested matches, for normalisation (normalisedConcepts). */
  readonly nestedParams: ConceptDetectionParams;
}

export function createEvaluator(kb: CompiledKnowledgeBase, raw: Record<string, readonly string[]> = {}): ConceptEvaluator {
  const compiled = compileConceptDetection({ kb, artifacts: NO_ARTIFACTS });
  const { params } = parseAnnotatorParams('concept_detection', conceptDetectionParams, raw);
  const { params: nestedParams } = parseAnnotatorParams('concept_detection', conceptDetectionParams, { ...raw, longest_span: ['false'] });
  return { kb, compiled, params, nestedParams };
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
  // Ids the training lexicon attests for the concept (LEXICON:MESH:…, LEXICON:OMIM:…) are the ones the
  // corpora use, when the concept cites several.
  const attested = kb.conceptsById(cui).flatMap((i) => kb.concept(i).xrefs.filter((x) => x.startsWith('LEXICON:')).map((x) => x.slice(8)));
  if (attested.length > 0) {
    const ids = [...new Set(attested.map((x) => (x.startsWith('MESH:') ? x.slice(5) : x)))];
    const meshIds = ids.filter((x) => !x.startsWith('OMIM:'));
    return meshIds.length > 0 || !omimIds ? meshIds : ids;
  }
  const mesh = new Set<string>();
  for (const index of kb.conceptsById(cui)) {
    const c = kb.concept(index);
    for (const m of c.codes.meshId ?? []) mesh.add(m);
    for (const x of c.xrefs) if (x.startsWith('MESH:')) mesh.add(x.slice(5));
  }
  return [...mesh];
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
 *  2. when several concepts share one span and some of them have that name attested in the training lexicon,
 *     only those (an annotated surface form names its concept; the others merely share a synonym).
 */
export function normalisedConcepts(kb: CompiledKnowledgeBase, matches: readonly { cui?: unknown; begin: number; end: number }[], omimIds = true): { cui: string; begin: number; end: number }[] {
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
  for (const list of bySpan.values()) {
    const attested = list.filter((c) => c.attested);
    for (const c of attested.length > 0 ? attested : list) out.push({ cui: c.cui, begin: c.begin, end: c.end });
  }
  return out;
}

export function evaluateCorpus(evaluator: ConceptEvaluator, corpus: CorpusSpec, documents: readonly PubTatorDocument[], typeOverride?: readonly string[]): CorpusResult {
  const types = new Set(typeOverride ?? TASK_TYPES[corpus.task]);
  const goldSpans: ScoredSpan[] = [];
  const predSpans: ScoredSpan[] = [];
  const goldIds = new Map<string, Set<string>>();
  const predIds = new Map<string, Set<string>>();
  // Span+id tuples, keyed per document like the id sets (so scoreDocumentIds can count them).
  const goldSpanIds = new Map<string, Set<string>>();
  const predSpanIds = new Map<string, Set<string>>();
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
    const nested = detectConcepts(document, evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS).filter(ofTask);
    const omimIds = corpus.omimIds === true;
    for (const cui of normalisedConcepts(evaluator.kb, nested, omimIds)) {
      for (const id of normalisationIds(evaluator.kb, cui.cui, omimIds)) {
        predicted.add(id);
        predTuples.add(`${cui.begin}:${cui.end}:${id}`);
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
  const header = ['corpus', 'docs', 'gold', 'pred', 'exact span P R F1', 'overlap P R F1', 'span+id F1', 'doc ids P R F1', 'doc MeSH-only F1'];
  const optimistic = (r: CorpusResult): boolean => trainingLexicon && r.corpus.name.includes('train');
  const rows = results.map((r) => [
    optimistic(r) ? `${r.corpus.name} (seen)*` : r.corpus.name,
    String(r.documents),
    String(r.exact.gold),
    String(r.exact.predicted),
    triple(r.exact),
    triple(r.overlap),
    f3(r.spanIds.f1),
    triple(r.documentIds),
    f3(r.documentMeshIds.f1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const fmt = (row: readonly string[]): string => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push(fmt(header));
  lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) lines.push(fmt(row));
  lines.push('');
  if (results.some(optimistic)) {
    lines.push('* OPTIMISTIC: the knowledge base learned a supervised lexicon from these training files (src/knowledge/builders/corpus-lexicon.ts);');
    lines.push('  the dev rows are the honest figures (dev files are never read by the build).');
  }
  lines.push('normalisation: the longest match carrying a MeSH/OMIM id; at one span, concepts with that name attested in the training lexicon win; OMIM ids only as the training lexicon attests them, and only where the gold standard uses them (NCBI).');
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
  const kb = await ensureKnowledgeBase(options.dataDir ?? join(repoRoot, '.cache'), kbDir === undefined ? {} : { kbDir });
  const evaluator = createEvaluator(kb, options.params);
  const wanted = options.corpora ?? [];
  const parsed = new Map<string, PubTatorDocument[]>();
  const results: CorpusResult[] = [];
  for (const corpus of CORPORA) {
    if (wanted.length > 0 && !wanted.some((w) => corpus.name.includes(w))) continue;
    let documents = parsed.get(corpus.file);
    if (documents === undefined) {
      const result = parsePubTator(readFileSync(join(evalDir, corpus.file), 'utf8'));
      documents = [...result.documents];
      parsed.set(corpus.file, documents);
    }
    results.push(evaluateCorpus(evaluator, corpus, documents, options.types));
  }
  return { results, text: formatConceptEval(results, `${kb.info.name} ${kb.info.sourceVersion}, ${kb.conceptCount.toLocaleString('en-US')} concepts`, hasTrainingLexicon(kb)) };
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
