// Command-line set-up shared by the concept evaluation's diagnostic scripts (ceiling.ts, error-analysis.ts,
// phrase-ranking-survey.ts): `--name value` flags, and a compiled knowledge base with its evaluator.
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { createEvaluator, type ConceptEvaluator } from '../concepts-eval.js';
import { loadFormLexicon } from './form-lexicon.js';

/** The value after `--name` on the command line (undefined when the flag is absent). */
export function commandFlags(args: readonly string[]): (name: string) => string | undefined {
  return (name) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args[i + 1];
  };
}

/** The knowledge base in `kbDir` and the concept evaluator over it (with its training-lexicon table). */
export async function loadEvaluator(kbDir: string): Promise<{ kb: Awaited<ReturnType<typeof loadKnowledgeBase>>; evaluator: ConceptEvaluator }> {
  const kb = await loadKnowledgeBase(kbDir);
  return { kb, evaluator: createEvaluator(kb, {}, loadFormLexicon(kbDir, (t) => kb.normalizer.termKey(t))) };
}
