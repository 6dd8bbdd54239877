// The smaller contract gaps of issue 20, each with one behaviour and a message that says what is wrong and
// how to fix it: parameters are arrays of strings everywhere, flows without elements are accepted
// everywhere, a profile named by the body must exist, JSON that is not UTF-8 is refused, cartridge upload
// errors name what was sent, and the OpenAPI document says which fields may be null.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createAnalysisService, type AnalysisService } from '../../src/analysis/analysis-service.js';
import { makeZip } from '../../src/cartridge/testing/zip-fixtures.js';
import { writeKnowledgeBase } from '../../src/knowledge/kb-files.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { compileTestKb } from '../../src/knowledge/test-kb.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { assertServiceError, startServer, uniqueTenant, v, type TestServer } from './harness.js';

type Json = Record<string, any>;

describe('contract gaps: one behaviour, a clear message', () => {
  let dir: string;
  let store: Store;
  let analysis: AnalysisService;
  let server: TestServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ca-gaps-'));
    const kbDir = join(dir, 'kb');
    await writeKnowledgeBase(compileTestKb(), kbDir);
    store = await openStore({ dataDir: dir });
    analysis = createAnalysisService({
      store, storeConfig: { dataDir: dir }, kbDir, workers: 0, timeoutMs: 30_000, maxQueue: 10,
      limits: { maxCharsPerContainer: 20_000, maxCharsPerRequest: 20_000, maxContainers: 5 }, loadKb: () => loadKnowledgeBase(kbDir),
    });
    server = await startServer({ store, analysis, env: { CARTRIDGE_MAX_BYTES: '200000' } });
  });
  after(async () => {
    await server?.close();
    await analysis?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('parameters are arrays of strings in profiles, flows and analysis alike; the message shows the form to send', async () => {
    const h = { 'x-ibm-client-id': uniqueTenant('params') };
    const annotator = { name: 'concept_detection', parameters: { expanded: 'true' } };
    const analyzed = await server.call('POST', v('/v1/analyze'), { headers: h, json: { annotatorFlows: [{ flow: { elements: [{ annotator }] } }], unstructured: [{ text: 'fever' }] } });
    assertServiceError(analyzed, 400, 'annotatorFlows[0].flow.elements[0].annotator.parameters.expanded: parameter "expanded" must be an array of strings; write {"expanded":["true"]}');
    assertServiceError(await server.call('POST', v('/v1/profiles'), { headers: h, json: { id: 'p', annotators: [annotator] } }), 400, 'annotators[0].parameters.expanded');
    assertServiceError(await server.call('POST', v('/v1/flows'), { headers: h, json: { id: 'f', annotatorFlows: [{ flow: { elements: [{ annotator }] } }] } }), 400, 'parameters.expanded');
    const ok = await server.call('POST', v('/v1/analyze'), { headers: h, json: { annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection', parameters: { expanded: ['true'], longest_span: null } } }] } }], unstructured: [{ text: 'fever' }] } });
    assert.equal(ok.status, 200, ok.text);
  });

  test('a flow without elements is accepted over HTTP as in cartridges: it runs no annotator', async () => {
    const h = { 'x-ibm-client-id': uniqueTenant('empty') };
    const created = await server.call('POST', v('/v1/flows'), { headers: h, json: { id: 'empty_flow', annotatorFlows: [{ flow: { elements: [], async: false } }] } });
    assert.equal(created.status, 201, created.text);
    const byId = await server.call('POST', v('/v1/analyze/empty_flow'), { headers: { ...h, 'content-type': 'text/plain' }, raw: 'fever' });
    assert.equal(byId.status, 200, byId.text);
    assert.deepEqual(byId.body.unstructured[0].data ?? {}, {});
    const inline = await server.call('POST', v('/v1/analyze'), { headers: h, json: { annotatorFlows: [{ flow: { elements: [] } }], unstructured: [{ text: 'fever' }] } });
    assert.equal(inline.status, 200, inline.text);
  });

  test('/v1/analyze/{flow_id} and /v1/analyze: a JSON profile that does not exist is 404 even when every flow names its own', async () => {
    const h = { 'x-ibm-client-id': uniqueTenant('profile') };
    assert.equal((await server.call('POST', v('/v1/profiles'), { headers: h, json: { id: 'own', annotators: [{ name: 'concept_detection' }] } })).status, 201);
    assert.equal((await server.call('POST', v('/v1/flows'), { headers: h, json: { id: 'with_own', annotatorFlows: [{ profile: 'own', flow: { elements: [{ annotator: { name: 'concept_detection' } }] } }] } })).status, 201);
    assertServiceError(await server.call('POST', v('/v1/analyze/with_own'), { headers: h, json: { unstructured: [{ text: 'fever' }], profile: 'no_such_profile' } }), 404, 'Profile "no_such_profile"');
    const inline = { annotatorFlows: [{ profile: 'own', flow: { elements: [{ annotator: { name: 'concept_detection' } }] } }], unstructured: [{ text: 'fever' }] };
    assertServiceError(await server.call('POST', v('/v1/analyze'), { headers: h, json: { ...inline, profile: 'no_such_profile' } }), 404, 'Profile "no_such_profile"');
    assert.equal((await server.call('POST', v('/v1/analyze'), { headers: h, json: { ...inline, profile: 'own' } })).status, 200);
    // An existing one is accepted (the flow's own profile still applies to the flow that names it), and null is absent.
    assert.equal((await server.call('POST', v('/v1/analyze/with_own'), { headers: h, json: { unstructured: [{ text: 'fever' }], profile: 'own' } })).status, 200);
    assert.equal((await server.call('POST', v('/v1/analyze/with_own'), { headers: h, json: { unstructured: [{ text: 'fever' }], profile: null } })).status, 200);
  });

  test('a JSON body that is not UTF-8 is refused with the byte offset; nothing is stored with U+FFFD', async () => {
    const h = { 'x-ibm-client-id': uniqueTenant('utf8'), 'content-type': 'application/json' };
    const latin1 = Buffer.concat([Buffer.from('{"id":"latin1","name":"Caf'), Buffer.from([0xe9]), Buffer.from('","annotators":[]}')]);
    assertServiceError(await server.call('POST', v('/v1/profiles'), { headers: h, raw: latin1 }), 400, 'not valid UTF-8: the byte at offset 26 (0xe9)');
    assert.equal((await server.call('GET', v('/v1/profiles/latin1'), { headers: h })).status, 404);
    const analyze = Buffer.concat([Buffer.from('{"annotatorFlows":[{"flow":{"elements":[]}}],"unstructured":[{"text":"fi'), Buffer.from([0xff]), Buffer.from('"}]}')]);
    assertServiceError(await server.call('POST', v('/v1/analyze'), { headers: h, raw: analyze }), 400, 'not valid UTF-8');
    const fine = await server.call('POST', v('/v1/profiles'), { headers: h, json: { id: 'utf8', name: 'Café ✓', annotators: [] } });
    assert.equal(fine.body.name, 'Café ✓');
  });

  test('cartridge uploads: each error says what was sent and what to send', async () => {
    const zip = await makeZip([{ name: 'metadata', data: Buffer.from('{}'), compress: false }]);
    const noType = await fetch(`${server.baseUrl}${v('/v1/cartridges')}`, { method: 'POST', body: new Uint8Array(Buffer.from('hello')) , headers: {} });
    const noTypeBody = await noType.json() as Json;
    assert.equal(noType.status, 415);
    assert.match(noTypeBody.description, /no Content-Type, and its body is not a zip archive\. Send the cartridge zip as the body with Content-Type application\/octet-stream/);
    assert.notEqual(noTypeBody.description, 'Unsupported Media Type');
    // fetch gives a Uint8Array body no Content-Type: a zip without one is read as the raw archive (then validated).
    const zipNoType = await fetch(`${server.baseUrl}${v('/v1/cartridges')}`, { method: 'POST', body: new Uint8Array(zip) });
    assert.equal(zipNoType.status, 400, 'the archive was read and found invalid, not refused for its media type');
    assert.match(((await zipNoType.json()) as Json).description, /manifest|metadata/i);

    assertServiceError(await server.call('POST', v('/v1/cartridges'), { raw: zip, headers: { 'content-type': 'application/json' } }), 415, 'The body is a zip archive but the request has Content-Type "application/json"');
    assertServiceError(await server.call('POST', v('/v1/deploy'), { raw: zip, headers: { 'content-type': 'application/json' } }), 415, 'zip archive');
    assertServiceError(await server.call('POST', v('/v1/cartridges'), { raw: '{"a":1}', headers: { 'content-type': 'application/json' } }), 415, 'its body is not a zip archive');

    const three = new FormData();
    for (const name of ['archive_file', 'b', 'c']) three.append(name, new Blob([new Uint8Array(zip)]), `${name}.zip`);
    const parts = await fetch(`${server.baseUrl}${v('/v1/cartridges')}`, { method: 'POST', body: three });
    const partsBody = await parts.json() as Json;
    assert.equal(parts.status, 413);
    assert.match(partsBody.description, /more than 2 file parts\. Send the cartridge archive as the one file part "archive_file"/);

    const big = await server.call('POST', v('/v1/cartridges'), { raw: new Uint8Array(300_000), headers: { 'content-type': 'application/octet-stream' } });
    assertServiceError(big, 413, 'larger than 200000 bytes (CARTRIDGE_MAX_BYTES)');
    assert.doesNotMatch(big.body.moreInfo, /text/);
    assert.match(big.body.moreInfo, /smaller archive/);
  });

  test('the OpenAPI document marks the optional fields that may be null, and documents aliasOf', async () => {
    const doc = (await server.call('GET', '/openapi.json')).body as Json;
    const text = JSON.stringify(doc);
    const schemaOf = (path: string, method: string): Json => doc.paths[path][method].requestBody.content['application/json'].schema;
    const profile = schemaOf('/v1/profiles', 'post');
    for (const field of ['id', 'name', 'description', 'publish', 'annotators']) assert.equal(profile.properties[field].nullable, true, field);
    const annotator = profile.properties.annotators.items;
    assert.equal(annotator.properties.parameters.nullable, true);
    assert.equal(annotator.properties.configurations.nullable, true);
    const flow = schemaOf('/v1/flows', 'post');
    assert.equal(flow.properties.annotatorFlows.items.properties.profile.nullable, true);
    assert.equal(flow.properties.annotatorFlows.items.properties.flow.properties.async.nullable, true);
    assert.ok(text.includes('aliasOf'));
  });
});
