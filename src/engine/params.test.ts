import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { isDomainError } from '../errors.js';
import { parseAnnotatorParams } from './params.js';

const schema = Type.Object({
  remove_negated: Type.Boolean({ default: false }),
  profile: Type.String({ default: 'default', minLength: 1 }),
  libraries: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
  window: Type.Integer({ default: 5, minimum: 1, maximum: 50 }),
  threshold: Type.Number({ default: 0.5 }),
  mode: Type.Union([Type.Literal('default'), Type.Literal('ocr')], { default: 'default' }),
  fields: Type.Array(Type.Union([Type.Literal('medical_codes'), Type.Literal('source_vocabularies')]), { default: [] }),
  optional: Type.Optional(Type.String()),
});

function rejects(raw: Record<string, unknown>, parameter: string): void {
  assert.throws(() => parseAnnotatorParams('test_annotator', schema, raw as never), (e: unknown) => {
    assert.ok(isDomainError(e));
    assert.equal(e.kind, 'INVALID_ANNOTATOR_PARAMETER');
    assert.equal(e.status, 400);
    assert.ok(e.description.includes('test_annotator'), e.description);
    assert.ok(e.description.includes(parameter), e.description);
    return true;
  });
}

describe('parseAnnotatorParams', () => {
  test('absent parameters take the defaults; optional ones stay absent', () => {
    const { params, unknown } = parseAnnotatorParams('test_annotator', schema, undefined);
    assert.deepEqual(params, { remove_negated: false, profile: 'default', libraries: [], window: 5, threshold: 0.5, mode: 'default', fields: [] });
    assert.deepEqual(unknown, []);
  });

  test('default arrays are copies, not the schema object', () => {
    const a = parseAnnotatorParams('t', schema, undefined).params.libraries;
    a.push('x');
    assert.deepEqual(parseAnnotatorParams('t', schema, undefined).params.libraries, []);
  });

  test('ACD string arrays convert to the declared types', () => {
    const { params } = parseAnnotatorParams('t', schema, {
      remove_negated: ['true'], profile: ['clinical'], libraries: ['umls.latest', 'mylib'], window: ['12'], threshold: ['0.75'],
      mode: ['ocr'], fields: ['medical_codes', 'source_vocabularies'], optional: ['x'],
    });
    assert.deepEqual(params, {
      remove_negated: true, profile: 'clinical', libraries: ['umls.latest', 'mylib'], window: 12, threshold: 0.75, mode: 'ocr',
      fields: ['medical_codes', 'source_vocabularies'], optional: 'x',
    });
  });

  test('booleans are case-insensitive; scalars and repeated equal values are tolerated', () => {
    assert.equal(parseAnnotatorParams('t', schema, { remove_negated: ['TRUE'] }).params.remove_negated, true);
    assert.equal(parseAnnotatorParams('t', schema, { remove_negated: 'false' }).params.remove_negated, false);
    assert.equal(parseAnnotatorParams('t', schema, { remove_negated: true }).params.remove_negated, true);
    assert.equal(parseAnnotatorParams('t', schema, { remove_negated: ['true', 'true'] }).params.remove_negated, true);
  });

  test('an empty array means the default', () => {
    assert.equal(parseAnnotatorParams('t', schema, { window: [] }).params.window, 5);
  });

  test('unknown parameter names are returned, not rejected', () => {
    const { params, unknown } = parseAnnotatorParams('t', schema, { nope: ['1'], remove_negated: ['true'], other: [] });
    assert.deepEqual(unknown, ['nope', 'other']);
    assert.equal(params.remove_negated, true);
  });

  test('bad values name the annotator and the parameter', () => {
    rejects({ remove_negated: ['yes'] }, 'remove_negated');
    rejects({ remove_negated: ['true', 'false'] }, 'remove_negated');
    rejects({ window: ['abc'] }, 'window');
    rejects({ window: ['2.5'] }, 'window');
    rejects({ window: ['0'] }, 'window');
    rejects({ window: ['51'] }, 'window');
    rejects({ threshold: [''] }, 'threshold');
    rejects({ mode: ['fast'] }, 'mode');
    rejects({ fields: ['medical_codes', 'bogus'] }, 'fields');
    rejects({ profile: ['a', 'b'] }, 'profile');
    rejects({ profile: [''] }, 'profile');
    rejects({ libraries: [''] }, 'libraries');
    rejects({ libraries: [{ id: 1 }] }, 'libraries');
  });

  test('literal values match case-insensitively but keep the declared spelling', () => {
    assert.equal(parseAnnotatorParams('t', schema, { mode: ['OCR'] }).params.mode, 'ocr');
  });

  test('an unsupported schema kind is a programming error', () => {
    const bad = Type.Object({ nested: Type.Object({ a: Type.String() }, { default: { a: 'x' } }) });
    assert.equal(parseAnnotatorParams('t', bad, undefined).params.nested.a, 'x');
    assert.throws(() => parseAnnotatorParams('t', bad, { nested: ['x'] }), /not support/);
  });
});
