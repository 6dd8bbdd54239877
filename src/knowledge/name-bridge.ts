// Links records of sources that ship no cross-references (DrugCentral) to the concept of another source
// by an exact normalised preferred-name match, when exactly one target carries that name.
import type { SourceRecord } from './builders/source-record.js';
import type { Normalizer } from './normalize.js';

export interface BridgeOptions {
  /** Sources whose records get an extra id when they match. */
  readonly from: ReadonlySet<string>;
  /** Sources whose record ids (first id) are the targets, in priority order. */
  readonly to: readonly string[];
  readonly normalizer: Normalizer;
}

export function bridgeByName(records: readonly SourceRecord[], options: BridgeOptions): { records: SourceRecord[]; bridged: number } {
  const targets = new Map<string, Set<string>>();
  for (const source of options.to) {
    const perSource = new Map<string, Set<string>>();
    for (const r of records) {
      if (r.source !== source || r.preferredName === undefined || r.ids.length === 0) continue;
      const key = options.normalizer.termKey(r.preferredName);
      if (key === '') continue;
      const set = perSource.get(key) ?? new Set<string>();
      set.add(r.ids[0]!);
      perSource.set(key, set);
    }
    for (const [key, ids] of perSource) if (!targets.has(key)) targets.set(key, ids);
  }
  let bridged = 0;
  const out = records.map((r) => {
    if (!options.from.has(r.source) || r.preferredName === undefined) return r;
    const ids = targets.get(options.normalizer.termKey(r.preferredName));
    if (ids === undefined || ids.size !== 1) return r;
    const [target] = ids;
    if (target === undefined || r.ids.includes(target)) return r;
    bridged++;
    return { ...r, ids: [...r.ids, target] };
  });
  return { records: out, bridged };
}
