// The validation thread gives what the same checks give on the calling thread, moves or copies the
// archive as asked, and turns every way a thread can fail (time budget, heap limit) into a rejection.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { inspectArchive } from './archive-inspection.js';
import { buildCartridgeFromSources } from './build-cartridge.js';
import { planCartridgeDeployment } from './deployment-plan.js';
import { validateCartridge } from './validate-cartridge.js';
import { inspectArchiveOffThread, planDeploymentOffThread, ValidationThreadError } from './validation-thread.js';

const REAL_PATH = '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';

async function dictionaryCartridge(terms: number): Promise<Buffer> {
  const id = 'x.dict_v1.0';
  const rows = ['cui,preferredName,surfaceForms'];
  for (let i = 0; i < terms; i++) rows.push(`C${i},Concept ${i},term ${i}|t${i}`);
  const built = await buildCartridgeFromSources([
    { path: 'cartridge.json', text: JSON.stringify({ id, name: id, namespace: 'x', version: 'v1.0', description: '' }) },
    { path: 'dictionaries/terms.csv', text: rows.join('\n') },
  ]);
  assert.ok(built.archive);
  return built.archive;
}

describe('validation thread', () => {
  test('plans the real ACD cartridge exactly as validateCartridge does, with the bodies as the UTF-8 bytes of their JSON text', async () => {
    const archive = readFileSync(REAL_PATH);
    const [plan, validation] = await Promise.all([planDeploymentOffThread(archive, {}), validateCartridge(archive)]);
    assert.deepEqual(plan, await planCartridgeDeployment(archive, {}));
    assert.equal(plan.ok, true);
    assert.deepEqual([plan.manifest, plan.responses, plan.issues], [validation.manifest, validation.responses, validation.issues]);
    assert.deepEqual(plan.artifacts.map(({ bodyUtf8, ...a }) => ({ ...a, body: JSON.parse(Buffer.from(bodyUtf8).toString('utf8')) as unknown })), validation.artifacts);
    assert.equal(archive.length, readFileSync(REAL_PATH).length, 'without detach, the caller keeps its archive');
  });

  test('inspects an archive as inspectArchive does, limits and problems included', async () => {
    const archive = readFileSync(REAL_PATH);
    assert.deepEqual(await inspectArchiveOffThread(archive, {}), await inspectArchive(archive, {}));
    const limited = await inspectArchiveOffThread(archive, { maxEntries: 10 });
    assert.deepEqual(limited, await inspectArchive(archive, { maxEntries: 10 }));
    assert.equal(limited.problems[0]?.code, 'TOO_MANY_ENTRIES');
    assert.equal((await inspectArchiveOffThread(Buffer.from('not a zip'), {})).problems[0]?.code, 'NOT_A_ZIP');
  });

  test('with detach, an archive that owns its memory moves to the thread; a view into shared memory is copied', async () => {
    const owned = new Uint8Array(readFileSync(REAL_PATH));
    assert.equal((await planDeploymentOffThread(owned, {}, { detach: true })).ok, true);
    assert.equal(owned.byteLength, 0, 'moved, not copied');
    const bytes = readFileSync(REAL_PATH);
    const shared = Buffer.concat([Buffer.from('prefix'), bytes]).subarray(6);
    assert.equal((await planDeploymentOffThread(shared, {}, { detach: true })).ok, true);
    assert.equal(shared.length, bytes.length, 'a view of a larger buffer is left alone');
  });

  test('a thread past its time budget is terminated and the task rejects', async () => {
    const archive = readFileSync(REAL_PATH);
    await assert.rejects(planDeploymentOffThread(archive, {}, { timeoutMs: 1 }), (e) => e instanceof ValidationThreadError && /within 1 ms/.test(e.message));
    await assert.rejects(inspectArchiveOffThread(archive, {}, { timeoutMs: 1 }), ValidationThreadError);
  });

  test('a thread that reaches its heap limit ends and the task rejects (the process lives on)', async () => {
    const archive = await dictionaryCartridge(50_000); // ~10 MB of dictionary JSON: far more than 16 MiB of heap once parsed
    await assert.rejects(planDeploymentOffThread(archive, {}, { maxHeapMb: 16 }), (e) => e instanceof ValidationThreadError && /memory/i.test(e.message));
    assert.equal((await planDeploymentOffThread(archive, {})).ok, true, 'the next thread has the default heap');
  });
});
