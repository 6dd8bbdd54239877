// Error analysis of the concept evaluation's document-level ids (diagnostics; never used to score): for each
// missed gold id and each wrong predicted id of a corpus, why, grouped into classes and counted, with the most
// frequent surface forms of each class. Run it on the TRAINING half-split (eval/lib/train-split.ts) so rules
// are designed on training documents only:
//
//   npx tsx eval/lib/error-analysis.ts /tmp/acc/kb-split [--corpus "NCBI disease dev"] [--examples 15]
//   npx tsx eval/lib/error-analysis.ts /tmp/acc/kb-split-swapped --eval-dir .cache/train-split-swapped/eval
//
// (the split's evaluation directory puts the held-out half where the evaluation expects the dev files). On the
// real dev files use `--examples 0` (class counts only): dev documents must not be read to design rules.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectConcepts } from '../../src/engine/annotators/concept-detection/concept-detection.js';
import { createDocument } from '../../src/engine/create-document.js';
import type { Annotation } from '../../src/engine/document.js';
import { NO_ARTIFACTS } from '../../src/engine/resources.js';
import { CORPORA, documentSpans, learnSpanCorrections, TASK_TYPES, trainingCorpus, type ConceptEvaluator, type CorpusSpec, type NormalisedSpan, type SpanCorrections } from '../concepts-eval.js';
import { commandFlags, loadEvaluator } from './diagnostic-script.js';
import { parsePubTator, type PubTatorDocument, type PubTatorMention } from './pubtator.js';
import { SPLIT_DIR } from './train-split.js';

export interface ErrorItem {
  readonly pmid: string;
  readonly id: string;
  /** Class of the error (see classify*). */
  readonly cls: string;
  /** Surface form(s) involved. */
  readonly form: string;
}

const overlaps = (a: { begin: number; end: number }, b: { begin: number; end: number }): boolean => a.begin < b.end && b.begin < a.end;

/** Missed gold id: why no predicted span named it. */
function classifyMissed(id: string, mentions: readonly PubTatorMention[], spans: readonly NormalisedSpan[], rawSpans: readonly { begin: number; end: number }[]): string {
  const withId = mentions.filter((m) => m.ids.includes(id));
  if (withId.some((m) => m.ids.length > 1)) return withId.every((m) => m.ids.length > 1) ? 'FN composite/multi-id mention' : 'FN (also in a composite mention)';
  const over = spans.filter((s) => withId.some((m) => overlaps(s, m)));
  if (over.length === 0) return rawSpans.some((s) => withId.some((m) => overlaps(s, m))) ? 'FN matched, no id/dropped' : 'FN no match';
  if (over.some((s) => withId.some((m) => s.begin === m.begin && s.end === m.end))) return 'FN same span, wrong id';
  if (over.some((s) => withId.some((m) => m.begin <= s.begin && s.end <= m.end))) return 'FN span inside gold (partial), wrong id';
  return 'FN span crosses/contains gold, wrong id';
}

/** Wrong predicted id: what the span was. */
function classifyWrong(spans: readonly NormalisedSpan[], mentions: readonly PubTatorMention[], goldIds: ReadonlySet<string>): string {
  const over = spans.filter((s) => mentions.some((m) => overlaps(s, m)));
  if (over.length === 0) return 'FP span is no gold mention';
  const exact = over.filter((s) => mentions.some((m) => s.begin === m.begin && s.end === m.end));
  const overIds = mentions.filter((m) => over.some((s) => overlaps(s, m))).flatMap((m) => m.ids);
  if (overIds.length > 0 && overIds.every((x) => goldIds.has(x)) && exact.length === over.length) return 'FP same span as gold, wrong id';
  if (over.some((s) => mentions.some((m) => overlaps(s, m) && m.begin <= s.begin && s.end <= m.end && (m.begin !== s.begin || m.end !== s.end)))) return 'FP span inside gold (partial)';
  if (exact.length > 0) return 'FP same span as gold, wrong id';
  return 'FP span crosses/contains gold';
}

export function analyseCorpus(evaluator: ConceptEvaluator, corpus: CorpusSpec, documents: readonly PubTatorDocument[], corrections?: SpanCorrections): ErrorItem[] {
  const types = new Set(TASK_TYPES[corpus.task]);
  const items: ErrorItem[] = [];
  for (const d of documents) {
    const gold = d.mentions.filter((m) => corpus.goldType === undefined || m.type === corpus.goldType);
    const goldIds = new Set(gold.flatMap((m) => m.ids));
    const document = createDocument(d.text);
    const ofTask = (a: Annotation): boolean => typeof a.semanticType === 'string' && a.semanticType.split(',').some((t) => types.has(t));
    const all = detectConcepts(document, evaluator.nestedParams, evaluator.compiled, NO_ARTIFACTS);
    const nested = all.filter(ofTask);
    const spans = documentSpans(evaluator, corpus, d.text, all, types, corrections);
    const predIds = new Set(spans.flatMap((s) => s.ids));
    const formOf = (x: { begin: number; end: number }): string => d.text.slice(x.begin, x.end).toLowerCase();
    // The same rules without the learned drops and relabels (the annotation vocabulary kept).
    const uncorrected = corrections === undefined ? spans : documentSpans(evaluator, corpus, d.text, all, types, { notMentions: new Set(), relabel: new Map(), ...(corrections.vocabulary === undefined ? {} : { vocabulary: corrections.vocabulary }) });
    const uncorrectedIds = new Set(uncorrected.flatMap((s) => s.ids));
    for (const id of goldIds) {
      if (predIds.has(id)) continue;
      const ms = gold.filter((m) => m.ids.includes(id));
      const cls = uncorrectedIds.has(id) ? 'FN dropped/relabelled by learned corrections' : classifyMissed(id, gold, spans, nested);
      const over = spans.filter((s) => ms.some((m) => overlaps(s, m)));
      const form = `${[...new Set(ms.map(formOf))].join(' | ')}${over.length > 0 ? `  ← ${[...new Set(over.map((s) => `${formOf(s)}=${s.ids.join('+')}`))].join(', ')}` : ''}`;
      items.push({ pmid: d.pmid, id, cls, form });
    }
    for (const id of predIds) {
      if (goldIds.has(id)) continue;
      const ss = spans.filter((s) => s.ids.includes(id));
      const cls = classifyWrong(ss, gold, goldIds);
      const over = gold.filter((m) => ss.some((s) => overlaps(s, m)));
      const form = `${[...new Set(ss.map(formOf))].join(' | ')}${over.length > 0 ? `  → gold ${[...new Set(over.map((m) => `${formOf(m)}=${m.ids.join('+')}`))].join(', ')}` : ''}`;
      items.push({ pmid: d.pmid, id, cls, form });
    }
  }
  return items;
}

export function formatErrors(items: readonly ErrorItem[], examples = 15): string {
  const byClass = new Map<string, ErrorItem[]>();
  for (const it of items) {
    const list = byClass.get(it.cls) ?? [];
    list.push(it);
    byClass.set(it.cls, list);
  }
  const lines: string[] = [];
  for (const [cls, list] of [...byClass].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`${cls}: ${list.length}`);
    const forms = new Map<string, number>();
    for (const it of list) forms.set(`${it.form}  [${it.id}]`, (forms.get(`${it.form}  [${it.id}]`) ?? 0) + 1);
    for (const [form, n] of [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, examples)) lines.push(`   ${String(n).padStart(3)}  ${form}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const kbDir = resolve(args[0] ?? '/tmp/acc/kb-split');
  const flag = commandFlags(args);
  const evalDir = flag('--eval-dir') ?? join(SPLIT_DIR, 'eval');
  const examples = Number(flag('--examples') ?? 15);
  const wanted = flag('--corpus') ?? 'NCBI disease dev';
  const { kb, evaluator } = await loadEvaluator(kbDir);
  for (const corpus of CORPORA.filter((c) => c.name.includes(wanted))) {
    const docs = [...parsePubTator(readFileSync(join(evalDir, corpus.file), 'utf8')).documents];
    const training = trainingCorpus(corpus);
    const corrections = training === undefined ? undefined : learnSpanCorrections(evaluator, training, [...parsePubTator(readFileSync(join(evalDir, training.file), 'utf8')).documents]);
    const items = analyseCorpus(evaluator, corpus, docs, corrections);
    console.log(`== ${corpus.name} (${evalDir}): ${items.filter((i) => i.cls.startsWith('FN')).length} missed ids, ${items.filter((i) => i.cls.startsWith('FP')).length} wrong ids`);
    console.log(formatErrors(items, examples));
  }
}
