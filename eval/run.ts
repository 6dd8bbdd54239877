// `npm run eval [-- <name-substring>...]`: runs every accuracy evaluation present in eval/ and prints its
// report. An evaluation is listed here once; a file that is absent from the checkout is skipped.
// Evaluations report figures; they never fail the run on a score.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface EvalEntry {
  readonly name: string;
  /** File under eval/ that must exist for the entry to run. */
  readonly file: string;
  run(evalDir: string): Promise<string>;
}

const here = dirname(fileURLToPath(import.meta.url));
// The corpora: the repository's sibling folder shared/eval (EVAL_DIR overrides).
const evalDir = process.env.EVAL_DIR ?? join(here, '..', '..', 'shared', 'eval');

/** `--corpus maccrobat|chia` and `--limit N` (entity evaluation): a flag's value is not a name filter. */
const VALUE_FLAGS = new Set(['--corpus', '--limit']);
const argv = process.argv.slice(2);
const flagValue = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

const EVALS: readonly EvalEntry[] = [
  {
    name: 'concept detection (NCBI Disease, BC5CDR)',
    file: 'concepts-eval.ts',
    async run(dir) {
      const { runConceptEval } = await import('./concepts-eval.js');
      return (await runConceptEval({ evalDir: dir })).text;
    },
  },
  {
    name: 'medication (PHEE drug events)',
    file: 'medication-eval.ts',
    async run(dir) {
      const { runMedicationEval } = await import('./medication-eval.js');
      return (await runMedicationEval({ evalDir: dir })).text;
    },
  },
  { name: 'codes: ICD-10-CM consistency, CUIs and ICD-10-CM codes of problems on clinical notes', file: 'codes-eval.ts', run: async (dir) => (await (await import('./codes-eval.js')).runCodesEval({ evalDir: dir })).text },
  { name: 'symptom_disease mentions (NCBI Disease dev)', file: 'symptom-disease-eval.ts', run: async (dir) => (await (await import('./symptom-disease-eval.js')).runSymptomDiseaseEval({ evalDir: dir })).text },
  { name: 'clinical attributes, standard flow (hand-annotated gold sentences)', file: 'attributes-eval.ts', run: async () => (await (await import('./attributes-eval.js')).runAttributesEval()).text },
  { name: 'ACD turn-key annotators: cancer, named_entities, *_assistance, relation (hand-written gold)', file: 'turnkey-eval.ts', run: async () => (await (await import('./turnkey-eval.js')).runTurnkeyEval()).text },
  {
    name: 'context: negation, hypothetical, historical (NegEx kit, BioScope)',
    file: 'context-eval.ts',
    async run(dir) {
      const { runContextEval, formatContextEval } = await import('./context-eval.js');
      return formatContextEval(runContextEval(dir));
    },
  },
  {
    name: 'entities: problems, procedures, lab tests and values, drugs, devices, anatomy (MACCROBAT, Chia)',
    file: 'entities-eval.ts',
    async run(dir) {
      const { runEntityEval } = await import('./entities-eval.js');
      const corpus = flagValue('--corpus');
      if (corpus !== undefined && corpus !== 'maccrobat' && corpus !== 'chia') throw new Error(`--corpus ${corpus}: expected maccrobat or chia`);
      const limit = flagValue('--limit');
      return (await runEntityEval({ evalDir: dir, ...(corpus === undefined ? {} : { corpus }), ...(limit === undefined ? {} : { limit: Number(limit) }) })).text;
    },
  },
];

const filters = argv.filter((a, i) => !a.startsWith('--') && !VALUE_FLAGS.has(argv[i - 1] ?? ''));
for (const entry of EVALS) {
  if (filters.length > 0 && !filters.some((f) => entry.name.includes(f))) continue;
  console.log(`\n=== ${entry.name}`);
  if (!existsSync(join(here, entry.file))) {
    console.log(`(skipped: eval/${entry.file} is not present)`);
    continue;
  }
  const started = Date.now();
  try {
    console.log(await entry.run(evalDir));
  } catch (error) {
    console.log(`(failed to run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)})`);
    process.exitCode = 1;
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
