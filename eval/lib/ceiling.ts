// The ceiling of the concept evaluation's document-level ids (diagnostics; never used to score): how far the
// knowledge base and the span detection could take normalisation, and where the document-level errors come from.
// Per corpus:
//  * gold id coverage: the share of (document, gold id) pairs whose id exists anywhere in the compiled knowledge
//    base (a concept's meshId code, MESH:/OMIM: cross-reference or LEXICON: attestation) or in the training
//    lexicon table beside it; the same for distinct ids; and the share the training lexicon alone attests;
//  * oracle recall: the share of (document, gold id) pairs an oracle would reach that gives every predicted span
//    overlapping a gold mention the ids of that mention (when the knowledge base has them) and keeps the other
//    spans as they are; also with the task-typed matches before normalisation (spans dropped by the learned
//    corrections or left without ids count as detected), with the matches of any semantic type, and the oracle's
//    F1 (its predicted set: the gold ids recovered at detected spans, plus the ids of spans overlapping no gold);
//  * the missed gold ids (FN) and wrong predicted ids (FP) by class, with counts.
// Class counts only, no surface forms, unless --examples N is given: run examples on the TRAINING half-split
// (eval/lib/train-split.ts: --eval-dir .cache/train-split/eval with its knowledge base), never on the dev files.
//
//   npx tsx eval/lib/ceiling.ts [--kb <kbDir>] [--eval-dir <dir>] [--corpus dev] [--examples 0]
//
// Measured on the dev files (default knowledge base 1.8 + the training lexicon; MeSH itself is not among the open
// sources). Document-level (doc, id) pairs; "oracle" = the right id at every predicted span:
//   corpus           gold ids in KB   oracle R at spans / task matches / any match   oracle F1   now F1
//   NCBI disease        0.983             0.881 / 0.917 / 0.937                       0.930       0.816
//   BC5CDR disease      0.962             0.870 / 0.902 / 0.922                       0.908       0.825
//   BC5CDR chemical     0.766             0.742 / 0.747 / 0.747                       0.842       0.824
// BC5CDR chemical cannot reach 0.86 with these sources: 23% of its gold pairs (352 of 1,507; 284 of 659 distinct
// ids: ATP, corticosterone, neostigmine, nitroprusside ...) name MeSH ids no open source here carries, and even
// with precision 1 recall 0.766 gives F1 0.867. The disease sets are bounded by normalisation instead: their
// largest error classes are ids the KB has but not on the matched concept (HPO / SYMP / MONDO concepts without a
// MeSH cross-reference: 59 BC5CDR disease pairs), modifier + head phrases whose specific MeSH heading the KB does
// not name (86), and mentions no name matches (72).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectConcepts } from '../../src/engine/annotators/concept-detection/concept-detection.js';
import { createDocument } from '../../src/engine/create-document.js';
import type { Annotation } from '../../src/engine/document.js';
import { NO_ARTIFACTS } from '../../src/engine/resources.js';
import { CORPUS_LEXICON_TABLE, NOT_A_MENTION, parseCorpusLexiconTable } from '../../src/knowledge/builders/corpus-lexicon.js';
import type { CompiledKnowledgeBase } from '../../src/knowledge/kb.js';
import { CORPORA, DEFAULT_EVAL_DIR, documentSpans, learnSpanCorrections, normalisationIds, TASK_TYPES, trainingCorpus, type ConceptEvaluator, type CorpusSpec, type SpanCorrections } from '../concepts-eval.js';
import { bareId } from './form-lexicon.js';
import { commandFlags, loadEvaluator } from './diagnostic-script.js';
import { parsePubTator, type PubTatorDocument } from './pubtator.js';
import { inVocabulary } from './vocabulary.js';

/** Every id the knowledge base can produce (bare MeSH ids, `OMIM:…`), and those the training lexicon attests. */
export interface IdUniverse {
  readonly all: ReadonlySet<string>;
  readonly lexicon: ReadonlySet<string>;
}

export function idUniverse(kb: CompiledKnowledgeBase, kbDir: string): IdUniverse {
  const all = new Set<string>();
  const lexicon = new Set<string>();
  for (let i = 0; i < kb.conceptCount; i++) {
    const c = kb.concept(i);
    for (const m of c.codes.meshId ?? []) all.add(m);
    for (const x of c.xrefs) {
      if (x.startsWith('MESH:')) all.add(x.slice(5));
      else if (x.startsWith('OMIM:')) all.add(x);
      else if (x.startsWith('LEXICON:')) {
        const id = bareId(x.slice(8));
        all.add(id);
        lexicon.add(id);
      }
    }
  }
  try {
    for (const e of parseCorpusLexiconTable(readFileSync(join(kbDir, CORPUS_LEXICON_TABLE), 'utf8'))) {
      if (e.id === NOT_A_MENTION) continue;
      all.add(bareId(e.id));
      lexicon.add(bareId(e.id));
    }
  } catch {
    // no training lexicon table beside this knowledge base
  }
  return { all, lexicon };
}

export interface CeilingResult {
  readonly corpus: string;
  readonly goldPairs: number;
  readonly goldDistinct: number;
  readonly pairsInKb: number;
  readonly distinctInKb: number;
  readonly pairsInLexicon: number;
  readonly tp: number;
  readonly predicted: number;
  /** Oracle recovered pairs: at final spans, at task-typed matches, at matches of any type. */
  readonly oracleSpans: number;
  readonly oracleTaskMatches: number;
  readonly oracleAnyMatches: number;
  readonly oraclePredicted: number;
  readonly oracleCorrect: number;
  readonly classes: ReadonlyMap<string, number>;
  readonly examples: ReadonlyMap<string, Map<string, number>>;
}

const overlaps = (a: { begin: number; end: number }, b: { begin: number; end: number }): boolean => a.begin < b.end && b.begin < a.end;

export function ceiling(evaluator: ConceptEvaluator, universe: IdUniverse, corpus: CorpusSpec, documents: readonly PubTatorDocument[], corrections?: SpanCorrections): CeilingResult {
  const types = new Set(TASK_TYPES[corpus.task]);
  const omim = corpus.omimIds === true;
  const classes = new Map<string, number>();
  const examples = new Map<string, Map<string, number>>();
  const count = (cls: string, form: string): void => {
    classes.set(cls, (classes.get(cls) ?? 0) + 1);
    const m = examples.get(cls) ?? new Map<string, number>();
    m.set(form, (m.get(form) ?? 0) + 1);
    examples.set(cls, m);
  };
  const lexicon = evaluator.lexicon;
  const vocabulary = corrections?.vocabulary;
  const goldDistinctIds = new Set<string>();
  let goldPairs = 0, pairsInKb = 0, pairsInLexicon = 0, tp = 0, predicted = 0;
  let oracleSpans = 0, oracleTaskMatches = 0, oracleAnyMatches = 0, oraclePredicted = 0, oracleCorrect = 0;
  for (const d of documents) {
    const gold = d.mentions.filter((m) => corpus.goldType === undefined || m.type === corpus.goldType);
    const goldIds = new Set(gold.flatMap((m) => m.ids).filter((id) => omim || !id.startsWith('OMIM:')));
    const document = createDocument(d.text);
    const all = detectConcepts(document, evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    const ofTask = (a: Annotation): boolean => typeof a.semanticType === 'string' && a.semanticType.split(',').some((t) => types.has(t));
    const nested = all.filter(ofTask);
    const spans = documentSpans(evaluator, corpus, d.text, all, types, corrections);
    const predIds = new Set(spans.flatMap((s) => s.ids));
    const formOf = (x: { begin: number; end: number }): string => d.text.slice(x.begin, x.end).toLowerCase();
    let uncorrectedSpans: readonly { begin: number; end: number }[] | undefined;
    const uncorrected = (): readonly { begin: number; end: number }[] => (uncorrectedSpans ??= corrections === undefined ? spans : documentSpans(evaluator, corpus, d.text, all, types, { notMentions: new Set(), relabel: new Map(), ...(vocabulary === undefined ? {} : { vocabulary }) }));
    predicted += predIds.size;
    // The oracle's predicted set.
    const oracle = new Set<string>();
    for (const s of spans) {
      const over = gold.filter((m) => overlaps(s, m));
      if (over.length === 0) for (const id of s.ids) oracle.add(id);
      else for (const m of over) for (const id of m.ids) if (universe.all.has(id) && goldIds.has(id)) oracle.add(id);
    }
    oraclePredicted += oracle.size;
    for (const id of oracle) if (goldIds.has(id)) oracleCorrect++;
    for (const id of goldIds) {
      goldPairs++;
      goldDistinctIds.add(id);
      const inKb = universe.all.has(id);
      if (inKb) pairsInKb++;
      if (universe.lexicon.has(id)) pairsInLexicon++;
      const ms = gold.filter((m) => m.ids.includes(id));
      const hitBy = (xs: readonly { begin: number; end: number }[]): boolean => xs.some((x) => ms.some((m) => overlaps(x, m)));
      if (inKb && hitBy(spans)) oracleSpans++;
      if (inKb && hitBy(nested)) oracleTaskMatches++;
      if (inKb && hitBy(all)) oracleAnyMatches++;
      if (predIds.has(id)) {
        tp++;
        continue;
      }
      const forms = [...new Set(ms.map(formOf))].join(' | ');
      const composite = ms.every((m) => m.ids.length > 1);
      let cls: string;
      if (!inKb) cls = 'FN id absent from the KB';
      else if (!hitBy(all)) cls = 'FN span not found (no match of any type)';
      else if (!hitBy(nested)) cls = 'FN span found only under a non-task semantic type';
      else if (!hitBy(spans)) {
        // Why the detected span left no normalised span.
        const over = nested.filter((a) => ms.some((m) => overlaps(a, m)));
        const ids = over.map((a) => normalisationIds(evaluator.kb, String(a.cui), omim));
        if (hitBy(uncorrected())) cls = 'FN span found, dropped by the learned corrections';
        else if (ids.every((x) => x.length === 0)) cls = 'FN span found, its concepts carry no MeSH/OMIM id';
        else if (vocabulary !== undefined && ids.every((x) => x.every((id) => !inVocabulary(vocabulary, id)))) cls = 'FN span found, its ids are newer than the corpus vocabulary';
        else cls = 'FN span found, dropped (a form the training text never annotates, or gave way)';
      }
      else {
        const over = spans.filter((s) => ms.some((m) => overlaps(s, m)));
        const exact = over.some((s) => ms.some((m) => s.begin === m.begin && s.end === m.end));
        cls = exact ? 'FN span found exactly, wrong id' : 'FN span found partially, wrong id';
      }
      if (composite) cls += ' (composite mention)';
      const over = spans.filter((s) => ms.some((m) => overlaps(s, m)));
      count(cls, `${forms}${over.length > 0 ? `  ← ${[...new Set(over.map((s) => `${formOf(s)}=${s.ids.join('+')}`))].join(', ')}` : ''}  [${id}]`);
    }
    for (const id of predIds) {
      if (goldIds.has(id)) continue;
      const ss = spans.filter((s) => s.ids.includes(id));
      const over = gold.filter((m) => ss.some((s) => overlaps(s, m)));
      let cls: string;
      if (ss.some((s) => s.ids.some((x) => goldIds.has(x)))) cls = 'FP extra id of a span that also names a right id';
      else if (over.length === 0) {
        // Does the training gold annotate the form at all?
        const status = ss.map((s) => lexicon?.ids(corpus.task, d.text.slice(s.begin, s.end), corpus.lexiconSource));
        if (status.some((x) => x !== undefined && x.length > 0)) cls = 'FP span is no gold mention here; the training gold annotates the form';
        else if (status.some((x) => x !== undefined)) cls = 'FP span is no gold mention; the training text has the form, never annotated';
        else cls = 'FP span is no gold mention; form unknown to the training gold';
      } else if (ss.some((s) => over.some((m) => m.begin === s.begin && m.end === s.end))) cls = 'FP same span as gold, wrong id';
      else if (ss.some((s) => over.some((m) => m.begin <= s.begin && s.end <= m.end))) cls = 'FP span inside a gold mention, wrong id';
      else cls = 'FP span crosses/contains a gold mention, wrong id';
      count(cls, `${[...new Set(ss.map(formOf))].join(' | ')}${over.length > 0 ? `  → gold ${[...new Set(over.map((m) => `${formOf(m)}=${m.ids.join('+')}`))].join(', ')}` : ''}  [${id}]`);
    }
  }
  return {
    corpus: corpus.name,
    goldPairs,
    goldDistinct: goldDistinctIds.size,
    pairsInKb,
    distinctInKb: [...goldDistinctIds].filter((id) => universe.all.has(id)).length,
    pairsInLexicon,
    tp,
    predicted,
    oracleSpans,
    oracleTaskMatches,
    oracleAnyMatches,
    oraclePredicted,
    oracleCorrect,
    classes,
    examples,
  };
}

const pct = (n: number, d: number): string => (d === 0 ? '-' : (n / d).toFixed(3));
const f1 = (p: number, r: number): number => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

export function formatCeiling(r: CeilingResult, examples = 0): string {
  const lines: string[] = [];
  const p = r.predicted === 0 ? 0 : r.tp / r.predicted;
  const rec = r.tp / r.goldPairs;
  const op = r.oraclePredicted === 0 ? 0 : r.oracleCorrect / r.oraclePredicted;
  const orec = r.oracleCorrect / r.goldPairs;
  lines.push(`== ${r.corpus}: ${r.goldPairs} gold (doc, id) pairs, ${r.goldDistinct} distinct ids; now P ${p.toFixed(3)} R ${rec.toFixed(3)} F1 ${f1(p, rec).toFixed(3)}`);
  lines.push(`   gold ids in the KB: pairs ${pct(r.pairsInKb, r.goldPairs)} (${r.pairsInKb}), distinct ${pct(r.distinctInKb, r.goldDistinct)} (${r.distinctInKb}); attested by the training lexicon: pairs ${pct(r.pairsInLexicon, r.goldPairs)}`);
  lines.push(`   oracle recall (id in KB and a mention of it overlapped by): a predicted span ${pct(r.oracleSpans, r.goldPairs)}, a task-typed match ${pct(r.oracleTaskMatches, r.goldPairs)}, a match of any type ${pct(r.oracleAnyMatches, r.goldPairs)}`);
  lines.push(`   oracle normalisation at the predicted spans: P ${op.toFixed(3)} R ${orec.toFixed(3)} F1 ${f1(op, orec).toFixed(3)}`);
  for (const side of ['FN', 'FP']) {
    const list = [...r.classes].filter(([c]) => c.startsWith(side)).sort((a, b) => b[1] - a[1]);
    lines.push(`   ${side} ${list.reduce((s, [, n]) => s + n, 0)}:`);
    for (const [cls, n] of list) {
      lines.push(`     ${String(n).padStart(4)}  ${cls}`);
      if (examples > 0) for (const [form, k] of [...(r.examples.get(cls) ?? [])].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, examples)) lines.push(`             ${String(k).padStart(3)}  ${form}`);
    }
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const flag = commandFlags(args);
  const kbDir = resolve(flag('--kb') ?? process.env.KB_DIR ?? '.cache/kb');
  const evalDir = flag('--eval-dir') ?? DEFAULT_EVAL_DIR;
  const examples = Number(flag('--examples') ?? 0);
  const wanted = flag('--corpus') ?? 'dev';
  const { kb, evaluator } = await loadEvaluator(kbDir);
  const universe = idUniverse(kb, kbDir);
  const parsed = new Map<string, PubTatorDocument[]>();
  const docs = (file: string): PubTatorDocument[] => {
    let d = parsed.get(file);
    if (d === undefined) parsed.set(file, (d = [...parsePubTator(readFileSync(join(evalDir, file), 'utf8')).documents]));
    return d;
  };
  for (const corpus of CORPORA.filter((c) => c.name.includes(wanted))) {
    const training = trainingCorpus(corpus);
    const corrections = training === undefined ? undefined : learnSpanCorrections(evaluator, training, docs(training.file));
    console.log(formatCeiling(ceiling(evaluator, universe, corpus, docs(corpus.file), corrections), examples));
  }
}
