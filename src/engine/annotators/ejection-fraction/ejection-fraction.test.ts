import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runClinicalFlow } from '../symptom-disease/clinical-test-kb.js';
import { ejectionFractionAnnotator } from './index.js';

function efs(text: string) {
  return runClinicalFlow(text, [ejectionFractionAnnotator]).get('EjectionFractionInd') ?? [];
}

describe('ejection_fraction', () => {
  test('"EF 55%": exact offsets and fields', () => {
    assert.deepEqual(efs('EF 55%.'), [{
      type: 'aci.EjectionFractionInd',
      begin: 0,
      end: 6,
      coveredText: 'EF 55%',
      firstValue: '55',
      isRange: 'false',
      efTermSurfaceForm: 'EF',
      efTermNormalizedName: 'ejection fraction',
    }]);
  });

  test('"ejection fraction of approx 60%" on echo', () => {
    const text = 'Echo today showed an ejection fraction of approx 60%.';
    const [e] = efs(text);
    assert.equal(e?.coveredText, 'ejection fraction of approx 60%');
    assert.equal(e?.begin, text.indexOf('ejection'));
    assert.equal(e?.firstValue, '60');
    assert.equal(e?.measurementMethod, 'echo');
    assert.equal(e?.echocardiogramSurfaceForm, 'Echo');
  });

  test('ranges: "LVEF 35-40%", "EF 35 to 40 %", "EF 35%-40%"', () => {
    for (const [text, covered] of [['LVEF 35-40%.', 'LVEF 35-40%'], ['EF 35 to 40 % by TTE.', 'EF 35 to 40 %'], ['EF 35%-40%', 'EF 35%-40%']] as const) {
      const [e] = efs(text);
      assert.equal(e?.coveredText, covered, text);
      assert.equal(e?.firstValue, '35');
      assert.equal(e?.secondValue, '40');
      assert.equal(e?.isRange, 'true');
    }
    assert.equal(efs('LVEF 35-40%.')[0]?.efTermNormalizedName, 'left ventricular ejection fraction');
  });

  test('qualitative values and non-values', () => {
    const [e] = efs('LV ejection fraction is severely reduced.');
    assert.equal(e?.efAlphabeticValueNormalizedName, 'severely reduced');
    assert.equal(e?.coveredText, 'LV ejection fraction is severely reduced');
    assert.deepEqual(efs('EF was not measured. ef 120%. The EF 3 mg.'), []);
    assert.deepEqual(efs('Ef 55%').length, 0, 'acronym forms match in capitals only');
  });
});
