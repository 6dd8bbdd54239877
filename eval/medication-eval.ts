// Accuracy of the medication annotator on PHEE (Sun et al., EMNLP 2022; /work/shared/eval/phee, see its README):
// case-report sentences whose drug events carry Treatment arguments Drug, Dosage, Route, Freq and Duration.
// The annotator runs exactly as the service runs it (default parameters, the default open knowledge base built
// into .cache/kb) on each sentence alone; its MedicationInd output is read back as spans:
//   drug      ← drug[].name1[] (the drug name)
//   dosage    ← administration[].dosage[] (extension field; dosageValue's span)
//   route     ← administration[].route[]
//   route+form← route[] and form[] (PHEE's Route argument also marks forms: `infusion`, `tablets`, `injection`);
//               a route written right before a form is one span there (`intravitreal injection`), so it is here
//   frequency ← administration[].frequency[]
//   duration  ← administration[].duration[]
// Scored per attribute on mentions, exact spans and overlapping spans (P/R/F1, micro over the corpus; duplicate
// spans count once). A gold argument written in several pieces is scored on the hull of its pieces.
// Nothing here is tuned to these sentences; PHEE is literature text, not clinical notes, and annotates only the
// drugs that take part in an annotated event, so precision on `drug` is a lower bound.
//
// `npm run eval -- medication` runs it with the other evals (eval/run.ts); `tsx eval/medication-eval.ts` alone;
// `tsx eval/medication-eval.ts --errors <attribute> [--counts]` lists the errors on PHEE train (eval/lib/medication-errors.ts).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatErrors, listErrors } from './lib/medication-errors.js';
import { scoreMentions, type Prf, type ScoredSpan } from './lib/scoring.js';
import { compileMedication, detectMedications, medicationParams } from '../src/engine/annotators/medication/medication.js';
import { createDocument } from '../src/engine/create-document.js';
import type { Annotation } from '../src/engine/document.js';
import { parseAnnotatorParams } from '../src/engine/params.js';
import { NO_ARTIFACTS } from '../src/engine/resources.js';
import { ensureKnowledgeBase } from '../src/knowledge/build-default.js';

export const DEFAULT_EVAL_DIR = '/work/shared/eval';

export const ATTRIBUTES = ['drug', 'dosage', 'route', 'route+form', 'frequency', 'duration'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** PHEE Treatment argument names per attribute. */
const GOLD_ARGUMENTS: Readonly<Record<Attribute, readonly string[]>> = {
  drug: ['Drug'],
  dosage: ['Dosage'],
  route: ['Route'],
  'route+form': ['Route'],
  frequency: ['Freq'],
  duration: ['Duration'],
};

interface PheeArgument {
  readonly text?: unknown;
  readonly start?: unknown;
}

interface PheeSentence {
  readonly id: string;
  readonly context: string;
  readonly annotations?: readonly { readonly events?: readonly { readonly Treatment?: Readonly<Record<string, PheeArgument>> }[] }[];
}

export interface PheeCorpus {
  readonly name: string;
  readonly sentences: readonly PheeSentence[];
}

export function loadPhee(file: string, name: string): PheeCorpus {
  const sentences = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as PheeSentence);
  return { name, sentences };
}

/** Gold spans of one PHEE argument: each mention is a list of pieces (texts with start offsets). */
function argumentSpans(docId: string, arg: PheeArgument | undefined): ScoredSpan[] {
  if (arg === undefined || !Array.isArray(arg.text) || !Array.isArray(arg.start)) return [];
  const out: ScoredSpan[] = [];
  arg.text.forEach((pieces: unknown, k: number) => {
    const starts = (arg.start as unknown[])[k];
    if (!Array.isArray(pieces) || !Array.isArray(starts) || pieces.length === 0) return;
    let begin = Number.POSITIVE_INFINITY;
    let end = -1;
    pieces.forEach((piece: unknown, p: number) => {
      const s = starts[p];
      if (typeof piece !== 'string' || typeof s !== 'number') return;
      begin = Math.min(begin, s);
      end = Math.max(end, s + piece.length);
    });
    if (end > begin) out.push({ docId, begin, end });
  });
  return out;
}

export function goldSpans(corpus: PheeCorpus, attribute: Attribute): ScoredSpan[] {
  const out: ScoredSpan[] = [];
  for (const s of corpus.sentences) {
    for (const a of s.annotations ?? []) {
      for (const e of a.events ?? []) {
        for (const name of GOLD_ARGUMENTS[attribute]) out.push(...argumentSpans(s.id, e.Treatment?.[name]));
      }
    }
  }
  return out;
}

function spansOf(docId: string, list: unknown): ScoredSpan[] {
  if (!Array.isArray(list)) return [];
  return list.filter((x): x is Annotation => typeof x === 'object' && x !== null).map((x) => ({ docId, begin: x.begin, end: x.end }));
}

/**
 * Route and form spans with a route directly followed by a form (only spaces between) read as one span, as PHEE
 * writes them (`intravitreal injection`, `intravenous infusion`): the service reports the two parts in two fields.
 */
function joinAdjacent(text: string, spans: readonly ScoredSpan[]): ScoredSpan[] {
  const sorted = [...spans].sort((a, b) => a.begin - b.begin || a.end - b.end);
  const out: ScoredSpan[] = [];
  for (const s of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.end < s.begin && text.slice(prev.end, s.begin).trim() === '') out[out.length - 1] = { ...prev, end: s.end };
    else out.push(s);
  }
  return out;
}

/** Predicted spans per attribute from MedicationInd annotations of one sentence (`text`). */
export function predictedSpans(docId: string, text: string, medications: readonly Annotation[]): Record<Attribute, ScoredSpan[]> {
  const out: Record<Attribute, ScoredSpan[]> = { drug: [], dosage: [], route: [], 'route+form': [], frequency: [], duration: [] };
  for (const m of medications) {
    for (const d of (m.drug as Annotation[] | undefined) ?? []) out.drug.push(...spansOf(docId, d.name1));
    for (const a of (m.administration as Annotation[] | undefined) ?? []) {
      out.dosage.push(...spansOf(docId, a.dosage));
      out.route.push(...spansOf(docId, a.route));
      out['route+form'].push(...joinAdjacent(text, [...spansOf(docId, a.route), ...spansOf(docId, a.form)]));
      out.frequency.push(...spansOf(docId, a.frequency));
      out.duration.push(...spansOf(docId, a.duration));
    }
  }
  return out;
}

export interface AttributeScore {
  readonly attribute: Attribute;
  readonly exact: Prf;
  readonly overlap: Prf;
}

export interface CorpusScore {
  readonly corpus: string;
  readonly sentences: number;
  readonly scores: readonly AttributeScore[];
  readonly ms: number;
}

export interface MedicationEvalOptions {
  readonly evalDir?: string;
  readonly dataDir?: string;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function runMedicationEval(options: MedicationEvalOptions = {}): Promise<{ results: CorpusScore[]; text: string }> {
  const evalDir = options.evalDir ?? DEFAULT_EVAL_DIR;
  const kb = await ensureKnowledgeBase(options.dataDir ?? join(repoRoot, '.cache'));
  const compiled = compileMedication({ kb, artifacts: NO_ARTIFACTS });
  const { params } = parseAnnotatorParams('medication', medicationParams, {});
  const corpora = [loadPhee(join(evalDir, 'phee', 'dev.json'), 'PHEE dev'), loadPhee(join(evalDir, 'phee', 'train.json'), 'PHEE train')];
  const results: CorpusScore[] = [];
  for (const corpus of corpora) {
    const started = Date.now();
    const predicted: Record<Attribute, ScoredSpan[]> = { drug: [], dosage: [], route: [], 'route+form': [], frequency: [], duration: [] };
    for (const s of corpus.sentences) {
      const found = predictedSpans(s.id, s.context, detectMedications(createDocument(s.context), params, compiled, NO_ARTIFACTS));
      for (const a of ATTRIBUTES) predicted[a].push(...found[a]);
    }
    const scores = ATTRIBUTES.map((attribute) => {
      const gold = goldSpans(corpus, attribute);
      return { attribute, exact: scoreMentions(gold, predicted[attribute], 'exact'), overlap: scoreMentions(gold, predicted[attribute], 'overlap') };
    });
    results.push({ corpus: corpus.name, sentences: corpus.sentences.length, scores, ms: Date.now() - started });
  }
  return { results, text: formatMedicationEval(results) };
}

const pct = (x: number): string => (x * 100).toFixed(1).padStart(5);

export function formatMedicationEval(results: readonly CorpusScore[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${r.corpus}: ${r.sentences} sentences, ${r.ms} ms`);
    lines.push('  attribute    gold  pred | exact   P     R     F1  | overlap P     R     F1');
    for (const s of r.scores) {
      lines.push(`  ${s.attribute.padEnd(11)} ${String(s.exact.gold).padStart(5)} ${String(s.exact.predicted).padStart(5)} |      ${pct(s.exact.precision)} ${pct(s.exact.recall)} ${pct(s.exact.f1)} |      ${pct(s.overlap.precision)} ${pct(s.overlap.recall)} ${pct(s.overlap.f1)}`);
    }
  }
  lines.push('route+form: PHEE marks dose forms (infusion, tablets) as Route, so route and form spans are scored together there.');
  return lines.join('\n');
}

/** Errors of one attribute on PHEE train (diagnostics for rule design; never on dev). */
export async function listMedicationErrors(attribute: Attribute, countsOnly: boolean, evalDir = DEFAULT_EVAL_DIR): Promise<string> {
  const kb = await ensureKnowledgeBase(join(repoRoot, '.cache'));
  const compiled = compileMedication({ kb, artifacts: NO_ARTIFACTS });
  const { params } = parseAnnotatorParams('medication', medicationParams, {});
  const corpus = loadPhee(join(evalDir, 'phee', 'train.json'), 'PHEE train');
  const predicted: ScoredSpan[] = [];
  for (const s of corpus.sentences) predicted.push(...predictedSpans(s.id, s.context, detectMedications(createDocument(s.context), params, compiled, NO_ARTIFACTS))[attribute]);
  const sentences = new Map(corpus.sentences.map((s) => [s.id, s.context]));
  return formatErrors(listErrors(goldSpans(corpus, attribute), predicted, sentences), countsOnly);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const errorsAt = args.indexOf('--errors');
  if (errorsAt >= 0) {
    const attribute = args[errorsAt + 1] as Attribute;
    if (!ATTRIBUTES.includes(attribute)) throw new Error(`--errors needs one of ${ATTRIBUTES.join(', ')}`);
    console.log(await listMedicationErrors(attribute, args.includes('--counts')));
  } else {
    const { text } = await runMedicationEval({ evalDir: args.find((a) => !a.startsWith('--')) ?? DEFAULT_EVAL_DIR });
    console.log(text);
  }
}
