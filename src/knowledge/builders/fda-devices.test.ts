import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deviceRecords, naturalDeviceName, parseFoiclass } from './fda-devices.js';

const HEADER = 'REVIEW_PANEL|MEDICALSPECIALTY|PRODUCTCODE|DEVICENAME|DEVICECLASS|UNCLASSIFIED_REASON|GMPEXEMPTFLAG|THIRDPARTYFLAG|REVIEWCODE|REGULATIONNUMBER|SUBMISSION_TYPE_ID|DEFINITION|PHYSICALSTATE|TECHNICALMETHOD|TARGETAREA|Implant_Flag|Life_Sustain_support_flag|SummaryMalfunctionReporting';
const row = (panel: string, code: string, name: string, definition = ''): string => `${panel}|${panel}|${code}|${name}|2||N|N||880.5725|1|${definition}|||||N|N|Eligible`;
const FILE = [
  HEADER,
  row('GU', 'LZG', 'Pump, Infusion, Insulin'),
  row('GU', 'MRZ', 'Pump, Infusion, Insulin', 'An implanted pump'),
  row('AN', 'BTO', 'Tube, Tracheostomy (W/Wo Connector)', 'first line of a definition'),
  'that continues here|',
  row('CH', 'CJE', 'Alkaline Phosphatase Or Isoenzymes'),
  row('SU', 'GEX', 'Ranging'),
].join('\r\n');

describe('FDA device builder', () => {
  test('inverted classification names read in natural order', () => {
    assert.equal(naturalDeviceName('Pump, Infusion, Insulin'), 'Insulin Infusion Pump');
    assert.equal(naturalDeviceName('Tube, Tracheostomy (W/Wo Connector)'), 'Tracheostomy Tube');
    assert.equal(naturalDeviceName('Gas-Machine, Anesthesia'), 'Anesthesia Gas-Machine');
  });

  test('one device per natural name; in-vitro diagnostic test systems and one-word names left out', () => {
    const rows = parseFoiclass(FILE);
    assert.deepEqual(rows.map((r) => r.code), ['LZG', 'MRZ', 'BTO', 'CJE', 'GEX']);
    assert.deepEqual(deviceRecords(rows), [
      { source: 'FDA', ids: ['FDAPC:LZG', 'FDAPC:MRZ'], preferredName: 'Insulin Infusion Pump', names: [{ text: 'Pump, Infusion, Insulin', kind: 'exact' }], semanticTypes: ['medd'] },
      { source: 'FDA', ids: ['FDAPC:BTO'], preferredName: 'Tracheostomy Tube', names: [{ text: 'Tube, Tracheostomy (W/Wo Connector)', kind: 'exact' }], semanticTypes: ['medd'] },
    ]);
  });
});
