// Golden files (STYLE.md "Tests"): each test/golden/cases/<name>.txt is analysed with the default flow
// (every registered annotator, in ACD order) and written as sorted, pretty-printed JSON to
// test/golden/reference/<name>.json: the sentences of the text and the API response. `npm run golden`
// compares, `npm run golden:accept` rewrites the references after review (read the diffs in the PR).
// The knowledge base is read, never built: $GOLDEN_KB_DIR, else $DATA_DIR/kb (default ./data/kb),
// else .cache/kb.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeRequest } from '../../src/engine/analyze.js';
import { createDocument } from '../../src/engine/create-document.js';
import { defaultFlow } from '../../src/engine/default-flow.js';
import { ANNOTATORS } from '../../src/engine/registry.js';
import { NO_ARTIFACTS, type EngineResources } from '../../src/engine/resources.js';
import type { KnowledgeBase } from '../../src/knowledge/kb.js';
import { checkKnowledgeBase, loadKnowledgeBase } from '../../src/knowledge/loader.js';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const CASES_DIR = join(ROOT, 'test/golden/cases');
export const REFERENCE_DIR = join(ROOT, 'test/golden/reference');

export interface GoldenCase {
  readonly name: string;
  readonly text: string;
}

export function goldenCases(): GoldenCase[] {
  return readdirSync(CASES_DIR).filter((f) => f.endsWith('.txt')).sort()
    .map((f) => ({ name: f.slice(0, -4), text: readFileSync(join(CASES_DIR, f), 'utf8') }));
}

/** Sorted keys (arrays keep their order), so references diff cleanly. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}

export function formatGolden(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** The sentences part: each sentence's offsets and text (engine core only, no knowledge base needed). */
export function sentencesOf(text: string): { begin: number; end: number; text: string }[] {
  return createDocument(text).sentences.map((s) => ({ begin: s.begin, end: s.end, text: text.slice(s.begin, s.end) }));
}

export function goldenOutput(text: string, kb: KnowledgeBase): { sentences: unknown; response: unknown } {
  const resources: EngineResources = { kb, artifacts: NO_ARTIFACTS };
  const response = analyzeRequest({
    containers: [{ text }],
    annotatorFlows: [{ flow: defaultFlow(ANNOTATORS) }],
    profileResolver: () => undefined,
    options: { returnAnalyzedText: false },
    resources,
  });
  return { sentences: sentencesOf(text), response };
}

export async function findKnowledgeBase(): Promise<KnowledgeBase | undefined> {
  // The knowledge base `npm test` prepares comes before a data directory's, which may be older.
  const candidates = [process.env.GOLDEN_KB_DIR, join(ROOT, '.cache/kb'), join(process.env.DATA_DIR ?? join(ROOT, 'data'), 'kb')];
  for (const dir of candidates) {
    if (dir === undefined) continue;
    if ((await checkKnowledgeBase(dir)).state === 'ok') return loadKnowledgeBase(dir);
  }
  return undefined;
}
