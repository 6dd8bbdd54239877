// `kb build --umls DIR`: compiles a licensed UMLS Metathesaurus release (RRF, builders/umls-rrf.ts) into the
// same compiled format as the open build. MRCONSO and MRSTY are streamed and merge-joined by CUI; the
// compiler then holds one record per concept (the release's CUIs are already merged concepts). Progress
// every 100,000 concepts; the report line as for the open build.
import { readFileSync } from 'node:fs';
import { SPELLING_SUPPLEMENT_PATH, formatReportLine } from './build-default.js';
import { compileMerged } from './compile.js';
import type { CompiledKb } from './compiled-kb.js';
import { writeKnowledgeBase } from './kb-files.js';
import { parseSpellingTsv } from './normalize.js';
import { loadDefaultStopList } from './stoplist.js';
import { readUmlsRrf, readUmlsSources, umlsMetaDir, umlsReleaseVersion, type UmlsRecord, type UmlsRrfOptions } from './builders/umls-rrf.js';
import type { MergedConcept } from './merge.js';

export const UMLS_KB_NAME = 'umls';
export const UMLS_KB_VERSION = '1.0';

export interface UmlsBuildOptions extends UmlsRrfOptions {
  readonly outDir: string;
  readonly onProgress?: (message: string) => void;
}

export interface UmlsBuildResult {
  readonly kb: CompiledKb;
  readonly reportLine: string;
  readonly buildMs: number;
  readonly records: number;
}

const PROGRESS_EVERY = 100_000;

/**
 * A release's CUI is one concept: its record becomes a compiled concept as it is, without the open build's
 * cross-reference merging (which would join CUIs sharing a source code, and holds every record and id in
 * union-find tables: at UMLS size, gigabytes).
 */
function conceptOf(r: UmlsRecord): MergedConcept {
  const preferredName = r.preferredName ?? r.names[0]?.text ?? r.cui;
  return {
    cui: r.cui, preferredName, semanticTypes: r.semanticTypes ?? [], vocabs: r.vocabs,
    codes: r.codes as MergedConcept['codes'], xrefs: r.ids, names: r.names,
    codeNames: [], codeOnly: false,
  };
}

export async function buildUmlsKnowledgeBase(options: UmlsBuildOptions): Promise<UmlsBuildResult> {
  const started = Date.now();
  const progress = options.onProgress ?? ((): void => {});
  const release = umlsReleaseVersion(readUmlsSources(options.dir)) ?? 'unknown';
  progress(`reading UMLS ${release} from ${umlsMetaDir(options.dir)} (languages ${(options.languages ?? ['ENG']).join(',')}${options.sources === undefined ? '' : `, sources ${options.sources.join(',')}`})`);
  const spelling = new Map(parseSpellingTsv(readFileSync(SPELLING_SUPPLEMENT_PATH, 'utf8')));
  const concepts: MergedConcept[] = [];
  for (const record of readUmlsRrf(options)) {
    concepts.push(conceptOf(record));
    if (concepts.length % PROGRESS_EVERY === 0) {
      progress(`${concepts.length.toLocaleString('en-US')} concepts read (${((Date.now() - started) / 1000).toFixed(0)} s, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB)`);
    }
  }
  const records = concepts.length;
  progress(`${records.toLocaleString('en-US')} concepts read; compiling`);
  const kb = compileMerged(concepts, { name: UMLS_KB_NAME, version: UMLS_KB_VERSION, sourceVersion: release, spelling, stopList: loadDefaultStopList() }, { records, concepts: records });
  progress(`compiled: ${kb.conceptCount.toLocaleString('en-US')} concepts, ${kb.info.termCount.toLocaleString('en-US')} terms (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  await writeKnowledgeBase(kb, options.outDir);
  const buildMs = Date.now() - started;
  return { kb, reportLine: formatReportLine(kb, buildMs), buildMs, records };
}
