// Precision and recall of the annotators added for issue 20 (cancer, named_entities, the six *_assistance,
// relation) on the hand-written gold sets of eval/gold/ (cancer.jsonl, named-entities.jsonl, assistance.jsonl,
// relations.jsonl; eval/gold/README.md says how they were made: written before the annotators existed).
// A predicted annotation is a true positive when an unmatched gold mention of the same type overlaps its span;
// for matched ones the eval also reports how often the modality (and the cancer behaviour) agree. A predicted
// relation matches a gold one of the same type whose two node texts overlap its two nodes, in order.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Annotation } from '../src/engine/document.js';
import { createDocument } from '../src/engine/create-document.js';
import { compilePipeline } from '../src/engine/pipeline.js';
import { NO_ARTIFACTS, type EngineResources } from '../src/engine/resources.js';
import { ensureKnowledgeBase } from '../src/knowledge/build-default.js';

const here = dirname(fileURLToPath(import.meta.url));

interface GoldMention { readonly type: string; readonly text: string; readonly modality?: string; readonly behavior?: string }
interface GoldRelation { readonly type: string; readonly from: string; readonly to: string }
interface GoldSentence { readonly id: string; readonly text: string; readonly mentions?: readonly GoldMention[]; readonly relations?: readonly GoldRelation[] }

interface Score { tp: number; fp: number; fn: number; fieldAgree: Map<string, [number, number]> }

function load(name: string): GoldSentence[] {
  return readFileSync(join(here, 'gold', name), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as GoldSentence);
}

function spanOf(s: GoldSentence, text: string): { begin: number; end: number } {
  const begin = s.text.indexOf(text);
  if (begin < 0) throw new Error(`${s.id}: "${text}" is not in the sentence`);
  return { begin, end: begin + text.length };
}

const overlaps = (a: { begin: number; end: number }, b: { begin: number; end: number }): boolean => a.begin < b.end && b.begin < a.end;

function score(scores: Map<string, Score>, type: string): Score {
  let s = scores.get(type);
  if (s === undefined) scores.set(type, (s = { tp: 0, fp: 0, fn: 0, fieldAgree: new Map() }));
  return s;
}

function agree(s: Score, field: string, same: boolean): void {
  const a = s.fieldAgree.get(field) ?? [0, 0];
  s.fieldAgree.set(field, [a[0] + (same ? 1 : 0), a[1] + 1]);
}

function runner(resources: EngineResources, ids: readonly string[]): (text: string) => Map<string, Annotation[]> {
  const pipeline = compilePipeline({ elements: ids.map((name) => ({ annotator: { name } })), async: false });
  return (text) => pipeline.run(createDocument(text), resources).layers;
}

/** Mentions: per type, matched by overlap; modality / behaviour agreement on matches. */
function scoreMentions(gold: readonly GoldSentence[], run: (text: string) => Map<string, Annotation[]>, keys: readonly string[], errors: string[]): Map<string, Score> {
  const scores = new Map<string, Score>();
  for (const k of keys) score(scores, k);
  for (const s of gold) {
    const layers = run(s.text);
    const golds = (s.mentions ?? []).map((m) => ({ m, span: spanOf(s, m.text), used: false }));
    for (const key of keys) {
      for (const p of layers.get(key) ?? []) {
        const sc = score(scores, key);
        const g = golds.find((x) => !x.used && x.m.type === key && overlaps(x.span, p));
        if (g === undefined) {
          sc.fp++;
          errors.push(`FP ${s.id} ${key} "${p.coveredText}"`);
          continue;
        }
        g.used = true;
        sc.tp++;
        if (g.m.modality !== undefined) agree(sc, 'modality', g.m.modality === p.modality);
        if (g.m.behavior !== undefined) {
          const behavior = (p.cancer as { behavior?: string }[] | undefined)?.[0]?.behavior;
          agree(sc, 'behavior', g.m.behavior === behavior);
        }
      }
    }
    for (const g of golds) {
      if (g.used) continue;
      score(scores, g.m.type).fn++;
      errors.push(`FN ${s.id} ${g.m.type} "${g.m.text}"`);
    }
  }
  return scores;
}

function scoreRelations(gold: readonly GoldSentence[], run: (text: string) => Map<string, Annotation[]>, errors: string[]): Map<string, Score> {
  const scores = new Map<string, Score>();
  for (const s of gold) {
    const predicted = (run(s.text).get('relations') ?? []) as unknown as { type: string; nodes: { entity: Annotation }[] }[];
    const golds = (s.relations ?? []).map((r) => ({ r, from: spanOf(s, r.from), to: spanOf(s, r.to), used: false }));
    for (const p of predicted) {
      const [a, b] = [p.nodes[0]!.entity, p.nodes[1]!.entity];
      const g = golds.find((x) => !x.used && x.r.type === p.type && overlaps(x.from, a) && overlaps(x.to, b));
      const sc = score(scores, p.type);
      if (g === undefined) {
        sc.fp++;
        errors.push(`FP ${s.id} ${p.type}(${a.coveredText}, ${b.coveredText})`);
      } else {
        g.used = true;
        sc.tp++;
      }
    }
    for (const g of golds) {
      if (g.used) continue;
      score(scores, g.r.type).fn++;
      errors.push(`FN ${s.id} ${g.r.type}(${g.r.from}, ${g.r.to})`);
    }
  }
  return scores;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '  –  ');

function table(title: string, scores: Map<string, Score>): string {
  const lines = [title, `  ${'type'.padEnd(24)} gold  pred   tp    P      R      F1    agreement on matches`];
  const total: Score = { tp: 0, fp: 0, fn: 0, fieldAgree: new Map() };
  const row = (name: string, s: Score): string => {
    const p = s.tp / (s.tp + s.fp);
    const r = s.tp / (s.tp + s.fn);
    const fields = [...s.fieldAgree].map(([k, [ok, n]]) => `${k} ${ok}/${n}`).join(', ');
    return `  ${name.padEnd(24)} ${String(s.tp + s.fn).padStart(4)} ${String(s.tp + s.fp).padStart(5)} ${String(s.tp).padStart(4)}  ${f3(p)}  ${f3(r)}  ${f3((2 * p * r) / (p + r))}  ${fields}`;
  };
  for (const [name, s] of scores) {
    lines.push(row(name, s));
    total.tp += s.tp;
    total.fp += s.fp;
    total.fn += s.fn;
    for (const [k, [ok, n]] of s.fieldAgree) {
      const a = total.fieldAgree.get(k) ?? [0, 0];
      total.fieldAgree.set(k, [a[0] + ok, a[1] + n]);
    }
  }
  if (scores.size > 1) lines.push(row('all (micro)', total));
  return lines.join('\n');
}

export interface TurnkeyEvalOptions {
  readonly dataDir?: string;
  /** Print every false positive and false negative. */
  readonly verbose?: boolean;
}

export async function runTurnkeyEval(options: TurnkeyEvalOptions = {}): Promise<{ text: string }> {
  const kb = await ensureKnowledgeBase(options.dataDir ?? join(here, '..', '.cache'));
  const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
  const errors: string[] = [];
  const assistanceIds = ['bathing', 'dressing', 'eating', 'seeing', 'toileting', 'walking'].map((a) => `${a}_assistance`);
  const assistanceKeys = ['Bathing', 'Dressing', 'Eating', 'Seeing', 'Toileting', 'Walking'].map((a) => `${a}AssistanceInd`);
  const cancer = runner(resources, ['cancer']);
  const entities = runner(resources, ['named_entities']);
  const entityKeys = ['PersonInd', 'LocationInd', 'MedicalInstitutionInd', 'OrganizationInd', 'EmailAddressInd', 'US_PhoneNumberInd'];
  const assistance = runner(resources, assistanceIds);
  const relation = runner(resources, ['concept_detection', 'relation']);
  const out: string[] = [];
  // the first sets, then the held-out ones (written after the annotators existed, before any run on them)
  for (const set of ['', '.heldout']) {
    const label = set === '' ? 'first set' : 'HELD-OUT set';
    out.push(
      table(`cancer, ${label} (eval/gold/cancer${set}.jsonl)`, scoreMentions(load(`cancer${set}.jsonl`), cancer, ['IcaCancerDiagnosisInd'], errors)),
      table(`named_entities, ${label} (eval/gold/named-entities${set}.jsonl)`, scoreMentions(load(`named-entities${set}.jsonl`), entities, entityKeys, errors)),
      table(`*_assistance, ${label} (eval/gold/assistance${set}.jsonl)`, scoreMentions(load(`assistance${set}.jsonl`), assistance, assistanceKeys, errors)),
      table(`relation after concept_detection, ${label} (eval/gold/relations${set}.jsonl)`, scoreRelations(load(`relations${set}.jsonl`), relation, errors)),
    );
  }
  if (options.verbose === true || process.argv.includes('--verbose')) out.push(errors.join('\n'));
  else out.push(`(${errors.length} errors; --verbose lists them)`);
  return { text: out.join('\n\n') };
}
