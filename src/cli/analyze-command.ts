// `clinical-annotator analyze [file|-]`: analyses a text (or a JSON `{"unstructured": [...]}` body) with
// the same engine and prints the same JSON as POST /v1/analyze. The knowledge base of DATA_DIR is
// loaded (built first when missing) through an EngineResources factory that tests can replace.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DomainError } from '../errors.js';
import { analyzeRequest, parseAnalyzeBody, validateContainers, DEFAULT_ANALYZE_LIMITS } from '../engine/analyze.js';
import { defaultFlow, flowOfIds } from '../engine/default-flow.js';
import type { AcdAnnotatorFlow, AcdProfile } from '../engine/flow-types.js';
import type { AnnotatorDefinition } from '../engine/annotator.js';
import { ANNOTATORS } from '../engine/registry.js';
import { NO_ARTIFACTS, type EngineResources } from '../engine/resources.js';
import { fhirResponseOf } from '../fhir/fhir-bundle.js';
import { parseFhirOptions, parseOutputFormat, type FhirOptions } from '../fhir/fhir-options.js';
import { ensureKnowledgeBase } from '../knowledge/build-default.js';
import type { CliCommand } from './main.js';

const HELP = `Usage: clinical-annotator analyze [file|-] [options]

Analyses the text of <file> (or standard input when the file is "-" or absent) and prints the ACD
response JSON. A file holding {"unstructured": [...]} is read as containers, like the API.

Options:
  --flow <flow.json>          annotator flow: a persisted flow ({"annotatorFlows": [...]}), an
                              annotatorFlows array, one annotator flow ({"flow": {...}}) or a bare
                              flow ({"elements": [...]})
  --annotators <a,b,...>      run these annotators in this order (instead of --flow)
                              default: every implemented annotator, in ACD order
  --profile <profile.json>    profile applied to the flow (any profile id the flow names)
  --return-analyzed-text      echo the text; no HTML encoding of response strings
  --skip-unimplemented        skip ACD annotators this service does not implement (default: error)
  --data-dir <dir>            where the knowledge base lives (default: $DATA_DIR or ./data)
  --max-chars <n>             text limit per container and per request (default: ${DEFAULT_ANALYZE_LIMITS.maxCharsPerContainer})
  --format <acd|fhir>         acd (default): the ACD response; fhir: a FHIR R4 Bundle per container (docs/fhir.md)
  --subject <Patient/id>      with --format fhir: the patient (or Group/<id>) every resource points to
  --encounter <Encounter/id>  with --format fhir: the encounter of the note
  --bundle-type <type>        with --format fhir: collection (default) or transaction
  --include-text              with --format fhir: the note's text in the DocumentReference
  --compact                   print JSON on one line
  -h, --help                  show this help
`;

export interface AnalyzeCommandDeps {
  /** Builds the engine resources (default: the knowledge base of the data directory, no artifacts). */
  readonly createResources?: (dataDir: string) => Promise<EngineResources>;
  readonly readStdin?: () => Promise<Buffer>;
  readonly write?: (text: string) => void;
  /** The annotators a flow may name (default: the registry, every ACD annotator). */
  readonly annotators?: readonly AnnotatorDefinition[];
}

async function defaultResources(dataDir: string): Promise<EngineResources> {
  return { kb: await ensureKnowledgeBase(dataDir), artifacts: NO_ARTIFACTS };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

async function readJsonFile(path: string, what: string): Promise<unknown> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DomainError('INVALID_JSON', `${what} ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts a persisted flow, an annotatorFlows array, one annotator flow, or a bare flow. */
export function annotatorFlowsOf(body: unknown, path: string): AcdAnnotatorFlow[] {
  if (Array.isArray(body)) return body as AcdAnnotatorFlow[];
  if (isRecord(body)) {
    if (Array.isArray(body.annotatorFlows)) return body.annotatorFlows as AcdAnnotatorFlow[];
    if (isRecord(body.flow)) return [body as unknown as AcdAnnotatorFlow];
    if (Array.isArray(body.elements)) return [{ flow: body as never }];
  }
  throw new DomainError('INVALID_FLOW', `${path}: expected {"annotatorFlows": [...]}, an array of annotator flows, {"flow": {...}} or {"elements": [...]}`);
}

export async function runAnalyzeCommand(argv: readonly string[], deps: AnalyzeCommandDeps = {}): Promise<number> {
  const write = deps.write ?? ((text: string): void => void process.stdout.write(text));
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        flow: { type: 'string' },
        annotators: { type: 'string' },
        profile: { type: 'string' },
        'return-analyzed-text': { type: 'boolean', default: false },
        'skip-unimplemented': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        'max-chars': { type: 'string' },
        format: { type: 'string', default: 'acd' },
        subject: { type: 'string' },
        encounter: { type: 'string' },
        'bundle-type': { type: 'string' },
        'include-text': { type: 'boolean', default: false },
        compact: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    write(HELP);
    return 0;
  }
  if (positionals.length > 1 || (values.flow !== undefined && values.annotators !== undefined)) {
    process.stderr.write(`analyze takes at most one file, and --flow or --annotators, not both\n\n${HELP}`);
    return 2;
  }
  const maxChars = values['max-chars'] === undefined ? undefined : Number(values['max-chars']);
  if (maxChars !== undefined && !(Number.isInteger(maxChars) && maxChars > 0)) {
    process.stderr.write('--max-chars must be a positive integer\n');
    return 2;
  }

  const fhir = fhirOptionsOfArgs(values);

  let annotatorFlows: AcdAnnotatorFlow[];
  if (values.flow !== undefined) {
    annotatorFlows = annotatorFlowsOf(await readJsonFile(values.flow, 'flow file'), values.flow);
  } else if (values.annotators !== undefined) {
    const ids = values.annotators.split(',').map((s) => s.trim()).filter((s) => s !== '');
    annotatorFlows = [{ flow: flowOfIds(ids) }];
  } else {
    annotatorFlows = [{ flow: defaultFlow(ANNOTATORS) }];
  }
  const profile = values.profile === undefined ? undefined : (await readJsonFile(values.profile, 'profile file')) as AcdProfile;
  if (profile !== undefined && !isRecord(profile)) throw new DomainError('INVALID_PROFILE', `${values.profile}: a profile must be a JSON object`);

  const file = positionals[0];
  const body = file === undefined || file === '-' ? await (deps.readStdin ?? (() => readAll(process.stdin)))() : await readFile(file);
  const limits = maxChars === undefined
    ? { ...DEFAULT_ANALYZE_LIMITS, maxCharsPerRequest: Number.MAX_SAFE_INTEGER }
    : { ...DEFAULT_ANALYZE_LIMITS, maxCharsPerContainer: maxChars, maxCharsPerRequest: maxChars };
  const containers = validateContainers(parseAnalyzeBody(body, undefined).containers, limits);

  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
  const resources = await (deps.createResources ?? defaultResources)(dataDir);
  const response = analyzeRequest({
    containers,
    annotatorFlows,
    profileResolver: () => profile,
    ...(profile === undefined ? {} : { defaultProfile: profile }),
    options: { returnAnalyzedText: values['return-analyzed-text'] },
    resources,
    limits,
    pipeline: {
      ...(deps.annotators === undefined ? {} : { annotators: deps.annotators }),
      unimplemented: values['skip-unimplemented'] ? 'skip' : 'reject',
      debug: (message) => void process.stderr.write(`[analyze] ${message}\n`),
    },
  });
  const output = fhir === undefined ? response : fhirResponseOf(containers, response.unstructured, fhir);
  write(`${values.compact ? JSON.stringify(output) : JSON.stringify(output, null, 2)}\n`);
  return 0;
}

/** FhirOptions from --format fhir and its options (undefined for the ACD JSON); INVALID_REQUEST names a bad value. */
export function fhirOptionsOfArgs(values: { format?: string; subject?: string; encounter?: string; 'bundle-type'?: string; 'include-text'?: boolean }): FhirOptions | undefined {
  if (parseOutputFormat(values.format) !== 'fhir') return undefined;
  return parseFhirOptions({
    ...(values.subject === undefined ? {} : { subject: values.subject }),
    ...(values.encounter === undefined ? {} : { encounter: values.encounter }),
    ...(values['bundle-type'] === undefined ? {} : { fhir_bundle_type: values['bundle-type'] }),
    include_text: values['include-text'] === true ? 'true' : 'false',
  });
}

export const analyzeCommand: CliCommand = {
  name: 'analyze',
  summary: 'Analyse a text file (or stdin) and print the ACD response JSON',
  run: (argv) => runAnalyzeCommand(argv),
};
