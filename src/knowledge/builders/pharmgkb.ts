// PharmGKB drugs and chemicals (obo-db-ingest export): `pharmgkb.drug.tsv.gz` (identifier, name, ..., parents) and
// `pharmgkb.drug.sssom.tsv.gz` (subject_id, object_id, predicate_id, mapping_justification). Each PharmGKB entry
// becomes `PHARMGKB:<PA id>` plus the cross-references that let the merger join it to other drug sources:
// rxnorm → RXNORM, umls → UMLS, mesh → MESH, drugbank → DRUGBANK, atc → ATC, snomedct → SNOMEDCT, unii → UNII.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTsv } from './read-lines.js';
import type { SourceRecord } from './source-record.js';

/** SSSOM object prefix → our CURIE prefix. Other prefixes (pubchem, cas, ndc, ...) are not kept. */
export const PHARMGKB_XREF_PREFIX: Readonly<Record<string, string>> = {
  rxnorm: 'RXNORM',
  umls: 'UMLS',
  mesh: 'MESH',
  drugbank: 'DRUGBANK',
  atc: 'ATC',
  snomedct: 'SNOMEDCT',
  unii: 'UNII',
};

export interface PharmGkbRecord extends SourceRecord {
  /** PharmGKB's own class: `drug`, `drug-class`, `metabolite`, `prodrug`, ... */
  readonly pharmgkbType?: string;
  /** RXNORM xrefs left out of `ids` (see pickRxNorm). */
  readonly otherRxNormIds?: readonly string[];
}

/**
 * About 30 PharmGKB drugs map to two RxNorm concepts, nearly always the ingredient and one of its brands
 * (golimumab → 819300 golimumab IN and 848161 Simponi BN). RxNorm brands are separate concepts, so only the oldest
 * (lowest) RXCUI, the ingredient, goes into `ids`; the others are kept aside.
 */
export function pickRxNorm(ids: readonly string[]): { ids: string[]; other: string[] } {
  const rx = ids.filter((id) => id.startsWith('RXNORM:'));
  if (rx.length < 2) return { ids: [...ids], other: [] };
  const keep = rx.reduce((a, b) => (Number(b.slice(7)) < Number(a.slice(7)) ? b : a));
  return { ids: ids.filter((id) => !id.startsWith('RXNORM:') || id === keep), other: rx.filter((id) => id !== keep) };
}

function find(dir: string, base: string): string | undefined {
  return [join(dir, `${base}.gz`), join(dir, base)].find((p) => existsSync(p));
}

/** Semantic type from PharmGKB's class: drugs and classes `phsu`, ions `elii`, biological intermediates `bacs`, other chemicals `orch`. */
function semanticType(type: string): string {
  if (type.includes('drug')) return 'phsu';
  if (type === 'ion' || type.startsWith('ion-') || type.endsWith('-ion')) return 'elii';
  if (type === 'biological-intermediate') return 'bacs';
  return type === '' ? 'phsu' : 'orch';
}

export function* readPharmGkb(dir: string): Generator<PharmGkbRecord> {
  const labelsPath = find(dir, 'pharmgkb.drug.tsv');
  if (labelsPath === undefined) throw new Error(`${dir}: no pharmgkb.drug.tsv(.gz)`);
  const xrefs = new Map<string, string[]>();
  const sssomPath = find(dir, 'pharmgkb.drug.sssom.tsv');
  if (sssomPath !== undefined) {
    for (const r of readTsv(sssomPath)) {
      const subject = r['subject_id'] ?? '';
      const object = r['object_id'] ?? '';
      if (!subject.startsWith('pharmgkb.drug:') || (r['predicate_id'] ?? '') !== 'skos:exactMatch') continue;
      const colon = object.indexOf(':');
      const prefix = PHARMGKB_XREF_PREFIX[object.slice(0, colon)];
      const local = object.slice(colon + 1).trim();
      if (colon < 1 || prefix === undefined || local === '') continue;
      const id = subject.slice('pharmgkb.drug:'.length);
      const list = xrefs.get(id) ?? [];
      const curie = `${prefix}:${local}`;
      if (!list.includes(curie)) list.push(curie);
      xrefs.set(id, list);
    }
  }
  for (const r of readTsv(labelsPath)) {
    const id = (r['identifier'] ?? '').trim();
    const name = (r['name'] ?? '').trim();
    if (id === '' || name === '') continue;
    const type = (r['parents'] ?? '').replace(/^obo:pharmgkb\.drug#/, '').trim();
    const synonyms = (r['synonyms'] ?? '').split('|').map((s) => s.trim()).filter((s) => s !== '' && s.toLowerCase() !== name.toLowerCase());
    const picked = pickRxNorm([`PHARMGKB:${id}`, ...(xrefs.get(id) ?? [])]);
    yield {
      source: 'PHARMGKB',
      ids: picked.ids,
      preferredName: name,
      names: [{ text: name, kind: 'preferred' }, ...[...new Set(synonyms)].map((text) => ({ text, kind: 'exact' as const }))],
      semanticTypes: [semanticType(type)],
      ...(type !== '' ? { pharmgkbType: type } : {}),
      ...(picked.other.length > 0 ? { otherRxNormIds: picked.other } : {}),
    };
  }
}
