// Attribute-level scores of the standard flow (default cartridge) on the hand-annotated gold sentences
// in eval/gold/clinical-attributes.jsonl (see eval/gold/README.md for how they were made). A predicted
// attribute value of a scheme attribute is a true positive when an unmatched gold attribute of the same
// name overlaps its span (a lab value's attribute from the lab name on: attributeExtent). Prints precision,
// recall and F1 per attribute and micro-averaged.
// `--ids g37-g82` scores a range of sentence ids only (the first set is g01-g36, the second g37-g82); `--gold context`
// scores eval/gold/context-statements.jsonl instead (development c001-c209, held out c210-c263: eval/gold/README.md).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDefaultCartridgeArtifacts } from '../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest } from '../src/engine/analyze.js';
import { ensureKnowledgeBase } from '../src/knowledge/build-default.js';

const here = dirname(fileURLToPath(import.meta.url));

export const SCHEME = [
  'Diagnosis', 'PotentialDiagnosis', 'PatientReportedCondition', 'PrescribedMedication', 'MedicationAllergy',
  'TherapeuticProcedure', 'DiagnosticProcedure', 'LabValue', 'AbnormalFinding', 'TobaccoUse', 'AlcoholUse', 'DrugAbuse',
] as const;

interface GoldSentence {
  readonly id: string;
  readonly text: string;
  readonly attributes: readonly { readonly name: string; readonly text: string }[];
}

interface Span { readonly name: string; readonly begin: number; readonly end: number }

export function loadGold(file = join(here, 'gold', 'clinical-attributes.jsonl')): GoldSentence[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as GoldSentence);
}

function goldSpans(s: GoldSentence): Span[] {
  return s.attributes.map((a) => {
    const begin = s.text.indexOf(a.text);
    if (begin < 0) throw new Error(`${s.id}: "${a.text}" is not in the sentence`);
    return { name: a.name, begin, end: begin + a.text.length };
  });
}

export interface AttributeScore { readonly name: string; tp: number; fp: number; fn: number }

export function scoreSentence(gold: readonly Span[], predicted: readonly Span[], scores: Map<string, AttributeScore>): string[] {
  const misses: string[] = [];
  const used = new Set<number>();
  for (const p of predicted) {
    const score = scores.get(p.name)!;
    const i = gold.findIndex((g, k) => !used.has(k) && g.name === p.name && g.begin < p.end && p.begin < g.end);
    if (i >= 0) {
      used.add(i);
      score.tp += 1;
    } else {
      score.fp += 1;
      misses.push(`FP ${p.name} ${p.begin}-${p.end}`);
    }
  }
  gold.forEach((g, k) => {
    if (used.has(k)) return;
    scores.get(g.name)!.fn += 1;
    misses.push(`FN ${g.name} ${g.begin}-${g.end}`);
  });
  return misses;
}

interface WireAttribute { readonly name: string; readonly begin: number; readonly end: number; readonly concept?: { readonly uid?: unknown } }
interface WireLab { readonly uid?: unknown; readonly begin: number; readonly labTypeSurfaceForm?: unknown }

/**
 * A predicted attribute's extent for matching. An attribute made from a LabValueInd spans the value (`3.1`, as in
 * ACD's `pulse: 84` → `84`), but it is about the measurement, which the gold writes as the lab name or name and
 * value (`Potassium was low at 3.1`): its extent starts at the lab name written before the value.
 */
export function attributeExtent(v: WireAttribute, labs: readonly WireLab[], text: string): Span {
  const lab = v.concept?.uid === undefined ? undefined : labs.find((l) => l.uid === v.concept?.uid);
  const name = typeof lab?.labTypeSurfaceForm === 'string' ? lab.labTypeSurfaceForm : undefined;
  const at = name === undefined || lab === undefined ? -1 : text.lastIndexOf(name, lab.begin);
  return { name: v.name, begin: at >= 0 ? Math.min(at, v.begin) : v.begin, end: v.end };
}

const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '  –  ');

/** Keeps the sentences whose id lies in `range` (`g37-g82`, inclusive, ids compared by their number). */
export function selectIds(gold: readonly GoldSentence[], range: string | undefined): GoldSentence[] {
  if (range === undefined) return [...gold];
  const [from, to] = range.split('-').map((id) => Number(id.replace(/^\D+/, '')));
  if (from === undefined || to === undefined || !Number.isInteger(from) || !Number.isInteger(to)) throw new Error(`--ids ${range}: expected a range such as g37-g82`);
  return gold.filter((s) => {
    const n = Number(s.id.replace(/^\D+/, ''));
    return n >= from && n <= to;
  });
}

/** Gold files by name (`--gold context`): see eval/gold/README.md. */
export const GOLD_FILES: Readonly<Record<string, string>> = {
  attributes: 'clinical-attributes.jsonl',
  context: 'context-statements.jsonl',
};

export async function runAttributesEval(options: { dataDir?: string; verbose?: boolean; ids?: string; gold?: string } = {}): Promise<{ text: string; micro: { p: number; r: number; f1: number } }> {
  const kb = await ensureKnowledgeBase(options.dataDir ?? join(here, '..', '.cache'));
  const cartridge = await loadDefaultCartridgeArtifacts();
  const resources = { kb, artifacts: cartridge.artifacts };
  const scores = new Map<string, AttributeScore>(SCHEME.map((name) => [name, { name, tp: 0, fp: 0, fn: 0 }]));
  const lines: string[] = [];
  const goldFile = GOLD_FILES[options.gold ?? 'attributes'];
  if (goldFile === undefined) throw new Error(`--gold ${options.gold}: expected one of ${Object.keys(GOLD_FILES).join(', ')}`);
  const gold = selectIds(loadGold(join(here, 'gold', goldFile)), options.ids);
  for (const s of gold) {
    const response = analyzeRequest({
      containers: [{ text: s.text }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
      options: { returnAnalyzedText: true }, resources,
    });
    const data = response.unstructured[0]?.['data'] as { attributeValues?: WireAttribute[]; LabValueInd?: WireLab[] } | undefined;
    const values = data?.attributeValues ?? [];
    const predicted = values.filter((v) => (SCHEME as readonly string[]).includes(v.name)).map((v) => attributeExtent(v, data?.LabValueInd ?? [], s.text));
    const misses = scoreSentence(goldSpans(s), predicted, scores);
    if (options.verbose === true && misses.length > 0) lines.push(`  ${s.id}: ${misses.join('; ')}`);
  }
  const table = [`${gold.length} sentences, ${gold.reduce((n, s) => n + s.attributes.length, 0)} gold attributes`, `${'attribute'.padEnd(26)}  tp  fp  fn  P      R      F1`];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of scores.values()) {
    tp += s.tp;
    fp += s.fp;
    fn += s.fn;
    const p = s.tp / (s.tp + s.fp);
    const r = s.tp / (s.tp + s.fn);
    table.push(`${s.name.padEnd(26)} ${String(s.tp).padStart(3)} ${String(s.fp).padStart(3)} ${String(s.fn).padStart(3)}  ${f(p)}  ${f(r)}  ${f((2 * p * r) / (p + r))}`);
  }
  const p = tp / (tp + fp);
  const r = tp / (tp + fn);
  const micro = { p, r, f1: (2 * p * r) / (p + r) };
  table.push(`${'micro'.padEnd(26)} ${String(tp).padStart(3)} ${String(fp).padStart(3)} ${String(fn).padStart(3)}  ${f(p)}  ${f(r)}  ${f(micro.f1)}`);
  return { text: [...table, ...lines].join('\n'), micro };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--ids');
  const ids = at >= 0 ? process.argv[at + 1] : undefined;
  const g = process.argv.indexOf('--gold');
  const gold = g >= 0 ? process.argv[g + 1] : undefined;
  console.log((await runAttributesEval({ verbose: process.argv.includes('--verbose'), ...(ids === undefined ? {} : { ids }), ...(gold === undefined ? {} : { gold }) })).text);
}
