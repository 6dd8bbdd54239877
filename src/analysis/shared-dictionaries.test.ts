import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DictionaryBody } from '../cartridge/cartridge-model.js';
import { conceptDetection } from '../engine/annotators/concept-detection/concept-detection.js';
import { compileDictionary, compileDictionaryTables, dictionaryFromTables } from '../engine/annotators/concept-detection/dictionary-matcher.js';
import { createDocument } from '../engine/create-document.js';
import { parseAnnotatorParams } from '../engine/params.js';
import { compileKnowledge } from '../knowledge/compile.js';
import type { CompiledKb } from '../knowledge/compiled-kb.js';
import type { ArtifactKind } from '../store/store.js';
import { dictionaryKey, DictionarySharer, SharedDictionaries, type DictionaryAnswer, type DictionaryRequest } from './shared-dictionaries.js';
import { ArtifactSnapshot } from './tenant-artifacts.js';

const DICTIONARY: DictionaryBody = {
  id: 'acme_terms_dictionary',
  name: 'ACME terms',
  layout: 'umls',
  defaultTransforms: { detectPreferredName: true },
  concepts: [
    { id: 'TEC-1', preferredName: 'Widget syndrome', attributes: [{ semanticType: 'dsyn', type: 'MyCustomType' }], surfaceForms: ['widget disease'], regexes: [] },
    { id: 'C0030193', cui: 'C0030193', preferredName: 'Pain (ACME)', attributes: [{ semanticType: 'sosy' }], surfaceForms: ['aching'], regexes: [] },
    { id: 'TEC-2', preferredName: 'Chemistry panel', attributes: [{ semanticType: 'lbpr' }], surfaceForms: [], regexes: ['(?i)\\bchem\\-\\d{1,2}\\b'] },
    { id: 'TEC-3', preferredName: 'Gadget fever', attributes: [{ semanticType: 'dsyn' }], surfaceForms: ['gadget pyrexia'], regexes: [] },
  ],
};
const LIBRARY = { id: 'acme_library', sourceName: 'ACME', sourceVersion: 'v2', dictionaries: ['acme_terms_dictionary'], enabled: true };

function snapshotOf(dictionary: DictionaryBody): ArtifactSnapshot {
  const byKind = new Map<ArtifactKind, Map<string, unknown>>([
    ['dictionary', new Map([[dictionary.id, dictionary]])],
    ['library', new Map([[LIBRARY.id, LIBRARY]])],
  ]);
  return new ArtifactSnapshot(byKind);
}

/** concept_detection over the snapshot's library: covered text, cui and type of each concept. */
function detect(snapshot: ArtifactSnapshot, text: string): string[] {
  const resources = { kb: compileKnowledge([], { name: 'empty', version: '1', sourceVersion: '' }), artifacts: snapshot };
  const { params } = parseAnnotatorParams(conceptDetection.id, conceptDetection.params, { libraries: [LIBRARY.id] });
  const result = conceptDetection.run(createDocument(text), params, conceptDetection.init(resources), { resources, configurations: [] });
  return (result.add?.concepts ?? []).map((c) => `${c.coveredText}:${String(c.cui)}:${String(c.type)}`);
}

const TEXT = 'Widget syndrome with aching, gadget pyrexia and a chem-7.';

describe('shared dictionaries', () => {
  test('the tables are in shared memory, and a dictionary built over them matches as the body compiled directly', () => {
    const tables = compileDictionaryTables(DICTIONARY);
    for (const a of [tables.kb.edgeStart, tables.kb.edgeToken, tables.kb.conceptIds, tables.kb.conceptOffsets, tables.kb.tokens.chars, tables.infoText, tables.infoOffsets]) {
      assert.ok(a.buffer instanceof SharedArrayBuffer);
    }
    const rebuilt = dictionaryFromTables(structuredClone(tables));
    const direct = compileDictionary(DICTIONARY);
    assert.equal(rebuilt.kb.conceptCount, direct.kb.conceptCount);
    for (let i = 0; i < direct.kb.conceptCount; i++) assert.deepEqual(rebuilt.info.get(i), direct.info.get(i));
    assert.equal(rebuilt.info.get(-1), undefined);
    assert.equal(rebuilt.patterns.length, 1);
    assert.deepEqual(detect(snapshotOf(DICTIONARY), TEXT), [
      'Widget syndrome:TEC-1:MyCustomType', 'aching:C0030193:umls.SignOrSymptom', 'gadget pyrexia:TEC-3:umls.DiseaseOrSyndrome', 'chem-7:TEC-2:umls.LaboratoryProcedure',
    ]);
  });

  test('the first thread to ask compiles; the others wait for its tables; a failure or its exit lets them compile', async () => {
    const registry = new SharedDictionaries();
    assert.deepEqual(registry.answer({ op: 'dictionary', key: 'k' }, 1), { compile: true });
    const waiting = registry.answer({ op: 'dictionary', key: 'k' }, 2) as Promise<DictionaryAnswer>;
    assert.ok(waiting instanceof Promise);
    const tables = compileDictionaryTables(DICTIONARY);
    assert.equal(registry.answer({ op: 'dictionary-compiled', key: 'k', tables }, 1), null);
    assert.equal(((await waiting) as { tables: unknown }).tables, tables);
    assert.equal((registry.answer({ op: 'dictionary', key: 'k' }, 3) as { tables: unknown }).tables, tables, 'kept for later askers');

    assert.deepEqual(registry.answer({ op: 'dictionary', key: 'f' }, 1), { compile: true });
    const afterFailure = registry.answer({ op: 'dictionary', key: 'f' }, 2);
    registry.answer({ op: 'dictionary-failed', key: 'f' }, 1);
    assert.deepEqual(await afterFailure, { compile: true });

    assert.deepEqual(registry.answer({ op: 'dictionary', key: 'e' }, 4), { compile: true });
    const afterExit = registry.answer({ op: 'dictionary', key: 'e' }, 5);
    registry.threadExited(4);
    assert.deepEqual(await afterExit, { compile: true });
  });

  test('past its byte budget the registry drops the least recently asked tables', () => {
    const tables = compileDictionaryTables(DICTIONARY);
    const registry = new SharedDictionaries(1);
    for (const key of ['a', 'b']) {
      registry.answer({ op: 'dictionary', key }, 1);
      registry.answer({ op: 'dictionary-compiled', key, tables }, 1);
    }
    assert.equal(registry.size, 1);
    assert.deepEqual(registry.answer({ op: 'dictionary', key: 'a' }, 1), { compile: true });
    assert.ok('tables' in (registry.answer({ op: 'dictionary', key: 'b' }, 1) as DictionaryAnswer));
  });

  test('snapshots of two threads share one compile; each keeps a light body that analyses find and match as before', async () => {
    const registry = new SharedDictionaries();
    const asked: string[] = [];
    const askAs = (threadId: number) => async (request: DictionaryRequest): Promise<unknown> => {
      asked.push(`${threadId}:${request.op}`);
      return registry.answer(request, threadId);
    };
    // Each thread reads its own copy of the stored body (as each worker's store connection does).
    const [first, second] = [structuredClone(DICTIONARY), structuredClone(DICTIONARY)];
    assert.equal(dictionaryKey(first), dictionaryKey(second));
    assert.notEqual(dictionaryKey(first), dictionaryKey({ ...first, name: 'other' }));
    const a = await new DictionarySharer(askAs(1)).share(snapshotOf(first));
    const b = await new DictionarySharer(askAs(2)).share(snapshotOf(second));
    assert.deepEqual(asked, ['1:dictionary', '1:dictionary-compiled', '2:dictionary']);
    const lightA = a.get('dictionary', DICTIONARY.id) as DictionaryBody;
    const lightB = b.get('dictionary', DICTIONARY.id) as DictionaryBody;
    assert.equal(lightA.name, DICTIONARY.name);
    assert.equal(lightA.concepts.length, 3, 'a few concepts stay (the warm-up text of prepareTenant)');
    assert.equal(a.get('library', LIBRARY.id), LIBRARY);
    const [compiledA, compiledB] = [compileDictionary(lightA), compileDictionary(lightB)];
    assert.notEqual(compiledA, compiledB);
    assert.equal((compiledA.kb as CompiledKb).tables.edgeStart.buffer, (compiledB.kb as CompiledKb).tables.edgeStart.buffer, 'one copy of the tables');
    assert.deepEqual(detect(a, TEXT), detect(snapshotOf(DICTIONARY), TEXT));
    assert.deepEqual(detect(b, TEXT), detect(snapshotOf(DICTIONARY), TEXT));
  });

  test('a body that does not compile stays as it is (its analyses report the problem), and no thread waits for it', async () => {
    const broken = { ...DICTIONARY, defaultTransforms: undefined } as unknown as DictionaryBody;
    assert.throws(() => compileDictionaryTables(broken));
    const registry = new SharedDictionaries();
    const shared = await new DictionarySharer(async (request) => registry.answer(request, 1)).share(snapshotOf(broken));
    assert.equal(shared.get('dictionary', DICTIONARY.id), broken);
    assert.deepEqual(registry.answer({ op: 'dictionary', key: dictionaryKey(broken) }, 2), { compile: true });
  });
});
