import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readArchive } from './archive-reader.js';
import type { CartridgeIssue } from './cartridge-issue.js';
import type { DictionaryBody, FilterBody } from './cartridge-model.js';
import { cartridgeIssue } from './cartridge-issue.js';
import { planDeployment, toNewArtifacts, validateCartridge, type CartridgeValidation } from './validate-cartridge.js';
import { makeZip } from './testing/zip-fixtures.js';

const REAL_PATH = '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';
const CID = 'acd.acd_clinical_insights_v1.0';
const PROFILE = `${CID}_profile`;
const FLOW = `${CID}_standard_flow`;
const LAB_FILTER = `${CID}_clinical_insights_-_lab_value_filter_filter`;

/** The real archive's files as a mutable map, to derive broken variants from. */
async function realFiles(): Promise<Map<string, Buffer>> {
  const r = await readArchive(readFileSync(REAL_PATH));
  assert.ok(r.ok);
  return new Map(r.files.map((f) => [f.name, f.data]));
}

async function zipOf(files: Map<string, Buffer>): Promise<Buffer> {
  return makeZip([...files.entries()].map(([name, data]) => ({ name, data, compress: false })));
}

function errorsOf(v: CartridgeValidation): CartridgeIssue[] {
  return v.issues.filter((i) => i.level === 'ERROR');
}

function countBy<T>(items: readonly T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[key(i)] = (out[key(i)] ?? 0) + 1;
  return out;
}

describe('the real ACD clinical insights cartridge', () => {
  let v: CartridgeValidation;
  before(async () => {
    v = await validateCartridge(readFileSync(REAL_PATH));
  });

  test('validates with zero errors', () => {
    assert.deepEqual(errorsOf(v), []);
    assert.equal(v.ok, true);
  });

  test('manifest: id, namespace, profile, preferred flow resolved from its originalId', () => {
    assert.equal(v.manifest?.id, CID);
    assert.equal(v.manifest?.namespace, 'acd');
    assert.equal(v.manifest?.version, 'v1.0');
    assert.equal(v.manifest?.profile, PROFILE);
    assert.equal(v.manifest?.rawPreferredFlowId, 'clinical_insights_standard_flow');
    assert.equal(v.manifest?.preferredFlowId, FLOW);
    assert.equal(v.manifest?.artifacts.length, 38);
  });

  test('yields the expected store writes, counted by kind, preferred flow last', () => {
    assert.deepEqual(countBy(v.artifacts, (a) => a.kind), {
      dictionary: 12, library: 3, filter: 6, concept_filter: 3, concept_inference_rules: 2, attribute_set: 2, profile: 1, flow: 1,
    });
    assert.equal(v.artifacts.at(-1)?.id, FLOW);
    assert.ok(v.artifacts.some((a) => a.kind === 'profile' && a.id === PROFILE));
    assert.ok(v.artifacts.every((a) => a.cartridgeId === CID));
    const news = toNewArtifacts(v.artifacts, 'tenant-a');
    assert.ok(news.every((n) => n.tenant === 'tenant-a'));
  });

  test('predefined models and the predefined UMLS library are skipped with WARNING; the document too', () => {
    const skipped = v.responses.filter((r) => r.message === 'Skipped');
    assert.deepEqual(skipped.map((r) => r.artifact).sort(), [
      `${CID}_visit_note_sample_1_document`,
      'acd_diagnosis_model', 'acd_medication_model', 'acd_normality_model', 'acd_procedure_model', 'acd_substance_model', 'acd_temporal_model',
      'umls_2022aa_library',
    ]);
    assert.ok(skipped.every((r) => r.level === 'WARNING' && r.code === 200));
    const predefined = v.issues.filter((i) => i.code === 'PREDEFINED_SKIPPED');
    assert.equal(predefined.length, 7);
    assert.ok(predefined.every((i) => i.level === 'WARNING'));
  });

  test('binary .dic/.pdic dictionaries are reported as WARNING against their dictionary artifact', () => {
    const binary = v.issues.filter((i) => i.code === 'BINARY_DICTIONARY');
    assert.equal(binary.length, 14); // 12 .dic + 2 .pdic
    assert.ok(binary.every((i) => i.level === 'WARNING' && i.message.startsWith('binary dictionary not readable; using JSON source')));
    assert.ok(binary.every((i) => i.artifact !== undefined && i.artifact.endsWith('dictionary')));
  });

  test('one planned artifactResponse per artifact: 201 Created INFO for the 30 deployed', () => {
    assert.equal(v.responses.length, 38);
    const created = v.responses.filter((r) => r.code === 201);
    assert.equal(created.length, 30);
    assert.ok(created.every((r) => r.message === 'Created' && r.level === 'INFO'));
    assert.deepEqual(v.responses.find((r) => r.artifact === PROFILE), {
      code: 201, message: 'Created', level: 'INFO', description: `Profile ${PROFILE} created.`, artifact: PROFILE,
    });
  });

  test('dictionaries are stored as their parsed JSON concept lists', () => {
    const umlsExt = v.artifacts.find((a) => a.id === `${CID}_umls_extension_dictionary_dictionary`)?.body as unknown as DictionaryBody;
    assert.equal(umlsExt.layout, 'umls');
    assert.ok(umlsExt.concepts.length > 100);
    const rom = umlsExt.concepts.find((c) => c.cui === 'C0204061');
    assert.deepEqual(rom?.surfaceForms, ['range of motion', 'ranges of motion']);
    assert.equal(rom?.attributes[0]?.semanticType, 'diap');
    const temporal = v.artifacts.find((a) => a.id === `${CID}_temporal_triggers_dictionary`)?.body as unknown as DictionaryBody;
    assert.ok(temporal.concepts.some((c) => c.regexes.length > 0), 'regex concepts kept');
  });

  test('references by attachment id are rewritten to artifact ids (profile filters, whitelists, library dictionaries)', () => {
    const profile = v.artifacts.find((a) => a.id === PROFILE)?.body as { annotators: { name: string; parameters?: Record<string, string[]>; configurations?: { whitelist?: { dictionaryFileName: string } }[] }[] };
    const lab = profile.annotators.find((a) => a.name === 'lab_value');
    assert.deepEqual(lab?.parameters?.filters, [LAB_FILTER]);
    assert.equal(lab?.configurations?.[0]?.whitelist?.dictionaryFileName, `${CID}_clinical_insights_-_lab_value_extension_dictionary`);
    assert.deepEqual(profile.annotators.find((a) => a.name === 'lab_value')?.parameters?.library, ['umls.2022AA'], 'built-ins untouched');
    const umlsLib = v.artifacts.find((a) => a.id === `${CID}_acd_clinical_insights_umls_2022aa_library`)?.body as { dictionaries: string[] };
    assert.deepEqual(umlsLib.dictionaries, [
      `${CID}_clinical_insights_-_expanded_concepts_dictionary`,
      `${CID}_clinical_abbreviations_-_umls_extension_dictionary_dictionary`,
      `${CID}_umls_extension_dictionary_dictionary`,
      'umls.2022AA.dic',
      `${CID}_substance_use_extension_dictionary_dictionary`,
    ]);
    const filter = v.artifacts.find((a) => a.id === LAB_FILTER)?.body as unknown as FilterBody;
    assert.equal(filter.filterType, 'lab_value_filter');
    assert.equal(filter.filters[0]?.target, 'unstructured.data.LabValueInd');
  });

  test('profile and flow bodies keep their wire fields (publishedDate dropped)', () => {
    const flow = v.artifacts.find((a) => a.id === FLOW)?.body as Record<string, unknown>;
    assert.equal(flow.name, 'Standard (v1.0)');
    assert.equal(flow.description, 'Default annotator flow for the insight cartridge');
    assert.equal(flow.publishedDate, undefined);
    const af = (flow.annotatorFlows as { profile: string; flow: { elements: unknown[] } }[])[0];
    assert.equal(af?.profile, PROFILE);
    assert.equal(af?.flow.elements.length, 12);
  });
});

describe('broken archives', () => {
  let files: Map<string, Buffer>;
  before(async () => {
    files = await realFiles();
  });
  const variant = (edit: (m: Map<string, Buffer>) => void): Map<string, Buffer> => {
    const copy = new Map(files);
    edit(copy);
    return copy;
  };

  test('malformed JSON in one artifact is reported with that artifact id; the rest still plans', async () => {
    const payload = `artifacts/${LAB_FILTER}/attachments/content/${LAB_FILTER}_content`;
    const v = await validateCartridge(await zipOf(variant((m) => m.set(payload, Buffer.from('{"filters": [ oops')))));
    assert.equal(v.ok, false);
    const errors = errorsOf(v);
    assert.equal(errors.length, 1);
    assert.equal(errors[0]?.code, 'MALFORMED_JSON');
    assert.equal(errors[0]?.artifact, LAB_FILTER);
    assert.equal(errors[0]?.path, payload);
    const response = v.responses.find((r) => r.artifact === LAB_FILTER);
    assert.equal(response?.level, 'ERROR');
    assert.equal(response?.code, 400);
    assert.ok(!v.artifacts.some((a) => a.id === LAB_FILTER));
    assert.equal(v.artifacts.length, 29);
  });

  test('missing top-level metadata is MISSING_MANIFEST', async () => {
    const v = await validateCartridge(await zipOf(variant((m) => m.delete('metadata'))));
    assert.equal(v.ok, false);
    assert.deepEqual(v.issues.map((i) => i.code), ['MISSING_MANIFEST']);
    assert.equal(v.manifest, undefined);
    assert.deepEqual(v.artifacts, []);
  });

  test('malformed manifest JSON is MALFORMED_JSON on "metadata"', async () => {
    const v = await validateCartridge(await zipOf(variant((m) => m.set('metadata', Buffer.from('not json')))));
    assert.equal(v.ok, false);
    assert.deepEqual(errorsOf(v).map((i) => [i.code, i.path]), [['MALFORMED_JSON', 'metadata']]);
  });

  test('an artifact listed in the manifest without a folder is MISSING_ARTIFACT_FOLDER', async () => {
    const v = await validateCartridge(await zipOf(variant((m) => {
      for (const k of [...m.keys()]) if (k.startsWith(`artifacts/${LAB_FILTER}/`)) m.delete(k);
    })));
    assert.equal(v.ok, false);
    assert.deepEqual(errorsOf(v).map((i) => [i.code, i.artifact]), [['MISSING_ARTIFACT_FOLDER', LAB_FILTER]]);
    assert.equal(v.responses.find((r) => r.artifact === LAB_FILTER)?.code, 404);
    assert.ok(v.issues.some((i) => i.code === 'UNRESOLVED_REFERENCE' && i.artifact === PROFILE), 'profile now points at nothing');
  });

  test('two folders declaring the same artifact id are DUPLICATE_ID', async () => {
    const v = await validateCartridge(await zipOf(variant((m) => {
      for (const [k, data] of [...m.entries()]) {
        if (k.startsWith(`artifacts/${LAB_FILTER}/`)) m.set(k.replace(`artifacts/${LAB_FILTER}/`, 'artifacts/copy_of_lab_filter/'), data);
      }
    })));
    assert.equal(v.ok, false);
    const dup = errorsOf(v).filter((i) => i.code === 'DUPLICATE_ID');
    assert.equal(dup.length, 1);
    assert.equal(dup[0]?.artifact, LAB_FILTER);
  });

  test('an unknown artifact type is a WARNING and is skipped; a missing payload is an ERROR', async () => {
    const metaPath = `artifacts/${LAB_FILTER}/metadata`;
    const meta = JSON.parse(files.get(metaPath)?.toString() ?? '{}') as Record<string, unknown>;
    const unknown = await validateCartridge(await zipOf(variant((m) => m.set(metaPath, Buffer.from(JSON.stringify({ ...meta, type: 'umls_view' }))))));
    assert.ok(unknown.issues.some((i) => i.code === 'UNKNOWN_TYPE' && i.level === 'WARNING' && i.artifact === LAB_FILTER));
    assert.equal(unknown.responses.find((r) => r.artifact === LAB_FILTER)?.message, 'Skipped');
    const noPayload = await validateCartridge(await zipOf(variant((m) => m.delete(`artifacts/${LAB_FILTER}/attachments/content/${LAB_FILTER}_content`))));
    assert.deepEqual(errorsOf(noPayload).map((i) => [i.code, i.artifact]), [['MISSING_PAYLOAD', LAB_FILTER]]);
  });

  test('a flow naming an annotator outside the ACD catalogue is UNKNOWN_ANNOTATOR', async () => {
    const path = `artifacts/${FLOW}/attachments/content/${FLOW}_content`;
    const text = files.get(path)?.toString() ?? '';
    const v = await validateCartridge(await zipOf(variant((m) => m.set(path, Buffer.from(text.replace('"name":"negation"', '"name":"telepathy"'))))));
    assert.equal(v.ok, false);
    const e = errorsOf(v);
    assert.deepEqual(e.map((i) => [i.code, i.artifact]), [['UNKNOWN_ANNOTATOR', FLOW]]);
    assert.match(e[0]?.path ?? '', /annotatorFlows\[0\]\.flow\.elements\[9\]\.annotator\.name/);
  });

  test('a malformed filter condition is INVALID_FILTER; parameters must be string arrays', async () => {
    const fpath = `artifacts/${LAB_FILTER}/attachments/content/${LAB_FILTER}_content`;
    const bad = JSON.stringify({ filters: [{ name: 'x', target: 'unstructured.data.LabValueInd', condition: { type: 'match', field: 'a', operator: 'near', values: ['x'] } }] });
    const ppath = `artifacts/${PROFILE}/attachments/acd_clinical_insights__v1_0_/${PROFILE}_acd_clinical_insights__v1.0_`;
    const profile = JSON.parse(files.get(ppath)?.toString() ?? '{}') as { annotators: { parameters?: unknown }[] };
    const first = profile.annotators[0];
    if (first !== undefined) first.parameters = { attribute_set: 'not-an-array' };
    const v = await validateCartridge(await zipOf(variant((m) => {
      m.set(fpath, Buffer.from(bad));
      m.set(ppath, Buffer.from(JSON.stringify(profile)));
    })));
    assert.deepEqual(errorsOf(v).map((i) => [i.code, i.artifact]).sort(), [['INVALID_FILTER', LAB_FILTER], ['INVALID_PROFILE', PROFILE]]);
  });

  test('a cartridge id that is not <namespace>.<name> is INVALID_ID', async () => {
    const manifest = JSON.parse(files.get('metadata')?.toString() ?? '{}') as Record<string, unknown>;
    const v = await validateCartridge(await zipOf(variant((m) => m.set('metadata', Buffer.from(JSON.stringify({ ...manifest, id: 'no namespace!' }))))));
    assert.ok(errorsOf(v).some((i) => i.code === 'INVALID_ID' && i.path === 'metadata'));
    const v2 = await validateCartridge(await zipOf(variant((m) => m.set('metadata', Buffer.from(JSON.stringify({ ...manifest, namespace: 'wh_acd' }))))));
    assert.ok(errorsOf(v2).some((i) => i.code === 'INVALID_ID'));
  });

  test('archive-level problems come back as issues with no plan', async () => {
    const v = await validateCartridge(Buffer.from('PK but not really a zip'));
    assert.equal(v.ok, false);
    assert.deepEqual(v.issues.map((i) => i.code), ['NOT_A_ZIP']);
    assert.deepEqual(v.responses, []);
    const small = await validateCartridge(readFileSync(REAL_PATH), { maxEntries: 10 });
    assert.deepEqual(small.issues.map((i) => i.code), ['TOO_MANY_ENTRIES']);
  });
});

describe('hostile nesting', () => {
  test('a flow nested 5,000 levels deep and a 5,000-level condition are reported, not a stack overflow', async () => {
    // JSON text built by hand: JSON.stringify itself overflows on such depths.
    const flow = `${'{"elements":[{"flow":'.repeat(5000)}{"elements":[{"annotator":{"name":"negation"}}]}${'}]}'.repeat(5000)}`;
    const condition = `${'{"type":"all","conditions":['.repeat(5000)}{"type":"match","field":"a","values":["b"]}${']}'.repeat(5000)}`;
    const zip = await makeZip([
      { name: 'metadata', data: JSON.stringify({ id: 'x.deep', name: 'Deep', namespace: 'x', artifacts: ['x.deep_flow', 'x.deep_filter'] }) },
      { name: 'artifacts/x.deep_flow/metadata', data: JSON.stringify({ id: 'x.deep_flow', name: 'F', type: 'flow', attachments: [{ id: 'x.deep_flow_content', name: 'content' }] }) },
      { name: 'artifacts/x.deep_flow/attachments/content/metadata', data: JSON.stringify({ id: 'x.deep_flow_content', name: 'content' }) },
      { name: 'artifacts/x.deep_flow/attachments/content/x.deep_flow_content', data: `{"name":"F","annotatorFlows":[{"flow":${flow}}]}` },
      { name: 'artifacts/x.deep_filter/metadata', data: JSON.stringify({ id: 'x.deep_filter', name: 'C', type: 'concept_filter', attachments: [{ id: 'x.deep_filter_content', name: 'content' }] }) },
      { name: 'artifacts/x.deep_filter/attachments/content/metadata', data: JSON.stringify({ id: 'x.deep_filter_content', name: 'content' }) },
      { name: 'artifacts/x.deep_filter/attachments/content/x.deep_filter_content', data: `{"target":"unstructured.data.concepts","condition":${condition}}` },
    ]);
    const v = await validateCartridge(zip);
    assert.equal(v.ok, false);
    assert.deepEqual(errorsOf(v).map((i) => [i.code, i.artifact]).sort(), [['INVALID_ARTIFACT_BODY', 'x.deep_filter'], ['INVALID_ARTIFACT_BODY', 'x.deep_flow']]);
  });

  test('any deployable body nesting deeper than 64 levels is refused (it could not be stored as JSON)', async () => {
    const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    const zip = await makeZip([
      { name: 'metadata', data: JSON.stringify({ id: 'x.deep', name: 'Deep', namespace: 'x', artifacts: ['x.deep_rules'] }) },
      { name: 'artifacts/x.deep_rules/metadata', data: JSON.stringify({ id: 'x.deep_rules', name: 'R', type: 'inference_rules', attachments: [{ id: 'x.deep_rules_content', name: 'content' }] }) },
      { name: 'artifacts/x.deep_rules/attachments/content/metadata', data: JSON.stringify({ id: 'x.deep_rules_content', name: 'content' }) },
      { name: 'artifacts/x.deep_rules/attachments/content/x.deep_rules_content', data: `{"rules":${deep}}` },
    ]);
    const v = await validateCartridge(zip);
    assert.deepEqual(errorsOf(v).map((i) => [i.code, i.artifact]), [['INVALID_ARTIFACT_BODY', 'x.deep_rules']]);
    assert.deepEqual(v.artifacts, []);
  });
});

describe('hostile manifests', () => {
  // 30,000 failed ids took over a minute (blocking the event loop of the job runner) when each response
  // searched the whole issue list for its artifact's first error. Planning is synchronous, so the test
  // timeout cannot interrupt it: the guard compares the elapsed time with a bound ~100x the linear cost.
  test('planDeployment: 30,000 failed artifacts get a response each, in linear time', () => {
    const ids = Array.from({ length: 30_000 }, (_, i) => `x.missing_${i}`);
    const issues = ids.map((id) => cartridgeIssue('ERROR', 'MISSING_ARTIFACT_FOLDER', `no folder for ${id}`, { artifact: id, path: 'metadata' }));
    const startedMs = Date.now();
    const planned = planDeployment({ artifacts: [], artifactIndex: new Map(), attachmentIndex: new Map(), issues }, issues);
    assert.ok(Date.now() - startedMs < 10_000, `planning took ${Date.now() - startedMs} ms`);
    assert.equal(planned.responses.length, ids.length);
    assert.ok(planned.responses.every((r, i) => r.code === 404 && r.description === `Artifact ${ids[i]} not deployed: no folder for ${ids[i]}`));
  });

  test('dictionary regexes the linear-time engine cannot run are reported (WARNING); catastrophic-backtracking shapes run on it and are not', async () => {
    const concepts = [
      { id: 'C1', cui: 'C1', preferredName: 'Evil', surfaceForms: [{ text: 'evil' }], regexes: [{ pattern: '(a+)+$' }, { pattern: '\\b(x\\s?)+y' }, { pattern: '(?:a|a)*b' }, { pattern: '(a)\\1' }, { pattern: 'x(?=y)z' }] },
      { id: 'C2', cui: 'C2', preferredName: 'Fine', surfaceForms: [], regexes: [{ pattern: '\\bfine(\\s|-)*\\b' }] },
    ];
    const zip = await makeZip([
      { name: 'metadata', data: JSON.stringify({ id: 'x.rx', name: 'Rx', namespace: 'x', artifacts: ['x.rx_dict'] }) },
      { name: 'artifacts/x.rx_dict/metadata', data: JSON.stringify({ id: 'x.rx_dict', name: 'D', type: 'dictionary', attachments: [{ id: 'x.rx_dict_json', name: 'json' }] }) },
      { name: 'artifacts/x.rx_dict/attachments/json/metadata', data: JSON.stringify({ id: 'x.rx_dict_json', name: 'json' }) },
      { name: 'artifacts/x.rx_dict/attachments/json/x.rx_dict_json.json', data: JSON.stringify({ id: 'x.rx_dict', name: 'D', concepts }) },
    ]);
    const v = await validateCartridge(zip);
    assert.equal(v.ok, true);
    const warnings = v.issues.filter((i) => i.level === 'WARNING' && i.code === 'INVALID_DICTIONARY');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]?.message ?? '', /^2 regex pattern\(s\) cannot run on the linear-time regex engine and are not matched \(\(a\)\\1: .*escape/);
  });

  test('a manifest listing more than 5,000 artifacts is an archive-level INVALID_MANIFEST (no response per id)', async () => {
    const ids = Array.from({ length: 5_001 }, (_, i) => `x.missing_${i}`);
    const v = await validateCartridge(await makeZip([{ name: 'metadata', data: JSON.stringify({ id: 'x.many', name: 'Many', namespace: 'x', artifacts: ids }) }]));
    assert.equal(v.ok, false);
    assert.deepEqual(errorsOf(v).map((i) => [i.code, i.artifact, i.path]), [['INVALID_MANIFEST', undefined, 'metadata']]);
    assert.match(errorsOf(v)[0]?.message ?? '', /5,001.*at most 5,000/);
    assert.deepEqual(v.responses, []);
  });
});

describe('issue catalogue', () => {
  test('every issue code is documented in docs/cartridges.md', async () => {
    const { CARTRIDGE_ISSUE_CODES } = await import('./cartridge-issue.js');
    const doc = readFileSync(new URL('../../docs/cartridges.md', import.meta.url), 'utf8');
    const missing = Object.keys(CARTRIDGE_ISSUE_CODES).filter((code) => !doc.includes(`\`${code}\``));
    assert.deepEqual(missing, []);
  });
});
