// Entity evaluation of the standard flow on MACCROBAT 2020 (case reports) and Chia (trial eligibility criteria),
// development halves in <evalDir>/maccrobat2020/brat and <evalDir>/chia/brat (see their README section and NOTICE).
// It scores what POST /v1/analyze returns: analyzeRequest (src/engine/analyze.ts, the function the route's worker
// task calls) with the default cartridge's standard flow, its profiles and the default knowledge base.
//
// Categories: problem, procedure, lab test, lab value, medication, device, anatomy (eval/lib/entity-categories.ts).
// Gold → category:
//   MACCROBAT  Sign_symptom, Disease_disorder → problem; Diagnostic_procedure, Therapeutic_procedure → procedure
//              (MACCROBAT labels lab test and exam names Diagnostic_procedure, so there predicted lab tests count as
//              procedures); Lab_value → lab value (numbers and words); Medication → medication;
//              Biological_structure → anatomy. No device category. Assertion: event POLARITY NEG = negated;
//              UNCERTAIN, MAYBE_POS, MAYBE_NEG = uncertain.
//   Chia       Condition → problem; Procedure → procedure; Measurement → lab test; Drug → medication; Device → device;
//              a Value that a Measurement's Has_value points to → lab value. No anatomy category. Discontinuous spans
//              keep their fragments. Assertion: Arg1 of Has_negation = negated (no uncertain gold). Exclusion labels
//              (Non-query-able, Parsing_Error, ...) are skipped, and predictions inside them that match no gold are not counted.
// Response → category:
//   concepts by semanticType: DISO types (dsyn, sosy, fndg, patf, neop, mobd, inpo, acab, anab, cgab, comd, emod) →
//   problem; diap, topp, hlca → procedure; lbpr, clna → lab test; lbtr → lab value; phsu, antb, clnd, vita →
//   medication; medd, drdd, resd → device; anst, bpoc, blor, bsoj, bdsy, tisu, emst, ffas → anatomy.
//   SymptomDiseaseInd, IcaCancerDiagnosisInd → problem; ProcedureInd → procedure; MedicationInd (its drug name spans),
//   AllergyMedicationInd → medication; LabValueInd → lab value (its span) and lab test (labTypeSurfaceForm, found in the
//   text near the value). attributeValues count only when their source annotation is absent from the response
//   (Diagnosis, PotentialDiagnosis, PatientReportedCondition → problem; Therapeutic/DiagnosticProcedure → procedure;
//   PrescribedMedication, MedicationAllergy → medication; LabValue → lab value). The evidence spans of NormalFinding and
//   AbnormalFinding attributes (insightModelData.normality.evidence: the words or value that decided) → lab value;
//   conceptValues → lab value (the value and unit: `fever of 38.9°C` → `38.9°C`), except a drug's (a dose) or a duration.
//   Per category, identical spans merge and spans inside another of the same category are dropped.
//   Predicted negated = `negated: true`; predicted uncertain = `hypothetical: true` or modality potential/hypothetical.
// Scores: overlap and exact P/R/F1 per category and micro, per corpus; negated/uncertain P/R/F1 on gold mentions
// that a prediction of their category overlaps; the most frequent misses and false positives (eval/lib/entity-scoring.ts).
//
// `npx tsx eval/entities-eval.ts [--corpus maccrobat|chia] [--limit N] [--top N]`; `npm run eval -- entities`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDefaultCartridgeArtifacts } from '../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest } from '../src/engine/analyze.js';
import { ensureKnowledgeBase } from '../src/knowledge/build-default.js';
import { readBratDocument, type BratDocument } from './lib/brat.js';
import { chiaGold, maccrobatGold, mergeMentions, predictedMentions, type Category, type GoldDocument, type Mention } from './lib/entity-categories.js';
import { emptyTallies, flagScores, scoreDocument, spanScores, sumCounts, sumFlags, topCounts, type CategoryTally, type Counts, type FlagCounts, type Scores, type Tallies } from './lib/entity-scoring.js';

const here = dirname(fileURLToPath(import.meta.url));

export type EntityCorpus = 'maccrobat' | 'chia';

interface CorpusSpec {
  readonly name: EntityCorpus;
  readonly label: string;
  readonly dir: string;
  readonly categories: readonly Category[];
  readonly gold: (doc: BratDocument) => GoldDocument;
  /** Whether the gold marks uncertain mentions (Chia does not: its uncertain figures are left out). */
  readonly uncertainGold: boolean;
  /** Predicted categories scored as another one in this corpus. */
  readonly remap: Partial<Readonly<Record<Category, Category>>>;
}

const CORPORA: Readonly<Record<EntityCorpus, CorpusSpec>> = {
  maccrobat: {
    name: 'maccrobat', label: 'MACCROBAT 2020 (case reports, development half)', dir: join('maccrobat2020', 'brat'),
    categories: ['problem', 'procedure', 'lab value', 'medication', 'anatomy'], gold: maccrobatGold, uncertainGold: true, remap: { 'lab test': 'procedure' },
  },
  chia: {
    name: 'chia', label: 'Chia (eligibility criteria, development half)', dir: join('chia', 'brat'),
    categories: ['problem', 'procedure', 'lab test', 'lab value', 'medication', 'device'], gold: chiaGold, uncertainGold: false, remap: {},
  },
};

export interface CategoryFigures {
  readonly gold: number;
  readonly predicted: number;
  readonly overlap: Scores;
  readonly exact: Scores;
  readonly negated: Scores & FlagCounts;
  readonly uncertain: Scores & FlagCounts;
  readonly misses: readonly string[];
  readonly falsePositives: readonly string[];
}

export interface CorpusFigures {
  readonly corpus: EntityCorpus;
  readonly documents: number;
  readonly categories: Readonly<Partial<Record<Category, CategoryFigures>>>;
  readonly micro: Omit<CategoryFigures, 'misses' | 'falsePositives'>;
  readonly ms: number;
}

export interface EntityEvalOptions {
  /** The corpora directory (default ../shared/eval from the repository, or EVAL_DIR). */
  readonly evalDir?: string;
  /** One corpus; both when absent. */
  readonly corpus?: EntityCorpus;
  /** Document ids (file names without extension) to score; all when absent. */
  readonly ids?: readonly string[];
  /** Score the first N documents only (sorted ids). */
  readonly limit?: number;
  /** How many misses / false positives to list per category (default 12). */
  readonly top?: number;
  /** Knowledge base cache directory (default <repo>/.cache). */
  readonly dataDir?: string;
}

export const DEFAULT_EVAL_DIR = process.env.EVAL_DIR ?? join(here, '..', '..', 'shared', 'eval');

function documentIds(dir: string, options: EntityEvalOptions): string[] {
  const all = readdirSync(dir).filter((f) => f.endsWith('.ann')).map((f) => f.slice(0, -4)).sort();
  const wanted = options.ids === undefined ? all : all.filter((id) => options.ids!.includes(id));
  return options.limit === undefined ? wanted : wanted.slice(0, options.limit);
}

const withScores = (c: FlagCounts): Scores & FlagCounts => ({ ...c, ...flagScores(c) });

function figuresOf(t: { overlap: Counts; exact: Counts; negated: FlagCounts; uncertain: FlagCounts }): Omit<CategoryFigures, 'misses' | 'falsePositives'> {
  return { gold: t.overlap.gold, predicted: t.overlap.predicted, overlap: spanScores(t.overlap), exact: spanScores(t.exact), negated: withScores(t.negated), uncertain: withScores(t.uncertain) };
}

export async function runEntityEval(options: EntityEvalOptions = {}): Promise<{ corpora: CorpusFigures[]; text: string }> {
  const evalDir = options.evalDir ?? DEFAULT_EVAL_DIR;
  const kb = await ensureKnowledgeBase(options.dataDir ?? join(here, '..', '.cache'));
  const cartridge = await loadDefaultCartridgeArtifacts();
  const resources = { kb, artifacts: cartridge.artifacts };
  const top = options.top ?? 12;
  const corpora: CorpusFigures[] = [];
  const text: string[] = [];
  for (const spec of options.corpus === undefined ? Object.values(CORPORA) : [CORPORA[options.corpus]]) {
    const dir = join(evalDir, spec.dir);
    const ids = documentIds(dir, options);
    const tallies: Tallies = emptyTallies(spec.categories);
    const started = performance.now();
    let analyzeMs = 0;
    for (const id of ids) {
      const doc = readBratDocument(dir, id);
      const t0 = performance.now();
      const response = analyzeRequest({
        containers: [{ text: doc.text }], annotatorFlows: cartridge.standardFlow, profileResolver: (p) => cartridge.profiles[p],
        options: { returnAnalyzedText: false }, resources,
      });
      analyzeMs += performance.now() - t0;
      const data = (response.unstructured[0]?.['data'] ?? {}) as Record<string, unknown>;
      const predicted = mergeMentions(predictedMentions(data, doc.text).map((m): Mention => {
        const category = spec.remap[m.category];
        return category === undefined ? m : { ...m, category };
      }));
      scoreDocument(spec.gold(doc), predicted, tallies);
    }
    if (!spec.uncertainGold) for (const t of tallies.values()) Object.assign(t.uncertain, { tp: 0, fp: 0, fn: 0 });
    const categories: Partial<Record<Category, CategoryFigures>> = {};
    for (const [c, t] of tallies) categories[c] = { ...figuresOf(t), misses: topCounts(t.misses, top), falsePositives: topCounts(t.falsePositives, top) };
    const all = [...tallies.values()];
    // The `all` assertion row sums the categories whose gold carries that flag at all: MACCROBAT marks polarity on
    // events only, so a negated anatomy or lab value mention (`no lymph nodes`) has no gold to agree with.
    const flagged = (pick: (t: CategoryTally) => FlagCounts): FlagCounts[] => all.map(pick).filter((c) => c.tp + c.fn > 0);
    const micro = figuresOf({ overlap: sumCounts(all.map((t) => t.overlap)), exact: sumCounts(all.map((t) => t.exact)), negated: sumFlags(flagged((t) => t.negated)), uncertain: sumFlags(flagged((t) => t.uncertain)) });
    const figures: CorpusFigures = { corpus: spec.name, documents: ids.length, categories, micro, ms: performance.now() - started };
    corpora.push(figures);
    text.push(formatCorpus(spec, figures, analyzeMs));
  }
  return { corpora, text: text.join('\n\n') };
}

const f = (x: number): string => x.toFixed(3);
const pad = (s: string | number, n: number): string => String(s).padStart(n);

function formatCorpus(spec: CorpusSpec, r: CorpusFigures, analyzeMs: number): string {
  const lines = [`--- ${spec.label}: ${r.documents} documents (${(r.ms / 1000).toFixed(1)} s, analysis ${(analyzeMs / 1000).toFixed(1)} s)`];
  lines.push(`${'category'.padEnd(11)} ${pad('gold', 6)} ${pad('pred', 6)} | overlap P  R      F1    | exact P    R      F1`);
  const row = (name: string, c: Omit<CategoryFigures, 'misses' | 'falsePositives'>): string =>
    `${name.padEnd(11)} ${pad(c.gold, 6)} ${pad(c.predicted, 6)} | ${f(c.overlap.precision)} ${f(c.overlap.recall)} ${f(c.overlap.f1)} | ${f(c.exact.precision)} ${f(c.exact.recall)} ${f(c.exact.f1)}`;
  for (const c of spec.categories) lines.push(row(c, r.categories[c]!));
  lines.push(row('micro', r.micro));
  lines.push('assertion on matched gold mentions (tp fp fn  P R F1)');
  const flag = (x: Scores & FlagCounts): string => `${pad(x.tp, 4)} ${pad(x.fp, 4)} ${pad(x.fn, 4)}  ${f(x.precision)} ${f(x.recall)} ${f(x.f1)}`;
  const uncertain = (x: Scores & FlagCounts): string => (spec.uncertainGold ? flag(x) : '(not annotated)');
  lines.push(`${'category'.padEnd(11)} negated                        | uncertain`);
  for (const c of spec.categories) lines.push(`${c.padEnd(11)} ${flag(r.categories[c]!.negated)} | ${uncertain(r.categories[c]!.uncertain)}`);
  lines.push(`${'all'.padEnd(11)} ${flag(r.micro.negated)} | ${uncertain(r.micro.uncertain)}`);
  for (const c of spec.categories) {
    const x = r.categories[c]!;
    lines.push(`${c} misses: ${x.misses.join('; ')}`);
    lines.push(`${c} false positives: ${x.falsePositives.join('; ')}`);
  }
  return lines.join('\n');
}

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const corpus = argValue('--corpus');
  if (corpus !== undefined && corpus !== 'maccrobat' && corpus !== 'chia') throw new Error(`--corpus ${corpus}: expected maccrobat or chia`);
  const limit = argValue('--limit');
  const top = argValue('--top');
  const evalDir = argValue('--eval-dir');
  console.log((await runEntityEval({
    ...(corpus === undefined ? {} : { corpus }), ...(limit === undefined ? {} : { limit: Number(limit) }),
    ...(top === undefined ? {} : { top: Number(top) }), ...(evalDir === undefined ? {} : { evalDir }),
  })).text);
}
