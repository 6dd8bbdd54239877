import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DomainError } from '../../../errors.js';
import { runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import { bathingAssistanceAnnotator } from '../bathing-assistance/index.js';
import { dressingAssistanceAnnotator } from '../dressing-assistance/index.js';
import { eatingAssistanceAnnotator } from '../eating-assistance/index.js';
import { seeingAssistanceAnnotator } from '../seeing-assistance/index.js';
import { toiletingAssistanceAnnotator } from '../toileting-assistance/index.js';
import { walkingAssistanceAnnotator } from '../walking-assistance/index.js';
import { compileAssistanceRules } from './assistance-rules.js';

const SIX = [bathingAssistanceAnnotator, dressingAssistanceAnnotator, eatingAssistanceAnnotator, seeingAssistanceAnnotator, toiletingAssistanceAnnotator, walkingAssistanceAnnotator];

function found(text: string): Record<string, Record<string, unknown>[]> {
  return Object.fromEntries([...runClinicalFlow(text, SIX).entries()].filter(([, v]) => v.length > 0));
}

describe('*_assistance', () => {
  test('a walker: semi dependent walking, exact offsets and device fields', () => {
    assert.deepEqual(found('Patient ambulates with a walker.'), {
      WalkingAssistanceInd: [{
        type: 'aci.WalkingAssistanceInd', begin: 8, end: 31, coveredText: 'ambulates with a walker', modality: 'semi dependent',
        primaryActionSurfaceForm: 'ambulates', primaryActionNormalizedName: 'walking',
        assistanceDeviceSurfaceForm: 'walker', assistanceDeviceNormalizedName: 'mobility device',
      }],
    });
  });

  test('modality: total assistance, inability, help without assistance, independence, denied need', () => {
    const m = (text: string, key: string): unknown => found(text)[key]?.[0]?.modality;
    assert.equal(m('Requires total assistance for feeding.', 'EatingAssistanceInd'), 'fully dependent');
    assert.equal(m('He is unable to bathe himself.', 'BathingAssistanceInd'), 'fully dependent');
    assert.equal(m('Unable to walk without assistance.', 'WalkingAssistanceInd'), 'semi dependent');
    assert.equal(m('She needs help getting dressed.', 'DressingAssistanceInd'), 'semi dependent');
    assert.equal(m('She is independent with toileting.', 'ToiletingAssistanceInd'), 'independent');
    assert.equal(m('Does not need help with bathing.', 'BathingAssistanceInd'), 'independent');
    assert.equal(m('Legally blind.', 'SeeingAssistanceInd'), 'fully dependent');
  });

  test('each activity annotator reports only its own activity; a barrier keeps a cue from the other side', () => {
    const r = found('Independent with dressing but needs help with toileting.');
    assert.equal(r.DressingAssistanceInd?.[0]?.modality, 'independent');
    assert.equal(r.ToiletingAssistanceInd?.[0]?.modality, 'semi dependent');
    assert.equal(r.WalkingAssistanceInd, undefined);
  });

  test('an action with no cue or device says nothing', () => {
    assert.deepEqual(found('She walks two miles a day for exercise. Shower daily.'), {});
  });

  test('rule files are validated: unknown role and unknown key name the file', () => {
    const bad = { kind: 'assistance-terms', version: '1', language: 'en', entries: [{ id: 'x', forms: ['x'], role: 'helper', normalized: 'x', extra: 'y' }] };
    assert.throws(() => compileAssistanceRules('WalkingAssistanceInd', bad, 'resources/x.json'), (e: unknown) => e instanceof DomainError && e.kind === 'INVALID_RESOURCE_FILE' && /resources\/x\.json: entry "x"\.role/.test(e.description) && /extra: unknown key/.test(e.description));
  });
});
