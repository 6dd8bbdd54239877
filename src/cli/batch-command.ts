// `clinical-annotator batch`: analyses many notes with the service's own analysis service (worker
// threads on every core, the same knowledge base and persisted flows/profiles), without a server.
// Input: a folder of .txt notes, one .txt file, an NDJSON file, or NDJSON on stdin ({"id","text"} per
// line). Output: NDJSON (stdout or --output, one record per note) or one JSON file per note (--out-dir).
// Resumable: notes whose output already exists are skipped. A failing note becomes an error record
// (and a line on stderr); the batch goes on. Progress on a TTY, throughput at the end.
import { createReadStream, createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createAnalysisService, type AnalysisService } from '../analysis/analysis-service.js';
import { loadConfig } from '../config.js';
import { defaultFlow, flowOfIds } from '../engine/default-flow.js';
import type { AcdAnnotatorFlow } from '../engine/flow-types.js';
import { ANNOTATORS } from '../engine/registry.js';
import { DomainError, isDomainError } from '../errors.js';
import { prepareKnowledgeBaseInChild } from '../knowledge/build-default.js';
import { checkKnowledgeBase } from '../knowledge/loader.js';
import { openStore } from '../store/open-store.js';
import { annotatorFlowsOf, fhirOptionsOfArgs } from './analyze-command.js';
import type { CliCommand } from './main.js';

const HELP = `Usage: clinical-annotator batch [input] [options]

Analyses many notes in parallel (worker threads on every core) with the service's engine and
knowledge base; no server needed.

Input (one of):
  <folder>                    every *.txt file in the folder; the id is the file name
  <file.txt>                  one note
  <file.ndjson|.jsonl>        one {"id": "...", "text": "..."} per line
  - (or nothing, with stdin not a terminal)   NDJSON on standard input

Flow (one of; default: every implemented annotator in ACD order):
  --flow <file.json|id>       a flow JSON file (as for "analyze --flow") or the id of a persisted flow
  --annotators <a,b,...>      run these annotators in this order
  --profile <id>              persisted profile applied to the flow (annotator flows naming none)

Output (default: NDJSON on stdout):
  --output <file.ndjson>      NDJSON file; appended to, and ids already answered in it are skipped
  --out-dir <dir>             one <id>.json per note (the API response); failures as <id>.error.json;
                              notes whose <id>.json exists are skipped
  Each NDJSON record is {"id": ..., "response": {...}} or {"id": ..., "error": {code, kind, description}}.

Options:
  --tenant <id>               tenant whose flows, profiles and cartridges apply (default: $DEFAULT_TENANT)
  --workers <n>               worker threads (default: ${availableParallelism()}, all cores)
  --max-chars <n>             size limit of one note (default: ANALYSIS_MAX_CONTAINER_CHARS)
  --return-analyzed-text      echo each note's text in its response
  --format <acd|fhir>         acd (default): each response is the ACD JSON; fhir: a FHIR R4 Bundle (docs/fhir.md)
  --subject <Patient/id>      with --format fhir: the patient of every note (an NDJSON line's "subject" wins)
  --encounter <Encounter/id>  with --format fhir: the encounter of every note (an NDJSON line's "encounter" wins)
  --bundle-type <type>        with --format fhir: collection (default) or transaction
  --include-text              with --format fhir: each note's text in its DocumentReference
  --data-dir <dir>            store and knowledge base location (default: $DATA_DIR or ./data)
  --kb-dir <dir>              use this compiled knowledge base as it is (default: $KB_DIR or <data-dir>/kb,
                              built first when missing)
  --no-progress               no progress bar even on a terminal
  -h, --help                  show this help

Exit code: 0 when every note was analysed, 3 when some failed (see the error records), 2 on usage errors.
`;

export interface BatchCommandDeps {
  readonly env?: NodeJS.ProcessEnv;
  readonly stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** NDJSON output when neither --output nor --out-dir is given. */
  readonly stdout?: NodeJS.WritableStream;
  readonly stderr?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** One input note; NDJSON may give the FHIR subject and encounter. */
interface TextNote { readonly id: string; readonly text: string; readonly subject?: string; readonly encounter?: string }
/** One input note (or a line that could not be read as one). */
type Note = TextNote | { readonly id: string; readonly invalid: string };

interface Sink {
  /** Ids already answered successfully (resume). */
  done(): Promise<Set<string>>;
  ok(id: string, json: string): Promise<void>;
  failed(id: string, error: ErrorRecord): Promise<void>;
  close(): Promise<void>;
}

interface ErrorRecord {
  readonly code: number;
  readonly kind: string;
  readonly description: string;
}

/** File name for an id: path separators and odd characters become `_`; `.txt` is dropped. */
export function outputNameOf(id: string): string {
  const stem = id.toLowerCase().endsWith('.txt') ? id.slice(0, -4) : id;
  const safe = stem.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return safe === '' ? '_' : safe;
}

function errorRecordOf(error: unknown): ErrorRecord {
  if (isDomainError(error)) return { code: error.status, kind: error.kind, description: error.description };
  return { code: 500, kind: 'INTERNAL', description: error instanceof Error ? error.message : String(error) };
}

function parseNdjsonLine(line: string, lineNo: number): Note | undefined {
  if (line.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return { id: `line-${lineNo}`, invalid: `line ${lineNo} is not JSON: ${(e as Error).message}` };
  }
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const id = typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id) : `line-${lineNo}`;
  if (typeof record.text !== 'string') return { id, invalid: `line ${lineNo} has no string "text"` };
  for (const key of ['subject', 'encounter'] as const) {
    if (record[key] !== undefined && typeof record[key] !== 'string') return { id, invalid: `line ${lineNo}: "${key}" must be a string` };
  }
  return {
    id, text: record.text,
    ...(typeof record.subject === 'string' ? { subject: record.subject } : {}),
    ...(typeof record.encounter === 'string' ? { encounter: record.encounter } : {}),
  };
}

async function* ndjsonNotes(stream: NodeJS.ReadableStream): AsyncGenerator<Note> {
  let lineNo = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    lineNo += 1;
    const note = parseNdjsonLine(line, lineNo);
    if (note !== undefined) yield note;
  }
}

async function* fileNotes(dir: string, names: readonly string[]): AsyncGenerator<Note> {
  for (const name of names) yield { id: name, text: await readFile(join(dir, name), 'utf8') };
}

/** The notes of the input and their count when known ahead (folder, single file). */
async function openInput(input: string | undefined, stdin: NodeJS.ReadableStream): Promise<{ notes: AsyncIterable<Note>; total: number | undefined }> {
  if (input === undefined || input === '-') return { notes: ndjsonNotes(stdin), total: undefined };
  const info = await stat(input).catch(() => undefined);
  if (info === undefined) throw new DomainError('INVALID_REQUEST', `Input ${input} does not exist.`);
  if (info.isDirectory()) {
    const names = (await readdir(input, { withFileTypes: true })).filter((d) => d.isFile() && d.name.toLowerCase().endsWith('.txt')).map((d) => d.name).sort();
    return { notes: fileNotes(input, names), total: names.length };
  }
  if (['.ndjson', '.jsonl'].includes(extname(input).toLowerCase())) return { notes: ndjsonNotes(createReadStream(input)), total: undefined };
  return { notes: fileNotes(dirname(input), [basename(input)]), total: 1 };
}

function writeText(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

function ndjsonSink(stream: NodeJS.WritableStream, previous: string | undefined, owned: WriteStream | undefined): Sink {
  return {
    async done() {
      const ids = new Set<string>();
      for (const line of (previous ?? '').split('\n')) {
        try {
          const record = JSON.parse(line) as { id?: unknown; response?: unknown };
          if (typeof record.id === 'string' && record.response !== undefined) ids.add(record.id);
        } catch {
          // a torn last line of an interrupted run: that note is analysed again
        }
      }
      return ids;
    },
    ok: (id, json) => writeText(stream, `{"id":${JSON.stringify(id)},"response":${json}}\n`),
    failed: (id, error) => writeText(stream, `${JSON.stringify({ id, error })}\n`),
    close: async () => {
      if (owned !== undefined) await new Promise<void>((resolve) => owned.end(resolve));
    },
  };
}

function dirSink(dir: string): Sink {
  const path = (id: string, suffix: string): string => join(dir, `${outputNameOf(id)}${suffix}`);
  return {
    async done() {
      await mkdir(dir, { recursive: true });
      return new Set<string>();
    },
    async ok(id, json) {
      // written aside, then renamed: an interrupted write never looks done
      await writeFile(path(id, '.json.partial'), json);
      await rm(path(id, '.error.json'), { force: true });
      await rename(path(id, '.json.partial'), path(id, '.json'));
    },
    failed: (id, error) => writeFile(path(id, '.error.json'), `${JSON.stringify({ id, error }, null, 2)}\n`),
    close: async () => undefined,
  };
}

/** The progress line shown on a terminal: bar, counts, notes/s and ETA. */
export function progressLine(p: { finished: number; failed: number; skipped: number; total: number | undefined; elapsedMs: number }): string {
  const rate = p.elapsedMs > 0 ? (p.finished * 1000) / p.elapsedMs : 0;
  const failures = p.failed > 0 ? `, ${p.failed} failed` : '';
  const skipped = p.skipped > 0 ? `, ${p.skipped} skipped` : '';
  if (p.total === undefined) return `${p.finished} notes${failures}${skipped} · ${rate.toFixed(1)} notes/s`;
  const todo = Math.max(0, p.total - p.skipped);
  const ratio = todo === 0 ? 1 : Math.min(1, p.finished / todo);
  const width = 24;
  const filled = Math.round(ratio * width);
  const etaSec = rate > 0 ? Math.round((todo - p.finished) / rate) : undefined;
  const eta = etaSec === undefined ? '--:--' : `${Math.floor(etaSec / 60)}:${String(etaSec % 60).padStart(2, '0')}`;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.finished}/${todo}${failures}${skipped} · ${rate.toFixed(1)} notes/s · ETA ${eta}`;
}

export async function runBatchCommand(argv: readonly string[], deps: BatchCommandDeps = {}): Promise<number> {
  const stderr = deps.stderr ?? process.stderr;
  const stdin = deps.stdin ?? process.stdin;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        flow: { type: 'string' }, annotators: { type: 'string' }, profile: { type: 'string' },
        output: { type: 'string' }, 'out-dir': { type: 'string' }, tenant: { type: 'string' }, workers: { type: 'string' },
        'max-chars': { type: 'string' }, 'return-analyzed-text': { type: 'boolean', default: false },
        'data-dir': { type: 'string' }, 'kb-dir': { type: 'string' }, 'no-progress': { type: 'boolean', default: false },
        format: { type: 'string', default: 'acd' }, subject: { type: 'string' }, encounter: { type: 'string' },
        'bundle-type': { type: 'string' }, 'include-text': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    (deps.stdout ?? process.stdout).write(HELP);
    return 0;
  }
  const usage = (message: string): number => {
    stderr.write(`${message}\n\n${HELP}`);
    return 2;
  };
  if (positionals.length > 1) return usage('batch takes at most one input');
  if (values.flow !== undefined && values.annotators !== undefined) return usage('give --flow or --annotators, not both');
  if (values.output !== undefined && values['out-dir'] !== undefined) return usage('give --output or --out-dir, not both');
  if (positionals[0] === undefined && stdin.isTTY === true) return usage('no input: give a folder or file, or pipe NDJSON into standard input');
  const positive = (name: string, raw: string | undefined): number | undefined => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new DomainError('INVALID_REQUEST', `--${name} must be a positive integer`);
    return n;
  };
  const workers = positive('workers', values.workers) ?? availableParallelism();
  const fhir = fhirOptionsOfArgs(values);
  const maxChars = positive('max-chars', values['max-chars']);

  const env = deps.env ?? process.env;
  const config = loadConfig({ ...env, ...(values['data-dir'] === undefined ? {} : { DATA_DIR: values['data-dir'] }) });
  const dataDir = config.store.dataDir;
  const tenant = values.tenant ?? config.tenancy.defaultTenant;
  const limits = maxChars === undefined ? config.analysis.limits : { ...config.analysis.limits, maxCharsPerContainer: maxChars, maxCharsPerRequest: maxChars };

  // The flow: a JSON file, else a persisted flow id; or an annotator list; or every annotator.
  let annotatorFlows: AcdAnnotatorFlow[] | undefined;
  let flowId: string | undefined;
  if (values.flow !== undefined && existsSync(values.flow)) {
    let body: unknown;
    try {
      body = JSON.parse(await readFile(values.flow, 'utf8'));
    } catch (e) {
      throw new DomainError('INVALID_JSON', `flow file ${values.flow} is not valid JSON: ${(e as Error).message}`);
    }
    annotatorFlows = annotatorFlowsOf(body, values.flow);
  } else if (values.flow !== undefined) flowId = values.flow;
  else if (values.annotators !== undefined) annotatorFlows = [{ flow: flowOfIds(values.annotators.split(',').map((s) => s.trim()).filter((s) => s !== '')) }];
  else annotatorFlows = [{ flow: defaultFlow(ANNOTATORS) }];

  let kbDir = values['kb-dir'];
  if (kbDir !== undefined) {
    const status = await checkKnowledgeBase(kbDir);
    if (status.state !== 'ok') throw new DomainError('INVALID_REQUEST', `--kb-dir ${kbDir}: ${status.reason}`);
  } else {
    kbDir = await prepareKnowledgeBaseInChild(dataDir, { kbDir: config.analysis.kbDir });
  }

  const { notes, total } = await openInput(positionals[0], stdin);
  let sink: Sink;
  if (values['out-dir'] !== undefined) sink = dirSink(values['out-dir']);
  else if (values.output !== undefined) {
    const previous = existsSync(values.output) ? await readFile(values.output, 'utf8') : undefined;
    const stream = createWriteStream(values.output, { flags: 'a' });
    // a torn last line from an interrupted run would glue onto the next record
    if (previous !== undefined && previous !== '' && !previous.endsWith('\n')) stream.write('\n');
    sink = ndjsonSink(stream, previous, stream);
  } else sink = ndjsonSink(deps.stdout ?? process.stdout, undefined, undefined);
  const done = await sink.done();
  const outDir = values['out-dir'];

  const storeConfig = { ...(config.store.databaseUrl === undefined ? {} : { databaseUrl: config.store.databaseUrl }), dataDir };
  const store = await openStore(storeConfig);
  let analysis: AnalysisService | undefined;
  const counts = { finished: 0, failed: 0, skipped: 0 };
  let started = Date.now();
  let readyMs = 0;
  const showProgress = stderr.isTTY === true && !values['no-progress'];
  const render = (): void => void stderr.write(`\r\x1b[2K${progressLine({ ...counts, total, elapsedMs: Date.now() - started })}`);
  const timer = showProgress ? setInterval(render, 200) : undefined;
  timer?.unref();
  try {
    analysis = createAnalysisService({ store, storeConfig, kbDir, workers, timeoutMs: config.analysis.timeoutMs, maxQueue: workers * 4 + 16, limits });
    const service = analysis;
    // Every worker loads the knowledge base first; throughput counts from then on.
    await service.warmUp();
    readyMs = Date.now() - started;
    started = Date.now();
    const base = { returnAnalyzedText: values['return-analyzed-text'], debugTextRestore: false };
    const analyse = (note: TextNote): Promise<string> => {
      // A note's own FHIR subject and encounter (NDJSON) are checked as the command's are.
      const options = fhir === undefined ? base : {
        ...base,
        fhir: note.subject === undefined && note.encounter === undefined ? fhir : fhirOptionsOfArgs({
          format: 'fhir', subject: note.subject ?? fhir.subject, encounter: note.encounter ?? fhir.encounter,
          'bundle-type': fhir.bundleType, 'include-text': fhir.includeText,
        })!,
      };
      const text = note.text;
      return flowId !== undefined
        ? service.analyzeWithFlowId(tenant, flowId, [{ text }], values.profile, options)
        : service.analyzeWithFlows(tenant, { unstructured: [{ text }], annotatorFlows, ...(values.profile === undefined ? {} : { profile: values.profile }) }, options);
    };

    const one = async (note: Note): Promise<void> => {
      try {
        if ('invalid' in note) throw new DomainError('INVALID_REQUEST', note.invalid);
        await sink.ok(note.id, await analyse(note));
      } catch (error) {
        const record = errorRecordOf(error);
        counts.failed += 1;
        if (showProgress) stderr.write('\r\x1b[2K');
        stderr.write(`batch: ${note.id}: ${record.kind}: ${record.description}\n`);
        await sink.failed(note.id, record);
      } finally {
        counts.finished += 1;
      }
    };

    const inFlight = new Set<Promise<void>>();
    const maxInFlight = workers * 2;
    for await (const note of notes) {
      const skip = done.has(note.id) || (outDir !== undefined && existsSync(join(outDir, `${outputNameOf(note.id)}.json`)));
      if (skip) {
        counts.skipped += 1;
        continue;
      }
      const task: Promise<void> = one(note).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    if (timer !== undefined) clearInterval(timer);
    await sink.close();
    await analysis?.close();
    await store.close();
  }
  const seconds = (Date.now() - started) / 1000;
  if (showProgress) render();
  stderr.write(`${showProgress ? '\n' : ''}batch: ${counts.finished - counts.failed} analysed, ${counts.failed} failed, ${counts.skipped} skipped in ${seconds.toFixed(1)} s (${(counts.finished / Math.max(seconds, 0.001)).toFixed(1)} notes/s, ${workers} workers ready in ${(readyMs / 1000).toFixed(1)} s)\n`);
  return counts.failed > 0 ? 3 : 0;
}

export const batchCommand: CliCommand = {
  name: 'batch',
  summary: 'Analyse a folder of notes or NDJSON in parallel (all cores); NDJSON or one JSON file per note',
  run: (argv) => runBatchCommand(argv),
};
