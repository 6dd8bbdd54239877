// Child process of the cartridge-memory bench: an analysis service with N workers on a knowledge base, a
// SQLite store in a fresh directory, a dictionary cartridge of TERMS terms deployed into a tenant by the
// deployment job (which prepares the tenant on every worker), then analyses with the cartridge's profile on
// every worker. Prints one JSON line: the process RSS after the workers' warm-up and a plain analysis each
// (before), and after the cartridge was deployed and analysed with on every worker (after).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnalysisService } from '../../src/analysis/analysis-service.js';
import { buildCartridgeFromSources } from '../../src/cartridge/build-cartridge.js';
import { createDeploymentRunner } from '../../src/cartridge/deployment-runner.js';
import { createDeploymentService } from '../../src/cartridge/deployment-service.js';
import { openStore } from '../../src/store/open-store.js';

const [kbDir, workersArg, termsArg] = process.argv.slice(2);
if (kbDir === undefined || workersArg === undefined || termsArg === undefined) {
  process.stderr.write('usage: cartridge-memory-child <kb dir> <workers> <terms>\n');
  process.exit(2);
}
const workers = Number(workersArg);
const terms = Number(termsArg);
const TERMS_PER_DICTIONARY = 100_000;
const ID = 'bench.memory_v1.0';

function rssMiB(): number {
  const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return line === undefined ? Number.NaN : Number(line.replace(/\D+/g, '')) / 1024;
}

/** TERMS terms in dictionaries of TERMS_PER_DICTIONARY (an archive entry's limit), a library and a profile. */
async function buildArchive(): Promise<Buffer> {
  const sources: { path: string; text: string }[] = [];
  const dictionaryIds: string[] = [];
  for (let first = 0; first < terms; first += TERMS_PER_DICTIONARY) {
    const rows = ['cui,preferredName,surfaceForms,semanticType,icd10Code'];
    for (let i = first; i < Math.min(terms, first + TERMS_PER_DICTIONARY); i++) rows.push(`C${String(1_000_000 + i)},Benchmark concept ${i},bench term ${i}|bt ${i} synonym,dsyn,X${i % 1000}`);
    const name = `terms_${first / TERMS_PER_DICTIONARY + 1}`;
    sources.push({ path: `dictionaries/${name}.csv`, text: rows.join('\n') });
    dictionaryIds.push(`${ID}_${name}`);
  }
  const built = await buildCartridgeFromSources([
    { path: 'cartridge.json', text: JSON.stringify({ id: ID, name: 'Bench memory', namespace: 'bench', version: 'v1.0', description: `${terms} terms` }) },
    ...sources,
    { path: 'libraries/library.json', text: JSON.stringify({ id: `${ID}_library`, name: 'Library', sourceName: 'bench', sourceVersion: 'v1.0', dictionaries: dictionaryIds, enabled: true }) },
    { path: 'profiles/profile.json', text: JSON.stringify({ id: `${ID}_profile`, name: 'P', description: 'p', annotators: [{ name: 'concept_detection', parameters: { libraries: [`${ID}_library`] } }] }) },
  ]);
  if (!built.ok || built.archive === undefined) throw new Error(`bench cartridge did not build: ${JSON.stringify(built.issues.slice(0, 3))}`);
  return built.archive;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-cartridge-memory-'));
const store = await openStore({ dataDir: dir });
const analysis = createAnalysisService({
  store, storeConfig: { dataDir: dir }, kbDir, workers, timeoutMs: 600_000, maxQueue: 1000,
  limits: { maxCharsPerContainer: 100_000, maxCharsPerRequest: 1_000_000, maxContainers: 10 },
});
const tenant = 'bench-memory';
const note = 'Patient reports bench term 12 and bt 150000 synonym; denies benchmark concept 99 and chest pain. '.repeat(25).slice(0, 2000);
/** Enough analyses at once that every worker runs some. */
async function analyseOnEveryWorker(profile: string | undefined): Promise<void> {
  const body = { unstructured: [{ text: note }], annotatorFlows: [{ ...(profile === undefined ? {} : { profile }), flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] };
  for (let round = 0; round < 3; round++) {
    await Promise.all(Array.from({ length: workers * 4 }, () => analysis.analyzeWithFlows(tenant, body, { returnAnalyzedText: false, debugTextRestore: false })));
  }
}
try {
  await analysis.warmUp();
  await analyseOnEveryWorker(undefined);
  const before = rssMiB();
  const archive = await buildArchive();
  const started = performance.now();
  await createDeploymentService({ store }).submit({ tenant, archive, mode: 'create', correlationId: 'bench', isOperator: false });
  const runner = createDeploymentRunner({ store, pollIntervalMs: 1000, leaseMs: 600_000, maxAttempts: 1, prepareTenant: analysis.prepareTenant });
  await runner.runOnce();
  const deployMs = performance.now() - started;
  const state = (await store.getDeployment(tenant, ID))?.state ?? 'missing';
  if (state !== 'completed') throw new Error(`the deployment ended ${state}`);
  const t0 = performance.now();
  await analyseOnEveryWorker(`${ID}_profile`);
  const analysesMs = performance.now() - t0;
  const after = rssMiB();
  process.stdout.write(`${JSON.stringify({ workers, terms, beforeMiB: before, afterMiB: after, deployMs, analysesMs })}\n`);
} finally {
  await analysis.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
