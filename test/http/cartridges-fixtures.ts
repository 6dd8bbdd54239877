// Real cartridge archives for the cartridge HTTP suites: valid ones built with the cartridge builder
// (src/cartridge/build-cartridge.ts), hostile ones written entry by entry, plus polling.
import assert from 'node:assert/strict';
import { makeZip } from '../../src/cartridge/testing/zip-fixtures.js';
import { buildCartridgeFromSources, type SourceFile } from '../../src/cartridge/build-cartridge.js';
import { v, type CallResult, type TestServer } from './harness.js';

export const REAL_CARTRIDGE = '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';
export const REAL_ID = 'acd.acd_clinical_insights_v1.0';

export interface CartridgeOptions {
  /** Cartridge id `<namespace>.<name>`; default `test.sample_v1.0`. */
  readonly id?: string;
  /** Rows of the generated CSV dictionary (default 3). */
  readonly terms?: number;
  /** Profile description, to tell versions apart. */
  readonly description?: string;
  /** An annotator name for the profile (an unknown one makes the profile artifact invalid). */
  readonly profileAnnotator?: string;
}

/** Artifact ids a cartridge built by makeCartridge writes, by kind. */
export function artifactIdsOf(id: string): { profile: string; flow: string; dictionary: string; library: string } {
  return { profile: `${id}_profile`, flow: `${id}_standard_flow`, dictionary: `${id}_terms`, library: `${id}_library` };
}

/** A valid cartridge: a CSV dictionary of `terms` rows, a library, a profile and a preferred flow. */
export async function makeCartridge(options: CartridgeOptions = {}): Promise<Buffer> {
  const id = options.id ?? 'test.sample_v1.0';
  const ids = artifactIdsOf(id);
  const rows = ['cui,preferredName,surfaceForms,semanticType'];
  for (let i = 0; i < (options.terms ?? 3); i++) rows.push(`C${String(9_000_000 + i)},Test term ${i},test term ${i}|tt${i},dsyn`);
  const sources: SourceFile[] = [
    { path: 'cartridge.json', text: JSON.stringify({ id, name: `Cartridge ${id}`, namespace: id.slice(0, id.indexOf('.')), version: 'v1.0', description: 'test cartridge', profile: 'profile', preferredFlowId: 'standard_flow' }) },
    { path: 'dictionaries/terms.csv', text: rows.join('\n') },
    { path: 'libraries/library.json', text: JSON.stringify({ id: ids.library, name: 'Library', sourceName: 'test', sourceVersion: 'v1.0', dictionaries: [ids.dictionary], enabled: true }) },
    {
      path: 'profiles/profile.json',
      text: JSON.stringify({ id: ids.profile, name: 'Test profile', description: options.description ?? 'version 1', annotators: [{ name: options.profileAnnotator ?? 'concept_detection', parameters: { libraries: [ids.library] } }] }),
    },
    {
      path: 'flows/standard_flow.json',
      text: JSON.stringify({ id: ids.flow, name: 'Standard', description: 'Default flow', annotatorFlows: [{ profile: ids.profile, flow: { elements: [{ annotator: { name: 'concept_detection' } }, { annotator: { name: 'negation' } }], async: false } }] }),
    },
  ];
  const built = await buildCartridgeFromSources(sources);
  assert.ok(built.ok && built.archive !== undefined, `fixture cartridge did not build: ${JSON.stringify(built.issues)}`);
  return built.archive;
}

/** A zip written entry by entry, names taken as given (the shared test helper; `../` needs the patch below). */
export const zipOf = makeZip;

/** yazl refuses `..` segments, so the unsafe name is patched into the finished archive (same length). */
export async function zipWithTraversal(): Promise<Buffer> {
  const good = await makeCartridge({ id: 'test.traversal_v1.0' });
  const placeholder = 'zz/evil.txt';
  const zip = await zipOf([{ name: 'metadata', data: Buffer.from('{"id":"test.traversal_v1.0","name":"x","namespace":"test","artifacts":[]}') }, { name: placeholder, data: good.subarray(0, 10) }]);
  const patched = Buffer.from(zip.toString('latin1').split(placeholder).join('../evil.txt'), 'latin1');
  assert.equal(patched.length, zip.length);
  return patched;
}

/** POSTs or PUTs an archive as application/octet-stream. */
export function upload(server: TestServer, method: 'POST' | 'PUT', archive: Buffer, headers: Record<string, string> = {}, path = '/v1/cartridges'): Promise<CallResult> {
  return server.call(method, v(path), { raw: archive, headers: { 'content-type': 'application/octet-stream', ...headers } });
}

/** Sends an archive as multipart/form-data part `archive_file`, as the ACD SDKs do. */
export async function uploadMultipart(server: TestServer, method: 'POST' | 'PUT', archive: Buffer, headers: Record<string, string> = {}, path = '/v1/cartridges'): Promise<CallResult> {
  const form = new FormData();
  form.append('archive_file', new Blob([archive], { type: 'application/octet-stream' }), 'cartridge.zip');
  const response = await fetch(`${server.baseUrl}${v(path)}`, { method, body: form, headers: { accept: 'application/json', ...headers } });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** Polls GET /v1/cartridges/{id} until the deployment finished; returns the final status body. */
export async function waitForFinished(server: TestServer, id: string, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.call('GET', v(`/v1/cartridges/${id}`), { headers });
    assert.equal(res.status, 200, res.text);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body as Record<string, any>;
    if (Date.now() > deadline) assert.fail(`deployment ${id} still ${String(res.body.status)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
