// Mention accuracy of symptom_disease on NCBI Disease (dev; train as a second, larger check), see
// /work/shared/eval/README.md. The annotator runs as the service runs it (default parameters; the default
// open knowledge base built into .cache/kb) and every SymptomDiseaseInd is a predicted disease mention,
// scored against the gold mentions on
//   * exact spans: the annotation span (trigger plus adjacent modifiers / body site) and, as a second row,
//     the trigger span only (annotate_trigger_only=true), since NCBI mentions include modifiers sometimes;
//   * overlapping spans.
// Micro P/R/F1 over the corpus. Nothing is tuned to these texts.
//
// `npm run eval -- symptom` runs it through eval/run.ts; `tsx eval/symptom-disease-eval.ts` runs it alone.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parsePubTator, type PubTatorDocument } from './lib/pubtator.js';
import { scoreMentions, type Prf, type ScoredSpan } from './lib/scoring.js';
import { compileSymptomDisease, DEFAULT_DISORDER_TYPES, detectSymptomDiseases, type SymptomDiseaseCompiled } from '../src/engine/annotators/symptom-disease/detect-symptoms.js';
import { createDocument } from '../src/engine/create-document.js';
import { ensureKnowledgeBase } from '../src/knowledge/build-default.js';

export const DEFAULT_EVAL_DIR = '/work/shared/eval';

export interface SymptomCorpus {
  readonly name: string;
  readonly file: string;
}

export const SYMPTOM_CORPORA: readonly SymptomCorpus[] = [
  { name: 'NCBI disease dev', file: 'ncbi-disease/NCBIdevelopset_corpus.txt' },
  { name: 'NCBI disease train', file: 'ncbi-disease/NCBItrainset_corpus.txt' },
];

export interface SymptomRow {
  readonly corpus: string;
  readonly variant: string;
  readonly documents: number;
  readonly exact: Prf;
  readonly overlap: Prf;
  readonly ms: number;
}

export function evaluateSymptomDisease(compiled: SymptomDiseaseCompiled, corpus: SymptomCorpus, documents: readonly PubTatorDocument[], triggerOnly: boolean, types: readonly string[] = DEFAULT_DISORDER_TYPES): SymptomRow {
  const gold: ScoredSpan[] = [];
  const predicted: ScoredSpan[] = [];
  const started = Date.now();
  const semanticTypes = new Set(types);
  for (const d of documents) {
    for (const m of d.mentions) gold.push({ docId: d.pmid, begin: m.begin, end: m.end });
    for (const a of detectSymptomDiseases(createDocument(d.text), compiled, { annotateTriggerOnly: triggerOnly, semanticTypes, referenceDate: '' })) {
      predicted.push({ docId: d.pmid, begin: a.begin, end: a.end });
    }
  }
  return {
    corpus: corpus.name,
    variant: triggerOnly ? 'trigger only' : 'default span',
    documents: documents.length,
    exact: scoreMentions(gold, predicted, 'exact'),
    overlap: scoreMentions(gold, predicted, 'overlap'),
    ms: Date.now() - started,
  };
}

const f3 = (x: number): string => x.toFixed(3);
const triple = (p: Prf): string => `${f3(p.precision)} ${f3(p.recall)} ${f3(p.f1)}`;

export function formatSymptomEval(rows: readonly SymptomRow[], kbLabel: string, types: readonly string[]): string {
  const header = ['corpus', 'span', 'docs', 'gold', 'pred', 'exact P R F1', 'overlap P R F1', 'ms'];
  const body = rows.map((r) => [r.corpus, r.variant, String(r.documents), String(r.exact.gold), String(r.exact.predicted), triple(r.exact), triple(r.overlap), String(r.ms)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const fmt = (row: readonly string[]): string => row.map((c, i) => (i <= 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    `symptom_disease mention accuracy (knowledge base ${kbLabel}; semantic types ${types.join(',')})`,
    'micro P R F1 over the gold mentions of every document; every SymptomDiseaseInd counts as a predicted disease mention',
    fmt(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(fmt),
  ].join('\n');
}

export interface SymptomEvalOptions {
  readonly evalDir?: string;
  readonly dataDir?: string;
  /** Substrings of corpus names to run (default: the dev set only). */
  readonly corpora?: readonly string[];
  readonly types?: readonly string[];
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function runSymptomDiseaseEval(options: SymptomEvalOptions = {}): Promise<{ rows: SymptomRow[]; text: string }> {
  const evalDir = options.evalDir ?? DEFAULT_EVAL_DIR;
  const kb = await ensureKnowledgeBase(options.dataDir ?? join(repoRoot, '.cache'));
  const compiled = compileSymptomDisease(kb);
  const wanted = options.corpora ?? ['dev'];
  const types = options.types ?? DEFAULT_DISORDER_TYPES;
  const rows: SymptomRow[] = [];
  for (const corpus of SYMPTOM_CORPORA) {
    if (!wanted.some((w) => corpus.name.includes(w))) continue;
    const documents = parsePubTator(readFileSync(join(evalDir, corpus.file), 'utf8')).documents;
    for (const triggerOnly of [false, true]) rows.push(evaluateSymptomDisease(compiled, corpus, documents, triggerOnly, types));
  }
  return { rows, text: formatSymptomEval(rows, `${kb.info.name} ${kb.info.sourceVersion}, ${kb.conceptCount.toLocaleString('en-US')} concepts`, types) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--types');
  const types = at >= 0 && args[at + 1] !== undefined ? args[at + 1]!.split(',') : undefined;
  const corpora = args.includes('--train') ? ['dev', 'train'] : ['dev'];
  const { text } = await runSymptomDiseaseEval({ corpora, ...(types === undefined ? {} : { types }) });
  console.log(text);
}
