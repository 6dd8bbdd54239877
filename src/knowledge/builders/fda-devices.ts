// FDA CDRH device product classification (foiclass.txt, public domain, 2019): medical devices (`medd`) named by
// their classification name, which FDA writes inverted ("Pump, Infusion, Insulin"); the natural order ("Insulin
// Infusion Pump") is what notes write, so it is the preferred name and both are indexed. Product codes sharing one
// name are one concept (`FDAPC:<code>` ids).
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { SourceName, SourceRecord } from './source-record.js';

export const FDA_DEVICES_FILE = 'fda-devices/foiclass.txt.gz';

/**
 * Review panels of in-vitro diagnostic test systems (clinical chemistry, microbiology, toxicology, haematology,
 * immunology, pathology): FDA names them by the analyte ("Alkaline Phosphatase", "Mercury"), which in a note
 * names the substance or the lab test, not a device.
 */
const IVD_PANELS: ReadonlySet<string> = new Set(['CH', 'MI', 'TX', 'HE', 'IM', 'PA']);

/** "Pump, Infusion, Insulin" → "Insulin Infusion Pump"; a trailing "(W/Wo Connector)" qualifier is dropped. */
export function naturalDeviceName(name: string): string {
  const bare = name.replace(/\s*\([^()]*\)\s*$/, '').trim();
  const parts = bare.split(',').map((p) => p.trim()).filter((p) => p !== '');
  return parts.reverse().join(' ');
}

export interface DeviceRow {
  readonly code: string;
  readonly name: string;
  readonly panel: string;
}

/** Rows of the pipe-delimited file (decoded text); a DEFINITION with an embedded line break continues the row. */
export function parseFoiclass(text: string): DeviceRow[] {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split('|');
  const codeAt = header.indexOf('PRODUCTCODE');
  const nameAt = header.indexOf('DEVICENAME');
  const panelAt = header.indexOf('REVIEW_PANEL');
  if (codeAt < 0 || nameAt < 0) throw new Error(`${FDA_DEVICES_FILE}: missing PRODUCTCODE or DEVICENAME column`);
  const rows: DeviceRow[] = [];
  for (const line of lines.slice(1)) {
    const cols = line.split('|');
    // Continuation lines of an embedded line break have too few columns and no product code of their own.
    if (cols.length < header.length - 6) continue;
    const code = cols[codeAt]?.trim() ?? '';
    const name = cols[nameAt]?.trim() ?? '';
    if (/^[A-Z0-9]{3}$/.test(code) && name !== '') rows.push({ code, name, panel: cols[panelAt]?.trim() ?? '' });
  }
  return rows;
}

export function deviceRecords(rows: readonly DeviceRow[]): SourceRecord[] {
  const byName = new Map<string, { preferred: string; names: string[]; codes: string[] }>();
  for (const r of rows) {
    if (IVD_PANELS.has(r.panel)) continue;
    const natural = naturalDeviceName(r.name);
    // One-word names are generic ("Catheter": MeSH names it) or odd ("Ranging"); the multi-word ones name a device.
    if (!/\s/.test(natural)) continue;
    const key = natural.toLowerCase();
    const entry = byName.get(key) ?? { preferred: natural, names: [], codes: [] };
    if (!entry.names.includes(r.name) && r.name !== natural) entry.names.push(r.name);
    if (!entry.codes.includes(r.code)) entry.codes.push(r.code);
    byName.set(key, entry);
  }
  return [...byName.values()].map((e): SourceRecord => ({
    source: 'FDA',
    ids: e.codes.map((c) => `FDAPC:${c}`),
    preferredName: e.preferred,
    names: e.names.map((text): SourceName => ({ text, kind: 'exact' })),
    semanticTypes: ['medd'],
  }));
}

export function readFdaDevices(mirror: string): SourceRecord[] {
  // The file is Latin-1.
  return deviceRecords(parseFoiclass(gunzipSync(readFileSync(join(mirror, FDA_DEVICES_FILE))).toString('latin1')));
}
