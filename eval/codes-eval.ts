// Codes a coder and an ontologist both trust (issue 18), measured on what concept_detection returns with its
// default parameters and `medical_codes`:
//  * ICD-10-CM consistency, built from the alphabetic index itself (src/knowledge/builders/icd10cm-index.ts):
//    for every index form naming exactly one code (after "see" references and the unspecified billable code of a
//    category), when the service finds a concept on the whole form, does the concept it returns carry that code?
//    Misses are listed per ICD-10-CM chapter, with examples.
//  * Clinical notes (ACI-Bench valid notes, MTS-Dialog validation sections): of the problem concepts (disorders,
//    symptoms, neoplasms, mental disorders, anomalies, injuries), the share with a real UMLS CUI (C + 7 digits)
//    and the share with an ICD-10-CM code; and the (span, CUI) pairs returned more than once (must be 0).
// `npm run eval -- codes` runs it with the others; `tsx eval/codes-eval.ts` alone.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileConceptDetection, detectConcepts, type ConceptDetectionCompiled } from '../src/engine/annotators/concept-detection/concept-detection.js';
import { conceptDetectionParams, type ConceptDetectionParams } from '../src/engine/annotators/concept-detection/params.js';
import { createDocument } from '../src/engine/create-document.js';
import type { Annotation } from '../src/engine/document.js';
import { parseAnnotatorParams } from '../src/engine/params.js';
import { NO_ARTIFACTS } from '../src/engine/resources.js';
import { ensureKnowledgeBase } from '../src/knowledge/build-default.js';
import { readIndexForms, readTabular } from '../src/knowledge/builders/icd10cm-index.js';
import { defaultMirrorDir } from '../src/knowledge/fetch-sources.js';
import { billableCode } from '../src/knowledge/icd10-linking.js';
import { csvRows, readSourceText } from '../src/knowledge/builders/text-files.js';
import { parseCsv } from './lib/csv.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Problem types: the UMLS Disorders group without findings (`fndg`: "normal", "stable" are no problems). */
export const PROBLEM_TYPES: ReadonlySet<string> = new Set(['dsyn', 'neop', 'mobd', 'sosy', 'cgab', 'acab', 'anab', 'patf', 'comd', 'emod', 'inpo']);
const REAL_CUI = /^C\d{7}$/;

interface Detector {
  readonly compiled: ConceptDetectionCompiled;
  readonly params: ConceptDetectionParams;
}

function detect(detector: Detector, text: string): Annotation[] {
  return detectConcepts(createDocument(text), detector.params, detector.compiled, NO_ARTIFACTS);
}

export interface ConsistencyResult {
  readonly forms: number;
  readonly matched: number;
  readonly consistent: number;
  /** Chapter → [misses, matched, examples]. */
  readonly byChapter: ReadonlyMap<string, { misses: number; matched: number; examples: string[] }>;
}

export function icd10Consistency(detector: Detector, mirror: string, termKey: (t: string) => string): ConsistencyResult {
  const tabular = readTabular(mirror);
  const chapterOf = new Map<string, string>();
  const chapterName = new Map<string, string>();
  for (const row of csvRows(readSourceText(join(mirror, 'icd10cm/ICD10CM_2025_chapters.csv')))) chapterName.set(row.ChapterID ?? '', row.ChapterName ?? '');
  for (const row of csvRows(readSourceText(join(mirror, 'icd10cm/ICD10CM_2025_codes.csv.gz')))) chapterOf.set((row.Code ?? '').trim(), chapterName.get(row.ChapterID ?? '') ?? '?');
  const byKey = new Map<string, { form: string; codes: Set<string> }>();
  for (const f of readIndexForms(mirror)) {
    const key = termKey(f.form);
    if (key === '') continue;
    const entry = byKey.get(key) ?? { form: f.form, codes: new Set<string>() };
    entry.codes.add(billableCode(tabular, f.code));
    byKey.set(key, entry);
  }
  let forms = 0;
  let matched = 0;
  let consistent = 0;
  const byChapter = new Map<string, { misses: number; matched: number; examples: string[] }>();
  for (const { form, codes } of byKey.values()) {
    if (codes.size !== 1) continue;
    forms++;
    const code = [...codes][0]!;
    const whole = detect(detector, form).filter((a) => a.begin === 0 && a.end === form.length);
    if (whole.length === 0) continue;
    matched++;
    const chapter = chapterOf.get(code) ?? chapterOf.get(code.slice(0, 3)) ?? '?';
    const entry = byChapter.get(chapter) ?? { misses: 0, matched: 0, examples: [] };
    byChapter.set(chapter, entry);
    entry.matched++;
    if (whole.some((a) => typeof a.icd10Code === 'string' && a.icd10Code.split(',').includes(code))) {
      consistent++;
      continue;
    }
    entry.misses++;
    if (entry.examples.length < 4) entry.examples.push(`"${form}" ${code} → ${whole.map((a) => `${String(a.preferredName)} [${String(a.icd10Code ?? '-')}]`).join(' / ')}`);
  }
  return { forms, matched, consistent, byChapter };
}

export interface NotesResult {
  readonly corpus: string;
  readonly texts: number;
  readonly problems: number;
  readonly withCui: number;
  readonly withIcd10: number;
  readonly duplicates: number;
  readonly examplesWithoutCui: string[];
  readonly examplesWithoutIcd10: string[];
}

export function scoreNotes(detector: Detector, corpus: string, texts: readonly string[]): NotesResult {
  let problems = 0;
  let withCui = 0;
  let withIcd10 = 0;
  let duplicates = 0;
  const noCui = new Map<string, number>();
  const noIcd = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const a of detect(detector, text)) {
      const key = `${a.begin}:${a.end}:${String(a.cui)}`;
      if (seen.has(key)) duplicates++;
      seen.add(key);
      const types = typeof a.semanticType === 'string' ? a.semanticType.split(',') : [];
      if (!types.some((t) => PROBLEM_TYPES.has(t))) continue;
      problems++;
      const surface = a.coveredText.toLowerCase();
      if (REAL_CUI.test(String(a.cui))) withCui++;
      else noCui.set(surface, (noCui.get(surface) ?? 0) + 1);
      if (typeof a.icd10Code === 'string' && a.icd10Code !== '') withIcd10++;
      else noIcd.set(surface, (noIcd.get(surface) ?? 0) + 1);
    }
  }
  const top = (m: Map<string, number>): string[] => [...m].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([t, n]) => `${t} ${n}`);
  return { corpus, texts: texts.length, problems, withCui, withIcd10, duplicates, examplesWithoutCui: top(noCui), examplesWithoutIcd10: top(noIcd) };
}

const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

export interface CodesEvalOptions {
  readonly evalDir?: string;
  readonly mirror?: string;
}

export async function runCodesEval(options: CodesEvalOptions = {}): Promise<{ text: string; consistency: ConsistencyResult; notes: NotesResult[] }> {
  const evalDir = options.evalDir ?? '/work/shared/eval';
  const mirror = options.mirror ?? defaultMirrorDir() ?? '/work/shared/vocab';
  const kbDir = process.env.KB_DIR !== undefined && process.env.KB_DIR !== '' ? resolve(process.env.KB_DIR) : undefined;
  const kb = await ensureKnowledgeBase(join(repoRoot, '.cache'), kbDir === undefined ? {} : { kbDir });
  const compiled = compileConceptDetection({ kb, artifacts: NO_ARTIFACTS });
  const { params } = parseAnnotatorParams('concept_detection', conceptDetectionParams, { include_optional_fields: ['medical_codes'] });
  const detector: Detector = { compiled, params };
  const lines: string[] = [];
  const consistency = icd10Consistency(detector, mirror, (t) => kb.normalizer.termKey(t));
  lines.push(`ICD-10-CM consistency (alphabetic index forms naming one code: ${consistency.forms.toLocaleString('en-US')}; matched by the service on the whole form: ${consistency.matched.toLocaleString('en-US')})`);
  lines.push(`  the concept returned carries the index's code: ${consistency.consistent.toLocaleString('en-US')} of ${consistency.matched.toLocaleString('en-US')} = ${pct(consistency.consistent, consistency.matched)} (goal 95%)`);
  lines.push('  misses by chapter (misses / matched, examples):');
  for (const [chapter, e] of [...consistency.byChapter].sort((a, b) => b[1].misses - a[1].misses)) {
    if (e.misses === 0) continue;
    lines.push(`    ${String(e.misses).padStart(5)} / ${String(e.matched).padEnd(5)} ${chapter}`);
    for (const x of e.examples) lines.push(`            ${x}`);
  }
  const aci = parseCsv(readFileSync(join(evalDir, 'aci-bench/valid.csv'), 'utf8')).map((r) => r.note ?? '');
  const mts = parseCsv(readFileSync(join(evalDir, 'mts-dialog/MTS_Dataset_ValidationSet.csv'), 'utf8')).map((r) => r.section_text ?? '');
  const notes = [scoreNotes(detector, 'ACI-Bench valid notes', aci), scoreNotes(detector, 'MTS-Dialog validation sections', mts)];
  lines.push('');
  lines.push('problem concepts on clinical notes (concept_detection, default parameters, medical_codes; goals: real CUI >= 90%, ICD-10-CM >= 85%, duplicates 0)');
  for (const n of notes) {
    lines.push(`  ${n.corpus}: ${n.texts} texts, ${n.problems} problem concepts; real CUI ${pct(n.withCui, n.problems)}; ICD-10-CM code ${pct(n.withIcd10, n.problems)}; duplicate (span, CUI) ${n.duplicates}`);
    lines.push(`    most frequent without a CUI: ${n.examplesWithoutCui.join(', ')}`);
    lines.push(`    most frequent without an ICD-10-CM code: ${n.examplesWithoutIcd10.join(', ')}`);
  }
  return { text: lines.join('\n'), consistency, notes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log((await runCodesEval()).text);
}
