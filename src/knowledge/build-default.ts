// The default open knowledge base: obtain and verify the sources (fetch-sources.ts), run every builder,
// merge, compile and write, and print one report line. prepareKnowledgeBaseInChild() is what the service
// calls at start: build when missing or stale (in a child process, progress on stderr); workers then load it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readBiolexica } from './builders/biolexica.js';
import { CORPUS_LEXICON_FILES, CORPUS_LEXICON_TABLE, corpusLexiconTable, dropFormsNamedElsewhere, joinUnknownIdsByName, NAMED_ELSEWHERE_SOURCES, readCorpusLexicon, type CorpusLexiconEntry } from './builders/corpus-lexicon.js';
import { readCvx } from './builders/cvx.js';
import { readDoid } from './builders/doid.js';
import { readDrugBank } from './builders/drugbank.js';
import { readDrugCentral } from './builders/drugcentral.js';
import { HPO_LAYPERSON_FILE, HPO_SPELLING_FILE, hpoLaypersonRecords } from './builders/hpo-layperson.js';
import { readIcd10cm } from './builders/icd10cm.js';
import { readPharmGkb } from './builders/pharmgkb.js';
import { readRxNorm } from './builders/rxnorm.js';
import type { SourceRecord } from './builders/source-record.js';
import { addOpenAdditions, copyShippedNotices } from './builders/open-additions.js';
import { readMondoMappings } from './builders/sssom.js';
import { readSymp } from './builders/symp.js';
import { readSourceText } from './builders/text-files.js';
import { writeKnowledgeBase } from './compile.js';
import { compileWithIcd10Links } from './icd10-linking.js';
import type { CompiledKb } from './compiled-kb.js';
import { defaultMirrorDir, loadManifest, obtainSources } from './fetch-sources.js';
import { CODE_FIELDS } from './kb.js';
import { checkKnowledgeBase, loadKnowledgeBase } from './loader.js';
import { bridgeByName, type BridgeOptions } from './name-bridge.js';
import { createNormalizer, parseSpellingTable, parseSpellingTsv } from './normalize.js';
import { writeSideTables } from './side-tables.js';
import { loadDefaultStopList } from './stoplist.js';

export const DEFAULT_KB_NAME = 'open-clinical';
/** Bump when a builder, the merger or the compiler changes what a build produces: caches are rebuilt. */
export const DEFAULT_KB_VERSION = '1.16';
export const SPELLING_SUPPLEMENT_PATH = fileURLToPath(new URL('../../resources/knowledge/spelling-supplement.tsv', import.meta.url));

/**
 * Sources without (enough) cross-references, linked to other sources by an exact normalised preferred name
 * when exactly one target has it: DrugCentral ships no xrefs; HPO, NCIt and UBERON labels in biolexica carry
 * none (HPO's own UMLS xrefs are not staged).
 */
const NAME_BRIDGES: readonly Omit<BridgeOptions, 'normalizer'>[] = [
  // DrugCentral labels are partly broken upstream: its exact synonyms find the RxNorm ingredient (never a brand).
  { from: new Set(['DRUGCENTRAL']), to: ['RXNORM', 'DRUGBANK'], allNames: true, isTarget: (r) => (r as { rxnormTty?: string }).rxnormTty !== 'BN' },
  // HPO exact synonyms too: an HPO term labelled differently from its DOID/MONDO disorder still links when one of its synonyms is that label.
  { from: new Set(['HPO']), to: ['SYMP', 'DOID', 'MONDO'], allNames: true },
  { from: new Set(['NCI']), to: ['DOID', 'MONDO', 'SYMP', 'UBERON'] },
];

export interface BuildOptions {
  /** Offline mirror of the sources (default: KB_MIRROR or ../shared/vocab when present); without one, sources are downloaded into cacheDir. */
  readonly mirror?: string;
  readonly cacheDir?: string;
  readonly outDir: string;
  readonly onProgress?: (message: string) => void;
  /**
   * Held-out experiments only (eval/lib/train-split.ts): read the corpus training lexicon's files from this
   * directory instead of the verified corpora mirror (its files need not match the manifest's checksums).
   */
  readonly corporaDirOverride?: string;
}

export interface BuildResult {
  readonly kb: CompiledKb;
  readonly reportLine: string;
  readonly buildMs: number;
}

/** Every builder of the default build, in merge-priority order (earlier records win capped unions). */
export function defaultRecords(dir: string, progress: (message: string) => void, corporaDir?: string, lexiconTable?: CorpusLexiconEntry[]): SourceRecord[] {
  const records: SourceRecord[] = [];
  const step = (label: string, read: () => Iterable<SourceRecord>): void => {
    const started = Date.now();
    const before = records.length;
    for (const r of read()) records.push(r);
    progress(`${label}: ${records.length - before} records (${Date.now() - started} ms)`);
  };
  step('DOID', () => readDoid(dir));
  step('SYMP', () => readSymp(dir));
  step('MONDO mappings', () => readMondoMappings(dir));
  step('biolexica phenotype', () => readBiolexica(dir, 'phenotype'));
  step('biolexica anatomy', () => readBiolexica(dir, 'anatomy'));
  step('HPO layperson', () => hpoLaypersonRecords(readSourceText(join(dir, HPO_LAYPERSON_FILE))));
  step('ICD-10-CM', () => readIcd10cm(dir));
  step('RxNorm', () => readRxNorm(join(dir, 'rxnorm-ingredients')));
  step('PharmGKB', () => readPharmGkb(join(dir, 'pharmgkb')));
  step('DrugBank', () => readDrugBank(join(dir, 'drugbank')));
  step('DrugCentral', () => readDrugCentral(join(dir, 'drugcentral')));
  step('CVX', () => readCvx(join(dir, 'cvx')));
  // Last: the supervised lexicon of the corpora's training splits only adds names and MeSH ids.
  if (corporaDir !== undefined) {
    step('corpus training lexicon', () => {
      const { records: learned, table, report } = readCorpusLexicon(corporaDir);
      lexiconTable?.push(...table);
      progress(`corpus training lexicon: ${JSON.stringify(report)}`);
      return learned;
    });
  }
  return records;
}

export function formatReportLine(kb: CompiledKb, buildMs: number): string {
  const s = kb.header.stats;
  const codes = CODE_FIELDS.filter((f) => (s.codes[f] ?? 0) > 0).map((f) => `${f} ${s.codes[f]!.toLocaleString('en-US')}`).join(', ');
  return `kb ${kb.info.name} ${kb.info.sourceVersion} (${kb.info.buildId}): ${s.concepts.toLocaleString('en-US')} concepts, `
    + `${s.names.toLocaleString('en-US')} names, ${s.terms.toLocaleString('en-US')} terms; codes: ${codes}; `
    + `built in ${(buildMs / 1000).toFixed(1)} s`;
}

export async function buildDefaultKnowledgeBase(options: BuildOptions): Promise<BuildResult> {
  const started = Date.now();
  const progress = options.onProgress ?? ((): void => {});
  const mirror = options.mirror ?? defaultMirrorDir();
  const manifest = loadManifest();
  const sources = await obtainSources({ mirror, cacheDir: mirror === undefined ? options.cacheDir : undefined, manifest, onProgress: progress });
  const spelling = parseSpellingTable(readSourceText(join(sources.dir, HPO_SPELLING_FILE)));
  for (const [uk, us] of parseSpellingTsv(readFileSync(SPELLING_SUPPLEMENT_PATH, 'utf8'))) if (!spelling.has(uk)) spelling.set(uk, us);
  const stopList = loadDefaultStopList();
  const corporaDir = options.corporaDirOverride ?? sources.collections?.corpora;
  const lexiconTable: CorpusLexiconEntry[] = [];
  const raw = defaultRecords(sources.dir, progress, corporaDir, lexiconTable);
  const normalizer = createNormalizer(spelling);
  let records = raw;
  for (const bridge of NAME_BRIDGES) {
    const result = bridgeByName(records, { ...bridge, normalizer });
    records = result.records;
    progress(`linked by preferred name ${[...bridge.from].join('/')} → ${bridge.to.join('/')}: ${result.bridged}`);
  }
  if (corporaDir !== undefined) {
    const result = joinUnknownIdsByName(records, new Set(CORPUS_LEXICON_FILES.map((f) => f.source)), (t) => normalizer.termKey(t));
    records = result.records;
    progress(`corpus training lexicon ids joined to a concept of the same name: ${result.joined}`);
    const elsewhere = dropFormsNamedElsewhere(records, NAMED_ELSEWHERE_SOURCES, (t) => normalizer.termKey(t));
    records = elsewhere.records;
    progress(`corpus training lexicon forms left to the concept another source names by them: ${elsewhere.dropped}`);
  }
  const additions = addOpenAdditions(records, sources.dir, normalizer, progress);
  records = additions.records;
  const kb = compileWithIcd10Links(records, { name: DEFAULT_KB_NAME, version: DEFAULT_KB_VERSION, sourceVersion: manifest.version, spelling, stopList }, sources.dir, normalizer, progress);
  progress(`compiled: ${kb.conceptCount} concepts, merge ${JSON.stringify(kb.header.stats.merge)}, dropped ${JSON.stringify(kb.header.stats.dropped)}`);
  await writeKnowledgeBase(kb, options.outDir);
  // The training lexicon's form → id table beside the compiled files (evaluations normalise by surface form).
  const table = corpusLexiconTable(lexiconTable);
  if (table !== '') writeFileSync(join(options.outDir, CORPUS_LEXICON_TABLE), table);
  copyShippedNotices(sources.dir, options.outDir);
  progress(writeSideTables(sources.dir, options.outDir));
  const buildMs = Date.now() - started;
  return { kb, reportLine: `${formatReportLine(kb, buildMs)}; added: ${additions.report.summary}`, buildMs };
}

/** The compiled knowledge base directory inside a data directory. */
export function knowledgeBaseDir(dataDir: string): string {
  return join(dataDir, 'kb');
}

export interface EnsureOptions {
  /** Where the compiled knowledge base lives (default <dataDir>/kb; KB_DIR in the service configuration). */
  readonly kbDir?: string;
  readonly mirror?: string;
  readonly onProgress?: (message: string) => void;
}

/** Why the compiled knowledge base in `dir` must be (re)built: missing, or built by other code, sources or stop-list; undefined when current. */
async function staleReason(dir: string): Promise<{ reason: string; loadable: boolean } | undefined> {
  const status = await checkKnowledgeBase(dir);
  if (status.state !== 'ok') return { reason: status.reason, loadable: false };
  // Built by another builder (`kb build --umls`, a licensed release): the service uses it as it is.
  if (status.header.info.name !== DEFAULT_KB_NAME) return undefined;
  let reason: string | undefined;
  if (status.header.info.version !== DEFAULT_KB_VERSION) reason = `builder version ${status.header.info.version}, expected ${DEFAULT_KB_VERSION}`;
  else if (status.header.info.sourceVersion !== loadManifest().version) reason = `sources ${status.header.info.sourceVersion}, expected ${loadManifest().version}`;
  else if (status.header.stoplistVersion !== loadDefaultStopList().version) reason = `stop-list ${status.header.stoplistVersion}, expected ${loadDefaultStopList().version}`;
  return reason === undefined ? undefined : { reason, loadable: true };
}

/**
 * Builds the knowledge base of `dataDir` when it is missing or was built by other code, sources or
 * stop-list (progress and the report line go to stderr unless onProgress is given); returns its directory.
 */
export async function prepareKnowledgeBase(dataDir: string, options: EnsureOptions = {}): Promise<string> {
  const dir = options.kbDir ?? knowledgeBaseDir(dataDir);
  const progress = options.onProgress ?? ((m: string): void => void process.stderr.write(`[kb] ${m}\n`));
  const stale = await staleReason(dir);
  if (stale !== undefined) {
    const mirror = options.mirror ?? defaultMirrorDir();
    const cacheDir = join(dataDir, 'sources');
    if (stale.loadable && mirror === undefined && !existsSync(cacheDir)) {
      progress(`knowledge base is out of date (${stale.reason}) but no sources are available; loading it as is`);
    } else {
      progress(`building knowledge base in ${dir} (${stale.reason})`);
      const result = await buildDefaultKnowledgeBase({ mirror, cacheDir: mirror === undefined ? cacheDir : undefined, outDir: dir, onProgress: progress });
      progress(result.reportLine);
    }
  }
  return dir;
}

/**
 * prepareKnowledgeBase for long-running processes (the service, batch runs): a build runs in a child process
 * (progress on this process's stderr), because building takes about a gigabyte of heap that a process keeps
 * afterwards (measured: the service's RSS 1.3 GB after a first start that built, 270 MB after a start that
 * found the knowledge base); the child returns it all when it exits. Current knowledge bases cost no child.
 */
export async function prepareKnowledgeBaseInChild(dataDir: string, options: Omit<EnsureOptions, 'onProgress'> = {}): Promise<string> {
  const dir = options.kbDir ?? knowledgeBaseDir(dataDir);
  if ((await staleReason(dir)) === undefined) return dir;
  // Under tsx the sources are .ts (and process.execArgv carries its loader); built, the compiled .js.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const entry = fileURLToPath(new URL(`./prepare-child${ext}`, import.meta.url));
  const args = [entry, dataDir, dir, ...(options.mirror === undefined ? [] : [options.mirror])];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(signal === null ? exitCode : null));
  });
  if (code !== 0) throw new Error(`building the knowledge base in ${dir} failed (the build process ${code === null ? 'was killed' : `exited with ${code}`}; its messages are above)`);
  return dir;
}

/** prepareKnowledgeBase, then loads it (the CLI and single-threaded uses). */
export async function ensureKnowledgeBase(dataDir: string, options: EnsureOptions = {}): Promise<CompiledKb> {
  const progress = options.onProgress ?? ((m: string): void => void process.stderr.write(`[kb] ${m}\n`));
  const dir = await prepareKnowledgeBase(dataDir, options);
  const started = Date.now();
  const kb = await loadKnowledgeBase(dir);
  progress(`loaded ${kb.info.name} ${kb.info.buildId}: ${kb.conceptCount} concepts in ${Date.now() - started} ms`);
  return kb;
}
