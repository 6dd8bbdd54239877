// Constructs ACD deploys that this service reads leniently (lenient-bodies.ts): variants of the real ACD
// cartridge with an older attribute-set field, a concept inference rule whose match has no values and a
// flow without elements deploy, with the issue and artifact response that say what was read or left out;
// errors that would make analysis wrong still fail.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { compileAttributeSet } from '../engine/annotators/attribute-detection/attribute-set.js';
import { readArchive } from './archive-reader.js';
import { makeZip } from './testing/zip-fixtures.js';
import { validateCartridge } from './validate-cartridge.js';

const REAL_PATH = '/work/shared/cartridges/acd.acd_clinical_insights_v1.0.zip';
const CID = 'acd.acd_clinical_insights_v1.0';
const ATTRIBUTES = `${CID}_substance_use_insight_attributes_attribute_set`;
const RULES = `${CID}_substance_use_insight_derived_concepts_concept_inference_rules`;
const FLOW = `${CID}_standard_flow`;
const payloadOf = (id: string): string => `artifacts/${id}/attachments/content/${id}_content`;

type Json = Record<string, any>;

describe('lenient cartridge bodies (variants of the real ACD cartridge)', () => {
  let files: Map<string, Buffer>;
  before(async () => {
    const read = await readArchive(readFileSync(REAL_PATH));
    assert.ok(read.ok);
    files = new Map(read.files.map((f) => [f.name, f.data]));
  });
  const json = (id: string): Json => JSON.parse(files.get(payloadOf(id))?.toString() ?? '{}') as Json;
  const zipWith = async (id: string, body: Json): Promise<Buffer> => {
    const copy = new Map(files);
    copy.set(payloadOf(id), Buffer.from(JSON.stringify(body)));
    return makeZip([...copy.entries()].map(([name, data]) => ({ name, data, compress: false })));
  };

  test('an older attribute-set field with its match inline is read as a field match and applied', async () => {
    const body = json(ATTRIBUTES);
    body.attributes[0].possibleValues[0].fields = [{ name: 'type', values: ['umls.Animal'], operator: 'equals', caseInsensitive: true, target: 'unstructured.data.concepts' }];
    const v = await validateCartridge(await zipWith(ATTRIBUTES, body));
    assert.equal(v.ok, true, JSON.stringify(v.issues.filter((i) => i.level === 'ERROR')));
    const info = v.issues.filter((i) => i.code === 'LEGACY_FIELD_MATCH');
    assert.equal(info.length, 1);
    assert.equal(info[0]?.level, 'INFO');
    assert.equal(info[0]?.artifact, ATTRIBUTES);
    const stored = v.artifacts.find((a) => a.id === ATTRIBUTES)?.body as Json;
    assert.deepEqual(stored.attributes[0].possibleValues[0].fields, [
      { target: 'unstructured.data.concepts', condition: { type: 'match', field: 'type', values: ['umls.Animal'], operator: 'equals', caseInsensitive: true } },
    ]);
    // The engine compiles the stored body, and the field matches what the inline form meant.
    const compiled = compileAttributeSet(ATTRIBUTES, stored);
    const field = compiled.attributes[0]?.possibleValues[0]?.fields[0];
    assert.equal(field?.key, 'concepts');
    assert.equal(field?.predicate({ type: 'UMLS.animal', begin: 0, end: 1 } as never), true);
    assert.equal(field?.predicate({ type: 'umls.Disease', begin: 0, end: 1 } as never), false);
    assert.equal(v.responses.find((r) => r.artifact === ATTRIBUTES)?.level, 'INFO');
  });

  test('a concept inference rule with an empty equals list is left out with a WARNING; the other rules deploy', async () => {
    const body = json(RULES);
    const count = (body.rules as unknown[]).length;
    body.rules[1].selections[0].condition = { type: 'all', conditions: [{ type: 'match', field: 'cui', operator: 'equals', values: [] }] };
    const v = await validateCartridge(await zipWith(RULES, body));
    assert.equal(v.ok, true, JSON.stringify(v.issues.filter((i) => i.level === 'ERROR')));
    const warning = v.issues.find((i) => i.code === 'RULE_NOT_APPLIED');
    assert.equal(warning?.level, 'WARNING');
    assert.equal(warning?.path, 'rules[1]');
    assert.match(warning?.message ?? '', /rules\[1\]\.selections\[0\]\.condition\.conditions\[0\].*empty values list/);
    const stored = v.artifacts.find((a) => a.id === RULES)?.body as Json;
    assert.equal(stored.rules.length, count - 1);
    assert.ok(!(stored.rules as Json[]).some((r) => r.id === body.rules[1].id));
    assert.ok(!(stored.ruleIds as string[] | undefined ?? []).includes(body.rules[1].id));
    const response = v.responses.find((r) => r.artifact === RULES);
    assert.equal(response?.code, 201);
    assert.equal(response?.level, 'WARNING');
    assert.match(response?.description ?? '', /created; not applied: rules\[1\]: rule 2 .*not applied/);
    assert.equal(v.artifacts.length, 30, 'every other artifact still deploys');
  });

  test('a flow without elements deploys with an EMPTY_FLOW warning, as POST /v1/flows accepts it', async () => {
    const body = json(FLOW);
    body.annotatorFlows[0].flow.elements = [];
    const v = await validateCartridge(await zipWith(FLOW, body));
    assert.equal(v.ok, true);
    assert.deepEqual(v.issues.filter((i) => i.code === 'EMPTY_FLOW').map((i) => [i.level, i.path]), [['WARNING', 'annotatorFlows[0].flow.elements']]);
    assert.equal(v.responses.find((r) => r.artifact === FLOW)?.level, 'WARNING');
  });

  test('errors that would make analysis wrong still fail: an unknown operator in a rule, a field with neither condition nor match', async () => {
    const rules = json(RULES);
    rules.rules[0].selections[0].condition.operator = 'near';
    const badRule = await validateCartridge(await zipWith(RULES, rules));
    assert.equal(badRule.ok, false);
    assert.deepEqual(badRule.issues.filter((i) => i.level === 'ERROR').map((i) => [i.code, i.artifact]), [['INVALID_CONDITION', RULES]]);
    const attributes = json(ATTRIBUTES);
    attributes.attributes[0].possibleValues[0].fields = [{ target: 'unstructured.data.concepts' }];
    const badField = await validateCartridge(await zipWith(ATTRIBUTES, attributes));
    assert.equal(badField.ok, false);
    assert.match(badField.issues.find((i) => i.level === 'ERROR')?.message ?? '', /a field needs a condition object/);
  });
});
