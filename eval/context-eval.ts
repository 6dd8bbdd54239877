// Evaluation of the context annotators on public corpora (/work/shared/eval, see its README):
//  a) negation on the NegEx/ConText test kit (reports 1-60): one concept per row, the UPPER-CASE phrase;
//  b) hypothetical (`temporality` = "Not particular") and historical (`Historical`) on the same kit;
//  c) BioScope clinical (radiology) negation and speculation: token-level scope P/R/F1 and cue P/R/F1.
// Run: `npx tsx eval/context-eval.ts [sharedEvalDir]`. Rules are never tuned to single sentences.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Annotation, Document, Token } from '../src/engine/document.js';
import { createDocument } from '../src/engine/create-document.js';
import { compileDefaultContext } from '../src/engine/context/context-lexicon.js';
import { findContextScopes, findTriggers, type CompiledContext } from '../src/engine/context/context-engine.js';
import type { ContextCategory } from '../src/engine/context/context-rule.js';
import { annotateNegation, negationParams, type NegationParams } from '../src/engine/annotators/negation/negation.js';
import { annotateHypothetical, hypotheticalParams, type HypotheticalParams } from '../src/engine/annotators/hypothetical/hypothetical.js';
import { Value } from '@sinclair/typebox/value';
import { annotateSections, compileBuiltInSections, sectionParams, type CompiledSections, type SectionParams } from '../src/engine/annotators/section/section.js';

export const DEFAULT_EVAL_DIR = process.env.EVAL_DIR ?? fileURLToPath(new URL('../../shared/eval', import.meta.url));

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface Scores extends Counts {
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
}

export function score(c: Counts): Scores {
  const precision = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const total = c.tp + c.fp + c.fn + c.tn;
  return { ...c, precision, recall, f1, accuracy: total === 0 ? 0 : (c.tp + c.tn) / total };
}

function tally(c: Counts, gold: boolean, predicted: boolean): void {
  if (gold && predicted) c.tp += 1;
  else if (predicted) c.fp += 1;
  else if (gold) c.fn += 1;
  else c.tn += 1;
}

const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0, tn: 0 });

// ---------------------------------------------------------------- NegEx test kit

export interface NegexRow {
  id: string;
  concept: string;
  sentence: string;
  negation: string;
  temporality: string;
  experiencer: string;
}

export function readNegexKit(file: string): NegexRow[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines.shift() ?? '').split('\t');
  const col = (name: string): number => header.indexOf(name);
  return lines.map((line) => {
    const f = line.split('\t');
    return {
      id: f[col('id')] ?? '',
      concept: f[col('concept')] ?? '',
      sentence: f[col('sentence')] ?? '',
      negation: f[col('negation')] ?? '',
      temporality: f[col('temporality')] ?? '',
      experiencer: f[col('experiencer')] ?? '',
    };
  });
}

/** The span of the kit's target: the occurrence of the concept written in upper case (whitespace-flexible). */
export function locateConcept(sentence: string, concept: string): { begin: number; end: number } | undefined {
  const words = concept.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(words.join('\\s+'), 'gi');
  let fallback: { begin: number; end: number } | undefined;
  for (const m of sentence.matchAll(re)) {
    const span = { begin: m.index, end: m.index + m[0].length };
    if (m[0] === m[0].toUpperCase() && /[A-Z]/.test(m[0])) return span;
    fallback ??= span;
  }
  return fallback;
}

/** The Document a flow `section` → (concept) → negation/hypothetical would hand over: sections, one concept. */
function withConcept(text: string, span: { begin: number; end: number }, sections: CompiledSections): { doc: Document; target: Annotation } {
  const base = createDocument(text);
  const target: Annotation = { type: 'umls.Eval', begin: span.begin, end: span.end, coveredText: text.slice(span.begin, span.end) };
  const found = annotateSections(base, sections, Value.Default(sectionParams, {}) as SectionParams).add?.sections ?? [];
  return { doc: { ...base, layers: new Map([['sections', [...found]], ['concepts', [target]]]) }, target };
}

function fieldOf(result: ReturnType<typeof annotateNegation>, target: Annotation, field: string): boolean {
  return result.update?.some((u) => u.target === target && u.fields[field] === true) ?? false;
}

export interface NegexKitResult {
  rows: number;
  unlocated: number;
  negation: Scores;
  hypothetical: Scores;
  historical: Scores;
  errors: { negation: string[]; hypothetical: string[]; historical: string[] };
}

export function evaluateNegexKit(rows: readonly NegexRow[], compiled: CompiledContext): NegexKitResult {
  const negParams: NegationParams = { ...Value.Default(negationParams, {}) as NegationParams, detect_historical: true };
  // the kit's "Not particular" is ConText's HYPOTHETICAL (conditional/future), not uncertainty
  const hypParams: HypotheticalParams = { ...Value.Default(hypotheticalParams, {}) as HypotheticalParams, include_speculation: false };
  const counts = { negation: zero(), hypothetical: zero(), historical: zero() };
  const errors = { negation: [] as string[], hypothetical: [] as string[], historical: [] as string[] };
  let unlocated = 0;
  const sections = compileBuiltInSections();
  for (const row of rows) {
    const span = locateConcept(row.sentence, row.concept);
    if (span === undefined) {
      unlocated += 1;
      continue;
    }
    const { doc, target } = withConcept(row.sentence, span, sections);
    const neg = annotateNegation(doc, compiled, negParams);
    const hyp = annotateHypothetical(doc, compiled, hypParams);
    const checks: Array<[keyof typeof counts, boolean, boolean]> = [
      ['negation', row.negation === 'Negated', fieldOf(neg, target, 'negated')],
      ['hypothetical', row.temporality === 'Not particular', fieldOf(hyp, target, 'hypothetical')],
      ['historical', row.temporality === 'Historical', fieldOf(neg, target, 'historical')],
    ];
    for (const [task, gold, predicted] of checks) {
      tally(counts[task], gold, predicted);
      if (gold !== predicted) errors[task].push(`${gold ? 'FN' : 'FP'} ${row.id} [${row.concept}] ${row.sentence.replace(/\s+/g, ' ').slice(0, 220)}`);
    }
  }
  return {
    rows: rows.length,
    unlocated,
    negation: score(counts.negation),
    hypothetical: score(counts.hypothetical),
    historical: score(counts.historical),
    errors,
  };
}

// ---------------------------------------------------------------- BioScope clinical

interface BioscopeCue {
  type: 'negation' | 'speculation';
  ref: string;
  start: number;
  end: number;
}

interface BioscopeSentence {
  doc_id: string;
  text: string;
  cues: BioscopeCue[];
  scopes: Array<{ id: string; start: number; end: number }>;
}

export function readBioscope(file: string): BioscopeSentence[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as BioscopeSentence);
}

/**
 * The held-out protocol: the sentences of even-numbered documents (0, 2, ... in file order) form the
 * development half, those of odd-numbered documents the held-out half. Rules are developed looking at
 * the even half only and kept when they help both halves; the eval reports each half.
 */
export function splitBioscopeByDocument(sentences: readonly BioscopeSentence[]): { even: BioscopeSentence[]; odd: BioscopeSentence[] } {
  const ordinal = new Map<string, number>();
  const even: BioscopeSentence[] = [];
  const odd: BioscopeSentence[] = [];
  for (const s of sentences) {
    let n = ordinal.get(s.doc_id);
    if (n === undefined) {
      n = ordinal.size;
      ordinal.set(s.doc_id, n);
    }
    (n % 2 === 0 ? even : odd).push(s);
  }
  return { even, odd };
}

export interface BioscopeTaskResult {
  scopeTokens: Scores;
  /**
   * Diagnostic: scope tokens with the gold scopes of cues that one of our pseudo-triggers covers left out
   * (BioScope negates `No change in the hydronephrosis`; ConText, and we, deliberately do not). A token
   * that lies only in such a scope is not counted at all. The headline figure is `scopeTokens`.
   */
  scopeTokensOutsidePseudo: Scores;
  cues: Scores;
  sentences: Scores;
}

export interface BioscopeResult {
  sentences: number;
  negation: BioscopeTaskResult;
  speculation: BioscopeTaskResult;
}

const BIOSCOPE_TASKS: Record<'negation' | 'speculation', readonly ContextCategory[]> = {
  negation: ['NEGATED_EXISTENCE'],
  speculation: ['POSSIBLE_EXISTENCE'],
};

function overlaps(t: Token, begin: number, end: number): boolean {
  return t.begin < end && t.end > begin;
}

/**
 * Token convention: only word and number tokens count (punctuation is ignored on both sides). A gold token
 * is positive when it lies in a gold scope of the task's cue type and is not itself one of the task's gold
 * cue words (BioScope scopes include their cue, and nested cues sit inside outer scopes); a predicted token
 * is positive when it lies in the scope of a predicted trigger of the task's categories and is not itself
 * part of such a trigger (the same convention, applied to our own cues).
 */
export function evaluateBioscope(sentences: readonly BioscopeSentence[], compiled: CompiledContext): BioscopeResult {
  const out = {} as Record<'negation' | 'speculation', BioscopeTaskResult>;
  for (const task of ['negation', 'speculation'] as const) {
    const categories = new Set(BIOSCOPE_TASKS[task]);
    const tokenCounts = zero();
    const outsidePseudoCounts = zero();
    const cueCounts = zero();
    const sentenceCounts = zero();
    for (const s of sentences) {
      const doc = createDocument(s.text);
      const cues = s.cues.filter((c) => c.type === task);
      const refs = new Set(cues.map((c) => c.ref));
      const goldScopes = s.scopes.filter((sc) => refs.has(sc.id));
      const scopes = findContextScopes(doc, compiled, categories);
      const all = findTriggers(doc, compiled).flat();
      const triggers = all.filter((m) => m.rules.some((r) => categories.has(r.category) && r.direction !== 'TERMINATE' && r.direction !== 'PSEUDO'));
      const pseudo = all.filter((m) => m.rules.every((r) => r.direction === 'PSEUDO'));
      const hidden = new Set(cues.filter((c) => pseudo.some((m) => m.begin < c.end && m.end > c.start)).map((c) => c.ref));
      for (const t of doc.tokens) {
        if (t.kind === 'punct') continue;
        const inGold = goldScopes.filter((g) => overlaps(t, g.start, g.end));
        const gold = inGold.length > 0 && !cues.some((c) => overlaps(t, c.start, c.end));
        const predicted = scopes.some((sc) => overlaps(t, sc.begin, sc.end)) && !triggers.some((m) => overlaps(t, m.begin, m.end));
        tally(tokenCounts, gold, predicted);
        if (inGold.length === 0 || inGold.some((g) => !hidden.has(g.id))) tally(outsidePseudoCounts, gold, predicted);
      }
      for (const c of cues) {
        if (triggers.some((m) => m.begin < c.end && m.end > c.start)) cueCounts.tp += 1;
        else cueCounts.fn += 1;
      }
      for (const m of triggers) {
        if (!cues.some((c) => m.begin < c.end && m.end > c.start)) cueCounts.fp += 1;
      }
      tally(sentenceCounts, cues.length > 0, triggers.length > 0);
    }
    out[task] = { scopeTokens: score(tokenCounts), scopeTokensOutsidePseudo: score(outsidePseudoCounts), cues: score(cueCounts), sentences: score(sentenceCounts) };
  }
  return { sentences: sentences.length, ...out };
}

// ---------------------------------------------------------------- report

export interface BioscopeHalves {
  /** Development half: sentences of even-numbered documents. */
  even: BioscopeResult;
  /** Held-out half: sentences of odd-numbered documents. */
  odd: BioscopeResult;
}

export interface ContextEvalReport {
  negex: NegexKitResult;
  /** Default rule set. */
  bioscope: BioscopeResult;
  /** Default plus the optional `radiology` rule set (BioScope's hedging conventions). */
  bioscopeRadiology: BioscopeResult;
  /** The same two runs on the development (even documents) and held-out (odd documents) halves. */
  halves: { bioscope: BioscopeHalves; bioscopeRadiology: BioscopeHalves };
}

export function runContextEval(evalDir: string = DEFAULT_EVAL_DIR): ContextEvalReport {
  const compiled = compileDefaultContext(['default']);
  const negex = evaluateNegexKit(readNegexKit(join(evalDir, 'negex', 'negex_testkit_reports_001-060.tsv')), compiled);
  const sentences = readBioscope(join(evalDir, 'bioscope-clinical', 'bioscope_clinical_train.jsonl'));
  const radiology = compileDefaultContext(['default', 'radiology']);
  const bioscope = evaluateBioscope(sentences, compiled);
  const bioscopeRadiology = evaluateBioscope(sentences, radiology);
  const { even, odd } = splitBioscopeByDocument(sentences);
  const halves = {
    bioscope: { even: evaluateBioscope(even, compiled), odd: evaluateBioscope(odd, compiled) },
    bioscopeRadiology: { even: evaluateBioscope(even, radiology), odd: evaluateBioscope(odd, radiology) },
  };
  return { negex, bioscope, bioscopeRadiology, halves };
}

function fmt(name: string, s: Scores): string {
  const p = (x: number): string => x.toFixed(3);
  return `${name.padEnd(34)} P ${p(s.precision)}  R ${p(s.recall)}  F1 ${p(s.f1)}  acc ${p(s.accuracy)}  (tp ${s.tp} fp ${s.fp} fn ${s.fn} tn ${s.tn})`;
}

export function formatContextEval(r: ContextEvalReport): string {
  return [
    `NegEx test kit, reports 1-60: ${r.negex.rows} rows (${r.negex.unlocated} targets not located)`,
    fmt('  negation (Negated)', r.negex.negation),
    fmt('  hypothetical (Not particular)', r.negex.hypothetical),
    fmt('  historical (Historical)', r.negex.historical),
    ...formatBioscope('BioScope clinical (train), default rules', r.bioscope),
    ...formatBioscope('BioScope clinical (train), default + radiology rules', r.bioscopeRadiology),
    'BioScope held-out protocol (development: even-numbered documents; held-out: odd-numbered), F1:',
    ...formatHalves('default', r.halves.bioscope),
    ...formatHalves('default + radiology', r.halves.bioscopeRadiology),
  ].join('\n');
}

function formatHalves(name: string, h: BioscopeHalves): string[] {
  const p = (x: number): string => x.toFixed(3);
  const row = (half: string, b: BioscopeResult): string =>
    `  ${`${name}, ${half}`.padEnd(32)} negation scope ${p(b.negation.scopeTokens.f1)} cue ${p(b.negation.cues.f1)}  speculation scope ${p(b.speculation.scopeTokens.f1)} cue ${p(b.speculation.cues.f1)}  (${b.sentences} sentences)`;
  return [row('even', h.even), row('odd', h.odd)];
}

function formatBioscope(title: string, b: BioscopeResult): string[] {
  return [
    `${title}: ${b.sentences} sentences`,
    fmt('  negation scope tokens', b.negation.scopeTokens),
    fmt('    (outside pseudo-trigger cues)', b.negation.scopeTokensOutsidePseudo),
    fmt('  negation cues', b.negation.cues),
    fmt('  negation sentences', b.negation.sentences),
    fmt('  speculation scope tokens', b.speculation.scopeTokens),
    fmt('  speculation cues', b.speculation.cues),
    fmt('  speculation sentences', b.speculation.sentences),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = runContextEval(process.argv[2] ?? DEFAULT_EVAL_DIR);
  console.log(formatContextEval(report));
  if (process.env.CONTEXT_EVAL_ERRORS !== undefined) {
    const task = process.env.CONTEXT_EVAL_ERRORS as keyof NegexKitResult['errors'];
    for (const e of report.negex.errors[task] ?? []) console.log(e);
  }
}
