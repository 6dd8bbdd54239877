// RxNorm ingredients and brand names from the rxnorm-ingredients extract (RxNorm Current Prescribable Content):
// `<letter>.json.gz` files, each a JSON array of ingredient records
// `{Name, RXCUI, TTY: IN|PIN|MIN, UNII?, SCDCs: [{SCDs: [{SBDs: [{BNs: [{Name, RXCUI, TTY: BN}]}]}]}]}`.
//
// Each ingredient becomes a record `RXNORM:<rxcui>` (+ `UNII:<unii>`). Each brand name (BN) becomes its own record
// `RXNORM:<bn rxcui>` with a `brand` name, as ACD reports brand concepts with their own rxNormId; `ingredientIds` links
// it to the ingredients whose products carry the brand (never as an id, so brands and ingredients do not merge).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from './read-lines.js';
import type { SourceRecord } from './source-record.js';

export type RxNormTty = 'IN' | 'PIN' | 'MIN' | 'BN';

export interface RxNormRecord extends SourceRecord {
  readonly rxnormTty: RxNormTty;
  /** For brand names: `RXNORM:<ingredient rxcui>` of every ingredient whose products carry the brand. */
  readonly ingredientIds?: readonly string[];
}

interface RxName {
  readonly Name?: unknown;
  readonly RXCUI?: unknown;
  readonly TTY?: unknown;
}
interface RxIngredient extends RxName {
  readonly UNII?: unknown;
  readonly SCDCs?: readonly { readonly SCDs?: readonly { readonly SBDs?: readonly { readonly BNs?: readonly RxName[] }[] }[] }[];
}

const INGREDIENT_TTYS = new Set(['IN', 'PIN', 'MIN']);

/** The per-letter data files of the extract (`*.json.gz` or `*.json`, not `manifest.json`), in name order. */
export function listRxNormFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => (f.endsWith('.json.gz') || f.endsWith('.json')) && !f.startsWith('manifest'))
    .sort()
    .map((f) => join(dir, f));
}

/** Yields ingredient records file by file, then one record per distinct brand name. */
export function* readRxNorm(dir: string): Generator<RxNormRecord> {
  const brands = new Map<string, { name: string; ingredients: Set<string> }>();
  const seen = new Set<string>();
  for (const file of listRxNormFiles(dir)) {
    const data: unknown = JSON.parse(readText(file));
    if (!Array.isArray(data)) throw new Error(`${file}: expected a JSON array of ingredient records`);
    for (const item of data as RxIngredient[]) {
      const rxcui = str(item.RXCUI);
      const name = str(item.Name);
      const tty = str(item.TTY);
      if (!rxcui || !name || !INGREDIENT_TTYS.has(tty)) continue;
      const ingredientId = `RXNORM:${rxcui}`;
      for (const scdc of item.SCDCs ?? []) {
        for (const scd of scdc.SCDs ?? []) {
          for (const sbd of scd.SBDs ?? []) {
            for (const bn of sbd.BNs ?? []) {
              const bnCui = str(bn.RXCUI);
              const bnName = str(bn.Name);
              if (!bnCui || !bnName || str(bn.TTY) !== 'BN') continue;
              const entry = brands.get(bnCui) ?? { name: bnName, ingredients: new Set<string>() };
              entry.ingredients.add(ingredientId);
              brands.set(bnCui, entry);
            }
          }
        }
      }
      if (seen.has(rxcui)) continue;
      seen.add(rxcui);
      const unii = str(item.UNII);
      yield {
        source: 'RXNORM',
        ids: unii ? [ingredientId, `UNII:${unii}`] : [ingredientId],
        preferredName: name,
        names: [{ text: name, kind: 'preferred' }],
        semanticTypes: ['phsu'],
        rxnormTty: tty as RxNormTty,
      };
    }
  }
  for (const [rxcui, { name, ingredients }] of brands) {
    yield {
      source: 'RXNORM',
      ids: [`RXNORM:${rxcui}`],
      preferredName: name,
      names: [{ text: name, kind: 'brand' }],
      semanticTypes: ['phsu'],
      rxnormTty: 'BN',
      ingredientIds: [...ingredients].sort(),
    };
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
