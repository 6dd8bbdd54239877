// Replays the request shapes the official ACD SDKs send in their integration tests (reference §9):
// NODE (version 2021-08-27), GO (ids testProfile/testFlow, PUT bodies without name, publishedDate/
// publish/cartridgeId in bodies) and PY (version 2023-02-22, reruns may meet 409), and checks what
// those tests assert. The wh_acd.* defaults are seeded into the system tenant as a deployment would.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SYSTEM_TENANT } from '../../src/artifacts/reserved.js';
import { BACKENDS, startServer, v, type TestServer } from './harness.js';

const SDK_HEADERS = { accept: 'application/json', 'user-agent': 'ibm-whcs-sdk/1.0 test' };
const json = { ...SDK_HEADERS, 'content-type': 'application/json' };

const STD_PROFILE = 'wh_acd.ibm_clinical_insights_v1.0_profile';
const STD_FLOW = 'wh_acd.ibm_clinical_insights_v1.0_standard_flow';

async function seedDefaults(server: TestServer): Promise<void> {
  await server.store.createArtifact({
    tenant: SYSTEM_TENANT, kind: 'profile', id: STD_PROFILE, cartridgeId: 'wh_acd.ibm_clinical_insights_v1.0',
    body: { id: STD_PROFILE, name: 'IBM Clinical Insights (v1.0)', description: 'Profile of the clinical insights cartridge', annotators: [{ name: 'concept_detection', parameters: { libraries: ['umls.2020AA'] } }] },
  });
  await server.store.createArtifact({
    tenant: SYSTEM_TENANT, kind: 'flow', id: STD_FLOW, cartridgeId: 'wh_acd.ibm_clinical_insights_v1.0',
    body: {
      id: STD_FLOW, name: 'Standard (v1.0)', description: 'Default annotator flow for the insight cartridge',
      annotatorFlows: [{ profile: STD_PROFILE, flow: { elements: [{ annotator: { name: 'concept_detection', parameters: { expanded: ['true'] } } }, { annotator: { name: 'negation' } }], async: false } }],
    },
  });
}

for (const backend of BACKENDS) {
  describe(`official SDK request shapes (${backend.name})`, { skip: backend.skip ?? false }, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer({ backend });
      await seedDefaults(server);
    });
    after(async () => {
      await server?.close();
    });

    test('NODE SDK integration sequence (version 2021-08-27)', async () => {
      const ver = (p: string) => v(p, '2021-08-27');
      const profiles = await server.call('GET', ver('/v1/profiles'), { headers: SDK_HEADERS });
      assert.equal(profiles.status, 200);
      assert.ok(STD_PROFILE in profiles.body);
      const std = await server.call('GET', ver(`/v1/profiles/${STD_PROFILE}`), { headers: SDK_HEADERS });
      assert.equal(std.status, 200);
      for (const f of ['id', 'name', 'description', 'publishedDate', 'annotators']) assert.ok(std.body[f] != null, f);

      assert.equal((await server.call('POST', ver('/v1/profiles'), { headers: json, json: { id: 'my-profile', name: 'My Profile', description: 'Test create profile', version: '1.0', annotators: [{ name: 'concept_detection' }] } })).status, 201);
      assert.equal((await server.call('PUT', ver('/v1/profiles/my-profile'), { headers: json, json: { id: 'my-profile', name: 'My Profile', description: 'Test update profile', version: '1.0', annotators: [{ name: 'concept_detection' }] } })).status, 200);
      assert.equal((await server.call('DELETE', ver('/v1/profiles/my-profile'), { headers: SDK_HEADERS })).status, 200);

      assert.equal((await server.call('GET', ver('/v1/flows'), { headers: SDK_HEADERS })).status, 200);
      const flow = await server.call('GET', ver(`/v1/flows/${STD_FLOW}`), { headers: SDK_HEADERS });
      assert.equal(flow.status, 200);
      for (const f of ['id', 'name', 'description', 'publishedDate', 'annotatorFlows']) assert.ok(flow.body[f] != null, f);
      for (const af of flow.body.annotatorFlows) {
        assert.ok(af.profile != null);
        assert.ok(af.flow != null);
      }
      const newFlow = { id: 'my_flow', name: 'My Flow', description: 'Test create flow', annotatorFlows: [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }] };
      assert.equal((await server.call('POST', ver('/v1/flows'), { headers: json, json: newFlow })).status, 201);
      assert.equal((await server.call('PUT', ver('/v1/flows/my_flow'), { headers: json, json: { ...newFlow, description: 'Test update flow' } })).status, 200);
      assert.equal((await server.call('DELETE', ver('/v1/flows/my_flow'), { headers: SDK_HEADERS })).status, 200);

      assert.equal((await server.call('GET', ver('/v1/annotators'), { headers: SDK_HEADERS })).status, 200);
      const del = await server.call('DELETE', ver('/v1/user_data'), { headers: { ...SDK_HEADERS, 'X-IBM-Client-ID': 'sdk-test' } });
      assert.equal(del.status, 204);
      const health = await server.call('GET', '/v1/status/health_check', { headers: SDK_HEADERS });
      assert.equal(health.status, 200);
      assert.equal(health.body.serviceState, 'OK');
      // The defaults live in the system tenant: deleting user data never removes them.
      assert.equal((await server.call('GET', ver(`/v1/flows/${STD_FLOW}`), { headers: { ...SDK_HEADERS, 'X-IBM-Client-ID': 'sdk-test' } })).status, 200);
    });

    test('GO SDK integration sequence (testProfile/testFlow, PUT without name)', async () => {
      const h = { ...json, 'X-IBM-Client-ID': 'go-sdk' };
      const std = await server.call('GET', v(`/v1/profiles/${STD_PROFILE}`), { headers: h });
      for (const f of ['id', 'name', 'annotators']) assert.ok(std.body[f] != null, f);

      const create = { id: 'testProfile', name: 'testProfile', description: 'testProfile', publishedDate: '2020-01-01', publish: false, version: '1.0', cartridgeId: 'testCartridge', annotators: [{ name: 'concept_detection' }] };
      const created = await server.call('POST', v('/v1/profiles'), { headers: h, json: create });
      assert.equal(created.status, 201);
      assert.notEqual(created.body.publishedDate, '2020-01-01');
      const update = { id: 'testProfile', description: 'testProfile updated', publishedDate: '2020-01-01', publish: false, version: '1.1', annotators: [{ name: 'concept_value' }] };
      const updated = await server.call('PUT', v('/v1/profiles/testProfile'), { headers: h, json: update });
      assert.equal(updated.status, 200);
      assert.deepEqual(updated.body.annotators, [{ name: 'concept_value' }]);
      assert.equal(updated.body.version, '1.1');
      assert.equal((await server.call('DELETE', v('/v1/profiles/testProfile'), { headers: h })).status, 200);

      const stdFlow = await server.call('GET', v(`/v1/flows/${STD_FLOW}`), { headers: h });
      for (const f of ['id', 'name', 'annotatorFlows']) assert.ok(stdFlow.body[f] != null, f);
      const annotatorFlows = [{ flow: { elements: [{ annotator: { name: 'concept_detection' } }], async: false } }];
      assert.equal((await server.call('POST', v('/v1/flows'), { headers: h, json: { id: 'testFlow', name: 'testFlow', description: 'testFlow', publishedDate: '2020-01-01', publish: false, version: '1.0', cartridgeId: 'testCartridge', annotatorFlows } })).status, 201);
      assert.equal((await server.call('PUT', v('/v1/flows/testFlow'), { headers: h, json: { id: 'testFlow', description: 'testFlow updated', publishedDate: '2020-01-01', publish: false, version: '1.0', annotatorFlows } })).status, 200);
      assert.equal((await server.call('DELETE', v('/v1/flows/testFlow'), { headers: h })).status, 200);

      const health = await server.call('GET', '/v1/status/health_check', { headers: SDK_HEADERS });
      assert.equal(health.status, 200);
      assert.ok(health.body.serviceState != null);
    });

    test('PY SDK checks (version 2023-02-22): ids round-trip, reruns answer 409, unknown annotator 404', async () => {
      const h = { ...json, 'X-IBM-Client-ID': 'py-sdk' };
      const ver = (p: string) => v(p, '2023-02-22');
      const profile = await server.call('GET', ver(`/v1/profiles/${STD_PROFILE}`), { headers: h });
      assert.equal(profile.body.id, STD_PROFILE);
      assert.ok(profile.body.name != null && profile.body.description != null);
      const flow = await server.call('GET', ver(`/v1/flows/${STD_FLOW}`), { headers: h });
      assert.equal(flow.body.id, STD_FLOW);
      for (const af of flow.body.annotatorFlows) assert.ok(af.profile != null && af.flow != null);
      const body = { id: 'py_profile', name: 'py profile', description: 'x', annotators: [{ name: 'concept_detection', parameters: { include_optional_fields: ['medical_codes', 'source_vocabularies'] } }] };
      assert.equal((await server.call('POST', ver('/v1/profiles'), { headers: h, json: body })).status, 201);
      const rerun = await server.call('POST', ver('/v1/profiles'), { headers: h, json: body });
      assert.equal(rerun.status, 409);
      assert.equal(rerun.headers.get('x-correlation-id'), rerun.body.correlationId);
      assert.ok(typeof rerun.body.description === 'string' && rerun.body.description !== '');
      assert.equal((await server.call('GET', ver('/v1/annotators/concept_discovery'), { headers: h })).status, 404);
      assert.equal((await server.call('DELETE', ver('/v1/user_data'), { headers: h })).status, 204);
    });
  });
}
